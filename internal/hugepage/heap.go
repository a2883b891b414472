package hugepage

import (
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Heap lays about n bytes of memory advised for huge pages under the Go
// heap's next allocations. The runtime advises none of its heap, so a
// picture's pre-run, which grows the heap by hundreds of megabytes of
// small arrays (the event log's are advised one by one, but not the
// events, the transition's scratch or the frame's buffers), faults it in
// 4 KiB at a time. Heap allocates one array of n bytes — fresh memory
// from the system, mapped and not touched — advises it, and gives it back
// to the system (debug.FreeOSMemory: untouched pages cost nothing to give
// back, and the mapping keeps its advice). The runtime carves later
// allocations out of its lowest free pages, this range among the first,
// so they fault 2 MiB at a time; pages never used are never touched.
//
// n is capped at a quarter of the runtime's memory limit
// (debug.SetMemoryLimit), so the array never nears a limit the process
// was given. Heap does nothing where advice is not supported or n is
// below MinBytes; it returns the range advised and the system's refusal,
// if any, which callers that only want the speed ignore.
func Heap(n int) (lo, hi uintptr, err error) {
	if lim := debug.SetMemoryLimit(-1); lim != math.MaxInt64 && int64(n) > lim/4 {
		n = int(lim / 4)
	}
	if !supported || n < MinBytes {
		return 0, 0, nil
	}
	a := make([]byte, n)
	lo, hi, err = Advise(a)
	debug.FreeOSMemory()
	if err == nil {
		heapRange.lo.Store(lo)
		heapRange.hi.Store(hi)
	}
	return lo, hi, err
}

// heapRange is the range the last Heap advised (PrefaultHeap's).
var heapRange struct{ lo, hi atomic.Uintptr }

// prefaultStep is how much PrefaultHeap faults in at a time: two huge
// pages, a few milliseconds on a machine whose fresh memory is slow to
// back (docs/benchmarks.md), between which it looks whether to stop.
const prefaultStep = 2 * Size

// PrefaultHeap faults in, on a goroutine of its own and from its low end,
// up to n bytes of the range Heap advised (none: nothing), as writing them
// would but writing nothing (Linux's MADV_POPULATE_WRITE: a page already
// there is left as it is, so the heap's objects allocated there meanwhile
// are untouched; a page not there comes in zeroed, as its first write
// would bring it), until it is done or stop is called; stop returns once
// the goroutine has ended. The runtime carves its next allocations out of
// the range's low end (Heap), so the pages faulted in are those it will
// fill next, and their faults — 2 MiB each, a few milliseconds where the
// machine backs fresh memory slowly — are paid here, on a core the caller
// leaves idle (a window's input read whole, on one core and a bit), rather
// than by the pre-run that fills them on every core. n bounds the memory
// made resident ahead of need. Where the system cannot (another OS, a
// kernel before Linux 5.14) it stops at its first refusal.
func PrefaultHeap(n int) (stop func()) {
	lo, hi := heapRange.lo.Load(), heapRange.hi.Load()
	if !supported || hi <= lo || n < Size {
		return func() {}
	}
	hi = min(hi, lo+uintptr(n)&^(Size-1))
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for at := lo; at < hi; at += prefaultStep {
			select {
			case <-quit:
				return
			default:
			}
			if populate(at, min(prefaultStep, hi-at)) != nil {
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			<-done
		})
	}
}
