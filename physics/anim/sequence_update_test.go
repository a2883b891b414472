// Tests of CSequence::update and the per-keyframe loop of update_internal:
// velocity per crossed frame, reverse play, pos_frames, hooks, apply_physics
// (seed 002 §2, §3, §4, §9).

package anim

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seed 002 §2: with no animation queued, update calls apply_physics with
// the whole dt (velocity·dt onto the origin, omega·dt as a local rotation).
func TestUpdate_NoAnimationsAppliesWholeDt(t *testing.T) {
	var s Sequence
	s.SetVelocity(mgl32.Vec3{1, 2, 0})
	s.SetOmega(mgl32.Vec3{0, 0, 1})
	f := physics.IdentityFrame()
	s.Update(0.5, &f)
	if !vecNear(f.Origin, mgl32.Vec3{0.5, 1, 0}, 1e-6) {
		t.Errorf("origin = %v, want (0.5, 1, 0)", f.Origin)
	}
	want := mgl32.QuatRotate(0.5, mgl32.Vec3{0, 0, 1})
	if !quatNear(f.Rot, want, 1e-6) {
		t.Errorf("rot = %v, want %v", f.Rot, want)
	}
	s.Update(0.5, nil) // no offset frame: nothing to write, no panic
}

// seed 002 §4: apply_physics takes its magnitude from the frame duration and
// its sign from the outer dt.
func TestApplyPhysics_MagnitudeFromFrameDtSignFromDt(t *testing.T) {
	tests := []struct {
		frameDt, sign, wantY float64
	}{
		{0.1, 1, 0.4},
		{-0.1, 1, 0.4},
		{0.1, -1, -0.4},
		{-0.1, -0.001, -0.4},
	}
	for _, tc := range tests {
		var s Sequence
		s.SetVelocity(mgl32.Vec3{0, 4, 0})
		f := physics.IdentityFrame()
		s.applyPhysics(&f, tc.frameDt, tc.sign)
		if !near(float64(f.Origin[1]), tc.wantY, 1e-6) {
			t.Errorf("apply_physics(%v, %v): y = %v, want %v", tc.frameDt, tc.sign, f.Origin[1], tc.wantY)
		}
	}
}

// seed 002 §3, §9: forward play applies velocity × (1/framerate) once per
// crossed integer frame, not velocity × dt, and over a whole cycle that sums
// to velocity × cycle duration. Hooks fire for each crossed frame, in play
// order, with direction −1.
func TestUpdateInternal_ForwardAppliesVelocityPerCrossedFrame(t *testing.T) {
	tests := []struct {
		name      string
		framerate float32
		frames    int
		dt        float64
		ticks     int
	}{
		{"one frame per tick", 8, 10, 0.125, 20},
		{"half a frame per tick", 8, 10, 0.0625, 45},
		{"three frames per tick", 8, 10, 0.375, 9},
		{"several cycles per tick", 4, 3, 2.0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := mgl32.Vec3{0.5, 4, 0}
			var s Sequence
			rec := &recorder{}
			s.SetHookTarget(rec)
			s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle", tc.frames), Framerate: tc.framerate, HighFrame: -1})
			s.SetVelocity(v)
			f := physics.IdentityFrame()
			elapsed := 0.0
			crossed := 0
			for range tc.ticks {
				before := f.Origin
				s.Update(tc.dt, &f)
				elapsed += tc.dt
				// Frames crossed so far: every whole frame of elapsed time
				// (the values are exact in binary).
				total := int(math.Floor(elapsed * float64(tc.framerate)))
				n := total - crossed
				crossed = total
				want := before.Add(v.Mul(float32(n) / tc.framerate))
				if !vecNear(f.Origin, want, 1e-4) {
					t.Fatalf("t=%v: origin %v, want %v (%d frames crossed)", elapsed, f.Origin, want, n)
				}
			}
			got := rec.frames(HookForwardPlay)
			if len(got) != crossed {
				t.Fatalf("%d hooks for %d crossed frames", len(got), crossed)
			}
			for i, fr := range got {
				if fr != i%tc.frames {
					t.Fatalf("hook %d is frame %d, want %d (play order)", i, fr, i%tc.frames)
				}
			}
			if rec.doneCount() != 0 || len(rec.frames(HookReversePlay)) != 0 {
				t.Fatalf("unexpected events %v", rec.events)
			}
		})
	}
}

