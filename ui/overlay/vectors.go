// Stage vectors (seed 003 §2): the tick's root motion, the offset
// adjust_offset left and the physics step, each an arrow from the body drawn
// × tick rate — the speed it implies over a second — so a 13 cm step reads
// as a 4 m arrow.

package overlay

import (
	"image/color"

	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// vectorLift raises the arrows off the ground, metres, so they are not
// hidden by the ground they lie on; each kind its own height so they do not
// overlap.
var vectorLift = [3]float64{0.15, 0.3, 0.45}

func (d *Drawer) vectors(c draw.Canvas, sc *Scene, on Set) {
	scale := float64(max(sc.TickRate, 1))
	// In a crowded view long arrows cross other bodies: every arrow but
	// the selection's is capped at crowdedArrowPixels.
	n := 0
	for i := range sc.Snap.Objects {
		if d.detail[i] {
			n++
		}
	}
	capLen := 0.0
	if n > crowdedObjects {
		capLen = sc.MetresPerPixel * crowdedArrowPixels
	}
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		g := model.Geometry(o)
		if !g.OK {
			continue
		}
		pos := model.Global(&o.Position)
		limit := capLen
		if o.GUID == sc.Selected {
			limit = 0
		}
		if on.Has(RootMotion) {
			vector(c, pos, g.RootMotion, scale, limit, vectorLift[0], RootMotionColor, 2)
		}
		if on.Has(Offset) {
			vector(c, pos, g.Offset, scale, limit, vectorLift[1], OffsetColor, 2.5)
		}
		if on.Has(PhysicsStep) {
			vector(c, pos, g.PhysicsStep, scale, limit, vectorLift[2], PhysicsStepColor, 2)
		}
	}
}

// A view with more than crowdedObjects bodies drawn in full caps their
// arrows at crowdedArrowPixels.
const (
	crowdedObjects     = 8
	crowdedArrowPixels = 40
)

// minVector is the shortest vector drawn, metres after scaling.
const minVector = 0.05

// vector draws v × scale from at, no longer than limit metres (0: any).
func vector(c draw.Canvas, at, v draw.Vec3, scale, limit, lift float64, col color.RGBA, width float32) {
	v = v.Mul(scale)
	if v.Len() < minVector {
		return
	}
	if l := v.Len(); limit > 0 && l > limit {
		v = v.Mul(limit / l)
	}
	from := at.Add(draw.Vec3{0, 0, lift})
	c.Arrow(from, from.Add(v), draw.Stroke{Width: width, Color: col})
}
