package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// randomFrame returns a frame with a random unit rotation and origin.
func randomFrame(r *rand.Rand) Frame {
	q := mgl32.Quat{W: r.Float32()*2 - 1, V: mgl32.Vec3{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}}.Normalize()
	return NewFrame(mgl32.Vec3{r.Float32()*200 - 100, r.Float32()*200 - 100, r.Float32()*20 - 10}, q)
}

// Seed 003 §8: Frame::cache is the standard quaternion-to-matrix formula;
// the matrix must rotate vectors exactly as the quaternion does.
func TestCache_MatchesQuaternionRotation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100; i++ {
		f := randomFrame(r)
		v := mgl32.Vec3{r.Float32()*4 - 2, r.Float32()*4 - 2, r.Float32()*4 - 2}
		if got, want := f.LocalToGlobalVec(v), f.Rot.Rotate(v); !nearVec(got, want, 1e-5) {
			t.Fatalf("frame %d: m·v = %v, q v q* = %v", i, got, want)
		}
	}
}

// Seed 003 §7: combine(a, b) puts b in a's local space:
// origin = a.o + a.m·b.o, rotation = a.q·b.q.
func TestCombine_PutsBInALocalSpace(t *testing.T) {
	a := NewFrame(mgl32.Vec3{10, 20, 0}, HeadingQuat(90)) // facing +X
	b := NewFrame(mgl32.Vec3{0, 2, 0}, HeadingQuat(90))   // 2 m forward, turn 90
	c := Combine(&a, &b)
	if want := (mgl32.Vec3{12, 20, 0}); !nearVec(c.Origin, want, 1e-5) {
		t.Errorf("origin = %v, want %v (forward is +X at heading 90)", c.Origin, want)
	}
	if h := c.Heading(); !near(h, 180, 1e-3) {
		t.Errorf("heading = %v, want 180", h)
	}
	if c.Matrix() != NewFrame(c.Origin, c.Rot).Matrix() {
		t.Error("combine did not cache the result's matrix")
	}
}

// Seed 002 §7: subtract1(a, b) = a ∘ b⁻¹ undoes combine in its second
// argument, and combine undoes subtract1.
func TestCombineSubtract1_RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200; i++ {
		a, b := randomFrame(r), randomFrame(r)
		c := Combine(&a, &b)
		back := Subtract1(&c, &b)
		if !nearVec(back.Origin, a.Origin, 1e-3) || !sameRotation(back.Rot, a.Rot, 1e-5) {
			t.Fatalf("case %d: subtract1(combine(a,b),b) = %v %v, want %v %v", i, back.Origin, back.Rot, a.Origin, a.Rot)
		}
		d := Subtract1(&a, &b)
		again := Combine(&d, &b)
		if !nearVec(again.Origin, a.Origin, 1e-3) || !sameRotation(again.Rot, a.Rot, 1e-5) {
			t.Fatalf("case %d: combine(subtract1(a,b),b) = %v, want %v", i, again.Origin, a.Origin)
		}
	}
}

// sameRotation compares quaternions up to sign (q and −q are one rotation).
func sameRotation(a, b mgl32.Quat, tol float32) bool {
	d := a.Dot(b)
	return near(float32(math.Abs(float64(d))), 1, tol)
}

// Seed 004 §9, recording-v1 "rotation": headings are degrees clockwise from
// north (+Y) seen from above, so 90 faces +X.
func TestHeading_ClockwiseFromNorth(t *testing.T) {
	cases := []struct {
		heading float32
		forward mgl32.Vec3
	}{
		{0, mgl32.Vec3{0, 1, 0}},
		{90, mgl32.Vec3{1, 0, 0}},
		{180, mgl32.Vec3{0, -1, 0}},
		{270, mgl32.Vec3{-1, 0, 0}},
		{45, mgl32.Vec3{float32(math.Sqrt2 / 2), float32(math.Sqrt2 / 2), 0}},
	}
	for _, c := range cases {
		f := NewFrame(mgl32.Vec3{}, HeadingQuat(c.heading))
		if got := f.LocalToGlobalVec(mgl32.Vec3{0, 1, 0}); !nearVec(got, c.forward, 1e-6) {
			t.Errorf("heading %v: forward = %v, want %v", c.heading, got, c.forward)
		}
		if got := f.Heading(); !near(got, c.heading, 1e-3) {
			t.Errorf("heading %v: Heading() = %v", c.heading, got)
		}
		if got := HeadingFromVector(c.forward); !near(got, c.heading, 1e-3) {
			t.Errorf("HeadingFromVector(%v) = %v, want %v", c.forward, got, c.heading)
		}
		g := IdentityFrame()
		g.SetHeading(c.heading)
		if !sameRotation(g.Rot, f.Rot, 1e-6) || g.Matrix() != f.Matrix() {
			t.Errorf("SetHeading(%v) = %v, want %v with its matrix cached", c.heading, g.Rot, f.Rot)
		}
	}
}

// A direction a hair west of north is just under 360° in float64 and rounds
// to 360 in float32; the heading range is [0, 360).
func TestHeadingFromVector_StaysBelow360(t *testing.T) {
	for _, v := range []mgl32.Vec3{{-1e-9, 1, 0}, {-1e-7, 1, 0}, {-1e-30, 1, 0}, {0, 0, 1}, {}} {
		if h := HeadingFromVector(v); h < 0 || h >= 360 {
			t.Errorf("HeadingFromVector(%v) = %v, outside [0, 360)", v, h)
		}
	}
}

