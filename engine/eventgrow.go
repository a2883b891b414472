// Growing: an event store filled on a goroutine of its own while runs read
// it (DESIGN.md, "The engine streams"; docs/viewer.md, "Opening a large
// file"). The viewer draws its first frame as soon as the events up to that
// tick are in and reads the rest of the file behind it; a followed file's
// new events are appended as they are written instead of the file being
// read again.
//
// A run steps tick k only once every event due by k is in. Events come in
// time order, so the store knows that as soon as it has read an event due
// after k, or the input's end. Until then stepping into k waits. Whatever
// the reading's pace, a run sees each tick's events whole, so its state,
// trace and records are those of the store read whole, bit for bit.

package engine

import (
	"bufio"
	"context"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"sync/atomic"
	"time"

	"glidepath/engine/capture"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/inputfile"
)

// growth is how far a store's reading has got.
type growth struct {
	// complete: the input's end was read, or a problem (err) or Stop
	// ended the reading; nothing more will be appended.
	complete bool
	err      error
	// notice is the input's word on itself (Notice), as soon as it has
	// one.
	notice string
	// wake is closed (and replaced) when more ticks are complete and some
	// reader waits (waiting).
	wake    chan struct{}
	waiting bool
	// read reports the bytes of the input read so far (nil: not known);
	// size is the input's size when it was opened (0: not known).
	read func() int64
	size int64
	// cancel stops the reading goroutine; done is closed when it ends.
	cancel context.CancelFunc
	done   chan struct{}
	// tail is a followed file's reader (nil: the input is read once).
	tail *recording.Tail
}

// wakeReaders wakes the readers waiting for more ticks; the lock is held.
func (st *EventStore) wakeReaders() {
	if st.growth.waiting {
		close(st.growth.wake)
		st.growth.wake = make(chan struct{})
		st.growth.waiting = false
	}
}

// through is the last tick whose events are all in; the lock is held.
// Tick 0 has no events (every event is due at tick 1 or later).
func (st *EventStore) through() int {
	if st.growth.complete {
		return math.MaxInt
	}
	return max(len(st.ends)-1, 0)
}

// Through is the last tick whose events are all in: a run may step up to
// it without waiting. Once the store is complete it is math.MaxInt.
func (st *EventStore) Through() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.through()
}

// Complete reports whether the reading has ended: every event of the input
// is in, or Err says why the reading stopped.
func (st *EventStore) Complete() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.complete
}

// Err is the problem that stopped the reading (FILE:LINE: FIELD: problem
// for bad input), nil while it goes on or once the input's end was read.
func (st *EventStore) Err() error {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.err
}

// LastTick is the last tick of a run over the events read so far:
// TailSeconds after the last event's time (final once Complete).
func (st *EventStore) LastTick() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	var last float64
	if st.n > 0 {
		last = st.last
	}
	return dueTickAt(st.rate, last+TailSeconds)
}

// Objects is the number of objects met so far: the header's entities and
// one per create read.
func (st *EventStore) Objects() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return len(st.guids)
}

// Progress is how many bytes of the input have been read and its size (0
// when not known, as for a scenario or a file still being written).
func (st *EventStore) Progress() (read, size int64) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.growth.read != nil {
		read = st.growth.read()
	}
	return read, st.growth.size
}

// Notice is what the input says of itself, for a status line — a
// capture, which rule chose its player (capture.Reader InputNotice), as
// soon as the reader has decided, while the rest is still being read;
// "" while there is nothing to say.
func (st *EventStore) Notice() string {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.notice
}

// Skipped is the number of events of unknown types skipped, the line of
// the first and their type names, as far as the reading has got.
func (st *EventStore) Skipped() (n, line int, types []string) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.rec.Skipped, st.rec.SkippedLine, st.rec.SkippedTypes
}

// Following reports whether the store follows a file still being written
// (GrowEvents with LoadOptions.Follow) and has not stopped.
func (st *EventStore) Following() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.tail != nil && !st.growth.complete
}

// Idle reports whether the reading of a followed file waits at the file's
// end with every complete event before it appended (false while it reads,
// and for a file read once).
func (st *EventStore) Idle() bool {
	st.mu.RLock()
	defer st.mu.RUnlock()
	return st.growth.tail != nil && st.growth.tail.Waiting()
}

