// Tests of bodies and obstacles as solids.

package render

import (
	"image/color"
	"math"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

func TestSolids_FartherBodyDrawnFirstWhateverTheCallOrder(t *testing.T) {
	for _, m := range []camera.Mode{camera.Isometric, camera.Perspective} {
		t.Run(m.String(), func(t *testing.T) {
			cam := camera.New(lbA9B4)
			cam.SetMode(m)
			cam.Span = 40
			v := cam.View(vp1280)
			nearPos := lbA9B4.Sub(v.Forward.Mul(5))
			nearPos[2] = 0
			farPos := lbA9B4.Add(v.Forward.Mul(5))
			farPos[2] = 0
			b := newTestBuilder(t)
			b.Begin(v, nil)
			b.Body(draw.Body{Pos: nearPos, Radius: 1, Height: 2, Color: red})
			b.Body(draw.Body{Pos: farPos, Radius: 1, Height: 2, Color: blue})
			b.End()
			hues := triangleHues(batch(b, PassSolids))
			lastBlue, firstRed := -1, len(hues)
			for i, h := range hues {
				if h == 'b' {
					lastBlue = i
				}
				if h == 'r' && i < firstRed {
					firstRed = i
				}
			}
			if lastBlue < 0 || firstRed == len(hues) {
				t.Fatalf("missing a body: hues %s", hues)
			}
			if lastBlue > firstRed {
				t.Errorf("a triangle of the far (blue) body comes after the near (red) one: %s", hues)
			}
		})
	}
}

func TestBox_BackFacesCulled(t *testing.T) {
	tests := []struct {
		mode      camera.Mode
		wantFaces int
	}{
		{camera.TopDown, 1},   // the top only; the sides are edge-on
		{camera.Isometric, 3}, // the top, south and west faces
	}
	for _, tt := range tests {
		tr, err := NewTerrain(TerrainSpec{
			MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 24, MaxY: lbA9B4[1] + 24,
			Boxes: []Box{{Min: lbA9B4.Add(draw.Vec3{5, 5, 0}), Max: lbA9B4.Add(draw.Vec3{15, 15, 10})}},
		})
		if err != nil {
			t.Fatal(err)
		}
		cam := camera.New(lbA9B4.Add(draw.Vec3{10, 10, 0}))
		cam.SetMode(tt.mode)
		cam.Span = 60
		b := newTestBuilder(t)
		b.Begin(cam.View(vp1280), tr)
		b.End()
		if got := len(batch(b, PassSolids).Indices) / 6; got != tt.wantFaces {
			t.Errorf("%v: %d box faces drawn, want %d", tt.mode, got, tt.wantFaces)
		}
	}
}

func TestPerspective_BodyCrossingTheNearPlaneIsClipped(t *testing.T) {
	v := perspectiveView(lbA9B4)
	b := newTestBuilder(t)
	b.Begin(v, nil)
	// A huge body around the eye: some faces behind, some in front.
	b.Body(draw.Body{Pos: v.Eye.Sub(draw.Vec3{0, 0, 20}), Radius: 30, Height: 40, Color: red})
	b.End()
	for _, vx := range batch(b, PassSolids).Vertices {
		if math.IsNaN(float64(vx.DstX)) || math.Abs(float64(vx.DstX)) > 1e7 {
			t.Fatalf("unclipped vertex at (%v, %v)", vx.DstX, vx.DstY)
		}
	}
}

func TestPick_ThroughBuilderFindsTheBodyUnderTheCursor(t *testing.T) {
	cam := camera.New(lbA9B4)
	cam.SetMode(camera.Isometric)
	cam.Span = 50
	v := cam.View(vp1280)
	b := newTestBuilder(t)
	b.Begin(v, nil)
	b.Body(draw.Body{ID: 11, Pos: lbA9B4, Radius: 0.5, Height: 1.8, Color: red})
	b.Body(draw.Body{ID: 12, Pos: lbA9B4.Add(draw.Vec3{10, 0, 0}), Radius: 0.5, Height: 1.8, Color: blue})
	b.Body(draw.Body{ID: 0, Pos: lbA9B4.Add(draw.Vec3{-10, 0, 0}), Radius: 0.5, Height: 1.8, Color: blue})
	b.End()
	for _, tt := range []struct {
		at     draw.Vec3
		wantID uint32
		wantOK bool
	}{
		{lbA9B4.Add(draw.Vec3{0, 0, 0.9}), 11, true},
		{lbA9B4.Add(draw.Vec3{10, 0, 0.9}), 12, true},
		{lbA9B4.Add(draw.Vec3{-10, 0, 0.9}), 0, false}, // ID 0 is not pickable
		{lbA9B4.Add(draw.Vec3{5, 5, 0}), 0, false},
	} {
		x, y, _ := v.Project(tt.at)
		if id, ok := b.Pick(x, y); id != tt.wantID || ok != tt.wantOK {
			t.Errorf("Pick at %v = %d, %v; want %d, %v", tt.at, id, ok, tt.wantID, tt.wantOK)
		}
	}
	if len(b.PickSpheres()) != 2 {
		t.Errorf("%d pick spheres, want 2", len(b.PickSpheres()))
	}
}

func TestBody_AirborneDropsALineAndBadBodiesAreSkipped(t *testing.T) {
	cam := camera.New(lbA9B4)
	cam.SetMode(camera.Isometric)
	cam.Span = 30
	count := func(body draw.Body) int {
		b := newTestBuilder(t)
		b.Begin(cam.View(vp1280), nil)
		b.Body(body)
		b.End()
		return len(batch(b, PassSolids).Indices)
	}
	up := draw.Body{Pos: lbA9B4.Add(draw.Vec3{0, 0, 3}), Radius: 0.5, Height: 1.8, Color: red}
	grounded := count(up)
	up.Airborne = true
	if got := count(up); got <= grounded {
		t.Errorf("airborne body has %d indices, no more than grounded (%d): no drop line", got, grounded)
	}
	for _, bad := range []draw.Body{
		{Pos: lbA9B4, Radius: 0, Height: 1, Color: red},
		{Pos: lbA9B4, Radius: 1, Height: math.NaN(), Color: red},
		{Pos: draw.Vec3{math.Inf(1), 0, 0}, Radius: 1, Height: 1, Color: red},
		{Pos: lbA9B4, Radius: 1, Height: 1, Heading: math.NaN(), Color: red},
		{Pos: lbA9B4, Radius: 1, Height: 1},
	} {
		if got := count(bad); got != 0 {
			t.Errorf("body %+v drew %d indices", bad, got)
		}
	}
}

func TestBody_FewerFacesWhenSmallOnScreen(t *testing.T) {
	verts := func(span float64, shape draw.BodyShape) int {
		cam := camera.New(lbA9B4)
		cam.SetMode(camera.Isometric)
		cam.Span = span
		b := newTestBuilder(t)
		b.Begin(cam.View(vp1280), nil)
		b.Body(draw.Body{Pos: lbA9B4, Radius: 0.5, Height: 1.8, Color: red, Shape: shape})
		b.End()
		return len(batch(b, PassSolids).Vertices)
	}
	for _, shape := range []draw.BodyShape{draw.Cylinder, draw.Capsule} {
		near, far := verts(5, shape), verts(2000, shape)
		if far >= near {
			t.Errorf("shape %d: %d vertices far away, not fewer than %d close up", shape, far, near)
		}
	}
}

func TestHeadingArrow_PointsAlongHeading(t *testing.T) {
	// Top-down: heading 90° (east) puts the arrow tip right of the body.
	cam := camera.New(lbA9B4)
	cam.Span = 20
	v := cam.View(vp1280)
	b := newTestBuilder(t)
	b.Begin(v, nil)
	b.Body(draw.Body{Pos: lbA9B4, Radius: 1, Height: 2, Heading: 90, Color: color.RGBA{100, 0, 0, 255}})
	b.End()
	var maxX float32
	for _, vx := range batch(b, PassSolids).Vertices {
		maxX = max(maxX, vx.DstX)
	}
	cx, _, _ := v.Project(lbA9B4)
	ppm := 800.0 / 20
	if want := cx + headingTip*ppm; math.Abs(float64(maxX)-want) > 1 {
		t.Errorf("rightmost vertex at x %v, want the arrow tip at %v", maxX, want)
	}
}
