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
	"glidepath/internal/goroutines"
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
	w, _ := written(t, indepwriter.WriteGeometry)
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

// corridorCase is an L-shaped corridor of two box cells in a dungeon
// frame: the boxes (x0, y0, x1, y1, in the frame), the opening between
// them (the wall segments left out), and the server's line.
type corridorCase struct {
	w      *World
	origin mgl32.Vec3
	a, b   uint32
	boxA   [4]float32
	boxB   [4]float32
	walls  [][4]float32 // wall segments (ax, ay, bx, by), 3 m high
	path   []serverPos
	far    func(local mgl32.Vec3) bool // the body has reached B's far end
}

// check runs the remote: no tick ends with either of the body's spheres
// inside a wall polygon (1 mm allowed for float noise), with the body's
// centre outside both cells, or off the floor; the remote reaches B's far
// end.
func (c corridorCase) check(t *testing.T) {
	t.Helper()
	o := c.origin
	s := remoteRun(t, c.w, 0, c.path)
	var walls []wallQuad
	for _, q := range c.walls {
		walls = append(walls, wallQuad{mgl32.Vec2{o[0] + q[0], o[1] + q[1]}, mgl32.Vec2{o[0] + q[2], o[1] + q[3]}, o[2], o[2] + 3})
	}
	in := func(b [4]float32, l mgl32.Vec3) bool {
		return l[0] >= b[0] && l[0] <= b[2] && l[1] >= b[1] && l[1] <= b[3]
	}
	reached := false
	for s.Tick() < 9*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		l := p.Sub(o)
		if !in(c.boxA, l) && !in(c.boxB, l) {
			t.Fatalf("tick %d: body at %v (cell %#x) is outside the corridor", s.Tick(), l, v.Position.Cell)
		}
		for _, sc := range []mgl32.Vec3{{p[0], p[1], p[2] + 0.35}, {p[0], p[1], p[2] + 1.45}} {
			for i, q := range walls {
				if d := q.penetration(sc, 0.35); d > 0.001 {
					t.Fatalf("tick %d: body at %v (cell %#x): a sphere is %.4f m inside wall %d", s.Tick(), l, v.Position.Cell, d, i)
				}
			}
		}
		if v.Contact && math.Abs(float64(l[2])) > 0.01 {
			t.Fatalf("tick %d: z %.4f off the floor %.1f", s.Tick(), p[2], o[2])
		}
		if v.Position.Cell == c.b && c.far(l) {
			reached = true
		}
	}
	if !reached {
		v, _ := s.Query().Object(acceptGUID)
		t.Fatalf("the remote never reached B's far end; ended at %v in %#x", v.Position.Frame.Origin.Sub(o), v.Position.Cell)
	}
}

// The independent writer's corridor: A (x 0–2, y 0–14) and B (x 2–14,
// y 12–14) in its dungeon frame, their opening A's east wall at y 12–14.
// The server sends the remote up A and then to B, a line that cuts the
// inside corner at (2, 12) through the wall.
func TestAccept_IndepCorridorCutCornerNeverInWall(t *testing.T) {
	o := mgl32.Vec3(indepwriter.GeoDungeonAt.Origin)
	at := func(x, y float32) mgl32.Vec3 { return o.Add(mgl32.Vec3{x, y, 0}) }
	a, b := uint32(indepwriter.GeoCorridorA), uint32(indepwriter.GeoCorridorB)
	corridorCase{
		w: indepGeo(t), origin: o, a: a, b: b,
		boxA: [4]float32{0, 0, 2, 14}, boxB: [4]float32{2, 12, 14, 14},
		walls: [][4]float32{{0, 0, 2, 0}, {0, 0, 0, 14}, {0, 14, 2, 14}, {2, 0, 2, 12},
			{2, 12, 14, 12}, {2, 14, 14, 14}, {14, 12, 14, 14}},
		path: []serverPos{{0, a, at(1, 1)}, {1, a, at(1, 5)}, {2, a, at(1, 9)},
			{3, b, at(5, 13)}, {4, b, at(9, 13)}, {5, b, at(13, 13)}},
		far: func(l mgl32.Vec3) bool { return l[0] > 12 },
	}.check(t)
}

