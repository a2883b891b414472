// Tests of the MoveToManager port (ACE Physics/Managers/MoveToManager.cs,
// Physics/Animation/MovementParameters.cs, Physics/Common/Position.cs
// CylinderDistance). The seeds name MoveToManager (seed 001 "L.3.3", seed
// 004 §6) but do not describe it.

package interp

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// walker is a MoveToBody that moves itself: each step turns at 90°/s (×
// speed) while a turn runs and walks 3.12 m/s (run 4 m/s) along its heading
// while a forward command runs — enough kinematics to drive the manager.
type walker struct {
	pos                physics.Position
	contact, animating bool
	radius, height     float32
	forward, turn      MoveCommand
	run                bool
	speed, turnSpeed   float32
	calls              []string
	stuckTo            uint32
	stuckRadius        float32
	stops              int
}

func newWalker(x, y, heading float32) *walker {
	return &walker{pos: physics.NewPosition(0xA9B4001C, mgl32.Vec3{x, y, 0}, heading), contact: true, radius: 0.35, height: 1.8}
}

func (w *walker) Position() physics.Position { return w.pos }
func (w *walker) InContact() bool            { return w.contact }
func (w *walker) Radius() float32            { return w.radius }
func (w *walker) Height() float32            { return w.height }
func (w *walker) SetHeading(d float32) {
	w.pos.Frame.SetHeading(d)
	w.calls = append(w.calls, "set_heading")
}
func (w *walker) IsAnimating() bool     { return w.animating }
func (w *walker) IsInterpolating() bool { return false }
func (w *walker) Unstick()              {}
func (w *walker) StickTo(g uint32, r, _ float32) {
	w.stuckTo, w.stuckRadius = g, r
	w.calls = append(w.calls, "stick")
}
func (w *walker) StopCompletely() { w.forward, w.turn = MoveCmdNone, MoveCmdNone; w.stops++ }
func (w *walker) DoMotion(c MoveCommand, speed float32, hold HoldKey) bool {
	w.calls = append(w.calls, "do "+c.String())
	switch c {
	case MoveCmdWalkForward, MoveCmdWalkBackward:
		w.forward, w.speed, w.run = c, speed, hold == HoldKeyRun
	case MoveCmdTurnRight, MoveCmdTurnLeft:
		w.turn, w.turnSpeed = c, speed
	}
	return true
}
func (w *walker) StopMotion(c MoveCommand, _ HoldKey) {
	w.calls = append(w.calls, "stop "+c.String())
	switch c {
	case MoveCmdWalkForward, MoveCmdWalkBackward:
		w.forward = MoveCmdNone
	case MoveCmdTurnRight, MoveCmdTurnLeft:
		w.turn = MoveCmdNone
	}
}

func (w *walker) step(dt float32) {
	h := w.pos.Frame.Heading()
	switch w.turn {
	case MoveCmdTurnRight:
		h += 90 * w.turnSpeed * dt
	case MoveCmdTurnLeft:
		h -= 90 * w.turnSpeed * dt
	}
	h = float32(math.Mod(float64(h)+360, 360))
	w.pos.Frame.SetHeading(h)
	v := float32(3.12)
	if w.run {
		v = 4
	}
	switch w.forward {
	case MoveCmdWalkForward:
		rad := float64(h) * math.Pi / 180
		w.pos.Frame.Origin = w.pos.Frame.Origin.Add(mgl32.Vec3{float32(math.Sin(rad)), float32(math.Cos(rad)), 0}.Mul(v * w.speed * dt))
	}
}

// run ticks the manager and the walker for at most n ticks of 1/30 s, until
// the manager stops; it returns the ticks run.
func runMoveTo(m *MoveToManager, w *walker, now *float64, n int) int {
	for i := 0; i < n; i++ {
		if !m.IsMovingTo() {
			return i
		}
		w.step(1.0 / 30)
		*now += 1.0 / 30
		m.Bind(w, 1, *now)
		m.UseTime()
	}
	return n
}

