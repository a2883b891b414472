//go:build !linux

package atomicfile

import (
	"errors"
	"os"
)

// errInvalid is never returned here: no write is direct.
var errInvalid = errors.New("atomicfile: no direct I/O")

// setDirect: direct I/O is Linux's here; the blocks go through the page
// cache.
func setDirect(*os.File, bool) error { return errInvalid }

// newBlock is a block from the heap: huge pages for direct writes are
// Linux's here.
func newBlock() ([]byte, func()) { return alignedBlock(), nil }

// syncData does nothing here: the syncs along the way are Linux's
// (Commit's sync at the end is everywhere).
func syncData(*os.File) error { return nil }
