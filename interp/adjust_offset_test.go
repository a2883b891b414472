// Tests of adjust_offset's early returns, catch-up speed, step and offset
// frame (seed 000 §4).

package interp

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seed 000 §4: the early returns leave the offset frame exactly as the caller
// built it and consume no window time.
func TestAdjustOffset_EarlyReturnsLeaveOffsetUnchanged(t *testing.T) {
	root := physics.NewFrame(mgl32.Vec3{0, 0.13, 0}, physics.HeadingQuat(3))
	cases := []struct {
		name  string
		setup func(pm *PositionManager, b *fakeBody)
	}{
		{"empty queue", func(pm *PositionManager, b *fakeBody) { pm.makeInterpolation() }},
		{"no contact (seed 000 §4 line 353080, READINGS item 9)", func(pm *PositionManager, b *fakeBody) {
			p := at(20, 10, 0)
			pm.InterpolateTo(&p, false)
			b.contact = false
		}},
		{"velocity node at the head", func(pm *PositionManager, b *fakeBody) {
			pm.makeInterpolation().appendVelocityNode(Node{Type: NodeVelocity, Position: at(20, 10, 0)})
		}},
		{"jump node at the head", func(pm *PositionManager, b *fakeBody) {
			pm.makeInterpolation().appendVelocityNode(Node{Type: NodeJump, Position: at(20, 10, 0)})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBody(at(10, 10, 0))
			pm, _ := newPM(b, ReadingSeed)
			c.setup(pm, b)
			off := root
			pm.AdjustOffset(&off, dt30)
			if off != root {
				t.Errorf("offset changed: %+v", off)
			}
			if fc := pm.InterpolationState().FrameCounter; fc != 0 {
				t.Errorf("frame counter %d, want 0", fc)
			}
		})
	}
	t.Run("no body", func(t *testing.T) {
		pm, err := NewPositionManager(nil, SeedReading())
		if err != nil {
			t.Fatal(err)
		}
		p := at(20, 10, 0)
		pm.InterpolateTo(&p, false)
		off := root
		pm.AdjustOffset(&off, dt30)
		pm.UseTime()
		if off != root {
			t.Errorf("offset changed: %+v", off)
		}
	})
}

// READINGS item 9, legacy: no contact gate, an airborne body still glides.
func TestAdjustOffset_LegacyHasNoContactGate(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.contact = false
	pm, _ := newPM(b, ReadingLegacy)
	p := at(20, 10, 0)
	pm.InterpolateTo(&p, false)
	off := tick(pm, b, dt30)
	if off.Origin.Len() == 0 {
		t.Error("legacy did not move an airborne body")
	}
}

// seed 000 §4 reach test and §5: a body within 0.05 m of the head completes
// it, and the next head's distance becomes the window baseline.
func TestAdjustOffset_ArrivalPopsHeadAndRebaselines(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	p1, p2 := at(10, 12, 0), at(10, 17, 0)
	pm.InterpolateTo(&p1, false)
	pm.InterpolateTo(&p2, false)
	pm.Interpolation().st.frameCounter = 3
	pm.Interpolation().st.progressQuantum = 0.1
	b.pos = at(10, 11.96, 0)

	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, dt30)

	st := pm.InterpolationState()
	if st.QueueLen != 1 {
		t.Fatalf("queue %d, want 1", st.QueueLen)
	}
	if want := b.pos.Distance(&p2); st.OriginalDistance != want {
		t.Errorf("original_distance %v, want the distance to the new head %v", st.OriginalDistance, want)
	}
	if st.FrameCounter != 0 || st.ProgressQuantum != 0 {
		t.Errorf("window not reset: frames %d quantum %v", st.FrameCounter, st.ProgressQuantum)
	}
	if off != physics.IdentityFrame() {
		t.Errorf("reach tick wrote an offset: %+v", off.Origin)
	}
	if e := rec.of(EventNodeComplete); len(e) != 1 || !e[0].Success {
		t.Errorf("node_complete events %+v, want one success", e)
	}
}

