// Finding events: the ticks of the next and previous event of a kind, for
// one object or any — "jump to the next blip", "back to the last stall
// failure" — searched in the event log (which is sorted by tick).

package engine

import (
	"sort"

	"glidepath/engine/eventlog"
)

// findChunk is how far, ticks, NextEvent simulates ahead at a time when the
// log does not reach far enough.
const findChunk = 1024

// NextEvent returns the tick of the first event after tick after that f
// matches, simulating further when the log does not yet reach it (the current
// tick is kept). ok is false when there is none up to LastTick, the event
// log is off or the Sim is streamed.
func (s *Sim) NextEvent(after int, f eventlog.Filter) (tick int, ok bool) {
	if !s.opts.EventLog || s.feed != nil {
		return 0, false
	}
	for {
		i := sort.Search(len(s.log), func(i int) bool { return int(s.log[i].tick) > after })
		for ; i < len(s.log); i++ {
			if e := s.unpack(i); f.Match(&e) {
				return int(e.Tick), true
			}
		}
		if s.furthest >= s.lastTick {
			return 0, false
		}
		after = max(after, s.furthest)
		s.extend(min(s.furthest+findChunk, s.lastTick))
	}
}

// PrevEvent returns the tick of the last event before tick before that f
// matches, among the ticks simulated so far. ok is false when there is
// none, the event log is off or the Sim is streamed.
func (s *Sim) PrevEvent(before int, f eventlog.Filter) (tick int, ok bool) {
	if !s.opts.EventLog || s.feed != nil {
		return 0, false
	}
	i := sort.Search(len(s.log), func(i int) bool { return int(s.log[i].tick) >= before })
	for i--; i >= 0; i-- {
		if e := s.unpack(i); f.Match(&e) {
			return int(e.Tick), true
		}
	}
	return 0, false
}

// extend simulates up to tick to, then returns to the current tick.
func (s *Sim) extend(to int) {
	cur := s.tick
	s.Seek(to)
	s.Seek(cur)
}