// MovementParameters::get_command: walk toward while beyond
// distance_to_object, hold Run once the distance left exceeds
// walk_run_threshold (or walking is not allowed), walk backward inside
// min_distance when both towards and away are set.
func TestMovementParams_Command(t *testing.T) {
	p := DefaultMovementParams()
	for _, c := range []struct {
		name     string
		flags    uint32
		dist     float32
		wantCmd  MoveCommand
		wantHold HoldKey
		wantAway bool
	}{
		{"beyond distance walks", p.Flags, 5, MoveCmdWalkForward, HoldKeyNone, false},
		{"at distance stops", p.Flags, 0.6, MoveCmdNone, HoldKeyNone, false},
		{"far runs", p.Flags, 15.7, MoveCmdWalkForward, HoldKeyRun, false},
		{"exactly threshold walks", p.Flags, 15.6, MoveCmdWalkForward, HoldKeyNone, false},
		{"cannot walk runs", p.Flags &^ MoveCanWalk, 5, MoveCmdWalkForward, HoldKeyRun, false},
		{"towards and away, inside min", p.Flags | MoveAway, 0, MoveCmdWalkBackward, HoldKeyNone, true},
		{"away only, inside min", (p.Flags | MoveAway) &^ MoveTowards, 0.5, MoveCmdWalkForward, HoldKeyNone, true},
	} {
		q := p
		q.Flags = c.flags
		q.MinDistance = 1
		if c.name == "towards and away, inside min" {
			q.MinDistance = 0
		}
		cmd, hold, away := q.command(c.dist, 0)
		if cmd != c.wantCmd || hold != c.wantHold || away != c.wantAway {
			t.Errorf("%s: got %v %v %v, want %v %v %v", c.name, cmd, hold, away, c.wantCmd, c.wantHold, c.wantAway)
		}
	}
}

// MoveToManager::heading_diff and heading_greater.
func TestMoveTo_HeadingHelpers(t *testing.T) {
	if d := headingDiff(90, 0, MoveCmdTurnRight); d != 90 {
		t.Errorf("right diff 90→0 = %v", d)
	}
	if d := headingDiff(90, 0, MoveCmdTurnLeft); d != 270 {
		t.Errorf("left diff 90→0 = %v, want 360 − 90", d)
	}
	if d := headingDiff(10, 350, MoveCmdTurnRight); d != 20 {
		t.Errorf("right diff across north = %v", d)
	}
	if !headingGreater(20, 10, MoveCmdTurnRight) || headingGreater(10, 20, MoveCmdTurnRight) {
		t.Error("turning right, 20 is past 10")
	}
	if !headingGreater(5, 355, MoveCmdTurnRight) {
		t.Error("turning right across north, 5 is past 355")
	}
	if !headingGreater(10, 20, MoveCmdTurnLeft) {
		t.Error("turning left, 10 is past 20")
	}
}

// Position::CylinderDistance: centre distance less both radii; with a
// vertical gap the two combine.
func TestCylinderDistance(t *testing.T) {
	a := physics.NewPosition(0xA9B4001C, mgl32.Vec3{10, 10, 0}, 0)
	b := physics.NewPosition(0xA9B4001C, mgl32.Vec3{13, 14, 0}, 0)
	if d := cylinderDistance(0.5, 2, &a, 0.5, 2, &b); math.Abs(float64(d-4)) > 1e-5 {
		t.Errorf("level: %v, want 5 − 1", d)
	}
	c := physics.NewPosition(0xA9B4001C, mgl32.Vec3{13, 14, 5}, 0)
	// offset 5.83 − 1 = 4.83 reach, 3 m above the top of a.
	want := math.Hypot(math.Sqrt(9+16+25)-1, 3)
	if d := cylinderDistance(0.5, 2, &a, 0.5, 2, &c); math.Abs(float64(d)-want) > 1e-4 {
		t.Errorf("above: %v, want %v", d, want)
	}
}

