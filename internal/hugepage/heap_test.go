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
// huge pages. What the test asks of the runtime holds whatever else runs
// meanwhile: once more is allocated than the heap has free, its free
// runs are used before it grows, the advised one among them (not that
// one array of the range's size fits there: a page taken at the range's
// start by another allocation pushes it past).
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
	// The advice outlives the giving back: the whole range keeps it.
	for _, at := range []uintptr{lo, hi - 1} {
		if flags := mustFlags(t, at); !strings.Contains(" "+flags+" ", " hg ") {
			t.Errorf("after Heap the mapping at %#x of the advised [%#x, %#x) has the flags %q: want hg (MADV_HUGEPAGE) kept after the range was given back", at, lo, hi, flags)
		}
	}
	samples := []metrics.Sample{
		{Name: "/memory/classes/heap/released:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
	}
	metrics.Read(samples)
	released, free := samples[0].Value.Uint64(), samples[1].Value.Uint64()
	if released < uint64(hi-lo) {
		t.Errorf("after Heap the runtime has given back %d bytes: want the advised %d at least (a watchdog counts what is held)", released, hi-lo)
	}
	// The runtime carves a large allocation out of the lowest free run
	// that holds it, and grows the heap only when none does. Arrays of
	// 1 MiB, more of them than all the heap's free pages hold, so fill
	// every free run of 1 MiB or more, the advised range among them.
	// Whatever else allocates meanwhile (the testing package, the
	// runtime's background work, on any core) takes pages here and
	// there — a page at the range's start is enough to push a single
	// array of the range's own size past it — but not half the range.
	const piece = 1 << 20
	var on uintptr
	keep := make([][]byte, 0, (released+free)/piece+2)
	for range cap(keep) {
		b := make([]byte, piece)
		keep = append(keep, b)
		at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if at < lo || at+piece > hi {
			continue
		}
		on += piece
		if flags := mustFlags(t, at); !strings.Contains(" "+flags+" ", " hg ") {
			t.Fatalf("an array at %#x on the advised [%#x, %#x) has the flags %q: want hg (MADV_HUGEPAGE)", at, lo, hi, flags)
		}
	}
	if on < (hi-lo)/2 {
		t.Errorf("of %d arrays of 1 MiB after Heap (%d bytes free or given back), %d MiB lie on the advised [%#x, %#x) of %d MiB: want the range carved out, at least half of it", len(keep), released+free, on>>20, lo, hi, (hi-lo)>>20)
	}
	runtime.KeepAlive(keep)
}

// mustFlags is the VmFlags line of the mapping holding addr.
func mustFlags(t *testing.T, addr uintptr) string {
	t.Helper()
	flags, ok := vmFlags(t, addr)
	if !ok {
		t.Fatalf("no mapping holds %#x in /proc/self/smaps", addr)
	}
	return flags
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
