// Checkpoints: the run's state every K ticks, K chosen so the checkpoints
// of the whole run fit a memory budget (DESIGN.md "Time, snapshots and
// seeking"). A checkpoint holds each object's state as words
// (the object words, below) packed against the same object's words in the
// checkpoint's keyframe (engine/wordpack) — every keyEvery-th checkpoint
// is a keyframe, packed against nothing — plus the engine's bookkeeping, so
// restoring one and re-simulating gives exactly the straight run's state.
// The event log and metrics are not copied: they are append-only and cover
// the furthest tick simulated. Nor is the stage record: every tick
// rewrites it, so a seek restores the latest checkpoint strictly before its
// tick and the step after rebuilds it.
//
// Two Sims of the same recording and reading may share one set of
// checkpoints (ShareCheckpoints): the viewer pre-runs one on another
// goroutine while the window seeks the other, and each restores what
// either saved.

package engine

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"unsafe"

	"glidepath/engine/wordpack"
	"glidepath/physics"
	"glidepath/physics/anim"

	"glidepath/engine/eventlog"
)

// MinCheckpointInterval is the shortest interval the budget chooses, ticks,
// for runs of up to minIntervalObjects objects: closer checkpoints would
// cost memory for seeks that are already fast. Larger runs may go down to
// minIntervalObjects·MinCheckpointInterval/objects ticks, and never below
// MinCrowdCheckpointInterval: a seek re-simulates up to an interval of
// every object.
const MinCheckpointInterval = 64

// MinCrowdCheckpointInterval is the shortest interval the budget chooses
// for a crowd.
const MinCrowdCheckpointInterval = 24

// minIntervalObjects is the object count up to which MinCheckpointInterval
// holds.
const minIntervalObjects = 500

// keyEvery is how often a checkpoint is a keyframe: the others are packed
// against the objects' words in the latest keyframe, so a restore unpacks
// two checkpoints at most.
const keyEvery = 16

// packedObjectBytes is the size assumed for one object in a checkpoint
// when choosing the interval: on the benchmarks' crowd (remotes walking
// squares, an update every 0.5 s) an object packs to 115 bytes on average
// at 32 ticks between checkpoints and 165 at 236 (210 in a keyframe); this
// leaves room for busier objects.
const packedObjectBytes = 192

// checkpointSlab is the largest block packed checkpoints are stored in:
// few, large, pointer-free allocations. A block holds keyEvery checkpoints
// of the size of the first put in it, up to this.
const checkpointSlab = 4 << 20

// checkpoint is the state after one tick.
type checkpoint struct {
	tick        int
	cursor      int
	nslots      int
	hasObserver bool
	observer    physics.Position
	// key is the index of the keyframe the objects are packed against (its
	// own for a keyframe).
	key int
	// data is every object's words, packed, in slot order.
	data []byte
	// skipped: the store keeps one checkpoint only (KeepCheckpointFor)
	// and this is not it; it holds its tick alone and is never restored.
	skipped bool
	// moveTo are copies of the move-to books of the objects that have one,
	// in slot order.
	moveTo []slotMoveTo
}

// slotMoveTo is one object's move-to book in a checkpoint.
type slotMoveTo struct {
	slot int
	book moveToBook
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
	refs  animRefs
	// slab is the block being filled.
	slab []byte
	// keyWords are the objects' words in the latest keyframe, slot i's
	// ending at keyEnds[i]; w and buf are scratch for packing.
	keyWords []uint32
	keyEnds  []int
	w        physics.StateWriter
	buf      []byte
	// only, when lean, is the one index past 0 whose checkpoint is kept
	// (KeepCheckpointFor); the others are skipped.
	lean bool
	only int
	// keyAt is the index of the latest keyframe, whose words keyWords
	// holds.
	keyAt int
}

// minInterval is the shortest interval the budget may choose for a run of
// objects.
func minInterval(objects int) int {
	if objects <= minIntervalObjects {
		return MinCheckpointInterval
	}
	return max(MinCheckpointInterval*minIntervalObjects/objects, MinCrowdCheckpointInterval)
}

