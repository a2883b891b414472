// Checkpoints: full copies of the run's state every K ticks, K chosen so the
// checkpoints of the whole run fit a memory budget (DESIGN.md "Time,
// snapshots and seeking"). A checkpoint is plain value copies — the physics
// objects, the position managers' snapshots, the motion interpreters, the
// part arrays, the engine's bookkeeping — so restoring one and re-simulating
// gives exactly the straight run's state. The event log and metrics are not
// copied: they are append-only and cover the furthest tick simulated. Nor is
// the stage record: every tick rewrites it, so a seek restores the latest
// checkpoint strictly before its tick and the step after rebuilds it.
//
// Two Sims of the same recording and reading may share one set of
// checkpoints (ShareCheckpoints): the viewer pre-runs one on another
// goroutine while the window seeks the other, and each restores what
// either saved.

package engine

import (
	"errors"
	"sync"
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
}

// objectState is one object's state in a checkpoint. phys's collaborator
// fields point into the slot of the Sim that saved it; restore wires them
// to the restoring Sim's own.
type objectState struct {
	phys physics.Object
	pm   interp.Packed // only the queue's live nodes
	mi   anim.MotionInterp
	st   objectBook
	// mt is a copy of the object's move-to book, nil when it has none.
	mt *moveToBook
}

// checkpoints is a Sim's view of its checkpoint store.
type checkpoints struct {
	interval int
	store    *checkpointStore
}

// checkpointStore holds a run's checkpoints: list[i] is tick i·interval.
// A checkpoint never changes once saved, so a copy of one read under the
// lock may be restored after it is released.
type checkpointStore struct {
	mu    sync.Mutex
	list  []checkpoint
	bytes int64
}

// partArrayNodes is the number of animation nodes a part array is assumed
// to hold when sizing checkpoints (a cycle, its links and an action).
const partArrayNodes = 4

// queuedNodes is the number of interpolation nodes an object is assumed to
// have queued when sizing checkpoints (a remote's queue is mostly empty or
// one node; a checkpoint holds only the live ones).
const queuedNodes = 1

// perObjectBytes is the approximate size of one object in a checkpoint.
func perObjectBytes() int64 {
	return int64(unsafe.Sizeof(objectState{})) + int64(unsafe.Sizeof(anim.PartArray{})) +
		partArrayNodes*int64(unsafe.Sizeof(anim.AnimSequenceNode{})) +
		queuedNodes*int64(unsafe.Sizeof(interp.Node{}))
}

// init chooses the interval: Options.CheckpointInterval, or the smallest
// interval of at least MinCheckpointInterval ticks whose checkpoints for the
// whole run (every object the run will have, all alive) fit the budget.
func (c *checkpoints) init(s *Sim) {
	c.store = &checkpointStore{}
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
		per := max(int64(len(s.slots)), 1) * perObjectBytes()
		fit := max(budget/per, 2) // the tick-0 checkpoint and at least one more
		ticks := int64(s.lastTick)
		if s.growing {
			// The store is still being read: size for the run it
			// looks like it will be (eventgrow.go).
			ticks = max(ticks, int64(s.store.EstimateTicks()))
		}
		c.interval = int(max((ticks+fit-2)/(fit-1), MinCheckpointInterval))
	}
}

