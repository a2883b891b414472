// Inputs read twice: viewer diff runs its input a second time when
// something diverged (to name the stages of its pops). A regular file is
// simply opened again; a stream — standard input ("-"), a FIFO, /dev/stdin —
// can be read only once, so the bytes its first reading takes are copied,
// as they are read, into a temporary file the second reading opens. The
// errors of both name the input as given.

package cmdinput

import (
	"io"
	"os"

	"glidepath/engine/loader"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
	"glidepath/internal/inputfile"
)

// Rereadable opens one input as often as asked.
type Rereadable struct {
	path  string
	opts  loader.LoadOptions
	spool *os.File // a stream's bytes as read; nil for a regular file
	n     int
}

// NewRereadable is the input at path, opened under opts by Open.
func NewRereadable(path string, opts loader.LoadOptions) *Rereadable {
	return &Rereadable{path: path, opts: opts}
}

// Open opens the input (OpenInput's errors: exit 2, naming the file).
func (r *Rereadable) Open() (recording.Source, []scenario.Expectation, error) {
	r.n++
	if inputfile.Regular(r.path) {
		return OpenInput(r.path, r.opts)
	}
	var rc io.ReadCloser
	if r.n == 1 {
		f, err := inputfile.Open(r.path)
		if err != nil {
			return nil, nil, cli.UsageError{Err: err}
		}
		if r.spool, err = os.CreateTemp("", "glidepath-input-*"); err != nil {
			f.Close()
			return nil, nil, err
		}
		os.Remove(r.spool.Name()) // kept open; gone from the directory at once
		rc = teeCloser{io.TeeReader(f, r.spool), f}
	} else {
		if r.spool == nil {
			return nil, nil, cli.BadInput("%s: cannot be read again", r.path)
		}
		rc = io.NopCloser(io.NewSectionReader(r.spool, 0, 1<<62))
	}
	src, expect, err := loader.OpenReader(r.path, rc, assets.FS(), r.opts)
	if err != nil {
		return nil, nil, cli.UsageError{Err: err}
	}
	return src, expect, nil
}

// Close removes the copy of a stream.
func (r *Rereadable) Close() {
	if r.spool != nil {
		r.spool.Close()
		r.spool = nil
	}
}

// teeCloser reads through a copy and closes the file read.
type teeCloser struct {
	io.Reader
	io.Closer
}

// IsStream reports whether path is read as a stream that cannot be opened
// again: standard input ("-"), a FIFO, a character device. Following one
// (-follow) is reading it: its end is its writer closing it.
func IsStream(path string) bool {
	if path == inputfile.Stdin {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir()
}
