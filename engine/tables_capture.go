// Row capture: the states table's row of each object, taken in the
// UpdateObjectInternal pass right after the object's update — its final
// state for the tick — while the object is still in the cache, and on the
// core that updated it (the pass may be split, parallel.go). The table
// writer then copies the captured rows in slot order instead of visiting
// every object again after the tick.

package engine

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/tables"
)

// rowCapture holds one row per slot, with the tick it was taken at.
type rowCapture struct {
	tick     []int32
	rows     []tables.StateValues
	headings []slotHeading
}

// slotHeading is a heading and the rotation (Frame.Rot) it belongs to: the
// heading costs an atan2, and an object's rotation stays the same over
// most ticks.
type slotHeading struct {
	rot mgl32.Quat
	deg float32
	ok  bool
}

// grow makes room for n slots; it runs before the pass, never during.
func (c *rowCapture) grow(n int) {
	for len(c.tick) < n {
		c.tick = append(c.tick, -1)
		c.rows = append(c.rows, tables.StateValues{})
		c.headings = append(c.headings, slotHeading{})
	}
}

// take captures o's row; it reads o and writes o's slot alone.
func (c *rowCapture) take(s *Sim, o *object) {
	stateValues(o, &c.headings[o.slot], &c.rows[o.slot])
	c.tick[o.slot] = int32(s.tick)
}

// stateValues fills v with o's state row (all but Key), h caching its
// heading.
func stateValues(o *object, h *slotHeading, v *tables.StateValues) {
	pos := o.phys.Position()
	g := pos.Global()
	if !h.ok || h.rot != pos.Frame.Rot {
		h.rot, h.deg, h.ok = pos.Frame.Rot, o.phys.Heading(), true
	}
	*v = tables.StateValues{
		GUID:    o.guid,
		Cell:    pos.Cell,
		X:       float64(pos.Frame.Origin[0]),
		Y:       float64(pos.Frame.Origin[1]),
		Z:       float64(pos.Frame.Origin[2]),
		GX:      g[0],
		GY:      g[1],
		Heading: float64(h.deg),
		Contact: o.phys.InContact(),
	}
	if im := o.pm.Interpolation(); im != nil {
		v.Queue, v.Fail = int32(im.QueueLen()), int32(im.FailCounter())
	}
	// truthError's measure, on the position already read.
	if o.st.hasTruth && pos.Cell != 0 {
		v.Error, v.HasError = float64(o.st.truth.Offset(&pos).Len()), true
	}
}
