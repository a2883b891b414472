package physics

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Hand-built geometry for retail's transition (transit*.go): rooms,
// corridors, a building with a doorway, stairs and slopes. Each test names
// the retail function (as ACE Source/ACE.Server/Physics ports it) whose
// behaviour it checks.

// fakeGeometry is a Geometry over maps (looked up, never iterated).
type fakeGeometry struct {
	env  map[uint32]*EnvCell
	land map[uint32]*LandCellContents
}

func (g *fakeGeometry) EnvCell(id uint32) *EnvCell { return g.env[id] }
func (g *fakeGeometry) LandCell(id uint32) *LandCellContents {
	return g.land[id]
}

const testLB = 0xA9B40000

// quad returns the polygon of four vertices (counter-clockwise from its
// front).
func quad(t testing.TB, id uint16, a, b, c, d mgl32.Vec3) Polygon {
	t.Helper()
	p, ok := NewPolygon(id, SidesClockwise, a, b, c, d)
	if !ok {
		t.Fatalf("quad %d: no plane", id)
	}
	return p
}

// roomSpec is an axis-aligned room in its cell's frame: lo–hi, with
// doorways cut in its walls.
type roomSpec struct {
	lo, hi mgl32.Vec3
	// doors: wall side ('W','E','S','N'), the span along the wall [a, b]
	// and the height h of the opening; each becomes a portal.
	doors []doorSpec
}

type doorSpec struct {
	side      byte
	a, b, h   float32
	otherCell uint16
}

// buildRoom returns the CellStruct of the room: floor, ceiling and walls
// facing inwards (walls with doorways split around them), a leaf physics
// BSP, a convex cell BSP, and a portal polygon per doorway.
func buildRoom(t testing.TB, r roomSpec) (*CellStruct, []CellPortal) {
	t.Helper()
	lo, hi := r.lo, r.hi
	var polys []Polygon
	id := uint16(0)
	add := func(p Polygon) { polys = append(polys, p); id++ }
	// Floor (+z) and ceiling (−z).
	add(quad(t, id, mgl32.Vec3{lo[0], lo[1], lo[2]}, mgl32.Vec3{hi[0], lo[1], lo[2]}, mgl32.Vec3{hi[0], hi[1], lo[2]}, mgl32.Vec3{lo[0], hi[1], lo[2]}))
	add(quad(t, id, mgl32.Vec3{lo[0], lo[1], hi[2]}, mgl32.Vec3{lo[0], hi[1], hi[2]}, mgl32.Vec3{hi[0], hi[1], hi[2]}, mgl32.Vec3{hi[0], lo[1], hi[2]}))
	// wall returns the polygons of one wall, as segments [s0,s1] along it
	// (full height) minus doors. point(s, z) places a point on the wall.
	var portals []Polygon
	var doorOf []doorSpec
	wall := func(side byte, s0, s1 float32, point func(s, z float32) mgl32.Vec3) {
		var ds []doorSpec
		for _, d := range r.doors {
			if d.side == side {
				ds = append(ds, d)
			}
		}
		cur := s0
		emit := func(a, b, z0, z1 float32) {
			if b-a < 1e-4 || z1-z0 < 1e-4 {
				return
			}
			add(quad(t, id, point(a, z0), point(a, z1), point(b, z1), point(b, z0)))
		}
		for _, d := range ds {
			emit(cur, d.a, lo[2], hi[2])
			emit(d.a, d.b, lo[2]+d.h, hi[2])
			p := quad(t, 1000+uint16(len(portals)), point(d.a, lo[2]), point(d.a, lo[2]+d.h), point(d.b, lo[2]+d.h), point(d.b, lo[2]))
			portals = append(portals, p)
			doorOf = append(doorOf, d)
			cur = d.b
		}
		emit(cur, s1, lo[2], hi[2])
	}
	// Each wall's points run so the quad faces into the room.
	wall('S', lo[0], hi[0], func(s, z float32) mgl32.Vec3 { return mgl32.Vec3{s, lo[1], z} })
	wall('N', -hi[0], -lo[0], func(s, z float32) mgl32.Vec3 { return mgl32.Vec3{-s, hi[1], z} })
	wall('W', -hi[1], -lo[1], func(s, z float32) mgl32.Vec3 { return mgl32.Vec3{lo[0], -s, z} })
	wall('E', lo[1], hi[1], func(s, z float32) mgl32.Vec3 { return mgl32.Vec3{hi[0], s, z} })
	cs := &CellStruct{ID: 1, Polygons: polys}
	cs.PhysicsBSP = NewLeafBSP(cs.Polygons)
	cs.CellBSP = NewCellBSP([]Plane{
		{N: mgl32.Vec3{0, 0, 1}, D: -lo[2]}, {N: mgl32.Vec3{0, 0, -1}, D: hi[2]},
		{N: mgl32.Vec3{1, 0, 0}, D: -lo[0]}, {N: mgl32.Vec3{-1, 0, 0}, D: hi[0]},
		{N: mgl32.Vec3{0, 1, 0}, D: -lo[1]}, {N: mgl32.Vec3{0, -1, 0}, D: hi[1]},
	})
	var cps []CellPortal
	for i := range portals {
		pp := portals[i]
		cs.Portals = append(cs.Portals, &pp)
		// The portal polygon faces into the room: this cell is on its front,
		// PortalSide false (ACE CellPortal.PortalSide, flags & 2 set).
		cps = append(cps, CellPortal{OtherCellID: doorOf[i].otherCell, PolygonID: pp.ID, Poly: &pp, PortalSide: false})
	}
	// Door spans are given in the wall's own s coordinate; the N and W
	// walls run backwards, so callers give negated spans there.
	return cs, cps
}

