package physics

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Seed 004 §2: the instance stamp must equal update_times[INSTANCE_TS];
// newer means an incarnation not yet created, anything else a logged-out one.
func TestCheckInstance(t *testing.T) {
	cases := []struct {
		stored, stamp uint16
		want          InstanceCheck
	}{
		{5, 5, InstanceCurrent},
		{5, 4, InstanceLoggedOut},
		{5, 6, InstanceNotYetCreated},
		{5, 5 + 0x8000, InstanceLoggedOut}, // neither newer nor older
		{65535, 0, InstanceNotYetCreated},  // across the wrap
		{0, 65535, InstanceLoggedOut},
	}
	for _, c := range cases {
		o := NewObject()
		o.UpdateTimes[StampInstance] = c.stored
		if got := o.CheckInstance(c.stamp); got != c.want {
			t.Errorf("stored %d, stamp %d: %v, want %v", c.stored, c.stamp, got, c.want)
		}
	}
}

// routed returns an object standing at (50, 50) with every collaborator
// logging into log, stamps position 100 / teleport 10 / instance 3.
func routed(t *testing.T, log *callLog) (*Object, *fakePM, *fakeMotion) {
	t.Helper()
	o := placed(t, nil, 50, 50, 0, 0)
	pm := &fakePM{log: log}
	mi := &fakeMotion{}
	o.PositionManager = pm
	o.MovementManager = &fakeMovement{log: log}
	o.MotionInterpreter = mi
	o.UpdateTimes[StampPosition] = 100
	o.UpdateTimes[StampTeleport] = 10
	o.UpdateTimes[StampInstance] = 3
	return o, pm, mi
}

func update(x, y float32, grounded bool, instance, position, teleport uint16) *PositionUpdate {
	return &PositionUpdate{
		Position:      NewPosition(testCell, mgl32.Vec3{x, y, 0}, 90),
		HasContact:    grounded,
		InstanceStamp: instance, PositionStamp: position, TeleportStamp: teleport,
	}
}

// Seed 004 §2: an update for another incarnation changes nothing at all.
func TestUnpackPositionEvent_WrongInstanceChangesNothing(t *testing.T) {
	log := &callLog{}
	o, _, _ := routed(t, log)
	for _, inst := range []uint16{2, 4} {
		if r := o.UnpackPositionEvent(update(60, 60, true, inst, 101, 11)); r != RouteWrongInstance {
			t.Errorf("instance %d: %v", inst, r)
		}
	}
	if len(log.calls) != 0 || o.UpdateTimes[StampPosition] != 100 || o.UpdateTimes[StampTeleport] != 10 {
		t.Errorf("calls %v, stamps %v", log.calls, o.UpdateTimes)
	}
	if r := o.UnpackPositionEvent(update(60, 60, true, 3, 101, 10)); r != RouteInterpolate {
		t.Errorf("matching instance: %v", r)
	}
}

// Seed 004 §0, recording-v1: HandleReceivedPosition drops an update whose
// position stamp is not newer, before MoveOrTeleport sees it.
func TestHandleReceivedPosition_StalePositionDropped(t *testing.T) {
	for _, stamp := range []uint16{100, 99, 100 + 0x8000} {
		log := &callLog{}
		o, _, _ := routed(t, log)
		if r := o.HandleReceivedPosition(update(60, 60, true, 3, stamp, 11)); r != RouteStalePosition {
			t.Errorf("position stamp %d: %v", stamp, r)
		}
		if len(log.calls) != 0 || o.UpdateTimes[StampTeleport] != 10 || o.Position().Frame.Origin != (mgl32.Vec3{50, 50, 0}) {
			t.Errorf("position stamp %d: calls %v teleport stamp %d", stamp, log.calls, o.UpdateTimes[StampTeleport])
		}
	}
}

// recording-v1: a newer position stamp is stored even when MoveOrTeleport
// then ignores the update (here, because it is airborne).
func TestHandleReceivedPosition_StoresStampWhenIgnored(t *testing.T) {
	log := &callLog{}
	o, _, _ := routed(t, log)
	if r := o.HandleReceivedPosition(update(60, 60, false, 3, 101, 10)); r != RouteAirborne {
		t.Fatalf("route %v", r)
	}
	if o.UpdateTimes[StampPosition] != 101 || len(log.calls) != 0 {
		t.Errorf("position stamp %d, calls %v", o.UpdateTimes[StampPosition], log.calls)
	}
	// The same stamp again is now stale.
	if r := o.HandleReceivedPosition(update(60, 60, true, 3, 101, 10)); r != RouteStalePosition {
		t.Errorf("repeat: %v", r)
	}
}

