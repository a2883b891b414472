// Stepping on several cores: within a tick's UpdateObjectInternal pass the
// objects are independent — each touches only its own physics object,
// position manager, motion interpreter, part array and metrics tracker, and
// reads the world and motion tables, which nothing changes — so the pass is
// split into contiguous chunks of slots that run on several cores (DESIGN.md,
// "Objects are independent within a tick"). The events each chunk logs are
// kept apart and appended to the log in slot order afterwards, so the log,
// the trace and the metrics are byte for byte a one-core run's whoever ran
// which chunk. Delivery (message handling) stays sequential, in file order.
//
// A streamed run that logs nothing shards its objects for whole runs of
// ticks instead, delivery included (parallel_ticks.go).
//
// The chunks are handed out by parallel_pool.go: the stepping goroutine
// takes them from the front, persistent helpers from the back, and it never
// waits for a helper to start — a late or busy helper only takes fewer.

package engine

import (
	"runtime"

	"glidepath/engine/eventlog"
)

// minSlotsPerWorker is the fewest slots worth a core of their own: below it
// the hand-off each tick costs more than it saves (docs/benchmarks.md,
// "Tried and did not pay").
const minSlotsPerWorker = 256

// chunksPerWorker is how many chunks each worker's share of the pass is cut
// into, so that the goroutine that finishes first takes over the rest.
const chunksPerWorker = 4

// passChunks is the split of the current tick's pass: while active, slots
// [0, size) log straight into the Sim's log and slots [i·size, (i+1)·size)
// into bufs[i].
type passChunks struct {
	active bool
	size   int32
	bufs   [][]eventlog.Event
	pool   *passPool
}

// workers is how many cores the pass over n slots is split over:
// Options.Workers when given, else one per core the run may use
// (GOMAXPROCS, less the cores Options.BusyCores keeps busy) as long as each
// gets minSlotsPerWorker slots.
func (o *Options) workers(n int) int {
	return o.split(n, o.BusyCores, minSlotsPerWorker)
}

// split is how many cores n slots are divided over: Options.Workers when
// given (at most n), else the cores GOMAXPROCS leaves beside busy ones, as
// long as each gets minSlots slots; never more than the pool's helpers and
// the caller.
func (o *Options) split(n, busy, minSlots int) int {
	if w := o.Workers; w > 0 {
		return max(1, min(w, n, maxHelpers+1))
	}
	return max(1, min(runtime.GOMAXPROCS(0)-busy, n/minSlots, maxHelpers+1))
}

// updateObjects is step 2 of a tick: one CPhysicsObj::UpdateObjectInternal
// per live object, in slot order (seed 003 §1, §12) as far as anyone can
// tell: the objects' chunks may go on different cores.
func (s *Sim) updateObjects() {
	s.source = -1
	if s.capture != nil && !s.replay {
		s.capture.begin(s) // before the pass: it writes by slot
	}
	if s.anySticky {
		s.snapshotStickyTargets()
	}
	n := s.nslots
	w := s.opts.workers(n)
	if w <= 1 {
		s.updateSlots(0, n)
		return
	}
	size := (n + w*chunksPerWorker - 1) / (w * chunksPerWorker)
	chunks := (n + size - 1) / size
	p := &s.chunks
	for len(p.bufs) < chunks {
		p.bufs = append(p.bufs, nil)
	}
	p.active, p.size = true, int32(size)
	s.passPool().run(s, n, size, chunks, w-1)
	p.active = false
	for i := 1; i < chunks; i++ {
		for k := range p.bufs[i] {
			s.pack(&p.bufs[i][k])
		}
		clear(p.bufs[i])
		p.bufs[i] = p.bufs[i][:0]
	}
}

// updateSlots runs the pass over slots [lo, hi), and measures each object
// for the metrics when the tick is new.
func (s *Sim) updateSlots(lo, hi int) {
	drive := s.reading.DriveWithStateVelocity
	measure := s.opts.Metrics && !s.replay
	for _, o := range s.slots[lo:hi] {
		if !o.st.alive || o.attached() {
			continue
		}
		if drive && o.st.hasMI {
			driveWithStateVelocity(o)
		}
		if s.logging {
			var b transitBefore
			b.take(o)
			o.phys.UpdateObjectInternal(s.dt)
			o.transitEvents(s, &b)
		} else {
			o.phys.UpdateObjectInternal(s.dt)
		}
		s.checkContact(o)
		if measure {
			s.metrics.measure(s, o)
		}
		if s.capture != nil && !s.replay {
			s.capture.take(s, o)
		}
	}
}

// logOf is the buffer an event of slot goes to during a split pass (the
// slot's chunk's), or nil when it goes straight to the Sim's log.
func (p *passChunks) logOf(slot int32) *[]eventlog.Event {
	if p.active && slot >= p.size {
		return &p.bufs[slot/p.size]
	}
	return nil
}

// passPool is the Sim's helpers, started on first use.
func (s *Sim) passPool() *passPool {
	p := &s.chunks
	if p.pool == nil {
		p.pool = newPassPool()
		// The helpers hold the pool, never the Sim: they end when the Sim
		// is dropped.
		runtime.AddCleanup(s, (*passPool).stop, p.pool)
	}
	return p.pool
}
