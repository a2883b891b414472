// State words of a part array and a motion interpreter (physics/state.go):
// the flat form the engine's compact checkpoints store. An animation is
// written by reference (AnimRefs), never by value: animations are
// immutable and shared by every object of a motion table.

package anim

import (
	"errors"

	"glidepath/physics"
)

// AnimRefs numbers the animations states refer to: Ref gives a number
// for an animation, the same one every time.
type AnimRefs interface {
	Ref(a *Animation) uint32
}

// AnimLookup gives back the animation AnimRefs numbered.
type AnimLookup interface {
	Anim(ref uint32) (*Animation, bool)
}

// MaxStateNodes bounds the animation list LoadState accepts (a list holds
// a cycle, its links and a few actions).
const MaxStateNodes = 256

// AppendState writes the sequence's animation list and cursor, its
// velocity and omega, the pos_frame rule and the motion-table state. The
// table, the hook target and the caches are not state (the owner wires
// the first two; the caches are keyed on exact inputs).
func (p *PartArray) AppendState(w *physics.StateWriter, refs AnimRefs) {
	s := &p.seq
	w.U32(uint32(len(s.nodes)))
	for i := range s.nodes {
		n := &s.nodes[i]
		var ref uint32
		if n.Anim != nil {
			ref = refs.Ref(n.Anim) + 1
		}
		w.U32(ref)
		w.F32(n.Framerate)
		w.I32(n.LowFrame)
		w.I32(n.HighFrame)
	}
	w.I32(int32(s.firstCyclic))
	w.I32(int32(s.curr))
	w.F64(s.frameNumber)
	w.Vec3(s.velocity)
	w.Vec3(s.omega)
	w.U32(uint32(s.posFrames))
	st := &p.state
	w.U32(uint32(st.substate))
	w.F32(st.substateMod)
	for _, m := range st.modifiers {
		w.U32(uint32(m.motion))
		w.F32(m.speed)
	}
}

// LoadState reads what AppendState wrote, reusing the animation list's
// storage; a count, index or reference out of range sets r.Err.
func (p *PartArray) LoadState(r *physics.StateReader, refs AnimLookup) {
	s := &p.seq
	n := r.U32()
	if n > MaxStateNodes {
		r.Fail(errors.New("state words: animation list too long"))
		return
	}
	clear(s.nodes)
	s.nodes = s.nodes[:0]
	for range n {
		var node AnimSequenceNode
		if ref := r.U32(); ref != 0 {
			a, ok := refs.Anim(ref - 1)
			if !ok {
				r.Fail(errors.New("state words: unknown animation"))
				return
			}
			node.Anim = a
		}
		node.Framerate = r.F32()
		node.LowFrame = r.I32()
		node.HighFrame = r.I32()
		s.nodes = append(s.nodes, node)
	}
	s.firstCyclic = int(r.I32())
	s.curr = int(r.I32())
	if top := max(len(s.nodes)-1, 0); s.firstCyclic < 0 || s.firstCyclic > top || s.curr < 0 || s.curr > top {
		r.Fail(errors.New("state words: animation cursor out of the list"))
		s.firstCyclic, s.curr = 0, 0
	}
	s.frameNumber = r.F64()
	s.velocity = r.Vec3()
	s.omega = r.Vec3()
	s.physicsChanged() // still is derived from velocity and omega
	s.posFrames = PosFrameRule(r.U32())
	st := &p.state
	st.substate = motionOf(r)
	st.substateMod = r.F32()
	for i := range st.modifiers {
		st.modifiers[i].motion = motionOf(r)
		st.modifiers[i].speed = r.F32()
	}
}

// motionOf reads a motion command, which must be one Glidepath knows.
func motionOf(r *physics.StateReader) Motion {
	v := r.U32()
	if v > 0xFF || !Motion(v).Valid() {
		r.Fail(errors.New("state words: unknown motion"))
		return 0
	}
	return Motion(v)
}

// AppendState writes the motion interpreter's state.
func (m *MotionInterp) AppendState(w *physics.StateWriter) {
	st := &m.state
	w.U32(uint32(st.Forward))
	w.F32(st.ForwardSpeed)
	w.U32(uint32(st.Sidestep))
	w.F32(st.SidestepSpeed)
	w.U32(uint32(st.Turn))
	w.F32(st.TurnSpeed)
	w.F32(st.RunRate)
	w.Bools(st.HasRunRate, st.MovingTo, m.moveTo)
	w.F32(m.myRunRate)
	w.F32(m.currentSpeedFactor)
	w.U32(uint32(m.serverActionStamp))
}

// LoadState reads what AppendState wrote.
func (m *MotionInterp) LoadState(r *physics.StateReader) {
	st := &m.state
	st.Forward = motionOf(r)
	st.ForwardSpeed = r.F32()
	st.Sidestep = motionOf(r)
	st.SidestepSpeed = r.F32()
	st.Turn = motionOf(r)
	st.TurnSpeed = r.F32()
	st.RunRate = r.F32()
	r.Bools(&st.HasRunRate, &st.MovingTo, &m.moveTo)
	m.myRunRate = r.F32()
	m.currentSpeedFactor = r.F32()
	m.serverActionStamp = uint16(r.U32())
}
