// Streaming: a Sim that reads its events from a recording.Source as the
// ticks need them (DESIGN.md, "The engine streams"), for headless runs of
// inputs of any length — memory follows the number of objects, not the
// length of the input. Each event is checked when the stream reaches it,
// with the same FILE:LINE: FIELD errors New gives for the whole recording;
// a create gets its slot then, so slots are in header-then-creation order as
// with New. The run's last tick, TailSeconds after the last event, is known
// once the stream's end has been read. A streamed Sim only steps forward,
// keeps only the current tick's events and no checkpoints; its trace and
// metrics are byte for byte those of New's Sim on the same events.

package engine

import (
	"errors"
	"io"

	"glidepath/engine/recording"
)

// feed is the stream a Sim reads: the next event (the head), already
// checked, waiting for its tick.
type feed struct {
	src recording.Source
	// ref is src when it hands out events by pointer (recording.RefSource).
	ref recording.RefSource
	ix  *indexer
	// n is the number of events read: the head is event n−1 in file order.
	n       int
	head    *recording.Event
	due     int32
	target  int32
	hasHead bool
	// eof: the stream's end has been read; last is then the last event's
	// time.
	eof  bool
	last float64
	err  error
}

// NewStream makes a Sim that runs the events of src under opts, at tick 0
// (every header entity created at its header position; the header is
// checked as New checks it). The Sim reads src as it steps; it does not
// close it. Options.NoCheckpoints is implied. A problem the stream reaches
// stops the run: Err reports it and Done becomes true.
func NewStream(src recording.Source, opts Options) (*Sim, error) {
	if src == nil {
		return nil, errors.New("engine: no source")
	}
	opts.NoCheckpoints = true
	rec := &recording.Recording{Name: src.Name(), Header: src.Header()}
	s, ix, err := makeSim(rec, opts)
	if err != nil {
		return nil, err
	}
	s.feed = &feed{src: src, ix: ix}
	s.feed.ref, _ = src.(recording.RefSource)
	s.lastTick = opts.LastTick
	s.start()
	// Read the first event now, so that an empty stream's last tick is
	// known at once and a bad first event is reported before any tick.
	if s.feed.pull(s) && opts.LastTick <= 0 {
		s.lastTick = -1
	}
	if s.feed.err != nil {
		return nil, s.feed.err
	}
	return s, nil
}

// KnownLastTick is the last tick a streamed run of src will step, when it
// is known before the run: lastTick when given (Options.LastTick, -ticks),
// else TailSeconds after the last event of a source that knows its end
// (recording.End: a scenario compiled, a recording read whole), as
// NewStream's Sim fixes it once it has read the end; −1 for a stream whose
// end is not read yet. A long run's progress shows it as its total.
func KnownLastTick(src recording.Source, lastTick int) int {
	if lastTick > 0 {
		return lastTick
	}
	if t, ok := recording.End(src); ok {
		return dueTickAt(src.Header().TickRate, t+TailSeconds)
	}
	return -1
}

// pull reads and checks the next event into the head. It reports whether
// there is one; at the end it fixes the last tick (unless Options.LastTick
// did).
func (f *feed) pull(s *Sim) bool {
	if f.eof || f.err != nil {
		return false
	}
	var ev *recording.Event
	var err error
	if f.ref != nil {
		ev, err = f.ref.NextRef()
	} else {
		var v recording.Event
		v, err = f.src.Next()
		ev = &v
	}
	if err == io.EOF {
		f.eof = true
		if s.opts.LastTick <= 0 {
			s.lastTick = dueTickAt(s.rate, f.last+TailSeconds)
		}
		return false
	}
	if err == nil {
		f.due, f.target, err = s.check(f.ix, ev, f.n)
	}
	if err != nil {
		f.err = err
		return false
	}
	f.head, f.hasHead, f.last = ev, true, ev.T
	f.n++
	return true
}

// deliverDue delivers the stream's events due in tick k, reading on until
// the first event of a later tick (or the end).
func (f *feed) deliverDue(s *Sim, k int) {
	for f.hasHead || f.pull(s) {
		if int(f.due) > k {
			return
		}
		f.hasHead = false
		s.source = int32(f.n - 1)
		s.deliver(f.head, f.target)
	}
}

// Done reports whether the run is over: the last tick has been stepped, or
// the stream stopped on a problem (Err). A Sim made by New is done at
// LastTick.
func (s *Sim) Done() bool {
	if f := s.feed; f != nil {
		if f.err != nil {
			return true
		}
		if !f.eof && s.opts.LastTick <= 0 {
			// The last event is yet to be read: there is a later tick
			// (every event is followed by TailSeconds).
			return false
		}
	}
	return s.tick >= s.lastTick
}

// Err is the problem that stopped a streamed run (an *recording.Error
// naming the file, line and field, or the source's read error); nil
// otherwise.
func (s *Sim) Err() error {
	if s.feed == nil {
		return nil
	}
	return s.feed.err
}
