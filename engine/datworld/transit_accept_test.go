package datworld

import (
	"math"
	"sort"
	"testing"

	"glidepath/assets"
	"glidepath/assets/dat/dattest"
	"glidepath/assets/dat/indepwriter"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/physics"

	"github.com/go-gl/mathgl/mgl32"
)

// Issue 40's acceptance checks of retail's transition, end to end through
// the engine on dat folders from the INDEPENDENT writer
// (assets/dat/indepwriter: GfxObj, Environment, EnvCell and BSPs written
// from the public layouts, never by the viewer's dat code): a remote
// driven by server positions and vectors, its body the human Setup's (two
// 0.35 m spheres, step up 0.4 m), checked tick by tick against geometry
// computed here from the writer's own boxes.

// indepGeo opens the independent writer's geometry world.
func indepGeo(t *testing.T) *World {
	t.Helper()
	dir := t.TempDir()
	if err := indepwriter.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// serverPos is one position the server sends at time t (seconds).
type serverPos struct {
	t    float64
	cell uint32
	at   mgl32.Vec3
}

const acceptGUID = 0x80000A07

// remoteRun builds the recording of a human-Setup remote created at the
// first position and moved by the rest (grounded), plus extra events.
func remoteRun(t *testing.T, w *World, heading float32, path []serverPos, extra ...recording.Event) *engine.Sim {
	t.Helper()
	pos := func(p serverPos) physics.Position { return physics.NewPosition(p.cell, p.at, heading) }
	h := recording.NewHeader()
	e := recording.NewEntity(acceptGUID, pos(path[0]))
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, indepwriter.HumanSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "accept.jsonl", Header: h}
	for i, p := range path[1:] {
		rec.Events = append(rec.Events, recording.Event{T: p.t, Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
			Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(p), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i + 1)}}})
	}
	for _, x := range extra {
		x.GUID, x.HasGUID = e.GUID, true
		rec.Events = append(rec.Events, x)
	}
	sort.SliceStable(rec.Events, func(i, j int) bool { return rec.Events[i].T < rec.Events[j].T })
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wallQuad is a wall as the writer lays it: the rectangle from a to b
// (horizontal ends) between z0 and z1, in the landblock's frame.
type wallQuad struct {
	a, b   mgl32.Vec2
	z0, z1 float32
}

// penetration is how far a sphere reaches into the wall: its radius less
// the distance from its centre to the rectangle's nearest point (positive
// when it overlaps).
func (q wallQuad) penetration(c mgl32.Vec3, r float32) float32 {
	d := q.b.Sub(q.a)
	u := max(0, min(1, mgl32.Vec2{c[0], c[1]}.Sub(q.a).Dot(d)/d.Dot(d)))
	p := q.a.Add(d.Mul(u))
	z := max(q.z0, min(q.z1, c[2]))
	return r - mgl32.Vec3{c[0] - p[0], c[1] - p[1], c[2] - z}.Len()
}

