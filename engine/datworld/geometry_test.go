package datworld

import (
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/assets/dat/dattest"
	"glidepath/assets/dat/indepwriter"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// geometryWorld writes dattest's geometry world and opens its Geometry.
func geometryWorld(t testing.TB) *Geometry {
	t.Helper()
	w, _ := written(t, dattest.WriteGeometry)
	return w.Geometry()
}

func near(a, b mgl32.Vec3) bool { return a.Sub(b).Len() < 1e-5 }

// The corridor's first cell: its CellStruct's physics polygons get their
// planes from their vertices (Polygon::make_plane: the floor faces up
// through z 0), its cell BSP keeps A's points in and B's out
// (BSPNode.point_inside_cell_bsp), and its portal is the polygon on y 2
// facing into A, leading to B; the flag leaves PortalSide false (ACE
// CellPortal.PortalSide: flags & 2 clear).
func TestGeometry_EnvCellConverts(t *testing.T) {
	g := geometryWorld(t)
	c := g.EnvCell(dattest.CorridorA)
	if c == nil {
		t.Fatalf("no cell: %+v", g.Problems())
	}
	if c.Frame.Origin != (mgl32.Vec3{40, 40, 0}) || c.Struct == nil || c.Struct.CellBSP == nil || c.Struct.PhysicsBSP == nil {
		t.Fatalf("cell %+v", c)
	}
	floor := c.Struct.Polygons[0]
	if !near(floor.Plane.N, mgl32.Vec3{0, 0, 1}) || math.Abs(float64(floor.Plane.D)) > 1e-6 {
		t.Errorf("floor plane %+v", floor.Plane)
	}
	inside := func(p mgl32.Vec3) bool {
		for n := c.Struct.CellBSP.Root; n != nil; n = n.Pos {
			if n.Plane.N.Dot(p)+n.Plane.D < -0.0002 {
				return false
			}
		}
		return true
	}
	if !inside(mgl32.Vec3{1, 1, 1}) || inside(mgl32.Vec3{9, 3, 1}) {
		t.Error("cell BSP does not hold the corridor")
	}
	if len(c.Portals) != 1 {
		t.Fatalf("portals %+v", c.Portals)
	}
	p := c.Portals[0]
	if p.OtherCellID != dattest.CorridorB&0xFFFF || p.PortalSide || p.Poly != c.Struct.Portals[0] ||
		!near(p.Poly.Plane.N, mgl32.Vec3{0, -1, 0}) || math.Abs(float64(p.Poly.Plane.D-2)) > 1e-6 {
		t.Errorf("portal %+v plane %+v", p, p.Poly.Plane)
	}
	for _, v := range p.Poly.Vertices {
		if v[1] != 2 || v[0] < 8 || v[0] > 10 {
			t.Errorf("portal vertex %v outside the doorway y 2, x 8–10", v)
		}
	}
	// The same cell again is the same value.
	if g.EnvCell(dattest.CorridorA) != c {
		t.Error("the cell is converted twice")
	}
}

// The room's leaves hold pointers into its physics polygons, whose tops
// stand at the floor, 0.3 m and 0.6 m; its pillar is a static with one
// part whose BSP holds the pillar's six faces.
func TestGeometry_RoomAndItsStatic(t *testing.T) {
	g := geometryWorld(t)
	c := g.EnvCell(dattest.StairRoom)
	if c == nil {
		t.Fatalf("no room: %+v", g.Problems())
	}
	tops := map[float32]bool{}
	var walk func(n *physics.BSPNode)
	walk = func(n *physics.BSPNode) {
		if n == nil {
			return
		}
		for _, p := range n.Polys {
			if p.Plane.N[2] > 0.99 {
				tops[-p.Plane.D] = true
			}
			if p != &c.Struct.Polygons[p.ID] {
				t.Fatalf("leaf polygon %d is not the struct's", p.ID)
			}
		}
		walk(n.Pos)
		walk(n.Neg)
	}
	walk(c.Struct.PhysicsBSP.Root)
	for _, z := range []float32{0, dattest.StairHeight, dattest.WallHeight} {
		if !tops[z] {
			t.Errorf("no walkable top at %v in the BSP's leaves (have %v)", z, tops)
		}
	}
	if len(c.Statics) != 1 || len(c.Statics[0].Parts) != 1 {
		t.Fatalf("statics %+v", c.Statics)
	}
	s := c.Statics[0]
	if s.ID != dattest.Pillar || s.Frame.Origin != (mgl32.Vec3{105, 108.5, 0}) || len(s.Parts[0].GfxObj.Polygons) != 6 || s.Parts[0].GfxObj.PhysicsSphere.Radius <= 1.5 {
		t.Errorf("pillar %+v sphere %+v", s, s.Parts[0].GfxObj.PhysicsSphere)
	}
}

// The building stands in the outdoor cell holding its origin (landblock
// x 96 → cell 4, y 96 → cell 4: id 0x…0025, ACE Landblock.init_buildings),
// with its shell as part 0 and a portal into cell 0x0100, whose portal
// leads outdoors; the cells beside it hold no building.
func TestGeometry_BuildingInItsCell(t *testing.T) {
	g := geometryWorld(t)
	lc := g.LandCell(dattest.TownBlock&0xFFFF0000 | 0x25)
	if lc == nil || lc.Building == nil {
		t.Fatalf("no building: %+v %+v", lc, g.Problems())
	}
	b := lc.Building
	if len(b.Object.Parts) != 1 || b.Object.Parts[0].GfxObj.ID != dattest.BuildingShell || b.Object.Frame.Origin != (mgl32.Vec3{96, 96, 20}) {
		t.Errorf("building object %+v", b.Object)
	}
	if len(b.Portals) != 1 || b.Portals[0].OtherCellID != 0x0100 || b.Portals[0].OtherPortalID != 0 {
		t.Errorf("portals %+v", b.Portals)
	}
	in := g.EnvCell(dattest.BuildingCell)
	if in == nil || !in.SeenOutside || in.Portals[0].OtherCellID != physics.OutsidePortal {
		t.Errorf("indoor cell %+v", in)
	}
	for _, id := range []uint32{0x24, 0x1D, 0x01} {
		if lc := g.LandCell(dattest.TownBlock&0xFFFF0000 | id); lc != nil {
			t.Errorf("cell 0x%02X: %+v", id, lc)
		}
	}
	if lc := g.LandCell(dattest.TownBlock&0xFFFF0000 | 0x41); lc != nil {
		t.Errorf("cell 0x41 is not an outdoor cell: %+v", lc)
	}
}

// Statics reach into every outdoor cell their spheres overlap, also across
// a landblock's edge: the standard world's big creature (cylsphere radius
// 1.2 at x 40, y 60 of 0xA9B4) is in cell (1, 2) only; a static at a
// cell corner is in all four.
func TestGeometry_StaticsInTheCellsTheyReach(t *testing.T) {
	w, _ := standard(t)
	g := w.Geometry()
	lb := uint32(dattest.HillBlock) & 0xFFFF0000
	cell := func(x, y int) uint32 { return lb | uint32(x*8+y+1) }
	if lc := g.LandCell(cell(1, 2)); lc == nil || len(lc.Statics) != 1 || lc.Statics[0].ID != dattest.BigSetup {
		t.Fatalf("cell (1, 2): %+v %+v", lc, g.Problems())
	}
	if lc := g.LandCell(cell(2, 2)); lc != nil {
		t.Errorf("cell (2, 2): %+v", lc)
	}
	// The standard world's GfxObjs (the big creature's four parts, a
	// static, a building) are not in its dats: each is recorded once,
	// however often it is asked for, in the order met.
	g.LandCell(cell(0, 0))
	ps := g.Problems()
	want := []uint32{0x01000101, 0x01000102, 0x01000103, 0x01000104, 0x01000777, 0x01001234}
	if len(ps) != len(want) {
		t.Fatalf("problems %+v", ps)
	}
	for i, p := range ps {
		if p.Kind != "GfxObj" || p.ID != want[i] || p.Problem != "not in the dats" {
			t.Errorf("problem %d: %+v, want GfxObj 0x%08X not in the dats", i, p, want[i])
		}
	}
	if !squareMeetsCircle(0, 0, 24, 24.5, 24.5, 1) || squareMeetsCircle(0, 0, 24, 25, 25, 1) {
		t.Error("squareMeetsCircle")
	}
}

// A damaged Environment leaves its cells out, recorded with the reader's
// error naming the file, entry and field.
func TestGeometry_DamagedEnvironmentIsRecorded(t *testing.T) {
	dir := t.TempDir()
	p, c := dattest.Geometry()
	b := dattest.Environment(dattest.GeoEnvironment())
	b = b[:len(b)/2]
	p.Add(dattest.GeoEnv, b)
	if err := dattest.WriteDir(dir, p, c); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	g := w.Geometry()
	if g.EnvCell(dattest.CorridorA) != nil || g.EnvCell(dattest.CorridorB) != nil {
		t.Fatal("cells of a damaged environment")
	}
	if fs := g.Fallbacks(); len(fs) != 3 || fs[0].Kind != "geometry" || fs[0].ID != "0x0D000100" ||
		fs[0].Used != "no Environment 0x0D000100: its collision left out" || !strings.HasPrefix(fs[0].Problem, "client_portal.dat: entry 0x0D000100: cells[") {
		t.Errorf("fallbacks %+v", fs)
	}
	ps := g.Problems()
	if len(ps) != 3 || ps[0].Kind != "Environment" || !strings.HasPrefix(ps[0].Problem, "client_portal.dat: entry 0x0D000100: cells[") ||
		ps[1].Kind != "EnvCell" || !strings.Contains(ps[1].Problem, "environment_id: its CellStruct 0 of 0x0D000100 cannot be read") {
		t.Errorf("problems %+v", ps)
	}
}

// indepGeometry writes indepwriter's geometry world (a second writer, from
// the public layouts alone) and opens its Geometry.
func indepGeometry(t testing.TB) *Geometry {
	t.Helper()
	w, _ := written(t, indepwriter.WriteGeometry)
	return w.Geometry()
}

// On the independent writer's world: the turned building stands in the
// outdoor cell holding its origin (x 60 → 2, y 130 → 5: 0x…0016) and its
// portal leads into the hall; the half-turned room holds its pillar (the
// pillar's landblock position, taken into the room's frame, is inside the
// room's cell BSP); the pillar's BSP is a convex chain whose innermost
// leaf is solid.
func TestGeometry_IndependentWriter(t *testing.T) {
	g := indepGeometry(t)
	lc := g.LandCell(indepwriter.GeoTownBlock&0xFFFF0000 | 0x16)
	if lc == nil || lc.Building == nil || lc.Building.Object.Parts[0].GfxObj.ID != indepwriter.GeoShellID {
		t.Fatalf("town cell: %+v %+v", lc, g.Problems())
	}
	bp := lc.Building.Portals[0]
	hall := g.EnvCell(indepwriter.GeoTownBlock&0xFFFF0000 | uint32(bp.OtherCellID))
	if hall == nil || !hall.SeenOutside || hall.Portals[bp.OtherPortalID].OtherCellID != physics.OutsidePortal || !bp.ExactMatch {
		t.Fatalf("hall %+v portal %+v", hall, bp)
	}
	// The hall's doorway: in the hall's own frame on x 10, y 3.2–4.8; in the
	// landblock (a quarter turn about z at 60, 130) on y 140.
	door := hall.Portals[0].Poly
	for _, v := range door.Vertices {
		gv := hall.Frame.LocalToGlobal(v)
		if v[0] != 10 || math.Abs(float64(gv[1]-140)) > 1e-4 {
			t.Errorf("doorway vertex %v (landblock %v)", v, gv)
		}
	}
	room := g.EnvCell(indepwriter.GeoRoom)
	if room == nil || len(room.Statics) != 1 {
		t.Fatalf("room %+v %+v", room, g.Problems())
	}
	local := room.Frame.GlobalToLocal(room.Statics[0].Frame.Origin)
	if !near(local, mgl32.Vec3{6, 4, 0}) {
		t.Errorf("pillar in the room's frame at %v, want (6, 4, 0)", local)
	}
	n := room.Statics[0].Parts[0].GfxObj.PhysicsBSP.Root
	depth := 0
	for n.Kind == physics.BSPInternal {
		if n.Pos == nil || n.Pos.Kind != physics.BSPLeafNode || n.Pos.Solid {
			t.Fatalf("convex chain node %d: front %+v", depth, n.Pos)
		}
		n, depth = n.Neg, depth+1
	}
	if depth != 6 || !n.Solid || len(n.Polys) != 6 {
		t.Errorf("convex chain: %d nodes, innermost %+v", depth, n)
	}
	if ps := g.Problems(); len(ps) != 0 {
		t.Errorf("problems %+v", ps)
	}
}

// A cell already answered costs no allocation and no lock (the tick asks
// on every step).
func TestGeometry_AnsweredCellsAllocateNothing(t *testing.T) {
	g := geometryWorld(t)
	in, out := uint32(dattest.CorridorA), uint32(dattest.TownBlock&0xFFFF0000|0x25)
	g.EnvCell(in)
	g.LandCell(out)
	if n := testing.AllocsPerRun(100, func() { g.EnvCell(in); g.LandCell(out) }); n != 0 {
		t.Errorf("%v allocations per answered lookup", n)
	}
}

func BenchmarkGeometry_AnsweredEnvCell(b *testing.B) {
	g := geometryWorld(b)
	g.EnvCell(dattest.CorridorA)
	b.ReportAllocs()
	for b.Loop() {
		g.EnvCell(dattest.CorridorA)
	}
}

// Queries from many goroutines at once get the same answers as one after
// another (run under -race).
func TestGeometry_ConcurrentQueriesAgree(t *testing.T) {
	ids := []uint32{dattest.CorridorA, dattest.CorridorB, dattest.StairRoom, dattest.BuildingCell}
	lb := uint32(dattest.TownBlock) & 0xFFFF0000
	serial := geometryWorld(t)
	var want []any
	for _, id := range ids {
		want = append(want, serial.EnvCell(id) != nil)
	}
	for c := uint32(1); c <= 64; c++ {
		want = append(want, serial.LandCell(lb|c) != nil)
	}
	g := geometryWorld(t)
	var wg sync.WaitGroup
	got := make([][]any, 4)
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, id := range ids {
				got[w] = append(got[w], g.EnvCell(id) != nil)
			}
			for c := uint32(1); c <= 64; c++ {
				got[w] = append(got[w], g.LandCell(lb|c) != nil)
			}
		}()
	}
	wg.Wait()
	for w := range got {
		if !reflect.DeepEqual(got[w], want) {
			t.Errorf("goroutine %d: %v, want %v", w, got[w], want)
		}
	}
	first := g.EnvCell(dattest.CorridorA)
	if again := g.EnvCell(dattest.CorridorA); again != first {
		t.Error("two answers for one cell")
	}
}

