// Tests of MotionInterp: the catch-up speeds, the state velocity and
// applying an interpreted state to the sequence (READINGS.md items 10, 11;
// seed 002 §5).

package anim

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// What physics calls (physics/object.go).
var (
	_ physics.MotionInterpreter = (*MotionInterp)(nil)
	_ physics.PartArray         = (*PartArray)(nil)
)

func state(fwd Motion, speed float32) InterpretedState {
	st := DefaultInterpretedState()
	st.Forward, st.ForwardSpeed = fwd, speed
	return st
}

func withRunRate(st InterpretedState, r float32) InterpretedState {
	st.RunRate, st.HasRunRate = r, true
	return st
}

// READINGS.md item 10 (ACE get_adjusted_max_speed): 4.0 × (forward_speed /
// current_speed_factor when the forward command is RunForward, else
// my_run_rate). apply_interpreted_movement copies a RunForward speed into
// my_run_rate, so it outlives the run.
func TestAdjustedMaxSpeed(t *testing.T) {
	tests := []struct {
		name     string
		events   []InterpretedState
		setRate  float32 // when > 0, SetRunRate after the events
		wantRate float32
	}{
		{"new interpreter", nil, 0, DefaultRunRate},
		{"standing with run_rate", []InterpretedState{withRunRate(state(Ready, 1), 1.25)}, 0, 1.25},
		{"walking uses my_run_rate", []InterpretedState{withRunRate(state(WalkForward, 0.8), 2)}, 0, 2},
		{"running uses forward speed", []InterpretedState{state(RunForward, 1.5)}, 0, 1.5},
		{"running beats run_rate", []InterpretedState{withRunRate(state(RunForward, 1.5), 1.2)}, 0, 1.5},
		{"running ignores a later my_run_rate", []InterpretedState{state(RunForward, 1.5)}, 0.5, 1.5},
		{"walking follows a later my_run_rate", []InterpretedState{state(WalkForward, 1.5)}, 0.5, 0.5},
		{"run speed survives in my_run_rate", []InterpretedState{state(RunForward, 1.5), state(Ready, 1)}, 0, 1.5},
		{"backward walk uses my_run_rate", []InterpretedState{withRunRate(state(WalkBackward, 1), 0.5)}, 0, 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMotionInterp()
			for _, ev := range tc.events {
				if err := m.ApplyInterpreted(ev, nil); err != nil {
					t.Fatal(err)
				}
			}
			if tc.setRate > 0 {
				if err := m.SetRunRate(tc.setRate); err != nil {
					t.Fatal(err)
				}
			}
			want := AdjustedMaxSpeedScale * tc.wantRate / m.CurrentSpeedFactor()
			if got := m.AdjustedMaxSpeed(); got != want {
				t.Errorf("AdjustedMaxSpeed = %v, want %v", got, want)
			}
		})
	}
}

// ACE get_max_speed: RunAnimSpeed × my_run_rate.
func TestMaxSpeed(t *testing.T) {
	m := NewMotionInterp()
	for _, r := range []float32{0, 1, 1.75} {
		if err := m.SetRunRate(r); err != nil {
			t.Fatal(err)
		}
		if got := m.MaxSpeed(); got != RunAnimSpeed*r || m.MyRunRate() != r {
			t.Errorf("run rate %v: MaxSpeed %v", r, got)
		}
	}
	for _, r := range []float32{-1, float32(math.NaN()), float32(math.Inf(1))} {
		if err := m.SetRunRate(r); err == nil {
			t.Errorf("SetRunRate(%v) accepted", r)
		}
	}
}