// MoveToObject: the first target update plans turn-then-walk; the body
// turns the short way (left, to face west), walks, stops within
// distance_to_object of the target's cylinder and, sticky, ends in StickTo
// with the target's radius (ACE BeginNextNode).
func TestMoveToObject_ApproachAndStick(t *testing.T) {
	for _, sticky := range []bool{false, true} {
		w := newWalker(20, 10, 0)
		var m MoveToManager
		now := 0.0
		m.Bind(w, 1, now)
		p := DefaultMovementParams()
		if sticky {
			p.Flags |= MoveSticky
		}
		target := physics.NewPosition(0xA9B4001C, mgl32.Vec3{10, 10, 0}, 0)
		m.Perform(&MoveToRequest{Type: MoveToObject, Object: 9, Radius: 0.5, Height: 1.8, Params: p})
		if m.St.NumPending != 0 || !m.IsMovingTo() {
			t.Fatalf("before the target update: %+v", m.St)
		}
		m.HandleUpdateTarget(9, true, target, target)
		if m.St.NumPending != 2 || m.St.Pending[0].Type != TurnToHeading || m.St.Pending[1].Type != MoveToPosition {
			t.Fatalf("nodes %+v", m.St.Pending)
		}
		if math.Abs(float64(m.St.Pending[0].Heading-270)) > 1e-3 || w.turn != MoveCmdTurnLeft {
			t.Fatalf("turn to %v with %v, want 270 turning left", m.St.Pending[0].Heading, w.turn)
		}
		ticks := runMoveTo(&m, w, &now, 600)
		if m.IsMovingTo() {
			t.Fatalf("still moving after %d ticks: %+v", ticks, m.St)
		}
		if h := w.pos.Frame.Heading(); math.Abs(float64(h-270)) > 1e-3 {
			t.Errorf("heading %v, want exactly 270 (set_heading when the turn passes)", h)
		}
		d := cylinderDistance(w.radius, w.height, &w.pos, 0.5, 1.8, &target)
		if d > p.DistanceToObject || d < p.DistanceToObject-3.12/30-1e-3 {
			t.Errorf("stopped %v from the cylinder, want within one step inside %v", d, p.DistanceToObject)
		}
		if w.forward != MoveCmdNone || w.turn != MoveCmdNone {
			t.Errorf("commands left running: %v %v", w.forward, w.turn)
		}
		if sticky != (w.stuckTo == 9) || sticky && w.stuckRadius != 0.5 || m.St.Stuck != sticky {
			t.Errorf("sticky %v: stuck to %#x radius %v", sticky, w.stuckTo, w.stuckRadius)
		}
		if m.St.LastResult != MoveResultDone {
			t.Errorf("result %v", m.St.LastResult)
		}
	}
}

// MoveToPosition with use_final_heading: turn, walk, then turn to
// desired_heading; the sticky bit is cleared (ACE MoveToPosition).
func TestMoveToPosition_FinalHeading(t *testing.T) {
	w := newWalker(10, 10, 0)
	var m MoveToManager
	now := 0.0
	m.Bind(w, 1, now)
	p := DefaultMovementParams()
	p.Flags |= MoveUseFinalHeading | MoveSticky
	p.DesiredHeading = 180
	p.DistanceToObject = 0.2
	dest := physics.NewPosition(0xA9B4001C, mgl32.Vec3{14, 14, 0}, 0)
	m.Perform(&MoveToRequest{Type: MoveToPosition, Position: dest, Params: p})
	if m.St.NumPending != 3 || m.St.Pending[2].Heading != 180 || m.St.Params.Flags&MoveSticky != 0 {
		t.Fatalf("%+v", m.St)
	}
	runMoveTo(&m, w, &now, 900)
	if m.IsMovingTo() || w.pos.Frame.Heading() != 180 || w.stuckTo != 0 {
		t.Fatalf("heading %v stuck %#x state %+v", w.pos.Frame.Heading(), w.stuckTo, m.St)
	}
	// use_spheres with sought radius 0: the body's own radius counts.
	if d := w.pos.Distance(&dest) - w.radius; d > 0.2 {
		t.Errorf("stopped %v from the destination", d)
	}
}

