// PartArray: CPartArray as the per-tick pipeline sees it — the one shared
// CSequence that drives the root frame, and the motion-table state that
// decides which MotionData is loaded into it (seed 002 §1, §5; seed 003
// §11; table handling after ACE MotionTable.cs GetObjectSequence).

package anim

import (
	"fmt"

	"glidepath/physics"
)

// Modifier slots of the motion state: the interpreted state's sidestep and
// turn, layered on the forward cycle with combine_motion.
const (
	slotSidestep = iota
	slotTurn
	numSlots
)

// motionState is the part of retail's MotionState (substate, substate_mod,
// modifier list) Glidepath needs: the forward cycle and its speed, and the
// sidestep and turn modifiers with theirs.
type motionState struct {
	substate    Motion
	substateMod float32
	modifiers   [numSlots]modifier
}

type modifier struct {
	motion Motion
	speed  float32
}

// PartArray is a CPartArray: its sequence and its motion table state. All
// state is plain values plus the immutable motion table, so CopyFrom and
// Clone are deep copies.
type PartArray struct {
	seq   Sequence
	table *MotionTable
	state motionState
}

// Compile-time check: the physics object reaches its part array through
// physics.PartArray (physics/object.go).
var _ physics.PartArray = (*PartArray)(nil)

// NewPartArray returns a part array playing table's default state: the
// Ready cycle at speed 1 (CMotionTable::SetDefaultState, ACE
// MotionTable.cs). A nil table gives an empty sequence.
func NewPartArray(table *MotionTable) *PartArray {
	p := &PartArray{table: table}
	if table != nil {
		p.seq.ClearPhysics()
		p.seq.ClearAnimations()
		AddMotion(&p.seq, table.Motion(Ready), 1)
		p.state = motionState{substate: Ready, substateMod: 1}
	}
	return p
}

// Update is CPartArray::Update (0x00517DB0, seed 002 §1): a one-line
// forwarder to CSequence::update, which writes the tick's root motion into
// offset.
func (p *PartArray) Update(dt float64, offset *physics.Frame) {
	p.seq.Update(dt, offset)
}

// Sequence returns the part array's sequence.
func (p *PartArray) Sequence() *Sequence { return &p.seq }

// Table returns the motion table, or nil.
func (p *PartArray) Table() *MotionTable { return p.table }

// Cycle returns the forward cycle's motion and the speed it was loaded with
// (MotionState substate and substate_mod).
func (p *PartArray) Cycle() (Motion, float32) { return p.state.substate, p.state.substateMod }

// Modifiers returns the sidestep and turn modifiers layered on the cycle
// (MotionNone when a slot is empty) with their speeds.
func (p *PartArray) Modifiers() (sidestep Motion, sidestepSpeed float32, turn Motion, turnSpeed float32) {
	s, t := p.state.modifiers[slotSidestep], p.state.modifiers[slotTurn]
	return s.motion, s.speed, t.motion, t.speed
}

// motionData returns the table's MotionData for m or an error naming the
// table and motion.
func (p *PartArray) motionData(m Motion) (*MotionData, error) {
	if p.table == nil {
		return nil, fmt.Errorf("no motion table")
	}
	md := p.table.Motion(m)
	if md == nil {
		return nil, fmt.Errorf("motion table %s has no %s", p.table.name, m)
	}
	return md, nil
}

