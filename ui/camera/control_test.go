// Tests of the camera gestures: pan, zoom to the cursor, orbit, follow,
// frame-all, and the controller's drags and clicks.

package camera

import (
	"math"
	"testing"
)

var allModes = []Mode{TopDown, Isometric, Perspective}

func TestPan_GroundPointFollowsCursor(t *testing.T) {
	for _, m := range allModes {
		t.Run(m.String(), func(t *testing.T) {
			c := camAt(m, lbA9B4.Add(Vec3{96, 96, 0}))
			v := c.View(vp800)
			grabbed, ok := v.GroundPoint(300, 350, c.Target[2])
			if !ok {
				t.Fatal("no ground under the cursor")
			}
			c.Pan(vp800, 300, 350, 420, 280)
			v = c.View(vp800)
			x, y, _ := v.Project(grabbed)
			if !near(x, 420, 1e-6) || !near(y, 280, 1e-6) {
				t.Errorf("grabbed ground point now at (%v, %v), want under the cursor (420, 280)", x, y)
			}
		})
	}
}

func TestPan_AboveHorizonStillMoves(t *testing.T) {
	c := camAt(Perspective, lbA9B4)
	c.Pitch = MinPitch
	before := c.Target
	c.Pan(vp800, 400, 5, 450, 5) // the top row looks above the horizon
	if c.Target == before {
		t.Error("pan above the horizon did not move the camera")
	}
	if math.IsNaN(c.Target[0]) {
		t.Error("pan produced NaN")
	}
}

func TestZoomAt_KeepsPointUnderCursor(t *testing.T) {
	for _, m := range allModes {
		t.Run(m.String(), func(t *testing.T) {
			c := camAt(m, lbA9B4.Add(Vec3{96, 96, 0}))
			v := c.View(vp800)
			under, ok := v.GroundPoint(600, 420, c.Target[2])
			if !ok {
				t.Fatal("no ground under the cursor")
			}
			c.ZoomAt(vp800, 600, 420, 0.5)
			if !near(c.Span, DefaultSpan/2, 1e-9) {
				t.Errorf("span %v, want %v", c.Span, DefaultSpan/2)
			}
			v = c.View(vp800)
			x, y, _ := v.Project(under)
			if !near(x, 600, 1e-6) || !near(y, 420, 1e-6) {
				t.Errorf("point under the cursor moved to (%v, %v)", x, y)
			}
		})
	}
}

func TestZoomAt_IgnoresBadFactor(t *testing.T) {
	c := New(lbA9B4)
	for _, f := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		c.ZoomAt(vp800, 10, 10, f)
		if c.Span != DefaultSpan || c.Target != lbA9B4 {
			t.Errorf("ZoomAt(%v) changed the camera: %+v", f, c)
		}
	}
}

func TestOrbit_PitchOnlyInPerspectiveAndClamped(t *testing.T) {
	tests := []struct {
		mode      Mode
		dYaw, dP  float64
		wantYaw   float64
		wantPitch float64
	}{
		{TopDown, 30, 20, 30, DefaultPitch},
		{Isometric, -60, 20, 345, DefaultPitch},
		{Perspective, 10, 20, 10, 65},
		{Perspective, 0, 90, 0, MaxPitch},
		{Perspective, 0, -90, 0, MinPitch},
	}
	for _, tt := range tests {
		c := camAt(tt.mode, lbA9B4)
		c.Orbit(tt.dYaw, tt.dP)
		if !near(c.Yaw, tt.wantYaw, 1e-9) || !near(c.Pitch, tt.wantPitch, 1e-9) {
			t.Errorf("%v Orbit(%v, %v): yaw %v pitch %v, want %v %v", tt.mode, tt.dYaw, tt.dP, c.Yaw, c.Pitch, tt.wantYaw, tt.wantPitch)
		}
	}
}

func TestFollow_CentresOnPoint(t *testing.T) {
	c := camAt(Perspective, lbA9B4)
	p := lbA9B4.Add(Vec3{50, 70, 2})
	c.Follow(p)
	v := c.View(vp800)
	x, y, _ := v.Project(p)
	if !near(x, 400, 1e-6) || !near(y, 300, 1e-6) {
		t.Errorf("followed point at (%v, %v), want the centre", x, y)
	}
}

