// Tee: one Source read once, its events handed to several readers — the
// runs of several readings over the same input, stepped side by side, maybe
// on several goroutines. Each event is decoded once; the tee keeps only the
// events some reader has not taken yet, which for readers stepped in lock
// step is about one tick's.

package recording

import (
	"io"
	"sync"
)

// tee is the state the branches share.
type tee struct {
	mu  sync.Mutex
	src Source
	// buf holds events base, base+1, …; pos[i] is the index of branch i's
	// next event.
	buf    []Event
	base   int
	pos    []int
	err    error
	closed int
}

// teeBranch is one reader of a tee.
type teeBranch struct {
	t *tee
	i int
}

// Tee returns n Sources that each give every event of src, in order; each
// may be read on its own goroutine. src is read once, as the furthest branch needs it; an error is given to each
// branch when it reaches it. src is closed when every branch is closed.
func Tee(src Source, n int) []Source {
	t := &tee{src: src, pos: make([]int, n)}
	out := make([]Source, n)
	for i := range out {
		out[i] = &teeBranch{t: t, i: i}
	}
	return out
}

func (b *teeBranch) Name() string   { return b.t.src.Name() }
func (b *teeBranch) Header() Header { return b.t.src.Header() }

func (b *teeBranch) Next() (Event, error) {
	t := b.t
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.pos[b.i]
	if p-t.base == len(t.buf) {
		if t.err != nil {
			return Event{}, t.err
		}
		ev, err := t.src.Next()
		if err != nil {
			t.err = err
			return Event{}, err
		}
		t.buf = append(t.buf, ev)
	}
	ev := t.buf[p-t.base]
	t.pos[b.i] = p + 1
	t.trim()
	return ev, nil
}

// trim drops the events every branch has taken, once they are half the
// buffer (so the copying stays linear).
func (t *tee) trim() {
	least := t.pos[0]
	for _, p := range t.pos[1:] {
		least = min(least, p)
	}
	done := least - t.base
	if done == 0 || done < len(t.buf)/2 {
		return
	}
	n := copy(t.buf, t.buf[done:])
	clear(t.buf[n:])
	t.buf = t.buf[:n]
	t.base = least
}

// Close closes src when it is the last branch to close.
func (b *teeBranch) Close() error {
	t := b.t
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed++
	if t.closed == len(t.pos) {
		return t.src.Close()
	}
	return nil
}

var _ io.Closer = (*teeBranch)(nil)
