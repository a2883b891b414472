package camera

import (
	"math"
	"testing"
)

// inThird reports whether p projects inside vp's middle third (with a
// pixel's slack for rounding).
func inThird(t *testing.T, c Camera, vp Viewport, p Vec3) bool {
	t.Helper()
	v := c.View(vp)
	x, y, ok := v.Project(p)
	x0, y0, x1, y1 := vp.MiddleThird()
	return ok && x >= x0-1 && x <= x1+1 && y >= y0-1 && y <= y1+1
}

// A point far out of view is brought into the middle third in one step,
// in every mode; one already inside leaves the camera where it is.
func TestKeep_JumpsBackAPointOutOfView(t *testing.T) {
	vp := Viewport{X: 280, Y: 34, W: 620, H: 500}
	for _, m := range []Mode{TopDown, Isometric, Perspective} {
		c := New(Vec3{100, 100, 0})
		c.SetMode(m)
		p := Vec3{100 + 3*c.Span, 100 - 2*c.Span, 1}
		if inThird(t, c, vp, p) {
			t.Fatalf("%v: the test point starts in view", m)
		}
		c.Keep(vp, p, 0.2)
		if !inThird(t, c, vp, p) {
			v := c.View(vp)
			x, y, _ := v.Project(p)
			t.Fatalf("%v: after Keep the point is at (%.0f, %.0f), outside the middle third", m, x, y)
		}
		before := c
		c.Target[2] = p[2]
		before.Target[2] = p[2]
		if c.Keep(vp, p, 0.2); c != before {
			t.Fatalf("%v: a point inside the third moved the camera: %+v → %+v", m, before, c)
		}
	}
}

// A point a little outside the third (but well inside the view) is eased
// towards it: the camera moves part of the way, not all of it, and keeps
// the zoom and direction.
func TestKeep_EasesAPointNearTheThird(t *testing.T) {
	vp := Viewport{W: 600, H: 600}
	c := New(Vec3{0, 0, 0})
	// 0.25 of the span east of centre: pixel 450 of 600, past the third
	// (400) but inside the middle 80 % (540).
	p := Vec3{0.25 * c.Span, 0, 0}
	c.Keep(vp, p, 0.5)
	v := c.View(vp)
	x, _, _ := v.Project(p)
	if math.Abs(x-425) > 0.5 {
		t.Fatalf("eased to pixel %.2f, want 425 (half the way from 450 to 400)", x)
	}
	if c.Span != DefaultSpan || c.Yaw != 0 {
		t.Fatalf("Keep changed the zoom or direction: %+v", c)
	}
}

// A body moving steadily east at 20 m/s across a 60-step follow never
// leaves the viewport and ends inside the middle third.
func TestKeep_AMovingBodyStaysInFrame(t *testing.T) {
	vp := Viewport{W: 320, H: 200}
	c := New(Vec3{})
	c.SetMode(Isometric)
	c.Span = 60
	for i := range 60 {
		p := Vec3{float64(i) * 20.0 / 30, float64(i) * 0.1, 0}
		if i == 30 {
			p[0] += 40 // a blip
		}
		c.Keep(vp, p, 0.25)
		v := c.View(vp)
		x, y, ok := v.Project(p)
		if !ok || !vp.Contains(x, y) {
			t.Fatalf("step %d: the body is at (%.0f, %.0f), out of the %vx%v view", i, x, y, vp.W, vp.H)
		}
	}
}
