// Frame: the retail rigid-body transform (origin + unit quaternion + cached
// local-to-global matrix) and its algebra. Ports Frame::cache, Frame::combine,
// Frame::subtract1, Frame::rotate, Frame::grotate, Frame::set_heading and
// Frame::get_heading (seed 003 §7, §8, §12; seed 004 §9). At the end, vec:
// the three-float vector the transition's inner loop keeps in registers.

package physics

import (
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// Frame is the retail Frame: an origin, a unit quaternion (w, x, y, z) and
// the cached local-to-global rotation matrix m_fl2gv (seed 003 §8).
//
// The matrix is a cache: every method that changes the rotation refreshes it,
// because Frame::combine reads the matrix, not the quaternion, and a stale
// matrix produces garbage translation (seed 003 §7 "combine reads
// a.m_fl2gv directly"). Code outside this file that edits Rot directly must
// call Cache afterwards.
type Frame struct {
	Origin mgl32.Vec3
	Rot    mgl32.Quat
	m      mgl32.Mat3
}

// IdentityFrame returns the frame retail builds on the stack before each tick:
// qw = 1, origin 0, matrix cached (seed 003 §1 rows 3–4).
func IdentityFrame() Frame { return identityFrame }

// identityFrame is computed once; the tick copies it twice per object.
var identityFrame = func() Frame {
	f := Frame{Rot: mgl32.QuatIdent()}
	f.Cache()
	return f
}()

// NewFrame returns a frame at origin with rotation q, cached.
func NewFrame(origin mgl32.Vec3, q mgl32.Quat) Frame {
	f := Frame{Origin: origin, Rot: q}
	f.Cache()
	return f
}

// Cache is Frame::cache (0x00534DF0, seed 003 §8): recompute the local-to-global
// matrix from the quaternion with the standard formula.
func (f *Frame) Cache() {
	w, x, y, z := f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2]
	// mgl32.Mat3 is column-major: m[col*3+row].
	f.m = mgl32.Mat3{
		float32(1 - 2*(y*y+z*z)), float32(2 * (x*y + w*z)), float32(2 * (x*z - w*y)),
		float32(2 * (x*y - w*z)), float32(1 - 2*(x*x+z*z)), float32(2 * (y*z + w*x)),
		float32(2 * (x*z + w*y)), float32(2 * (y*z - w*x)), float32(1 - 2*(x*x+y*y)),
	}
}

// Matrix returns the cached local-to-global matrix.
func (f Frame) Matrix() mgl32.Mat3 { return f.m }

// LocalToGlobalVec rotates a body-local vector into the global frame
// (Frame::localtoglobalvec).
func (f *Frame) LocalToGlobalVec(v mgl32.Vec3) mgl32.Vec3 { return f.m.Mul3x1(v) }

// GlobalToLocalVec rotates a global vector into the body-local frame
// (Frame::globaltolocalvec): the transpose of the cached matrix, i.e. each
// local axis dotted with v. Each product is rounded to float32 before it is
// summed, left to right, so no platform fuses them into a multiply-add.
func (f *Frame) GlobalToLocalVec(v mgl32.Vec3) mgl32.Vec3 {
	m := &f.m
	return mgl32.Vec3{
		float32(m[0]*v[0]) + float32(m[1]*v[1]) + float32(m[2]*v[2]),
		float32(m[3]*v[0]) + float32(m[4]*v[1]) + float32(m[5]*v[2]),
		float32(m[6]*v[0]) + float32(m[7]*v[1]) + float32(m[8]*v[2]),
	}
}

// mulQuat is mgl32's Quat.Mul (the Hamilton product a·b) on pointers, with
// the same operations in the same order: w = a.w·b.w − a.v·b.v and
// v = (a.v × b.v + b.v·a.w) + a.v·b.w.
func mulQuat(a, b *mgl32.Quat) mgl32.Quat {
	av, bv := &a.V, &b.V
	dot := av[0]*bv[0] + av[1]*bv[1] + av[2]*bv[2]
	return mgl32.Quat{
		W: a.W*b.W - dot,
		V: mgl32.Vec3{
			(av[1]*bv[2] - av[2]*bv[1] + bv[0]*a.W) + av[0]*b.W,
			(av[2]*bv[0] - av[0]*bv[2] + bv[1]*a.W) + av[1]*b.W,
			(av[0]*bv[1] - av[1]*bv[0] + bv[2]*a.W) + av[2]*b.W,
		},
	}
}

