// Query: the read-only side of a Sim — log queries (events, causes, notes,
// stamp checks, expectations), views of the current tick (objects, queues,
// state rows, metrics, the state hash) and the world's description — as a
// type of its own, apart from the driver (New, Step, Seek, RunAll, options,
// delivering events), which stays on Sim. Nothing here changes the run: a
// Query only reads what the Sim has stored (STYLE.md points 3, 4, 7).

package engine

import "glidepath/interp"

// Query reads a Sim's stored history and current state. It is a small
// value over the Sim (the zero Query is not usable); take one with
// Sim.Query whenever needed: it stays valid as the Sim steps and seeks, and
// every answer is about the Sim's state when the method is called.
type Query struct {
	s *Sim
}

// Query returns the read-only query API over the Sim's stored run.
func (s *Sim) Query() Query { return Query{s: s} }

// Tick, TickRate and Reading are Sim.Tick, Sim.TickRate and Sim.Reading, so
// that a Query is all a reader of the run needs (trace.Run, for one).
func (q Query) Tick() int { return q.s.tick }

// TickRate is Sim.TickRate: the run's ticks per second.
func (q Query) TickRate() int { return q.s.rate }

// Reading is Sim.Reading: the run's reading of the pipeline.
func (q Query) Reading() interp.Reading { return q.s.reading }
