// Tests of the camera modes, their matrices and projections.

package camera

import (
	"math"
	"testing"
)

// Landblock 0xA9B4's south-west corner in global metres.
var lbA9B4 = Vec3{0xA9 * 192, 0xB4 * 192, 0}

var vp800 = Viewport{X: 0, Y: 0, W: 800, H: 600}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func camAt(m Mode, target Vec3) Camera {
	c := New(target)
	c.SetMode(m)
	return c
}

func TestTopDown_NorthUpEastRightToScale(t *testing.T) {
	target := lbA9B4.Add(Vec3{96, 96, 0})
	c := New(target)
	c.Span = 192
	v := c.View(vp800)
	x, y, ok := v.Project(target)
	if !ok || !near(x, 400, 1e-6) || !near(y, 300, 1e-6) {
		t.Fatalf("target at (%v, %v, %v), want the viewport centre", x, y, ok)
	}
	ppm := 600.0 / 192
	ex, ey, _ := v.Project(target.Add(Vec3{10, 0, 0}))
	if !near(ex, 400+10*ppm, 1e-6) || !near(ey, 300, 1e-6) {
		t.Errorf("10 m east at (%v, %v), want (%v, 300)", ex, ey, 400+10*ppm)
	}
	nx, ny, _ := v.Project(target.Add(Vec3{0, 10, 0}))
	if !near(nx, 400, 1e-6) || !near(ny, 300-10*ppm, 1e-6) {
		t.Errorf("10 m north at (%v, %v), want (400, %v)", nx, ny, 300-10*ppm)
	}
	if got := v.MetresPerPixel(target); !near(got, 192.0/600, 1e-12) {
		t.Errorf("MetresPerPixel = %v, want %v", got, 192.0/600)
	}
}

func TestViewportOffset_ShiftsProjection(t *testing.T) {
	c := New(lbA9B4)
	v := c.View(Viewport{X: 100, Y: 50, W: 800, H: 600})
	x, y, _ := v.Project(lbA9B4)
	if !near(x, 500, 1e-6) || !near(y, 350, 1e-6) {
		t.Errorf("target at (%v, %v), want the viewport's centre (500, 350)", x, y)
	}
}

func TestIsometric_NorthEastIsFartherAndUpIsUp(t *testing.T) {
	target := lbA9B4.Add(Vec3{96, 96, 0})
	v := camAt(Isometric, target).View(vp800)
	ne := target.Add(Vec3{10, 10, 0})
	sw := target.Add(Vec3{-10, -10, 0})
	if v.Depth(ne) <= v.Depth(sw) {
		t.Errorf("depth NE %v ≤ SW %v: an isometric camera facing north-east must see NE farther", v.Depth(ne), v.Depth(sw))
	}
	_, yNE, _ := v.Project(ne)
	_, ySW, _ := v.Project(sw)
	if yNE >= ySW {
		t.Errorf("NE drawn at y %v, not above SW at y %v", yNE, ySW)
	}
	_, yUp, _ := v.Project(target.Add(Vec3{0, 0, 5}))
	if yUp >= 300 {
		t.Errorf("a point 5 m up is at y %v, not above the centre", yUp)
	}
	// East and north are equally far from the screen's vertical centre line.
	xE, _, _ := v.Project(target.Add(Vec3{10, 0, 0}))
	xN, _, _ := v.Project(target.Add(Vec3{0, 10, 0}))
	if !near(xE-400, 400-xN, 1e-6) {
		t.Errorf("east at x %v and north at x %v are not symmetric about 400", xE, xN)
	}
}