// seed 000 §4, READINGS item 10: catch-up = 2 × get_adjusted_max_speed, or
// get_max_speed with fUseAdjustedSpeed_ off, or 7.5 m/s below F_EPSILON or
// without a motion interpreter.
func TestAdjustOffset_CatchUpSpeed(t *testing.T) {
	cases := []struct {
		name     string
		minterp  *fakeMinterp
		adjusted bool
		want     float32
	}{
		{"2 × adjusted max speed", &fakeMinterp{adjusted: 4, max: 3}, true, 8},
		{"2 × max speed with the toggle off", &fakeMinterp{adjusted: 4, max: 3}, false, 6},
		{"no motion interpreter → 7.5", nil, true, 7.5},
		{"below F_EPSILON → 7.5", &fakeMinterp{adjusted: 0.00005}, true, 7.5},
		{"zero → 7.5", &fakeMinterp{}, true, 7.5},
		{"NaN → 7.5", &fakeMinterp{adjusted: float32(nan())}, true, 7.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := newBody(at(10, 10, 0))
			b.minterp = c.minterp
			pm, _ := newPM(b, ReadingSeed)
			p := at(10, 30, 0)
			pm.InterpolateTo(&p, false)
			pm.Interpolation().SetUseAdjustedSpeed(c.adjusted)
			off := physics.IdentityFrame()
			pm.AdjustOffset(&off, 0.1)
			want := float32(float64(c.want) * 0.1)
			if got := off.Origin.Len(); absf(got-want) > 1e-5 {
				t.Errorf("step %v, want %v (catch-up %v m/s)", got, want, c.want)
			}
		})
	}
}

// seed 000 §4 "No-overshoot scale": a step longer than the distance stops on
// the head, and the next tick completes it.
func TestAdjustOffset_NoOvershoot(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	p := at(10, 10.1, 0) // 0.1 m; a 7.5 m/s step at 1/30 s is 0.25 m
	pm.InterpolateTo(&p, false)
	off := tick(pm, b, dt30)
	if got := off.Origin.Len(); absf(got-0.1) > 1e-5 {
		t.Errorf("step %v, want 0.1 (the distance, not 0.25)", got)
	}
	if d := b.pos.Distance(&p); d > 1e-5 {
		t.Errorf("body %v m from the head after the step", d)
	}
	tick(pm, b, dt30)
	if pm.IsInterpolating() {
		t.Error("head not completed on the next tick")
	}
}

// seed 000 §4 / DESIGN.md Coordinates: the offset is in the body's local
// frame, so Frame::combine with a turned body still moves it toward the head.
func TestAdjustOffset_OffsetIsBodyLocal(t *testing.T) {
	b := newBody(at(10, 10, 90)) // facing east
	pm, _ := newPM(b, ReadingSeed)
	// Head due north, facing east too, so no turn enters the offset.
	p := at(10, 20, 90)
	pm.InterpolateTo(&p, false)
	off := tick(pm, b, dt30)
	// North is the body's local −X when it faces east.
	if want := (mgl32.Vec3{-0.25, 0, 0}); !vecNear(off.Origin, want, 1e-5) {
		t.Errorf("local offset %v, want %v", off.Origin, want)
	}
	if got := b.pos.Frame.Origin; !vecNear(got, mgl32.Vec3{10, 10.25, 0}, 1e-4) {
		t.Errorf("body at %v, want (10, 10.25, 0)", got)
	}
}

// seed 000 §4 "Heading override": the offset carries the turn to the head's
// heading, except with keep_heading, which zeroes the rotation.
func TestAdjustOffset_KeepHeadingZeroesRotation(t *testing.T) {
	for _, keep := range []bool{false, true} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		p1 := at(10, 20, 180)
		pm.InterpolateTo(&p1, false)
		if keep {
			// A later near enqueue with keep_heading sets the flag; the head
			// still faces 180.
			p2 := at(10, 30, 180)
			pm.InterpolateTo(&p2, true)
		}
		off := tick(pm, b, dt30)
		h := b.Heading()
		if keep {
			if off.Rot != mgl32.QuatIdent() || absf(h) > 0.01 {
				t.Errorf("keep_heading: offset rotation %v, body heading %.2f, want none and 0", off.Rot, h)
			}
		} else if absf(h-180) > 0.01 {
			t.Errorf("body heading %.2f, want the head's 180", h)
		}
	}
}

