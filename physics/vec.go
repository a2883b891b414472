// vec: a three-float vector the compiler keeps in registers, for the
// transition's inner loop. mgl32.Vec3 is a [3]float32, and Go keeps arrays
// of more than one element in memory: every Vec3 passed, returned or
// combined is stored and reloaded through the stack. A struct of three
// floats is split into registers instead. The methods are the mgl32
// methods they stand for, with the same operations in the same order, so
// every result has the same bits (TestVec_SameAsMgl32).

package physics

import (
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

type vec struct{ x, y, z float32 }

// vecOf reads a Vec3 (by pointer, so the array is not copied first).
func vecOf(v *mgl32.Vec3) vec { return vec{v[0], v[1], v[2]} }

// v3 is v as a Vec3.
func (v vec) v3() mgl32.Vec3 { return mgl32.Vec3{v.x, v.y, v.z} }

// add is Vec3.Add.
func (v vec) add(w vec) vec { return vec{v.x + w.x, v.y + w.y, v.z + w.z} }

// sub is Vec3.Sub.
func (v vec) sub(w vec) vec { return vec{v.x - w.x, v.y - w.y, v.z - w.z} }

// mul is Vec3.Mul.
func (v vec) mul(c float32) vec { return vec{v.x * c, v.y * c, v.z * c} }

// dot is Vec3.Dot: ((x·x') + (y·y')) + (z·z').
func (v vec) dot(w vec) float32 { return v.x*w.x + v.y*w.y + v.z*w.z }

// len is Vec3.Len: the float32 sum of squares, its square root taken in
// float64 and rounded to float32.
func (v vec) len() float32 { return float32(math.Sqrt(float64(v.x*v.x + v.y*v.y + v.z*v.z))) }

// finite is finiteVec: (x−x) + (y−y) + (z−z) is 0 exactly when all three
// are finite.
func (v vec) finite() bool { return (v.x-v.x)+(v.y-v.y)+(v.z-v.z) == 0 }

// wordsOf views a Vec3's floats as their bit patterns, in place: the words
// math.Float32bits returns, each read with one integer load where
// Float32bits of a float in memory is a float load and a move. The tick's
// zero and sign tests read them (atRest, isIdentityRot).
func wordsOf(v *mgl32.Vec3) *[3]uint32 { return (*[3]uint32)(unsafe.Pointer(v)) }
