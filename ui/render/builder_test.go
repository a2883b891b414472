package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

func newTestBuilder(t testing.TB) *Builder {
	t.Helper()
	b, err := NewBuilder()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	red   = color.RGBA{255, 0, 0, 255}
	blue  = color.RGBA{0, 0, 255, 255}
	white = color.RGBA{255, 255, 255, 255}
)

func batch(b *Builder, p Pass) Batch { return b.Batches()[p] }

// triangleHues classifies each triangle of a batch by its first vertex's
// dominant channel: 'r', 'b', or '-' for neither.
func triangleHues(bt Batch) []byte {
	var out []byte
	for k := 0; k+2 < len(bt.Indices); k += 3 {
		v := bt.Vertices[bt.Indices[k]]
		switch {
		case v.ColorR > v.ColorB+0.05:
			out = append(out, 'r')
		case v.ColorB > v.ColorR+0.05:
			out = append(out, 'b')
		default:
			out = append(out, '-')
		}
	}
	return out
}

func TestBatches_ComeInPainterOrder(t *testing.T) {
	b := newTestBuilder(t)
	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	b.End()
	bs := b.Batches()
	want := []Pass{PassTerrain, PassGround, PassSolids, PassOverlay, PassMarkers, PassLabels}
	if len(bs) != len(want) {
		t.Fatalf("%d batches, want %d", len(bs), len(want))
	}
	for i, p := range want {
		if bs[i].Pass != p {
			t.Errorf("batch %d is %v, want %v", i, bs[i].Pass, p)
		}
	}
	if Pass(99).String() != "unknown" || PassSolids.String() != "solids" {
		t.Error("pass names wrong")
	}
}

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

func TestTerrain_TrianglesSortedFarthestFirst(t *testing.T) {
	tr := hillTerrain(t)
	b := newTestBuilder(t)
	b.Begin(perspectiveView(lbA9B4.Add(draw.Vec3{192, 192, 0})), tr)
	b.End()
	keys := b.terr.keys
	if len(keys) == 0 {
		t.Fatal("no terrain triangles drawn")
	}
	for i := 1; i < len(keys); i++ {
		if keys[i].depth > keys[i-1].depth {
			t.Fatalf("terrain triangle %d (depth %v) drawn after a nearer one (depth %v)", i, keys[i].depth, keys[i-1].depth)
		}
	}
	// Every drawn triangle is in the batch, in the sorted order: the
	// first vertex of the k-th batch triangle is the k-th key's.
	bt := batch(b, PassTerrain)
	pr := newProjector(b.View())
	for k, key := range keys[:10] {
		want := pr.screen(pr.clip(tr.pts[tr.tris[key.tri].a]))
		got := bt.Vertices[bt.Indices[3*k]]
		if math.Abs(float64(got.DstX-want.x)) > 1e-3 || math.Abs(float64(got.DstY-want.y)) > 1e-3 {
			t.Errorf("batch triangle %d starts at (%v, %v), want key %d's (%v, %v)", k, got.DstX, got.DstY, key.tri, want.x, want.y)
		}
	}
}

func TestTerrain_TopDownDrawsEveryTriangleOfAFlatLandblock(t *testing.T) {
	tr, err := NewTerrain(TerrainSpec{MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 192, MaxY: lbA9B4[1] + 192})
	if err != nil {
		t.Fatal(err)
	}
	cam := camera.New(lbA9B4.Add(draw.Vec3{96, 96, 0}))
	cam.Span = 250
	b := newTestBuilder(t)
	b.Begin(cam.View(vp1280), tr)
	b.End()
	if got := len(b.terr.keys); got != 128 {
		t.Errorf("%d triangles drawn, want the 8×8×2 = 128 of one landblock", got)
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

func TestBuildFrame_NoAllocationsInSteadyState(t *testing.T) {
	tr := hillTerrain(t)
	s := newSyntheticScene(30, tr)
	b := newTestBuilder(t)
	var c draw.Canvas = b
	for _, v := range []camera.View{perspectiveView(s.observer), camera.New(s.observer).View(vp1280)} {
		build := func() {
			b.Begin(v, tr)
			s.draw(c)
			b.End()
		}
		build()
		if n := testing.AllocsPerRun(5, build); n != 0 {
			t.Errorf("%v: %v allocations per frame, want 0", v.Mode, n)
		}
	}
}

// Compile-time check that batches are what DrawTriangles32 takes.
var _ = func(bt Batch) ([]ebiten.Vertex, []uint32) { return bt.Vertices, bt.Indices }
