// Fidelity tests: behaviours of the tick and the routing that each change
// what a remote does, pinned so that changing the behaviour (an argument
// order, a comparison, a flag word) fails a test.

package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Seed 003 §4 row 5: "Frame::grotate(frame, &dtOmega)" — the omega step
// rotates about the world's axes, not the body's. A body facing east
// (heading 90: its forward axis is the world's +X) spinning about the world
// X axis keeps its forward axis, the spin axis, fixed while its up axis
// turns; a spin about the body's own X axis would pitch the forward axis.
func TestUpdatePhysicsInternal_OmegaIsAboutGlobalAxes(t *testing.T) {
	o := NewObject()
	o.Omega = mgl32.Vec3{1, 0, 0} // rad/s about world +X
	f := NewFrame(mgl32.Vec3{5, 6, 7}, HeadingQuat(90))
	if fwd := f.LocalToGlobal(mgl32.Vec3{0, 1, 0}).Sub(f.Origin); !nearVec(fwd, mgl32.Vec3{1, 0, 0}, 1e-6) {
		t.Fatalf("heading 90 faces %v, want +X", fwd)
	}
	o.UpdatePhysicsInternal(0.5, &f)
	fwd := f.LocalToGlobal(mgl32.Vec3{0, 1, 0}).Sub(f.Origin)
	if !nearVec(fwd, mgl32.Vec3{1, 0, 0}, 1e-5) {
		t.Errorf("forward axis after a spin about world X = %v, want it unchanged at +X (a body-local spin pitches it)", fwd)
	}
	// The body's up axis turns about world X by 0.5 rad: (0, −sin, cos).
	up := f.LocalToGlobal(mgl32.Vec3{0, 0, 1}).Sub(f.Origin)
	want := mgl32.Vec3{0, -float32(math.Sin(0.5)), float32(math.Cos(0.5))}
	if !nearVec(up, want, 1e-5) {
		t.Errorf("up axis = %v, want %v", up, want)
	}
	if f.Origin != (mgl32.Vec3{5, 6, 7}) {
		t.Errorf("omega moved the origin to %v", f.Origin)
	}
}

// Seed 003 §4 row 2c (line 278491: the test reads var_28, the v² computed
// before calc_friction) against the seed's own observation 4 ("applies
// AFTER friction"): Glidepath follows the decompile. A body sliding at
// 0.27 m/s on walkable ground keeps moving this tick although friction
// leaves it below 0.25 m/s; were the deadband measured after friction, it
// would stop at once. docs/readings.md names the choice.
func TestUpdatePhysicsInternal_DeadbandMeasuresSpeedBeforeFriction(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.MovementManager = &fakeMovement{}
	o.Velocity = mgl32.Vec3{0.27, 0, 0}
	f := o.Position().Frame
	o.UpdatePhysicsInternal(dt, &f)
	decay := float32(math.Pow(1-float64(DefaultFriction), float64(dt)))
	after := 0.27 * decay
	if after >= SmallVelocity {
		t.Fatalf("test premise: friction leaves %v, want below %v", after, SmallVelocity)
	}
	if !near(o.Velocity[0], after, 1e-5) {
		t.Errorf("velocity = %v, want the friction-decayed %v kept", o.Velocity, after)
	}
	if !near(f.Origin[0]-50, after*dt, 1e-6) {
		t.Errorf("moved %v, want %v", f.Origin[0]-50, after*dt)
	}
	// The next tick measures the decayed speed and stops the body.
	g := o.Position().Frame
	o.UpdatePhysicsInternal(dt, &g)
	if o.Velocity != (mgl32.Vec3{}) || g.Origin[0] != 50 {
		t.Errorf("second tick: velocity %v, moved to %v; want stopped", o.Velocity, g.Origin)
	}
}

// Seed 004 §3: MoveOrTeleport's teleport branch calls SetPosition with
// 0x1012, whose Slide bit lets the placement search for a free spot
// (CTransition::find_placement_pos' rings, ACE Transition.FindPlacementPos).
// A teleport onto a well therefore lands beside it, clear of it and within
// 4 m; with 0x1002 the placement would collide and the body would stay
// where it was.
func TestHandleReceivedPosition_TeleportOntoObstacleSlidesClear(t *testing.T) {
	log := &callLog{}
	o, _, _ := routed(t, log)
	o.World = &World{Obstacles: []Obstacle{{Kind: ObstacleCylinder, Landblock: 0xA9B4, Center: mgl32.Vec3{96, 100, 0}, Radius: 1.5, Height: 2}}}
	u := update(96.5, 100, true, 3, 101, 11)
	if r := o.HandleReceivedPosition(u); r != RouteTeleport {
		t.Fatalf("route %v, want teleport", r)
	}
	got := o.Position().Frame.Origin
	if d := got.Sub(mgl32.Vec3{96, 100, 0}).Vec2().Len(); d < 1.5+0.35-1e-3 || got.Sub(mgl32.Vec3{96.5, 100, 0}).Len() > 4 {
		t.Errorf("teleported onto a well: body at %v (%.3f m from its axis), want beside it (SetPosition 0x1012)", got, d)
	}
}