// seed 002 §9: the velocity contribution over exactly one cycle is
// velocity × cycle duration, (high−low+1)/framerate.
func TestUpdateInternal_CycleSumIsVelocityTimesDuration(t *testing.T) {
	for _, tc := range []struct {
		framerate float32
		low, high int32
	}{{30, 0, 23}, {30, 4, 11}, {-30, 0, 23}, {12.5, 0, 9}} {
		var s Sequence
		s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 24), Framerate: tc.framerate, LowFrame: tc.low, HighFrame: tc.high})
		v := mgl32.Vec3{0, 4, 0}
		s.SetVelocity(v)
		duration := float64(tc.high-tc.low+1) / math.Abs(float64(tc.framerate))
		f := physics.IdentityFrame()
		// Play the cycle in 1/30 s ticks and finish on its last boundary.
		const dt = 1.0 / 30
		n := int(math.Floor(duration / dt))
		for range n {
			s.Update(dt, &f)
		}
		s.Update(duration-float64(n)*dt, &f)
		want := v.Mul(float32(duration))
		if !vecNear(f.Origin, want, 1e-4) {
			t.Errorf("framerate %v frames [%d,%d]: cycle sum %v, want %v", tc.framerate, tc.low, tc.high, f.Origin, want)
		}
	}
}

// seed 002 §3, §6: a negative framerate plays in reverse — the cursor starts
// at high_frame+1, walks down, frames are crossed in descending order with
// hook direction +1, and apply_physics keeps the sign of dt (positive), so
// the stored velocity (already carrying the speed's sign) is integrated.
func TestUpdateInternal_ReversePlayWithNegativeFramerate(t *testing.T) {
	var s Sequence
	rec := &recorder{}
	s.SetHookTarget(rec)
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 6), Framerate: -8, HighFrame: -1})
	if s.FrameNumber() != 6 {
		t.Fatalf("reverse node starts at %v, want high_frame+1 = 6", s.FrameNumber())
	}
	v := mgl32.Vec3{0, -2, 0}
	s.SetVelocity(v)
	f := physics.IdentityFrame()
	for i := range 9 {
		s.Update(0.125, &f)
		want := v.Mul(float32(i+1) / 8)
		if !vecNear(f.Origin, want, 1e-5) {
			t.Fatalf("tick %d: origin %v, want %v", i, f.Origin, want)
		}
	}
	wantFrames := []int{5, 4, 3, 2, 1, 0, 5, 4, 3}
	if got := rec.frames(HookReversePlay); !slices.Equal(got, wantFrames) {
		t.Errorf("reverse hooks %v, want %v", got, wantFrames)
	}
	if len(rec.frames(HookForwardPlay)) != 0 {
		t.Errorf("forward hooks during reverse play: %v", rec.events)
	}
	if s.FrameNumber() != 3 {
		t.Errorf("cursor %v, want 3", s.FrameNumber())
	}
}

// seed 002 §3, §7: going forward the leaving frame's pos_frame is
// subtract1'd from the offset; going backward it is combined.
func TestUpdateInternal_PosFramesSubtractedForwardCombinedBackward(t *testing.T) {
	step := mgl32.Vec3{0, 1, 0}
	tests := []struct {
		name      string
		rule      PosFrameRule
		framerate float32
		dt        float64
		want      mgl32.Vec3
	}{
		{"forward subtracts", SubtractLeavingForward, 8, 0.125, mgl32.Vec3{0, -3, 0}},
		{"backward combines", SubtractLeavingForward, -8, 0.125, mgl32.Vec3{0, 3, 0}},
		// The ACE reading (docs/readings.md item 13) is the mirror image.
		{"ace: forward combines", CombineLeavingForward, 8, 0.125, mgl32.Vec3{0, 3, 0}},
		{"ace: backward subtracts", CombineLeavingForward, -8, 0.125, mgl32.Vec3{0, -3, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Sequence
			s.SetPosFrameRule(tc.rule)
			s.AppendAnimation(AnimData{Anim: mkPosAnim(t, "p", 10, step), Framerate: tc.framerate, HighFrame: -1})
			f := physics.IdentityFrame()
			for range 3 {
				s.Update(tc.dt, &f)
			}
			if !vecNear(f.Origin, tc.want, 1e-6) {
				t.Errorf("origin %v, want %v", f.Origin, tc.want)
			}
		})
	}
}

