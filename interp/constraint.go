// ConstraintManager: keeps a body within [start, max] metres of the last
// server position by scaling the tick's offset (seed 004 §0: ConstrainTo
// after every successful MoveOrTeleport; ACE ConstraintManager.cs;
// READINGS.md item 8).

package interp

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// ConstraintState is ConstraintManager's data (ACE ConstraintManager.cs).
type ConstraintState struct {
	// Constrained is is_constrained.
	Constrained bool
	// Position is constraint_pos, the anchor.
	Position physics.Position
	// Start and Max are constraint_distance_start / _max.
	Start, Max float32
	// Offset is constraint_pos_offset, the running offset the scale reads.
	Offset float32
	// LastScale is the factor the last AdjustOffset applied to the offset's
	// translation: 1 below start, (max − off)/(max − start) between, 0 past
	// max. Not retail state; the stage trace shows it.
	LastScale float32
}

// ConstraintManager is retail's ConstraintManager.
type ConstraintManager struct {
	st      ConstraintState
	reading Reading
	body    Body
	read    bodyReader // how body's Contact bit is read
}

// ConstrainTo is ConstraintManager::ConstrainTo: anchor at p with the start
// and max distances, seeding the running offset with the body's distance to
// p.
func (c *ConstraintManager) ConstrainTo(p *physics.Position, start, max float32) {
	if c.body == nil || p == nil || !finitePosition(p) || !finite(start) || !finite(max) {
		return
	}
	c.st.Constrained = true
	c.st.Position = *p
	c.st.Start = start
	c.st.Max = max
	bp := c.body.Position()
	c.st.Offset = p.Distance(&bp)
}

// Unconstrain is ConstraintManager::UnConstrain.
func (c *ConstraintManager) Unconstrain() { c.st.Constrained = false }

// IsFullyConstrained is ConstraintManager::IsFullyConstrained: the running
// offset is past 90 % of max.
func (c *ConstraintManager) IsFullyConstrained() bool {
	return c.st.Max*FullyConstrainedFraction < c.st.Offset
}

// State returns the constraint's data.
func (c *ConstraintManager) State() ConstraintState { return c.st }

// AdjustOffset is ConstraintManager::adjust_offset. In contact, with the
// running offset off: below max and above start the translation is scaled by
// (max − off)/(max − start); at or past max it is zeroed. Then the running
// offset takes the translation's length (ConstraintAssign) or adds it
// (ConstraintAccumulate).
func (c *ConstraintManager) AdjustOffset(offset *physics.Frame, dt float64) {
	if c.body == nil || !c.st.Constrained || offset == nil {
		return
	}
	c.st.LastScale = 1
	if c.read.inContact(c.body) {
		off := c.st.Offset
		if off < c.st.Max {
			if off > c.st.Start {
				s := float32((c.st.Max - off) / (c.st.Max - c.st.Start))
				offset.Origin = offset.Origin.Mul(s)
				c.st.LastScale = s
			}
		} else {
			offset.Origin = mgl32.Vec3{}
			c.st.LastScale = 0
		}
	}
	l := offset.Origin.Len()
	switch c.reading.ConstraintOffset {
	case ConstraintAssign:
		c.st.Offset = l
	case ConstraintAccumulate:
		c.st.Offset = float32(c.st.Offset + l)
	}
}

// UseTime is ConstraintManager::UseTime, which does nothing (ACE).
func (c *ConstraintManager) UseTime() {}