// The corridor: A (x 0–2, y 0–14) and B (x 2–14, y 12–14) in the writer's
// dungeon frame, their shared opening A's east wall at y 12–14. The server
// sends the remote up A and then straight to B's far end, a line that cuts
// the inside corner at (2, 12) through the wall. No tick ends with either
// of the body's spheres inside a wall polygon (1 mm allowed for float
// noise), with the body's centre outside both cells, or off the floor; the
// remote reaches B.
func TestAccept_IndepCorridorCutCornerNeverInWall(t *testing.T) {
	w := indepGeo(t)
	o := indepwriter.GeoDungeonAt.Origin
	at := func(x, y float32) mgl32.Vec3 { return mgl32.Vec3{o[0] + x, o[1] + y, o[2]} }
	s := remoteRun(t, w, 0, []serverPos{
		{0, indepwriter.GeoCorridorA, at(1, 1)},
		{1, indepwriter.GeoCorridorA, at(1, 5)},
		{2, indepwriter.GeoCorridorA, at(1, 9)},
		{3, indepwriter.GeoCorridorB, at(5, 13)},
		{4, indepwriter.GeoCorridorB, at(9, 13)},
		{5, indepwriter.GeoCorridorB, at(13, 13)},
	})
	z0, z1 := o[2], o[2]+3
	wall := func(ax, ay, bx, by float32) wallQuad {
		return wallQuad{mgl32.Vec2{o[0] + ax, o[1] + ay}, mgl32.Vec2{o[0] + bx, o[1] + by}, z0, z1}
	}
	walls := []wallQuad{
		wall(0, 0, 2, 0), wall(0, 0, 0, 14), wall(0, 14, 2, 14), wall(2, 0, 2, 12), // A
		wall(2, 12, 14, 12), wall(2, 14, 14, 14), wall(14, 12, 14, 14), // B
	}
	inCells := func(p mgl32.Vec3) bool {
		x, y := p[0]-o[0], p[1]-o[1]
		return (x >= 0 && x <= 2 && y >= 0 && y <= 14) || (x >= 2 && x <= 14 && y >= 12 && y <= 14)
	}
	reached := false
	for s.Tick() < 9*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if !inCells(p) {
			t.Fatalf("tick %d: body at %v (cell %#x) is outside the corridor", s.Tick(), p.Sub(mgl32.Vec3(o)), v.Position.Cell)
		}
		for _, c := range []mgl32.Vec3{{p[0], p[1], p[2] + 0.35}, {p[0], p[1], p[2] + 1.45}} {
			for i, q := range walls {
				if d := q.penetration(c, 0.35); d > 0.001 {
					t.Fatalf("tick %d: body at %v (cell %#x): a sphere is %.4f m inside wall %d", s.Tick(), p.Sub(mgl32.Vec3(o)), v.Position.Cell, d, i)
				}
			}
		}
		if v.Contact && math.Abs(float64(p[2]-o[2])) > 0.01 {
			t.Fatalf("tick %d: z %.4f off the floor %.1f", s.Tick(), p[2], o[2])
		}
		if v.Position.Cell == indepwriter.GeoCorridorB && p[0]-o[0] > 12 {
			reached = true
		}
	}
	if !reached {
		v, _ := s.Query().Object(acceptGUID)
		t.Fatalf("the remote never reached B's far end; ended at %v in %#x", v.Position.Frame.Origin.Sub(mgl32.Vec3(o)), v.Position.Cell)
	}
}

// The room (the writer's 12 × 8 × 5 m box turned half a turn, floor at
// z −30): a remote standing in it jumps (a VectorUpdate 5 m/s up) and
// lands back on the floor polygon — z within 1 cm of it once in contact
// again, never below it, and in the room's cell throughout.
func TestAccept_IndepJumpInRoomLandsOnFloor(t *testing.T) {
	w := indepGeo(t)
	floor := indepwriter.GeoRoomFrame.Origin[2]
	at := mgl32.Vec3{146, 58, floor}
	jump := recording.Event{T: 1, Kind: recording.KindVector,
		Vector: recording.Vector{Velocity: mgl32.Vec3{0, 0, 5}}}
	jump.Vector.Seq.Instance, jump.Vector.Seq.Vector = 1, 1
	s := remoteRun(t, w, 0, []serverPos{{0, indepwriter.GeoRoom, at}}, jump)
	left, landed := false, false
	for s.Tick() < 4*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		z := v.Position.Frame.Origin[2]
		if v.Position.Cell != indepwriter.GeoRoom {
			t.Fatalf("tick %d: cell %#x, want the room %#x", s.Tick(), v.Position.Cell, uint32(indepwriter.GeoRoom))
		}
		if z < floor-0.01 {
			t.Fatalf("tick %d: z %.4f below the floor %.1f", s.Tick(), z, floor)
		}
		if z > floor+0.5 {
			left = true
		}
		if left && v.Contact {
			landed = true
			if d := z - floor; d > 0.01 || d < -0.01 {
				t.Fatalf("tick %d: landed at z %.4f, floor %.2f", s.Tick(), z, floor)
			}
		}
	}
	if !left || !landed {
		t.Fatalf("jumped %v, landed %v", left, landed)
	}
}