// setCycle makes m at speed the forward cycle (CMotionTable::
// GetObjectSequence, substate branch, after ACE MotionTable.cs). The same
// cycle at a speed of the same sign is retimed in place —
// change_cycle_speed, subtract_motion of the old speed, combine_motion of
// the new — so the cycle keeps its phase. Otherwise the physics are
// cleared, the cyclic nodes removed, the link from the old cycle to the new
// one added with add_motion when the table has one (a client's table read
// from the dat files; the shipped tables have no links), the cycle added
// with add_motion (which assigns velocity and omega, replacing the
// link's) and the modifiers added back with combine_motion (re_modify). The
// caller has checked that md exists.
func (p *PartArray) setCycle(m Motion, md *MotionData, speed float32) {
	st := &p.state
	if m == st.substate && p.seq.HasAnims() && sign(speed) == sign(st.substateMod) {
		if old := p.table.Motion(st.substate); old != nil {
			changeCycleSpeed(&p.seq, st.substateMod, speed)
			SubtractMotion(&p.seq, old, st.substateMod)
			CombineMotion(&p.seq, md, speed)
			st.substateMod = speed
			return
		}
	}
	p.seq.ClearPhysics()
	p.seq.RemoveCyclicAnims()
	if m != st.substate && speed > 0 && st.substateMod > 0 {
		// CMotionTable::get_link: a client's table plays the link's
		// animations before the new cycle (the shipped tables have none).
		// A link is taken forwards only; reversed speeds play none.
		AddMotion(&p.seq, p.table.Link(st.substate, m), speed)
	}
	AddMotion(&p.seq, md, speed)
	st.substate, st.substateMod = m, speed
	p.reModify()
}

// reModify is CMotionTable::re_modify: combine every active modifier back
// into the sequence's physics after add_motion clobbered them.
func (p *PartArray) reModify() {
	for _, mod := range p.state.modifiers {
		if mod.motion != MotionNone {
			CombineMotion(&p.seq, p.table.Motion(mod.motion), mod.speed)
		}
	}
}

// setModifier puts m (whose MotionData is md) at speed in a modifier slot:
// the old modifier's physics are subtracted (subtract_motion) and the new
// one's combined (combine_motion). Modifiers append no animations.
// MotionNone (md nil) empties the slot.
func (p *PartArray) setModifier(slot int, m Motion, md *MotionData, speed float32) {
	cur := &p.state.modifiers[slot]
	if cur.motion == m && cur.speed == speed {
		return
	}
	if cur.motion != MotionNone {
		SubtractMotion(&p.seq, p.table.Motion(cur.motion), cur.speed)
	}
	if m != MotionNone {
		CombineMotion(&p.seq, md, speed)
	} else {
		speed = 0
	}
	*cur = modifier{motion: m, speed: speed}
}

// PlayAction plays motion m once at speed and then returns to the current
// cycle (CMotionTable::GetObjectSequence, action branch, after ACE
// MotionTable.cs without link animations): physics cleared, cyclic nodes
// removed, add_motion of the action (its nodes become links), add_motion of
// the cycle at its speed — whose velocity and omega replace the action's —
// and the modifiers combined back. The action's baked pos_frames still move
// the body while its nodes play.
func (p *PartArray) PlayAction(m Motion, speed float32) error {
	if !finite(speed) {
		return fmt.Errorf("action speed must be finite")
	}
	md, err := p.motionData(m)
	if err != nil {
		return err
	}
	cycle, err := p.motionData(p.state.substate)
	if err != nil {
		return err
	}
	p.seq.ClearPhysics()
	p.seq.RemoveCyclicAnims()
	AddMotion(&p.seq, md, speed)
	AddMotion(&p.seq, cycle, p.state.substateMod)
	p.reModify()
	return nil
}

// SetPosFrameRule chooses how the sequence applies crossed keyframes'
// pos_frames (a reading, docs/readings.md item 13).
func (p *PartArray) SetPosFrameRule(r PosFrameRule) { p.seq.SetPosFrameRule(r) }

// CopyFrom makes p a deep copy of src (sequence, table, motion state),
// reusing p's storage; p's sequence keeps its hook target.
func (p *PartArray) CopyFrom(src *PartArray) {
	p.seq.CopyFrom(&src.seq)
	p.table = src.table
	p.state = src.state
}

// Clone returns a deep copy of p whose sequence has no hook target.
func (p *PartArray) Clone() *PartArray {
	c := &PartArray{}
	c.CopyFrom(p)
	return c
}

// sign is −1, 0 or +1 (Math.Sign in ACE's same-cycle test).
func sign(x float32) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
