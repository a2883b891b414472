// The hand-expanded frame arithmetic the tick uses (combine, quaternion
// product, global-to-local, the memos) gives exactly the bits of the
// straightforward mathgl expressions it replaces (DESIGN.md
// "Faithfulness": speed never changes a bit of output).

package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func randQuat(r *rand.Rand) mgl32.Quat {
	q := mgl32.Quat{W: r.Float32()*2 - 1, V: mgl32.Vec3{r.Float32()*2 - 1, r.Float32()*2 - 1, r.Float32()*2 - 1}}
	if r.IntN(4) == 0 { // yaw only, as most remotes' rotations are
		q.V[0], q.V[1] = 0, 0
	}
	return q.Normalize()
}

func randVec(r *rand.Rand) mgl32.Vec3 {
	return mgl32.Vec3{r.Float32()*400 - 200, r.Float32()*400 - 200, r.Float32()*20 - 10}
}

func sameBits(a, b []float32) bool {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

func TestFrameArithmetic_SameBitsAsMathgl(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var cmemo CacheMemo
	for i := 0; i < 20000; i++ {
		a := NewFrame(randVec(r), randQuat(r))
		b := NewFrame(randVec(r), randQuat(r))
		switch i % 3 {
		case 0:
			b.Rot, b.m = a.Rot, a.m // repeated rotations, for the memos
		case 1:
			b.Rot, b.m = identityFrame.Rot, identityFrame.m // a translation-only offset
		}

		q, want := mulQuat(&a.Rot, &b.Rot), a.Rot.Mul(b.Rot)
		if !sameBits([]float32{q.W, q.V[0], q.V[1], q.V[2]}, []float32{want.W, want.V[0], want.V[1], want.V[2]}) {
			t.Fatalf("mulQuat(%v, %v) = %v, mathgl %v", a.Rot, b.Rot, q, want)
		}

		wantC := Frame{Origin: a.Origin.Add(a.m.Mul3x1(b.Origin)), Rot: a.Rot.Mul(b.Rot)}
		wantC.Cache()
		if b.Rot == identityFrame.Rot {
			wantC.Rot, wantC.m = a.Rot, a.m
		}
		var got Frame
		combineInto(&got, &a, &b)
		if !sameBits(append(got.Origin[:], got.m[:]...), append(wantC.Origin[:], wantC.m[:]...)) || got.Rot != wantC.Rot {
			t.Fatalf("combine: %+v, want %+v", got, wantC)
		}

		v := randVec(r)
		g, w := a.GlobalToLocalVec(v), a.m.Transpose().Mul3x1(v)
		if !sameBits(g[:], w[:]) {
			t.Fatalf("GlobalToLocalVec(%v) = %v, mathgl %v", v, g, w)
		}

		f := NewFrameMemo(v, a.Rot, &cmemo)
		if nf := NewFrame(v, a.Rot); f != nf {
			t.Fatalf("NewFrameMemo: %+v, want %+v", f, nf)
		}

		w3 := mgl32.Vec3{0, 0, r.Float32() - 0.5}
		rot, rotM := a, a
		var rmemo RotateMemo
		rot.Rotate(w3)
		rotM.RotateMemo(w3, &rmemo)
		again := a
		again.RotateMemo(w3, &rmemo)
		if rot != rotM || rot != again {
			t.Fatalf("RotateMemo: %+v and %+v, want %+v", rotM, again, rot)
		}
	}
}
