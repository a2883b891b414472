// Restoring a checkpoint: unpacking its objects' words (against its
// keyframe's, which a Sim keeps unpacked for the next restore near it) into
// the Sim's own slots, each then wired to its own collaborators.

package engine

import (
	"fmt"

	"glidepath/engine/wordpack"
	"glidepath/physics"
	"glidepath/physics/anim"
)

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