// init chooses the interval: Options.CheckpointInterval, or the smallest
// interval of at least minInterval ticks whose checkpoints for the whole
// run (every object the run will have, all alive) fit the budget.
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
		per := max(int64(len(s.slots)), 1)*packedObjectBytes + int64(unsafe.Sizeof(checkpoint{}))
		fit := max(budget/per, 2) // the tick-0 checkpoint and at least one more
		ticks := int64(s.lastTick)
		if s.growing {
			// The store is still being read: size for the run it
			// looks like it will be (eventstore.go).
			ticks = max(ticks, int64(s.store.EstimateTicks()))
		}
		c.interval = int(max((ticks+fit-2)/(fit-1), int64(minInterval(len(s.slots)))))
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

// runEnd is the last tick a run of ticks after tick may step to before
// the run's end saves a checkpoint (advanceStoreShards, endPrerun): the
// next tick on the interval — but of a store that keeps one checkpoint
// (KeepCheckpointFor), with every checkpoint up to tick's saved, the kept
// one's tick, and none once past it: the ones between are skipped, and a
// run steps past them (steppedPast), with fewer hand-offs between the
// cores and fewer runs' idle tails.
func (c *checkpoints) runEnd(tick int) int {
	next := (tick/c.interval + 1) * c.interval
	st := c.store
	st.mu.Lock()
	defer st.mu.Unlock()
	if !st.lean || len(st.list) != tick/c.interval+1 {
		return next
	}
	if keep := st.only * c.interval; keep > tick {
		return keep
	}
	return math.MaxInt
}

// steppedPast is stepped after a run of ticks from from to s's tick: the
// checkpoints of the ticks on the interval it stepped past, which runEnd
// let it pass only where they are skipped, are skipped, then s's tick's
// is saved as stepped saves it.
func (c *checkpoints) steppedPast(s *Sim, from int) {
	if c.interval <= 0 {
		return
	}
	c.store.mu.Lock()
	for k := (from + c.interval - 1) / c.interval * c.interval; k < s.tick; k += c.interval {
		if k/c.interval == len(c.store.list) {
			c.store.skip(k)
		}
	}
	c.store.mu.Unlock()
	c.stepped(s)
}

// save appends a checkpoint of the current state (tick 0's, when the Sim is
// made).
func (c *checkpoints) save(s *Sim) {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	c.store.add(s)
}

// add appends a checkpoint of s's current state; the lock is held. A
// store that keeps one checkpoint (KeepCheckpointFor) appends the others
// as skipped, unpacked, and packs the one it keeps as a keyframe.
func (c *checkpointStore) add(s *Sim) {
	cp := checkpoint{
		tick:        s.tick,
		cursor:      s.cursor,
		nslots:      s.nslots,
		hasObserver: s.hasObserver,
		observer:    s.observer,
		key:         c.keyAt,
	}
	isKey := len(c.list)%keyEvery == 0
	if c.lean && len(c.list) > 0 {
		if len(c.list) != c.only {
			c.skip(s.tick)
			return
		}
		isKey = true
	}
	if isKey {
		// Those after it, up to the next keyframe, are packed against
		// it (after one kept alone, against that one).
		cp.key, c.keyAt = len(c.list), len(c.list)
		c.keyWords, c.keyEnds = c.keyWords[:0], c.keyEnds[:0]
	}
	buf := c.buf[:0]
	for i, o := range s.slots[:s.nslots] {
		if o.mt != nil {
			cp.moveTo = append(cp.moveTo, slotMoveTo{slot: i, book: *o.mt})
		}
		if isKey {
			kw := physics.StateWriter{W: c.keyWords}
			appendObjectWords(&kw, o, &c.refs)
			start := len(c.keyWords)
			c.keyWords = kw.W
			c.keyEnds = append(c.keyEnds, len(c.keyWords))
			buf = wordpack.Pack(buf, c.keyWords[start:], nil)
			continue
		}
		c.w.W = c.w.W[:0]
		appendObjectWords(&c.w, o, &c.refs)
		buf = wordpack.Pack(buf, c.w.W, wordsOf(c.keyWords, c.keyEnds, i))
	}
	c.buf = buf
	if len(c.slab)+len(buf) > cap(c.slab) {
		size := max(min(checkpointSlab, keyEvery*len(buf)), len(buf))
		if c.lean {
			size = len(buf) // the one kept
		}
		c.slab = make([]byte, 0, size)
	}
	n := len(c.slab)
	c.slab = append(c.slab, buf...)
	cp.data = c.slab[n:len(c.slab):len(c.slab)]
	c.bytes += int64(len(buf)) + int64(unsafe.Sizeof(cp)) + int64(len(cp.moveTo))*int64(unsafe.Sizeof(slotMoveTo{}))
	c.list = append(c.list, cp)
}