func TestFrameBox_FitsAllCornersSnugly(t *testing.T) {
	lo := lbA9B4
	hi := lbA9B4.Add(Vec3{384, 192, 30})
	for _, m := range allModes {
		for _, vp := range []Viewport{vp800, {W: 400, H: 900}} {
			c := camAt(m, Vec3{})
			c.Orbit(20, 0)
			c.FrameBox(vp, hi, lo) // reversed corners are accepted
			v := c.View(vp)
			var minX, minY, maxX, maxY = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			for i := range 8 {
				p := Vec3{pick(i&1, lo[0], hi[0]), pick(i&2, lo[1], hi[1]), pick(i&4, lo[2], hi[2])}
				x, y, ok := v.Project(p)
				if !ok || !vp.Contains(x, y) {
					t.Errorf("%v %vx%v: corner %v at (%v, %v) outside the viewport", m, vp.W, vp.H, p, x, y)
				}
				minX, maxX = math.Min(minX, x), math.Max(maxX, x)
				minY, maxY = math.Min(minY, y), math.Max(maxY, y)
			}
			fill := math.Max((maxX-minX)/vp.W, (maxY-minY)/vp.H)
			if fill < 0.8 {
				t.Errorf("%v %vx%v: the box fills only %.0f%% of the viewport", m, vp.W, vp.H, fill*100)
			}
		}
	}
}

func TestController_LeftClickWithoutMoveIsAClick(t *testing.T) {
	var k Controller
	c := New(lbA9B4)
	steps := []Input{
		{X: 100, Y: 100, Free: true},
		{X: 100, Y: 100, Left: true, Free: true},
		{X: 102, Y: 101, Left: true, Free: true},
		{X: 102, Y: 101, Free: true},
	}
	var clicks int
	for i, in := range steps {
		if clicked, x, y := k.Update(&c, vp800, in); clicked {
			clicks++
			if i != 3 || x != 100 || y != 100 {
				t.Errorf("click on step %d at (%v, %v), want step 3 at the press (100, 100)", i, x, y)
			}
		}
	}
	if clicks != 1 {
		t.Errorf("%d clicks, want 1", clicks)
	}
}

func TestController_DragPansAndIsNotAClick(t *testing.T) {
	var k Controller
	c := New(lbA9B4)
	v := c.View(vp800)
	grabbed, _ := v.GroundPoint(100, 100, 0)
	steps := []Input{
		{X: 100, Y: 100, Left: true, Free: true},
		{X: 150, Y: 120, Left: true, Free: true},
		// The drag continues outside the viewport and over a panel.
		{X: 900, Y: 130, Left: true, Free: false},
		{X: 900, Y: 130},
	}
	for _, in := range steps {
		if clicked, _, _ := k.Update(&c, vp800, in); clicked {
			t.Error("a drag reported a click")
		}
	}
	v = c.View(vp800)
	x, y, _ := v.Project(grabbed)
	if !near(x, 900, 1e-6) || !near(y, 130, 1e-6) {
		t.Errorf("grabbed point at (%v, %v), want where the drag ended (900, 130)", x, y)
	}
}

func TestController_IgnoresPressesAndWheelOverPanels(t *testing.T) {
	var k Controller
	c := New(lbA9B4)
	for _, in := range []Input{
		{X: 100, Y: 100, Left: true, Wheel: 3, Free: false}, // over a panel
		{X: 300, Y: 300, Left: true, Free: true},            // still the same press
		{X: 300, Y: 300, Free: true},
		{X: 900, Y: 100, Right: true, Wheel: 1, Free: true}, // outside the viewport
		{X: 950, Y: 100, Right: true, Free: true},
	} {
		if clicked, _, _ := k.Update(&c, vp800, in); clicked {
			t.Error("a press that began over a panel became a click")
		}
	}
	if c != New(lbA9B4) {
		t.Errorf("camera changed: %+v", c)
	}
}

func TestController_RightDragOrbitsAndWheelZooms(t *testing.T) {
	var k Controller
	c := camAt(Perspective, lbA9B4)
	for _, in := range []Input{
		{X: 400, Y: 300, Right: true, Free: true},
		{X: 410, Y: 310, Right: true, Free: true},
		{X: 410, Y: 310, Free: true, Wheel: 1},
	} {
		k.Update(&c, vp800, in)
	}
	if !near(c.Yaw, 10*OrbitDegreesPerPixel, 1e-9) || !near(c.Pitch, DefaultPitch+10*OrbitDegreesPerPixel, 1e-9) {
		t.Errorf("after a (10, 10) px orbit: yaw %v pitch %v", c.Yaw, c.Pitch)
	}
	if !near(c.Span, DefaultSpan*ZoomPerWheelStep, 1e-9) {
		t.Errorf("span %v after one wheel step, want %v", c.Span, DefaultSpan*ZoomPerWheelStep)
	}
}
