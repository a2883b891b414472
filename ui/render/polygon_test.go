package render

import (
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

// covered reports whether screen point (x, y) lies in a triangle of bt whose
// first vertex is mostly red.
func covered(bt Batch, x, y float32) bool {
	for k := 0; k+2 < len(bt.Indices); k += 3 {
		a, b, c := bt.Vertices[bt.Indices[k]], bt.Vertices[bt.Indices[k+1]], bt.Vertices[bt.Indices[k+2]]
		if a.ColorR < 0.5 || a.ColorA < 0.5 {
			continue
		}
		d1 := (x-b.DstX)*(a.DstY-b.DstY) - (a.DstX-b.DstX)*(y-b.DstY)
		d2 := (x-c.DstX)*(b.DstY-c.DstY) - (b.DstX-c.DstX)*(y-c.DstY)
		d3 := (x-a.DstX)*(c.DstY-a.DstY) - (c.DstX-a.DstX)*(y-a.DstY)
		neg, pos := d1 < 0 || d2 < 0 || d3 < 0, d1 > 0 || d2 > 0 || d3 > 0
		if !(neg && pos) {
			return true
		}
	}
	return false
}

// A floor polygon projected top-down fills the pixels inside its corners'
// projections, in the ground pass, and none outside.
func TestPolygon_FillsWhereTheFloorProjects(t *testing.T) {
	tr := hillTerrain(t)
	cam := camera.New(lbA9B4)
	cam.SetMode(camera.TopDown)
	v := cam.View(vp1280)
	b := newTestBuilder(t)
	b.Begin(v, tr)
	floor := []draw.Vec3{lbA9B4.Add(draw.Vec3{-5, -5, 30}), lbA9B4.Add(draw.Vec3{5, -5, 30}), lbA9B4.Add(draw.Vec3{5, 5, 30}), lbA9B4.Add(draw.Vec3{-5, 5, 30})}
	b.Polygon(floor, red, draw.Ground)
	b.End()
	bt := batch(b, PassGround)
	if len(bt.Indices) == 0 {
		t.Fatal("no triangles in the ground pass")
	}
	in := []draw.Vec3{lbA9B4.Add(draw.Vec3{0, 0, 30}), lbA9B4.Add(draw.Vec3{4, 4, 30}), lbA9B4.Add(draw.Vec3{-4, 3, 30})}
	out := []draw.Vec3{lbA9B4.Add(draw.Vec3{7, 0, 30}), lbA9B4.Add(draw.Vec3{0, -7, 30}), lbA9B4.Add(draw.Vec3{-6, 6, 30})}
	for _, p := range in {
		if x, y, _ := v.Project(p); !covered(bt, float32(x), float32(y)) {
			t.Errorf("%v (pixel %.0f, %.0f) inside the floor is not filled", p, x, y)
		}
	}
	for _, p := range out {
		if x, y, _ := v.Project(p); covered(bt, float32(x), float32(y)) {
			t.Errorf("%v (pixel %.0f, %.0f) outside the floor is filled", p, x, y)
		}
	}
	if n := len(batch(b, PassOverlay).Indices); n != 0 {
		t.Errorf("%d overlay indices for a ground polygon", n)
	}
	// Fewer than three points draw nothing.
	b.Begin(v, tr)
	b.Polygon(floor[:2], red, draw.Ground)
	b.End()
	if n := len(batch(b, PassGround).Indices); n != 0 {
		t.Errorf("%d indices for a two-point polygon", n)
	}
}
