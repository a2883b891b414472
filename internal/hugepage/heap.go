package hugepage

import (
	"math"
	"runtime/debug"
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
	return lo, hi, err
}