// The project's own writer's corridor (dattest): A (x 0–10, y 0–2) and B
// (x 8–10, y 2–12), their opening A's north wall at x 8–10; the server's
// line from A's foot cuts the inside corner at (8, 2).
func TestAccept_OwnCorridorCutCornerNeverInWall(t *testing.T) {
	o := mgl32.Vec3(dattest.DungeonFrame.Origin)
	at := func(x, y float32) mgl32.Vec3 { return o.Add(mgl32.Vec3{x, y, 0}) }
	a, b := uint32(dattest.CorridorA), uint32(dattest.CorridorB)
	corridorCase{
		w: ownGeo(t), origin: o, a: a, b: b,
		boxA: [4]float32{0, 0, 10, 2}, boxB: [4]float32{8, 2, 10, 12},
		walls: [][4]float32{{0, 0, 10, 0}, {0, 0, 0, 2}, {10, 0, 10, 12}, {0, 2, 8, 2},
			{8, 2, 8, 12}, {8, 12, 10, 12}},
		path: []serverPos{{0, a, at(1, 1)}, {1, a, at(4, 1)}, {2, a, at(6, 1)},
			{3, b, at(9, 5)}, {4, b, at(9, 8)}, {5, b, at(9, 11)}},
		far: func(l mgl32.Vec3) bool { return l[1] > 10 },
	}.check(t)
}

// ownGeo opens the project's own writer's geometry world (dattest).
func ownGeo(t *testing.T) *World {
	t.Helper()
	w, _ := written(t, dattest.WriteGeometry)
	return w
}

// jumpCheck: a remote standing at at in room (floor at floor) jumps (a
// VectorUpdate 5 m/s up) and lands back on the floor polygon — z within
// 1 cm of it once in contact again, never below it, and in the room's cell
// throughout.
func jumpCheck(t *testing.T, w *World, room uint32, at mgl32.Vec3) {
	t.Helper()
	floor := at[2]
	jump := recording.Event{T: 1, Kind: recording.KindVector,
		Vector: recording.Vector{Velocity: mgl32.Vec3{0, 0, 5}}}
	jump.Vector.Seq.Instance, jump.Vector.Seq.Vector = 1, 1
	s := remoteRun(t, w, 0, []serverPos{{0, room, at}}, jump)
	left, landed := false, false
	for s.Tick() < 4*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		z := v.Position.Frame.Origin[2]
		if v.Position.Cell != room {
			t.Fatalf("tick %d: cell %#x, want the room %#x", s.Tick(), v.Position.Cell, room)
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

// The independent writer's room (a 12 × 8 × 5 m box turned half a turn,
// floor at z −30).
func TestAccept_IndepJumpInRoomLandsOnFloor(t *testing.T) {
	jumpCheck(t, indepGeo(t), indepwriter.GeoRoom, mgl32.Vec3{146, 58, indepwriter.GeoRoomFrame.Origin[2]})
}

// The project's own writer's room (10 × 10 × 4 m, floor at z 0).
func TestAccept_OwnJumpInRoomLandsOnFloor(t *testing.T) {
	jumpCheck(t, ownGeo(t), dattest.StairRoom, mgl32.Vec3{105, 101.5, 0})
}

// stairWallCheck: a remote the server walks onto the 0.3 m stair (the
// path up, ending on its top) steps up onto it — the human Setup's step-up
// height is 0.4 m — and stands on its top, z floor + 0.3 within 1 cm; one
// the server walks toward the 0.6 m wall (the path ending 5 cm inside its
// face at x face, approached from +x when dir is +1, from −x when −1) is
// stopped at the face: its feet never above the floor by more than 1 cm,
// its feet sphere never inside the wall, and it ends within one catch-up
// step of the face. (The catch-up moves the remote 0.27 m a tick; a step
// that carried the sphere within 0.25 m of the wall's top edge would climb
// it — retail's step-up lifts up to 1.5 times the step-up height,
// docs/collision.md — so the server line ends at the face, as a server's
// would.)
func stairWallCheck(t *testing.T, w *World, room uint32, floor float32, stair []serverPos, stairX float32, wall []serverPos, face, dir float32) {
	t.Helper()
	top := floor + 0.3
	s := remoteRun(t, w, 90, stair)
	climbed := false
	on := func(x float32) bool { return (x-stairX)*(stair[len(stair)-1].at[0]-stairX) > 0 }
	for s.Tick() < 5*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if on(p[0]) && v.Contact && math.Abs(float64(p[2]-top)) <= 0.01 {
			climbed = true
		}
	}
	v, _ := s.Query().Object(acceptGUID)
	if p := v.Position.Frame.Origin; !climbed || !on(p[0]) || math.Abs(float64(p[2]-top)) > 0.01 || !v.Contact {
		t.Errorf("stair: body at %v (contact %v), want on its top at z %.2f", p, v.Contact, top)
	}
	s = remoteRun(t, w, 270, wall)
	nearest := float32(1000)
	for s.Tick() < 6*30 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if v.Contact && p[2] > floor+0.01 {
			t.Fatalf("tick %d: the 0.6 m wall was climbed: z %.3f at %v", s.Tick(), p[2], p)
		}
		gap := (p[0] - face) * dir
		if gap < 0.35-0.001 && gap > -2 {
			t.Fatalf("tick %d: body at %v, its feet sphere inside the wall (face x %.1f)", s.Tick(), p, face)
		}
		nearest = min(nearest, gap)
	}
	// Head-on, a step into the face is refused, not cut short: the body
	// stops within one catch-up step (0.27 m) of it.
	if nearest > 0.35+0.27 {
		t.Errorf("the body never reached the wall: nearest %.3f m from its face", nearest)
	}
}

