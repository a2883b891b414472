// Outputs: files a subcommand writes appear whole or not at all — written
// into a temporary file beside the target (internal/atomicfile) and renamed
// over it on success, so an interruption or a failure leaves the target as
// it was.

package main

import (
	"bufio"
	"io"

	"glidepath/internal/atomicfile"
)

// writeAtomically writes the file at path through write, buffered; on any
// failure the temporary file is removed and path is untouched. Failures to
// create or write the file are the environment's (exit 1).
func writeAtomically(path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 64<<10)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}
