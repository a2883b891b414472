// The bytes under a File: a memory map (mmap_linux.go) or reads at offsets
// (fileStore). Either way nothing reads the whole file.

package dat

import (
	"errors"
	"io"
	"os"
)

var errOutOfFile = errors.New("past the end of the file")

type store interface {
	io.ReaderAt
	Size() int64
	Close() error
}

// fileStore reads at offsets through the open file.
type fileStore struct {
	f    *os.File
	size int64
}

func (s *fileStore) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off+int64(len(p)) > s.size {
		return 0, errOutOfFile
	}
	return s.f.ReadAt(p, off)
}

func (s *fileStore) Size() int64 { return s.size }

func (s *fileStore) Close() error { return s.f.Close() }

// bytesStore is an in-memory file, for tests and fuzzing.
type bytesStore []byte

func (b bytesStore) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(b)) {
		return 0, errOutOfFile
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, errOutOfFile
	}
	return n, nil
}

func (b bytesStore) Size() int64 { return int64(len(b)) }

func (b bytesStore) Close() error { return nil }
