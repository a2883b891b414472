// The branch-free validity and identity tests of the tick give exactly the
// answers of the per-component checks they replace (retail Frame::IsValid,
// Go's == on float32), over every combination of the values that can make
// them differ: zeros of both signs, NaN, infinities, denormals, the edges of
// the unit-length tolerance and ordinary numbers.

package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
)

// specialFloats are the float32 values that decide a finiteness or ±0 test.
var specialFloats = []float32{
	0, float32(math.Copysign(0, -1)), 1, -1, 0.5, -0.5,
	float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
	math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
	math.MaxFloat32, -math.MaxFloat32, 1e-20, 1e20,
	float32(math.Sqrt(1 - quatUnitTolerance)), float32(math.Sqrt(1 + quatUnitTolerance)),
	math.Nextafter32(1, 2), math.Nextafter32(1, 0),
}

// isValidByComponents is Frame::IsValid as retail writes it: each origin
// and quaternion component finite, then |q|² within the tolerance.
func isValidByComponents(f *Frame) bool {
	for _, v := range []float32{f.Origin[0], f.Origin[1], f.Origin[2], f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2]} {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return false
		}
	}
	q := f.Rot
	n := q.W*q.W + q.V.Dot(q.V)
	return n > 1-quatUnitTolerance && n < 1+quatUnitTolerance
}

func finiteByComponents(v mgl32.Vec3) bool {
	for _, c := range v {
		if math.IsNaN(float64(c)) || math.IsInf(float64(c), 0) {
			return false
		}
	}
	return true
}

func TestIsValid_SameAsComponentChecks(t *testing.T) {
	goroutines.NoneStarted(t)
	check := func(f Frame) {
		t.Helper()
		if got, want := f.IsValid(), isValidByComponents(&f); got != want {
			t.Fatalf("IsValid(%v %v) = %v, component checks %v", f.Origin, f.Rot, got, want)
		}
		if got, want := f.IsValidExceptForHeading(), finiteByComponents(f.Origin); got != want {
			t.Fatalf("IsValidExceptForHeading(%v) = %v, component checks %v", f.Origin, got, want)
		}
		if got, want := finiteVec(f.Origin), finiteByComponents(f.Origin); got != want {
			t.Fatalf("finiteVec(%v) = %v, component checks %v", f.Origin, got, want)
		}
	}
	sp := specialFloats
	// Every origin of three special values with the identity rotation, and
	// every quaternion of four with a finite origin.
	for _, x := range sp {
		for _, y := range sp {
			for _, z := range sp {
				check(Frame{Origin: mgl32.Vec3{x, y, z}, Rot: mgl32.QuatIdent()})
				for _, w := range sp {
					check(Frame{Origin: mgl32.Vec3{1, 2, 3}, Rot: mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}})
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 200000; i++ {
		q := randQuat(r)
		// Scale a little off unit length, across the tolerance's edges.
		s := 1 + (r.Float32()*2-1)*quatUnitTolerance
		q = mgl32.Quat{W: q.W * s, V: q.V.Mul(s)}
		if r.IntN(8) == 0 {
			q.V[r.IntN(3)] = sp[r.IntN(len(sp))]
		}
		check(Frame{Origin: randVec(r), Rot: q})
	}
}

func TestIsIdentityRot_SameAsEquality(t *testing.T) {
	sp := specialFloats
	for _, w := range sp {
		for _, x := range sp {
			for _, y := range sp {
				for _, z := range sp {
					q := mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
					if got, want := isIdentityRot(&q), q == identityFrame.Rot; got != want {
						t.Fatalf("isIdentityRot(%v) = %v, == gives %v", q, got, want)
					}
				}
			}
		}
	}
}

// Normalize's in-landblock branch computes the cell index inline; it must
// be OutdoorCellIndex's, on every cell border and next to it.
func TestNormalize_InsideCellIndexIsOutdoorCellIndex(t *testing.T) {
	var vs []float32
	for k := 0; k <= 8; k++ {
		b := float32(k * CellLength)
		for _, v := range []float32{b, math.Nextafter32(b, 0), math.Nextafter32(b, 1000), b + 0.5, b - 0.5} {
			if v >= 0 && v < LandblockLength {
				vs = append(vs, v)
			}
		}
	}
	r := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		vs = append(vs, r.Float32()*LandblockLength)
	}
	for _, x := range vs {
		for _, y := range vs[:60] {
			p := Position{Cell: 0x12340000 | 7, Frame: NewFrame(mgl32.Vec3{x, y, 1}, mgl32.QuatIdent())}
			if !p.Normalize() {
				t.Fatalf("Normalize(%v, %v) failed inside the landblock", x, y)
			}
			if got, want := p.Cell, uint32(0x12340000)|OutdoorCellIndex(x, y); got != want {
				t.Fatalf("Normalize(%v, %v) cell %#x, OutdoorCellIndex gives %#x", x, y, got, want)
			}
		}
	}
}
