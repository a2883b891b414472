package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// walker is a body whose position manager moves it step metres along its
// own forward axis every tick, as interpolation does (the offset is
// overwritten, seed 000 §4), with a movement manager so it never goes
// dormant.
func walker(t *testing.T, w *World, x, y, z, heading, step float32) *Object {
	t.Helper()
	o := placed(t, w, x, y, z, heading)
	o.MovementManager = &fakeMovement{}
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0, step, 0}}
	return o
}

// Seed 003 §5, §6: a grounded body walking up and down a walkable ramp stays
// on the ground, in contact and on walkable ground, every tick.
func TestTransition_FollowsWalkableRamp(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	for _, dir := range []struct {
		name         string
		x, heading   float32
		ticks        int
		wantX, wantZ float32
	}{
		{"up", 40, 90, 450, 121, 18},
		{"down", 130, 270, 450, 40, 0},
	} {
		o := walker(t, w, dir.x, 40, 0, dir.heading, 0.2)
		if dir.name == "down" {
			o = walker(t, w, dir.x, 40, 18, dir.heading, 0.2)
		}
		for k := 0; k < dir.ticks; k++ {
			o.UpdateObjectInternal(dt)
			p := o.Position()
			gz, _ := w.Ground(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
			if !near(p.Frame.Origin[2], gz, 1e-3) || !o.InContact() || !o.OnWalkable() {
				t.Fatalf("%s, tick %d at %v: ground %v, contact %v, walkable %v", dir.name, k, p.Frame.Origin, gz, o.InContact(), o.OnWalkable())
			}
		}
		// Uphill, adjust_offset keeps each step in the contact plane (its
		// length, not its ground track, is the step), so the body ends
		// short of where the same steps on the flat would take it.
		if p := o.Position(); (dir.name == "up" && p.Frame.Origin[0] < dir.wantX) || (dir.name == "down" && !near(p.Frame.Origin[0], dir.wantX, 0.05)) || !near(p.Frame.Origin[2], dir.wantZ, 1e-3) {
			t.Errorf("%s: ended at %v, want x %v z %v", dir.name, p.Frame.Origin, dir.wantX, dir.wantZ)
		}
	}
}

// A slope steeper than floor_z refuses a grounded body walking straight up
// it: the body stops at its foot, with the slope as its sliding normal.
func TestTransition_RefusesUnwalkableSlope(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	o := walker(t, w, 80, 150, 0, 90, 0.2) // east, into the 1.5-grade rise at x 96
	slid := false
	for k := 0; k < 200; k++ {
		o.UpdateObjectInternal(dt)
		slid = slid || o.TransientState&TransientSliding != 0
	}
	p := o.Position().Frame.Origin
	if p[0] > 96.01 || p[0] < 95 || !near(p[2], 0, 0.01) || !o.InContact() {
		t.Errorf("ended at %v contact %v; want stopped at the foot of the slope (x 96)", p, o.InContact())
	}
	if !slid {
		t.Error("never reported a sliding normal")
	}
}

// Walking diagonally into an unwalkable terrain slope stops the body at its
// foot: LandCell::find_env_collisions hands the triangle to
// OBJECTINFO::validate_walkable, which refuses a body on walkable ground a
// plane it cannot stand on (no contact plane, no push), so the step is
// never valid and validate_transition puts the body back (ACE
// ObjectInfo.ValidateWalkable, Transition.ValidateTransition). Terrain has
// no contour slide (only BSP walls and objects slide a body).
func TestTransition_StopsAtUnwalkableTerrain(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	o := walker(t, w, 90, 130, 0, 45, 0.2) // north-east
	for k := 0; k < 200; k++ {
		o.UpdateObjectInternal(dt)
	}
	p := o.Position().Frame.Origin
	if p[0] > 96.01 || p[0] < 95 || p[1] > 137 || !near(p[2], 0, 0.01) || !o.InContact() {
		t.Errorf("ended at %v contact %v; want stopped at the foot of the slope (x 96), on the ground", p, o.InContact())
	}
}

// CTransition::edge_slide (ACE Transition.EdgeSlide): a body on walkable
// ground whose step-down finds nothing walkable within StepDownHeight —
// walking west off the 36 m plateau onto the 1.5-grade slope — is stopped at
// the edge when its state has EdgeSlide (retail's default state does), and
// walks off into the air when it has not.
func TestTransition_EdgeSlideAtLedge(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	o := walker(t, w, 125, 150, 36, 270, 0.3) // west, off the north plateau
	for k := 0; k < 60; k++ {
		o.UpdateObjectInternal(dt)
		if !o.InContact() {
			t.Fatalf("tick %d: an EdgeSlide body left the ground at %v", k, o.Position().Frame.Origin)
		}
	}
	if p := o.Position().Frame.Origin; p[0] < 119.5 || p[0] > 120.5 || !near(p[2], 36, 1e-3) {
		t.Errorf("EdgeSlide body ended at %v, want held at the plateau's edge (x 120, z 36)", p)
	}
	o = walker(t, w, 125, 150, 36, 270, 0.3)
	o.State &^= StateEdgeSlide
	left := false
	for k := 0; k < 60 && !left; k++ {
		o.UpdateObjectInternal(dt)
		left = !o.InContact()
	}
	if !left {
		t.Fatal("a body without EdgeSlide walking off the plateau never left the ground")
	}
}

// A body standing on an unwalkable slope is in contact but not on walkable
// ground, so gravity pulls it and it slides down to level ground.
func TestTransition_SlidesDownUnwalkableSlope(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	gz, _ := w.Ground(testCell, 110, 150)
	o := placed(t, w, 110, 150, gz, 0)
	o.MovementManager = &fakeMovement{}
	if !o.InContact() || o.OnWalkable() {
		t.Fatalf("placed on the slope: contact %v walkable %v", o.InContact(), o.OnWalkable())
	}
	for k := 0; k < 150; k++ {
		o.UpdateObjectInternal(dt)
	}
	p := o.Position().Frame.Origin
	if p[0] > 96 || !near(p[2], 0, 0.05) || !o.OnWalkable() {
		t.Errorf("after sliding: %v walkable %v; want on level ground west of x 96", p, o.OnWalkable())
	}
}

// ACE ObjectInfo.ValidateWalkable (what retail's terrain cell calls for
// every sphere step, seed 003 §5): ground reports a collision normal only to
// a body that is not already in Contact (so handle_all_collisions, seed 003
// §6 row 11, bounces only a landing); a body below the plane is pushed up
// onto it, and a body above it is left alone.
func TestValidateWalkable_CollisionNormalOnlyWithoutContact(t *testing.T) {
	slope := PlaneThrough(mgl32.Vec3{-0.8, 0, 0.6}, mgl32.Vec3{100, 0, 10})
	for _, c := range []struct {
		name       string
		contact    bool
		dz         float32
		wantNormal bool
		want       transitionState
	}{
		{"landing, below", false, -0.1, true, tsAdjusted},
		{"in contact, below", true, -0.1, false, tsAdjusted},
		{"landing, touching", false, 0, true, tsOK},
		{"in contact, touching", true, 0, false, tsOK},
		{"above", false, 0.5, false, tsOK},
	} {
		o := NewObject()
		tr := &transit{o: o}
		tr.path.rot = &tr.rot
		tr.rot = IdentityFrame()
		if c.contact {
			tr.obj.state = oiContact
		}
		tr.path.initSphere([]Sphere{{Center: mgl32.Vec3{0, 0, 0.35}, Radius: 0.35}}, 1)
		tr.path.checkPos = tpos{o: mgl32.Vec3{100, 0, 10 + c.dz}}
		tr.path.cacheGlobalSphere()
		s := tr.path.globalSphere[0]
		st := tr.validateWalkable(&s, &slope, testCell)
		if st != c.want || tr.coll.collisionNormalValid != c.wantNormal {
			t.Errorf("%s: state %v collision normal %v, want %v %v", c.name, st, tr.coll.collisionNormalValid, c.want, c.wantNormal)
		}
		if c.dz < 0 {
			low := tr.path.globalSphere[0].Center.Sub(mgl32.Vec3{0, 0, 0.35})
			if d := slope.N.Dot(low) + slope.D; abs32(d) > 1e-4 {
				t.Errorf("%s: lowest point %v left %.5f off the plane, want on it", c.name, low, d)
			}
		}
	}
}

// An airborne body landing on a walkable slope stands on it.
func TestTransition_LandsOnSlope(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "hills.json")}
	o := placed(t, w, 12, 50, 12, 0)
	for k := 0; k < 60 && !o.InContact(); k++ {
		o.UpdateObjectInternal(dt)
	}
	p := o.Position()
	gz, _ := w.Ground(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
	if !o.InContact() || !o.OnWalkable() || !near(p.Frame.Origin[2], gz, 1e-3) {
		t.Errorf("at %v (ground %v): contact %v walkable %v", p.Frame.Origin, gz, o.InContact(), o.OnWalkable())
	}
}

