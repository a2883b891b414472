// Tick driver tests: the delivery semantics of recording-v1 (which tick an
// event lands in, delivery before the update, file order), the wiring of
// each object's collaborators, and the per-reading locomotion.

package engine

import (
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// The engine wires these together; each must satisfy the interface the
// other side declares (DESIGN.md "Packages and who may import whom").
var (
	_ interp.Body               = (*physics.Object)(nil)
	_ physics.PositionManager   = (*interp.PositionManager)(nil)
	_ physics.PartArray         = (*anim.PartArray)(nil)
	_ physics.MotionInterpreter = (*anim.MotionInterp)(nil)
	_ physics.MovementManager   = &movementManager{}
	_ interp.Sink               = (*objectSink)(nil)
)

// recording-v1 "Delivery semantics": tick k delivers every event with
// t ≤ k·dt, compared with a 1e-9 s tolerance; tick 0 delivers nothing.
func TestDueTick_DeliverySemantics(t *testing.T) {
	s := newSim(t, testRecording(false), Options{})
	for _, tc := range []struct {
		t    float64
		want int
	}{
		{0, 1},
		{1.0 / 30, 1},
		{1.0/30 + 0.5e-9, 1},
		{1.0/30 + 2e-9, 2},
		{0.5, 15},
		{0.5 - 0.5e-9, 15},
		{0.5 + 0.5e-9, 15},
		{0.5 + 1e-6, 16},
		{10, 300},
	} {
		if got := s.Query().TickOf(tc.t); got != tc.want {
			t.Errorf("event at t=%v delivered in tick %d, want %d", tc.t, got, tc.want)
		}
	}
}

// recording-v1 "Delivery semantics" step 1 then step 2: the update due in
// tick k is routed before that tick's UpdateObjectInternal, so the body
// already moves toward it in tick k (seed 003 §12, seed 004 §0).
func TestStep_DeliversBeforeUpdating(t *testing.T) {
	rec := testRecording(false)
	rec.Events = []recording.Event{positionEvent(0.5, 92, 90, 1)}
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 14)
	before, _ := s.Query().Object(testGUID)
	if len(s.Query().Events()) != 0 {
		t.Fatalf("events before tick 15: %v", s.Query().Events())
	}
	s.Step()
	after, _ := s.Query().Object(testGUID)
	if after.LastRoute != physics.RouteInterpolate || after.LastRouteTick != 15 {
		t.Fatalf("tick 15: last route %v at %d, want interpolate at 15", after.LastRoute, after.LastRouteTick)
	}
	moved := after.Position.Frame.Origin.Sub(before.Position.Frame.Origin).Len()
	// No motion interpreter: the catch-up speed is 7.5 m/s (READINGS.md
	// item 10), 0.25 m per 1/30 s tick.
	if d := moved - 0.25; d > 1e-4 || d < -1e-4 {
		t.Fatalf("tick 15 moved the body %v m, want 0.25 m (one catch-up step)", moved)
	}
	evs := s.Query().EventsAt(15)
	if len(evs) < 2 || evs[0].Kind != eventlog.EventRoute || evs[1].Kind != eventlog.EventEnqueue {
		t.Fatalf("tick 15 events %+v: want route then enqueue", evs)
	}
	if evs[0].Source != 0 || evs[1].Source != 0 {
		t.Fatalf("route and enqueue come from recording event 0, got sources %d, %d", evs[0].Source, evs[1].Source)
	}
}

// Events of one tick are delivered in file order: two updates due in the
// same tick are routed in the order they were written, so the stale one is
// the second even though it arrived in the same tick (seed 004 §8).
func TestStep_DeliversInFileOrder(t *testing.T) {
	rec := testRecording(false)
	rec.Events = []recording.Event{positionEvent(0.50, 92, 90, 2), positionEvent(0.51, 91, 90, 1)}
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 16)
	routes := eventsOf(s, eventlog.EventRoute)
	if len(routes) != 2 || routes[0].Route != physics.RouteInterpolate || routes[1].Route != physics.RouteStalePosition {
		t.Fatalf("routes %+v: want interpolate then stale_position", routes)
	}
	if routes[0].Tick != 15 || routes[1].Tick != 16 {
		t.Fatalf("ticks %d, %d: want 15, 16", routes[0].Tick, routes[1].Tick)
	}
}

