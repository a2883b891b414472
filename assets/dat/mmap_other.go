//go:build !linux

// The file's bytes elsewhere: read at offsets on demand (fileStore).

package dat

import "os"

func openStore(f *os.File, size int64) (store, error) {
	return &fileStore{f: f, size: size}, nil
}
