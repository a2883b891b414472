// Package hugepage asks for large arrays of the heap to be backed by
// transparent huge pages: a run's event log is tens of megabytes of fresh
// memory, and touching it in 4 KiB pages, a fault each, cost more than
// writing it (docs/benchmarks.md, "The screenshot"); a picture's history
// is a thousand smaller arrays, carved out of a few advised blocks (Slab).
// The advice changes no byte of the array; where the system gives no huge
// pages (another OS, huge pages off) the pages stay small.
package hugepage

import "unsafe"

// Size is the size of a transparent huge page (x86-64, arm64 with 4 KiB
// pages).
const Size = 2 << 20

// MinBytes is the smallest array worth the advice: at least two huge
// pages (only the whole huge pages within an array are advised).
const MinBytes = 2 * Size

// Advise asks that the whole huge pages within a's array (up to its
// capacity) be backed by huge pages when first touched: one fault for
// 2 MiB rather than 512. It returns the range advised (empty when the
// array is below MinBytes) and the system's refusal, if any; callers
// that only want the speed ignore both.
func Advise[T any](a []T) (lo, hi uintptr, err error) {
	var zero T
	size := uintptr(cap(a)) * unsafe.Sizeof(zero)
	if size < MinBytes {
		return 0, 0, nil
	}
	start := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
	lo = (start + Size - 1) &^ (Size - 1)
	hi = (start + size) &^ (Size - 1)
	if hi <= lo {
		return 0, 0, nil
	}
	return lo, hi, advise(lo, hi-lo)
}