// Combine is Frame::combine (0x005122E0, seed 003 §7): a then b in a's local
// space. out.origin = a.origin + a.m_fl2gv·b.origin; out.rot = a.rot·b.rot.
func Combine(a, b *Frame) Frame {
	var out Frame
	combineInto(&out, a, b)
	return out
}

// combineInto is Combine writing into out, which must not alias a or b; the
// tick uses it to build the candidate in place.
func combineInto(out, a, b *Frame) {
	// a.origin + a.m_fl2gv·b.origin, spelled out on the fields (the same
	// operations in the same order as mgl32's Mat3.Mul3x1 and Vec3.Add,
	// without copying the matrix and vectors to the stack).
	m, v := &a.m, &b.Origin
	x := m[0]*v[0] + m[3]*v[1] + m[6]*v[2]
	y := m[1]*v[0] + m[4]*v[1] + m[7]*v[2]
	z := m[2]*v[0] + m[5]*v[1] + m[8]*v[2]
	out.Origin = mgl32.Vec3{a.Origin[0] + x, a.Origin[1] + y, a.Origin[2] + z}
	if isIdentityRot(&b.Rot) {
		// a·1 is a: reuse its rotation and cached matrix. Most ticks of a
		// remote have an offset with no rotation (interpolation moves it,
		// nothing turns it), and this skips a product and a re-cache.
		out.Rot = a.Rot
		out.m = a.m // one statement per field: a tuple assignment copies through a temporary
		return
	}
	out.Rot = mulQuat(&a.Rot, &b.Rot)
	out.Cache()
}

// isIdentityRot is q == (1, 0, 0, 0) as Go's == on floats compares: a zero
// of either sign matches. A float32 is ±0 exactly when its bits without the
// sign bit are zero, so the three vector components are tested with one OR
// and one shift (NaN bits are never zero, so NaN fails as == fails it).
func isIdentityRot(q *mgl32.Quat) bool {
	v := wordsOf(&q.V)
	return (v[0]|v[1]|v[2])<<1 == 0 && q.W == 1
}

// CacheMemo remembers the matrix Frame::cache computed for one quaternion,
// keyed on its exact bits, for a caller that builds frames from the same
// rotation tick after tick.
type CacheMemo struct {
	valid bool
	q     [4]uint32
	m     mgl32.Mat3
}

// NewFrameMemo is NewFrame through memo: the same frame, with the matrix
// reused when q is the quaternion of the last call.
func NewFrameMemo(origin mgl32.Vec3, q mgl32.Quat, memo *CacheMemo) Frame {
	f := Frame{Origin: origin, Rot: q}
	qb := quatBits(q)
	if memo.valid && memo.q == qb {
		f.m = memo.m
		return f
	}
	f.Cache()
	*memo = CacheMemo{valid: true, q: qb, m: f.m}
	return f
}

// Subtract1 is Frame::subtract1 (0x00535520, seed 002 §7): a ∘ b⁻¹, the
// inverse of Combine in its second argument, so Subtract1(Combine(a,b), b) = a.
func Subtract1(a, b *Frame) Frame {
	rot := a.Rot.Mul(b.Rot.Conjugate())
	out := Frame{Rot: rot}
	out.Cache()
	out.Origin = a.Origin.Sub(out.m.Mul3x1(b.Origin))
	return out
}

// axisAngleQuat turns an axis-angle vector (direction = axis, length = angle
// in radians) into a unit quaternion; a zero vector gives the identity.
func axisAngleQuat(v mgl32.Vec3) mgl32.Quat {
	angle := v.Len()
	if angle < 1e-12 {
		return mgl32.QuatIdent()
	}
	half := float64(angle) / 2
	s := float32(math.Sin(half)) / angle
	return mgl32.Quat{W: float32(math.Cos(half)), V: v.Mul(s)}
}

