// Leash and sticky: the position managers that hold a body to a place or to
// another body. The ConstraintManager's leash — constraint_pos, the start
// distance inside which the offset runs free and the max distance at which
// it is stopped, and a line from constraint_pos to the body shaded by the
// last offset scale (docs/pipeline.md; seed 004 §0, ACE ConstraintManager)
// — and the StickyManager's pull: the standoff ring around the target and
// an arrow from the body for the planar distance still to close (its own
// vector, so it is not mistaken for the interpolation offset).

package overlay

import (
	"image/color"
	"math"

	"glidepath/ui/draw"
	"glidepath/ui/model"
)

func (d *Drawer) leashes(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		o := &sc.Snap.Objects[i]
		if !d.detail[i] {
			continue
		}
		if o.Constrained {
			d.leash(c, sc, i)
		}
		if o.Stuck {
			sticky(c, model.Global(&o.Position), model.Global(&o.Sticky.TargetPosition), float64(o.StickyStandoff))
		}
	}
}

// leash draws object i's constraint: rings at start and max distance
// around constraint_pos and the line to the body.
func (d *Drawer) leash(c draw.Canvas, sc *Scene, i int) {
	o := &sc.Snap.Objects[i]
	st := &o.Constraint
	p := st.Position
	at := model.Global(&p)
	c.Circle(at, float64(st.Start), draw.Stroke{Width: 1.5, Color: LeashColor, Layer: draw.Ground})
	c.Circle(at, float64(st.Max), draw.Stroke{Width: 2, Color: LeashMaxColor, Layer: draw.Ground})
	c.Marker(at, draw.Marker{Shape: draw.Diamond, Radius: 4, Color: LeashColor})
	// The line fades as the scale falls: full while the offset runs free,
	// faint where the leash holds it back.
	a := float32(math.Max(math.Min(float64(st.LastScale), 1), 0.25))
	lift := draw.Vec3{0, 0, 0.1}
	c.Line(at.Add(lift), model.Global(&o.Position).Add(lift), draw.Stroke{Width: 1.5, Color: draw.Fade(LeashColor, a)})
}

// sticky draws the standoff ring around the target and the arrow from the
// body toward it, as long as the planar gap to the standoff.
func sticky(c draw.Canvas, body, target draw.Vec3, standoff float64) {
	c.Circle(target, standoff, draw.Stroke{Width: 1.5, Color: StickyColor, Layer: draw.Ground})
	g := target.Sub(body)
	g[2] = 0
	l := g.Len()
	if l < 1e-6 {
		return
	}
	gap := l - standoff
	if math.Abs(gap) < minVector {
		c.Marker(body.Add(draw.Vec3{0, 0, vectorLift[1]}), draw.Marker{Shape: draw.Diamond, Radius: 3, Color: StickyColor})
		return
	}
	from := body.Add(draw.Vec3{0, 0, vectorLift[1] + 0.1})
	c.Arrow(from, from.Add(g.Mul(gap/l)), draw.Stroke{Width: 2.5, Color: StickyColor})
}

// Leash and sticky colours.
var (
	LeashColor    = color.RGBA{0xa0, 0x8c, 0xff, 0xff}
	LeashMaxColor = color.RGBA{0x6c, 0x4c, 0xe0, 0xff}
	StickyColor   = color.RGBA{0xff, 0x6f, 0xd8, 0xff}
)
