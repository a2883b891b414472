package datworld

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/dattest"
	"glidepath/engine"
	"glidepath/physics"
)

// insideXY reports whether the global point (x, y) lies within the
// polygon's horizontal extent.
func insideXY(vs [][3]float64, x, y float64) bool {
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, v := range vs {
		lo[0], lo[1] = min(lo[0], v[0]), min(lo[1], v[1])
		hi[0], hi[1] = max(hi[0], v[0]), max(hi[1], v[1])
	}
	return x >= lo[0] && x <= hi[0] && y >= lo[1] && y <= hi[1]
}

// GeometryNear gives the room a body stands in — its floor under the body
// at the room's height, its walls — from the writer's EnvCell and
// CellStruct (dattest's geometry world: a 10 × 10 × 4 m room at (100, 100)
// of landblock 0xC1C1).
func TestGeometryNear_TheRoomABodyStandsIn(t *testing.T) {
	w := ownGeo(t)
	world := &physics.World{Geometry: w.WorldGeometry()}
	at := physics.NewPosition(dattest.StairRoom, mgl32.Vec3{101, 109, 0}, 0)
	polys, verts := engine.GeometryNear(world, at, 30, nil, nil)
	gx, gy := 0xC1*192.0+101, 0xC1*192.0+109
	floors, walls, other := 0, 0, 0
	under := false
	for _, p := range polys {
		vs := verts[p.First : p.First+p.Count]
		switch {
		case p.Cell != dattest.StairRoom:
			other++
		case p.Kind == engine.GeoFloor:
			floors++
			if insideXY(vs, gx, gy) && vs[0][2] == 0 {
				under = true
			}
		case p.Kind == engine.GeoWall:
			walls++
			for _, v := range vs {
				if v[2] < -1e-4 || v[2] > float64(dattest.RoomBox.Max[2])+1e-4 {
					t.Errorf("wall polygon %d vertex %v outside the room's 0–4 m", p.Poly, v)
				}
			}
		}
	}
	if !under {
		t.Errorf("no floor polygon of the room under the body (%d floors)", floors)
	}
	if walls < 4 {
		t.Errorf("%d wall polygons of the room, want its four walls at least", walls)
	}
	// The room sees no other cell in this world, and the dungeon has no
	// building: nothing else.
	if other != 0 {
		t.Errorf("%d polygons of other cells", other)
	}
	// Without dat geometry, nothing.
	if p, _ := engine.GeometryNear(&physics.World{}, at, 30, nil, nil); len(p) != 0 {
		t.Errorf("%d polygons without dat geometry", len(p))
	}
}

// Outdoors by the town's building, its shell and the cell behind its
// doorway (through the building's portal) are given.
func TestGeometryNear_ABuildingSeenFromOutside(t *testing.T) {
	w := ownGeo(t)
	world := &physics.World{Geometry: w.WorldGeometry()}
	at := physics.NewPosition(dattest.TownBlock&^0xFFFF|physics.OutdoorCellIndex(100, 90), mgl32.Vec3{100, 90, 2 * dattest.TownHeight}, 0)
	polys, verts := engine.GeometryNear(world, at, 20, nil, nil)
	shell, inside := 0, 0
	for _, p := range polys {
		switch {
		case p.Kind == engine.GeoShell:
			shell++
			for _, v := range verts[p.First : p.First+p.Count] {
				// The shell stands on the building's frame: (96, 96, 20) in
				// landblock 0xC0C0, 8 × 6 × 4 m.
				lx, ly := v[0]-0xC0*192, v[1]-0xC0*192
				if lx < 96-1e-3 || lx > 104+1e-3 || ly < 96-1e-3 || ly > 102+1e-3 || v[2] < 20-1e-3 || v[2] > 24+1e-3 {
					t.Fatalf("shell polygon %d vertex %v (local %.2f, %.2f) off the building's box", p.Poly, v, lx, ly)
				}
			}
		case p.Cell == dattest.BuildingCell:
			inside++
		}
	}
	if shell == 0 || inside == 0 {
		t.Errorf("%d shell polygons and %d of the building's cell, want both", shell, inside)
	}
	// Far from the building (the landblock's other corner), none.
	far := physics.NewPosition(dattest.TownBlock&^0xFFFF|physics.OutdoorCellIndex(10, 10), mgl32.Vec3{10, 10, 20}, 0)
	if p, _ := engine.GeometryNear(world, far, 20, nil, nil); len(p) != 0 {
		t.Errorf("%d polygons 120 m from the building", len(p))
	}
}
