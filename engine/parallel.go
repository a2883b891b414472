// Stepping on several cores: within a tick's UpdateObjectInternal pass the
// objects are independent — each touches only its own physics object,
// position manager, motion interpreter, part array and metrics tracker, and
// reads the world and motion tables, which nothing changes — so the pass is
// split into contiguous runs of slots, one per core (DESIGN.md, "Objects are
// independent within a tick"). The events each run logs are kept apart and
// appended to the log in slot order afterwards, so the log, the trace and
// the metrics are byte for byte a one-core run's. Delivery (message
// handling) stays sequential, in file order.

package engine

import (
	"runtime"
	"sync"
)

// minSlotsPerWorker is the fewest slots worth a core of their own: below it
// waking a core each tick costs more than it saves (docs/benchmarks.md,
// "Several cores": at 100 objects a split pass cost more CPU and wall time
// than one core; at 1000 it paid).
const minSlotsPerWorker = 256

// passChunks is the split of the current tick's pass: while active, slots
// [0, size) log straight into the Sim's log and slots [i·size, (i+1)·size)
// into bufs[i].
type passChunks struct {
	active bool
	size   int32
	bufs   [][]Event
}

// workers is how many runs the pass over n slots is split into:
// Options.Workers when given, else one per core as long as each gets
// minSlotsPerWorker slots.
func (s *Sim) workers(n int) int {
	if w := s.opts.Workers; w > 0 {
		return max(1, min(w, n))
	}
	return max(1, min(runtime.GOMAXPROCS(0), n/minSlotsPerWorker))
}

// updateObjects is step 2 of a tick: one CPhysicsObj::UpdateObjectInternal
// per live object, in slot order (seed 003 §1, §12) as far as anyone can
// tell: the objects' runs may go on different cores.
func (s *Sim) updateObjects() {
	s.source = -1
	if s.capture != nil && !s.replay {
		s.capture.begin(s) // before the pass: it writes by slot
	}
	if s.anySticky {
		s.snapshotStickyTargets()
	}
	n := s.nslots
	w := s.workers(n)
	if w <= 1 {
		s.updateSlots(0, n)
		return
	}
	size := (n + w - 1) / w
	p := &s.chunks
	for len(p.bufs) < w {
		p.bufs = append(p.bufs, nil)
	}
	p.active, p.size = true, int32(size)
	var wg sync.WaitGroup
	for i := 1; i < w; i++ {
		lo, hi := min(i*size, n), min((i+1)*size, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.updateSlots(lo, hi)
		}()
	}
	s.updateSlots(0, min(size, n))
	wg.Wait()
	p.active = false
	for i := 1; i < w; i++ {
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
		if !o.st.alive {
			continue
		}
		if drive && o.st.hasMI {
			driveWithStateVelocity(o)
		}
		o.phys.UpdateObjectInternal(s.dt)
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
// slot's run's), or nil when it goes straight to the Sim's log.
func (s *Sim) logOf(slot int32) *[]Event {
	if p := &s.chunks; p.active && slot >= p.size {
		return &p.bufs[slot/p.size]
	}
	return nil
}
