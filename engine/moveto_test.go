// Move-to UpdateMotions through the engine (testdata/moveto.jsonl): the
// ported MoveToManager (ACE Physics/Managers/MoveToManager.cs; the seeds
// name it — seed 001 "L.3.3", seed 004 §6 — without describing it).

package engine

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
)

func moveToSim(t *testing.T, opts Options) *Sim {
	t.Helper()
	rec, err := recording.ReadFile("testdata/moveto.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	opts.Assets = assets.FS()
	s, err := New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The whole story of testdata/moveto.jsonl, checked where each move-to
// ends: MoveToObject turns left to 270 (set exactly when the turn passes,
// HandleTurnToHeading), walks, and being sticky ends in StickTo — 1.0 m
// between centres once the StickyManager has pulled (two 0.35 m radii and
// its 0.3 m); IsMovingTo holds while it runs (seed 004 §6);
// MoveToPosition with use_final_heading stops within distance (use_spheres:
// the body's radius counts) and turns to 90; TurnToObject ends on the
// target's bearing; an interpreted UpdateMotion cancels a move-to.
func TestMoveTo_Recording(t *testing.T) {
	s := moveToSim(t, Options{})
	mover := s.find(0x80000A02)
	target := s.find(0x80000A01)
	var sawTurnLeft, sawWalk, sawMovingTo bool
	for s.Tick() < 170 {
		s.Step()
		st := mover.mi.State()
		sawTurnLeft = sawTurnLeft || st.Turn.String() == "TurnLeft"
		sawWalk = sawWalk || st.Forward.String() == "WalkForward"
		sawMovingTo = sawMovingTo || mover.phys.IsMovingTo()
	}
	if !sawTurnLeft || !sawWalk || !sawMovingTo {
		t.Errorf("turn left %v, walk %v, IsMovingTo %v", sawTurnLeft, sawWalk, sawMovingTo)
	}
	if mover.phys.IsMovingTo() || mover.mt.mgr.St.LastResult != interp.MoveResultDone || !mover.mt.mgr.St.Stuck {
		t.Fatalf("after the MoveToObject: %+v", mover.mt.mgr.St)
	}
	mp, tp := mover.phys.Position(), target.phys.Position()
	if d := mp.Distance(&tp); !near(float64(d), 1.0, 1e-3) {
		t.Errorf("stuck %v m from the target's centre, want 1.0", d)
	}
	if tp.Frame.Origin[1] < 91.99 {
		t.Fatalf("the target did not move north: %v", tp.Frame.Origin)
	}

	for s.Tick() < 320 {
		s.Step()
	}
	mp = mover.phys.Position()
	dest := physics.NewPosition(0xA9B4001C, [3]float32{95, 96, 0}, 0)
	if d := mp.Distance(&dest) - mover.phys.Radius; d > 0.2 || d < 0.2-0.11 {
		t.Errorf("MoveToPosition stopped %v m from the destination's cylinder, want just inside 0.2", d)
	}
	if h := mp.Frame.Heading(); !near(float64(h), 90, 1e-3) {
		t.Errorf("final heading %v, want 90", h)
	}

	for s.Tick() < 385 {
		s.Step()
	}
	mp, tp = mover.phys.Position(), target.phys.Position()
	off := mp.Offset(&tp)
	want := physics.HeadingFromVector(off)
	if h := mp.Frame.Heading(); !near(float64(h), float64(want), 1e-2) {
		t.Errorf("TurnToObject ended at %v, want the target's bearing %v", h, want)
	}

	for s.Tick() < 406 {
		s.Step()
	}
	if mover.phys.IsMovingTo() || mover.mt.mgr.St.LastResult != interp.MoveResultCancelled {
		t.Fatalf("the interpreted UpdateMotion did not cancel: %+v", mover.mt.mgr.St)
	}
	stop := mover.phys.Position()
	for s.Tick() < 440 {
		s.Step()
	}
	if p := mover.phys.Position(); p.Frame.Origin != stop.Frame.Origin {
		t.Errorf("moved after the cancel: %v → %v", stop.Frame.Origin, p.Frame.Origin)
	}
}

// A move-to's state is part of a checkpoint: seeking into the middle of a
// walk and stepping on gives the straight run's state and views.
func TestMoveTo_SeekMatchesStraightRun(t *testing.T) {
	rec, err := recording.ReadFile("testdata/moveto.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{EventLog: true, RecordStages: true}
	straight := runStraight(t, rec, opts)
	opts.CheckpointInterval = 16
	s := newSim(t, rec, opts)
	for _, k := range []int{100, 40, 250, 70, 395, 5, 230} {
		s.Seek(k)
		straight.checkAt(t, s, "seek")
		s.Step()
		straight.checkAt(t, s, "step after seek")
	}
}

// The view carries the MoveToManager's state for the inspector.
func TestMoveTo_View(t *testing.T) {
	s := moveToSim(t, Options{})
	for s.Tick() < 60 {
		s.Step()
	}
	for _, v := range s.Query().Objects(nil) {
		if v.GUID != 0x80000A02 {
			if v.MoveTo != nil {
				t.Errorf("%#x has a move-to view", v.GUID)
			}
			continue
		}
		if v.MoveTo == nil || v.MoveTo.Type != interp.MoveToObject || v.MoveTo.NumPending != 1 ||
			v.MoveTo.Pending[0].Type != interp.MoveToPosition || v.MoveTo.CurrentCommand != interp.MoveCmdWalkForward {
			t.Errorf("view %+v", v.MoveTo)
		}
	}
}

// A Sim that restores another's checkpoint (the viewer's window Sim beside
// its pre-run) never delivered the move-to: it must still follow the
// target, giving the straight run's state.
func TestMoveTo_SharedCheckpointMatchesStraightRun(t *testing.T) {
	rec, err := recording.ReadFile("testdata/moveto.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{CheckpointInterval: 16}
	straight := runStraight(t, rec, opts)
	pre := newSim(t, rec, opts)
	pre.RunAll(nil)
	for _, k := range []int{110, 60, 250, 400} {
		s := newSim(t, rec, opts)
		if err := s.ShareCheckpoints(pre); err != nil {
			t.Fatal(err)
		}
		s.Seek(k)
		if s.Query().StateHash() != straight.hashes[k] {
			t.Fatalf("seek to %d through the shared checkpoints differs from the straight run", k)
		}
	}
}

// _DoMotion / _StopMotion through the motion interpreter (ACE
// MoveToManager._DoMotion, MotionInterp.adjust_motion and
// apply_run_to_command, InterpretedMotionState.ApplyMotion/RemoveMotion):
// under the Run hold key WalkForward becomes RunForward at speed ×
// my_run_rate and a turn is 1.5× faster; WalkBackward keeps its name at the
// positive speed; stopping removes only the command that runs; with no
// motion interpreter _DoMotion fails.
func TestMoveToBody_AdjustMotion(t *testing.T) {
	s := moveToSim(t, Options{})
	o := s.find(0x80000A02)
	_ = o.mi.SetRunRate(1.5)
	b := moveToBody{o}
	if !b.DoMotion(interp.MoveCmdWalkForward, 2, interp.HoldKeyRun) {
		t.Fatal("DoMotion failed")
	}
	if st := o.mi.State(); st.Forward.String() != "RunForward" || st.ForwardSpeed != 3 {
		t.Errorf("run: %v at %v, want RunForward at 2 × 1.5", st.Forward, st.ForwardSpeed)
	}
	b.DoMotion(interp.MoveCmdTurnLeft, 1, interp.HoldKeyRun)
	if st := o.mi.State(); st.Turn.String() != "TurnLeft" || st.TurnSpeed != 1.5 {
		t.Errorf("turn: %v at %v, want TurnLeft at 1.5", st.Turn, st.TurnSpeed)
	}
	b.StopMotion(interp.MoveCmdWalkForward, interp.HoldKeyNone) // WalkForward is not what runs
	if st := o.mi.State(); st.Forward.String() != "RunForward" {
		t.Errorf("stopping WalkForward stopped %v", st.Forward)
	}
	b.StopMotion(interp.MoveCmdWalkForward, interp.HoldKeyRun)
	b.StopMotion(interp.MoveCmdTurnLeft, interp.HoldKeyRun)
	if st := o.mi.State(); st.Forward.String() != "Ready" || st.ForwardSpeed != 1 || st.Turn.String() != "None" {
		t.Errorf("after stopping: %+v", st)
	}
	b.DoMotion(interp.MoveCmdWalkBackward, 1, interp.HoldKeyNone)
	if st := o.mi.State(); st.Forward.String() != "WalkBackward" || st.ForwardSpeed != 1 {
		t.Errorf("backward: %v at %v", st.Forward, st.ForwardSpeed)
	}
	b.StopCompletely()
	if st := o.mi.State(); st.Forward.String() != "Ready" || st.Turn.String() != "None" || st.Sidestep.String() != "None" {
		t.Errorf("StopCompletely: %+v", st)
	}
	o.st.hasMI = false
	if b.DoMotion(interp.MoveCmdWalkForward, 1, interp.HoldKeyNone) {
		t.Error("DoMotion without a motion interpreter succeeded")
	}
}

// A monster chasing the player (testdata/moveto_observer.jsonl): a sticky
// MoveToObject toward "observer" approaches the observer's position, ends
// in StickTo(the observer, its default 0.35 m radius) — 1.0 m between
// centres once the StickyManager has pulled (0.35 + 0.35 + 0.3, ACE
// StickyManager) — and follows the observer when it moves; a TurnToObject
// toward the observer ends facing it.
func TestMoveTo_ObserverTarget(t *testing.T) {
	rec, err := recording.ReadFile("testdata/moveto_observer.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{})
	m := s.find(0x80000A03)
	dist := func() float64 {
		p, obs := m.phys.Position(), s.observer
		return float64(p.Distance(&obs))
	}
	start := dist()
	for s.Tick() < 3*30+12 {
		s.Step()
	}
	if m.pm.StickyObjectID() != recording.ObserverTarget {
		t.Fatalf("stuck to %#x, want the observer", m.pm.StickyObjectID())
	}
	if d := dist(); !near(d, 1.0, 1e-3) || start < 8 {
		t.Errorf("distance to the observer %.4f (from %.2f), want 1.0", d, start)
	}
	for s.Tick() < 4*30 {
		s.Step()
	}
	if p := m.phys.Position(); !near(dist(), 1.0, 1e-3) || p.Frame.Origin[0] < 95.7 {
		t.Errorf("after the observer moved 0.7 m: at %v, %.4f from it, want 1.0 (the sticky follows)", p.Frame.Origin, dist())
	}
	for s.Tick() < 16*30 {
		s.Step()
	}
	p := m.phys.Position()
	dx, dy := float64(s.observer.Frame.Origin[0]-p.Frame.Origin[0]), float64(s.observer.Frame.Origin[1]-p.Frame.Origin[1])
	want := math.Mod(math.Atan2(dx, dy)*180/math.Pi+360, 360)
	if h := float64(p.Frame.Heading()); math.Abs(math.Remainder(h-want, 360)) > 1 {
		t.Errorf("heading after the TurnToObject %.2f, want the observer's bearing %.2f", h, want)
	}
}

// The TargetManager stand-in (ACE TargetManager, set_target's voyeur
// radius): a followed target's position is re-sent to MoveToManager once it
// has moved more than MoveToTargetRadius (0.5 m) from the last one sent,
// not before. Here the target is the observer, moved 0.45 m then 0.55 m
// from where the move-to began while the mover walks.
func TestMoveTo_TargetResentBeyondVoyeurRadius(t *testing.T) {
	for _, c := range []struct {
		move   float32
		resent bool
	}{{0.45, false}, {0.55, true}} {
		rec, err := recording.ReadFile("testdata/moveto_observer.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		// Keep the header and the MoveToObject; then move the observer at
		// t = 1 s, while the mover is still walking.
		rec.Events = append(rec.Events[:2:2], recording.Event{T: 1, Kind: recording.KindObserver,
			Pos: physics.NewPosition(0xA9B40025, mgl32.Vec3{96 + c.move, 96, 0}, 0)})
		s := newSim(t, rec, Options{})
		m := s.find(0x80000A03)
		for s.Tick() < 40 {
			s.Step()
		}
		if !m.mt.mgr.IsMovingTo() {
			t.Fatal("the move-to ended before the target moved")
		}
		got := m.mt.sent.Frame.Origin[0]
		want := float32(96)
		if c.resent {
			want += c.move
		}
		if got != want {
			t.Errorf("observer moved %v m: last target x sent %v, want %v", c.move, got, want)
		}
	}
}
