// Tests of the server truth: moves at the CMotionInterp speeds (seed 002 §5,
// READINGS.md item 10), turns at the motion table's rate, jumps under
// gravity, loops, strafes and the terrain's height.

package scenario

import (
	"fmt"
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/terrainjson"
	"glidepath/physics"
	"glidepath/physics/anim"
)

const moverGUID = 0x80000001

// oneRemote is a scenario with one remote at (50, 100) facing east running
// script, no network delay, sending every tick.
func oneRemote(duration float64, extra, script string) string {
	return fmt.Sprintf(`duration: %v
updates: on_change
%s
remotes:
  - guid: 0x80000001
    position: [50, 100]
    heading: 90
    run_rate: 1.5
    script:
%s`, duration, extra, script)
}

// TestMoves_ArriveAtMotionSpeed checks that walk_to, run_to and a backwards
// walk cover the distance at the speed CMotionInterp gives the command
// (seed 002 §5: WalkAnimSpeed 3.12, RunAnimSpeed 4.0 × run rate,
// BackwardsFactor 0.65; READINGS.md item 10), arriving on the tick the
// distance says and sending the interpreted motion after run conversion.
func TestMoves_ArriveAtMotionSpeed(t *testing.T) {
	cases := []struct {
		name    string
		step    string
		target  float64 // x the remote walks to (from 50, heading east)
		speed   float64
		forward recording.ForwardCommand
		fspeed  float32
	}{
		{"walk", "{walk_to: [80, 100]}", 80, float64(anim.WalkAnimSpeed), recording.WalkForward, 1},
		{"slow walk", "{walk_to: [80, 100], speed: 0.5}", 80, float64(anim.WalkAnimSpeed) * float64(float32(0.5)), recording.WalkForward, 0.5},
		{"run", "{run_to: [110, 100]}", 110, float64(anim.RunAnimSpeed) * float64(float32(1.5)), recording.RunForward, 1.5},
		{"fast run", "{run_to: [110, 100], speed: 2}", 110, float64(anim.RunAnimSpeed) * float64(float32(3)), recording.RunForward, 3},
		{"backwards", "{walk_to: [20, 100], backward: true}", 20, float64(anim.WalkAnimSpeed) * float64(anim.BackwardsFactor), recording.WalkBackward, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := compileText(t, oneRemote(40, "", "      - "+tc.step+"\n"))
			truth := ofKind(rec, recording.KindTruth, moverGUID)
			dist := math.Abs(tc.target - 50)
			arrive := dist / tc.speed
			wantTick := int(math.Ceil(arrive*30 - 1e-9))
			for k, ev := range truth {
				x, _, _ := globalXY(ev.Pos)
				x -= baseX
				tm := float64(k) / 30
				want := 50 + math.Copysign(math.Min(tc.speed*tm, dist), tc.target-50)
				if math.Abs(x-want) > 1e-3 {
					t.Fatalf("tick %d: x = %.4f, want %.4f (%.4f m/s)", k, x, want, tc.speed)
				}
				if arrived := x == float64(float32(tc.target)); arrived != (k >= wantTick) {
					t.Fatalf("tick %d: at target = %v; want arrival on tick %d (%.4f s)", k, arrived, wantTick, arrive)
				}
			}
			motions := ofKind(rec, recording.KindMotion, moverGUID)
			if len(motions) != 2 {
				t.Fatalf("got %d motion events, want the move and Ready: %+v", len(motions), motions)
			}
			if m := motions[0].Motion; m.Forward != tc.forward || m.ForwardSpeed != tc.fspeed || !m.HasRunRate || m.RunRate != 1.5 {
				t.Errorf("motion = %+v, want %v at speed %v with run rate 1.5", m, tc.forward, tc.fspeed)
			}
			if m := motions[1].Motion; m.Forward != recording.Ready || math.Abs(motions[1].T-arrive) > 1e-9 {
				t.Errorf("second motion %v at %.6f s, want Ready at the arrival %.6f s", m.Forward, motions[1].T, arrive)
			}
		})
	}
}