// The cell holding a point: a corridor's (in its frame at 40, 40), the
// building's hall (in its frame at 96, 96, 20), else the outdoor cell
// under it; the cells a sphere reaches across the corridor's portal.
func TestGeometry_CellAtAndNear(t *testing.T) {
	g := geometryWorld(t)
	town, dungeon := uint16(dattest.TownBlock>>16), uint16(dattest.DungeonBlock>>16)
	for _, c := range []struct {
		lb   uint16
		p    mgl32.Vec3
		want uint32
	}{
		{dungeon, mgl32.Vec3{41, 41, 1}, dattest.CorridorA},
		{dungeon, mgl32.Vec3{49, 43, 1}, dattest.CorridorB},
		{dungeon, mgl32.Vec3{45, 45, 1}, 0xC1C1000A}, // the cut corner: no cell holds it
		{dungeon, mgl32.Vec3{105, 105, 0.5}, dattest.StairRoom},
		{town, mgl32.Vec3{100, 97, 21}, dattest.BuildingCell},
		{town, mgl32.Vec3{100, 95, 21}, 0xC0C00024},
		{town, mgl32.Vec3{-1, 5, 0}, 0},
	} {
		if got := g.CellAt(c.lb, c.p); got != c.want {
			t.Errorf("CellAt(%04X, %v) = 0x%08X, want 0x%08X", c.lb, c.p, got, c.want)
		}
	}
	if ids := g.EnvCellIDs(dungeon); len(ids) != 3 || ids[2] != dattest.StairRoom {
		t.Errorf("dungeon cells %X", ids)
	}
	// At the portal between A and B (local y 2), a 0.5 m sphere reaches
	// both; 1 m inside A only A.
	if got := g.EnvCellsNear(dungeon, mgl32.Vec3{49, 42, 1}, 0.5); len(got) != 2 {
		t.Errorf("near the portal: %X", got)
	}
	if got := g.EnvCellsNear(dungeon, mgl32.Vec3{49, 41, 1}, 0.5); len(got) != 1 || got[0] != dattest.CorridorA {
		t.Errorf("inside A: %X", got)
	}
}