// seed 002 §5, ACE get_state_velocity: SidestepAnimSpeed × sidestep speed on
// X, Walk/RunAnimSpeed × forward speed on Y (backward at × −0.65, left
// sidestep negated), capped at RunAnimSpeed × my_run_rate.
func TestStateVelocity(t *testing.T) {
	side := func(st InterpretedState, m Motion, s float32) InterpretedState {
		st.Sidestep, st.SidestepSpeed = m, s
		return st
	}
	capTo := func(v mgl32.Vec3, l float32) mgl32.Vec3 { return v.Normalize().Mul(l) }
	tests := []struct {
		name string
		st   InterpretedState
		want mgl32.Vec3
	}{
		{"ready", state(Ready, 1), mgl32.Vec3{}},
		{"walk", state(WalkForward, 1), mgl32.Vec3{0, WalkAnimSpeed, 0}},
		{"run 1", state(RunForward, 1), mgl32.Vec3{0, RunAnimSpeed, 0}},
		{"run 2 raises my_run_rate and the cap", state(RunForward, 2), mgl32.Vec3{0, 2 * RunAnimSpeed, 0}},
		{"walk backward", state(WalkBackward, 1), mgl32.Vec3{0, -WalkAnimSpeed * BackwardsFactor, 0}},
		{"sidestep right", side(state(Ready, 1), SideStepRight, 1), mgl32.Vec3{SidestepAnimSpeed, 0, 0}},
		{"sidestep left", side(state(Ready, 1), SideStepLeft, 2), mgl32.Vec3{-2 * SidestepAnimSpeed, 0, 0}},
		{"fast walk capped", state(WalkForward, 2), mgl32.Vec3{0, RunAnimSpeed, 0}},
		{"run and sidestep capped", side(state(RunForward, 1), SideStepRight, 1), capTo(mgl32.Vec3{SidestepAnimSpeed, RunAnimSpeed, 0}, RunAnimSpeed)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMotionInterp()
			if err := m.ApplyInterpreted(tc.st, nil); err != nil {
				t.Fatal(err)
			}
			if got := m.StateVelocity(); !vecNear(got, tc.want, 1e-5) {
				t.Errorf("StateVelocity = %v, want %v", got, tc.want)
			}
		})
	}
}

// runFor applies st to a fresh part array of table and returns the
// body-local root motion over duration seconds of 1/30 s ticks.
func runFor(t *testing.T, tbl *MotionTable, st InterpretedState, duration float64) physics.Frame {
	t.Helper()
	pa := NewPartArray(tbl)
	m := NewMotionInterp()
	if err := m.ApplyInterpreted(st, pa); err != nil {
		t.Fatal(err)
	}
	off := physics.IdentityFrame()
	const dt = 1.0 / 30
	for range int(math.Round(duration / dt)) {
		pa.Update(dt, &off)
	}
	return off
}

// seed 002 §5 against seed 003 §3 (READINGS.md item 11): a running Humanoid
// gets zero root motion from its sequence; the baked table moves it at the
// MotionData velocity × speed.
func TestApplyInterpreted_RootMotionByTable(t *testing.T) {
	plain, baked := loadTable(t, "humanoid"), loadTable(t, "humanoid-baked")
	tests := []struct {
		tbl   *MotionTable
		fwd   Motion
		speed float32
	}{
		{plain, RunForward, 1}, {plain, WalkForward, 1}, {plain, WalkBackward, 1}, {plain, RunForward, 1.5},
		{baked, RunForward, 1}, {baked, RunForward, 1.5}, {baked, WalkForward, 1}, {baked, WalkBackward, 1}, {baked, WalkForward, 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.tbl.Name()+"/"+tc.fwd.String(), func(t *testing.T) {
			md := tc.tbl.Motion(tc.fwd)
			off := runFor(t, tc.tbl, state(tc.fwd, tc.speed), 2)
			want := md.Velocity.Mul(2 * tc.speed)
			// One keyframe of velocity is the resolution of the loop.
			tol := float64(md.Velocity.Len()/float32(math.Abs(float64(md.Anims[0].Framerate)))) + 1e-4
			if !vecNear(off.Origin, want, tol) {
				t.Errorf("2 s of %s at %v: root motion %v, want %v", tc.fwd, tc.speed, off.Origin, want)
			}
			if tc.tbl == baked && tc.fwd == RunForward && off.Origin[1] < 7.9*tc.speed {
				t.Errorf("baked run too slow: %v", off.Origin)
			}
		})
	}
}

// seed 002 §4, §5: a turn's omega is integrated by apply_physics about the
// local Z; TurnRight at speed 1 for 1 s turns the table's 90°/s clockwise.
func TestApplyInterpreted_TurnRotatesOffset(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	for _, tc := range []struct {
		turn    Motion
		heading float32
	}{{TurnRight, 90}, {TurnLeft, 270}} {
		st := state(Ready, 1)
		st.Turn, st.TurnSpeed = tc.turn, 1
		off := runFor(t, tbl, st, 1)
		if h := off.Heading(); !near(float64(h), float64(tc.heading), 0.01) {
			t.Errorf("%s: heading %v, want %v", tc.turn, h, tc.heading)
		}
	}
}