// seed 003 §4 row 3: without a movement manager a body at rest on walkable
// ground goes dormant and stops ticking. The engine gives every object one,
// so a body that stood still for seconds still glides to the next update.
func TestMovementManager_KeepsRestingBodyActive(t *testing.T) {
	rec := testRecording(false)
	rec.Events = []recording.Event{positionEvent(5, 92, 90, 1)}
	s := newSim(t, rec, Options{})
	runTo(s, 149)
	v, _ := s.Query().Object(testGUID)
	if !v.Active {
		t.Fatal("a resting remote went dormant (no movement manager?)")
	}
	runTo(s, 170)
	v, _ = s.Query().Object(testGUID)
	if d := v.Position.Frame.Origin.Sub(mgl32.Vec3{92, 90, 0}).Len(); d > 0.05 {
		t.Fatalf("after the update the body is at %v, want within 0.05 m of (92, 90, 0)", v.Position.Frame.Origin)
	}
}

// recording-v1 "Header": with no observer, player_distance is 0, so a
// grounded update is always queued (seed 004 §3 branch B), however far.
func TestNoObserver_PlayerDistanceZero(t *testing.T) {
	rec := testRecording(false)
	rec.Header.HasObserver = false
	rec.Header.Entities[0].Pos = posAt(190, 190, 90)
	rec.Events = []recording.Event{positionEvent(0.5, 189, 190, 1)}
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 15)
	v, _ := s.Query().Object(testGUID)
	if v.PlayerDistance != 0 || v.LastRoute != physics.RouteInterpolate {
		t.Fatalf("player distance %v, route %v: want 0 and interpolate", v.PlayerDistance, v.LastRoute)
	}
}

// READINGS.md item 11: under the legacy reading the body is also driven by
// get_state_velocity every tick; under seed the Humanoid's zero locomotion
// velocity (seed 002 §5) leaves a running remote with no updates in place.
func TestReadings_StateVelocityDrivesLegacyOnly(t *testing.T) {
	rec := testRecording(true)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	rec.Events = []recording.Event{{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}}
	for _, tc := range []struct {
		reading string
		moves   bool
	}{{"seed", false}, {"ace", false}, {"hexrays", false}, {"legacy", true}} {
		r, _ := interp.ReadingByName(tc.reading)
		s := newSim(t, rec, Options{Reading: r})
		runTo(s, 30)
		v, _ := s.Query().Object(testGUID)
		dx := v.Position.Frame.Origin[0] - 90
		if moved := dx > 1; moved != tc.moves {
			t.Errorf("%s: body moved %v m east in 1 s running; want moving=%v", tc.reading, dx, tc.moves)
		}
		if dy := v.Position.Frame.Origin[1] - 90; dy > 1e-3 || dy < -1e-3 {
			t.Errorf("%s: body drifted %v m north; it faces east", tc.reading, dy)
		}
	}
}

// A motion event gives an object with no motion interpreter one (recording-v1
// "Events": motion), which raises its catch-up speed from 7.5 m/s to 2 ×
// get_adjusted_max_speed (READINGS.md item 10).
func TestMotionEvent_GivesMotionInterpreter(t *testing.T) {
	rec := testRecording(false)
	m := recording.NewMotion()
	m.Forward = recording.RunForward
	rec.Events = []recording.Event{{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}}
	s := newSim(t, rec, Options{})
	v, _ := s.Query().Object(testGUID)
	if v.HasMotion || v.CatchUpSpeed != interp.MaxInterpolatedVelocity {
		t.Fatalf("before: has motion %v, catch-up %v; want false, 7.5", v.HasMotion, v.CatchUpSpeed)
	}
	runTo(s, 3)
	v, _ = s.Query().Object(testGUID)
	if !v.HasMotion || v.Motion.Forward != anim.RunForward || v.CatchUpSpeed != 8 {
		t.Fatalf("after: has motion %v, forward %v, catch-up %v; want true, RunForward, 8", v.HasMotion, v.Motion.Forward, v.CatchUpSpeed)
	}
}

// A VectorUpdate sets velocity and omega only when its instance stamp is the
// object's and its vector stamp is newer (seed 004 §2, §8 stamp rules).
func TestVectorEvent_Stamps(t *testing.T) {
	rec := testRecording(false)
	vec := func(t float64, inst, stamp uint16) recording.Event {
		return recording.Event{T: t, Kind: recording.KindVector, GUID: testGUID, HasGUID: true,
			Vector: recording.Vector{Velocity: mgl32.Vec3{0, 0, 4}, Seq: recording.VectorSeq{Instance: inst, Vector: stamp}}}
	}
	rec.Events = []recording.Event{vec(0.1, 1, 1), vec(0.2, 1, 1), vec(0.3, 2, 2), vec(2, 1, 2)}
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 70)
	var applied []bool
	for _, e := range eventsOf(s, eventlog.EventVector) {
		applied = append(applied, e.Applied)
	}
	want := []bool{true, false, false, true}
	if len(applied) != len(want) {
		t.Fatalf("vector events %v, want %v", applied, want)
	}
	for i := range want {
		if applied[i] != want[i] {
			t.Fatalf("vector events applied %v, want %v", applied, want)
		}
	}
	if c := eventsOf(s, eventlog.EventContact); len(c) < 2 || c[0].Contact {
		t.Fatalf("contact events %+v: the jump should lose contact, then land", c)
	}
}

