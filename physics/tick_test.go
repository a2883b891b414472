package physics

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

const dt = float32(1.0 / 30)

// Seed 003 §1: a dormant object (Active clear) skips the whole pipeline.
func TestUpdateObjectInternal_DormantSkipsPipeline(t *testing.T) {
	log := &callLog{}
	o := placed(t, nil, 50, 50, 0, 0)
	o.PartArray = &fakeParts{log: log, vel: mgl32.Vec3{0, 4, 0}}
	o.PositionManager = &fakePM{log: log}
	o.Record = &StageRecord{}
	o.TransientState &^= TransientActive
	before := o.Position()
	o.UpdateObjectInternal(dt)
	if len(log.calls) != 0 || o.Position() != before {
		t.Errorf("dormant object ran %v and moved to %v", log.calls, o.Position().Frame.Origin)
	}
	if o.Record.Commit != CommitNone || slices.Contains(o.Record.Ran[:], true) {
		t.Errorf("dormant tick recorded %+v", o.Record)
	}
}

// Seed 003 §12: an object with no cell is not ticked.
func TestUpdateObjectInternal_NoCellSkipsPipeline(t *testing.T) {
	log := &callLog{}
	o := NewObject()
	o.PartArray = &fakeParts{log: log}
	o.UpdateObjectInternal(dt)
	if len(log.calls) != 0 {
		t.Errorf("unplaced object ran %v", log.calls)
	}
}

// Seed 003 §1, §2, §12: root motion, then adjust_offset, then combine and
// physics, then the transition and commit, then MovementManager::UseTime,
// CPartArray::HandleMovement and PositionManager::UseTime — in that order.
func TestUpdateObjectInternal_RunsStagesInRetailOrder(t *testing.T) {
	log := &callLog{}
	o := placed(t, nil, 50, 50, 0, 0)
	o.PartArray = &fakeParts{log: log, vel: mgl32.Vec3{0, 3, 0}}
	pm := &fakePM{log: log}
	o.PositionManager = pm
	o.MovementManager = &fakeMovement{log: log}
	rec := &StageRecord{}
	o.Record = rec
	// The position manager's UseTime sees the committed position.
	var atUseTime mgl32.Vec3
	pm.useTime = func() { atUseTime = o.Position().Frame.Origin }

	o.UpdateObjectInternal(dt)

	want := []string{"PartArray.Update", "PositionManager.AdjustOffset", "MovementManager.UseTime", "PartArray.HandleMovement", "PositionManager.UseTime"}
	if !slices.Equal(log.calls, want) {
		t.Errorf("calls = %v\nwant    %v", log.calls, want)
	}
	for s := Stage(0); s < NumStages; s++ {
		if !rec.Ran[s] {
			t.Errorf("stage %v did not run", s)
		}
	}
	step := mgl32.Vec3{0, 3 * dt, 0}
	if got := rec.Pos[StageRootMotion].Frame.Origin; !nearVec(got, step, 1e-6) {
		t.Errorf("root motion offset = %v, want %v", got, step)
	}
	if got := pm.lastOffset.Origin; !nearVec(got, step, 1e-6) {
		t.Errorf("adjust_offset received %v, want the root motion %v", got, step)
	}
	moved := mgl32.Vec3{50, 50, 0}.Add(step)
	for _, s := range []Stage{StageCombine, StagePhysics, StageTransition, StageCommit, StageUseTime} {
		if got := rec.Pos[s].Frame.Origin; !nearVec(got, moved, 1e-5) {
			t.Errorf("%v: %v, want %v", s, got, moved)
		}
	}
	if rec.Commit != CommitTransition || !nearVec(atUseTime, moved, 1e-5) {
		t.Errorf("commit %v, position at UseTime %v", rec.Commit, atUseTime)
	}
}

// Seed 003 §3 step 4: combine rotates the body-local root motion by the
// body's orientation, so walking "forward" at heading 90 moves east.
func TestUpdatePositionInternal_RootMotionIsBodyLocal(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 90)
	o.PartArray = &fakeParts{vel: mgl32.Vec3{0, 3, 0}}
	o.UpdateObjectInternal(dt)
	if got, want := o.Position().Frame.Origin, (mgl32.Vec3{50 + 3*dt, 50, 0}); !nearVec(got, want, 1e-5) {
		t.Errorf("origin = %v, want %v", got, want)
	}
}