// Obstacles: head-on the body stops against them; at a glancing angle it
// slides along them; low ones are stepped over and high ones walked under.
func TestTransition_Obstacles(t *testing.T) {
	well := Obstacle{Kind: ObstacleCylinder, Landblock: 0xA9B4, Center: mgl32.Vec3{96, 100, 0}, Radius: 1.5, Height: 2}
	wall := Obstacle{Kind: ObstacleBox, Landblock: 0xA9B4, Min: mgl32.Vec3{80, 110, 0}, Max: mgl32.Vec3{112, 111, 3}}
	kerb := Obstacle{Kind: ObstacleBox, Landblock: 0xA9B4, Min: mgl32.Vec3{80, 104, 0}, Max: mgl32.Vec3{112, 105, 0.3}}
	arch := Obstacle{Kind: ObstacleBox, Landblock: 0xA9B4, Min: mgl32.Vec3{80, 104, 2.5}, Max: mgl32.Vec3{112, 105, 4}}
	cases := []struct {
		name       string
		obs        Obstacle
		x, y, head float32
		check      func(p mgl32.Vec3) bool
		want       string
		sliding    bool
	}{
		{"head-on into a cylinder", well, 90, 100, 90,
			func(p mgl32.Vec3) bool { return p[0] <= 96-1.85+1e-3 && p[0] > 93.5 && near(p[1], 100, 1e-4) },
			"stopped at x 94.15, y 100", true},
		{"glancing off a cylinder", well, 90, 101, 90,
			func(p mgl32.Vec3) bool { return p[0] > 100 && p[1] > 101.5 }, "slid round it and on east", true},
		{"head-on into a wall", wall, 96, 100, 0,
			func(p mgl32.Vec3) bool { return p[1] <= 110-0.35+1e-3 && p[1] > 109 }, "stopped at y 109.65", true},
		{"along a wall", wall, 96, 100, 30,
			func(p mgl32.Vec3) bool { return p[1] <= 109.651 && p[0] > 103.9 }, "slid east along the wall (0.1 m a tick once against it)", true},
		{"over a kerb", kerb, 96, 100, 0,
			func(p mgl32.Vec3) bool { return p[1] > 110 }, "stepped over it", false},
		{"under an arch", arch, 96, 100, 0,
			func(p mgl32.Vec3) bool { return p[1] > 110 }, "walked under it", false},
	}
	for _, c := range cases {
		w := &World{Obstacles: []Obstacle{c.obs}}
		o := walker(t, w, c.x, c.y, 0, c.head, 0.2)
		slid := false
		for k := 0; k < 80; k++ {
			o.UpdateObjectInternal(dt)
			slid = slid || o.TransientState&TransientSliding != 0
			if !o.InContact() {
				t.Fatalf("%s: lost contact at tick %d", c.name, k)
			}
		}
		if p := o.Position().Frame.Origin; !c.check(p) {
			t.Errorf("%s: ended at %v; want %s", c.name, p, c.want)
		}
		if slid != c.sliding {
			t.Errorf("%s: sliding reported %v, want %v", c.name, slid, c.sliding)
		}
	}
}