// Creation follows header order, then creation order; a delete removes the
// object, and its guid may come back as a new object (a new slot).
func TestCreateDelete_Slots(t *testing.T) {
	rec := testRecording(false)
	other := recording.NewEntity(0x80000B02, posAt(100, 90, 0))
	again := recording.NewEntity(0x80000B02, posAt(80, 80, 0))
	rec.Events = []recording.Event{
		{T: 0.5, Kind: recording.KindCreate, GUID: other.GUID, HasGUID: true, Entity: &other},
		{T: 1.0, Kind: recording.KindDelete, GUID: other.GUID, HasGUID: true},
		{T: 1.5, Kind: recording.KindCreate, GUID: again.GUID, HasGUID: true, Entity: &again},
	}
	s := newSim(t, rec, Options{EventLog: true})
	count := func() int { return len(s.Query().Objects(nil)) }
	if count() != 1 {
		t.Fatalf("tick 0: %d objects, want 1", count())
	}
	runTo(s, 15)
	objs := s.Query().Objects(nil)
	if len(objs) != 2 || objs[0].GUID != testGUID || objs[1].GUID != 0x80000B02 || objs[1].Created != 15 {
		t.Fatalf("tick 15: %+v", objs)
	}
	runTo(s, 30)
	if _, ok := s.Query().Object(0x80000B02); ok || count() != 1 {
		t.Fatal("tick 30: the deleted object is still there")
	}
	runTo(s, 45)
	v, ok := s.Query().Object(0x80000B02)
	if !ok || v.Position.Frame.Origin != (mgl32.Vec3{80, 80, 0}) {
		t.Fatalf("tick 45: re-created object %+v, %v", v.Position, ok)
	}
}

