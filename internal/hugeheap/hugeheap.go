// Package hugeheap asks the kernel to back the heap a large run is about to
// fill with huge pages. A screenshot's pre-run of a large input fills most
// of a gigabyte of fresh memory (the history, the event log, the event
// store); Go's heap is mapped without advice, so under the usual
// transparent-huge-page setting ("madvise") every 4 KiB page of it is a
// page fault of its own — a quarter of a million for a 10-minute,
// 1000-object crowd, about a tenth of the shot's CPU (docs/benchmarks.md).
// Prepare maps that much heap at once, advises huge pages over it
// (MADV_HUGEPAGE) and hands it back to the runtime, which hands it out
// again to the allocations that follow: they fault in 2 MiB pages. Nothing
// computed changes; where the advice is refused, or on another system,
// Prepare does nothing.
package hugeheap

// minPrepare is the least worth preparing: below it the page faults cost
// less than the collection Prepare runs.
const minPrepare = 64 << 20

// Prepare advises huge pages for about n bytes of heap that the allocations
// after it reuse, when n is at least minPrepare. It runs a garbage
// collection and returns the memory to the system (unused, it was never
// touched), so the memory held does not grow.
func Prepare(n int64) {
	if n >= minPrepare {
		prepare(n)
	}
}
