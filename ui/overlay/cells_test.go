package overlay

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model/modeltest"
)

// oneRoom is a physics.Geometry of one EnvCell, 0xA9B40100, a 4 × 4 × 3 m
// room placed at (100, 50, 0) of landblock 0xA9B4: its floor, its west
// wall and its ceiling, facing in.
type oneRoom struct{ cell physics.EnvCell }

func (g *oneRoom) EnvCell(id uint32) *physics.EnvCell {
	if id == g.cell.ID {
		return &g.cell
	}
	return nil
}
func (g *oneRoom) LandCell(uint32) *physics.LandCellContents { return nil }

const roomCell = 0xA9B40100

func newRoom() *oneRoom {
	poly := func(id uint16, vs ...mgl32.Vec3) physics.Polygon {
		p := physics.Polygon{ID: id, Vertices: vs}
		p.MakePlane()
		return p
	}
	cs := &physics.CellStruct{ID: 0, Polygons: []physics.Polygon{
		poly(1, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{4, 0, 0}, mgl32.Vec3{4, 4, 0}, mgl32.Vec3{0, 4, 0}), // floor, up
		poly(2, mgl32.Vec3{0, 0, 0}, mgl32.Vec3{0, 4, 0}, mgl32.Vec3{0, 4, 3}, mgl32.Vec3{0, 0, 3}), // west wall
		poly(3, mgl32.Vec3{0, 0, 3}, mgl32.Vec3{0, 4, 3}, mgl32.Vec3{4, 4, 3}, mgl32.Vec3{4, 0, 3}), // ceiling, down
	}}
	return &oneRoom{cell: physics.EnvCell{ID: roomCell, Frame: physics.NewFrame(mgl32.Vec3{100, 50, 0}, mgl32.QuatIdent()), Struct: cs}}
}

// roomScene is knownSnapshot with the walker standing in the room at (101,
// 51), selected, and the room's geometry gathered.
func roomScene(t *testing.T) *Scene {
	s := knownSnapshot()
	a := &s.Objects[0]
	a.Position = modeltest.InCell(roomCell, lb.Add(draw.Vec3{101, 51, 0}), 0)
	sc := newScene(s)
	sc.Selected = guidA
	sc.Geometry = &CellGeometry{}
	sc.Geometry.Near(&physics.World{Geometry: newRoom()}, s, guidA, draw.Vec3{}, 30)
	if sc.Geometry.Polygons() != 3 {
		t.Fatalf("%d polygons gathered, want the room's 3", sc.Geometry.Polygons())
	}
	return sc
}

func polygonsOf(r *draw.Recorder, fill [4]uint8) []draw.Op {
	var out []draw.Op
	for _, op := range r.Of(draw.OpPolygon) {
		if rgba(op.Color) == fill {
			out = append(out, op)
		}
	}
	return out
}

// The floor is filled where the room's frame puts it, in the ground pass;
// the wall and the ceiling in the wall colour.
func TestWalls_FloorAndWallsWhereTheCellPutsThem(t *testing.T) {
	sc := roomScene(t)
	r := record(sc, 1<<Walls)
	floors := polygonsOf(r, rgba(FloorFill))
	if len(floors) != 1 {
		t.Fatalf("%d floor fills, want 1", len(floors))
	}
	want := []draw.Vec3{{100, 50, 0}, {104, 50, 0}, {104, 54, 0}, {100, 54, 0}}
	for k, v := range floors[0].Points {
		if v.Sub(lb.Add(want[k])).Len() > 1e-4 {
			t.Errorf("floor vertex %d at %v, want %v", k, v, lb.Add(want[k]))
		}
	}
	if floors[0].Layer != draw.Ground {
		t.Errorf("floor in layer %v, want the ground pass", floors[0].Layer)
	}
	if n := len(polygonsOf(r, rgba(WallFill))); n != 2 {
		t.Errorf("%d wall fills, want the wall and the ceiling", n)
	}
	// Lowest first: the floor is drawn before the wall and the ceiling.
	if ops := r.Of(draw.OpPolygon); rgba(ops[0].Color) != rgba(FloorFill) {
		t.Errorf("first fill %v, want the floor", ops[0].Color)
	}
	// Off, nothing.
	if n := record(sc, Default&^(1<<Walls)).Count(draw.OpPolygon); n != 0 {
		t.Errorf("%d fills with the layer off", n)
	}
}

// Top-down, the ceiling above the selected body's head is cut away and the
// floor and the wall (which reaches down to the floor) stay; at an angle
// the ceiling is drawn.
func TestWalls_CutAwayAboveTheHeadTopDown(t *testing.T) {
	sc := roomScene(t)
	sc.TopDown = true
	r := record(sc, 1<<Walls)
	for _, op := range r.Of(draw.OpPolygon) {
		low := math.Inf(1)
		for _, v := range op.Points {
			low = min(low, v[2])
		}
		if low > 1.8 {
			t.Errorf("a fill whose lowest point is at %.1f m, above the 1.8 m body, was drawn top-down", low)
		}
	}
	if n := r.Count(draw.OpPolygon); n != 2 {
		t.Errorf("%d fills top-down, want the floor and the wall", n)
	}
	// A taller body reaches the ceiling: it is drawn.
	sc.Snap.Objects[0].Height = 3
	if n := record(sc, 1<<Walls).Count(draw.OpPolygon); n != 3 {
		t.Errorf("%d fills top-down for a 3 m body, want 3", n)
	}
	sc.Snap.Objects[0].Height = 1.8
	sc.TopDown = false
	if n := record(sc, 1<<Walls).Count(draw.OpPolygon); n != 3 {
		t.Errorf("%d fills at an angle, want 3", n)
	}
	// Nothing selected: no cut.
	sc.TopDown, sc.Selected = true, 0
	if n := record(sc, 1<<Walls).Count(draw.OpPolygon); n != 3 {
		t.Errorf("%d fills top-down with no selection, want 3", n)
	}
}

// Without dat geometry nothing is gathered or drawn, so pictures of inputs
// without dats are unchanged.
func TestWalls_NoneWithoutDatGeometry(t *testing.T) {
	s := knownSnapshot()
	sc := newScene(s)
	sc.Selected = guidA
	sc.Geometry = &CellGeometry{}
	sc.Geometry.Near(&physics.World{}, s, guidA, draw.Vec3{}, 30)
	if n := record(sc, All).Count(draw.OpPolygon); n != 0 {
		t.Errorf("%d fills without dat geometry", n)
	}
	sc.Geometry.Near(nil, s, guidA, draw.Vec3{}, 30)
	if n := record(sc, All).Count(draw.OpPolygon); n != 0 {
		t.Errorf("%d fills without a world", n)
	}
}
