// Follow: reading a recording that is still being written (a client logging
// what it receives). At the end of what has been written the reader waits
// for more instead of ending; a torn last line is simply waited on until its
// newline arrives, since lines are read whole. A file truncated, replaced or
// removed while followed is reported as the read error of the line being
// waited for, never crashed on. Waiting reads the wall clock; the events and
// so the run are the same as reading the finished file.

package recording

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync/atomic"
	"time"

	"glidepath/internal/plural"
)

// FollowOptions tune OpenFollow.
type FollowOptions struct {
	// Context ends the follow: its cause (or its error) is the read error.
	Context context.Context
	// Poll is how often a waiting reader looks for more bytes (default
	// 100 ms).
	Poll time.Duration
	// Idle ends the recording after this long with nothing new, as if the
	// file had ended there; 0 follows until Context ends.
	Idle time.Duration
}

// Followed is a Reader over a file that is still growing.
type Followed struct {
	*Reader
	t *Tail
}

// OpenFollow opens the recording at path to follow it: the header is waited
// for if the file does not hold it yet, then events are returned as they are
// written. The file must exist. Problems are reported as Open reports them.
func OpenFollow(path string, o FollowOptions) (*Followed, error) {
	t, err := NewTail(path, o)
	if err != nil {
		return nil, err
	}
	r, err := NewReader(path, t)
	if err != nil {
		t.Close()
		return nil, err
	}
	r.closers = append(r.closers, t)
	return &Followed{Reader: r, t: t}, nil
}

// OnWait sets fn to be called each time the reader has read everything
// written so far and starts to wait: the moment to show what the run has
// reached. fn runs on the goroutine reading the events.
func (f *Followed) OnWait(fn func()) { f.t.OnWait(fn) }

// Offset is how many bytes of the file have been read.
func (f *Followed) Offset() int64 { return f.t.Offset() }

// Tail is the followed file under the reader.
func (f *Followed) Tail() *Tail { return f.t }

// Tail reads a file that grows: at its end, Read waits for more bytes
// instead of returning io.EOF, so a reader of whole lines or whole frames
// above it waits on a torn last one until the writer completes it. A file
// truncated, replaced or removed meanwhile is Read's error; so is the end
// of FollowOptions.Context.
type Tail struct {
	f    *os.File
	path string
	fi   os.FileInfo
	off  atomic.Int64
	// waiting: Read has returned every byte up to off and waits for more.
	waiting atomic.Bool
	o       FollowOptions
	onWait  func()
	waited  bool // onWait was called for the current wait
	// missing: how many looks in a row found no file at path (check).
	missing atomic.Int32
}

// NewTail opens the file at path, which must exist, to follow it.
func NewTail(path string, o FollowOptions) (*Tail, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if o.Context == nil {
		o.Context = context.Background()
	}
	if o.Poll <= 0 {
		o.Poll = 100 * time.Millisecond
	}
	return &Tail{f: f, path: path, fi: fi, o: o}, nil
}

// Offset is how many bytes of the file have been read; it may be read on
// any goroutine.
func (t *Tail) Offset() int64 { return t.off.Load() }

// Close closes the file.
func (t *Tail) Close() error { return t.f.Close() }

// Waiting reports whether Read has returned every byte up to Offset and
// waits for more: a reader above it that asked for more has used all it
// was given. Any goroutine may ask. With Offset equal to the file's size,
// everything written so far has been read and used.
func (t *Tail) Waiting() bool { return t.waiting.Load() }

// OnWait sets fn to be called each time Read has returned everything
// written so far and starts to wait; fn runs on the reading goroutine.
func (t *Tail) OnWait(fn func()) { t.onWait = fn }

func (t *Tail) Read(p []byte) (int, error) {
	var idle time.Duration
	for {
		n, err := t.f.Read(p)
		if n > 0 {
			t.waiting.Store(false) // before the offset moves: see Waiting
			t.off.Add(int64(n))
			t.waited = false
			return n, nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return 0, err
		}
		if err := t.check(); err != nil {
			return 0, err
		}
		if !t.waited {
			t.waited = true
			t.waiting.Store(true)
			if t.onWait != nil {
				t.onWait()
			}
		}
		if t.o.Idle > 0 && idle >= t.o.Idle && t.missing.Load() == 0 { // a path found empty is looked at again first
			return 0, io.EOF
		}
		timer := time.NewTimer(t.o.Poll)
		select {
		case <-t.o.Context.Done():
			timer.Stop()
			if c := context.Cause(t.o.Context); c != nil {
				return 0, c
			}
			return 0, t.o.Context.Err()
		case <-timer.C:
			idle += t.o.Poll
		}
	}
}

// Check reports a file that was removed, replaced or truncated since it was
// opened, as Read does once it has read to the end: a follower waiting on
// something else (viewer live on the client's trace) looks at the file
// meanwhile. Any goroutine may call it.
func (t *Tail) Check() error { return t.check() }

// check reports a file that was removed, replaced or truncated since it was
// opened. A path found empty once is looked at again before the file is
// called gone: a rotation (the file renamed away, then its successor
// created at the path) leaves it empty for a moment, and the follower would
// say gone where the file was replaced.
func (t *Tail) check() error {
	fi, err := os.Stat(t.path)
	if err == nil {
		t.missing.Store(0)
	} else if errors.Is(err, fs.ErrNotExist) && t.missing.Add(1) == 1 {
		return nil
	}
	switch {
	case err != nil:
		return fmt.Errorf("the followed file is gone (%v)", unwrapPathError(err))
	case !os.SameFile(fi, t.fi):
		return errors.New("the followed file was replaced by another file; follow it again to read the new one")
	case fi.Size() < t.off.Load():
		return fmt.Errorf("the followed file was truncated to %s after %d had been read; follow it again to read it from the start", plural.Count(int(fi.Size()), "byte"), t.off.Load())
	}
	return nil
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