// Seed 003 §6 row 9: OnWalkable is contact_plane.N.z >= floor_z
// (0.66417414). A plane exactly at floor_z is walkable, one a float step
// below is not.
func TestSetPositionInternal_WalkableBoundaryAtFloorZ(t *testing.T) {
	if FloorZ != 0.66417414 {
		t.Errorf("floor_z = %v, want 0.66417414 (seed 003 §6)", FloorZ)
	}
	cases := []struct {
		nz       float32
		walkable bool
	}{
		{math.Nextafter32(FloorZ, 0), false},
		{FloorZ, true},
		{math.Nextafter32(FloorZ, 1), true},
		{0.6, false},
		{0.7, true},
	}
	for _, c := range cases {
		o := placed(t, nil, 50, 50, 0, 0)
		h := float32(math.Sqrt(float64(1 - c.nz*c.nz)))
		n := mgl32.Vec3{h, 0, c.nz}
		tr := &transitionResult{CurPos: o.Position(), ContactPlaneValid: true, ContactPlane: PlaneThrough(n, o.Position().Frame.Origin), ContactPlaneCellID: testCell}
		tr.ContactPlane.N = n // exactly, whatever PlaneThrough does
		o.setPositionInternal(tr)
		if got := o.TransientState&TransientOnWalkable != 0; got != c.walkable {
			t.Errorf("normal.z %.9g: walkable %v, want %v", c.nz, got, c.walkable)
		}
		// Walkable ground zeroes the acceleration (calc_acceleration);
		// unwalkable contact leaves gravity pulling.
		if grounded := o.Acceleration == (mgl32.Vec3{}); grounded != c.walkable {
			t.Errorf("normal.z %.9g: acceleration %v", c.nz, o.Acceleration)
		}
	}
}

// Seed 004 §3: newer_event(TELEPORT_TS) runs before the cell test
// ("newer_event(...) || cell == 0"), so a newer teleport stamp is stored
// even when the object has no cell and would have teleported anyway.
func TestMoveOrTeleport_StoresTeleportStampWithNoCell(t *testing.T) {
	log := &callLog{}
	o, _, _ := routed(t, log)
	o.pos = Position{}
	p := NewPosition(testCell, mgl32.Vec3{60, 60, 0}, 0)
	if r := o.MoveOrTeleport(&p, 11, true, mgl32.Vec3{}); r != RouteTeleport {
		t.Fatalf("route %v", r)
	}
	if o.UpdateTimes[StampTeleport] != 11 {
		t.Errorf("teleport stamp %d, want 11 stored although cell was 0", o.UpdateTimes[StampTeleport])
	}
	// So the same stamp again does not teleport.
	q := NewPosition(testCell, mgl32.Vec3{61, 60, 0}, 0)
	if r := o.MoveOrTeleport(&q, 11, true, mgl32.Vec3{}); r == RouteTeleport {
		t.Errorf("the stored stamp teleported again")
	}
}

// Seed 003 §1 row 7b1: with AlignPath (state[1] & 1) the candidate's heading
// is set from the tick's translation; otherwise with Sledding and a nonzero
// velocity, from the velocity. AlignPath wins when both are set.
func TestUpdateObjectInternal_HeadingFromPathOrSledVelocity(t *testing.T) {
	const fromPath = -1 // the heading of the committed displacement
	cases := []struct {
		name    string
		state   PhysicsState
		heading float32
	}{
		{"neither", 0, 0},
		{"AlignPath: heading of the translation", StateAlignPath, fromPath},
		{"Sledding: heading of the velocity (−Y)", StateSledding, 180},
		{"both: AlignPath first", StateAlignPath | StateSledding, fromPath},
	}
	for _, c := range cases {
		o := placed(t, nil, 50, 50, 0, 0)
		o.MovementManager = &fakeMovement{}
		o.State |= c.state
		o.PositionManager = &fakePM{replace: &mgl32.Vec3{1, 0, 0}}
		// A sideways velocity: the body moves east-south-east while its
		// velocity points south, so the two headings differ.
		o.Velocity = mgl32.Vec3{0, -3, 0}
		o.UpdateObjectInternal(dt)
		p := o.Position()
		want := c.heading
		if want == fromPath {
			d := p.Frame.Origin.Sub(mgl32.Vec3{50, 50, 0})
			want = HeadingFromVector(d)
			if near(want, 90, 1) || near(want, 180, 1) {
				t.Fatalf("test premise: path heading %v should differ from 90 and 180", want)
			}
		}
		if h := p.Frame.Heading(); !near(h, want, 1e-2) {
			t.Errorf("%s: heading %v, want %v", c.name, h, want)
		}
	}
}