// READINGS.md item 7, seed 000 §4: the position manager may overwrite the
// offset; combine uses what adjust_offset left, not the root motion.
func TestUpdatePositionInternal_CombinesTheAdjustedOffset(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.PartArray = &fakeParts{vel: mgl32.Vec3{0, 3, 0}}
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0.25, 0, 0}}
	o.UpdateObjectInternal(dt)
	if got, want := o.Position().Frame.Origin, (mgl32.Vec3{50.25, 50, 0}); !nearVec(got, want, 1e-5) {
		t.Errorf("origin = %v, want %v", got, want)
	}
}

// Seed 003 §2 row 3b: root motion counts on walkable ground, scaled by
// m_scale, and is zeroed anywhere else.
func TestUpdatePositionInternal_RootMotionOnlyOnWalkable(t *testing.T) {
	cases := []struct {
		name  string
		z     float32
		scale float32
		want  mgl32.Vec3
	}{
		{"walkable", 0, 1, mgl32.Vec3{0, 3 * dt, 0}},
		{"walkable, scale 2", 0, 2, mgl32.Vec3{0, 6 * dt, 0}},
		{"airborne", 5, 1, mgl32.Vec3{}},
	}
	for _, c := range cases {
		o := placed(t, nil, 50, 50, c.z, 0)
		o.Scale = c.scale
		o.PartArray = &fakeParts{vel: mgl32.Vec3{0, 3, 0}}
		o.Record = &StageRecord{}
		o.UpdateObjectInternal(dt)
		if got := o.Record.Pos[StageRootMotion].Frame.Origin; !nearVec(got, c.want, 1e-6) {
			t.Errorf("%s: root motion offset = %v, want %v", c.name, got, c.want)
		}
	}
}

// Seed 003 §2 "state.0x40 double-gate": the bit the seed calls Frozen
// (state[1] & 0x40 = StateHidden) skips both the root motion and the physics
// step, but adjust_offset and combine still run.
func TestUpdatePositionInternal_FrozenGateIsHiddenBit(t *testing.T) {
	log := &callLog{}
	o := placed(t, nil, 50, 50, 3, 0) // airborne, so physics would add gravity
	o.State |= StateHidden
	o.PartArray = &fakeParts{log: log, vel: mgl32.Vec3{0, 3, 0}}
	o.PositionManager = &fakePM{log: log, replace: &mgl32.Vec3{1, 0, 0}}
	o.Velocity = mgl32.Vec3{0, 0, -2}
	o.UpdateObjectInternal(dt)
	if slices.Contains(log.calls, "PartArray.Update") {
		t.Error("root motion ran under the gate")
	}
	if !slices.Contains(log.calls, "PositionManager.AdjustOffset") {
		t.Error("adjust_offset did not run under the gate")
	}
	if o.Velocity != (mgl32.Vec3{0, 0, -2}) {
		t.Errorf("physics ran under the gate: velocity %v", o.Velocity)
	}
	if got := o.Position().Frame.Origin; !nearVec(got, mgl32.Vec3{51, 50, 3}, 1e-5) {
		t.Errorf("origin = %v, want the adjusted offset only", got)
	}
	// ACE's Frozen bit is not this gate.
	o2 := placed(t, nil, 50, 50, 3, 0)
	o2.State |= StateFrozen
	o2.UpdateObjectInternal(dt)
	if o2.Velocity[2] == 0 {
		t.Error("StateFrozen (0x01000000) gated UpdatePhysicsInternal; only 0x4000 should")
	}
}