// seed 002 §3, §7: pos_frames with a rotation go through Frame::subtract1
// forward, the inverse of the Frame::combine they get backward.
func TestUpdateInternal_RotatingPosFramesUseSubtract1(t *testing.T) {
	q := mgl32.QuatRotate(0.25, mgl32.Vec3{0, 0, 1})
	pf := physics.NewFrame(mgl32.Vec3{0, 1, 0}, q)
	a, err := NewAnimation("r", 4, []physics.Frame{pf, pf, pf, pf})
	if err != nil {
		t.Fatal(err)
	}
	var s Sequence
	s.AppendAnimation(AnimData{Anim: a, Framerate: 8, HighFrame: -1})
	f := physics.IdentityFrame()
	s.Update(0.25, &f) // crosses frames 0 and 1
	want := physics.IdentityFrame()
	want = physics.Subtract1(&want, &pf)
	want = physics.Subtract1(&want, &pf)
	if !vecNear(f.Origin, want.Origin, 1e-6) || !quatNear(f.Rot, want.Rot, 1e-6) {
		t.Errorf("offset %v %v, want %v %v", f.Origin, f.Rot, want.Origin, want.Rot)
	}
}

// seed 002 §3: a node whose framerate is zero does not move its cursor and
// crosses no frame, so it adds no root motion.
func TestUpdateInternal_ZeroFramerateAddsNothing(t *testing.T) {
	var s Sequence
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 10), Framerate: 0, HighFrame: -1})
	s.SetVelocity(mgl32.Vec3{0, 4, 0})
	f := physics.IdentityFrame()
	for range 10 {
		s.Update(1.0/30, &f)
	}
	if f.Origin != (mgl32.Vec3{}) || s.FrameNumber() != 0 {
		t.Errorf("origin %v cursor %v", f.Origin, s.FrameNumber())
	}
}

// seed 002 §3, §4: a negative dt runs the reverse branch on a forward node:
// frames are crossed downwards with direction +1 and apply_physics takes the
// negative sign, so a step forward and the same step back cancel.
func TestUpdate_StepForwardThenBackCancels(t *testing.T) {
	tests := []struct {
		name  string
		anim  func(t *testing.T) *Animation
		omega mgl32.Vec3
	}{
		{"velocity and omega", func(t *testing.T) *Animation { return mkAnim(t, "c", 10) }, mgl32.Vec3{0, 0, 1.5}},
		{"velocity and pos_frames", func(t *testing.T) *Animation { return mkPosAnim(t, "p", 10, mgl32.Vec3{0.1, 0.2, 0}) }, mgl32.Vec3{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Sequence
			rec := &recorder{}
			s.SetHookTarget(rec)
			s.AppendAnimation(AnimData{Anim: tc.anim(t), Framerate: 10, HighFrame: -1})
			s.SetVelocity(mgl32.Vec3{0, 3, 0})
			s.SetOmega(tc.omega)
			f := physics.IdentityFrame()
			s.Update(0.15, &f) // to frame 1.5
			s.Update(0.47, &f) // to frame 6.2
			if f.Origin == (mgl32.Vec3{}) {
				t.Fatal("forward step did not move the offset")
			}
			s.Update(-0.47, &f)
			s.Update(-0.15, &f)
			id := physics.IdentityFrame()
			if !vecNear(f.Origin, id.Origin, 1e-5) || !quatNear(f.Rot, id.Rot, 1e-6) {
				t.Errorf("after back-step: %v %v", f.Origin, f.Rot)
			}
			if got, want := rec.frames(HookReversePlay), []int{5, 4, 3, 2, 1, 0}; !slices.Equal(got, want) {
				t.Errorf("reverse hooks %v, want %v", got, want)
			}
		})
	}
}

// Glidepath guard (not retail): a non-finite dt changes nothing, and a huge
// dt returns after a bounded number of node advances with the cursor inside
// the node.
func TestUpdate_BadDtIsBounded(t *testing.T) {
	for _, dt := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e12, -1e12} {
		var s Sequence
		s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 10), Framerate: 30, HighFrame: -1})
		s.SetVelocity(mgl32.Vec3{0, 1, 0})
		f := physics.IdentityFrame()
		s.Update(dt, &f)
		if fn := s.FrameNumber(); fn < 0 || fn > 10 || !f.IsValid() {
			t.Errorf("dt %v: cursor %v frame valid %v", dt, fn, f.IsValid())
		}
	}
}
