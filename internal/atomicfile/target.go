// Targets: what an output path names decides how it is written. A regular
// file (or a name not yet taken) is written atomically, through a temporary
// file renamed over it; a symbolic link is resolved and its destination
// written atomically, so the link stays a link; a character device, a FIFO
// or a socket is opened and written through — no temporary file, no rename —
// because renaming over it would replace /dev/null, a named pipe another
// program reads, or a terminal with a regular file; a directory is refused.
// Standard output and error named as files (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1) are written through the process's own descriptor.

package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrDirectory is the error of an output path that names a directory: a
// usage error, caught before any work by Resolve.
var ErrDirectory = errors.New("is a directory; want a file")

// maxLinks bounds the symbolic links followed to an output's destination
// (Linux's own limit, MAXSYMLINKS).
const maxLinks = 40

// Target is where an output path's bytes go.
type Target struct {
	// Path is the path as given.
	Path string
	// Dest is the file written: Path with its symbolic links resolved
	// (for a link whose destination does not exist yet, that destination).
	Dest string
	// Through says the target is written through — a character device, a
	// FIFO, a socket or one of the process's descriptors — not replaced.
	Through bool
	// fd is the descriptor an fd path (/dev/stdout, /dev/fd/N) names,
	// when isFD.
	fd   int
	isFD bool
	// info is Dest's, when it exists.
	info fs.FileInfo
}

// Exists reports whether the destination exists.
func (t *Target) Exists() bool { return t.info != nil }

// CharDevice reports whether the destination is a character device named
// as such (/dev/null, a terminal), not as one of the process's descriptors.
func (t *Target) CharDevice() bool {
	return !t.isFD && t.info != nil && t.info.Mode()&fs.ModeCharDevice != 0
}

// Kind says in words what the destination is, for messages: "a regular
// file", "a character device", "a FIFO", "a socket", "a new file".
func (t *Target) Kind() string {
	if t.isFD {
		return "descriptor " + strconv.Itoa(t.fd)
	}
	if t.info == nil {
		return "a new file"
	}
	return kindOf(t.info.Mode())
}

func kindOf(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// writtenThrough reports whether a file of mode m is opened and written
// rather than replaced.
func writtenThrough(m fs.FileMode) bool {
	return m&(fs.ModeCharDevice|fs.ModeNamedPipe|fs.ModeSocket) != 0
}

// Resolve decides how the output path is written (the package comment).
// A directory, or a block device, gives an *fs.PathError wrapping
// ErrDirectory or saying what it is; other problems (a missing directory,
// permissions) are left to Create, which names the path.
func Resolve(path string) (Target, error) {
	t := Target{Path: path, Dest: path}
	if path == "" {
		return t, errors.New("atomicfile: empty path")
	}
	if fd, ok := fdPath(path); ok {
		fi, err := os.Stat(fdName(fd))
		if err != nil {
			return t, &fs.PathError{Op: "open", Path: path, Err: errors.New("not an open descriptor")}
		}
		t.fd, t.isFD, t.Through, t.info = fd, true, true, fi
		return t, nil
	}
	if fi, err := os.Stat(path); err == nil {
		t.info = fi
		m := fi.Mode()
		switch {
		case m.IsDir():
			return t, &fs.PathError{Op: "write", Path: path, Err: ErrDirectory}
		case writtenThrough(m):
			t.Through = true
			return t, nil
		case !m.IsRegular():
			return t, &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("is %s; want a file, a character device or a FIFO", kindOf(m))}
		}
	}
	dest, err := followLinks(path)
	if err != nil {
		return t, err
	}
	t.Dest = dest
	if t.info == nil {
		if fi, err := os.Lstat(dest); err == nil {
			t.info = fi
		}
	}
	return t, nil
}

