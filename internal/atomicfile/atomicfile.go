// Package atomicfile writes an output file so that it appears whole or not at
// all: the bytes go to a temporary file beside the target, which is renamed
// over the target only when everything was written and synced. On failure or
// interruption the temporary file is removed and the target is untouched, so
// a trace cut by SIGINT or a full disk never looks like a shorter complete
// one (DESIGN.md: "Outputs are atomic").
//
// Every file Glidepath writes for the user — traces, recordings, imports,
// tables, PNG and GIF exports — goes through this package, which also
// decides what a path that is not a regular file gets (target.go): a
// symbolic link's destination is written atomically, a character device, a
// FIFO or a socket is written through, a directory is refused.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
)

// File is an output being written. Write to it, then Commit to publish it at
// the target path, or Abort to throw it away. Abort after Commit does
// nothing, so `defer f.Abort()` is the idiom.
type File struct {
	f      *os.File
	target string
	tmp    string // "" when the target is written through
	dest   string // the file the temporary one is renamed to
	// through is the device, FIFO, socket or descriptor written through.
	through io.WriteCloser
	done    bool
	// stream is the Stream writing the file, if any (stream.go).
	stream *Stream
}

// pending holds the temporary files not yet committed or aborted, so that a
// signal handler that must exit at once can still remove them (RemovePending).
// It is the one piece of process-wide state here, and only the exit path reads
// it.
var pending struct {
	sync.Mutex
	paths map[string]string // temporary path -> target
	dirs  map[string]string // temporary directory -> target (dir.go)
}

var seq atomic.Uint64

// Create starts writing the file at target. For a regular file, or a name
// not yet taken, the temporary file is ".NAME.tmp-PID-N" in the
// destination's directory (so the rename stays on one file system), created
// with mode 0666 before the umask like os.Create; a symbolic link's
// destination is the one written. A character device, FIFO or socket is
// opened for writing instead (a FIFO's open waits for a reader, as a
// shell's redirection does). Failing to create or open it is an
// *os.PathError naming target; a directory is one wrapping ErrDirectory.
func Create(target string) (*File, error) {
	t, err := Resolve(target)
	if err != nil {
		return nil, err
	}
	if t.Through {
		w, err := openThrough(&t)
		if err != nil {
			return nil, err
		}
		return &File{target: target, through: w}, nil
	}
	dir, base := filepath.Split(t.Dest)
	for {
		tmp := filepath.Join(dir, "."+base+".tmp-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatUint(seq.Add(1), 10))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				// Name the target, not the temporary name the user never gave.
				pe.Path = target
			}
			return nil, err
		}
		if t.info != nil && t.info.Mode().IsRegular() {
			// The file replaced keeps its permissions.
			f.Chmod(t.info.Mode().Perm())
		}
		pending.Lock()
		if pending.paths == nil {
			pending.paths = make(map[string]string)
		}
		pending.paths[tmp] = target
		pending.Unlock()
		return &File{f: f, target: target, tmp: tmp, dest: t.Dest}, nil
	}
}

// Write writes to the temporary file. An error names the target, not the
// temporary name the user never gave.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, fmt.Errorf("atomicfile: %s: write after commit or abort", f.target)
	}
	var n int
	var err error
	if f.through != nil {
		n, err = f.through.Write(p)
	} else {
		n, err = f.f.Write(p)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = f.target
	} else if err != nil {
		err = &fs.PathError{Op: "write", Path: f.target, Err: err}
	}
	return n, err
}

// Name is the target path.
func (f *File) Name() string { return f.target }

// Through reports whether the target is written through (a character
// device, a FIFO, a socket): what was written is there already, and Abort
// cannot take it back.
func (f *File) Through() bool { return f.through != nil }

// Commit syncs and closes the temporary file and renames it over the target
// (a symbolic link's destination). On any error the temporary file is
// removed and the target is untouched. A target written through is closed.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("atomicfile: %s: already committed or aborted", f.target)
	}
	if f.stream != nil {
		if err := f.stream.Flush(); err != nil {
			f.Abort()
			return err
		}
	}
	if f.through != nil {
		f.done = true
		if err := f.through.Close(); err != nil {
			return fmt.Errorf("writing %s: %w", f.target, err)
		}
		return nil
	}
	err := f.f.Sync()
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.tmp, f.dest)
	}
	f.done = true
	if err != nil {
		os.Remove(f.tmp)
	}
	forget(f.tmp)
	if err != nil {
		return fmt.Errorf("writing %s: %w", f.target, err)
	}
	return nil
}

// Abort closes and removes the temporary file, leaving the target untouched
// (a target written through is closed: what reached it stays). After
// Commit or a previous Abort it does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	if f.stream != nil {
		f.stream.stop()
		f.stream.release()
	}
	f.done = true
	if f.through != nil {
		f.through.Close()
		return
	}
	f.f.Close()
	os.Remove(f.tmp)
	forget(f.tmp)
}

func forget(tmp string) {
	pending.Lock()
	delete(pending.paths, tmp)
	pending.Unlock()
}

// RemovePending removes every temporary file and directory not yet
// committed or aborted and returns the targets they were for (in no
// particular order). It is for a process about to exit on a signal without
// unwinding its writers.
func RemovePending() []string {
	pending.Lock()
	defer pending.Unlock()
	var targets []string
	for tmp, target := range pending.paths {
		os.Remove(tmp)
		delete(pending.paths, tmp)
		targets = append(targets, target)
	}
	for tmp, target := range pending.dirs {
		os.RemoveAll(tmp)
		delete(pending.dirs, tmp)
		targets = append(targets, target)
	}
	return targets
}

// Write writes the file at target with fn: committed when fn returns nil,
// aborted otherwise (fn's error is returned).
func Write(target string, fn func(w io.Writer) error) error {
	f, err := Create(target)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fn(f); err != nil {
		return err
	}
	return f.Commit()
}
