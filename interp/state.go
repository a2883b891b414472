// State words of a PositionManager (physics/state.go): the flat form the
// engine's compact checkpoints store — the clock, which sub-managers exist,
// and their state with only the queue's live nodes. Like a Snapshot it
// holds no references; unlike one it leaves out the reading and the
// Constants, which a run never changes: loading keeps the manager's own.

package interp

import (
	"errors"

	"glidepath/physics"
)

// AppendState writes the manager's state.
func (pm *PositionManager) AppendState(w *physics.StateWriter) {
	w.F64(pm.now)
	w.Bools(pm.interp != nil, pm.sticky != nil, pm.constraint != nil)
	if m := pm.interp; m != nil {
		st := &m.st
		w.U32(uint32(st.queue.Len()))
		for i := range st.queue.Len() {
			n := st.queue.at(i)
			w.U32(uint32(n.Type))
			w.Position(&n.Position)
			w.Vec3(n.Velocity)
		}
		w.Bools(st.keepHeading, st.useAdjustedSpeed)
		w.U32(st.frameCounter)
		w.F32(st.originalDistance)
		w.F32(st.progressQuantum)
		w.I32(st.nodeFailCounter)
		w.Position(&st.bliptoPosition)
	}
	if m := pm.sticky; m != nil {
		st := &m.st
		w.U32(st.TargetID)
		w.F32(st.TargetRadius)
		w.Position(&st.TargetPosition)
		w.Bools(st.Initialized)
		w.F64(st.TimeoutTime)
	}
	if m := pm.constraint; m != nil {
		st := &m.st
		w.Bools(st.Constrained)
		w.Position(&st.Position)
		w.F32(st.Start)
		w.F32(st.Max)
		w.F32(st.Offset)
		w.F32(st.LastScale)
	}
}

// LoadState reads what AppendState wrote: the manager then evolves exactly
// as the one written did. A sub-manager the words do not have is removed;
// the queue's ring starts at its head. A node count over the ring's
// capacity sets r.Err.
func (pm *PositionManager) LoadState(r *physics.StateReader) {
	pm.now = r.F64()
	var hasInterp, hasSticky, hasConstraint bool
	r.Bools(&hasInterp, &hasSticky, &hasConstraint)
	if hasInterp {
		m := pm.makeInterpolation()
		m.reading = pm.reading
		st := &m.st
		q := &st.queue
		for q.Len() > 0 {
			q.popFront()
		}
		n := r.U32()
		if n > queueCapacity {
			r.Fail(errors.New("state words: more queued nodes than the queue holds"))
			return
		}
		for range n {
			var node Node
			node.Type = NodeType(r.U32())
			r.Position(&node.Position)
			node.Velocity = r.Vec3()
			q.pushBack(node)
		}
		r.Bools(&st.keepHeading, &st.useAdjustedSpeed)
		st.frameCounter = r.U32()
		st.originalDistance = r.F32()
		st.progressQuantum = r.F32()
		st.nodeFailCounter = r.I32()
		r.Position(&st.bliptoPosition)
	} else {
		pm.interp = nil
	}
	if hasSticky {
		st := &pm.makeSticky().st
		st.TargetID = r.U32()
		st.TargetRadius = r.F32()
		r.Position(&st.TargetPosition)
		r.Bools(&st.Initialized)
		st.TimeoutTime = r.F64()
	} else {
		pm.sticky = nil
	}
	if hasConstraint {
		c := pm.makeConstraint()
		c.reading = pm.reading
		st := &c.st
		r.Bools(&st.Constrained)
		r.Position(&st.Position)
		st.Start = r.F32()
		st.Max = r.F32()
		st.Offset = r.F32()
		st.LastScale = r.F32()
	} else {
		pm.constraint = nil
	}
}
