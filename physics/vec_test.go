package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
)

// vecSample is a float32 drawn from ordinary values and from the edges:
// signed zeros, denormals, the largest finite, infinities and NaN.
func vecSample(rng *rand.Rand) float32 {
	switch rng.IntN(8) {
	case 0:
		edges := []float32{0, float32(math.Copysign(0, -1)), 1e-45, -1e-45, math.MaxFloat32, -math.MaxFloat32,
			float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1, -1}
		return edges[rng.IntN(len(edges))]
	case 1:
		return math.Float32frombits(rng.Uint32())
	default:
		return (rng.Float32() - 0.5) * 400
	}
}

// same32 compares bits, except that any NaN matches any NaN: which
// operand's payload a NaN result carries depends on the order the compiler
// puts the operands of a commutative operation in, for mgl32's code as for
// vec's, and nothing reads a payload.
func same32(a, b float32) bool {
	if a != a || b != b {
		return a != a && b != b
	}
	return math.Float32bits(a) == math.Float32bits(b)
}

func sameVec(a vec, b mgl32.Vec3) bool {
	return same32(a.x, b[0]) && same32(a.y, b[1]) && same32(a.z, b[2])
}

// Every vec method gives the bits of the mgl32 method it stands for (a NaN
// for a NaN), over
// ordinary values, random bit patterns and every special value.
func TestVec_SameAsMgl32(t *testing.T) {
	goroutines.NoneStarted(t)
	rng := rand.New(rand.NewPCG(3, 19))
	for i := range 1_000_000 {
		a := mgl32.Vec3{vecSample(rng), vecSample(rng), vecSample(rng)}
		b := mgl32.Vec3{vecSample(rng), vecSample(rng), vecSample(rng)}
		c := vecSample(rng)
		va, vb := vecOf(&a), vecOf(&b)
		if va.v3() != a && a == a {
			t.Fatalf("%d: v3 of vecOf(%v) = %v", i, a, va.v3())
		}
		if !sameVec(va.add(vb), a.Add(b)) || !sameVec(va.sub(vb), a.Sub(b)) || !sameVec(va.mul(c), a.Mul(c)) {
			t.Fatalf("%d: add/sub/mul of %v, %v, %v differ", i, a, b, c)
		}
		if !same32(va.dot(vb), a.Dot(b)) {
			t.Fatalf("%d: dot(%v, %v) = %v, mgl32 %v", i, a, b, va.dot(vb), a.Dot(b))
		}
		if !same32(va.len(), a.Len()) {
			t.Fatalf("%d: len(%v) = %v, mgl32 %v", i, a, va.len(), a.Len())
		}
		if va.finite() != finiteVec(a) {
			t.Fatalf("%d: finite(%v) = %v", i, a, va.finite())
		}
	}
}

// scaleOrigin's skip of a +0 origin never changes a bit: over every
// combination of signed zeros, NaN, infinities, denormals and ordinary
// values in the origin and the scale, it gives what Vec3.Mul gives.
func TestScaleOrigin_SameAsMul(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	vals := []float32{0, negZero, 1e-45, -1e-45, 1, -1, 0.5, 3.25, math.MaxFloat32,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for _, x := range vals {
		for _, y := range vals {
			for _, z := range vals {
				for _, sc := range vals {
					l := mgl32.Vec3{x, y, z}
					want := l.Mul(sc)
					scaleOrigin(&l, sc)
					for i := range 3 {
						if math.Float32bits(l[i]) != math.Float32bits(want[i]) && !(l[i] != l[i] && want[i] != want[i]) {
							t.Fatalf("scaleOrigin(%v, %v) = %v, Mul gives %v", mgl32.Vec3{x, y, z}, sc, l, want)
						}
					}
				}
			}
		}
	}
}
