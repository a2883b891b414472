//go:build linux

// The file's bytes on Linux: a read-only memory map, so that opening a 2 GB
// cell dat costs no reads and an entry's blocks are paged in on demand.

package dat

import (
	"os"
	"syscall"
)

type mapped struct {
	data []byte
}

// openStore maps f; an empty file or a failed map falls back to ReadAt.
func openStore(f *os.File, size int64) (store, error) {
	if size <= 0 || int64(int(size)) != size {
		return &fileStore{f: f, size: size}, nil
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return &fileStore{f: f, size: size}, nil
	}
	f.Close()
	return &mapped{data: data}, nil
}

func (m *mapped) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(m.data)) {
		return 0, errOutOfFile
	}
	n := copy(p, m.data[off:])
	if n < len(p) {
		return n, errOutOfFile
	}
	return n, nil
}

func (m *mapped) Size() int64 { return int64(len(m.data)) }

func (m *mapped) Close() error {
	if m.data == nil {
		return nil
	}
	err := syscall.Munmap(m.data)
	m.data = nil
	return err
}
