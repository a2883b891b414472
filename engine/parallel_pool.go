// The hand-off of a split pass (parallel.go): persistent helper goroutines
// instead of one started per tick, which cost more in waking a core and
// putting it back to sleep than the half pass it ran (docs/benchmarks.md,
// "Tried and did not pay"). A pass is published by bumping a generation in one
// atomic word that also holds the unclaimed chunks; the stepping goroutine
// claims chunks from the front and helpers from the back (so each core
// keeps mostly the same objects in its cache from tick to tick), and the
// stepping goroutine waits only for chunks a helper has already claimed. A
// helper between passes yields the processor for a while — the gap is the
// tick's delivery, tens of microseconds — for a few microseconds only, then
// parks until the next: a helper that spun through the whole gap burned a
// core for every helper at every tick (issue 31: 1.8× the one-core CPU at
// 4–16 cores), which parking does not.

package engine

import (
	"runtime"
	"sync/atomic"
)

// Layout of passPool.state: generation << genShift | front << frontShift |
// back; chunks [front, back) are unclaimed.
const (
	genShift   = 40
	frontShift = 20
	chunkMask  = 1<<frontShift - 1
)

// maxHelpers bounds the helpers of one Sim (and so the workers of a pass).
const maxHelpers = 63

// helperSpins is how many times a helper polls for the next pass before it
// parks, yielding the processor every yieldEvery polls (to a goroutine of
// the run waiting for it, such as the input's read-ahead); waitSpins how
// many times the stepping goroutine polls a helper's chunk before it
// parks. A poll is one atomic load, a nanosecond or two: 2000 of them are
// a few microseconds.
const (
	helperSpins = 2000
	yieldEvery  = 500
	waitSpins   = 2000
)

// passPool is a Sim's helpers and the pass they are working on.
type passPool struct {
	state atomic.Uint64
	// done counts the chunks finished in this pass; waiting says the
	// stepping goroutine is parked on finished until they all are.
	done     atomic.Int32
	waiting  atomic.Bool
	finished chan struct{}
	// The pass: written before it is published, cleared once it is over,
	// read by a helper only while it holds a claimed chunk.
	s               *Sim
	n, size, chunks int
	// job, when set, runs a chunk in place of the pass's slots
	// (parallel_ticks.go: a run of ticks over a shard of objects).
	job func(c int)
	// idle, when set, is called by each worker that finds no chunk left
	// while the pass still runs (a chunk of its own not yet counted done,
	// or the stepping goroutine's before it waits).
	idle func()

	helpers int
	parked  atomic.Int32
	wake    chan struct{}
	quit    chan struct{}
}

func newPassPool() *passPool {
	return &passPool{wake: make(chan struct{}, maxHelpers), quit: make(chan struct{}), finished: make(chan struct{}, 1)}
}

// stop ends the helpers (the Sim is gone).
func (p *passPool) stop() { close(p.quit) }

// run runs the pass over n slots cut into chunks of size, with up to
// helpers helpers, and returns when every chunk has run.
func (p *passPool) run(s *Sim, n, size, chunks, helpers int) {
	st := p.state.Load()
	gen := (st>>genShift + 1) & (1<<(64-genShift) - 1)
	for p.helpers < helpers {
		p.helpers++
		go p.help(st >> genShift)
	}
	p.s, p.n, p.size, p.chunks = s, n, size, chunks
	p.done.Store(0)
	p.state.Store(gen<<genShift | uint64(chunks))
	for k := p.parked.Load(); k > 0; k-- {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
	own := int32(0)
	for {
		c, ok := p.claim(gen, true)
		if !ok {
			break
		}
		p.runChunk(c)
		own++
	}
	all := int32(chunks)
	// A helper's chunk ends within microseconds unless its thread lost the
	// processor: poll a while, then park rather than take the processor
	// from it.
	if p.done.Add(own) < all && p.idle != nil {
		p.idle()
	}
	for spins := 0; p.done.Load() < all; spins++ {
		if spins < waitSpins {
			continue
		}
		p.waiting.Store(true)
		if p.done.Load() < all || !p.waiting.CompareAndSwap(true, false) {
			// The helper finishing the last chunk takes the flag and
			// sends.
			<-p.finished
		}
		break
	}
	p.s, p.job, p.idle = nil, nil, nil
}

// claim takes the next chunk of pass gen, from the front or the back.
func (p *passPool) claim(gen uint64, front bool) (int, bool) {
	for {
		st := p.state.Load()
		lo, hi := int(st>>frontShift&chunkMask), int(st&chunkMask)
		if st>>genShift != gen || lo >= hi {
			return 0, false
		}
		c, next := lo, st+1<<frontShift
		if !front {
			c, next = hi-1, st-1
		}
		if p.state.CompareAndSwap(st, next) {
			return c, true
		}
	}
}

// runChunk runs chunk c of the current pass.
func (p *passPool) runChunk(c int) {
	if p.job != nil {
		p.job(c)
		return
	}
	lo := c * p.size
	p.s.updateSlots(lo, min(lo+p.size, p.n))
}

// help is a helper: it waits for each pass after seen and claims chunks of
// it until none is left.
func (p *passPool) help(seen uint64) {
	for {
		spins := 0
		for p.state.Load()>>genShift == seen {
			if spins < helperSpins {
				spins++
				if spins%yieldEvery == 0 {
					runtime.Gosched()
				}
				continue
			}
			// Park; run publishes the pass before it counts the parked
			// helpers, so either it sees this one or this one sees it.
			p.parked.Add(1)
			if p.state.Load()>>genShift == seen {
				select {
				case <-p.wake:
				case <-p.quit:
					p.parked.Add(-1)
					return
				}
			}
			p.parked.Add(-1)
			spins = 0
		}
		seen = p.state.Load() >> genShift
		c, ok := p.claim(seen, false)
		for ok {
			// Read before done lets the pass end.
			all, idle := int32(p.chunks), p.idle
			p.runChunk(c)
			// The next chunk is claimed before this one is counted, so a
			// helper out of chunks says so within the pass.
			c, ok = p.claim(seen, false)
			if !ok && idle != nil {
				idle()
			}
			if p.done.Add(1) == all && p.waiting.CompareAndSwap(true, false) {
				p.finished <- struct{}{}
			}
		}
	}
}