// Bad input gives a FILE:LINE: FIELD: problem error, never a panic.
func TestNew_Errors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *recording.Recording)
		want string
	}{
		{"tick rate", func(r *recording.Recording) { r.Header.TickRate = 0 }, "test.jsonl:1: tick_rate: 0 is outside 1–240"},
		{"motion table", func(r *recording.Recording) { r.Header.Entities[0].MotionTable = "olthoi" }, `test.jsonl:1: entities[0].motion_table: no motion table "olthoi" in the assets`},
		{"motion table path", func(r *recording.Recording) { r.Header.Entities[0].MotionTable = "../motion/humanoid" }, `entities[0].motion_table: "../motion/humanoid" is not a plain asset name`},
		{"terrain", func(r *recording.Recording) {
			r.Header.Terrain = recording.Terrain{Kind: recording.TerrainAsset, Name: "holtburg"}
		}, `test.jsonl:1: terrain.name: no terrain "holtburg" in the assets`},
		{"unknown guid", func(r *recording.Recording) {
			e := positionEvent(0.5, 91, 90, 1)
			e.GUID = 0x1234
			r.Events = []recording.Event{e}
		}, "test.jsonl:2: position.guid: no object 0x00001234 exists"},
		{"time order", func(r *recording.Recording) {
			r.Events = []recording.Event{positionEvent(1, 91, 90, 1), positionEvent(0.5, 92, 90, 2)}
			r.Events[1].Line = 7
		}, "test.jsonl:7: position.t: 0.5 is less than the previous event's t 1"},
		{"NaN time", func(r *recording.Recording) {
			r.Events = []recording.Event{positionEvent(0, 91, 90, 1)}
			r.Events[0].T = nanT()
		}, "test.jsonl:2: position.t: NaN is not a time"},
		{"motion speed", func(r *recording.Recording) {
			m := recording.NewMotion()
			m.ForwardSpeed = float32(nanT())
			r.Events = []recording.Event{{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}}
		}, "test.jsonl:2: motion:"},
		{"created twice", func(r *recording.Recording) {
			e := recording.NewEntity(testGUID, posAt(1, 1, 0))
			r.Events = []recording.Event{{T: 0.1, Kind: recording.KindCreate, GUID: testGUID, HasGUID: true, Entity: &e}}
		}, "test.jsonl:2: create.entity.guid: object 0x80000A01 already exists"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := testRecording(false)
			tc.edit(rec)
			_, err := New(rec, Options{Assets: testAssets()})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
	if _, err := New(testRecording(false), Options{}); err == nil || !strings.Contains(err.Error(), "no assets tree") {
		t.Fatalf("no assets: error %v", err)
	}
}

// Tick 0 is the initial state: header entities at their positions, on the
// ground, no events (recording-v1 "Delivery semantics").
func TestTickZero_InitialState(t *testing.T) {
	rec := testRecording(true)
	rec.Events = []recording.Event{positionEvent(0, 95, 90, 1)}
	s := newSim(t, rec, Options{EventLog: true, RecordStages: true})
	v, ok := s.Query().Object(testGUID)
	if !ok || s.Tick() != 0 || len(s.Query().Events()) != 0 {
		t.Fatalf("tick %d, object %v, events %d", s.Tick(), ok, len(s.Query().Events()))
	}
	if v.Position.Frame.Origin != (mgl32.Vec3{90, 90, 0}) || !v.Contact || !v.OnWalkable || v.Heading < 89.99 || v.Heading > 90.01 {
		t.Fatalf("tick 0 body %+v contact %v heading %v", v.Position.Frame.Origin, v.Contact, v.Heading)
	}
	if !v.HasMotion || v.Name != "Tester" || v.UpdateTimes[physics.StampInstance] != 1 {
		t.Fatalf("tick 0 view %+v", v)
	}
	if want := 0 + TailSeconds*30; s.LastTick() != want {
		t.Fatalf("last tick %d, want %d (2 s after the last event)", s.LastTick(), want)
	}
	s.Step()
	v, _ = s.Query().Object(testGUID)
	if !v.Stages.Ran[physics.StageAdjustOffset] {
		t.Fatal("RecordStages: no stage record after a tick")
	}
}

// The collision world holds the terrain asset's obstacles, then the header's
// inline ones (docs/formats.md, "inline obstacles"); a body walked into a
// wall is stopped by it (seed 003 §5).
func TestWorld_ObstaclesFromAssetAndHeader(t *testing.T) {
	rec := testRecording(false)
	rec.Header.Terrain = recording.Terrain{Kind: recording.TerrainAsset, Name: "walled"}
	wall := physics.Obstacle{Kind: physics.ObstacleBox, Name: "inline", Landblock: 0xA9B4,
		Min: mgl32.Vec3{91, 80, 0}, Max: mgl32.Vec3{92, 100, 3}}
	rec.Header.Terrain.Obstacles = []physics.Obstacle{wall}
	rec.Events = []recording.Event{positionEvent(0.5, 94, 90, 1)}
	s := newSim(t, rec, Options{EventLog: true})
	obs := s.Query().World().Obstacles
	if len(obs) < 2 || obs[len(obs)-1].Name != "inline" {
		t.Fatalf("world obstacles %+v: want the asset's, then the inline wall", obs)
	}
	runTo(s, 20)
	v, _ := s.Query().Object(testGUID)
	if x := v.Position.Frame.Origin[0]; x > 91-v.Radius+1e-3 {
		t.Fatalf("tick 20: the body passed the inline wall at x 91: x = %v", x)
	}
	// It gets past only by the stall window's failure and the blip that
	// follows (seed 000 §4–§6).
	runTo(s, 60)
	v, _ = s.Query().Object(testGUID)
	if x := v.Position.Frame.Origin[0]; x != 94 {
		t.Fatalf("tick 60: x = %v, want 94 after the blip", x)
	}
	if len(eventsOf(s, eventlog.EventBlip)) != 1 || len(eventsOf(s, eventlog.EventStallWindow)) == 0 {
		t.Fatalf("blips %d, stall windows %d: want the blip past the wall", len(eventsOf(s, eventlog.EventBlip)), len(eventsOf(s, eventlog.EventStallWindow)))
	}
	bad := testRecording(false)
	bad.Header.Terrain.Obstacles = []physics.Obstacle{{Kind: physics.ObstacleCylinder, Landblock: 0xA9B4}}
	if _, err := New(bad, Options{Assets: testAssets()}); err == nil || !strings.Contains(err.Error(), "test.jsonl:1: terrain.obstacles[0]:") {
		t.Fatalf("bad inline obstacle: error %v", err)
	}
}