// envCell returns EnvCell id of the room placed at origin.
func envCell(t testing.TB, id uint32, origin mgl32.Vec3, r roomSpec) *EnvCell {
	cs, portals := buildRoom(t, r)
	return &EnvCell{ID: id, Frame: NewFrame(origin, mgl32.QuatIdent()), Struct: cs, Portals: portals}
}

// transitBody is a body driven tick by tick the way UpdateObjectInternal drives
// it: velocity (gravity while not on walkable ground) makes the candidate,
// the transition sweeps it, SetPositionInternal commits.
type transitBody struct {
	o  *Object
	dt float32
	// ace, when set, writes each tick as a cross-check case
	// (transit_ace_dump_test.go); n counts the ticks.
	ace *aceCase
	n   int
}

// record makes the body's ticks a cross-check case named name, its
// geometry the given EnvCells and the LandCells of the given cells'
// landblocks.
func (w *transitBody) record(t testing.TB, name string, envs []*EnvCell, lands ...uint32) {
	w.ace = newACECase(t, name)
	w.ace.body(w.o)
	for _, e := range envs {
		w.ace.envCell(e)
	}
	for _, c := range lands {
		w.ace.landblock(w.o, c)
	}
	t.Cleanup(func() { w.ace.close(t) })
}

func newTransitBody(w *World, cell uint32, at mgl32.Vec3, grounded bool) *transitBody {
	o := NewObject()
	o.World = w
	o.pos = NewPosition(cell, at, 0)
	if grounded {
		o.TransientState |= TransientContact | TransientOnWalkable
		o.ContactPlane = PlaneThrough(up, at)
		o.ContactPlaneCellID = cell
	}
	return &transitBody{o: o, dt: 1.0 / 30}
}

// tick moves the body toward the velocity v (horizontal part used while
// grounded, all of it in the air) for one tick.
func (w *transitBody) tick(t *testing.T, horiz mgl32.Vec3) *transitionResult {
	t.Helper()
	if w.ace != nil {
		w.ace.tick(t, w.n, w, horiz)
		w.n++
		return nil
	}
	o := w.o
	if o.OnWalkable() {
		o.Velocity = mgl32.Vec3{horiz[0], horiz[1], 0}
	} else {
		o.Velocity[0], o.Velocity[1] = horiz[0], horiz[1]
		o.Velocity[2] += Gravity * w.dt
	}
	cand := o.pos.Frame
	cand.Origin = cand.Origin.Add(o.Velocity.Mul(w.dt))
	r, ok := o.retailTransition(&o.pos, &cand)
	if !ok {
		// No valid position: the body keeps its place (ACE
		// UpdateObjectInternal; seed 003 §1 7b3 "keep current frame").
		o.Velocity = mgl32.Vec3{}
		return r
	}
	o.setPositionInternal(r)
	return r
}