// Rotate is Frame::rotate: rotate by an axis-angle vector expressed in the
// frame's local axes (rot = rot · q(v)). CSequence::apply_physics uses it for
// the sequence omega (seed 002 §4, seed 003 §3).
func (f *Frame) Rotate(v mgl32.Vec3) {
	if v == (mgl32.Vec3{}) {
		return
	}
	f.Rot = f.Rot.Mul(axisAngleQuat(v)).Normalize()
	f.Cache()
}

// RotateMemo remembers one Frame::rotate: the rotation it started from, the
// axis-angle vector and the rotation and matrix it produced. A caller that
// rotates by the same vector from the same rotation tick after tick (a
// sequence's omega applied to the identity offset, seed 002 §4) gets the
// same bits back without the sine, cosine, product and re-cache. The memo is
// a cache of a pure function of its key, so it never changes a result.
type RotateMemo struct {
	valid bool
	in    [4]uint32
	v     [3]uint32
	rot   mgl32.Quat
	m     mgl32.Mat3
}

// RotateMemo is Rotate through memo: identical results, computed once per
// distinct (rotation, vector) pair in a row.
func (f *Frame) RotateMemo(v mgl32.Vec3, memo *RotateMemo) {
	if v == (mgl32.Vec3{}) {
		return
	}
	in, vb := quatBits(f.Rot), vecBits(v)
	if memo.valid && memo.in == in && memo.v == vb {
		f.Rot, f.m = memo.rot, memo.m
		return
	}
	f.Rotate(v)
	*memo = RotateMemo{valid: true, in: in, v: vb, rot: f.Rot, m: f.m}
}

// quatBits and vecBits are the bit patterns a memo compares: exact, so
// −0 and +0 differ and a NaN matches itself.
func quatBits(q mgl32.Quat) [4]uint32 {
	return [4]uint32{math.Float32bits(q.W), math.Float32bits(q.V[0]), math.Float32bits(q.V[1]), math.Float32bits(q.V[2])}
}

func vecBits(v mgl32.Vec3) [3]uint32 {
	return [3]uint32{math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2])}
}

// GRotate is Frame::grotate: rotate by an axis-angle vector expressed in
// global axes (rot = q(v) · rot). UpdatePhysicsInternal applies dt·omega with
// it on every tick (seed 003 §4 row 5).
func (f *Frame) GRotate(v mgl32.Vec3) {
	if v == (mgl32.Vec3{}) {
		return
	}
	f.Rot = axisAngleQuat(v).Mul(f.Rot).Normalize()
	f.Cache()
}

// HeadingQuat returns the pure-yaw rotation for a retail heading: degrees
// clockwise from north (+Y) seen from above, so 90 faces +X. Clockwise seen
// from +Z is a negative rotation about +Z.
func HeadingQuat(deg float32) mgl32.Quat {
	rad := -float64(deg) * math.Pi / 180
	return mgl32.Quat{W: float32(math.Cos(rad / 2)), V: mgl32.Vec3{0, 0, float32(math.Sin(rad / 2))}}
}

// Heading is Frame::get_heading: the heading, in degrees in [0, 360), of the
// frame's local +Y (forward) axis projected on the ground plane.
func (f *Frame) Heading() float32 {
	fwd := f.m.Col(1)
	return HeadingFromVector(fwd)
}

// SetHeading is Frame::set_heading: replace the rotation with the pure yaw for
// the heading (pitch and roll are dropped, as retail's set_vector_heading does
// for a horizontal direction).
func (f *Frame) SetHeading(deg float32) {
	f.Rot = HeadingQuat(deg)
	f.Cache()
}