// Seed 003 §12 (the no-sphere branch: "set_frame(&candidate);
// cached_velocity = (0,0,0)"): a body without a collision sphere reports no
// velocity whatever it had before, though it moved.
func TestUpdateObjectInternal_NoSphereZeroesCachedVelocity(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.Radius = 0
	o.MovementManager = &fakeMovement{}
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0, 1, 0}}
	o.CachedVelocity = mgl32.Vec3{7, 8, 9}
	o.UpdateObjectInternal(dt)
	if o.Position().Frame.Origin[1] != 51 {
		t.Fatalf("did not move: %v", o.Position().Frame.Origin)
	}
	if o.CachedVelocity != (mgl32.Vec3{}) {
		t.Errorf("cached velocity %v, want zero on the no-sphere path", o.CachedVelocity)
	}
}

// Choices (docs/readings.md items 15–17): each flips its behaviour and
// nothing else.
func TestChoices(t *testing.T) {
	t.Run("deadband after friction (seed 003 §4 observation 4)", func(t *testing.T) {
		o := placed(t, nil, 50, 50, 0, 0)
		o.MovementManager = &fakeMovement{}
		o.Choices.DeadbandAfterFriction = true
		o.Velocity = mgl32.Vec3{0.27, 0, 0}
		f := o.Position().Frame
		o.UpdatePhysicsInternal(dt, &f)
		if o.Velocity != (mgl32.Vec3{}) || f.Origin[0] != 50 {
			t.Errorf("velocity %v, moved to %v; want stopped at once", o.Velocity, f.Origin)
		}
	})
	t.Run("interpolate at exactly 96 m (seed 001 prose)", func(t *testing.T) {
		for _, c := range []struct {
			choice bool
			d      float32
			want   Route
		}{{false, 96, RouteSlide}, {true, 96, RouteInterpolate}, {true, 96.001, RouteSlide}, {true, 95.9, RouteInterpolate}} {
			log := &callLog{}
			o, _, _ := routed(t, log)
			o.Choices.InterpolateAtBubbleEdge = c.choice
			o.PlayerDistance = c.d
			p := NewPosition(testCell, mgl32.Vec3{51, 50, 0}, 0)
			if r := o.MoveOrTeleport(&p, 10, true, mgl32.Vec3{}); r != c.want {
				t.Errorf("choice %v at %v m: %v, want %v", c.choice, c.d, r, c.want)
			}
		}
	})
	t.Run("root motion off walkable ground (seed 003 §2 row 3b)", func(t *testing.T) {
		for _, keep := range []bool{false, true} {
			o := placed(t, nil, 50, 50, 5, 0) // in the air
			o.Choices.RootMotionOffWalkable = keep
			o.PartArray = &fakeParts{vel: mgl32.Vec3{0, 4, 0}}
			f := IdentityFrame()
			o.UpdatePositionInternal(dt, &f)
			moved := f.Origin[1] > 50.1
			if moved != keep {
				t.Errorf("keep %v: candidate at %v", keep, f.Origin)
			}
		}
	})
}

// Seed 003 §6 (floor_z 0.66417414) on the sweep's side: a terrain face
// whose normal.z is at least floor_z is walked up like any walkable ground
// (OBJECTINFO::validate_walkable's is_valid_walkable, normal.z >= floor_z),
// while one a float step steeper stops a body walking into it. The face is
// a one-cell rise of a metres over CellLength; its normal is the one
// CPolygon::make_plane gives the terrain triangle (LandblockStruct::
// ConstructPolygons), and rise is the steepest with normal.z >= floor_z.
func TestTransition_WalksUpFaceExactlyAtFloorZ(t *testing.T) {
	nz := func(rise float32) float32 {
		p, _ := NewPolygon(0, SidesLandblock, mgl32.Vec3{72, 24, 0}, mgl32.Vec3{96, 24, rise}, mgl32.Vec3{96, 48, rise})
		return p.Plane.N[2]
	}
	rise := float32(27)
	for nz(math.Nextafter32(rise, 100)) >= FloorZ {
		rise = math.Nextafter32(rise, 100)
	}
	for nz(rise) < FloorZ {
		rise = math.Nextafter32(rise, 0)
	}
	steeper := math.Nextafter32(rise, 100)
	if nz(rise) < FloorZ || nz(steeper) >= FloorZ {
		t.Fatalf("rise %v: normal.z %.9g, steeper %.9g", rise, nz(rise), nz(steeper))
	}
	for _, c := range []struct {
		name  string
		rise  float32
		climb bool
	}{{"exactly floor_z", rise, true}, {"a float step steeper", steeper, false}} {
		var h Heightfield
		for x := 4; x < VerticesPerSide; x++ {
			for y := 0; y < VerticesPerSide; y++ {
				h[x*VerticesPerSide+y] = c.rise
			}
		}
		tr := FlatTerrain(0)
		tr.SetLandblock(uint16(testCell>>16), &h)
		w := &World{Terrain: tr}
		o := walker(t, w, 70, 30, 0, 90, 0.1)
		for k := 0; k < 80; k++ {
			o.UpdateObjectInternal(dt)
		}
		p := o.Position().Frame.Origin
		if climbed := p[0] > 73 && p[2] > 0.5; climbed != c.climb {
			t.Errorf("%s: at %v (walkable %v), climbed %v, want %v", c.name, p, o.OnWalkable(), climbed, c.climb)
		}
	}
}
