// Row capture: the states table's row of each object, written in the
// UpdateObjectInternal pass right after the object's update — its final
// state for the tick — while the object is still in the cache, on the core
// that updated it (the pass may be split, parallel.go), and straight into
// the batch the table writer hands to the encoder: before the pass the
// writer reserves one row per live slot (TableWriter.reserve), so no row is
// copied after the tick.

package engine

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/tables"
)

// rowCapture is where the pass writes each live slot's row this tick.
type rowCapture struct {
	w   *TableWriter
	run int
	// tick is the tick rows were reserved for (-1: none); at is each
	// slot's row in dst (-1: none), keys each slot's tables.StateValues.Key.
	tick     int
	at       []int32
	dst      []tables.StateValues
	keys     []int32
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

// begin reserves the rows of the tick about to be simulated; it runs
// before the pass, never during.
func (c *rowCapture) begin(s *Sim) {
	for len(c.headings) < s.nslots {
		c.headings = append(c.headings, slotHeading{})
	}
	c.w.reserve(s, c.run)
}

// take writes o's row; it reads o and writes o's row alone.
func (c *rowCapture) take(s *Sim, o *object) {
	if c.tick != s.tick {
		return
	}
	if i := c.at[o.slot]; i >= 0 {
		stateValues(o, c.keys[o.slot], &c.headings[o.slot], &c.dst[i])
	}
}

// stateValues fills v with o's state row (key its Key), h caching its
// heading.
func stateValues(o *object, key int32, h *slotHeading, v *tables.StateValues) {
	pos := o.phys.Position()
	g := pos.Global()
	if !h.ok || h.rot != pos.Frame.Rot {
		h.rot, h.deg, h.ok = pos.Frame.Rot, o.phys.Heading(), true
	}
	*v = tables.StateValues{
		Key:     key,
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