// TestTransit_TerrainFollowsTrianglePlane: LandCell::find_env_collisions
// (ACE LandCell.FindEnvCollisions) puts the body's lowest point on the
// plane of the terrain triangle under it, through
// OBJECTINFO::validate_walkable and the step-down of transitional_insert;
// on every tick of a walk over a sloped landblock the body's z is within
// 1 cm of that plane.
func TestTransit_TerrainFollowsTrianglePlane(t *testing.T) {
	ter := &Terrain{Name: "hills", RetailSplit: true}
	var h Heightfield
	for x := 0; x < VerticesPerSide; x++ {
		for y := 0; y < VerticesPerSide; y++ {
			h[x*VerticesPerSide+y] = float32((x*7+y*3)%5) * 1.5
		}
	}
	ter.SetLandblock(testLB>>16, &h)
	w := &World{Terrain: ter}
	start := mgl32.Vec3{30, 30, 0}
	start[2], _ = ter.Height(testLB|1, start[0], start[1])
	wk := newTransitBody(w, testLB|0x0A, start, true)
	n, _ := ter.Height(testLB|1, start[0], start[1])
	wk.o.ContactPlane = PlaneThrough(mgl32.Vec3{0, 0, 1}, mgl32.Vec3{0, 0, n})
	wk.record(t, "terrain_hills", nil, testLB|0x0A)
	checked := 0
	for i := 0; i < 400; i++ {
		wk.tick(t, mgl32.Vec3{2.5, 1.2, 0})
		p := wk.o.pos
		if !wk.o.InContact() {
			continue // left the ground over a crest; checked when back
		}
		gz, _ := ter.Height(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
		if d := p.Frame.Origin[2] - gz; d > 0.01 || d < -0.01 {
			t.Fatalf("tick %d at %v (cell %#x): z %.4f, triangle plane %.4f", i, p.Frame.Origin, p.Cell, p.Frame.Origin[2], gz)
		}
		checked++
	}
	if checked < 300 {
		t.Fatalf("only %d of 400 ticks on the ground", checked)
	}
}

// TestTransit_JumpInRoomLandsOnFloor: a body jumping in an EnvCell falls
// back onto the CellStruct's floor polygon — BSPTREE::find_collisions'
// set_collide, then find_walkable / adjust_sphere_to_plane (ACE
// BSPTree.find_collisions, BSPLeaf.find_walkable, Polygon.
// adjust_sphere_to_plane) — and rests within 1 cm of it.
func TestTransit_JumpInRoomLandsOnFloor(t *testing.T) {
	id := uint32(testLB | 0x0100)
	floor := float32(-20)
	g := &fakeGeometry{env: map[uint32]*EnvCell{
		id: envCell(t, id, mgl32.Vec3{40, 40, floor}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 10, 6}}),
	}}
	w := &World{Terrain: FlatTerrain(0), Geometry: g}
	wk := newTransitBody(w, id, mgl32.Vec3{45, 45, floor}, true)
	wk.o.Velocity = mgl32.Vec3{0, 0, 4}
	wk.o.TransientState &^= TransientContact | TransientOnWalkable
	wk.record(t, "room_jump", []*EnvCell{g.env[id]})
	landed := false
	for i := 0; i < 90; i++ {
		wk.tick(t, mgl32.Vec3{1, 0, 0})
		p := wk.o.pos
		if p.Cell != id {
			t.Fatalf("tick %d: cell %#x, want %#x", i, p.Cell, id)
		}
		if p.Frame.Origin[2] < floor-0.01 {
			t.Fatalf("tick %d: z %.4f below the floor %.2f", i, p.Frame.Origin[2], floor)
		}
		if i > 10 && wk.o.InContact() {
			landed = true
		}
	}
	if !landed || !wk.o.OnWalkable() {
		t.Fatal("the body never landed on the floor")
	}
	if d := wk.o.pos.Frame.Origin[2] - floor; d > 0.01 || d < -0.01 {
		t.Fatalf("rest z %.4f, floor %.2f", wk.o.pos.Frame.Origin[2], floor)
	}
}

