// Keeping a point in view: the follow camera's step. The point is kept
// within the middle third of the viewport (each axis); outside it the
// camera eases towards it a share of the way each step, and a point that
// is about to leave the view (beyond the middle 80 %) or is off screen is
// brought back to the third's edge at once, so a blip never leaves the
// followed body out of frame for a single frame.

package camera

import "math"

const (
	// keepInner is the share of each axis the kept point stays within:
	// the middle third.
	keepInner = 1.0 / 3
	// keepOuter is the share beyond which the camera jumps instead of
	// easing: the middle 80 %.
	keepOuter = 0.8
)

// MiddleThird is the viewport's middle third on each axis, the rectangle
// Keep holds a followed point in: x0, y0, x1, y1 in pixels.
func (v Viewport) MiddleThird() (x0, y0, x1, y1 float64) {
	return v.inset(keepInner)
}

// inset is the centred rectangle share wide and high of the viewport.
func (v Viewport) inset(share float64) (x0, y0, x1, y1 float64) {
	mx, my := v.W*(1-share)/2, v.H*(1-share)/2
	return v.X + mx, v.Y + my, v.X + v.W - mx, v.Y + v.H - my
}

// Keep moves the camera so p stays within the viewport's middle third:
// when p's pixel is outside it, the camera pans ease (0 < ease ≤ 1) of the
// way that brings p to the third's nearest edge, and all the way when p is
// beyond the middle 80 % or behind the camera. It also eases the target's
// height towards p's. It reports whether the camera moved.
func (c *Camera) Keep(vp Viewport, p Vec3, ease float64) bool {
	if vp.W <= 0 || vp.H <= 0 {
		c.Follow(p)
		return true
	}
	ease = math.Min(math.Max(ease, 0), 1)
	moved := false
	if dz := p[2] - c.Target[2]; dz != 0 {
		c.Target[2] += dz * ease
		moved = true
	}
	for range 3 { // the perspective camera's pan is not linear: settle it
		v := c.View(vp)
		sx, sy, ok := v.Project(p)
		if !ok || !finite(sx) || !finite(sy) {
			c.Follow(p)
			return true
		}
		x0, y0, x1, y1 := vp.MiddleThird()
		tx, ty := math.Min(math.Max(sx, x0), x1), math.Min(math.Max(sy, y0), y1)
		if tx == sx && ty == sy {
			return moved
		}
		k := ease
		if ox0, oy0, ox1, oy1 := vp.inset(keepOuter); sx < ox0 || sx > ox1 || sy < oy0 || sy > oy1 {
			k = 1
		}
		c.Pan(vp, sx, sy, sx+(tx-sx)*k, sy+(ty-sy)*k)
		moved = true
		if k < 1 {
			return true
		}
	}
	return moved
}