// The room's 0.3 m stair (x 147–149 in the landblock, y 53–59) and 0.6 m
// wall (x 140–142): a remote the server walks east onto the stair steps
// up onto it (the human Setup's step-up height is 0.4 m) and stands on its
// top, z −29.7 within 1 cm; one the server walks west to 5 cm inside the
// wall's face is stopped at the face: its feet never above the floor by
// more than 1 cm, its feet sphere never inside the wall. (The catch-up
// moves the remote 0.27 m a tick; a step that carries the sphere within
// 0.25 m of the wall's top edge would climb it — retail's step-up lifts up
// to 1.5 times the step-up height, docs/collision.md — so the server line
// ends at the face, as a server's would.)
func TestAccept_IndepStairClimbedWallStops(t *testing.T) {
	w := indepGeo(t)
	floor := indepwriter.GeoRoomFrame.Origin[2]
	room := uint32(indepwriter.GeoRoom)
	motion := func(t float64, f recording.ForwardCommand) recording.Event {
		m := recording.NewMotion()
		m.Forward = f
		return recording.Event{T: t, Kind: recording.KindMotion, Motion: m}
	}
	walk := motion(0.2, recording.WalkForward)
	s := remoteRun(t, w, 90, []serverPos{
		{0, room, mgl32.Vec3{144.5, 54, floor}}, {1, room, mgl32.Vec3{145.5, 54, floor}},
		{2, room, mgl32.Vec3{146.5, 54, floor}}, {3, room, mgl32.Vec3{147.5, 54, floor + indepwriter.GeoStair}},
	}, walk, motion(3.2, recording.Ready))
	climbed := false
	for s.Tick() < 5*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if p[0] > 147.2 && v.Contact && math.Abs(float64(p[2]-(floor+indepwriter.GeoStair))) <= 0.01 {
			climbed = true
		}
	}
	v, _ := s.Query().Object(acceptGUID)
	if p := v.Position.Frame.Origin; !climbed || p[0] < 147.2 || math.Abs(float64(p[2]-(floor+indepwriter.GeoStair))) > 0.01 || !v.Contact {
		t.Errorf("stair: body at %v (contact %v), want on its top at z %.2f", p, v.Contact, floor+indepwriter.GeoStair)
	}
	s = remoteRun(t, w, 270, []serverPos{
		{0, room, mgl32.Vec3{145, 54, floor}}, {1, room, mgl32.Vec3{144, 54, floor}},
		{2, room, mgl32.Vec3{143, 54, floor}}, {3, room, mgl32.Vec3{142.3, 54, floor}},
	})
	minX := float32(1000)
	for s.Tick() < 6*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if v.Contact && p[2] > floor+0.01 {
			t.Fatalf("tick %d: the 0.6 m wall was climbed: z %.3f at %v", s.Tick(), p[2], p)
		}
		if p[0] < 142+0.35-0.001 && p[0] > 138 {
			t.Fatalf("tick %d: body at %v, its feet sphere inside the wall (face x 142)", s.Tick(), p)
		}
		minX = min(minX, p[0])
	}
	// Head-on, a step into the face is refused, not cut short: the body
	// stops within one catch-up step (0.27 m) of it.
	if minX > 142.35+0.27 {
		t.Errorf("the body never reached the wall: nearest x %.3f", minX)
	}
}