// boxStatic is an outdoor static: a box GfxObj in the landblock.
func boxWorld(lo, hi mgl32.Vec3) *World {
	return &World{Terrain: FlatTerrain(0), Obstacles: []Obstacle{{Kind: ObstacleBox, Landblock: testLB >> 16, Min: lo, Max: hi}}}
}

// TestTransit_StairClimbedWallStops: walking into a 0.3 m box (a stair)
// steps up onto it — CTransition::step_up / step_down with the Setup's
// step-up height (0.4 m), BSPTREE::step_sphere_up — and walking into a
// 0.6 m one stops the body in front of it (CSphere::slide_sphere head-on),
// its spheres never inside the box.
func TestTransit_StairClimbedWallStops(t *testing.T) {
	for _, c := range []struct {
		height float32
		climb  bool
	}{{0.3, true}, {0.6, false}} {
		w := boxWorld(mgl32.Vec3{50, 40, 0}, mgl32.Vec3{54, 60, c.height})
		wk := newTransitBody(w, testLB|0x12, mgl32.Vec3{46, 50, 0}, true)
		for i := 0; i < 60; i++ {
			wk.tick(t, mgl32.Vec3{3, 0, 0})
		}
		p := wk.o.pos.Frame.Origin
		if c.climb {
			if p[0] < 50.5 || p[2] < c.height-0.01 || p[2] > c.height+0.01 {
				t.Errorf("%.1f m stair: body at %v, want on top (z %.2f)", c.height, p, c.height)
			}
			continue
		}
		if p[0] > 50-wk.o.Radius+0.01 || p[2] > 0.01 {
			t.Errorf("%.1f m wall: body at %v, want stopped before x %.2f on the ground", c.height, p, 50-wk.o.Radius)
		}
		if p[0] < 49 {
			t.Errorf("%.1f m wall: body at %v stopped too early", c.height, p)
		}
	}
}

// TestTransit_CorridorCornerNeverInWall: a remote whose server positions
// cut the inside corner of an L-shaped corridor (two EnvCells joined by a
// portal) is held by the walls — BSPTREE::find_collisions' step_sphere_up /
// slide_sphere, CTransition::check_other_cells over the cells
// find_cell_list reaches through the portal (EnvCell.find_transit_cells)
// — and no tick ends with a sphere inside a wall.
func TestTransit_CorridorCornerNeverInWall(t *testing.T) {
	a, b := uint32(testLB|0x0100), uint32(testLB|0x0101)
	origin := mgl32.Vec3{20, 20, 0}
	g := &fakeGeometry{env: map[uint32]*EnvCell{
		a: envCell(t, a, origin, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 2, 3},
			doors: []doorSpec{{side: 'N', a: -10, b: -8, h: 3, otherCell: 0x0101}}}),
		b: envCell(t, b, origin, roomSpec{lo: mgl32.Vec3{8, 2, 0}, hi: mgl32.Vec3{10, 12, 3},
			doors: []doorSpec{{side: 'S', a: 8, b: 10, h: 3, otherCell: 0x0100}}}),
	}}
	w := &World{Terrain: FlatTerrain(-50), Geometry: g}
	wk := newTransitBody(w, a, origin.Add(mgl32.Vec3{1, 1, 0}), true)
	wk.record(t, "corridor_corner", []*EnvCell{g.env[a], g.env[b]})
	target := origin.Add(mgl32.Vec3{9, 11, 0})
	r := wk.o.Radius
	// The walls as segments seen from above; a sphere is inside a wall when
	// its centre is nearer to one than its radius (less 1 cm).
	walls := [][2]mgl32.Vec2{
		{{0, 0}, {10, 0}}, {{0, 0}, {0, 2}}, {{10, 0}, {10, 12}},
		{{0, 2}, {8, 2}}, {{8, 2}, {8, 12}}, {{8, 12}, {10, 12}},
	}
	inside := func(p mgl32.Vec3) bool {
		l := p.Sub(origin).Vec2()
		if l[0] < 0 || l[0] > 10 || l[1] < 0 || l[1] > 12 || (l[0] < 8 && l[1] > 2) {
			return false
		}
		for _, s := range walls {
			d := s[1].Sub(s[0])
			u := max(0, min(1, l.Sub(s[0]).Dot(d)/d.Dot(d)))
			if l.Sub(s[0].Add(d.Mul(u))).Len() < r-0.01 {
				return false
			}
		}
		return true
	}
	reachedB := false
	for i := 0; i < 300; i++ {
		d := target.Sub(wk.o.pos.Frame.Origin)
		d[2] = 0
		if d.Len() > 0.05 {
			d = d.Normalize().Mul(4)
		}
		wk.tick(t, d)
		p := wk.o.pos
		if !inside(p.Frame.Origin) {
			t.Fatalf("tick %d: body at %v (cell %#x) is inside a wall", i, p.Frame.Origin.Sub(origin), p.Cell)
		}
		if p.Frame.Origin[2] < -0.01 || p.Frame.Origin[2] > 0.01 {
			t.Fatalf("tick %d: body z %.3f left the floor", i, p.Frame.Origin[2])
		}
		if p.Cell == b {
			reachedB = true
		}
	}
	if !reachedB {
		t.Fatalf("the body never entered cell %#x; ended at %v in %#x", b, wk.o.pos.Frame.Origin.Sub(origin), wk.o.pos.Cell)
	}
}

