// Checkpoints: full copies of the run's state every K ticks, K chosen so the
// checkpoints of the whole run fit a memory budget (DESIGN.md "Time,
// snapshots and seeking"). A checkpoint is plain value copies — the physics
// objects, the position managers' snapshots, the motion interpreters, the
// part arrays, the engine's bookkeeping — so restoring one and re-simulating
// gives exactly the straight run's state. The event log and metrics are not
// copied: they are append-only and cover the furthest tick simulated.

package engine

import (
	"unsafe"

	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// MinCheckpointInterval is the shortest interval the budget chooses, ticks:
// closer checkpoints would cost memory for seeks that are already fast.
const MinCheckpointInterval = 64

// checkpoint is the state after one tick.
type checkpoint struct {
	tick        int
	cursor      int
	nslots      int
	hasObserver bool
	observer    physics.Position
	objs        []objectState
	parts       []anim.PartArray
	stages      []physics.StageRecord
}

// objectState is one object's state in a checkpoint. phys's collaborator
// fields point into the object's own slot, whose storage never moves, so
// copying it back restores the wiring too.
type objectState struct {
	phys physics.Object
	pm   interp.Snapshot
	mi   anim.MotionInterp
	st   objectBook
}

// checkpoints holds a run's checkpoints: list[i] is tick i·interval.
type checkpoints struct {
	interval int
	list     []checkpoint
	bytes    int64
}

// partArrayNodes is the number of animation nodes a part array is assumed
// to hold when sizing checkpoints (a cycle, its links and an action).
const partArrayNodes = 4

// perObjectBytes is the approximate size of one object in a checkpoint.
func perObjectBytes(stages bool) int64 {
	n := int64(unsafe.Sizeof(objectState{})) + int64(unsafe.Sizeof(anim.PartArray{})) +
		partArrayNodes*int64(unsafe.Sizeof(anim.AnimSequenceNode{}))
	if stages {
		n += int64(unsafe.Sizeof(physics.StageRecord{}))
	}
	return n
}

// init chooses the interval: Options.CheckpointInterval, or the smallest
// interval of at least MinCheckpointInterval ticks whose checkpoints for the
// whole run (every object the run will have, all alive) fit the budget.
func (c *checkpoints) init(s *Sim) {
	switch {
	case s.opts.NoCheckpoints:
		c.interval = 0
	case s.opts.CheckpointInterval > 0:
		c.interval = s.opts.CheckpointInterval
	default:
		budget := s.opts.CheckpointBudget
		if budget <= 0 {
			budget = DefaultCheckpointBudget
		}
		per := max(int64(len(s.slots)), 1) * perObjectBytes(s.opts.RecordStages)
		fit := max(budget/per, 2) // the tick-0 checkpoint and at least one more
		ticks := int64(s.lastTick)
		c.interval = int(max((ticks+fit-2)/(fit-1), MinCheckpointInterval))
	}
}

// stepped saves a checkpoint when a newly simulated tick falls on the
// interval.
func (c *checkpoints) stepped(s *Sim) {
	if c.interval > 0 && s.tick%c.interval == 0 && s.tick/c.interval == len(c.list) {
		c.save(s)
	}
}

// save appends a checkpoint of the current state.
func (c *checkpoints) save(s *Sim) {
	cp := checkpoint{
		tick:        s.tick,
		cursor:      s.cursor,
		nslots:      s.nslots,
		hasObserver: s.hasObserver,
		observer:    s.observer,
		objs:        make([]objectState, s.nslots),
		parts:       make([]anim.PartArray, s.nslots),
	}
	if s.opts.RecordStages {
		cp.stages = make([]physics.StageRecord, s.nslots)
	}
	for i, o := range s.slots[:s.nslots] {
		st := &cp.objs[i]
		st.phys = o.phys
		st.pm = o.pm.Snapshot()
		st.mi = o.mi
		st.st = o.st
		cp.parts[i].CopyFrom(o.parts)
		if cp.stages != nil {
			cp.stages[i] = o.stages
		}
		c.bytes += int64(unsafe.Sizeof(objectState{})) + int64(unsafe.Sizeof(anim.PartArray{})) +
			int64(o.parts.Sequence().NumNodes())*int64(unsafe.Sizeof(anim.AnimSequenceNode{}))
	}
	c.bytes += int64(len(cp.stages)) * int64(unsafe.Sizeof(physics.StageRecord{}))
	c.list = append(c.list, cp)
}

// nearest returns the latest checkpoint at or before tick.
func (c *checkpoints) nearest(tick int) *checkpoint {
	i := len(c.list) - 1
	if c.interval > 0 {
		i = min(i, tick/c.interval)
	}
	return &c.list[i]
}

// restore makes cp the current state.
func (s *Sim) restore(cp *checkpoint) {
	s.tick, s.cursor, s.nslots = cp.tick, cp.cursor, cp.nslots
	s.hasObserver, s.observer = cp.hasObserver, cp.observer
	s.source = -1
	for i, o := range s.slots[:s.nslots] {
		st := &cp.objs[i]
		o.phys = st.phys
		o.pm.Restore(&st.pm)
		o.mi = st.mi
		o.st = st.st
		o.parts.CopyFrom(&cp.parts[i])
		if cp.stages != nil {
			o.stages = cp.stages[i]
		}
	}
}

// Seek makes tick the current tick, clamped to [0, LastTick]: it restores
// the latest checkpoint at or before tick, unless stepping on from the
// current tick is shorter, and re-simulates. The state, the views and the
// event log up to tick are then exactly the straight run's. Handles (guids)
// stay valid. A streamed Sim (NewStream) only steps forward: it steps to
// tick, or until it is Done, and ignores an earlier tick.
func (s *Sim) Seek(tick int) {
	if s.feed != nil {
		for s.tick < tick && !s.Done() {
			s.Step()
		}
		return
	}
	tick = min(max(tick, 0), s.lastTick)
	if tick == s.tick {
		return
	}
	cp := s.cps.nearest(tick)
	if tick < s.tick || cp.tick > s.tick {
		s.restore(cp)
	}
	for s.tick < tick {
		s.Step()
	}
}

// StepBack makes the previous tick current (a seek).
func (s *Sim) StepBack() { s.Seek(s.tick - 1) }

// CheckpointInterval is the number of ticks between checkpoints (0: only
// the tick-0 checkpoint is kept).
func (s *Sim) CheckpointInterval() int { return s.cps.interval }

// CheckpointBytes is the approximate memory the checkpoints hold.
func (s *Sim) CheckpointBytes() int64 { return s.cps.bytes }

// RunAll simulates the whole run once, to LastTick, keeping the checkpoints
// and the complete event log and metrics, then returns to the current tick.
// progress, when not nil, is called now and then with the ticks done and
// the total.
func (s *Sim) RunAll(progress func(done, total int)) {
	if s.feed != nil {
		for !s.Done() {
			s.Step()
		}
		return
	}
	start := s.tick
	if s.furthest < s.lastTick {
		s.Seek(s.furthest)
		for s.tick < s.lastTick {
			s.Step()
			if progress != nil && s.tick%256 == 0 {
				progress(s.tick, s.lastTick)
			}
		}
	}
	if progress != nil {
		progress(s.lastTick, s.lastTick)
	}
	s.Seek(start)
}