// Crossing a landblock edge moves the body into the next landblock's cell,
// re-expressing its origin there, without a bump in height.
func TestTransition_CrossesLandblockEdge(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "ramp.json")}
	o := walker(t, w, 188, 40, 18, 90, 0.2)
	start := o.Position()
	for k := 0; k < 40; k++ {
		o.UpdateObjectInternal(dt)
		if z := o.Position().Frame.Origin[2]; !near(z, 18, 1e-3) || !o.InContact() {
			t.Fatalf("tick %d: z %v contact %v", k, z, o.InContact())
		}
	}
	p := o.Position()
	if p.LandblockX() != 0xAA || p.LandblockY() != 0xB4 || p.Cell != 0xAAB40000|OutdoorCellIndex(p.Frame.Origin[0], p.Frame.Origin[1]) {
		t.Errorf("cell 0x%08X, want landblock 0xAAB4", p.Cell)
	}
	if d := start.Distance(&p); !near(d, 8, 1e-3) || !near(p.Frame.Origin[0], 4, 1e-3) {
		t.Errorf("moved %v to x %v; want 8 m to x 4", d, p.Frame.Origin[0])
	}
	if o.ContactPlaneCellID != p.Cell || !near(o.ContactPlane.D, -18, 1e-3) {
		t.Errorf("contact plane %+v in 0x%08X", o.ContactPlane, o.ContactPlaneCellID)
	}
}