// Seed 003 §1 row 7b3: cached_velocity is the displacement the transition
// achieved divided by dt; a tick that commits without a sweep zeroes it.
func TestUpdateObjectInternal_CachedVelocity(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.MovementManager = &fakeMovement{} // else the resting body goes dormant
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0, 0.1, 0}}
	o.UpdateObjectInternal(dt)
	if want := (mgl32.Vec3{0, 0.1 / dt, 0}); !nearVec(o.CachedVelocity, want, 1e-3) {
		t.Errorf("cached velocity = %v, want %v", o.CachedVelocity, want)
	}
	o.PositionManager = nil
	o.Record = &StageRecord{}
	o.UpdateObjectInternal(dt)
	if o.CachedVelocity != (mgl32.Vec3{}) || o.Record.Commit != CommitUnmoved || o.Record.Ran[StageTransition] {
		t.Errorf("unmoved tick: cached velocity %v, commit %v", o.CachedVelocity, o.Record.Commit)
	}
}

// Seed 003 §1 row 7a, §12: without a collision sphere the candidate is
// committed directly, and a resting body with no movement manager goes
// dormant.
func TestUpdateObjectInternal_NoSphereCommitsCandidate(t *testing.T) {
	w := &World{Obstacles: []Obstacle{{Kind: ObstacleBox, Landblock: 0xA9B4, Min: mgl32.Vec3{50.5, 40, -1}, Max: mgl32.Vec3{60, 60, 5}}}}
	o := placed(t, w, 50, 50, 0, 90)
	o.Radius = 0
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{0, 1, 0}}
	o.Record = &StageRecord{}
	o.UpdateObjectInternal(dt)
	if got := o.Position().Frame.Origin; !nearVec(got, mgl32.Vec3{51, 50, 0}, 1e-5) {
		t.Errorf("origin = %v: a sphere-less body should pass through the box", got)
	}
	if o.Record.Commit != CommitNoSphere || o.IsActive() {
		t.Errorf("commit %v, active %v", o.Record.Commit, o.IsActive())
	}
}

// Seed 003 §1 row 7b3 / §12: when the transition finds no valid position
// the body keeps its current origin ("keep current frame via set_frame";
// ACE UpdateObjectInternal) and zeroes its cached velocity.
func TestUpdateObjectInternal_FailedTransitionCommitsCandidate(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.PositionManager = &fakePM{replace: &mgl32.Vec3{float32(math.Inf(1)), 0, 0}}
	o.Record = &StageRecord{}
	o.UpdateObjectInternal(dt)
	if o.Record.Commit != CommitTransitionFailed || o.Record.Ran[StageTransition] || o.CachedVelocity != (mgl32.Vec3{}) {
		t.Errorf("commit %v, transition ran %v, cached velocity %v", o.Record.Commit, o.Record.Ran[StageTransition], o.CachedVelocity)
	}
	if x := o.Position().Frame.Origin[0]; x != 50 {
		t.Errorf("committed x = %v, want the current 50", x)
	}
}

// The stage record costs nothing when off and never allocates when on.
func TestStageRecord_DoesNotAllocate(t *testing.T) {
	for _, on := range []bool{false, true} {
		o := placed(t, nil, 50, 50, 0, 0)
		o.PartArray = &fakeParts{vel: mgl32.Vec3{0, 1, 0}, omega: mgl32.Vec3{0, 0, 0.5}}
		o.PositionManager = &fakePM{}
		o.MovementManager = &fakeMovement{}
		if on {
			o.Record = &StageRecord{}
		}
		if n := testing.AllocsPerRun(100, func() { o.UpdateObjectInternal(dt) }); n != 0 {
			t.Errorf("record %v: %v allocations per tick", on, n)
		}
	}
}

// Stage names are the retail functions the pipeline panel and profiler show
// (STYLE.md rule 2; seed 003 §12).
func TestStageAndCommitPath_String(t *testing.T) {
	want := []string{"CPartArray::Update", "PositionManager::adjust_offset", "Frame::combine", "UpdatePhysicsInternal", "transition", "SetPositionInternal", "PositionManager::UseTime"}
	for s := Stage(0); s < NumStages; s++ {
		if s.String() != want[s] {
			t.Errorf("Stage(%d) = %q, want %q", s, s.String(), want[s])
		}
	}
	if NumStages.String() != "Stage(7)" || CommitUnmoved.String() != "set_frame(unmoved)" {
		t.Errorf("%q %q", NumStages.String(), CommitUnmoved.String())
	}
}
