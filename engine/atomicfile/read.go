package atomicfile

import (
	"fmt"
	"io"
	"os"
)

// ReadSmall reads the small file at path that Write keeps (a sidecar, the
// viewer's settings), refusing one over max bytes: "larger than max bytes;
// not WHAT". A file that does not exist gives the *os.PathError, so callers
// can treat it as empty.
func ReadSmall(path string, max int, what string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes; not %s", path, max, what)
	}
	return data, nil
}