// The independent writer's room: the stair under x 147–149 (y 53–59 in
// the landblock), the wall under x 140–142.
func TestAccept_IndepStairClimbedWallStops(t *testing.T) {
	floor := indepwriter.GeoRoomFrame.Origin[2]
	room := uint32(indepwriter.GeoRoom)
	at := func(x float32, up bool) mgl32.Vec3 {
		if up {
			return mgl32.Vec3{x, 54, floor + indepwriter.GeoStair}
		}
		return mgl32.Vec3{x, 54, floor}
	}
	stairWallCheck(t, indepGeo(t), room, floor,
		[]serverPos{{0, room, at(144.5, false)}, {1, room, at(145.5, false)}, {2, room, at(146.5, false)}, {3, room, at(147.5, true)}}, 147,
		[]serverPos{{0, room, at(145, false)}, {1, room, at(144, false)}, {2, room, at(143, false)}, {3, room, at(142.3, false)}}, 142, 1)
}

// The project's own writer's room (at (100, 100), floor z 0): the stair
// under x 102–104 (y 103–107), the wall under x 106–108.
func TestAccept_OwnStairClimbedWallStops(t *testing.T) {
	room := uint32(dattest.StairRoom)
	at := func(x float32, up bool) mgl32.Vec3 {
		if up {
			return mgl32.Vec3{x, 105, dattest.StairHeight}
		}
		return mgl32.Vec3{x, 105, 0}
	}
	stairWallCheck(t, ownGeo(t), room, 0,
		[]serverPos{{0, room, at(100.8, false)}, {1, room, at(101.2, false)}, {2, room, at(101.6, false)}, {3, room, at(102.6, true)}}, 102,
		[]serverPos{{0, room, at(109.6, false)}, {1, room, at(109.2, false)}, {2, room, at(108.8, false)}, {3, room, at(107.95, false)}}, 108, 1)
}

// wallLine is a server line walking the independent writer's human west
// at speed (m/s) toward the room's 0.6 m wall (face x 142, approached
// from +x), a position every `every` seconds from x start, ending at x
// end (the last position's centre).
func wallLine(start, end, speed, every float32) []serverPos {
	floor := indepwriter.GeoRoomFrame.Origin[2]
	room := uint32(indepwriter.GeoRoom)
	var path []serverPos
	for x, k := start, 0; ; k++ {
		path = append(path, serverPos{float64(float32(k) * every), room, mgl32.Vec3{x, 54, floor}})
		if x == end {
			return path
		}
		x = max(x-speed*every, end)
	}
}

