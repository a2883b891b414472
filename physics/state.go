// State words: an object's state as a flat run of 32-bit words, for the
// engine's compact checkpoints (DESIGN.md "Time, snapshots and seeking").
// Each field is written bit for bit (floats by their bits, a double as two
// words), so loading the words gives back exactly the state written, and
// two states that differ in few fields give words that differ in few
// places — which is what the checkpoints' delta encoding counts on.
//
// The words hold values only. The collaborators (part array, position
// manager, motion interpreter, movement manager, world, stage record) are
// wired by the owner, and the per-tick workspace (the offset frame and the
// transition's scratch, both reset before every read) is not state.

package physics

import (
	"errors"
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// StateWriter appends state words.
type StateWriter struct{ W []uint32 }

// StateReader reads state words back in the order they were written. A
// read past the end gives zero and sets Err; so does a value a reader
// rejects (Fail).
type StateReader struct {
	W   []uint32
	Err error
}

// errShortState is the error of a read past the end of the words.
var errShortState = errors.New("state words end early")

// U32 writes one word.
func (w *StateWriter) U32(v uint32) { w.W = append(w.W, v) }

// I32 writes a signed word.
func (w *StateWriter) I32(v int32) { w.W = append(w.W, uint32(v)) }

// F32 writes a float's bits.
func (w *StateWriter) F32(v float32) { w.W = append(w.W, math.Float32bits(v)) }

// F64 writes a double's bits, low word first.
func (w *StateWriter) F64(v float64) {
	b := math.Float64bits(v)
	w.W = append(w.W, uint32(b), uint32(b>>32))
}

// Bools writes up to 32 flags as one word, the first in bit 0.
func (w *StateWriter) Bools(bs ...bool) {
	var v uint32
	for i, b := range bs {
		if b {
			v |= 1 << i
		}
	}
	w.W = append(w.W, v)
}

// Vec3 writes three floats.
func (w *StateWriter) Vec3(v mgl32.Vec3) {
	w.W = append(w.W, math.Float32bits(v[0]), math.Float32bits(v[1]), math.Float32bits(v[2]))
}

// Frame modes: how a frame's cached matrix is written. Almost every frame's
// matrix is Cache of its rotation; the zero frame's is zero.
const (
	frameCached   = 0 // the matrix is Cache of the rotation, bit for bit
	frameZeroM    = 1 // the matrix is zero
	frameExplicit = 2 // nine words follow
)

// Frame writes a frame: origin, rotation, and its matrix — a mode word,
// followed by the nine entries only when the matrix is neither the cache of
// the rotation nor zero, so the words stay exact for any frame.
func (w *StateWriter) Frame(f *Frame) {
	w.Vec3(f.Origin)
	w.F32(f.Rot.W)
	w.Vec3(f.Rot.V)
	c := Frame{Rot: f.Rot}
	c.Cache()
	switch {
	case matBits(&c.m) == matBits(&f.m):
		w.U32(frameCached)
	case matBits(&f.m) == [9]uint32{}:
		w.U32(frameZeroM)
	default:
		w.U32(frameExplicit)
		for _, v := range f.m {
			w.F32(v)
		}
	}
}

// matBits are a matrix's bits, so −0 and +0 differ and NaN matches itself.
func matBits(m *mgl32.Mat3) (b [9]uint32) {
	for i, v := range m {
		b[i] = math.Float32bits(v)
	}
	return b
}

// Position writes a cell and a frame.
func (w *StateWriter) Position(p *Position) {
	w.U32(p.Cell)
	w.Frame(&p.Frame)
}

// Fail records err as the reader's error unless it already has one.
func (r *StateReader) Fail(err error) {
	if r.Err == nil {
		r.Err = err
	}
}

// U32 reads one word.
func (r *StateReader) U32() uint32 {
	if len(r.W) == 0 {
		r.Fail(errShortState)
		return 0
	}
	v := r.W[0]
	r.W = r.W[1:]
	return v
}

// I32 reads a signed word.
func (r *StateReader) I32() int32 { return int32(r.U32()) }

// F32 reads a float.
func (r *StateReader) F32() float32 { return math.Float32frombits(r.U32()) }

// F64 reads a double.
func (r *StateReader) F64() float64 {
	lo := uint64(r.U32())
	return math.Float64frombits(lo | uint64(r.U32())<<32)
}

// Bools reads the flags Bools wrote into ptrs, in order.
func (r *StateReader) Bools(ptrs ...*bool) {
	v := r.U32()
	for i, p := range ptrs {
		*p = v&(1<<i) != 0
	}
}

// Vec3 reads three floats.
func (r *StateReader) Vec3() mgl32.Vec3 {
	return mgl32.Vec3{r.F32(), r.F32(), r.F32()}
}

// Frame reads a frame.
func (r *StateReader) Frame(f *Frame) {
	f.Origin = r.Vec3()
	f.Rot.W = r.F32()
	f.Rot.V = r.Vec3()
	switch r.U32() {
	case frameCached:
		f.Cache()
	case frameZeroM:
		f.m = mgl32.Mat3{}
	case frameExplicit:
		for i := range f.m {
			f.m[i] = r.F32()
		}
	default:
		r.Fail(errors.New("state words: bad frame mode"))
	}
}

// Position reads a cell and a frame.
func (r *StateReader) Position(p *Position) {
	p.Cell = r.U32()
	r.Frame(&p.Frame)
}

// AppendState writes the object's state (every value field; not the
// collaborators nor the per-tick workspace).
func (o *Object) AppendState(w *StateWriter) {
	w.Position(&o.pos)
	w.U32(uint32(o.State))
	w.U32(uint32(o.TransientState))
	w.Vec3(o.Velocity)
	w.Vec3(o.Acceleration)
	w.Vec3(o.Omega)
	w.Vec3(o.CachedVelocity)
	w.Vec3(o.ContactPlane.N)
	w.F32(o.ContactPlane.D)
	w.U32(o.ContactPlaneCellID)
	w.Vec3(o.SlidingNormal)
	for i := 0; i < NumStamps; i += 2 {
		v := uint32(o.UpdateTimes[i])
		if i+1 < NumStamps {
			v |= uint32(o.UpdateTimes[i+1]) << 16
		}
		w.U32(v)
	}
	w.F32(o.PlayerDistance)
	w.F32(o.Radius)
	w.F32(o.Height)
	w.F32(o.StepUpHeight)
	w.F32(o.StepDownHeight)
	w.F32(o.Scale)
	w.F32(o.Friction)
	w.F32(o.Elasticity)
	w.Bools(o.Choices.RootMotionOffWalkable, o.Choices.DeadbandAfterFriction, o.Choices.InterpolateAtBubbleEdge,
		o.IsPlayer, o.JumpedThisFrame)
	w.F32(o.invDt)
	w.F32(o.invDtOf)
}

// LoadState reads what AppendState wrote into o, leaving the collaborators
// and the workspace as they are.
func (o *Object) LoadState(r *StateReader) {
	r.Position(&o.pos)
	o.State = PhysicsState(r.U32())
	o.TransientState = TransientState(r.U32())
	o.Velocity = r.Vec3()
	o.Acceleration = r.Vec3()
	o.Omega = r.Vec3()
	o.CachedVelocity = r.Vec3()
	o.ContactPlane.N = r.Vec3()
	o.ContactPlane.D = r.F32()
	o.ContactPlaneCellID = r.U32()
	o.SlidingNormal = r.Vec3()
	for i := 0; i < NumStamps; i += 2 {
		v := r.U32()
		o.UpdateTimes[i] = uint16(v)
		if i+1 < NumStamps {
			o.UpdateTimes[i+1] = uint16(v >> 16)
		}
	}
	o.PlayerDistance = r.F32()
	o.Radius = r.F32()
	o.Height = r.F32()
	o.StepUpHeight = r.F32()
	o.StepDownHeight = r.F32()
	o.Scale = r.F32()
	o.Friction = r.F32()
	o.Elasticity = r.F32()
	r.Bools(&o.Choices.RootMotionOffWalkable, &o.Choices.DeadbandAfterFriction, &o.Choices.InterpolateAtBubbleEdge,
		&o.IsPlayer, &o.JumpedThisFrame)
	o.invDt = r.F32()
	o.invDtOf = r.F32()
}