// Wait blocks until every event due by tick is in (tick ≤ Through) or the
// reading has ended, or ctx is done (its error).
func (st *EventStore) Wait(ctx context.Context, tick int) error {
	for {
		st.mu.Lock()
		if st.through() >= tick {
			st.mu.Unlock()
			return nil
		}
		st.growth.waiting = true
		wake := st.growth.wake
		st.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Stop ends the reading goroutine (GrowEvents), if any, and waits for it.
// The store keeps what was read and is complete; Err stays nil.
func (st *EventStore) Stop() {
	st.mu.RLock()
	cancel, done := st.growth.cancel, st.growth.done
	st.mu.RUnlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// EstimateTicks is the run's expected length while the store grows, for
// sizing what grows with it (checkpoints, a viewer's history): the ticks
// read so far scaled by the share of the input's bytes read. 0 when not
// known or once the store is complete.
func (st *EventStore) EstimateTicks() int {
	st.mu.RLock()
	defer st.mu.RUnlock()
	if st.growth.complete || st.growth.read == nil || st.growth.size <= 0 {
		return 0
	}
	read := st.growth.read()
	if read <= 0 {
		return 0
	}
	est := float64(st.through()) * float64(st.growth.size) / float64(read)
	return int(min(est, float64(MaxTicks(st.rate))))
}

// fill reads src to its end into st, then marks the store complete. A
// problem stops the reading there: the store keeps the events before it
// and Err reports it. When ctx is done, the reading stops
// quietly: at once, or, when drain (a followed file, whose waiting ends
// with ctx), once src has handed out what it holds (a capture's events
// still queued when its input ends).
func (st *EventStore) fill(ctx context.Context, src recording.Source, drain bool) error {
	var err error
	var stop <-chan struct{}
	if !drain {
		stop = ctx.Done() // nil, so never, for context.Background
	}
	// The input's notice is taken as soon as it has one (a capture's
	// player rule, decided while reading), not only at the end. Only this
	// goroutine writes st.growth.notice, so it reads it without the lock.
	noticer, _ := src.(interface{ InputNotice() string })
loop:
	for {
		select {
		case <-stop:
			break loop
		default:
		}
		ev, e := src.Next()
		if e == io.EOF {
			break
		}
		if e == nil {
			e = st.Append(&ev)
		}
		if e != nil {
			err = e
			break
		}
		if noticer != nil {
			if n := noticer.InputNotice(); n != st.growth.notice {
				st.mu.Lock()
				st.growth.notice = n
				st.mu.Unlock()
			}
		}
	}
	if ctx != nil && ctx.Err() != nil {
		err = nil // stopped (Stop), not a problem of the input
	}
	st.mu.Lock()
	if r, ok := src.(interface {
		Skipped() int
		SkippedTypes() []string
		SkippedLine() int
	}); ok {
		st.rec.Skipped, st.rec.SkippedTypes, st.rec.SkippedLine = r.Skipped(), r.SkippedTypes(), r.SkippedLine()
	}
	if noticer != nil {
		st.growth.notice = noticer.InputNotice()
	}
	st.growth.complete, st.growth.err = true, err
	st.growth.waiting = true
	st.wakeReaders()
	st.mu.Unlock()
	return err
}

// GrowEvents opens the input at path and returns its store as soon as the
// header is read and checked; a goroutine then reads the events into it
// (Through, Wait, Progress say how far it is; Stop ends it). A scenario is
// compiled and read whole first. With opts.Follow the input is a file still
// being written (a recording a client logs, a capture tcpdump writes): at
// its end the reading waits for more (recording.Tail) — a torn last line
// or frame is waited on until it is whole — until Stop, or until the file
// is truncated, replaced or removed (then Err says so). Errors before the
// header is read name the file as Open's do.
func GrowEvents(path string, assets fs.FS, opts loader.LoadOptions) (*EventStore, error) {
	if loader.IsScenario(path) {
		rec, err := scenario.CompileFile(path, assets)
		if err != nil {
			return nil, err
		}
		return ReadEvents(recording.NewSource(rec), Options{Assets: assets})
	}
	ctx, cancel := context.WithCancel(context.Background())
	in, err := openInput(ctx, path, opts.Follow)
	if err != nil {
		cancel()
		return nil, err
	}
	// The file is opened once, and its kind told from its name or its
	// first bytes, peeked: a FIFO or standard input is read only once.
	br := bufio.NewReaderSize(in, 64<<10)
	var src recording.Source
	switch loader.KindOf(path, br) {
	case loader.KindScenario:
		cancel()
		defer in.Close()
		sc, err := loader.ReadScenario(path, br, assets)
		if err != nil {
			return nil, err
		}
		rec, err := sc.Compile()
		if err != nil {
			return nil, err
		}
		return ReadEvents(recording.NewSource(rec), Options{Assets: assets})
	case loader.KindCapture:
		src, err = capture.NewReader(path, br, opts.Capture)
	default:
		src, err = recording.NewReader(path, br)
	}
	var st *EventStore
	if err == nil {
		st, err = newStoreOf(src, Options{Assets: assets})
		if err != nil {
			src.Close()
		}
	}
	if err != nil {
		cancel()
		in.Close()
		return nil, err
	}
	st.growth.read, st.growth.size = in.offset, in.size
	st.growth.tail = in.tail
	st.growth.cancel, st.growth.done = cancel, make(chan struct{})
	go func() {
		defer close(st.growth.done)
		defer in.Close()
		defer src.Close()
		_ = st.fill(ctx, src, opts.Follow)
	}()
	return st, nil
}

// input is a file read from the start, counting the bytes read (the
// compressed bytes of a .gz), or followed at its end.
type input struct {
	r      io.Reader
	closer io.Closer
	n      atomic.Int64
	size   int64
	tail   *recording.Tail
}

// followPoll is how often a followed file is looked at for more bytes (0:
// recording.Tail's default); tests shorten it.
var followPoll time.Duration

// openInput opens path to read it, or, with follow, to follow it; ctx ends
// a follow's waiting.
func openInput(ctx context.Context, path string, follow bool) (*input, error) {
	if follow {
		t, err := recording.NewTail(path, recording.FollowOptions{Context: ctx, Poll: followPoll})
		if err != nil {
			return nil, err
		}
		return &input{r: t, closer: t, tail: t}, nil
	}
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	in := &input{r: f, closer: f}
	if path != inputfile.Stdin {
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			in.size = fi.Size() // a stream's size is not known
		}
	}
	return in, nil
}

func (in *input) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	in.n.Add(int64(n))
	return n, err
}

// offset is how many bytes have been read.
func (in *input) offset() int64 {
	if in.tail != nil {
		return in.tail.Offset()
	}
	return in.n.Load()
}

func (in *input) Close() error {
	if in.closer == nil {
		return nil
	}
	err := in.closer.Close()
	in.closer = nil
	if errors.Is(err, os.ErrClosed) {
		return nil
	}
	return err
}
