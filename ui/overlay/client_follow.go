// A client trace followed while the client writes it (viewer live's window,
// viewer -follow -against): the rows are read on a goroutine of their own
// and handed over through a queue (Push); the window takes them into the
// track once an update (Take), so drawing never meets a row half added.
// Past the last tick read the client has not got there yet (Behind): its
// latest row is drawn, but not as an error against retail's body there.

package overlay

import "sync"

// clientFeed is the queue between a followed trace's reader and the track.
type clientFeed struct {
	mu      sync.Mutex
	pending []pendingRow
	// complete is the last tick whose rows are all read (the next tick's
	// first row came); -1 before any.
	complete int
	err      error
	errTaken bool
	waiting  string
	stop     chan struct{}
	stopOnce sync.Once
}

type pendingRow struct {
	guid uint32
	row  ClientRow
}

// NewFollowedClientTrack returns an empty track to be filled by Push while
// the window draws it.
func NewFollowedClientTrack() *ClientTrack {
	return &ClientTrack{objs: make(map[uint32]*clientObject), feed: &clientFeed{complete: -1, stop: make(chan struct{})}, last: -1, complete: -1}
}

// Following reports whether the track is filled while it is drawn.
func (t *ClientTrack) Following() bool { return t != nil && t.feed != nil }

// Push queues guid's row, read from the followed trace; any goroutine may
// call it, rows in the trace's order.
func (t *ClientTrack) Push(guid uint32, row ClientRow) {
	f := t.feed
	f.mu.Lock()
	f.pending = append(f.pending, pendingRow{guid, row})
	f.waiting = ""
	f.mu.Unlock()
}

// Completed says every row of tick has been pushed.
func (t *ClientTrack) Completed(tick int) {
	f := t.feed
	f.mu.Lock()
	f.complete = max(f.complete, tick)
	f.mu.Unlock()
}

// Fail ends the reading with err (the file truncated, replaced or gone, a
// malformed row); the rows pushed before it stay.
func (t *ClientTrack) Fail(err error) {
	f := t.feed
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

// Wait says what the reading waits for before the first row ("" once a row
// came): the file, not created yet.
func (t *ClientTrack) Wait(what string) {
	f := t.feed
	f.mu.Lock()
	f.waiting = what
	f.mu.Unlock()
}

// Stopped is closed once Stop is called: the reader ends then.
func (t *ClientTrack) Stopped() <-chan struct{} { return t.feed.stop }

// Stop ends the reading.
func (t *ClientTrack) Stop() {
	if t.Following() {
		t.feed.stopOnce.Do(func() { close(t.feed.stop) })
	}
}

// Take adds the rows pushed since the last Take to the track, on the
// goroutine that draws it: n rows, and the error that ended the reading,
// handed over once.
func (t *ClientTrack) Take() (n int, err error) {
	if !t.Following() {
		return 0, nil
	}
	f := t.feed
	f.mu.Lock()
	rows := f.pending
	f.pending = nil
	t.complete = f.complete
	if f.err != nil && !f.errTaken {
		err, f.errTaken = f.err, true
	}
	f.mu.Unlock()
	for _, p := range rows {
		t.Add(p.guid, p.row)
	}
	return len(rows), err
}

// Progress is what the followed reading has reached, as Take last saw it:
// the last tick with a row, the last tick whose rows are all in (-1 for
// none), what it waits for before its first row, and the error that ended
// it.
func (t *ClientTrack) Progress() (last, complete int, waiting string, err error) {
	f := t.feed
	f.mu.Lock()
	waiting, err = f.waiting, f.err
	f.mu.Unlock()
	return t.last, t.complete, waiting, err
}

// Behind reports whether tick is past the last tick a followed track has
// read: the client has not logged it yet (the live edge of a capture
// usually runs ahead of the client's trace).
func (t *ClientTrack) Behind(tick int) bool { return t.Following() && tick > t.last }

// CompleteThrough is the last tick whose client rows are all in: every tick
// for a track read whole, the followed reading's last complete tick (as
// Take last saw it) otherwise. A tick after it may still get rows.
func (t *ClientTrack) CompleteThrough() int {
	if !t.Following() {
		return int(^uint(0) >> 1)
	}
	return t.complete
}
