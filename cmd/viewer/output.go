// Outputs: files a subcommand writes appear whole or not at all — written
// into a temporary file beside the target and renamed over it on success.

package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// writeAtomically writes a file through write into a temporary file beside
// path and renames it to path when everything was written; on any failure
// the temporary file is removed and path is untouched. Failures to create
// or write the file are the environment's (exit 1).
func writeAtomically(path string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	// CreateTemp makes the file private; the output is an ordinary file.
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
