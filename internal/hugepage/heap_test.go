package hugepage

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"unsafe"
)

// heapChild names the test's own process.
const heapChild = "GLIDEPATH_HUGEPAGE_HEAP_CHILD"

// The range Heap advises keeps its advice once given back, and the
// allocations after it are carved out of it, on a mapping marked for
// huge pages.
func TestHeap_LaterAllocationsLandOnTheAdvisedRange(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux alone")
	}
	if os.Getenv(heapChild) == "" {
		// In a process of its own, where the heap holds no other test's
		// free runs, as the viewer's does when it calls Heap.
		cmd := exec.Command(os.Args[0], "-test.run=^TestHeap_LaterAllocationsLandOnTheAdvisedRange$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), heapChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS") {
			t.Fatalf("in a process of its own: %v\n%s", err, out)
		}
		if strings.Contains(string(out), "--- SKIP") {
			t.Skipf("in a process of its own:\n%s", out)
		}
		return
	}
	lo, hi, err := Heap(64 << 20)
	if err != nil {
		t.Skipf("the system refuses the advice: %v", err)
	}
	if hi-lo < 60<<20 {
		t.Fatalf("advised [%#x, %#x): %d bytes, want the whole huge pages of 64 MiB", lo, hi, hi-lo)
	}
	released := []metrics.Sample{{Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(released)
	if got := released[0].Value.Uint64(); got < uint64(hi-lo) {
		t.Errorf("after Heap the runtime has given back %d bytes: want the advised %d at least (a watchdog counts what is held)", got, hi-lo)
	}
	// An array of the size Heap asked for, which no free run below the
	// given-back one holds (else that array would have lain there), lies
	// where it lay, within a huge page of it: the advice covers the whole
	// huge pages inside it, and a small allocation may have taken its
	// first pages meanwhile.
	b := make([]byte, 64<<20)
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if at+Size <= lo || at >= lo+Size {
		t.Errorf("a 64 MiB array after Heap lies at [%#x, %#x), not on the advised [%#x, %#x)", at, at+uintptr(len(b)), lo, hi)
	}
	flags, ok := vmFlags(t, max(at, lo))
	if !ok {
		t.Fatalf("no mapping holds %#x in /proc/self/smaps", max(at, lo))
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the array's mapping has the flags %q: want hg (MADV_HUGEPAGE) kept after the range was given back", flags)
	}
	runtime.KeepAlive(b)
}

// Heap asks for at most a quarter of the memory limit, and nothing below
// two huge pages.
func TestHeap_AQuarterOfTheMemoryLimitAtMost(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux alone")
	}
	old := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(old)
	lo, hi, err := Heap(512 << 20)
	if err != nil {
		t.Skipf("the system refuses the advice: %v", err)
	}
	if hi-lo > 16<<20 || hi-lo < 12<<20 {
		t.Errorf("with a 64 MiB limit Heap(512 MiB) advised %d bytes: want the huge pages of 16 MiB", hi-lo)
	}
	debug.SetMemoryLimit(12 << 20)
	if lo, hi, _ := Heap(512 << 20); hi != lo {
		t.Errorf("with a 12 MiB limit (3 MiB a quarter, under MinBytes) Heap advised [%#x, %#x): want nothing", lo, hi)
	}
}
