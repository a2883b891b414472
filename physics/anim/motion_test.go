// Tests of add_motion, combine_motion, subtract_motion and the list
// operations around them (seed 002 §5, §6).

package anim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

func testMotion(t *testing.T, v, w mgl32.Vec3, anims ...AnimData) *MotionData {
	t.Helper()
	return &MotionData{Velocity: v, Omega: w, Anims: anims}
}

// seed 002 §5: add_motion assigns velocity and omega (set_velocity /
// set_omega clobber what was there) while combine_motion adds and
// subtract_motion subtracts; each scales by speed.
func TestMotion_AddClobbersCombineAddsSubtractSubtracts(t *testing.T) {
	a := mkAnim(t, "a", 4)
	walk := testMotion(t, mgl32.Vec3{0, 3, 0}, mgl32.Vec3{}, AnimData{Anim: a, Framerate: 30, HighFrame: -1})
	turn := testMotion(t, mgl32.Vec3{}, mgl32.Vec3{0, 0, -1.5})
	side := testMotion(t, mgl32.Vec3{1.25, 0, 0}, mgl32.Vec3{})

	var s Sequence
	s.SetVelocity(mgl32.Vec3{9, 9, 9})
	s.SetOmega(mgl32.Vec3{7, 7, 7})
	steps := []struct {
		name  string
		do    func()
		wantV mgl32.Vec3
		wantW mgl32.Vec3
	}{
		{"add_motion clobbers", func() { AddMotion(&s, walk, 2) }, mgl32.Vec3{0, 6, 0}, mgl32.Vec3{}},
		{"combine_motion adds omega", func() { CombineMotion(&s, turn, 1) }, mgl32.Vec3{0, 6, 0}, mgl32.Vec3{0, 0, -1.5}},
		{"combine_motion adds velocity", func() { CombineMotion(&s, side, 2) }, mgl32.Vec3{2.5, 6, 0}, mgl32.Vec3{0, 0, -1.5}},
		{"subtract_motion removes", func() { SubtractMotion(&s, side, 2) }, mgl32.Vec3{0, 6, 0}, mgl32.Vec3{0, 0, -1.5}},
		{"add_motion clobbers the combined omega", func() { AddMotion(&s, walk, 1) }, mgl32.Vec3{0, 3, 0}, mgl32.Vec3{}},
		{"nil motion data does nothing", func() { AddMotion(&s, nil, 5); CombineMotion(&s, nil, 5); SubtractMotion(&s, nil, 5) }, mgl32.Vec3{0, 3, 0}, mgl32.Vec3{}},
	}
	for _, st := range steps {
		st.do()
		if s.Velocity() != st.wantV || s.Omega() != st.wantW {
			t.Errorf("%s: velocity %v omega %v, want %v %v", st.name, s.Velocity(), s.Omega(), st.wantV, st.wantW)
		}
	}
	// Only add_motion appends animations: two add_motion calls, one node each.
	if s.NumNodes() != 2 {
		t.Errorf("%d nodes, want 2 (combine/subtract append nothing)", s.NumNodes())
	}
}

// seed 002 §5, §6: add_motion appends each animation with its framerate
// multiplied by the speed (operator*(AnimData, float)); a negative speed
// gives a negative framerate, i.e. reverse play from high_frame+1, and a
// negated velocity.
func TestAddMotion_ScalesFramerateNegativeSpeedPlaysReverse(t *testing.T) {
	a := mkAnim(t, "a", 8)
	md := testMotion(t, mgl32.Vec3{0, 4, 0}, mgl32.Vec3{}, AnimData{Anim: a, Framerate: 30, LowFrame: 1, HighFrame: 6})
	tests := []struct {
		speed         float32
		wantFramerate float32
		wantStart     float64
		wantY         float32
	}{
		{1.5, 45, 1, 6},
		{1, 30, 1, 4},
		{-0.5, -15, 7, -2},
	}
	for _, tc := range tests {
		var s Sequence
		AddMotion(&s, md, tc.speed)
		n := s.Node(0)
		if n.Framerate != tc.wantFramerate || n.LowFrame != 1 || n.HighFrame != 6 {
			t.Errorf("speed %v: node %+v, want framerate %v range [1,6]", tc.speed, n, tc.wantFramerate)
		}
		if s.FrameNumber() != tc.wantStart {
			t.Errorf("speed %v: cursor starts at %v, want %v", tc.speed, s.FrameNumber(), tc.wantStart)
		}
		f := physics.IdentityFrame()
		s.Update(1.0/30, &f)
		dir := s.FrameNumber() - tc.wantStart
		if (tc.speed < 0) != (dir < 0) {
			t.Errorf("speed %v: cursor moved by %v", tc.speed, dir)
		}
		if s.Velocity()[1] != tc.wantY {
			t.Errorf("speed %v: velocity %v", tc.speed, s.Velocity())
		}
	}
}

// seed 002 §6: multiply_cyclic_animation_fr scales first_cyclic and the
// nodes after it, not the links before it.
func TestMultiplyCyclicAnimationFramerate_OnlyCyclicNodes(t *testing.T) {
	var s Sequence
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "link", 4), Framerate: 30, HighFrame: -1})
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle", 4), Framerate: 30, HighFrame: -1})
	s.MultiplyCyclicAnimationFramerate(0.5)
	if s.Node(0).Framerate != 30 || s.Node(1).Framerate != 15 {
		t.Errorf("framerates %v, %v; want 30 (link), 15 (cycle)", s.Node(0).Framerate, s.Node(1).Framerate)
	}
}

// remove_cyclic_anims (ACE Sequence.cs): dropping the cycle while it plays
// moves the cursor to the end of the link before it; with no link the list
// empties and the next append starts fresh.
func TestRemoveCyclicAnims_MovesCursorToPreviousNode(t *testing.T) {
	var s Sequence
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "link", 4), Framerate: 10, HighFrame: -1})
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle", 4), Framerate: 10, HighFrame: -1})
	s.Update(0.5, nil) // link done, cursor in the cycle; apricot drops the link
	if s.NumNodes() != 1 {
		t.Fatalf("%d nodes after the link drained", s.NumNodes())
	}
	s.RemoveCyclicAnims()
	if s.HasAnims() || s.CurrentIndex() != -1 {
		t.Fatalf("after removing the only cycle: %d nodes, curr %d", s.NumNodes(), s.CurrentIndex())
	}
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "link2", 4), Framerate: 10, HighFrame: -1})
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle2", 4), Framerate: -10, HighFrame: -1})
	s.Update(0.5, nil) // into cycle2 (reverse), link2 dropped
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle3", 4), Framerate: 10, HighFrame: -1})
	// cycle2 is now a link before cycle3; removing the cyclic tail keeps it.
	s.RemoveCyclicAnims()
	if s.NumNodes() != 1 || s.CurrentIndex() != 0 || s.Node(0).Anim.Name() != "cycle2" {
		t.Fatalf("nodes %d curr %d", s.NumNodes(), s.CurrentIndex())
	}
}

// change_cycle_speed (ACE MotionTable.cs): retiming multiplies the cyclic
// framerates by new/old; from zero to zero it freezes them.
func TestChangeCycleSpeed(t *testing.T) {
	var s Sequence
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 4), Framerate: 30, HighFrame: -1})
	changeCycleSpeed(&s, 1, 1.5)
	if s.Node(0).Framerate != 45 {
		t.Errorf("framerate %v, want 45", s.Node(0).Framerate)
	}
	changeCycleSpeed(&s, 0, 0)
	if s.Node(0).Framerate != 0 {
		t.Errorf("framerate %v, want 0", s.Node(0).Framerate)
	}
}
