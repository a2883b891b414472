// The live session's inputs: the capture file being written, followed as
// viewer run -follow follows one (recording.Tail under engine/capture: a
// torn last frame, or a header not written yet, is waited for), or a
// network interface (iface_linux.go); and every event read kept, so an
// evidence pack can hold the recording of the session so far.

package live

import (
	"fmt"
	"sync"

	"glidepath/engine/capture"
	"glidepath/engine/recording"
	"glidepath/internal/cli"
)

// teeSource is the run's source, keeping a copy of each event it hands
// over.
type teeSource struct {
	recording.Source
	mu     sync.Mutex
	events []recording.Event
	// tail is the capture file followed (nil for an interface).
	tail *recording.Tail
	path string
}

// check reports a capture file truncated, replaced or removed since it was
// opened, naming it: the session looks while it waits on the client's
// trace, when the run is not reading the capture to find out.
func (t *teeSource) check() error {
	if t.tail == nil {
		return nil
	}
	if err := t.tail.Check(); err != nil {
		return fmt.Errorf("%s: %w", t.path, err)
	}
	return nil
}

func (t *teeSource) Next() (recording.Event, error) {
	ev, err := t.Source.Next()
	if err == nil {
		t.mu.Lock()
		t.events = append(t.events, ev)
		t.mu.Unlock()
	}
	return ev, err
}

// recordingSoFar is the recording of every event read so far.
func (t *teeSource) recordingSoFar() *recording.Recording {
	t.mu.Lock()
	defer t.mu.Unlock()
	return &recording.Recording{Name: t.Name(), Header: t.Header(), Events: append([]recording.Event(nil), t.events...)}
}

// openInput opens the capture file to follow, or the interface.
func openInput(o Options) (*teeSource, error) {
	if o.Iface != "" {
		src, err := openIface(o)
		if err != nil {
			return nil, err
		}
		return &teeSource{Source: src}, nil
	}
	t, err := recording.NewTail(o.Capture, recording.FollowOptions{Context: cli.StopCtx, Poll: o.Poll})
	if err != nil {
		return nil, err
	}
	r, err := capture.NewReader(o.Capture, t, o.CaptureOptions)
	if err != nil {
		t.Close()
		return nil, err
	}
	return &teeSource{Source: closeBoth{r, t}, tail: t, path: o.Capture}, nil
}

// closeBoth is a capture's source that closes what it reads with it.
type closeBoth struct {
	*capture.Reader
	t interface{ Close() error }
}

func (c closeBoth) Close() error {
	err := c.Reader.Close()
	if terr := c.t.Close(); err == nil {
		err = terr
	}
	return err
}