// seed 002 §5: the forward cycle is loaded with add_motion; sidestep and
// turn are layered with combine_motion and removed with subtract_motion,
// appending no animation.
func TestApplyInterpreted_LayersSidestepAndTurnOnCycle(t *testing.T) {
	tbl := loadTable(t, "humanoid-baked")
	pa := NewPartArray(tbl)
	m := NewMotionInterp()
	st := state(RunForward, 1)
	st.Sidestep, st.SidestepSpeed = SideStepRight, 1
	st.Turn, st.TurnSpeed = TurnRight, 1
	if err := m.ApplyInterpreted(st, pa); err != nil {
		t.Fatal(err)
	}
	seq := pa.Sequence()
	wantV := tbl.Motion(RunForward).Velocity.Add(tbl.Motion(SideStepRight).Velocity)
	if seq.Velocity() != wantV || seq.Omega() != tbl.Motion(TurnRight).Omega {
		t.Errorf("velocity %v omega %v, want %v %v", seq.Velocity(), seq.Omega(), wantV, tbl.Motion(TurnRight).Omega)
	}
	if seq.NumNodes() != 1 || seq.Node(0).Anim.Name() != "run" {
		t.Errorf("animation list: %d nodes, head %s", seq.NumNodes(), seq.Node(0).Anim.Name())
	}
	// Switching the cycle keeps the layers (re_modify); dropping them
	// subtracts them.
	st.Forward = WalkForward
	if err := m.ApplyInterpreted(st, pa); err != nil {
		t.Fatal(err)
	}
	wantV = tbl.Motion(WalkForward).Velocity.Add(tbl.Motion(SideStepRight).Velocity)
	if seq.Velocity() != wantV || seq.Omega() != tbl.Motion(TurnRight).Omega {
		t.Errorf("after walk: velocity %v omega %v", seq.Velocity(), seq.Omega())
	}
	st.Sidestep, st.Turn = MotionNone, MotionNone
	if err := m.ApplyInterpreted(st, pa); err != nil {
		t.Fatal(err)
	}
	if seq.Velocity() != tbl.Motion(WalkForward).Velocity || seq.Omega() != (mgl32.Vec3{}) {
		t.Errorf("after dropping layers: velocity %v omega %v", seq.Velocity(), seq.Omega())
	}
	if s, _, tr, _ := pa.Modifiers(); s != MotionNone || tr != MotionNone {
		t.Errorf("modifiers %v %v", s, tr)
	}
}

// change_cycle_speed (ACE MotionTable.cs): a new speed for the running
// cycle retimes it in place (same node, same cursor, framerate × new/old);
// a different cycle restarts at its starting frame.
func TestApplyInterpreted_SpeedChangeKeepsPhaseCycleChangeRestarts(t *testing.T) {
	tbl := loadTable(t, "humanoid-baked")
	pa := NewPartArray(tbl)
	m := NewMotionInterp()
	if err := m.ApplyInterpreted(state(RunForward, 1), pa); err != nil {
		t.Fatal(err)
	}
	seq := pa.Sequence()
	seq.Update(0.3, nil)
	cursor := seq.FrameNumber()
	if err := m.ApplyInterpreted(state(RunForward, 1.5), pa); err != nil {
		t.Fatal(err)
	}
	if seq.FrameNumber() != cursor || seq.Node(seq.CurrentIndex()).Framerate != 45 {
		t.Errorf("retime: cursor %v (was %v), framerate %v", seq.FrameNumber(), cursor, seq.Node(seq.CurrentIndex()).Framerate)
	}
	if !vecNear(seq.Velocity(), tbl.Motion(RunForward).Velocity.Mul(1.5), 1e-6) {
		t.Errorf("velocity %v", seq.Velocity())
	}
	if c, s := pa.Cycle(); c != RunForward || s != 1.5 {
		t.Errorf("cycle %v %v", c, s)
	}
	if err := m.ApplyInterpreted(state(WalkForward, 1), pa); err != nil {
		t.Fatal(err)
	}
	if seq.NumNodes() != 1 || seq.Node(0).Anim.Name() != "walk" || seq.FrameNumber() != 0 {
		t.Errorf("cycle change: %d nodes, %s at %v", seq.NumNodes(), seq.Node(0).Anim.Name(), seq.FrameNumber())
	}
}