// stepped saves a checkpoint when a newly simulated tick falls on the
// interval and no Sim sharing the store has saved it yet.
func (c *checkpoints) stepped(s *Sim) {
	if c.interval <= 0 || s.tick%c.interval != 0 {
		return
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	if s.tick/c.interval == len(c.store.list) {
		c.store.add(s)
	}
}

// save appends a checkpoint of the current state (tick 0's, when the Sim is
// made).
func (c *checkpoints) save(s *Sim) {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	c.store.add(s)
}

// add appends a checkpoint of s's current state; the lock is held.
func (c *checkpointStore) add(s *Sim) {
	cp := checkpoint{
		tick:        s.tick,
		cursor:      s.cursor,
		nslots:      s.nslots,
		hasObserver: s.hasObserver,
		observer:    s.observer,
		objs:        make([]objectState, s.nslots),
		parts:       make([]anim.PartArray, s.nslots),
	}
	for i, o := range s.slots[:s.nslots] {
		st := &cp.objs[i]
		st.phys = o.phys
		snap := o.pm.Snapshot()
		st.pm = snap.Pack()
		st.mi = o.mi
		st.st = o.st
		if o.mt != nil {
			mt := *o.mt
			st.mt = &mt
		}
		cp.parts[i].CopyFrom(o.parts)
		c.bytes += int64(unsafe.Sizeof(objectState{})) + int64(unsafe.Sizeof(anim.PartArray{})) +
			int64(o.parts.Sequence().NumNodes())*int64(unsafe.Sizeof(anim.AnimSequenceNode{})) +
			int64(st.pm.NumNodes())*int64(unsafe.Sizeof(interp.Node{}))
		if st.mt != nil {
			c.bytes += int64(unsafe.Sizeof(moveToBook{}))
		}
	}
	c.list = append(c.list, cp)
}

// nearest returns the latest checkpoint strictly before tick (tick 0's for
// tick 0), and no later than limit.
func (c *checkpoints) nearest(tick, limit int) checkpoint {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	i := len(c.store.list) - 1
	if c.interval > 0 {
		i = min(i, max(tick-1, 0)/c.interval, limit/c.interval)
	}
	return c.store.list[max(i, 0)]
}

// restore makes cp the current state, wiring each restored physics object
// to this Sim's own collaborators.
func (s *Sim) restore(cp *checkpoint) {
	if cp.nslots > len(s.slots) {
		// Saved by a Sim sharing the checkpoints that has met objects
		// of a growing store this one has not yet.
		s.store.mu.RLock()
		s.addStoreSlots(cp.nslots)
		s.store.mu.RUnlock()
	}
	s.tick, s.cursor, s.nslots = cp.tick, cp.cursor, cp.nslots
	s.hasObserver, s.observer = cp.hasObserver, cp.observer
	s.source = -1
	for i, o := range s.slots[:s.nslots] {
		st := &cp.objs[i]
		o.phys = st.phys
		var snap interp.Snapshot
		st.pm.Unpack(&snap)
		o.pm.Restore(&snap)
		o.mi = st.mi
		o.st = st.st
		if st.mt == nil {
			o.mt = nil
		} else {
			if o.mt == nil {
				o.mt = new(moveToBook)
			}
			*o.mt = *st.mt
		}
		o.parts.CopyFrom(&cp.parts[i])
		o.stages = physics.StageRecord{} // rebuilt by the next step
		s.wire(o)
		// A Sim restoring another's checkpoint never delivered the
		// StickTo or move-to that set this: the targets must be
		// snapshotted before each pass (deliver.go).
		if o.st.alive && (o.mt != nil || o.pm.StickyObjectID() != 0) {
			s.anySticky = true
		}
	}
	if s.furthest < s.tick {
		// A checkpoint another Sim saved past this one's furthest tick
		// (only taken when this Sim keeps no log or metrics): the ticks
		// skipped have no events here.
		for len(s.tickEnd) <= s.tick {
			s.tickEnd = append(s.tickEnd, int32(len(s.log)))
		}
		s.furthest = s.tick
	}
}

// wire points o's physics object at o's own part array, position manager,
// motion interpreter, stage record and this Sim's world, as create does.
func (s *Sim) wire(o *object) {
	o.phys.World = s.world
	o.phys.PartArray = o.parts
	o.phys.PositionManager = o.pm
	o.phys.MovementManager = movementManager{o: o, leaveGround: s.reading.LeaveGroundVelocity}
	o.phys.MotionInterpreter = nil
	if o.st.hasMI {
		o.phys.MotionInterpreter = &o.mi
	}
	o.phys.Record = nil
	if s.opts.RecordStages {
		o.phys.Record = &o.stages
	}
	if s.sinkOn {
		o.pm.SetSink(&o.sink)
	}
}

// ShareCheckpoints makes s save its checkpoints to, and restore them from,
// src's store, so two Sims of the same run — one pre-running on another
// goroutine, one seeking for the window — each reuse what the other
// simulated. Both must replay the same recording under the same reading to
// the same last tick. A Sim that keeps an event log or metrics restores
// only checkpoints up to the furthest tick it simulated itself, so its
// records stay whole. s is left at tick 0.
func (s *Sim) ShareCheckpoints(src *Sim) error {
	// Runs over one growing store agree on their length once it is read.
	sameLength := src.lastTick == s.lastTick ||
		src.store != nil && src.store == s.store && src.opts.LastTick == s.opts.LastTick
	if src.rec != s.rec || src.reading != s.reading || !sameLength {
		return errors.New("engine: checkpoints are shared only between runs of one recording, reading and length")
	}
	if src.cps.interval <= 0 || s.cps.interval <= 0 {
		return errors.New("engine: a run without checkpoints has none to share")
	}
	s.Seek(0)
	s.cps = src.cps
	return nil
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
	s.refresh()
	tick = min(max(tick, 0), s.lastTick)
	if tick == s.tick {
		return
	}
	limit := s.lastTick
	if s.opts.EventLog || s.opts.Metrics {
		limit = s.furthest
	}
	cp := s.cps.nearest(tick, limit)
	if tick < s.tick || cp.tick > s.tick {
		s.restore(&cp)
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
func (s *Sim) CheckpointBytes() int64 {
	s.cps.store.mu.Lock()
	defer s.cps.store.mu.Unlock()
	return s.cps.store.bytes
}

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
	s.refresh()
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