// TestTransit_DoorwayChangesCell: a body walking through a building's
// doorway gets the indoor cell's id, and the outdoor one again on the way
// out — BuildingObj::find_building_transit_cells /
// EnvCell::check_building_transit add the interior cell,
// ObjCell::find_cell_list picks the cell holding the first sphere's centre
// (ACE ObjCell.find_cell_list, EnvCell.find_transit_cells' outside portal).
func TestTransit_DoorwayChangesCell(t *testing.T) {
	room := uint32(testLB | 0x0100)
	// The room: x 60–70, y 60–70, door in the west wall at y 64–66.
	origin := mgl32.Vec3{60, 60, 0}
	cell := envCell(t, room, origin, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 10, 3},
		doors: []doorSpec{{side: 'W', a: -6, b: -4, h: 2.5, otherCell: OutsidePortal}}})
	// The shell: the room's walls facing outwards, the same doorway.
	shell := &GfxObj{ID: 0x01000001}
	for _, p := range cell.Struct.Polygons {
		if p.Plane.N[2] != 0 {
			continue
		}
		q := Polygon{ID: p.ID, Sides: p.Sides}
		for i := len(p.Vertices) - 1; i >= 0; i-- {
			q.Vertices = append(q.Vertices, p.Vertices[i])
		}
		q.MakePlane()
		shell.Polygons = append(shell.Polygons, q)
	}
	shell.PhysicsBSP = NewLeafBSP(shell.Polygons)
	shell.PhysicsSphere = shell.PhysicsBSP.Root.Sphere
	outdoor := uint32(testLB | landCellIndex(60, 60))
	bld := &Building{
		Object:  StaticObject{Frame: NewFrame(origin, mgl32.QuatIdent()), Parts: []Part{{GfxObj: shell, Frame: IdentityFrame()}}},
		Portals: []BuildingPortal{{OtherCellID: 0x0100, OtherPortalID: 0}},
	}
	g := &fakeGeometry{env: map[uint32]*EnvCell{room: cell}, land: map[uint32]*LandCellContents{outdoor: {Building: bld}}}
	w := &World{Terrain: FlatTerrain(0), Geometry: g}
	wk := newTransitBody(w, testLB|landCellIndex(50, 65), mgl32.Vec3{54, 65, 0}, true)
	wk.record(t, "doorway", []*EnvCell{cell}, testLB|1)
	var in, out bool
	for i := 0; i < 120; i++ {
		wk.tick(t, mgl32.Vec3{3, 0, 0})
		if wk.o.pos.Cell == room {
			in = true
		}
	}
	if !in {
		t.Fatalf("walking in: ended at %v in cell %#x, never in %#x", wk.o.pos.Frame.Origin, wk.o.pos.Cell, room)
	}
	if x := wk.o.pos.Frame.Origin[0]; x > 70-wk.o.Radius+0.01 {
		t.Fatalf("walked through the far wall: x %.3f", x)
	}
	for i := 0; i < 150; i++ {
		wk.tick(t, mgl32.Vec3{-3, 0, 0})
		if in && !IsIndoorCell(wk.o.pos.Cell) {
			out = true
		}
	}
	if !out || IsIndoorCell(wk.o.pos.Cell) {
		t.Fatalf("walking out: ended at %v in cell %#x", wk.o.pos.Frame.Origin, wk.o.pos.Cell)
	}
	if z := wk.o.pos.Frame.Origin[2]; z > 0.01 || z < -0.01 {
		t.Fatalf("outside again at z %.3f, want the ground", z)
	}
}