// wallRun runs a wallLine on w until 3 s after its last position and
// reports whether the body stood on the wall (in contact, feet more than
// 0.3 m above the floor: on top, z floor + 0.6 within 1 cm, else it fails)
// and how near the face its feet sphere came (negative: inside).
func wallRun(t *testing.T, w *World, path []serverPos) (climbed bool, nearest float32) {
	t.Helper()
	floor := indepwriter.GeoRoomFrame.Origin[2]
	s := remoteRun(t, w, 270, path)
	nearest = 1000
	for s.Tick() < int(path[len(path)-1].t*30)+90 {
		s.Step()
		v, _ := s.Query().Object(acceptGUID)
		p := v.Position.Frame.Origin
		if v.Contact && p[2] > floor+0.3 {
			if math.Abs(float64(p[2]-(floor+indepwriter.GeoWall))) > 0.01 {
				t.Fatalf("tick %d: body at %v, in contact %.3f m above the floor: neither on it nor on the wall's top", s.Tick(), p, p[2]-floor)
			}
			climbed = true
			continue
		}
		if p[0] > 141 {
			nearest = min(nearest, p[0]-142-0.35)
		}
	}
	return climbed, nearest
}

// A remote the server walks into the 0.6 m wall, at walking speeds (1.5
// and 3 m/s) and faster than the catch-up (8 m/s, so the body steps the
// catch-up's 0.27 m every tick), positions 1 s or 0.2 s apart, from eight
// starting points (every phase of the body's steps against the face): a
// server line that ends where the body touches the face, or up to 0.1 m
// into it, stops the body — never on the wall, its feet sphere never
// inside it (1 mm allowed), and within one catch-up step of the face.
// Retail's interpolation moves a remote at the catch-up speed whatever the
// server's pace (InterpolationManager::adjust_offset, docs/pipeline.md),
// so the walking lines test the same steps in other phases.
//
// The wall is exactly 1.5 times the human Setup's 0.4 m step-up height,
// the most step_up lifts (CPolygon::adjust_sphere_to_plane accepts an
// interpolation down to −0.5, acclient and ACE alike), and the sphere
// (0.35 m, its centre 0.25 m below the top) reaches the top polygon only
// when a refused step carries it more than 0.105 m into the face. A step
// toward a head at most 0.1 m inside the face never does; a server line
// carried 0.15 m into the face makes the body's refused 0.27 m step do so
// whenever its last valid position was within 0.16 m of the face, and then
// the body is lifted onto the wall's top, as ACE's transition lifts it on
// the same tick (docs/collision.md, "The 0.6 m wall").
func TestAccept_IndepWallStopsAtWalkingAndCatchUpSpeeds(t *testing.T) {
	goroutines.NoneStarted(t)
	w := indepGeo(t)
	starts := []float32{146, 145.9, 145.8, 145.7, 145.6, 145.5, 145.4, 145.3}
	for _, speed := range []float32{1.5, 3, 8} {
		for _, every := range []float32{1, 0.2} {
			for _, end := range []float32{142.35, 142.25} {
				for _, start := range starts {
					climbed, nearest := wallRun(t, w, wallLine(start, end, speed, every))
					if climbed {
						t.Errorf("%.1f m/s, every %.1f s, from x %.1f to %.2f: the 0.6 m wall was climbed", speed, every, start, end)
					}
					if nearest < -0.001 {
						t.Errorf("%.1f m/s, every %.1f s, from x %.1f to %.2f: the feet sphere %.4f m inside the wall", speed, every, start, end, -nearest)
					}
					if nearest > 0.27 {
						t.Errorf("%.1f m/s, every %.1f s, from x %.1f to %.2f: the body never reached the wall (nearest %.3f m from its face)", speed, every, start, end, nearest)
					}
				}
			}
		}
	}
	// Carried 0.15 m into the face, the body climbs in some phases: on
	// top of the wall (wallRun checks the height), never higher.
	for _, speed := range []float32{3, 8} {
		climbs := 0
		for _, start := range starts {
			if climbed, _ := wallRun(t, w, wallLine(start, 142.2, speed, 1)); climbed {
				climbs++
			}
		}
		if climbs == 0 || climbs == len(starts) {
			t.Errorf("%.0f m/s, a line 0.15 m into the face: climbed from %d of %d starts, want some (a refused step begun within 0.16 m of the face) and not all", speed, climbs, len(starts))
		}
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
	goroutines.NoneStarted(t)
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
