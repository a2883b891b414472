package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the error of a small file (a sidecar, the viewer's
// settings) that exists but is not a regular file: a FIFO, a device, a
// directory. It is never read — a FIFO would block, a device never end —
// and never saved over.
var ErrNotRegular = errors.New("not a regular file")

// ReadSmall reads the small file at path that Write keeps (a sidecar, the
// viewer's settings), refusing one over max bytes: "larger than max bytes;
// not WHAT". A file that does not exist gives the *os.PathError, so callers
// can treat it as empty; one that is not a regular file (a FIFO, a device,
// a directory) gives an error wrapping ErrNotRegular without being read:
// it is opened without waiting for a FIFO's writer and looked at first.
func ReadSmall(path string, max int, what string) ([]byte, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|oNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// It may have been replaced between the look and the open.
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes; not %s", path, max, what)
	}
	return data, nil
}

func notRegular(path string, m fs.FileMode) error {
	return fmt.Errorf("%s: is %s, %w; skipped", path, kindOf(m), ErrNotRegular)
}