// End to end through the engine on dattest's geometry world (issue 40's
// doorway check): a remote with the human Setup (two 0.5 m spheres, step
// up 0.4 m) walks north through the building's doorway and back out; the
// trace's cell is the hall's inside and an outdoor one again after, the
// body never leaves the floor (z 20 m), and the transition met the hall
// through the dats (the geometry answered it).
func TestWalk_ThroughTheDoorway(t *testing.T) {
	dir := t.TempDir()
	if err := dattest.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	h := recording.NewHeader()
	pos := func(y float32, cell uint32) physics.Position {
		return physics.NewPosition(cell, mgl32.Vec3{100, y, 20}, 0)
	}
	e := recording.NewEntity(0x80000A02, pos(90, 0xC0C00024))
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, dattest.HumanSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "doorway.jsonl", Header: h}
	path := []struct {
		y    float32
		cell uint32
	}{{93, 0xC0C00024}, {96.5, 0xC0C00100}, {99, 0xC0C00100}, {99, 0xC0C00100}, {96, 0xC0C00100}, {93, 0xC0C00024}, {90, 0xC0C00024}, {90, 0xC0C00024}}
	for i, p := range path {
		rec.Events = append(rec.Events, recording.Event{T: float64(i + 1), Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
			Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(p.y, p.cell), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i + 1)}}})
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	in, outAgain, atWall := false, false, false
	for s.Tick() < 10*30 {
		s.Step()
		v, _ := s.Query().Object(e.GUID)
		o := v.Position.Frame.Origin
		if v.Position.Cell == dattest.BuildingCell {
			in = true
		} else if in && v.Position.Cell>>16 == 0xC0C0 && v.Position.Cell&0xFFFF < 0x100 {
			outAgain = true
		}
		if o[1] > 102-0.5+0.01 {
			t.Fatalf("tick %d: through the far wall at %v", s.Tick(), o)
		}
		if o[1] > 95.5 && o[1] < 96.5 {
			atWall = true // walked through the doorway, not blipped past it
		}
		if v.Contact && (o[2] < 19.99 || o[2] > 20.01) {
			t.Fatalf("tick %d: z %.3f off the floor at %v (cell %#x)", s.Tick(), o[2], o, v.Position.Cell)
		}
	}
	if !in || !outAgain || !atWall {
		v, _ := s.Query().Object(e.GUID)
		t.Fatalf("in %v, out again %v, in the doorway %v; ended at %v in %#x", in, outAgain, atWall, v.Position.Frame.Origin, v.Position.Cell)
	}
	if fb := s.Query().WorldFallbacks(); len(fb) != 0 {
		t.Errorf("fallbacks %+v", fb)
	}
	if c, ok := (*w.Geometry().envCells.Load())[dattest.BuildingCell]; !ok || c == nil {
		t.Error("the transition never asked the dats for the hall")
	}
}