func TestPerspective_NearerLooksBiggerAndBehindIsHidden(t *testing.T) {
	target := lbA9B4.Add(Vec3{96, 96, 0})
	c := camAt(Perspective, target)
	v := c.View(vp800)
	x, y, ok := v.Project(target)
	if !ok || !near(x, 400, 1e-6) || !near(y, 300, 1e-6) {
		t.Fatalf("target at (%v, %v, %v), want the viewport centre", x, y, ok)
	}
	length := func(p Vec3) float64 {
		ax, ay, _ := v.Project(p)
		bx, by, _ := v.Project(p.Add(v.Right))
		return math.Hypot(bx-ax, by-ay)
	}
	nearer := target.Sub(v.Forward.Mul(50))
	if length(nearer) <= length(target) {
		t.Errorf("1 m at 50 m nearer is %v px, not longer than at the target (%v px)", length(nearer), length(target))
	}
	if _, _, ok := v.Project(v.Eye.Sub(v.Forward)); ok {
		t.Error("a point behind the eye projected as visible")
	}
	if _, _, ok := v.Project(v.Eye.Add(v.Forward.Mul(v.Near / 2))); ok {
		t.Error("a point in front of the eye but before the near plane projected as visible")
	}
	if !near(v.MetresPerPixel(target), c.Span/600, 1e-9) {
		t.Errorf("MetresPerPixel at the target = %v, want span/height %v", v.MetresPerPixel(target), c.Span/600)
	}
}

func TestRay_PassesThroughProjectedPoint(t *testing.T) {
	for _, m := range []Mode{TopDown, Isometric, Perspective} {
		t.Run(m.String(), func(t *testing.T) {
			target := lbA9B4.Add(Vec3{96, 96, 0})
			c := camAt(m, target)
			c.Orbit(30, 10)
			v := c.View(vp800)
			for _, p := range []Vec3{target, target.Add(Vec3{40, -20, 3}), target.Add(Vec3{-70, 55, 0})} {
				x, y, ok := v.Project(p)
				if !ok {
					t.Fatalf("%v not visible", p)
				}
				r, err := v.Ray(x, y)
				if err != nil {
					t.Fatal(err)
				}
				op := p.Sub(r.Origin)
				miss := op.Sub(r.Dir.Mul(op.Dot(r.Dir))).Len()
				if miss > 1e-3 {
					t.Errorf("ray through (%.1f, %.1f) misses %v by %v m", x, y, p, miss)
				}
			}
		})
	}
}

func TestCamera_NormalizeRepairsBadState(t *testing.T) {
	c := Camera{Mode: 9, Span: math.NaN(), Yaw: -90, Pitch: math.Inf(1), Target: Vec3{math.NaN(), 1, 2}}
	c.Normalize()
	want := Camera{Mode: TopDown, Span: DefaultSpan, Yaw: 270, Pitch: DefaultPitch, Target: Vec3{0, 1, 2}}
	if c != want {
		t.Errorf("Normalize = %+v, want %+v", c, want)
	}
	c.Span = 1e9
	c.Normalize()
	if c.Span != MaxSpan {
		t.Errorf("span %v not clamped to %v", c.Span, MaxSpan)
	}
}

func TestCamera_EmptyViewportDoesNotProduceNaN(t *testing.T) {
	v := New(lbA9B4).View(Viewport{})
	x, y, ok := v.Project(lbA9B4)
	if !ok || math.IsNaN(x) || math.IsNaN(y) {
		t.Errorf("projection in an empty viewport gave (%v, %v, %v)", x, y, ok)
	}
}

func TestSetMode_KeepsTargetAndSpan(t *testing.T) {
	c := New(lbA9B4)
	c.Span = 500
	c.Yaw = 30
	for _, tt := range []struct {
		m       Mode
		wantYaw float64
	}{{Isometric, IsoYaw}, {Perspective, IsoYaw}, {TopDown, 0}} {
		c.SetMode(tt.m)
		if c.Mode != tt.m || c.Target != lbA9B4 || c.Span != 500 || c.Yaw != tt.wantYaw {
			t.Errorf("after SetMode(%v): %+v", tt.m, c)
		}
	}
	c.SetMode(Mode(7))
	if c.Mode != TopDown {
		t.Errorf("SetMode of an unknown mode changed the mode to %v", c.Mode)
	}
	if Mode(7).String() != "Mode(7)" {
		t.Errorf("unknown mode named %q", Mode(7).String())
	}
}