// The town's building: the writer's hall (10 × 8 m, turned a quarter turn
// at (60, 130)) has its doorway in the wall the turn puts at y 140, x
// 55.2–56.8, 2.2 m high. A remote the server walks south through the
// doorway and back out reports the hall's cell id (0x2B2B0100) while
// inside and an outdoor cell of landblock 0x2B2B again once out.
func TestAccept_IndepDoorwayIndoorCellAndBack(t *testing.T) {
	w := indepGeo(t)
	const z = 55
	outdoor := func(x, y float32) uint32 { return 0x2B2B0000 | physics.OutdoorCellIndex(x, y) }
	hall := uint32(indepwriter.GeoHall)
	at := func(x, y float32) mgl32.Vec3 { return mgl32.Vec3{x, y, z} }
	s := remoteRun(t, w, 180, []serverPos{
		{0, outdoor(56, 145), at(56, 145)}, {1, outdoor(56, 142), at(56, 142)},
		{2, hall, at(56, 138)}, {3, hall, at(56, 135)}, {4, hall, at(56, 135)},
		{5, hall, at(56, 138)}, {6, outdoor(56, 142), at(56, 142)}, {7, outdoor(56, 145), at(56, 145)},
	})
	var in, outAgain bool
	for s.Tick() < 10*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		switch {
		case v.Position.Cell == hall:
			in = true
			if p[1] > 140 {
				t.Fatalf("tick %d: the hall's cell at y %.3f, outside its wall", s.Tick(), p[1])
			}
		case v.Position.Cell>>16 == 0x2B2B && v.Position.Cell&0xFFFF < 0x100:
			if in {
				outAgain = true
			}
			if p[1] < 140 && p[0] > 52 && p[0] < 60 {
				t.Fatalf("tick %d: outdoor cell %#x inside the hall at %v", s.Tick(), v.Position.Cell, p)
			}
		default:
			t.Fatalf("tick %d: cell %#x", s.Tick(), v.Position.Cell)
		}
		if v.Contact && math.Abs(float64(p[2]-z)) > 0.01 {
			t.Fatalf("tick %d: z %.3f off the floor at %v (cell %#x)", s.Tick(), p[2], p, v.Position.Cell)
		}
	}
	if !in || !outAgain {
		t.Fatalf("in the hall %v, out again %v", in, outAgain)
	}
}

// The independent writer's hilly landblock (0x6464, ACE's pseudo-random
// triangle split): a big-creature remote (one 1.2 m sphere resting on its
// origin) the server walks 170 m east across it, and a second one walking
// a diagonal, stand on the terrain: on every tick in contact the body's z
// is within 1 cm of the plane of the terrain triangle under its lowest
// sphere (indepwriter.TerrainHeight, the writer's own triangulation), and
// no tick at all ends more than 1 cm below it.
func TestAccept_IndepTerrainWithin1cm(t *testing.T) {
	dir := t.TempDir()
	if _, err := indepwriter.Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	const gx0, gy0 = indepwriter.HillX * 192, indepwriter.HillY * 192
	lb := uint32(indepwriter.HillX<<24 | indepwriter.HillY<<16)
	for _, line := range [][2]mgl32.Vec2{{{10, 100}, {181, 100}}, {{20, 20}, {170, 175}}} {
		pos := func(f float32) physics.Position {
			xy := line[0].Add(line[1].Sub(line[0]).Mul(f))
			z := float32(indepwriter.TerrainHeight(gx0+float64(xy[0]), gy0+float64(xy[1])))
			p := physics.NewPosition(lb|1, mgl32.Vec3{xy[0], xy[1], z}, 90)
			p.Normalize()
			return p
		}
		h := recording.NewHeader()
		e := recording.NewEntity(acceptGUID, pos(0))
		e.Seq.Instance, e.HasMotion, e.Setup = 1, true, indepwriter.BigSetup
		h.Entities = []recording.Entity{e}
		rec := &recording.Recording{Name: "hill.jsonl", Header: h}
		for i := 1; i <= 19; i++ {
			rec.Events = append(rec.Events, recording.Event{T: float64(i), Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
				Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(float32(i) / 19), Grounded: true,
					Seq: recording.PositionSeq{Instance: 1, Position: uint16(i)}}})
		}
		s, err := engine.New(rec, engine.Options{Assets: assets.FS(), World: w})
		if err != nil {
			t.Fatal(err)
		}
		checked, worst := 0, 0.0
		for s.Tick() < 21*30 {
			s.Step()
			v, _ := s.Query().Object(acceptGUID)
			if v.Position.Cell>>16 != lb>>16 || v.Position.Cell&0xFFFF >= 0x100 {
				t.Fatalf("tick %d: cell %#x, want an outdoor cell of the hill", s.Tick(), v.Position.Cell)
			}
			o := v.Position.Frame.Origin
			plane := indepwriter.TerrainHeight(gx0+float64(o[0]), gy0+float64(o[1]))
			d := float64(o[2]) - plane
			if d < -0.01 {
				t.Fatalf("tick %d at (%.2f, %.2f): z %.4f is below the terrain triangle's plane %.4f", s.Tick(), o[0], o[1], o[2], plane)
			}
			if !v.Contact {
				continue
			}
			if math.Abs(d) > 0.01 {
				t.Fatalf("tick %d at (%.2f, %.2f): z %.4f, terrain triangle's plane %.4f", s.Tick(), o[0], o[1], o[2], plane)
			}
			worst = max(worst, math.Abs(d))
			checked++
		}
		if checked < 500 {
			t.Errorf("line %v: %d ticks in contact checked", line, checked)
		}
		t.Logf("line %v: %d ticks in contact, worst |z − plane| %.5f m", line, checked, worst)
	}
}