// seed 000 §4 "arg2 is MUTATED IN PLACE", READINGS item 7: seed overwrites
// the root motion; legacy adds the interpolation step to it.
func TestAdjustOffset_OverwritesOffsetFrame(t *testing.T) {
	root := mgl32.Vec3{0.3, 0, 0} // a strafe the animation produced
	for _, c := range []struct {
		reading string
		want    mgl32.Vec3
	}{
		{ReadingSeed, mgl32.Vec3{0, 0.25, 0}},
		{ReadingLegacy, mgl32.Vec3{0.3, 0.25, 0}},
	} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, c.reading)
		p := at(10, 20, 0)
		pm.InterpolateTo(&p, false)
		off := physics.NewFrame(root, mgl32.QuatIdent())
		pm.AdjustOffset(&off, dt30)
		if !vecNear(off.Origin, c.want, 1e-5) {
			t.Errorf("%s: offset %v, want %v", c.reading, off.Origin, c.want)
		}
	}
}

// Bad input: a NaN, infinite, zero or negative dt leaves everything
// unchanged.
func TestAdjustOffset_InvalidDtIsNoOp(t *testing.T) {
	for _, dt := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -0.1, 0} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		p := at(10, 20, 0)
		pm.InterpolateTo(&p, false)
		off := physics.IdentityFrame()
		pm.AdjustOffset(&off, dt)
		if off != physics.IdentityFrame() || pm.InterpolationState().FrameCounter != 0 || pm.Now() != 0 {
			t.Errorf("dt=%v changed state: offset %v frames %d", dt, off.Origin, pm.InterpolationState().FrameCounter)
		}
	}
}

// offsetDistance must agree bit for bit with Position::distance (seed 004 §7)
// as physics computes it, across landblocks too.
func TestOffsetDistanceMatchesPositionDistance(t *testing.T) {
	pairs := [][2]physics.Position{
		{at(10, 10, 0), at(13, 14, 0)},
		{at(191.9, 5, 0), at(200.3, 7.25, 0)},
		{at(-3.5, 100, 0), at(40.125, 90, 0)},
	}
	pairs[2][1].Frame.Origin[2] = 2.75
	for _, p := range pairs {
		o, d := offsetDistance(&p[0], &p[1])
		if want := p[0].Distance(&p[1]); d != want || o != p[0].Offset(&p[1]) {
			t.Errorf("%v → %v: %v, want %v", p[0].Frame.Origin, p[1].Frame.Origin, d, want)
		}
	}
}

// seed 000 §4 (subtract2) and acdream's
// AdjustOffset_CompleteFrame_ReplacesOriginAndNonCommutingOrientation: with a
// tilted body and a head turned about another axis, the offset is the step
// in the body's local frame and the rotation inverse(body)·head, so combine
// lands on the head's orientation.
func TestAdjustOffset_NonCommutingOrientation(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.pos.Frame = physics.NewFrame(b.pos.Frame.Origin, mgl32.QuatRotate(1.1, mgl32.Vec3{1, 0, 0}))
	pm, _ := newPM(b, ReadingSeed)
	head := at(20, 10, 0)
	head.Frame = physics.NewFrame(head.Frame.Origin, mgl32.QuatRotate(-0.9, mgl32.Vec3{0, 1, 0}))
	pm.InterpolateTo(&head, false)
	root := physics.NewFrame(mgl32.Vec3{7, 8, 9}, mgl32.QuatRotate(0.4, mgl32.Vec3{0, 0, 1}))
	off := root
	pm.AdjustOffset(&off, 0.1)

	if want := b.pos.Frame.GlobalToLocalVec(mgl32.Vec3{0.75, 0, 0}); !vecNear(off.Origin, want, 1e-5) {
		t.Errorf("local step %v, want %v", off.Origin, want)
	}
	after := physics.Combine(&b.pos.Frame, &off)
	if d := after.Rot.Dot(head.Frame.Rot); absf(absf(d)-1) > 1e-5 {
		t.Errorf("combined rotation %v, want the head's %v", after.Rot, head.Frame.Rot)
	}
	if !vecNear(after.Origin, mgl32.Vec3{10.75, 10, 0}, 1e-4) {
		t.Errorf("combined origin %v, want (10.75, 10, 0)", after.Origin)
	}
}