// Bad input gives an error and changes nothing.
func TestApplyInterpreted_RejectsBadInput(t *testing.T) {
	mini, err := ParseMotionTable("mini.json", []byte(minimalTable))
	if err != nil {
		t.Fatal(err)
	}
	nan := float32(math.NaN())
	bad := func(f func(*InterpretedState)) InterpretedState {
		st := DefaultInterpretedState()
		f(&st)
		return st
	}
	tests := []struct {
		name string
		st   InterpretedState
		tbl  *MotionTable
		want string
	}{
		{"turn in forward", bad(func(s *InterpretedState) { s.Forward = TurnRight }), nil, "forward: TurnRight"},
		{"none in forward", bad(func(s *InterpretedState) { s.Forward = MotionNone }), nil, "forward: None"},
		{"forward in sidestep", bad(func(s *InterpretedState) { s.Sidestep = RunForward }), nil, "sidestep: RunForward"},
		{"sidestep in turn", bad(func(s *InterpretedState) { s.Turn = SideStepLeft }), nil, "turn: SideStepLeft"},
		{"nan speed", bad(func(s *InterpretedState) { s.ForwardSpeed = nan }), nil, "forward_speed"},
		{"nan turn speed", bad(func(s *InterpretedState) { s.TurnSpeed = nan }), nil, "turn_speed"},
		{"negative run rate", bad(func(s *InterpretedState) { s.RunRate, s.HasRunRate = -1, true }), nil, "run_rate"},
		{"motion missing from table", bad(func(s *InterpretedState) { s.Forward = RunForward; s.MovingTo = true }), mini, "motion table mini has no RunForward"},
		{"modifier missing from table", bad(func(s *InterpretedState) { s.Turn = TurnLeft }), mini, "motion table mini has no TurnLeft"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMotionInterp()
			var pa *PartArray
			if tc.tbl != nil {
				pa = NewPartArray(tc.tbl)
			}
			before := *m
			err := m.ApplyInterpreted(tc.st, pa)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
			if *m != before {
				t.Errorf("state changed on error")
			}
		})
	}
}

// seed 004 §6: IsMovingTo answers the last motion event's moving_to.
func TestApplyInterpreted_MovingTo(t *testing.T) {
	m := NewMotionInterp()
	st := state(RunForward, 1)
	st.MovingTo = true
	if err := m.ApplyInterpreted(st, nil); err != nil || !m.IsMovingTo() {
		t.Fatalf("moving_to not set (%v)", err)
	}
	st.MovingTo = false
	if err := m.ApplyInterpreted(st, nil); err != nil || m.IsMovingTo() {
		t.Fatalf("moving_to not cleared (%v)", err)
	}
	if m.State() != st {
		t.Errorf("State() = %+v", m.State())
	}
}

func TestMotionNames_ParseRoundTrip(t *testing.T) {
	for m := MotionNone; m < numMotions; m++ {
		got, err := ParseMotion(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMotion(%q) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMotion("walkforward"); err == nil {
		t.Error("names are case-sensitive")
	}
	if Motion(99).String() != "Motion(99)" || Motion(99).Valid() {
		t.Error("out-of-range motion")
	}
	slots := []struct {
		parse func(string) (Motion, error)
		ok    []string
		bad   []string
	}{
		{ParseForward, []string{"Ready", "WalkForward", "RunForward", "WalkBackward"}, []string{"None", "TurnRight", "Attack"}},
		{ParseSidestep, []string{"None", "SideStepRight", "SideStepLeft"}, []string{"Ready", "TurnLeft"}},
		{ParseTurn, []string{"None", "TurnRight", "TurnLeft"}, []string{"Ready", "SideStepRight"}},
	}
	for _, sl := range slots {
		for _, n := range sl.ok {
			if m, err := sl.parse(n); err != nil || m.String() != n {
				t.Errorf("parse %q: %v %v", n, m, err)
			}
		}
		for _, n := range sl.bad {
			if _, err := sl.parse(n); err == nil {
				t.Errorf("parse %q accepted", n)
			}
		}
	}
}
