package engine

// CompareOf is a Compare of runs made elsewhere (viewer diff's one run), so
// that what takes a Compare — the table writer, the report — takes them.
// Stepping stays the caller's: step the runs together.
func CompareOf(sims ...*Sim) *Compare { return &Compare{sims: sims} }
