// Test doubles: a Body that applies offsets the way the per-tick pipeline
// does (Frame::combine, seed 003 §2 row 5), a motion interpreter with fixed
// speeds, an event recorder and a sticky-target lookup.

package interp

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// testLandblock is landblock 0xA9B4, the landblock the trace-v1 examples use.
const testLandblock uint32 = 0xA9B40000

// at returns an outdoor position in the test landblock facing heading.
func at(x, y, heading float32) physics.Position {
	p := physics.NewPosition(testLandblock|physics.OutdoorCellIndex(x, y), mgl32.Vec3{x, y, 0}, heading)
	p.Normalize()
	return p
}

type fakeMinterp struct {
	adjusted, max float32
}

func (f *fakeMinterp) AdjustedMaxSpeed() float32 { return f.adjusted }
func (f *fakeMinterp) MaxSpeed() float32         { return f.max }
func (f *fakeMinterp) IsMovingTo() bool          { return false }

type fakeBody struct {
	pos       physics.Position
	contact   bool
	minterp   *fakeMinterp // nil: no motion interpreter
	blipDist  float32
	rejectSPS bool // SetPositionSimple fails
	blocked   bool // offsets are not applied (a wall)
	radius    float32

	velocity     mgl32.Vec3
	velocitySets int
	headingSets  int
	spsCalls     int
}

func newBody(p physics.Position) *fakeBody {
	return &fakeBody{pos: p, contact: true, blipDist: 100}
}

func (b *fakeBody) Position() physics.Position { return b.pos }
func (b *fakeBody) Heading() float32           { return b.pos.Frame.Heading() }
func (b *fakeBody) SetHeading(deg float32, _ bool) {
	b.headingSets++
	b.pos.Frame.SetHeading(deg)
}
func (b *fakeBody) InContact() bool { return b.contact }
func (b *fakeBody) MotionInterp() physics.MotionInterpreter {
	if b.minterp == nil {
		return nil
	}
	return b.minterp
}
func (b *fakeBody) AutonomyBlipDistance() float32 { return b.blipDist }
func (b *fakeBody) SetPositionSimple(p *physics.Position, _ bool) bool {
	b.spsCalls++
	if b.rejectSPS {
		return false
	}
	b.pos = *p
	b.pos.Frame.Cache()
	b.pos.Normalize()
	return true
}
func (b *fakeBody) SetVelocity(v mgl32.Vec3, _ bool) {
	b.velocitySets++
	b.velocity = v
}

// apply commits an offset the way UpdatePositionInternal does: combine with
// the body frame (seed 003 §2 row 5), then normalize the landblock.
func (b *fakeBody) apply(off *physics.Frame) {
	if b.blocked {
		return
	}
	b.pos.Frame = physics.Combine(&b.pos.Frame, off)
	b.pos.Normalize()
}

// radiusBody adds CPhysicsObj::GetRadius to fakeBody.
type radiusBody struct{ *fakeBody }

func (r radiusBody) Radius() float32 { return r.radius }

// tick runs one tick's position-manager stages: identity offset (or the
// given root motion), AdjustOffset, combine, UseTime (seed 003 §12).
func tick(pm *PositionManager, b *fakeBody, dt float64) physics.Frame {
	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, dt)
	b.apply(&off)
	pm.UseTime()
	return off
}

type recorder struct{ events []Event }

func (r *recorder) Emit(e Event) { r.events = append(r.events, e) }

func (r *recorder) of(kind EventKind) []Event {
	var out []Event
	for _, e := range r.events {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

type lookup map[uint32]physics.Position

func (l lookup) StickyTarget(guid uint32) (physics.Position, bool) {
	p, ok := l[guid]
	return p, ok
}

func mustReading(name string) Reading {
	r, err := ReadingByName(name)
	if err != nil {
		panic(err)
	}
	return r
}

// newPM returns a PositionManager under the named reading with a recorder.
func newPM(b Body, reading string) (*PositionManager, *recorder) {
	pm, err := NewPositionManager(b, mustReading(reading))
	if err != nil {
		panic(err)
	}
	rec := &recorder{}
	pm.SetSink(rec)
	return pm, rec
}

const dt30 = 1.0 / 30

// vecNear compares vectors component-wise with an absolute tolerance.
func vecNear(a, b mgl32.Vec3, tol float32) bool {
	return absf(a[0]-b[0]) <= tol && absf(a[1]-b[1]) <= tol && absf(a[2]-b[2]) <= tol
}