// followLinks resolves the symbolic links of path's last element, one at
// a time, so that a link whose destination does not exist yet resolves to
// that destination (filepath.EvalSymlinks would fail). The directories on
// the way are left as they are: a rename through them lands in the same
// place.
func followLinks(path string) (string, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", &fs.PathError{Op: "readlink", Path: path, Err: err}
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// LinkDest is path with the symbolic links of its last element resolved
// (the destination of a link that leads nowhere yet included): where an
// output replaced whole, such as a directory of frames, goes, so that the
// link stays a link.
func LinkDest(path string) (string, error) { return followLinks(path) }

// fdPath reports the descriptor a path names when it is one of the
// process's own: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
// Their links lead to names such as "pipe:[1234]" that are not paths, and
// a file they name is one the shell already opened for the process.
func fdPath(path string) (int, bool) {
	switch p := filepath.Clean(path); p {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	default:
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
			if rest, ok := strings.CutPrefix(p, dir); ok {
				if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
					return n, true
				}
			}
		}
	}
	return -1, false
}

// Same reports whether two resolved targets are one file: the same
// destination path, or, when both exist, the same device and inode.
func Same(a, b Target) bool {
	if a.isFD && b.isFD && a.fd == b.fd {
		return true
	}
	if !a.isFD && !b.isFD && abs(a.Dest) == abs(b.Dest) {
		return true
	}
	return a.info != nil && b.info != nil && os.SameFile(a.info, b.info)
}

// fdName is the path that opens descriptor fd anew.
func fdName(fd int) string { return "/dev/fd/" + strconv.Itoa(fd) }

// SameAsInput reports whether the output target t is the input file at
// path: the same path once resolved, or the same device and inode. "-" is
// standard input, descriptor 0: /dev/stdin is it, and so is the file the
// shell redirected it from.
func SameAsInput(t Target, input string) bool {
	if input == "" {
		return false
	}
	in := Target{Path: input, Dest: input}
	if input == "-" {
		input = "/dev/stdin"
	}
	if fd, ok := fdPath(input); ok {
		in.fd, in.isFD = fd, true
		if fi, err := os.Stat(fdName(fd)); err == nil {
			in.info = fi
		}
	} else {
		if fi, err := os.Stat(input); err == nil {
			in.info = fi
		}
		if dest, err := followLinks(input); err == nil {
			in.Dest = dest
		}
	}
	// Reading a device (a terminal, /dev/null) never overwrites what is
	// written to it.
	if isCharDevice(t.info) && isCharDevice(in.info) {
		return false
	}
	return Same(t, in)
}

func isCharDevice(fi fs.FileInfo) bool {
	return fi != nil && fi.Mode()&fs.ModeCharDevice != 0
}

func abs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// openThrough opens a target written through: the process's own standard
// output or error as they are (never closed here), another descriptor
// opened anew, a socket connected to, a device or FIFO opened for writing.
func openThrough(t *Target) (io.WriteCloser, error) {
	switch {
	case t.isFD && t.fd == 1:
		return keepOpen{os.Stdout}, nil
	case t.isFD && t.fd == 2:
		return keepOpen{os.Stderr}, nil
	case t.isFD:
		f, err := os.OpenFile(fdName(t.fd), os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, renamed(err, t.Path)
		}
		return f, nil
	case t.info != nil && t.info.Mode()&fs.ModeSocket != 0:
		c, err := net.Dial("unix", t.Path)
		if err != nil {
			c, err = net.Dial("unixgram", t.Path)
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: t.Path, Err: errors.New("cannot connect to the socket")}
		}
		return c, nil
	}
	f, err := os.OpenFile(t.Path, os.O_WRONLY, 0)
	if err != nil {
		return nil, renamed(err, t.Path)
	}
	return f, nil
}

// keepOpen writes to a file it does not close.
type keepOpen struct{ f *os.File }

func (k keepOpen) Write(p []byte) (int, error) { return k.f.Write(p) }
func (k keepOpen) Close() error                { return nil }

// renamed makes a *fs.PathError name path.
func renamed(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		pe.Path = path
	}
	return err
}
