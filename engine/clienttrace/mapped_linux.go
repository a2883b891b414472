// Mapping a client trace on Linux (mapped.go): mmap read-only, madvise to
// read ahead and to give back the pages read.

package clienttrace

import (
	"math"
	"os"
	"syscall"
)

// mapsFiles says Open maps a regular file.
const mapsFiles = true

// mapFile maps f read-only when it is a regular file of some bytes; false
// leaves it to be read.
func mapFile(f *os.File) (*mapping, bool) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() <= 0 || fi.Size() > math.MaxInt {
		return nil, false
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	syscall.Madvise(data, syscall.MADV_SEQUENTIAL)
	return &mapping{data: data}, true
}

// Close unmaps the file.
func (m *mapping) Close() error { return syscall.Munmap(m.data) }

// releasePages gives back the pages of b (page-aligned), read already.
func releasePages(b []byte) {
	if len(b) > 0 {
		syscall.Madvise(b, syscall.MADV_DONTNEED)
	}
}