// Walking off the edge of the landblock map: no cell holds the spheres
// there, so CTransition::check_other_cells finds no outdoor cell
// (LandDefs::adjust_to_outside fails) and the step collides; the body stays
// at the edge, in its cell and active (ACE Transition.CheckOtherCells).
func TestTransition_MapEdgeBlocks(t *testing.T) {
	o := NewObject()
	o.MovementManager = &fakeMovement{}
	p := NewPosition(0x00B40001, mgl32.Vec3{0.5, 50, 0}, 270)
	if err := o.SetPosition(&p, SetPositionPlacement); err != SetPositionOK {
		t.Fatal(err)
	}
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0, 0.3, 0}}
	for k := 0; k < 10; k++ {
		o.UpdateObjectInternal(dt)
	}
	if q := o.Position(); q.Cell>>16 != 0x00B4 || !o.IsActive() || q.Frame.Origin[0] < 0 {
		t.Errorf("cell 0x%08X at %v active %v, want held at the map's edge", q.Cell, q.Frame.Origin, o.IsActive())
	}
}

// Placement (SetPosition, seed 004 §5): the body settles on the ground when
// its feet are below it or within the step-down above it, and is airborne
// higher up; indoors it stands on a level floor at its feet.
func TestSetPosition_Placement(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "hills.json")}
	gz, _ := w.Ground(testCell, 12, 50)
	cases := []struct {
		name    string
		cell    uint32
		z       float32
		wantZ   float32
		contact bool
	}{
		{"on the ground", testCell, gz, gz, true},
		{"just above", testCell, gz + 0.3, gz, true},
		{"below", testCell, gz - 3, gz, true},
		{"high above", testCell, gz + 5, gz + 5, false},
		{"indoors", 0xA9B40105, -40, -40, true},
	}
	for _, c := range cases {
		o := NewObject()
		o.World = w
		p := NewPosition(c.cell, mgl32.Vec3{12, 50, c.z}, 0)
		if err := o.SetPosition(&p, SetPositionPlacement); err != SetPositionOK {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := o.Position()
		if !near(got.Frame.Origin[2], c.wantZ, 1e-4) || o.InContact() != c.contact || !o.IsActive() {
			t.Errorf("%s: z %v contact %v active %v; want z %v contact %v", c.name, got.Frame.Origin[2], o.InContact(), o.IsActive(), c.wantZ, c.contact)
		}
	}
}

// Placement into an obstacle: without Slide it fails and the body stays
// where it was; with Slide it moves to a free spot; when nothing within 4 m
// fits it reports no valid position.
func TestSetPosition_IntoObstacle(t *testing.T) {
	well := Obstacle{Kind: ObstacleCylinder, Landblock: 0xA9B4, Center: mgl32.Vec3{96, 100, 0}, Radius: 1.5, Height: 2}
	w := &World{Obstacles: []Obstacle{well}}
	o := placed(t, w, 90, 90, 0, 0)
	inside := NewPosition(testCell, mgl32.Vec3{96.5, 100, 0}, 0)
	if o.SetPositionSimple(&inside, false) {
		t.Error("SetPositionSimple(slide=false) into a well succeeded")
	}
	if got := o.Position().Frame.Origin; got != (mgl32.Vec3{90, 90, 0}) {
		t.Errorf("failed placement moved the body to %v", got)
	}
	if !o.SetPositionSimple(&inside, true) {
		t.Fatal("SetPositionSimple(slide=true) failed")
	}
	// find_placement_pos: the first free spot on its rings (ACE
	// Transition.FindPlacementPos), clear of the well, within 4 m.
	if got := o.Position().Frame.Origin; got.Sub(mgl32.Vec3{96, 100, 0}).Vec2().Len() < 1.5+0.35-1e-3 || got.Sub(inside.Frame.Origin).Len() > 4 {
		t.Errorf("slid to %v; want beside the well, within 4 m", got)
	}
	big := Obstacle{Kind: ObstacleBox, Landblock: 0xA9B4, Min: mgl32.Vec3{80, 80, 0}, Max: mgl32.Vec3{120, 120, 5}}
	o.World = &World{Obstacles: []Obstacle{big}}
	middle := NewPosition(testCell, mgl32.Vec3{100, 100, 0}, 0)
	if err := o.SetPosition(&middle, SetPositionSlideFlags); err != SetPositionNoValidPosition {
		t.Errorf("placing 20 m inside a box: %v, want %v", err, SetPositionNoValidPosition)
	}
	if err := o.SetPosition(&Position{}, SetPositionSlideFlags); err != SetPositionNoCell {
		t.Errorf("placing in cell 0: %v", err)
	}
}

// Seed 004 §5: the flag words SetPositionSimple and MoveOrTeleport pass.
func TestSetPositionFlags(t *testing.T) {
	if SetPositionSimpleFlags != 0x1002 || SetPositionSlideFlags != 0x1012 {
		t.Errorf("flags 0x%X 0x%X, want 0x1002 0x1012", uint32(SetPositionSimpleFlags), uint32(SetPositionSlideFlags))
	}
	if SetPositionNoValidPosition.String() != "NO_VALID_POSITION_SPE" {
		t.Error(SetPositionNoValidPosition.String())
	}
}