// UseTime does nothing off the ground (ACE: transient Contact required),
// and a walk that gets further than fail_distance from its start is
// cancelled with "charged too far".
func TestMoveTo_ContactAndFailDistance(t *testing.T) {
	w := newWalker(10, 10, 90)
	var m MoveToManager
	now := 0.0
	m.Bind(w, 1, now)
	p := DefaultMovementParams()
	p.FailDistance = 2
	dest := physics.NewPosition(0xA9B4001C, mgl32.Vec3{30, 10, 0}, 0)
	m.Perform(&MoveToRequest{Type: MoveToPosition, Position: dest, Params: p})
	if w.forward != MoveCmdWalkForward {
		t.Fatalf("already facing: walks at once, got %v (%v)", w.forward, w.calls)
	}
	w.contact = false
	before := w.pos
	runMoveTo(&m, w, &now, 30)
	if !m.IsMovingTo() {
		t.Fatal("airborne UseTime ended the move")
	}
	w.pos, w.contact = before, true
	runMoveTo(&m, w, &now, 300)
	if m.IsMovingTo() || m.St.LastResult != MoveResultChargedTooFar {
		t.Fatalf("result %v", m.St.LastResult)
	}
	if got := before.Distance(&w.pos); got < 2 || got > 2+0.2 {
		t.Errorf("cancelled after %v m, want just past 2", got)
	}
}

// TurnToHeading only queues its node; the first UseTime begins the turn
// (HandleTurnToHeading → BeginTurnToHeading), which ends at exactly the
// heading. A target that is gone cancels a followed MoveToObject.
func TestMoveTo_TurnToHeadingAndTargetGone(t *testing.T) {
	w := newWalker(10, 10, 0)
	var m MoveToManager
	now := 0.0
	m.Bind(w, 1, now)
	p := DefaultMovementParams()
	p.DesiredHeading = 45
	m.Perform(&MoveToRequest{Type: TurnToHeading, Params: p})
	if w.turn != MoveCmdNone || m.St.NumPending != 1 {
		t.Fatalf("turn began before UseTime: %v", w.calls)
	}
	runMoveTo(&m, w, &now, 100)
	if m.IsMovingTo() || math.Abs(float64(w.pos.Frame.Heading()-45)) > 1e-3 {
		t.Fatalf("heading %v", w.pos.Frame.Heading())
	}

	target := physics.NewPosition(0xA9B4001C, mgl32.Vec3{10, 30, 0}, 0)
	m.Perform(&MoveToRequest{Type: MoveToObject, Object: 9, Radius: 0.5, Params: DefaultMovementParams()})
	m.HandleUpdateTarget(9, true, target, target)
	m.HandleUpdateTarget(9, false, physics.Position{}, physics.Position{})
	if m.IsMovingTo() || m.St.LastResult != MoveResultObjectGone || w.forward != MoveCmdNone || w.turn != MoveCmdNone {
		t.Fatalf("after the target left: %v %v %v", m.St.LastResult, w.forward, w.turn)
	}
}

// CheckProgressMade: a second without closing at 0.25 m/s is no progress.
func TestMoveTo_CheckProgressMade(t *testing.T) {
	var m MoveToManager
	m.St.PreviousDistance, m.St.OriginalDistance = 10, 10
	m.now = 1.5
	if m.checkProgressMade(9.9) {
		t.Error("0.1 m in 1.5 s counted as progress")
	}
	if !m.checkProgressMade(9.5) {
		t.Error("0.5 m in 1.5 s not counted as progress")
	}
	m.now = 1.9
	if !m.checkProgressMade(10) {
		t.Error("checked before the 1 s window passed")
	}
}

