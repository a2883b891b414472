// Clip space: the hand-written world → clip multiply, clipping of polygons
// and polylines against the near plane (before the perspective divide, so
// nothing behind the eye is ever divided), and the screen-space tests that
// drop back faces and triangles wholly outside the viewport.

package render

import (
	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

// clipPt is a point in clip space with the fade factor a polyline carries.
type clipPt struct {
	x, y, z, w float64
	a          float32
}

// nearDist is the signed distance-like value of the near-plane test:
// visible when z ≥ -w.
func (p clipPt) nearDist() float64 { return p.z + p.w }

func (p clipPt) inFront() bool { return p.z+p.w >= 0 && p.w > 0 }

// lerpClip interpolates clip points (and fade) by t.
func lerpClip(p, q clipPt, t float64) clipPt {
	return clipPt{
		p.x + (q.x-p.x)*t, p.y + (q.y-p.y)*t, p.z + (q.z-p.z)*t, p.w + (q.w-p.w)*t,
		p.a + (q.a-p.a)*float32(t),
	}
}

// nearCross is where segment p→q crosses the near plane; p and q must be on
// opposite sides.
func nearCross(p, q clipPt) clipPt {
	dp, dq := p.nearDist(), q.nearDist()
	return lerpClip(p, q, dp/(dp-dq))
}

// projector maps world points to clip space and clip space to pixels with
// one matrix per frame.
type projector struct {
	m                [16]float64
	vx, vy, hw, hh   float64
	minX, minY, maxX float64
	maxY             float64
}

func newProjector(v *camera.View) projector {
	return projector{
		m:  v.VP,
		vx: v.Viewport.X, vy: v.Viewport.Y, hw: v.Viewport.W / 2, hh: v.Viewport.H / 2,
		minX: v.Viewport.X, minY: v.Viewport.Y,
		maxX: v.Viewport.X + v.Viewport.W, maxY: v.Viewport.Y + v.Viewport.H,
	}
}

// clip is the hand-written VP·(p, 1): about twice as fast as a general
// matrix call per vertex.
func (pr *projector) clip(p draw.Vec3) clipPt {
	m := &pr.m
	return clipPt{
		x: m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		y: m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		z: m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
		w: m[3]*p[0] + m[7]*p[1] + m[11]*p[2] + m[15],
		a: 1,
	}
}

// screen divides a clip point in front of the camera into pixels.
func (pr *projector) screen(c clipPt) scr {
	iw := 1 / c.w
	return scr{
		x: float32(pr.vx + (c.x*iw+1)*pr.hw),
		y: float32(pr.vy + (1-c.y*iw)*pr.hh),
		a: c.a,
	}
}

// scr is a point in pixels with a fade factor.
type scr struct {
	x, y float32
	a    float32
}

// clipPolygon clips a convex polygon against the near plane into out (which
// it returns, reusing its storage).
func clipPolygon(in []clipPt, out []clipPt) []clipPt {
	out = out[:0]
	n := len(in)
	for i := range n {
		p, q := in[i], in[(i+1)%n]
		pin, qin := p.nearDist() >= 0, q.nearDist() >= 0
		if pin {
			out = append(out, p)
		}
		if pin != qin {
			out = append(out, nearCross(p, q))
		}
	}
	return out
}

// signedArea2 is twice the signed area of a screen polygon. Screen y points
// down, so a polygon wound counter-clockwise in the world as seen from its
// front has a negative area here.
func signedArea2(pts []scr) float32 {
	var a float32
	n := len(pts)
	for i := range n {
		p, q := pts[i], pts[(i+1)%n]
		a += p.x*q.y - q.x*p.y
	}
	return a
}

// frontFacing reports whether a screen polygon wound counter-clockwise in
// the world faces the camera: screen-space back-face culling.
func frontFacing(pts []scr) bool { return signedArea2(pts) < 0 }

// offscreen reports whether all points lie beyond one edge of the viewport.
func (pr *projector) offscreen(pts []scr) bool {
	left, right, up, down := true, true, true, true
	for _, p := range pts {
		x, y := float64(p.x), float64(p.y)
		left = left && x < pr.minX
		right = right && x > pr.maxX
		up = up && y < pr.minY
		down = down && y > pr.maxY
	}
	return left || right || up || down
}
