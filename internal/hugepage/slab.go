// A slab: many arrays, each too small for a huge page of its own (a
// history's thousand tracks of a few hundred kilobytes), carved out of a
// few large blocks that are advised whole, so that filling them faults
// once each 2 MiB rather than each 4 KiB, and the process's end unmaps
// whole huge pages.

package hugepage

import "unsafe"

// SlabBlock is the size of a slab's blocks, bytes: sixteen huge pages.
const SlabBlock = 16 * Size

// Slab carves arrays of T out of blocks of SlabBlock bytes, one after
// another (an array that does not fit the current block's rest starts
// another, and one of more than half a block has a block of its own), each advised for huge pages
// (Advise) and carved from its first whole huge page on, so that no
// array shares a small page with memory outside the slab. An array it
// makes has exactly the capacity asked for: appending past it moves the
// array elsewhere, never over its neighbour. A huge page is resident as
// soon as anything in it is touched, so a slab is for arrays that will
// be filled: room that stays untouched costs memory here that it would
// not cost in small pages. The zero Slab is ready; one goroutine at a
// time may Make.
type Slab[T any] struct {
	// free is what is left of the current block.
	free []T
}

// Make returns an empty array of capacity n carved out of the slab.
func (s *Slab[T]) Make(n int) []T {
	if n <= 0 {
		return nil
	}
	if n > cap(s.free) {
		var zero T
		if uintptr(n)*max(unsafe.Sizeof(zero), 1) > SlabBlock/2 {
			return newBlock[T](n)[:0:n] // a block of its own: the current one goes on
		}
		s.free = newBlock[T](n)
	}
	a := s.free[:0:n]
	s.free = s.free[n:cap(s.free)]
	return a
}

// newBlock is an empty block holding at least n elements from its first
// whole huge page on, advised for huge pages.
func newBlock[T any](n int) []T {
	var zero T
	size := max(unsafe.Sizeof(zero), 1)
	want := max(uintptr(n)*size, SlabBlock)
	want = (want + Size - 1) &^ (Size - 1)
	b := make([]T, 0, (want+Size)/size+1) // a huge page more: room to align its start
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	skip := int((((start + Size - 1) &^ (Size - 1)) - start + size - 1) / size)
	b = b[skip:skip:cap(b)]
	Advise(b)
	return b
}
