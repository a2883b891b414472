// One cursor over several inputs: the cursor counts ticks of the first
// input (the strip's ticks); every run is shown at the tick of its own
// input that falls at the same time — the same tick when the tick rates
// agree — clamped to its input's last tick, so a shorter input stays at its
// end while the others go on. Readings of one input (-compare) always sit
// at the cursor's tick.

package session

import "math"

// SyncTick is the tick of a run at rate Hz with ticks 0..last that falls
// at the cursor's tick of the strip's rate0 Hz.
func SyncTick(cursor, rate0, rate, last int) int {
	t := cursor
	if rate != rate0 && rate0 > 0 && rate > 0 {
		t = int(math.Round(float64(cursor) * float64(rate) / float64(rate0)))
	}
	return min(max(t, 0), last)
}

// StripTick is the strip's tick at which run tick t of a rate Hz run
// falls (the inverse of syncTick, before clamping).
func StripTick(t, rate0, rate int) int {
	if rate == rate0 || rate0 <= 0 || rate <= 0 {
		return t
	}
	return int(math.Ceil(float64(t) * float64(rate0) / float64(rate)))
}

// TickOf is r's tick at the cursor's tick.
func (s *Session) TickOf(r *Run, cursor int) int {
	return SyncTick(cursor, s.Runs[0].Info.TickRate, r.Info.TickRate, r.Info.LastTick)
}

// Last is the strip's last tick: the longest run's end.
func (s *Session) Last() int {
	out := 0
	for _, r := range s.Runs {
		out = max(out, StripTick(r.Info.LastTick, s.Runs[0].Info.TickRate, r.Info.TickRate))
	}
	return out
}

// Scale is the strip's ticks per tick of r (timeline.Stacked.Scale).
func (s *Session) Scale(r *Run) float64 {
	if r.Info.TickRate <= 0 || s.Runs[0].Info.TickRate <= 0 {
		return 1
	}
	return float64(s.Runs[0].Info.TickRate) / float64(r.Info.TickRate)
}

// frontierOf is the strip tick up to which r's records are published: a
// finished run never holds the cursor back.
func (s *Session) frontierOf(r *Run, tick int, complete bool) int {
	if complete {
		return s.Last()
	}
	return StripTick(tick, s.Runs[0].Info.TickRate, r.Info.TickRate)
}