// landCellIndex is the outdoor cell index (1–64) holding landblock-local
// (x, y).
func landCellIndex(x, y float32) uint32 { return OutdoorCellIndex(x, y) }

// TestTransit_PlacementOutOfBox: CTransition::find_placement_position
// (ACE Transition.FindPlacementPosition). The initial placement skips
// objects (ObjCell::find_obj_collisions); the placement insert then meets
// the box, and without sliding the body has no valid position
// (COLLIDED_SPE), with it find_placement_pos' rings give the first free
// spot within 4 m, which the step-down sets on the ground.
func TestTransit_PlacementOutOfBox(t *testing.T) {
	w := boxWorld(mgl32.Vec3{50, 50, 0}, mgl32.Vec3{51, 51, 2})
	o := NewObject()
	o.World = w
	clear := func(at mgl32.Vec3) bool {
		dx := max(50-at[0], at[0]-51, 0)
		dy := max(50-at[1], at[1]-51, 0)
		return dx*dx+dy*dy >= (o.Radius-0.01)*(o.Radius-0.01)
	}
	for _, p := range []mgl32.Vec3{{50.5, 50.5, 0.2}, {49.8, 50.5, 0.2}} {
		pos := NewPosition(testLB|0x13, p, 0)
		if _, err := o.retailPlacement(&pos, false); err != SetPositionCollided {
			t.Errorf("placement at %v without slide: %v, want COLLIDED_SPE", p, err)
		}
		r, err := o.retailPlacement(&pos, true)
		if err != SetPositionOK {
			t.Fatalf("sliding placement at %v: %v", p, err)
		}
		at := r.CurPos.Frame.Origin
		if !clear(at) || at.Sub(p).Len() > 4 {
			t.Errorf("placed %v at %v: want clear of the box, within 4 m", p, at)
		}
		if !r.ContactPlaneValid || abs32(at[2]) > 1e-4 {
			t.Errorf("placed at %v, contact %v: want on the ground", at, r.ContactPlaneValid)
		}
	}
	// The first ring point clear of the box for (49.8, 50.5): rings of
	// 4/9 m, 2·ceil(π·(4/9)/0.48) = 6 headings, clockwise from north; the
	// first free one is 240°.
	edge := NewPosition(testLB|0x13, mgl32.Vec3{49.8, 50.5, 0.2}, 0)
	r, _ := o.retailPlacement(&edge, true)
	want := mgl32.Vec3{49.8 - 4.0/9*0.8660254, 50.5 - 4.0/9*0.5, 0}
	if at := r.CurPos.Frame.Origin; !nearVec(at, want, 1e-3) {
		t.Errorf("ring placement at %v, want %v (heading 240°)", at, want)
	}
	free := NewPosition(testLB|0x13, mgl32.Vec3{40, 40, 0.3}, 0)
	r, err := o.retailPlacement(&free, false)
	if err != SetPositionOK || abs32(r.CurPos.Frame.Origin[2]) > 1e-4 || !r.ContactPlaneValid {
		t.Fatalf("free placement 0.3 m up: %v at %v contact %v, want on the ground", err, r.CurPos.Frame.Origin, r.ContactPlaneValid)
	}
	high := NewPosition(testLB|0x13, mgl32.Vec3{40, 40, 3}, 0)
	r, err = o.retailPlacement(&high, false)
	if err != SetPositionOK || r.CurPos.Frame.Origin[2] != 3 || r.ContactPlaneValid {
		t.Fatalf("free placement 3 m up: %v at %v contact %v, want in the air", err, r.CurPos.Frame.Origin, r.ContactPlaneValid)
	}
}