// skip appends the checkpoint of tick as skipped (KeepCheckpointFor): its
// tick alone, never restored. The lock is held.
func (c *checkpointStore) skip(tick int) {
	c.list = append(c.list, checkpoint{tick: tick, key: c.keyAt, skipped: true})
}

// wordsOf is slot i's words in words (ends[i] ends them), or nil when the
// slot has none.
func wordsOf(words []uint32, ends []int, i int) []uint32 {
	if i >= len(ends) {
		return nil
	}
	start := 0
	if i > 0 {
		start = ends[i-1]
	}
	return words[start:ends[i]]
}

// wire points o's physics object at o's own part array, position manager,
// motion interpreter, stage record and this Sim's world, as create does.
func (s *Sim) wire(o *object) {
	o.phys.World, o.phys.FloorKey = s.world, o.ent.GUID
	o.phys.PartArray = o.parts
	o.phys.PositionManager = o.pm
	o.mm = movementManager{o: o, leaveGround: s.reading.LeaveGroundVelocity}
	o.phys.MovementManager = &o.mm
	o.phys.MotionInterpreter = nil
	if o.st.hasMI {
		o.phys.MotionInterpreter = &o.mi
	}
	o.phys.Record = nil
	if s.opts.RecordStages && !s.stagesOff {
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

// KeepCheckpointFor has the checkpoints s saves from now on, and any Sim
// sharing its store saves, be only the one a seek to tick restores (the
// latest strictly before it): a run that will be sought to one tick alone
// — the window's screenshot — neither packs nor keeps the others. Tick 0's
// is kept as it was. A seek elsewhere restores the latest checkpoint kept
// before its tick and steps on from there: slower, never different. A
// negative tick keeps every checkpoint again.
func (s *Sim) KeepCheckpointFor(tick int) {
	c := s.cps.store
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lean = tick >= 0 && s.cps.interval > 0
	if c.lean {
		c.only = max(tick-1, 0) / s.cps.interval
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
	s.refresh()
	tick = min(max(tick, 0), s.lastTick)
	if tick == s.tick {
		return
	}
	limit := s.lastTick
	if s.opts.EventLog || s.opts.Metrics {
		limit = s.furthest
	}
	p := s.cps.nearest(tick, limit)
	if tick < s.tick || p.cp.tick > s.tick {
		s.restore(&p)
	}
	// The ticks before the last need no stage record: every live object's
	// is rewritten by the last tick, and only the pops a logging Sim logs
	// in a new tick read it (metrics.go). Recording it costs a third of a
	// re-simulated tick.
	quiet := tick - 1
	if s.logging {
		quiet = min(quiet, s.furthest)
	}
	if s.opts.RecordStages && s.tick < quiet {
		s.recordStages(false)
		for s.tick < quiet {
			s.Step()
		}
		s.recordStages(true)
	}
	for s.tick < tick {
		s.Step()
	}
}

// recordStages turns the stage record of every object on or off (it is
// on in a Sim with Options.RecordStages).
func (s *Sim) recordStages(on bool) {
	s.stagesOff = !on
	for _, o := range s.slots {
		o.phys.Record = nil
		if on {
			o.phys.Record = &o.stages
		}
	}
}

// StepBack makes the previous tick current (a seek).
func (s *Sim) StepBack() { s.Seek(s.tick - 1) }

// CheckpointInterval is the number of ticks between checkpoints (0: only
// the tick-0 checkpoint is kept).
func (q Query) CheckpointInterval() int { return q.s.cps.interval }

// CheckpointBytes is the approximate memory the checkpoints hold.
func (q Query) CheckpointBytes() int64 {
	s := q.s
	s.cps.store.mu.Lock()
	defer s.cps.store.mu.Unlock()
	return s.cps.store.bytes
}

// CheckpointsKept is how many checkpoints the run holds (all of those
// saved, but for a run that keeps one: KeepCheckpointFor).
func (q Query) CheckpointsKept() int {
	c := q.s.cps.store
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for i := range c.list {
		if !c.list[i].skipped {
			n++
		}
	}
	return n
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

// An object's state as checkpoint words (physics/state.go): the engine's
// bookkeeping, then the physics object, the position manager, the motion
// interpreter and the part array, each in its package's own words. The
// collaborators are not words: restoring wires each object to its own slot.
// Nor is a move-to book, which few objects have: a checkpoint keeps those
// as value copies beside the words (checkpoint.go). Nor is what is fixed
// when the slot is made — its entity, table and Setup shape (shape,
// hasShape, read from the dat files).

// animRefs numbers the animations a store's checkpoints refer to, in the
// order first met. Saving reads and extends it under the store's lock; a
// restore reads a copy of the list taken under the lock (animList), whose
// numbers never change.
type animRefs struct {
	list animList
	num  map[*anim.Animation]uint32
}

// animList is the animations numbered so far.
type animList []*anim.Animation

// Ref numbers a, adding it when new.
func (r *animRefs) Ref(a *anim.Animation) uint32 {
	if n, ok := r.num[a]; ok {
		return n
	}
	if r.num == nil {
		r.num = make(map[*anim.Animation]uint32)
	}
	n := uint32(len(r.list))
	r.list = append(r.list, a)
	r.num[a] = n
	return n
}

// Anim is the animation numbered ref.
func (l animList) Anim(ref uint32) (*anim.Animation, bool) {
	if int64(ref) >= int64(len(l)) {
		return nil, false
	}
	return l[ref], true
}

// appendObjectWords writes o's state.
func appendObjectWords(w *physics.StateWriter, o *object, refs anim.AnimRefs) {
	st := &o.st
	w.Bools(st.alive, st.hasMI, st.contact, st.hasTruth, st.hasStamps, st.motionStamped)
	w.I32(st.created)
	w.I32(st.deleted)
	w.U32(uint32(st.lastRoute))
	w.I32(st.lastRouteTick)
	for i := 0; i < NumChecked; i += 2 {
		w.U32(uint32(st.lastStamps.Incoming[i]) | uint32(st.lastStamps.Incoming[i+1])<<16)
		w.U32(uint32(st.lastStamps.Stored[i]) | uint32(st.lastStamps.Stored[i+1])<<16)
	}
	w.I32(st.truthTick)
	w.Position(&st.truth)
	// How far the last UpdatePosition lay below the dat ground
	// (world.go): a restored run's cause chains name it as the
	// run that reached the tick did.
	w.Bools(o.hasGround)
	w.F32(o.belowGround)
	w.I32(o.groundTick)
	// The transition's events' state (transit.go).
	w.Bools(st.wallOn, st.airborne)
	w.U32(st.wall.Cell)
	w.U32(st.wall.ID)
	w.U32(uint32(st.wall.Poly) | uint32(st.wall.Kind)<<16 | uint32(st.wall.Index)<<24)
	w.I32(st.wallTick)
	w.U32(st.airTop.Cell)
	w.F32(st.airTop.Origin[0])
	w.F32(st.airTop.Origin[1])
	w.F32(st.airTop.Origin[2])
	o.phys.AppendState(w)
	o.pm.AppendState(w)
	o.mi.AppendState(w)
	o.parts.AppendState(w, refs)
}

// loadObjectWords reads what appendObjectWords wrote into o. The caller
// wires o's collaborators afterwards.
func loadObjectWords(r *physics.StateReader, o *object, refs anim.AnimLookup) {
	st := &o.st
	r.Bools(&st.alive, &st.hasMI, &st.contact, &st.hasTruth, &st.hasStamps, &st.motionStamped)
	st.created = r.I32()
	st.deleted = r.I32()
	st.lastRoute = physics.Route(r.U32())
	st.lastRouteTick = r.I32()
	for i := 0; i < NumChecked; i += 2 {
		in, stored := r.U32(), r.U32()
		st.lastStamps.Incoming[i], st.lastStamps.Incoming[i+1] = uint16(in), uint16(in>>16)
		st.lastStamps.Stored[i], st.lastStamps.Stored[i+1] = uint16(stored), uint16(stored>>16)
	}
	st.truthTick = r.I32()
	r.Position(&st.truth)
	r.Bools(&o.hasGround)
	o.belowGround = r.F32()
	o.groundTick = r.I32()
	r.Bools(&st.wallOn, &st.airborne)
	st.wall.Cell = r.U32()
	st.wall.ID = r.U32()
	hw := r.U32()
	st.wall.Poly, st.wall.Kind, st.wall.Index = uint16(hw), eventlog.HitKind(hw>>16), uint8(hw>>24)
	st.wallTick = r.I32()
	st.airTop.Cell = r.U32()
	st.airTop.Origin[0] = r.F32()
	st.airTop.Origin[1] = r.F32()
	st.airTop.Origin[2] = r.F32()
	o.phys.LoadState(r)
	o.pm.LoadState(r)
	o.mi.LoadState(r)
	o.parts.LoadState(r, refs)
}

// Restoring a checkpoint: unpacking its objects' words (against its
// keyframe's, which a Sim keeps unpacked for the next restore near it) into
// the Sim's own slots, each then wired to its own collaborators.

// restorePoint is a checkpoint to restore and what it is packed against.
type restorePoint struct {
	store *checkpointStore
	index int
	cp    checkpoint
	key   checkpoint
	anims animList
}

// nearest returns the latest checkpoint strictly before tick (tick 0's for
// tick 0), and no later than limit.
func (c *checkpoints) nearest(tick, limit int) restorePoint {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	i := len(c.store.list) - 1
	if c.interval > 0 {
		i = min(i, max(tick-1, 0)/c.interval, limit/c.interval)
	}
	i = max(i, 0)
	for i > 0 && c.store.list[i].skipped {
		i--
	}
	cp := c.store.list[i]
	return restorePoint{store: c.store, index: i, cp: cp, key: c.store.list[cp.key], anims: c.store.refs.list}
}

// keyCache is the objects' words of the keyframe a Sim restored last, so
// seeks near each other unpack it once.
type keyCache struct {
	store *checkpointStore
	index int
	words []uint32
	ends  []int
}

// unpack makes k hold the words of key (list index index of store).
func (k *keyCache) unpack(store *checkpointStore, index int, key *checkpoint) {
	if k.store == store && k.index == index && k.ends != nil {
		return
	}
	k.store, k.index = nil, 0
	k.words, k.ends = k.words[:0], k.ends[:0]
	src := key.data
	for range key.nslots {
		var err error
		k.words, src, err = wordpack.Unpack(k.words, src, nil)
		if err != nil {
			panic(fmt.Sprintf("engine: keyframe at tick %d: %v", key.tick, err))
		}
		k.ends = append(k.ends, len(k.words))
	}
	k.store, k.index = store, index
}

// restore makes p's checkpoint the current state, wiring each restored
// physics object to this Sim's own collaborators. The words were written
// by this package from a live run, so words that do not unpack or load are
// a bug, not bad input: it panics.
func (s *Sim) restore(p *restorePoint) {
	cp := &p.cp
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
	k := &s.keyWords
	k.unpack(p.store, cp.key, &p.key)
	isKey := p.index == cp.key
	src := cp.data
	var anims anim.AnimLookup = p.anims // one conversion, not one an object
	moveTo := cp.moveTo
	for i, o := range s.slots[:s.nslots] {
		words := wordsOf(k.words, k.ends, i)
		if !isKey {
			var err error
			s.words, src, err = wordpack.Unpack(s.words[:0], src, words)
			if err != nil {
				panic(fmt.Sprintf("engine: checkpoint at tick %d: %v", cp.tick, err))
			}
			words = s.words
		}
		r := physics.StateReader{W: words}
		loadObjectWords(&r, o, anims)
		if r.Err != nil || len(r.W) != 0 {
			panic(fmt.Sprintf("engine: checkpoint at tick %d, slot %d: words do not load (%v)", cp.tick, i, r.Err))
		}
		if len(moveTo) > 0 && moveTo[0].slot == i {
			if o.mt == nil {
				o.mt = new(moveToBook)
			}
			*o.mt = moveTo[0].book
			moveTo = moveTo[1:]
		} else {
			o.mt = nil
		}
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

// Pop stages on demand: a run that logs its events without the stage
// record (Options.RecordStages costs the whole run a stage record a tick)
// logs its pops with no stage, and their cause chains cannot say what moved
// the body. A PopStager finds a pop's stage when one is asked about: it
// seeks a Sim of the same run that records stages — through the checkpoints
// it shares with the run, so it re-simulates at most a checkpoint interval
// and records the stages of the pop's tick alone — and reads the stage
// there, as flag.go does in a run that records them all.
// PopStager fills in the stage of pops logged without one. It is not safe
// for concurrent use.
type PopStager struct {
	sim *Sim
}

// NewPopStager makes a stager for src's run: a Sim over the same event
// store, reading, constants, world and length, with the stage record on
// and no log or metrics, sharing src's checkpoints (ShareCheckpoints). Read
// src's fields on the goroutine that steps it.
func NewPopStager(src *Sim) (*PopStager, error) {
	if src.store == nil || src.feed != nil {
		return nil, errors.New("engine: pop stages need a run over an event store")
	}
	opts := src.opts
	opts.Reading = src.reading
	opts.EventLog, opts.Metrics, opts.Explain, opts.Expect, opts.Sink = false, false, false, nil, nil
	opts.RecordStages = true
	sim, err := NewFromStore(src.store, opts)
	if err != nil {
		return nil, err
	}
	if err := sim.ShareCheckpoints(src); err != nil {
		return nil, err
	}
	return &PopStager{sim: sim}, nil
}

// Fill sets pop e's Stage, Distance and Sticky to what a run with
// Options.RecordStages logs (flag.go): the stage that displaced the body
// most in the pop's tick. It re-simulates from the checkpoint at or before
// the tick before the pop's (or steps on from the last pop asked about,
// when that is nearer). It reports false, leaving e as it was, when e is
// not a pop, already names its stage, or the object is not alive then.
//
// Sticky is read from the StickyManager's target before and after the tick,
// where the logging run reads the target its glide metrics noted after the
// last tick they measured — the same but for a body that came back into a
// cell (a teleport) the tick before.
func (p *PopStager) Fill(e *eventlog.Event) bool {
	if e.Kind != eventlog.EventPop || e.Stage != physics.NumStages || e.Tick < 1 {
		return false
	}
	s, tick := p.sim, int(e.Tick)
	s.Seek(tick - 1)
	o := s.find(e.GUID)
	if s.Tick() != tick-1 || o == nil {
		return false
	}
	before := o.pm.StickyObjectID()
	s.Step() // the pop's tick, with the stage record on
	if o = s.find(e.GUID); s.Tick() != tick || o == nil {
		return false
	}
	stage, moved := dominantStage(o)
	if stage == physics.NumStages {
		return false
	}
	e.Stage, e.Distance = stage, moved
	e.Sticky = stage == physics.StageAdjustOffset && (o.pm.StickyObjectID() != 0 || before != 0)
	return true
}