// Seed 004 §3: every exit of MoveOrTeleport.
func TestMoveOrTeleport_Branches(t *testing.T) {
	received := mgl32.Vec3{60, 61, 0}
	hook := []string{"MovementManager.CancelMoveTo", "PositionManager.Unstick", "PositionManager.StopInterpolating", "PositionManager.Unconstrain"}
	cases := []struct {
		name         string
		storedTele   uint16
		teleport     uint16
		unplaced     bool
		grounded     bool
		distance     float32
		movingTo     bool
		want         Route
		calls        []string
		snapped      bool
		storedAfter  uint16
		interpMoving bool
	}{
		{name: "older teleport stamp", storedTele: 10, teleport: 9, grounded: true, want: RouteStaleTeleport, storedAfter: 10},
		{name: "newer teleport stamp", storedTele: 10, teleport: 11, grounded: true, want: RouteTeleport, calls: hook, snapped: true, storedAfter: 11},
		{name: "teleport stamp across the wrap", storedTele: 65535, teleport: 0, grounded: true, want: RouteTeleport, calls: hook, snapped: true, storedAfter: 0},
		{name: "newer teleport stamp while airborne", storedTele: 10, teleport: 11, grounded: false, want: RouteTeleport, calls: hook, snapped: true, storedAfter: 11},
		{name: "no cell", storedTele: 10, teleport: 10, unplaced: true, grounded: true, want: RouteTeleport, calls: hook, snapped: true, storedAfter: 10},
		{name: "airborne", storedTele: 10, teleport: 10, grounded: false, want: RouteAirborne, storedAfter: 10},
		{name: "teleport stamp 0x8000 away is not older", storedTele: 10, teleport: 10 + 0x8000, grounded: true, distance: 20, want: RouteInterpolate, calls: []string{"PositionManager.InterpolateTo"}, storedAfter: 10},
		{name: "inside the bubble", storedTele: 10, teleport: 10, grounded: true, distance: 95.99, want: RouteInterpolate, calls: []string{"PositionManager.InterpolateTo"}, storedAfter: 10},
		{name: "inside the bubble, moving to", storedTele: 10, teleport: 10, grounded: true, distance: 0, movingTo: true, want: RouteInterpolate, calls: []string{"PositionManager.InterpolateTo"}, storedAfter: 10, interpMoving: true},
		{name: "at 96 m", storedTele: 10, teleport: 10, grounded: true, distance: 96, want: RouteSlide, calls: []string{"PositionManager.StopInterpolating"}, snapped: true, storedAfter: 10},
		{name: "far away", storedTele: 10, teleport: 10, grounded: true, distance: 500, want: RouteSlide, calls: []string{"PositionManager.StopInterpolating"}, snapped: true, storedAfter: 10},
	}
	for _, c := range cases {
		log := &callLog{}
		o, pm, mi := routed(t, log)
		if c.unplaced {
			o.pos = Position{}
		}
		o.UpdateTimes[StampTeleport] = c.storedTele
		o.PlayerDistance = c.distance
		mi.movingTo = c.movingTo
		p := NewPosition(testCell, received, 90)
		before := o.Position()

		got := o.MoveOrTeleport(&p, c.teleport, c.grounded, mgl32.Vec3{})

		if got != c.want {
			t.Errorf("%s: route %v, want %v", c.name, got, c.want)
		}
		if !slices.Equal(log.calls, c.calls) {
			t.Errorf("%s: calls %v\nwant %v", c.name, log.calls, c.calls)
		}
		after := o.Position()
		if c.snapped {
			if !nearVec(after.Frame.Origin, received, 1e-5) || !near(after.Frame.Heading(), 90, 1e-3) || !o.InContact() {
				t.Errorf("%s: body at %v heading %v contact %v; want snapped to %v facing 90", c.name, after.Frame.Origin, after.Frame.Heading(), o.InContact(), received)
			}
		} else if after != before {
			t.Errorf("%s: body moved to %v", c.name, after.Frame.Origin)
		}
		if o.UpdateTimes[StampTeleport] != c.storedAfter {
			t.Errorf("%s: teleport stamp %d, want %d", c.name, o.UpdateTimes[StampTeleport], c.storedAfter)
		}
		if c.want == RouteInterpolate {
			if len(pm.interpTo) != 1 || pm.interpTo[0].Frame.Origin != received || pm.movingTo[0] != c.interpMoving {
				t.Errorf("%s: InterpolateTo(%v, %v)", c.name, pm.interpTo, pm.movingTo)
			}
		}
	}
}

