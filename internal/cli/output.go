// Outputs: files a subcommand writes appear whole or not at all — written
// into a temporary file beside the target (internal/atomicfile) and renamed
// over it on success, so an interruption or a failure leaves the target as
// it was.

package cli

import (
	"bufio"
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
