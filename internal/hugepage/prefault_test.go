package hugepage

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// prefaultChild names the test's own process.
const prefaultChild = "GLIDEPATH_HUGEPAGE_PREFAULT_CHILD"

// resident reports, of the pages in [lo, hi), how many are in memory
// (mincore).
func resident(t *testing.T, lo, hi uintptr) int {
	t.Helper()
	page := uintptr(os.Getpagesize())
	vec := make([]byte, (hi-lo+page-1)/page)
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, lo, hi-lo, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Fatalf("mincore: %v", e)
	}
	n := 0
	for _, v := range vec {
		n += int(v & 1)
	}
	return n
}

// PrefaultHeap brings in the advised range's first n bytes, in memory
// where the heap's objects already are left as they were, and nothing past
// n; its stop ends it early and returns once it has ended.
func TestPrefaultHeap_BringsInTheRangesLowEndUnwritten(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("huge pages are asked for on Linux alone")
	}
	if os.Getenv(prefaultChild) == "" {
		// In a process of its own, as TestHeap_LaterAllocationsLandOnTheAdvisedRange.
		cmd := exec.Command(os.Args[0], "-test.run=^TestPrefaultHeap_BringsInTheRangesLowEndUnwritten$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), prefaultChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS") {
			t.Fatalf("in a process of its own: %v\n%s", err, out)
		}
		if strings.Contains(string(out), "--- SKIP") {
			t.Skipf("in a process of its own:\n%s", out)
		}
		return
	}
	if stop := PrefaultHeap(64 << 20); stop == nil {
		t.Fatal("PrefaultHeap before Heap: want a stop that does nothing, got nil")
	} else {
		stop()
	}
	lo, hi, err := Heap(64 << 20)
	if err != nil {
		t.Skipf("the system refuses the advice: %v", err)
	}
	// An array the heap hands out at the range's low end, written: the
	// pages it spans are there already, and must keep its bytes.
	b := make([]byte, 6<<20)
	for i := range b {
		b[i] = byte(i*7 + 1)
	}
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if at+Size <= lo || at >= lo+Size {
		t.Skipf("the array lies at %#x, not at the advised range's low end %#x", at, lo)
	}
	const n = 16 << 20
	page := uintptr(os.Getpagesize())
	want := int(n / page)
	stop := PrefaultHeap(n)
	deadline := time.Now().Add(20 * time.Second)
	for resident(t, lo, lo+n) < want && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	stop()
	if got := resident(t, lo, lo+n); got != want {
		t.Fatalf("%d of the range's first %d pages are in memory: want every one", got, want)
	}
	if got := resident(t, lo+n, hi); got != 0 {
		t.Errorf("%d pages past the first %d bytes are in memory: want none", got, n)
	}
	for i := range b {
		if b[i] != byte(i*7+1) {
			t.Fatalf("byte %d of the array written before is %d after PrefaultHeap: want %d", i, b[i], byte(i*7+1))
		}
	}
	runtime.KeepAlive(b)
	// Stopped at once, it returns once its goroutine has ended, and
	// brings in no more.
	before := runtime.NumGoroutine()
	stop = PrefaultHeap(int(hi - lo))
	stop()
	stop() // a second call does nothing
	if got := runtime.NumGoroutine(); got > before {
		t.Errorf("%d goroutines after stop, %d before PrefaultHeap: want its goroutine gone", got, before)
	}
}