// TestTurnTo_TurnsAtTheTableRate checks turn_to turns the shorter way at the
// rate of the humanoid table's TurnRight omega (π/2 rad/s, 90°/s) times the
// speed, sending TurnRight or TurnLeft (seed 002 §5).
func TestTurnTo_TurnsAtTheTableRate(t *testing.T) {
	cases := []struct {
		goal, speed float64
		turn        recording.TurnCommand
	}{
		{180, 1, recording.TurnRight}, // from 90, clockwise
		{0, 1, recording.TurnLeft},    // from 90, anticlockwise
		{315, 2, recording.TurnLeft},  // 135° anticlockwise at twice the rate
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("to %v at %v", tc.goal, tc.speed), func(t *testing.T) {
			rec := compileText(t, oneRemote(5, "", fmt.Sprintf("      - {turn_to: %v, speed: %v}\n", tc.goal, tc.speed)))
			delta := turnDelta(90, tc.goal)
			rate := humanoidTurnRate(t) * tc.speed
			truth := ofKind(rec, recording.KindTruth, moverGUID)
			for k, ev := range truth {
				tm := float64(k) / 30
				want := wrapHeading(90 + math.Copysign(math.Min(rate*tm, math.Abs(delta)), delta))
				if got := heading(ev.Pos); math.Abs(turnDelta(want, got)) > 0.01 {
					t.Fatalf("tick %d: heading %.3f, want %.3f", k, got, want)
				}
			}
			motions := ofKind(rec, recording.KindMotion, moverGUID)
			if len(motions) != 2 || motions[0].Motion.Turn != tc.turn || motions[0].Motion.TurnSpeed != float32(tc.speed) {
				t.Fatalf("motions %+v, want %v at speed %v then Ready", motions, tc.turn, tc.speed)
			}
			if end := math.Abs(delta) / rate; math.Abs(motions[1].T-end) > 1e-9 {
				t.Errorf("the turn ends at %.6f s, want %.6f s", motions[1].T, end)
			}
		})
	}
}

// humanoidTurnRate reads the humanoid table's TurnRight omega in degrees per
// second: π/2 rad/s as a float32, 90°/s to six digits.
func humanoidTurnRate(t *testing.T) float64 {
	t.Helper()
	data, err := assets.Read(assets.MotionDir, "humanoid")
	if err != nil {
		t.Fatal(err)
	}
	table, err := anim.ParseMotionTable("humanoid.json", data)
	if err != nil {
		t.Fatal(err)
	}
	rate := math.Abs(float64(table.Motion(anim.TurnRight).Omega[2])) * 180 / math.Pi
	if math.Abs(rate-90) > 1e-3 {
		t.Fatalf("humanoid turns at %v°/s; the tests assume about 90", rate)
	}
	return rate
}

// TestWalkTo_TurnsFirst checks a move that does not face its target turns in
// place first (Ready + TurnLeft), then walks.
func TestWalkTo_TurnsFirst(t *testing.T) {
	rec := compileText(t, oneRemote(20, "", "      - walk_to: [50, 130]\n"))
	motions := ofKind(rec, recording.KindMotion, moverGUID)
	if len(motions) != 3 {
		t.Fatalf("got %d motions, want turn, walk, Ready: %+v", len(motions), motions)
	}
	if motions[0].Motion.Turn != recording.TurnLeft || motions[0].Motion.Forward != recording.Ready {
		t.Errorf("first motion %+v, want Ready + TurnLeft", motions[0].Motion)
	}
	turn := 90 / humanoidTurnRate(t)
	if motions[1].Motion.Forward != recording.WalkForward || math.Abs(motions[1].T-turn) > 1e-9 {
		t.Errorf("second motion %+v at %v, want WalkForward after the %v s turn", motions[1].Motion, motions[1].T, turn)
	}
	if end := turn + 30/float64(anim.WalkAnimSpeed); math.Abs(motions[2].T-end) > 1e-9 {
		t.Errorf("Ready at %v, want %v", motions[2].T, end)
	}
}

