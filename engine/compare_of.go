package engine

// CompareOf is a Compare of runs made elsewhere (viewer diff's one run), so
// that what takes a Compare — the table writer, the report — takes them.
// Stepping stays the caller's: step the runs together.
func CompareOf(sims ...*Sim) *Compare { return &Compare{sims: sims} }

// DueTick is the tick an event at t seconds is delivered at, at rate ticks
// per second (Recording v1: the first tick k ≥ 1 with t ≤ k / rate).
func DueTick(rate int, t float64) int { return dueTickAt(rate, t) }