// seed 000 §2: StopInterpolating drains the queue and resets the window and
// the fail counter, with original_distance back at the sentinel.
func TestStopInterpolating_ResetsState(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	for i := 1; i <= 3; i++ {
		p := at(10, 10+float32(i), 0)
		pm.InterpolateTo(&p, false)
	}
	for range 7 {
		tick(pm, b, dt30)
	}
	pm.Interpolation().st.nodeFailCounter = 2
	pm.StopInterpolating()
	st := pm.InterpolationState()
	if st.QueueLen != 0 || st.FailCounter != 0 || st.FrameCounter != 0 || st.ProgressQuantum != 0 || st.OriginalDistance != LargeDistance {
		t.Errorf("after StopInterpolating: %+v", st)
	}
	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, dt30)
	if off != physics.IdentityFrame() {
		t.Error("a stopped manager wrote an offset")
	}
}

// globalToLocal is a literal transcription of Frame::globaltolocalvec as
// adjust_offset uses it: each local axis (a row of the transposed cached
// matrix) dotted with v, every product rounded to float32 before the sum.
func globalToLocal(f *physics.Frame, v mgl32.Vec3) mgl32.Vec3 {
	m := f.Matrix()
	return mgl32.Vec3{
		float32(m[0]*v[0]) + float32(m[1]*v[1]) + float32(m[2]*v[2]),
		float32(m[3]*v[0]) + float32(m[4]*v[1]) + float32(m[5]*v[2]),
		float32(m[6]*v[0]) + float32(m[7]*v[1]) + float32(m[8]*v[2]),
	}
}

// Frame::globaltolocalvec is the inverse rotation of the body's frame:
// physics' GlobalToLocalVec gives the transcription's bits exactly and
// undoes LocalToGlobalVec.
func TestGlobalToLocal(t *testing.T) {
	f := physics.NewFrame(mgl32.Vec3{1, 2, 3}, mgl32.QuatRotate(0.7, mgl32.Vec3{0.3, -0.5, 0.8}.Normalize()))
	for _, v := range []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0.25, -3, 7.5}} {
		got := globalToLocal(&f, v)
		if want := f.GlobalToLocalVec(v); got != want {
			t.Errorf("%v: %v, want %v", v, got, want)
		}
		if back := f.LocalToGlobalVec(got); !vecNear(back, v, 1e-5) {
			t.Errorf("%v: round trip %v", v, back)
		}
	}
}

// finite, finiteVec and finitePosition give math.IsNaN/IsInf's answer for
// every combination of finite values, ±0, NaN and ±Inf.
func TestFiniteChecks_SameAsIsNaNIsInf(t *testing.T) {
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -2.5, math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))}
	fin := func(v float32) bool { return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) }
	for _, a := range vals {
		if finite(a) != fin(a) {
			t.Fatalf("finite(%v) = %v", a, finite(a))
		}
		for _, b := range vals {
			for _, c := range vals {
				v := mgl32.Vec3{a, b, c}
				if got, want := finiteVec(v), fin(a) && fin(b) && fin(c); got != want {
					t.Fatalf("finiteVec(%v) = %v, want %v", v, got, want)
				}
				for _, w := range vals {
					p := physics.Position{Frame: physics.Frame{Origin: mgl32.Vec3{1, 2, 3}, Rot: mgl32.Quat{W: w, V: v}}}
					if got, want := finitePosition(&p), fin(w) && fin(a) && fin(b) && fin(c); got != want {
						t.Fatalf("finitePosition(rot %v) = %v, want %v", p.Frame.Rot, got, want)
					}
					p = physics.Position{Frame: physics.Frame{Origin: v, Rot: mgl32.Quat{W: w, V: mgl32.Vec3{0, 0, 1}}}}
					if got, want := finitePosition(&p), fin(w) && fin(a) && fin(b) && fin(c); got != want {
						t.Fatalf("finitePosition(origin %v, w %v) = %v, want %v", v, w, got, want)
					}
				}
			}
		}
	}
}