// TestJump_LeavesGroundPeaksAndLands checks a jump's flight: a VectorUpdate
// with the launch velocity, a peak v²/2g above the ground under
// physics.Gravity, landing after 2v/g, updates flagged not grounded while in
// the air (seed 004 §3, the airborne no-op) and grounded again after.
func TestJump_LeavesGroundPeaksAndLands(t *testing.T) {
	const vz, fwd = 5.0, 3.0
	rec := compileText(t, oneRemote(5, "", fmt.Sprintf("      - wait: 1\n      - {jump: %v, forward: %v}\n", vz, fwd)))
	g := -float64(physics.Gravity)
	flight := 2 * vz / g
	peak := vz * vz / (2 * g)
	vectors := ofKind(rec, recording.KindVector, moverGUID)
	if len(vectors) != 1 {
		t.Fatalf("got %d vector events, want 1", len(vectors))
	}
	if v := vectors[0].Vector; math.Abs(float64(v.Velocity[0])-fwd) > 1e-5 || math.Abs(float64(v.Velocity[2])-vz) > 1e-6 || v.Seq.Vector != 1 || v.Seq.Instance != 1 {
		t.Errorf("vector %+v, want (%v, 0, %v) east and up, vector stamp 1", v, fwd, vz)
	}
	if vectors[0].T != 1 {
		t.Errorf("the vector is sent at %v, want 1 (the launch)", vectors[0].T)
	}
	maxZ := 0.0
	for k, ev := range ofKind(rec, recording.KindTruth, moverGUID) {
		tm := float64(k) / 30
		x, _, z := globalXY(ev.Pos)
		maxZ = math.Max(maxZ, z)
		inAir := tm > 1+1e-9 && tm < 1+flight-1e-9
		if inAir != (z > 0) {
			t.Fatalf("tick %d (%.3f s): z = %.4f; the flight is 1 s to %.4f s", k, tm, z, 1+flight)
		}
		if wantX := 50 + fwd*math.Min(math.Max(tm-1, 0), flight); math.Abs(x-baseX-wantX) > 1e-3 {
			t.Fatalf("tick %d: x = %.4f, want %.4f", k, x-baseX, wantX)
		}
	}
	// The tick nearest the apex misses it by at most g/2 · (dt/2)².
	if maxZ > peak+1e-4 || maxZ < peak-g/2*(1.0/60)*(1.0/60)-1e-4 {
		t.Errorf("peak %.4f m, want v²/2g = %.4f m", maxZ, peak)
	}
	for _, ev := range ofKind(rec, recording.KindPosition, moverGUID) {
		_, _, z := globalXY(ev.Update.Pos)
		if ev.Update.Grounded != (z == 0) {
			t.Errorf("update at z %.3f has grounded = %v", z, ev.Update.Grounded)
		}
	}
}

// TestPath_LoopsLaps checks a looping path: every corner is reached, turning
// 90° in place at each, and after its laps the remote stops where it
// started.
func TestPath_LoopsLaps(t *testing.T) {
	rec := compileText(t, oneRemote(60, "", "      - path: [[60, 100], [60, 110], [50, 110], [50, 100]]\n        loop: true\n        laps: 2\n"))
	v := float64(anim.WalkAnimSpeed)
	// 8 sides of 10 m; 7 turns of 90° at 90°/s (none before the first side).
	total := 80/v + 7*90/humanoidTurnRate(t)
	motions := ofKind(rec, recording.KindMotion, moverGUID)
	last := motions[len(motions)-1]
	if last.Motion.Forward != recording.Ready || last.Motion.Turn != recording.NoTurn || math.Abs(last.T-total) > 1e-6 {
		t.Errorf("last motion %+v at %.6f s, want Ready at %.6f s", last.Motion, last.T, total)
	}
	turns := 0
	for _, m := range motions {
		if m.Motion.Turn != recording.NoTurn {
			turns++
		}
		if !m.Motion.MovingTo && (m.Motion.Forward == recording.WalkForward || m.Motion.Turn != recording.NoTurn) {
			t.Errorf("a path's walk or turn says moving_to false (seed 004 §6: the MoveTo goal is followed throughout)")
		}
	}
	if turns != 7 {
		t.Errorf("%d turns, want 7", turns)
	}
	truth := ofKind(rec, recording.KindTruth, moverGUID)
	x, y, _ := globalXY(truth[len(truth)-1].Pos)
	if x-baseX != 50 || y-baseY != 100 {
		t.Errorf("ends at (%v, %v), want the start (50, 100)", x-baseX, y-baseY)
	}
}

