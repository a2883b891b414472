// Directories published whole: an output that is a directory of files (an
// export's numbered PNGs, an evidence pack) is written into a temporary
// directory beside the target and renamed into place only when every file
// is in it, by the same rules as a file — a symbolic link's destination is
// the one written, so the link stays a link; a device, a FIFO, a socket or
// a regular file in the way is never replaced (an error saying what it
// is); an existing directory is replaced only when the caller's check
// accepts what it holds. On failure or interruption the temporary
// directory is removed (Abort, RemovePending) and the target is untouched.

package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// NotDirError is the error of an output directory whose path names
// something else.
type NotDirError struct {
	// Path is the path as given; Kind says what it is: "a file", "a FIFO",
	// "a device", "a socket", "a special file".
	Path, Kind string
}

func (e *NotDirError) Error() string { return e.Path + ": is " + e.Kind + ", not a directory" }

// Replaceable decides whether an existing directory may be replaced, from
// what it holds: nil lets it be, an error (returned by CheckDir and
// CreateDir as it is) refuses it.
type Replaceable func(entries []fs.DirEntry) error

// CheckDir resolves an output directory's path (the destination of a
// symbolic link) and says whether it may be written: a missing path, or a
// directory that ok accepts. Anything else is a *NotDirError; ok's error
// is returned as it is.
func CheckDir(target string, ok Replaceable) (dest string, err error) {
	if target == "" {
		return "", errors.New("atomicfile: empty path")
	}
	if _, isFD := fdPath(target); isFD {
		return "", &NotDirError{Path: target, Kind: "a descriptor"}
	}
	dest, err = followLinks(filepath.Clean(target))
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(dest)
	if errors.Is(err, fs.ErrNotExist) {
		return dest, nil
	}
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", &NotDirError{Path: target, Kind: dirKindOf(fi.Mode())}
	}
	entries, err := os.ReadDir(dest)
	if err != nil {
		return "", err
	}
	if ok != nil {
		if err := ok(entries); err != nil {
			return "", err
		}
	}
	return dest, nil
}

// dirKindOf names what stands where a directory was asked for.
func dirKindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a file"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// Dir is an output directory being written. Write its files into Path,
// then Commit to publish it at the target, or Abort to throw it away;
// Abort after Commit does nothing, so `defer d.Abort()` is the idiom.
type Dir struct {
	target, dest, tmp string
	ok                Replaceable
	done              bool
}

// CreateDir starts writing the directory at target (CheckDir's rules): its
// temporary directory, ".NAME.tmp-…" beside the destination, mode 0755.
func CreateDir(target string, ok Replaceable) (*Dir, error) {
	dest, err := CheckDir(target, ok)
	if err != nil {
		return nil, err
	}
	d, err := tempDirBeside(dest, target)
	if err != nil {
		return nil, err
	}
	d.target, d.dest, d.ok = target, dest, ok
	return d, nil
}

// TempDir is a scratch directory beside path, for files that are only
// ever read from it (a zip's contents): removed by Abort or RemovePending,
// never published.
func TempDir(beside string) (*Dir, error) {
	d, err := tempDirBeside(filepath.Clean(beside), beside)
	if err != nil {
		return nil, err
	}
	d.target = beside
	return d, nil
}

func tempDirBeside(dest, target string) (*Dir, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".tmp-")
	if err != nil {
		return nil, renamed(err, target)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	if abs, err := filepath.Abs(tmp); err == nil {
		tmp = abs
	}
	pending.Lock()
	if pending.dirs == nil {
		pending.dirs = make(map[string]string)
	}
	pending.dirs[tmp] = target
	pending.Unlock()
	return &Dir{tmp: tmp}, nil
}

// Path is the temporary directory to write the files into.
func (d *Dir) Path() string { return d.tmp }

// Name is the target path.
func (d *Dir) Name() string { return d.target }

// Commit publishes the directory at the target: the directory there (which
// the check accepted when the Dir was made, and accepts again now) is
// moved aside, the new one renamed into its place, and the old one
// removed; on any error the target is as it was and the temporary
// directory is removed.
func (d *Dir) Commit() error {
	if d.done {
		return fmt.Errorf("atomicfile: %s: already committed or aborted", d.target)
	}
	if d.dest == "" {
		d.Abort()
		return fmt.Errorf("atomicfile: %s: a scratch directory is not published", d.target)
	}
	err := d.publish()
	d.done = true
	if err != nil {
		os.RemoveAll(d.tmp)
	}
	forgetDir(d.tmp)
	if err != nil {
		return fmt.Errorf("writing %s: %w", d.target, err)
	}
	return nil
}

func (d *Dir) publish() error {
	// The target may have changed since CreateDir: check it again, so a
	// file, FIFO or device put there meanwhile is not replaced.
	if _, err := CheckDir(d.dest, d.ok); err != nil {
		return err
	}
	old := ""
	if _, err := os.Lstat(d.dest); err == nil {
		old = d.tmp + "-old"
		if err := os.Rename(d.dest, old); err != nil {
			return err
		}
	}
	if err := os.Rename(d.tmp, d.dest); err != nil {
		if old != "" {
			os.Rename(old, d.dest)
		}
		return err
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// Abort removes the temporary directory and what was written into it,
// leaving the target untouched. After Commit or a previous Abort it does
// nothing.
func (d *Dir) Abort() {
	if d.done {
		return
	}
	d.done = true
	os.RemoveAll(d.tmp)
	forgetDir(d.tmp)
}

func forgetDir(tmp string) {
	pending.Lock()
	delete(pending.dirs, tmp)
	pending.Unlock()
}

// PublishDir writes the directory at target with fn, which writes its
// files into the directory it is given: committed when fn returns nil,
// aborted otherwise (fn's error is returned).
func PublishDir(target string, ok Replaceable, fn func(dir string) error) error {
	d, err := CreateDir(target, ok)
	if err != nil {
		return err
	}
	defer d.Abort()
	if err := fn(d.Path()); err != nil {
		return err
	}
	return d.Commit()
}