// TestTransit_Report: what a tick's transition saw, for the pipeline's
// wall, step, cell and land events: a walk into a 0.6 m box names the box's
// polygon (BSPTREE::find_collisions' hit polygon); a walk onto a 0.3 m one
// reports a step up of 0.3 m (step_up); a fall reports the landing
// (validate_walkable's collision normal); a walk through the doorway
// reports the cell change.
func TestTransit_Report(t *testing.T) {
	tick := func(o *Object) { o.UpdateObjectInternal(dt) }
	// Wall and step, through the real tick.
	for _, c := range []struct {
		h    float32
		wall bool
	}{{0.6, true}, {0.3, false}} {
		w := boxWorld(mgl32.Vec3{50, 40, 0}, mgl32.Vec3{54, 60, c.h})
		o := walker(t, w, 48, 50, 0, 90, 0.1)
		var walls, steps int
		var text string
		var step float32
		for k := 0; k < 40; k++ {
			tick(o)
			r := o.LastTransition()
			if ref := o.LastTransitionRef(); *ref != r {
				t.Fatalf("tick %d: LastTransitionRef reads %+v, LastTransition %+v", k, *ref, r)
			}
			if r.Wall {
				walls++
				text = r.Text()
			}
			if r.Stepped && r.Step > 0.1 {
				steps++
				step = r.Step
			}
		}
		if c.wall && (walls == 0 || !strings.Contains(text, "polygon 0 of obstacle 0 in cell")) {
			t.Errorf("%.1f m box: %d wall reports, last %q; want the box's -x face (polygon 0)", c.h, walls, text)
		}
		if !c.wall && (steps != 1 || !near(step, c.h, 0.01)) {
			t.Errorf("%.1f m box: %d steps up, last %.3f; want one of %.1f m", c.h, steps, step, c.h)
		}
	}
	// Landing.
	o := placed(t, nil, 50, 50, 2, 0)
	o.MovementManager = &fakeMovement{}
	landed := false
	for k := 0; k < 60 && !landed; k++ {
		tick(o)
		landed = o.LastTransition().Landed
	}
	if !landed || !o.InContact() {
		t.Error("a fall never reported its landing")
	}
}

// A scenario obstacle is named by what it is: its place in the world's
// obstacle list and its name, never the GfxObj id 0 its box was built
// with — a box by its polygon, a cylinder by its cylsphere. A dat static
// read as an obstacle keeps the object's words.
func TestTransit_ReportNamesObstacles(t *testing.T) {
	w := &World{Terrain: FlatTerrain(0), Obstacles: []Obstacle{
		{Kind: ObstacleCylinder, Name: "post", Landblock: testLB >> 16, Center: mgl32.Vec3{20, 80, 0}, Radius: 0.5, Height: 2},
		{Kind: ObstacleBox, Name: "crate", Landblock: testLB >> 16, Min: mgl32.Vec3{50, 40, 0}, Max: mgl32.Vec3{54, 60, 2}},
		{Kind: ObstacleCylinder, Name: "well", Landblock: testLB >> 16, Center: mgl32.Vec3{80, 50, 0}, Radius: 1.5, Height: 2},
	}}
	for _, c := range []struct {
		x    float32
		want string
	}{
		{48, `wall polygon 0 of obstacle 1 ("crate") in cell 0x`},
		{77, `wall: obstacle 2 ("well") (its cylsphere 0) in cell 0x`},
	} {
		o := walker(t, w, c.x, 50, 0, 90, 0.1)
		var text string
		for k := 0; k < 40 && text == ""; k++ {
			o.UpdateObjectInternal(dt)
			if r := o.LastTransition(); r.Wall {
				text = r.Text()
			}
		}
		if !strings.Contains(text, c.want) || strings.Contains(text, "GfxObj") {
			t.Errorf("walking east from x %v: %q, want %q", c.x, text, c.want)
		}
	}
}
