// Outputs: files a subcommand writes appear whole or not at all — written
// into a temporary file beside the target (internal/atomicfile) and renamed
// over it on success, so an interruption or a failure leaves the target as
// it was.

package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"glidepath/internal/atomicfile"
)

// WriteAtomically writes the file at path through write, buffered; on any
// failure the temporary file is removed and path is untouched. Failures to
// create or write the file are the environment's (exit 1).
func WriteAtomically(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}

// UnwrapPath keeps an *os.PathError's reason, the caller naming the target.
func UnwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// ErrWriter writes to W and keeps the first write error in Err, writing
// nothing after it: a report is written line by line without a check on
// each, its error read once at the end.
type ErrWriter struct {
	W   io.Writer
	Err error
}

// Write writes b to W unless an earlier write failed; it returns that
// failure then.
func (p *ErrWriter) Write(b []byte) (int, error) {
	if p.Err != nil {
		return 0, p.Err
	}
	n, err := p.W.Write(b)
	p.Err = err
	return n, err
}

// Printf is fmt.Fprintf to p.
func (p *ErrWriter) Printf(format string, args ...any) { fmt.Fprintf(p, format, args...) }
