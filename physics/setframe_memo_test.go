package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
)

// setFrameRef is set_frame as seed 003 §9 has it, with no memo.
func setFrameRef(pos *Frame, f *Frame) {
	if f.IsValid() || !f.IsValidExceptForHeading() {
		*pos = *f
		return
	}
	*pos = Frame{Origin: f.Origin, Rot: mgl32.QuatIdent()}
	pos.Cache()
}

// The memo of set_frame's rotation test never changes a commit: a stream
// of frames that repeats rotations (hits), alternates them (misses), and
// mixes unit, drifted, zero, NaN and infinite rotations and origins
// commits the same bits as set_frame without the memo.
func TestSetFrame_RotationMemo(t *testing.T) {
	goroutines.NoneStarted(t)
	rng := rand.New(rand.NewPCG(9, 19))
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	rots := []mgl32.Quat{
		mgl32.QuatIdent(), HeadingQuat(90), HeadingQuat(271.5),
		{W: 1.0004}, {W: 0.9996}, {W: 1.01}, {}, {W: nan}, {W: inf},
		{W: 0.7071068, V: mgl32.Vec3{0, 0, -0.7071068}}, {W: -1}, {W: 1, V: mgl32.Vec3{float32(math.Copysign(0, -1)), 0, 0}},
	}
	origins := []mgl32.Vec3{{1, 2, 3}, {0, 0, 0}, {nan, 0, 0}, {0, inf, 0}}
	o := NewObject()
	var ref Frame
	for i := range 200_000 {
		var q mgl32.Quat
		if rng.IntN(4) == 0 {
			q = mgl32.Quat{W: rng.Float32()*2 - 1, V: mgl32.Vec3{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}}
		} else {
			q = rots[rng.IntN(len(rots))]
		}
		f := Frame{Origin: origins[rng.IntN(len(origins))], Rot: q}
		f.Cache()
		o.setFrame(&f)
		setFrameRef(&ref, &f)
		if frameBits(o.pos.Frame) != frameBits(ref) {
			t.Fatalf("%d: set_frame(%v) committed %v, want %v", i, f, o.pos.Frame, ref)
		}
	}
}

func frameBits(f Frame) [16]uint32 {
	var b [16]uint32
	vs := []float32{f.Origin[0], f.Origin[1], f.Origin[2], f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2]}
	vs = append(vs, f.m[:]...)
	for i, v := range vs {
		b[i] = math.Float32bits(v)
	}
	return b
}
