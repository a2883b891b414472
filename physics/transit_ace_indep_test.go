package physics_test

import (
	"math"
	"testing"

	"glidepath/assets/dat/dattest"
	"glidepath/assets/dat/indepwriter"
	"glidepath/engine/datworld"
	"glidepath/physics"

	"github.com/go-gl/mathgl/mgl32"
)

// Retail's transition on the INDEPENDENT writer's geometry
// (assets/dat/indepwriter: GfxObj, Environment, EnvCell and BSPs written
// from the public layouts), read through engine/datworld: the body is
// driven tick by tick (velocity toward a target, gravity off the ground)
// the way UpdateObjectInternal drives it, each tick's transition is
// written as a cross-check case (transit_ace_dump_test.go), and the
// acceptance wording of issue 40 is checked on every tick.

// humanSpheres are the independent writer's human Setup as the body's
// spheres (radius 0.35, height 1.8: feet and head; step up 0.4 m, down
// 1.2 m).
var humanSpheres = []physics.Sphere{
	{Center: mgl32.Vec3{0, 0, 0.35}, Radius: 0.35},
	{Center: mgl32.Vec3{0, 0, 1.45}, Radius: 0.35},
}

func indepGeometry(t *testing.T) *datworld.World {
	t.Helper()
	dir := t.TempDir()
	if err := indepwriter.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	w, err := datworld.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// steer is the horizontal velocity of speed toward target (zero on it).
func steer(from, target mgl32.Vec3, speed float32) mgl32.Vec3 {
	d := target.Sub(from)
	d[2] = 0
	if d.Len() < 0.02 {
		return mgl32.Vec3{}
	}
	return d.Normalize().Mul(speed)
}

// In the room (floor z −30; the stair's top 0.3 m up under x 147–149, the
// wall's 0.6 m up under x 140–142, both y 53–59): a walk east onto the
// stair steps up onto it and stands on its top (within 1 cm); a walk west
// into the wall is stopped before its face (the feet sphere never inside
// it) and never climbs it — the Setup's step-up height is 0.4 m
// (CTransition::step_up, BSPTREE::step_sphere_up, ACE Transition.StepUp).
func TestIndepTransit_StairClimbedWallStops(t *testing.T) {
	w := indepGeometry(t)
	g := w.Geometry()
	room := g.EnvCell(indepwriter.GeoRoom)
	world := &physics.World{Terrain: physics.FlatTerrain(0), Geometry: g}
	floor := indepwriter.GeoRoomFrame.Origin[2]
	for _, c := range []struct {
		name   string
		target mgl32.Vec3
		speed  float32
	}{
		{"indep_stair", mgl32.Vec3{148.5, 54, floor}, 3},
		{"indep_wall", mgl32.Vec3{139, 54, floor}, 3},
	} {
		a := physics.NewACEWalker(t, c.name, world, indepwriter.GeoRoom, mgl32.Vec3{144.5, 54, floor}, true, humanSpheres, 0.4, 1.2)
		a.Env(room)
		for i := 0; i < 60; i++ {
			a.Tick(t, steer(a.Pos().Frame.Origin, c.target, c.speed))
			p := a.Pos().Frame.Origin
			if c.target[0] < 144 {
				if a.Contact() && p[2] > floor+0.01 {
					t.Errorf("%s tick %d: the 0.6 m wall was climbed: body at %v", c.name, i, p)
					break
				}
				if p[0] < 142+0.35-0.001 {
					t.Errorf("%s tick %d: body at %v, its sphere inside the wall (face x 142)", c.name, i, p)
					break
				}
			}
		}
		a.Close(t)
		p := a.Pos().Frame.Origin
		if c.target[0] > 144 {
			if want := floor + indepwriter.GeoStair; p[0] < 147.5 || math.Abs(float64(p[2]-want)) > 0.01 || !a.Contact() {
				t.Errorf("%s: body at %v (contact %v), want on the stair's top at z %.2f", c.name, p, a.Contact(), want)
			}
		} else if p[0] > 142.5 {
			t.Errorf("%s: body at %v never reached the wall", c.name, p)
		}
	}
	// Faster (8 m/s, a catch-up's speed) a step ends with the feet sphere
	// 0.1 m past the face, 0.25 m below the wall's top and within reach of
	// its edge: step_up's step_sphere_down finds the top polygon and
	// adjust_sphere_to_plane lifts the sphere onto it, since it allows an
	// interpolation down to −0.5 — a lift of up to 1.5 times the step-up
	// height, here 0.6 m (ACE Polygon.adjust_sphere_to_plane; ACE's code
	// climbs it on the same tick).
	a := physics.NewACEWalker(t, "indep_wall_fast", world, indepwriter.GeoRoom, mgl32.Vec3{144.5, 54, floor}, true, humanSpheres, 0.4, 1.2)
	a.Env(room)
	for i := 0; i < 9; i++ {
		a.Tick(t, mgl32.Vec3{-8, 0, 0})
	}
	a.Close(t)
	if p := a.Pos().Frame.Origin; !a.Contact() || math.Abs(float64(p[2]-(floor+indepwriter.GeoWall))) > 0.001 || p[0] > 142.2 {
		t.Errorf("8 m/s into the 0.6 m wall: body at %v (contact %v), want on its top edge (z %.1f)", p, a.Contact(), floor+indepwriter.GeoWall)
	}
}

// The corridor (A: x 0–2, y 0–14; B: x 2–14, y 12–14 in the dungeon's
// frame; their opening A's east wall at y 12–14). A body steered from A's
// foot straight at B's far end is held by A's east wall and creeps along
// it toward the corner at (2, 12): a sphere touching a wall polygon's end
// edge slides along the polygon's own plane (BSPTREE::find_collisions'
// step_sphere_up, then slide_sphere with the hit polygon's normal), so it
// moves only by its step's small part along the wall (ACE's code does the
// same, tick for tick: docs/collision.md). One steered up A to the opening
// and then at B's far end reaches B. On every tick neither sphere is
// inside a wall (1 mm allowed), the body stays on the floor and inside A
// or B.
func TestIndepTransit_CorridorCorner(t *testing.T) {
	w := indepGeometry(t)
	g := w.Geometry()
	world := &physics.World{Terrain: physics.FlatTerrain(-50), Geometry: g}
	o := mgl32.Vec3(indepwriter.GeoDungeonAt.Origin)
	at := func(x, y float32) mgl32.Vec3 { return o.Add(mgl32.Vec3{x, y, 0}) }
	type seg struct{ a, b mgl32.Vec2 }
	v := func(x, y float32) mgl32.Vec2 { return mgl32.Vec2{x, y} }
	walls := []seg{{v(0, 0), v(2, 0)}, {v(0, 0), v(0, 14)}, {v(0, 14), v(2, 14)}, {v(2, 0), v(2, 12)},
		{v(2, 12), v(14, 12)}, {v(2, 14), v(14, 14)}, {v(14, 12), v(14, 14)}}
	for _, c := range []struct {
		name    string
		targets []mgl32.Vec3
		ticks   int
		reach   bool
	}{
		{"indep_corridor_diagonal", []mgl32.Vec3{at(13, 13)}, 300, false},
		{"indep_corridor_around", []mgl32.Vec3{at(1, 12.8), at(13, 13)}, 200, true},
	} {
		a := physics.NewACEWalker(t, c.name, world, indepwriter.GeoCorridorA, at(1, 1), true, humanSpheres, 0.4, 1.2)
		a.Env(g.EnvCell(indepwriter.GeoCorridorA))
		a.Env(g.EnvCell(indepwriter.GeoCorridorB))
		k := 0
		reached := false
		for i := 0; i < c.ticks; i++ {
			p := a.Pos().Frame.Origin
			if k < len(c.targets)-1 && p.Sub(c.targets[k]).Len() < 0.3 {
				k++
			}
			a.Tick(t, steer(p, c.targets[k], 4))
			p = a.Pos().Frame.Origin
			l := p.Sub(o)
			if !((l[0] >= 0 && l[0] <= 2 && l[1] >= 0 && l[1] <= 14) || (l[0] >= 2 && l[0] <= 14 && l[1] >= 12 && l[1] <= 14)) {
				t.Errorf("%s tick %d: body at %v outside the corridor", c.name, i, l)
				break
			}
			if math.Abs(float64(l[2])) > 0.01 {
				t.Errorf("%s tick %d: body at %v off the floor", c.name, i, l)
				break
			}
			for _, s := range walls {
				d := s.b.Sub(s.a)
				u := max(0, min(1, l.Vec2().Sub(s.a).Dot(d)/d.Dot(d)))
				if dist := l.Vec2().Sub(s.a.Add(d.Mul(u))).Len(); dist < 0.35-0.001 {
					t.Errorf("%s tick %d: body at %v, a sphere %.4f m inside wall %v", c.name, i, l, 0.35-dist, s)
				}
			}
			if a.Pos().Cell == indepwriter.GeoCorridorB && l[0] > 12 {
				reached = true
			}
		}
		a.Close(t)
		if c.reach && !reached {
			t.Errorf("%s: never reached B's far end; ended at %v in %#x", c.name, a.Pos().Frame.Origin.Sub(o), a.Pos().Cell)
		}
	}
}

// The room: a body jumping (5 m/s up, 1 m/s east) lands back on the floor
// polygon (z −30 within 1 cm) and stays in the room's cell.
func TestIndepTransit_JumpInRoom(t *testing.T) {
	w := indepGeometry(t)
	g := w.Geometry()
	world := &physics.World{Terrain: physics.FlatTerrain(0), Geometry: g}
	floor := indepwriter.GeoRoomFrame.Origin[2]
	a := physics.NewACEWalker(t, "indep_jump", world, indepwriter.GeoRoom, mgl32.Vec3{144, 58, floor}, true, humanSpheres, 0.4, 1.2)
	a.Env(g.EnvCell(indepwriter.GeoRoom))
	a.Jump(mgl32.Vec3{1, 0, 5})
	left, landed := false, false
	for i := 0; i < 60; i++ {
		a.Tick(t, mgl32.Vec3{1, 0, 0})
		p := a.Pos()
		if p.Cell != indepwriter.GeoRoom || p.Frame.Origin[2] < floor-0.01 {
			t.Errorf("tick %d: %v in %#x, want above the room's floor", i, p.Frame.Origin, p.Cell)
			break
		}
		if p.Frame.Origin[2] > floor+0.5 {
			left = true
		}
		if left && a.Contact() {
			landed = true
			if d := p.Frame.Origin[2] - floor; d > 0.01 || d < -0.01 {
				t.Errorf("tick %d: landed at z %.4f, floor %.1f", i, p.Frame.Origin[2], floor)
			}
		}
	}
	a.Close(t)
	if !left || !landed {
		t.Errorf("jumped %v, landed %v", left, landed)
	}
}

// The town's building: a body walking south through the hall's doorway
// (y 140, x 55.2–56.8) gets the hall's cell id inside and an outdoor one
// again walking back out (BuildingObj::find_building_transit_cells,
// EnvCell::find_transit_cells' outside portal). A body whose line runs
// 0.3 m from the west jamb (x 55.5) meets the jamb's edge with its 0.35 m
// spheres; it is held there, never inside the wall.
func TestIndepTransit_Doorway(t *testing.T) {
	w := indepGeometry(t)
	g := w.Geometry()
	world := &physics.World{Terrain: physics.FlatTerrain(55), Geometry: g}
	hall := uint32(indepwriter.GeoHall)
	for _, c := range []struct {
		name string
		x    float32
	}{{"indep_doorway", 56}, {"indep_doorway_jamb", 55.5}} {
		start := mgl32.Vec3{c.x, 145, 55}
		cell := uint32(0x2B2B0000) | physics.OutdoorCellIndex(start[0], start[1])
		a := physics.NewACEWalker(t, c.name, world, cell, start, true, humanSpheres, 0.4, 1.2)
		a.Land(cell)
		a.Env(g.EnvCell(hall))
		in, out := false, false
		for i := 0; i < 240; i++ {
			target := mgl32.Vec3{c.x, 135, 55}
			if i >= 120 {
				target = mgl32.Vec3{c.x, 145, 55}
			}
			a.Tick(t, steer(a.Pos().Frame.Origin, target, 3))
			p := a.Pos()
			if p.Cell == hall {
				in = true
			} else if in && p.Cell>>16 == 0x2B2B && p.Cell&0xFFFF < 0x100 {
				out = true
			}
			if math.Abs(float64(p.Frame.Origin[2]-55)) > 0.01 {
				t.Errorf("%s tick %d: z %.4f off the ground", c.name, i, p.Frame.Origin[2])
				break
			}
		}
		a.Close(t)
		if c.x == 56 && (!in || !out) {
			t.Errorf("%s: in the hall %v, out again %v", c.name, in, out)
		}
	}
}

// The project's own writer's geometry world (assets/dat/dattest), through
// the same checks and into the same cross-check cases: its L-corridor (A:
// x 0–10, y 0–2; B: x 8–10, y 2–12 at (40, 40)) walked round the corner,
// its room's stair (under x 102–104) climbed and wall (x 106–108) stopping
// the body, a jump in the room, and its building's doorway (y 96, x
// 99–101) walked in and out.
func TestOwnTransit_Cases(t *testing.T) {
	dir := t.TempDir()
	if err := dattest.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	w, err := datworld.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	g := w.Geometry()
	world := &physics.World{Terrain: physics.FlatTerrain(0), Geometry: g}

	// The corridor.
	o := mgl32.Vec3(dattest.DungeonFrame.Origin)
	a := physics.NewACEWalker(t, "own_corridor", world, dattest.CorridorA, o.Add(mgl32.Vec3{1, 1, 0}), true, humanSpheres, 0.4, 1.2)
	a.Env(g.EnvCell(dattest.CorridorA))
	a.Env(g.EnvCell(dattest.CorridorB))
	targets := []mgl32.Vec3{o.Add(mgl32.Vec3{8.8, 1, 0}), o.Add(mgl32.Vec3{9, 11, 0})}
	k, reached := 0, false
	for i := 0; i < 200; i++ {
		p := a.Pos().Frame.Origin
		if k == 0 && p.Sub(targets[0]).Len() < 0.3 {
			k = 1
		}
		a.Tick(t, steer(p, targets[k], 4))
		l := a.Pos().Frame.Origin.Sub(o)
		inA := l[0] >= 0.35-0.001 && l[0] <= 10-0.35+0.001 && l[1] >= 0.35-0.001 && l[1] <= 2-0.35+0.001
		inB := l[0] >= 8+0.35-0.001 && l[0] <= 10-0.35+0.001 && l[1] >= 0.35-0.001 && l[1] <= 12-0.35+0.001
		corner := mgl32.Vec2{l[0] - 8, l[1] - 2}.Len() >= 0.35-0.001 // the inside corner's edge
		if !(inA || inB) || !corner || math.Abs(float64(l[2])) > 0.01 {
			t.Errorf("own corridor tick %d: body at %v, a sphere in a wall or off the floor", i, l)
			break
		}
		reached = reached || (a.Pos().Cell == dattest.CorridorB && l[1] > 10)
	}
	a.Close(t)
	if !reached {
		t.Errorf("own corridor: never reached B's far end; ended at %v", a.Pos().Frame.Origin.Sub(o))
	}

	// The room: stair, wall, jump.
	room := g.EnvCell(dattest.StairRoom)
	for _, c := range []struct {
		name      string
		from, to  mgl32.Vec3
		wantX, wz float32
	}{
		{"own_stair", mgl32.Vec3{100.8, 105, 0}, mgl32.Vec3{103, 105, 0}, 102.2, dattest.StairHeight},
		{"own_wall", mgl32.Vec3{109.5, 105, 0}, mgl32.Vec3{106.5, 105, 0}, 0, 0},
	} {
		a := physics.NewACEWalker(t, c.name, world, dattest.StairRoom, c.from, true, humanSpheres, 0.4, 1.2)
		a.Env(room)
		for i := 0; i < 60; i++ {
			a.Tick(t, steer(a.Pos().Frame.Origin, c.to, 3))
			p := a.Pos().Frame.Origin
			if c.wantX == 0 && (p[0] < 108+0.35-0.001 || (a.Contact() && p[2] > 0.01)) {
				t.Errorf("%s tick %d: body at %v, inside or on the 0.6 m wall", c.name, i, p)
				break
			}
		}
		a.Close(t)
		p := a.Pos().Frame.Origin
		if c.wantX > 0 && (p[0] < c.wantX || math.Abs(float64(p[2]-c.wz)) > 0.01 || !a.Contact()) {
			t.Errorf("%s: body at %v (contact %v), want on the stair's top at z %.1f", c.name, p, a.Contact(), c.wz)
		}
		if c.wantX == 0 && p[0] > 108.5 {
			t.Errorf("%s: body at %v never reached the wall", c.name, p)
		}
	}
	a = physics.NewACEWalker(t, "own_jump", world, dattest.StairRoom, mgl32.Vec3{105, 101.5, 0}, true, humanSpheres, 0.4, 1.2)
	a.Env(room)
	a.Jump(mgl32.Vec3{0, 0, 5})
	left, landed := false, false
	for i := 0; i < 60; i++ {
		a.Tick(t, mgl32.Vec3{})
		z := a.Pos().Frame.Origin[2]
		left = left || z > 0.5
		if left && a.Contact() {
			landed = true
			if math.Abs(float64(z)) > 0.01 {
				t.Errorf("own jump tick %d: landed at z %.4f", i, z)
			}
		}
	}
	a.Close(t)
	if !left || !landed {
		t.Errorf("own jump: jumped %v, landed %v", left, landed)
	}

	// The building's doorway.
	town := physics.World{Terrain: physics.FlatTerrain(2 * dattest.TownHeight), Geometry: g}
	start := mgl32.Vec3{100, 92, 2 * dattest.TownHeight}
	cell := uint32(0xC0C00000) | physics.OutdoorCellIndex(start[0], start[1])
	a = physics.NewACEWalker(t, "own_doorway", &town, cell, start, true, humanSpheres, 0.4, 1.2)
	a.Land(cell)
	a.Env(g.EnvCell(dattest.BuildingCell))
	in, out := false, false
	for i := 0; i < 200; i++ {
		target := mgl32.Vec3{100, 99, start[2]}
		if i >= 100 {
			target = start
		}
		a.Tick(t, steer(a.Pos().Frame.Origin, target, 3))
		c := a.Pos().Cell
		if c == dattest.BuildingCell {
			in = true
		} else if in && c>>16 == 0xC0C0 && c&0xFFFF < 0x100 {
			out = true
		}
	}
	a.Close(t)
	if !in || !out {
		t.Errorf("own doorway: in %v, out again %v", in, out)
	}
}
