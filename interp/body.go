// Body: the interface through which the position managers reach the physics
// object they belong to (retail's physics_obj back-pointer). interp declares
// it; *physics.Object implements it and engine wires the two (DESIGN.md).

package interp

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// Body is what InterpolationManager, ConstraintManager and StickyManager read
// and call on their CPhysicsObj.
type Body interface {
	// Position is m_position, the committed body position.
	Position() physics.Position
	// Heading is CPhysicsObj::get_heading, degrees clockwise from north.
	Heading() float32
	// SetHeading is CPhysicsObj::set_heading(heading, send_event).
	SetHeading(deg float32, sendEvent bool)
	// InContact is transient_state & 1, the Contact bit (READINGS.md item 9).
	InContact() bool
	// MotionInterp is the object's CMotionInterp, or nil when it has none
	// (the catch-up speed then falls back to 7.5 m/s, READINGS.md item 10).
	MotionInterp() physics.MotionInterpreter
	// AutonomyBlipDistance is CPhysicsObj::GetAutonomyBlipDistance (seed 001).
	AutonomyBlipDistance() float32
	// SetPositionSimple is CPhysicsObj::SetPositionSimple (0x005162B0,
	// seed 004 §5); it reports whether the placement succeeded (OK_SPE).
	SetPositionSimple(p *physics.Position, slide bool) bool
	// SetVelocity is CPhysicsObj::set_velocity(v, send_event).
	SetVelocity(v mgl32.Vec3, sendEvent bool)
}

// positionLender is a Body that lends its committed position by pointer
// (*physics.Object's PositionRef). The InterpolationManager reads the body's
// position every tick; through a lender that read copies nothing. A Body
// without it is read through Position, with the same result.
type positionLender interface {
	PositionRef() *physics.Position
}

// physicsObjBody is a Body that hands over the *physics.Object it stands
// for (engine's wrapper of the object, which adds GetRadius and nothing
// else). Its Position, InContact and MotionInterp must be that object's —
// as promoted methods of an embedded *physics.Object are — so reading them
// from the object gives the same answers without an interface call each.
type physicsObjBody interface {
	PhysicsObj() *physics.Object
}

// bodyReader reads what the managers need every tick from a Body: through
// the physics object when the body hands it over, else through its lender
// or its interface methods, with the same results. The zero reader reads
// through the interface alone.
type bodyReader struct {
	obj    *physics.Object
	lender positionLender
}

func newBodyReader(b Body) bodyReader {
	if ob, ok := b.(physicsObjBody); ok {
		if obj := ob.PhysicsObj(); obj != nil {
			return bodyReader{obj: obj}
		}
	}
	l, _ := b.(positionLender)
	return bodyReader{lender: l}
}

// position returns the body's committed position: the object's or the
// lent pointer, or a copy in buf. Callers only read it, and only while
// nothing moves the body (no SetPositionSimple in between), so the three
// are the same.
func (r bodyReader) position(b Body, buf *physics.Position) *physics.Position {
	if r.obj != nil {
		return r.obj.PositionRef()
	}
	if r.lender != nil {
		return r.lender.PositionRef()
	}
	*buf = b.Position()
	return buf
}

// inContact is b.InContact(), the Contact bit.
func (r bodyReader) inContact(b Body) bool {
	if r.obj != nil {
		return r.obj.InContact()
	}
	return b.InContact()
}

// motionInterp is b.MotionInterp().
func (r bodyReader) motionInterp(b Body) physics.MotionInterpreter {
	if r.obj != nil {
		return r.obj.MotionInterp()
	}
	return b.MotionInterp()
}