// Seed 003 §8: every rotation change refreshes the cached matrix, because
// combine reads the matrix, not the quaternion.
func TestRotateAndGRotate_RefreshCache(t *testing.T) {
	step := NewFrame(mgl32.Vec3{0, 1, 0}, mgl32.QuatIdent())
	for _, rotate := range []struct {
		name string
		fn   func(*Frame, mgl32.Vec3)
	}{{"Rotate", (*Frame).Rotate}, {"GRotate", (*Frame).GRotate}} {
		f := IdentityFrame()
		rotate.fn(&f, mgl32.Vec3{0, 0, -math.Pi / 2}) // a quarter turn clockwise about +Z
		if f.Matrix() != NewFrame(f.Origin, f.Rot).Matrix() {
			t.Errorf("%s left a stale matrix", rotate.name)
		}
		if c := Combine(&f, &step); !nearVec(c.Origin, mgl32.Vec3{1, 0, 0}, 1e-6) {
			t.Errorf("%s: one step forward after a quarter turn clockwise = %v, want (1, 0, 0)", rotate.name, c.Origin)
		}
	}
}

// Seed 003 §4 row 5 / §3: grotate's axis is global, rotate's is the frame's
// own. For a frame pitched up, a yaw about global +Z and about local +Z
// differ.
func TestRotateIsLocal_GRotateIsGlobal(t *testing.T) {
	pitched := IdentityFrame()
	pitched.GRotate(mgl32.Vec3{math.Pi / 2, 0, 0}) // local +Y now points up (+Z)
	local, global := pitched, pitched
	local.Rotate(mgl32.Vec3{0, 0, math.Pi / 2})
	global.GRotate(mgl32.Vec3{0, 0, math.Pi / 2})
	fwd := mgl32.Vec3{0, 1, 0}
	// Rotating about local +Z (which is global −Y after the pitch) swings
	// the forward axis; rotating about global +Z leaves an upward axis up.
	if got := global.LocalToGlobalVec(fwd); !nearVec(got, mgl32.Vec3{0, 0, 1}, 1e-6) {
		t.Errorf("GRotate about +Z moved the vertical forward axis to %v", got)
	}
	if got := local.LocalToGlobalVec(fwd); nearVec(got, mgl32.Vec3{0, 0, 1}, 1e-3) {
		t.Errorf("Rotate about local +Z should move the forward axis, got %v", got)
	}
}

// Frame::IsValid and IsValidExceptForHeading (seed 003 §9).
func TestIsValid(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	cases := []struct {
		name          string
		f             Frame
		valid, origin bool
	}{
		{"identity", IdentityFrame(), true, true},
		{"unit", NewFrame(mgl32.Vec3{1, 2, 3}, HeadingQuat(33)), true, true},
		{"NaN quaternion", Frame{Rot: mgl32.Quat{W: nan}}, false, true},
		{"zero quaternion", Frame{}, false, true},
		{"not unit", Frame{Rot: mgl32.Quat{W: 1.1}}, false, true},
		{"infinite quaternion", Frame{Rot: mgl32.Quat{W: inf}}, false, true},
		{"NaN origin", Frame{Origin: mgl32.Vec3{nan, 0, 0}, Rot: mgl32.QuatIdent()}, false, false},
		{"infinite origin", Frame{Origin: mgl32.Vec3{0, 0, inf}, Rot: mgl32.QuatIdent()}, false, false},
	}
	for _, c := range cases {
		if got := c.f.IsValid(); got != c.valid {
			t.Errorf("%s: IsValid = %v, want %v", c.name, got, c.valid)
		}
		if got := c.f.IsValidExceptForHeading(); got != c.origin {
			t.Errorf("%s: IsValidExceptForHeading = %v, want %v", c.name, got, c.origin)
		}
	}
}

// Frame::localtoglobal and globaltolocal (points and vectors) invert each
// other.
func TestLocalGlobal_RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 50; i++ {
		f := randomFrame(r)
		p := mgl32.Vec3{r.Float32() * 10, r.Float32() * 10, r.Float32() * 10}
		if back := f.GlobalToLocal(f.LocalToGlobal(p)); !nearVec(back, p, 1e-3) {
			t.Fatalf("point round trip: %v -> %v", p, back)
		}
		if back := f.GlobalToLocalVec(f.LocalToGlobalVec(p)); !nearVec(back, p, 1e-4) {
			t.Fatalf("vector round trip: %v -> %v", p, back)
		}
	}
}

// set_vector_heading (seed 003 §1 row 7b1) faces a direction's heading and
// ignores a vertical or zero one.
func TestSetVectorHeading(t *testing.T) {
	f := IdentityFrame()
	f.SetVectorHeading(mgl32.Vec3{-3, 0, 1})
	if h := f.Heading(); !near(h, 270, 1e-3) {
		t.Errorf("heading = %v, want 270", h)
	}
	f.SetVectorHeading(mgl32.Vec3{0, 0, 5})
	if h := f.Heading(); !near(h, 270, 1e-3) {
		t.Errorf("a vertical direction changed the heading to %v", h)
	}
}

// Combine with an offset that does not rotate keeps a's rotation and cached
// matrix; the result equals the general product.
func TestCombine_UnrotatedOffsetMatchesProduct(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 100; i++ {
		a := randomFrame(r)
		b := NewFrame(mgl32.Vec3{r.Float32(), r.Float32(), r.Float32()}, mgl32.QuatIdent())
		c := Combine(&a, &b)
		full := NewFrame(c.Origin, a.Rot.Mul(b.Rot))
		cm, fm := c.Matrix(), full.Matrix()
		same := true
		for k := range cm {
			same = same && near(cm[k], fm[k], 1e-6)
		}
		if !sameRotation(c.Rot, full.Rot, 1e-6) || !same {
			t.Fatalf("case %d: %v %v, want %v %v", i, c.Rot, c.Matrix(), full.Rot, full.Matrix())
		}
	}
}