// HeadingFromVector is the heading, in degrees in [0, 360), of a direction
// vector's ground-plane projection (retail get_heading of a Vector3, used by
// set_vector_heading). A vertical or zero vector gives 0.
func HeadingFromVector(v mgl32.Vec3) float32 {
	if v[0] == 0 && v[1] == 0 {
		return 0
	}
	h := math.Atan2(float64(v[0]), float64(v[1])) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	// A heading a hair below 360 in float64 rounds to exactly 360 in
	// float32; the range is [0, 360), so that is north.
	if out := float32(h); out < 360 {
		return out
	}
	return 0
}

// SetVectorHeading is Frame::set_vector_heading for a horizontal direction:
// face the heading of v's ground-plane projection. Retail also pitches the
// frame by asin(v.z) (ACE AFrame.set_vector_heading); the callers here
// (AlignPath, Sledding in UpdateObjectInternal, seed 003 §1 row 7b1) pass
// ground-plane motion, so the yaw is what matters and the pitch is dropped.
// A zero or vertical v leaves the frame unchanged, as retail's
// NormalizeCheckSmall early return does.
func (f *Frame) SetVectorHeading(v mgl32.Vec3) {
	if v[0] == 0 && v[1] == 0 {
		return
	}
	f.SetHeading(HeadingFromVector(v))
}

// LocalToGlobal maps a body-local point to the frame's parent space
// (Frame::localtoglobal): origin + m_fl2gv·p.
func (f *Frame) LocalToGlobal(p mgl32.Vec3) mgl32.Vec3 { return f.Origin.Add(f.m.Mul3x1(p)) }

// GlobalToLocal maps a parent-space point into the body-local frame
// (Frame::globaltolocal), the inverse of LocalToGlobal.
func (f *Frame) GlobalToLocal(p mgl32.Vec3) mgl32.Vec3 { return f.GlobalToLocalVec(p.Sub(f.Origin)) }

// negZero is the bit pattern of float32 −0.
const negZero = 0x80000000

// finite32 reports whether v is neither NaN nor infinite: v − v is 0 for
// every finite v and NaN otherwise.
func finite32(v float32) bool { return v-v == 0 }

// quatUnitTolerance is how far |q|² may stray from 1 and still count as a
// rotation (retail Frame::IsValid; ACE Frame.IsValid uses the same idea).
const quatUnitTolerance = 0.0002 * 5

// IsValid is Frame::IsValid: a finite origin and a finite unit quaternion.
//
// The quaternion's finiteness needs no test of its own: a NaN component
// makes |q|² NaN and an infinite one makes it +Inf or NaN (the squares are
// never negative), and both fail the range test, so the range test alone
// gives the same answer as retail's per-component checks followed by it
// (TestIsValid_SameAsComponentChecks).
func (f *Frame) IsValid() bool {
	return f.IsValidExceptForHeading() && unitQuat(&f.Rot)
}

// unitQuat is IsValid's rotation test: |q|² within the unit tolerance.
func unitQuat(q *mgl32.Quat) bool {
	n := q.W*q.W + (q.V[0]*q.V[0] + q.V[1]*q.V[1] + q.V[2]*q.V[2]) // q.V.Dot(q.V), same order
	return n > 1-quatUnitTolerance && n < 1+quatUnitTolerance
}

// IsValidExceptForHeading is Frame::IsValidExceptForHeading: the origin is
// finite, whatever the rotation holds. set_frame uses the pair to repair a
// broken quaternion without losing the position (seed 003 §9).
//
// One test for the three: v − v is +0 for a finite v and NaN otherwise, and
// a sum of +0s is +0 while a sum with a NaN is NaN.
func (f *Frame) IsValidExceptForHeading() bool {
	o := &f.Origin
	return (o[0]-o[0])+(o[1]-o[1])+(o[2]-o[2]) == 0
}

// vec: a three-float vector the compiler keeps in registers, for the
// transition's inner loop. mgl32.Vec3 is a [3]float32, and Go keeps arrays
// of more than one element in memory: every Vec3 passed, returned or
// combined is stored and reloaded through the stack. A struct of three
// floats is split into registers instead. The methods are the mgl32
// methods they stand for, with the same operations in the same order, so
// every result has the same bits (TestVec_SameAsMgl32).

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