// TestStrafe_SidestepsAtSidestepSpeed checks strafe moves sideways at
// SidestepAnimSpeed × speed, keeping the heading.
func TestStrafe_SidestepsAtSidestepSpeed(t *testing.T) {
	rec := compileText(t, oneRemote(5, "", "      - {strafe: right, duration: 2, speed: 1.5}\n"))
	want := 2 * float64(anim.SidestepAnimSpeed) * 1.5
	truth := ofKind(rec, recording.KindTruth, moverGUID)
	x, y, _ := globalXY(truth[len(truth)-1].Pos)
	// Facing east (90°), right is south.
	if math.Abs(x-baseX-50) > 1e-4 || math.Abs(y-baseY-(100-want)) > 1e-4 {
		t.Errorf("ends at (%.4f, %.4f), want (50, %.4f)", x-baseX, y-baseY, 100-want)
	}
	if h := heading(truth[len(truth)-1].Pos); math.Abs(turnDelta(h, 90)) > 1e-3 {
		t.Errorf("heading %v, want 90", h)
	}
	m := ofKind(rec, recording.KindMotion, moverGUID)[0].Motion
	if m.Sidestep != recording.SideStepRight || m.SidestepSpeed != 1.5 {
		t.Errorf("motion %+v, want SideStepRight at 1.5", m)
	}
}

// TestTruth_FollowsTheTerrain checks a grounded remote's truth stands on the
// asset terrain at every tick.
func TestTruth_FollowsTheTerrain(t *testing.T) {
	rec := compileText(t, oneRemote(20, "terrain: {kind: asset, name: hills}", "      - walk_to: [5, 100]\n"))
	data, err := assets.Read(assets.TerrainDir, "hills")
	if err != nil {
		t.Fatal(err)
	}
	terrain, err := terrainjson.ParseTerrain("hills.json", data)
	if err != nil {
		t.Fatal(err)
	}
	climbed := false
	for k, ev := range ofKind(rec, recording.KindTruth, moverGUID) {
		p := ev.Pos
		want, _ := terrain.Height(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
		if p.Frame.Origin[2] != want {
			t.Fatalf("tick %d: z %v, terrain %v", k, p.Frame.Origin[2], want)
		}
		climbed = climbed || want > 4
	}
	if !climbed {
		t.Error("the walk never climbed the hill; the test does not test")
	}
}

// TestTruth_CrossesLandblocks checks the truth's cell follows the body across
// a landblock edge: origin back in [0, 192) and the landblock advanced.
func TestTruth_CrossesLandblocks(t *testing.T) {
	rec := compileText(t, oneRemote(30, "", "      - run_to: [230, 100]\n"))
	truth := ofKind(rec, recording.KindTruth, moverGUID)
	last := truth[len(truth)-1].Pos
	if last.Cell>>16 != 0xAAB4 || math.Abs(float64(last.Frame.Origin[0])-38) > 1e-4 {
		t.Errorf("ends in cell 0x%08X at x %v, want landblock 0xAAB4 at x 38", last.Cell, last.Frame.Origin[0])
	}
	for _, ev := range truth {
		if o := ev.Pos.Frame.Origin; o[0] < 0 || o[0] >= 192 {
			t.Fatalf("origin x %v outside the landblock", o[0])
		}
		if want := physics.OutdoorCellIndex(ev.Pos.Frame.Origin[0], ev.Pos.Frame.Origin[1]); ev.Pos.Cell&0xFFFF != want {
			t.Fatalf("cell 0x%08X, want cell index %d", ev.Pos.Cell, want)
		}
	}
}
