// Tests of screen-space strokes, fills and arrowheads.

package render

import (
	"math"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

func TestLine_VerticesAndFringe(t *testing.T) {
	tests := []struct {
		width              float32
		wantVerts, wantIdx int
	}{
		{1, 6, 12},   // a tent profile: edge, centre, edge
		{0.5, 6, 12}, // thinner strokes fade instead
		{3, 8, 18},   // core plus a fringe each side
	}
	for _, tt := range tests {
		b := newTestBuilder(t)
		b.Begin(camera.New(lbA9B4).View(vp1280), nil)
		b.Line(lbA9B4, lbA9B4.Add(draw.Vec3{30, 10, 0}), draw.Stroke{Width: tt.width, Color: red})
		b.End()
		bt := batch(b, PassOverlay)
		if len(bt.Vertices) != tt.wantVerts || len(bt.Indices) != tt.wantIdx {
			t.Errorf("width %v: %d vertices, %d indices; want %d, %d", tt.width, len(bt.Vertices), len(bt.Indices), tt.wantVerts, tt.wantIdx)
		}
		// The outermost vertices are fully transparent: the fringe.
		if a := bt.Vertices[0].ColorA; a != 0 {
			t.Errorf("width %v: edge vertex alpha %v, want 0", tt.width, a)
		}
		if a := bt.Vertices[1].ColorA; tt.width >= 1 && a != 1 {
			t.Errorf("width %v: core vertex alpha %v, want 1", tt.width, a)
		}
	}
}

func TestLine_FadeRunsFromFirstToLastPoint(t *testing.T) {
	b := newTestBuilder(t)
	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	pts := []draw.Vec3{lbA9B4, lbA9B4.Add(draw.Vec3{10, 0, 0}), lbA9B4.Add(draw.Vec3{20, 0, 0})}
	b.Polyline(pts, draw.Stroke{Width: 1, Color: white, Fade: 1})
	b.End()
	bt := batch(b, PassOverlay)
	for i, want := range []float32{0, 0.5, 1} {
		if got := bt.Vertices[3*i+1].ColorA; math.Abs(float64(got-want)) > 1e-6 {
			t.Errorf("point %d alpha %v, want %v", i, got, want)
		}
	}
}

func TestPerspective_LineThroughTheEyeIsClippedNotInverted(t *testing.T) {
	v := perspectiveView(lbA9B4)
	behind := v.Eye.Sub(v.Forward.Mul(10)).Add(v.Right.Mul(3))
	b := newTestBuilder(t)
	b.Begin(v, nil)
	b.Line(behind, lbA9B4, draw.Stroke{Width: 2, Color: red})
	b.Line(behind, behind.Add(draw.Vec3{1, 0, 0}), draw.Stroke{Width: 2, Color: red}) // wholly behind
	b.End()
	bt := batch(b, PassOverlay)
	if len(bt.Vertices) != 8 {
		t.Fatalf("%d vertices, want the 8 of the one visible piece", len(bt.Vertices))
	}
	tx, ty, _ := v.Project(lbA9B4)
	for _, vx := range bt.Vertices {
		if math.IsNaN(float64(vx.DstX)) || math.Abs(float64(vx.DstX)) > 1e6 || math.Abs(float64(vx.DstY)) > 1e6 {
			t.Fatalf("vertex at (%v, %v): a line through the eye was not clipped", vx.DstX, vx.DstY)
		}
	}
	// The piece ends at the target.
	end := bt.Vertices[5]
	if math.Hypot(float64(end.DstX)-tx, float64(end.DstY)-ty) > 2 {
		t.Errorf("visible piece ends at (%v, %v), want the target (%v, %v)", end.DstX, end.DstY, tx, ty)
	}
}

func TestCircle_ClosedRingAndArrowHead(t *testing.T) {
	b := newTestBuilder(t)
	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	b.Circle(lbA9B4, 20, draw.Stroke{Width: 1, Color: white})
	b.End()
	bt := batch(b, PassOverlay)
	n := len(bt.Vertices) / 3
	if n < minCircleSegments || len(bt.Vertices)%3 != 0 {
		t.Fatalf("%d vertices for a 1 px ring", len(bt.Vertices))
	}
	if want := n * 2 * 6; len(bt.Indices) != want {
		t.Errorf("%d indices, want %d: a closed ring has as many segments as points", len(bt.Indices), want)
	}

	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	b.Line(lbA9B4, lbA9B4.Add(draw.Vec3{30, 0, 0}), draw.Stroke{Width: 2, Color: white})
	b.End()
	line := len(batch(b, PassOverlay).Vertices)
	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	b.Arrow(lbA9B4, lbA9B4.Add(draw.Vec3{30, 0, 0}), draw.Stroke{Width: 2, Color: white})
	b.End()
	if got := len(batch(b, PassOverlay).Vertices); got != line+6 {
		t.Errorf("arrow has %d vertices, want the line's %d plus a 6-vertex head", got, line)
	}
}

func TestGroundStroke_DrapedOnTerrain(t *testing.T) {
	tr := hillTerrain(t)
	b := newTestBuilder(t)
	b.Begin(perspectiveView(lbA9B4.Add(draw.Vec3{192, 192, 0})), tr)
	a, c := lbA9B4.Add(draw.Vec3{50, 50, 100}), lbA9B4.Add(draw.Vec3{150, 90, 100})
	pts, fades := b.drape([]draw.Vec3{a, c}, draw.Ground)
	if len(pts) < int(c.Sub(a).Len()/drapeStep) || len(fades) != len(pts) {
		t.Fatalf("a %0.f m ground line became %d points (%d fades)", c.Sub(a).Len(), len(pts), len(fades))
	}
	for i, p := range pts {
		if h := tr.HeightAt(p[0], p[1]); p[2] != h {
			t.Errorf("point %d at z %v, terrain at %v", i, p[2], h)
		}
		if i > 0 && fades[i] <= fades[i-1] {
			t.Errorf("fade position %v after %v: not increasing", fades[i], fades[i-1])
		}
	}
	if over, _ := b.drape([]draw.Vec3{a, c}, draw.Overlay); over[0] != a || len(over) != 2 {
		t.Error("an overlay stroke was draped")
	}
}

func TestMarker_QuadCarriesShapeAndIsSkippedBehindTheEye(t *testing.T) {
	v := perspectiveView(lbA9B4)
	b := newTestBuilder(t)
	b.Begin(v, nil)
	b.Marker(lbA9B4, draw.Marker{Shape: draw.Arc, Radius: 8, Color: red, Progress: 0.25})
	b.Marker(v.Eye.Sub(v.Forward), draw.Marker{Shape: draw.Dot, Radius: 8, Color: red})
	b.Marker(lbA9B4, draw.Marker{Shape: draw.Dot, Radius: 0, Color: red})
	b.End()
	bt := batch(b, PassMarkers)
	if len(bt.Vertices) != 4 || len(bt.Indices) != 6 {
		t.Fatalf("%d vertices, %d indices; want one quad", len(bt.Vertices), len(bt.Indices))
	}
	x, y, _ := v.Project(lbA9B4)
	for _, vx := range bt.Vertices {
		if vx.Custom0 != 8 || vx.Custom1 != float32(draw.Arc) || vx.Custom2 != 0.25 {
			t.Errorf("vertex customs %v %v %v, want radius 8, arc, 0.25", vx.Custom0, vx.Custom1, vx.Custom2)
		}
		// The shader's pixel offset matches the vertex's offset from centre.
		if math.Abs(float64(vx.DstX)-x-float64(vx.SrcX)) > 1e-3 || math.Abs(float64(vx.DstY)-y-float64(vx.SrcY)) > 1e-3 {
			t.Errorf("vertex (%v, %v) offset (%v, %v) from centre (%v, %v)", vx.DstX, vx.DstY, vx.SrcX, vx.SrcY, x, y)
		}
	}
}

func TestText_CentredAboveItsPointWithABox(t *testing.T) {
	v := camera.New(lbA9B4).View(vp1280)
	b := newTestBuilder(t)
	b.Begin(v, nil)
	b.Text(lbA9B4, "remote 7", white)
	b.Text(lbA9B4, "", white)
	b.ScreenText(10, 10, "help", white)
	b.End()
	ls := b.Labels()
	if len(ls) != 2 {
		t.Fatalf("%d labels, want 2", len(ls))
	}
	w := b.measure("remote 7")
	if !(w > 20) {
		t.Fatalf("label width %v", w)
	}
	if got := ls[0].X + w/2; math.Abs(float64(got)-640) > 1e-3 || ls[0].Y >= 400 {
		t.Errorf("label at (%v, %v): want centred on x 640 and above y 400", ls[0].X, ls[0].Y)
	}
	if ls[1].X != 10 || ls[1].Y != 10 || ls[1].Text != "help" {
		t.Errorf("screen label %+v", ls[1])
	}
	if got := len(batch(b, PassLabels).Vertices); got != 8 {
		t.Errorf("%d label box vertices, want 2 boxes of 4", got)
	}
}