// FuzzMoveToManager drives a move-to with arbitrary parameters, target and
// start through a few hundred ticks: never a panic, never a non-finite
// position or heading, and every started move-to ends or keeps its pending
// list within bounds.
func FuzzMoveToManager(f *testing.F) {
	f.Add(uint8(1), uint32(MoveFlagsDefault|MoveSticky), float32(0.6), float32(0), float32(1), float32(15), float32(0), float32(10), float32(5), float32(0))
	f.Add(uint8(2), uint32(MoveFlagsDefault|MoveUseFinalHeading|MoveAway), float32(0.2), float32(3), float32(2), float32(1), float32(90), float32(-4), float32(-3), float32(270))
	f.Add(uint8(4), uint32(0), float32(0), float32(0), float32(-1), float32(0), float32(359.9), float32(0), float32(0), float32(180))
	f.Fuzz(func(t *testing.T, typ uint8, flags uint32, dist, minDist, speed, threshold, heading, dx, dy, start float32) {
		for _, v := range []float32{dist, minDist, speed, threshold, heading, dx, dy, start} {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || math.Abs(float64(v)) > 1000 {
				return
			}
		}
		w := newWalker(100, 100, float32(math.Mod(math.Abs(float64(start)), 360)))
		var m MoveToManager
		now := 0.0
		m.Bind(w, 1, now)
		p := MovementParams{Flags: flags & MoveFlagsKnown, DistanceToObject: float32(math.Abs(float64(dist))),
			MinDistance: float32(math.Abs(float64(minDist))), FailDistance: DefaultFailDistance, Speed: speed,
			WalkRunThreshold: float32(math.Abs(float64(threshold))), DesiredHeading: float32(math.Mod(math.Abs(float64(heading)), 360))}
		goal := physics.NewPosition(0xA9B4001C, mgl32.Vec3{100 + dx, 100 + dy, 0}, 0)
		req := MoveToRequest{Type: MoveType(typ%4 + 1), Object: 9, Radius: 0.5, Height: 1.8, Position: goal, Params: p}
		m.Perform(&req)
		m.HandleUpdateTarget(9, true, goal, goal)
		runMoveTo(&m, w, &now, 300)
		o := w.pos.Frame.Origin
		h := w.pos.Frame.Heading()
		if math.IsNaN(float64(o[0]+o[1]+o[2])) || math.IsNaN(float64(h)) {
			t.Fatalf("non-finite body %v heading %v", o, h)
		}
		if int(m.St.NumPending) > maxMoveNodes {
			t.Fatalf("pending %d", m.St.NumPending)
		}
	})
}

// BeginTurnToHeading (ACE MoveToManager.cs): a goal exactly 180° away
// turns right (diff <= 180), one a hair more turns left.
func TestMoveTo_TurnToHeadingHalfTurnGoesRight(t *testing.T) {
	for _, c := range []struct {
		goal float32
		want MoveCommand
	}{{180, MoveCmdTurnRight}, {181, MoveCmdTurnLeft}, {179, MoveCmdTurnRight}} {
		w := newWalker(10, 10, 0)
		var m MoveToManager
		m.Bind(w, 1, 0)
		p := DefaultMovementParams()
		p.DesiredHeading = c.goal
		m.Perform(&MoveToRequest{Type: TurnToHeading, Params: p})
		m.Bind(w, 1, 1.0/30)
		m.UseTime()
		if w.turn != c.want {
			t.Errorf("goal %v from 0: turn %v, want %v (%v)", c.goal, w.turn, c.want, w.calls)
		}
	}
}

// HandleMoveToPosition's aux turn (ACE MoveToManager.cs): while walking,
// a heading error above MoveToTurnSlack (20°) either way starts a turn
// toward the goal; within 20° either way (diff below 20 or above 340) it
// walks straight.
func TestMoveToPosition_AuxTurnSlack(t *testing.T) {
	for _, c := range []struct {
		off  float32
		want MoveCommand
	}{{25, MoveCmdTurnLeft}, {-25, MoveCmdTurnRight}, {15, MoveCmdNone}, {-15, MoveCmdNone}, {19.5, MoveCmdNone}, {-19.5, MoveCmdNone}} {
		w := newWalker(10, 10, 0)
		var m MoveToManager
		now := 0.0
		m.Bind(w, 1, now)
		dest := physics.NewPosition(0xA9B4001C, mgl32.Vec3{10, 40, 0}, 0)
		m.Perform(&MoveToRequest{Type: MoveToPosition, Position: dest, Params: DefaultMovementParams()})
		for i := 0; i < 10 && w.forward != MoveCmdWalkForward; i++ {
			now += 1.0 / 30
			m.Bind(w, 1, now)
			m.UseTime()
		}
		if w.forward != MoveCmdWalkForward || w.turn != MoveCmdNone {
			t.Fatalf("not walking straight toward the goal: %v", w.calls)
		}
		w.pos.Frame.SetHeading(float32(math.Mod(float64(c.off)+360, 360)))
		now += 1.0 / 30
		m.Bind(w, 1, now)
		m.UseTime()
		if w.turn != c.want {
			t.Errorf("%v° off the goal's bearing: aux turn %v, want %v", c.off, w.turn, c.want)
		}
	}
}
