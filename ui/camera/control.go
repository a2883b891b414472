// Camera controls as math: pan by dragging the ground, zoom towards the
// cursor, orbit, follow a point and frame a bounding box. Each takes the
// viewport and pixel positions, so gestures are unit-testable without a
// display; input.go turns mouse state into these calls.

package camera

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Pan moves the camera so the ground point under pixel (fromX, fromY) ends up
// under (toX, toY). The ground is the horizontal plane through the target.
// When either pixel looks above the horizon, it pans by the pixel delta at
// the target's scale instead.
func (c *Camera) Pan(vp Viewport, fromX, fromY, toX, toY float64) {
	v := c.View(vp)
	a, okA := v.GroundPoint(fromX, fromY, c.Target[2])
	b, okB := v.GroundPoint(toX, toY, c.Target[2])
	if okA && okB {
		c.Target = c.Target.Add(a.Sub(b))
	} else {
		mpp := v.MetresPerPixel(c.Target)
		dx, dy := (toX-fromX)*mpp, (toY-fromY)*mpp
		c.Target = c.Target.Sub(v.Right.Mul(dx)).Add(v.Up.Mul(dy))
	}
	c.Normalize()
}

// ZoomAt multiplies the span by factor (below 1 zooms in) keeping the ground
// point under pixel (x, y) where it is. If (x, y) looks above the horizon it
// zooms towards the target.
func (c *Camera) ZoomAt(vp Viewport, x, y, factor float64) {
	if !(factor > 0) || !finite(factor) {
		return
	}
	v := c.View(vp)
	before, ok := v.GroundPoint(x, y, c.Target[2])
	c.Span *= factor
	c.Normalize()
	if !ok {
		return
	}
	v = c.View(vp)
	after, ok := v.GroundPoint(x, y, c.Target[2])
	if ok {
		c.Target = c.Target.Add(before.Sub(after))
		c.Normalize()
	}
}

// Orbit turns the camera about its target: yaw in every mode, pitch only for
// the perspective camera. Degrees.
func (c *Camera) Orbit(dYaw, dPitch float64) {
	c.Yaw += dYaw
	if c.Mode == Perspective {
		c.Pitch += dPitch
	}
	c.Normalize()
}

// Follow centres the camera on p, keeping zoom and direction.
func (c *Camera) Follow(p Vec3) {
	c.Target = p
	c.Normalize()
}

// FrameBox centres the camera on the box [lo, hi] and zooms so all of it fits
// in the viewport with a margin.
func (c *Camera) FrameBox(vp Viewport, lo, hi Vec3) {
	for i := range lo {
		if lo[i] > hi[i] {
			lo[i], hi[i] = hi[i], lo[i]
		}
	}
	c.Target = lo.Add(hi).Mul(0.5)
	v := c.View(vp) // for the aspect and the view axes
	aspect := v.Viewport.W / v.Viewport.H
	const margin = 1.1
	var w, h, dist float64
	tanY := math.Tan(mgl64.DegToRad(FovY)/2) / margin
	tanX := tanY * aspect
	for i := range 8 {
		p := Vec3{pick(i&1, lo[0], hi[0]), pick(i&2, lo[1], hi[1]), pick(i&4, lo[2], hi[2])}.Sub(c.Target)
		x, y, z := p.Dot(v.Right), p.Dot(v.Up), p.Dot(v.Forward)
		// Orthographic: the extent along the view's right and up axes.
		w = math.Max(w, 2*math.Abs(x))
		h = math.Max(h, 2*math.Abs(y))
		// Perspective: the eye distance that puts the corner inside the
		// frustum, z being how much farther than the target it lies.
		dist = math.Max(dist, math.Max(math.Abs(x)/tanX, math.Abs(y)/tanY)-z)
	}
	if c.Mode == Perspective {
		c.Span = 2 * dist * math.Tan(mgl64.DegToRad(FovY)/2)
	} else {
		c.Span = math.Max(h, w/aspect) * margin
	}
	c.Normalize()
}

func pick(bit int, a, b float64) float64 {
	if bit != 0 {
		return b
	}
	return a
}