// The portal side flag against both writers' geometry: every portal of
// every EnvCell in the independent writer's and dattest's worlds has its
// cell on the side the flag names — PortalSide (flags & 2 clear, ACE
// DatLoader CellPortal.PortalSide) puts the other cell on the portal
// polygon's front and this one behind; both writers set the bit, so the
// cell's own middle (the mean of its floor's corners, lifted 1 m) must be
// on the front.
func TestAccept_PortalSideMatchesGeometry(t *testing.T) {
	ours := t.TempDir()
	if err := dattest.WriteGeometry(ours); err != nil {
		t.Fatal(err)
	}
	theirs := t.TempDir()
	if err := indepwriter.WriteGeometry(theirs); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir   string
		cells []uint32
	}{
		{ours, []uint32{dattest.CorridorA, dattest.CorridorB, dattest.BuildingCell}},
		{theirs, []uint32{indepwriter.GeoCorridorA, indepwriter.GeoCorridorB, indepwriter.GeoHall}},
	} {
		w, err := Open(c.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range c.cells {
			e := w.Geometry().EnvCell(id)
			if e == nil || len(e.Portals) == 0 {
				t.Fatalf("cell %#x: %+v, want portals", id, e)
			}
			var mid mgl32.Vec3
			n := 0
			for _, p := range e.Struct.Polygons {
				if p.Plane.N[2] > 0.9 {
					for _, v := range p.Vertices {
						mid = mid.Add(v)
						n++
					}
				}
			}
			mid = mid.Mul(1 / float32(n)).Add(mgl32.Vec3{0, 0, 1})
			inside := true // the cell BSP's positive-side chain (BSPNODE::point_inside_cell_bsp)
			for nd := e.Struct.CellBSP.Root; nd != nil; nd = nd.Pos {
				inside = inside && nd.Plane.N.Dot(mid)+nd.Plane.D > -0.0002
			}
			if !inside {
				t.Fatalf("cell %#x: its middle %v is not inside its cell BSP", id, mid)
			}
			for i, p := range e.Portals {
				front := p.Poly.Plane.N.Dot(mid)+p.Poly.Plane.D > 0
				if front == p.PortalSide {
					t.Errorf("cell %#x portal %d: PortalSide %v, the cell's middle on the polygon's front %v", id, i, p.PortalSide, front)
				}
			}
		}
		w.Close()
	}
}
