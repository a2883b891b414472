// An object's state as checkpoint words (physics/state.go): the engine's
// bookkeeping, then the physics object, the position manager, the motion
// interpreter and the part array, each in its package's own words. The
// collaborators are not words: restoring wires each object to its own slot.
// Nor is a move-to book, which few objects have: a checkpoint keeps those
// as value copies beside the words (checkpoint.go). Nor is what is fixed
// when the slot is made — its entity, table and Setup shape (shape,
// hasShape, read from the dat files).

package engine

import (
	"glidepath/physics"
	"glidepath/physics/anim"
)

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
	w.Bools(st.alive, st.hasMI, st.contact, st.hasTruth, st.hasStamps)
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
	o.phys.AppendState(w)
	o.pm.AppendState(w)
	o.mi.AppendState(w)
	o.parts.AppendState(w, refs)
}

// loadObjectWords reads what appendObjectWords wrote into o. The caller
// wires o's collaborators afterwards.
func loadObjectWords(r *physics.StateReader, o *object, refs anim.AnimLookup) {
	st := &o.st
	r.Bools(&st.alive, &st.hasMI, &st.contact, &st.hasTruth, &st.hasStamps)
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
	o.phys.LoadState(r)
	o.pm.LoadState(r)
	o.mi.LoadState(r)
	o.parts.LoadState(r, refs)
}