// Seed 004 §0: after MoveOrTeleport returns 1, HandleReceivedPosition calls
// ConstrainTo with the start and max constraint distances (seed 001 table).
func TestHandleReceivedPosition_ConstrainsAfterAMove(t *testing.T) {
	cases := []struct {
		name      string
		indoor    bool
		grounded  bool
		distance  float32
		teleport  uint16
		constrain [][2]float32
	}{
		{"interpolate outdoors", false, true, 10, 10, [][2]float32{{10, 50}}},
		{"slide outdoors", false, true, 200, 10, [][2]float32{{10, 50}}},
		{"teleport outdoors", false, true, 10, 11, [][2]float32{{10, 50}}},
		{"interpolate indoors", true, true, 10, 10, [][2]float32{{5, 20}}},
		{"airborne: no move, no constraint", false, false, 10, 10, nil},
	}
	for _, c := range cases {
		o, pm, _ := routed(t, nil)
		if c.indoor {
			in := NewPosition(0xA9B40105, mgl32.Vec3{50, 50, 0}, 0)
			if err := o.SetPosition(&in, SetPositionPlacement); err != SetPositionOK {
				t.Fatal(err)
			}
		}
		o.PlayerDistance = c.distance
		u := update(55, 55, c.grounded, 3, 101, c.teleport)
		if c.indoor {
			u.Position.Cell = 0xA9B40105
		}
		o.HandleReceivedPosition(u)
		if !slices.Equal(pm.constrain, c.constrain) {
			t.Errorf("%s: ConstrainTo %v, want %v", c.name, pm.constrain, c.constrain)
		}
	}
}

// trace-v1's route branch names, exactly.
func TestRoute_StringAndMoved(t *testing.T) {
	cases := []struct {
		r     Route
		name  string
		moved bool
	}{
		{RouteTeleport, "teleport", true},
		{RouteInterpolate, "interpolate", true},
		{RouteSlide, "slide", true},
		{RouteAirborne, "airborne", false},
		{RouteStalePosition, "stale_position", false},
		{RouteStaleTeleport, "stale_teleport", false},
		{RouteWrongInstance, "wrong_instance", false},
		{0, "Route(0)", false},
		{99, "Route(99)", false},
	}
	for _, c := range cases {
		if c.r.String() != c.name || c.r.Moved() != c.moved {
			t.Errorf("%d: %q moved %v, want %q %v", c.r, c.r.String(), c.r.Moved(), c.name, c.moved)
		}
	}
	if InstanceNotYetCreated.String() != "not_yet_created" || InstanceLoggedOut.String() != "logged_out" {
		t.Error("InstanceCheck names")
	}
}

// Seed 001: GetAutonomyBlipDistance — 100 m outdoors for everyone; indoors
// 20 m for creatures, 25 m for the player.
func TestAutonomyBlipDistance(t *testing.T) {
	cases := []struct {
		player bool
		cell   uint32
		want   float32
	}{
		{false, 0xA9B40001, 100}, {false, 0xA9B40105, 20},
		{true, 0xA9B40001, 100}, {true, 0xA9B40105, 25},
	}
	for _, c := range cases {
		o := NewObject()
		o.IsPlayer = c.player
		o.pos.Cell = c.cell
		if got := o.AutonomyBlipDistance(); got != c.want {
			t.Errorf("player %v cell 0x%08X: %v, want %v", c.player, c.cell, got, c.want)
		}
	}
}

// Seed 001: constraint start/max distances, 10/50 outdoors and 5/20 indoors,
// the same for players and creatures.
func TestConstraintDistances(t *testing.T) {
	for _, player := range []bool{false, true} {
		o := NewObject()
		o.IsPlayer = player
		o.pos.Cell = 0xA9B40001
		if o.StartConstraintDistance() != 10 || o.MaxConstraintDistance() != 50 {
			t.Errorf("outdoors: %v %v", o.StartConstraintDistance(), o.MaxConstraintDistance())
		}
		o.pos.Cell = 0xA9B40100
		if o.StartConstraintDistance() != 5 || o.MaxConstraintDistance() != 20 {
			t.Errorf("indoors: %v %v", o.StartConstraintDistance(), o.MaxConstraintDistance())
		}
	}
}
