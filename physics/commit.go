// Commit: writing a frame or a transition's result into the object —
// CPhysicsObj::set_frame with its validity repair (seed 003 §9) and
// SetPositionInternal with the contact, walkable and sliding bookkeeping
// (seed 003 §6), plus the two calls they make (set_on_walkable and the
// velocity part of handle_all_collisions), and the transition's result they
// read: what SetPositionInternal takes from a finished CTransition (seed 003
// §5 "Side effects on caller"; retail's transition itself is in transit*.go).

package physics

import (
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// transitionResult is the part of CTransition that SetPositionInternal reads:
// sphere_path.curr_pos and collision_info (seed 003 §5 "Side effects on
// caller").
type transitionResult struct {
	// CurPos is sphere_path.curr_pos, the position the sweep reached. A
	// Cell of 0 means the object left the world (retail's lost cell).
	CurPos Position
	// Contact plane (collision_info.contact_plane*).
	ContactPlaneValid  bool
	ContactPlane       Plane
	ContactPlaneCellID uint32
	// Sliding normal (collision_info.sliding_normal*): the horizontal normal
	// of what the body slid along.
	SlidingNormalValid bool
	SlidingNormal      mgl32.Vec3
	// Collision normal (collision_info.collision_normal*): what the body
	// hit, for handle_all_collisions' bounce.
	CollisionNormalValid bool
	CollisionNormal      mgl32.Vec3
	// events is what retail's transition saw (walls, steps, landing).
	events transitEvents
}

// setFrame is CPhysicsObj::set_frame (0x00514090, seed 003 §9): commit f to
// m_position.frame. A frame whose origin is fine but whose rotation is not a
// unit quaternion (NaN, zero, drifted) gets the identity rotation, so one bad
// quaternion cannot stick to the body forever. (ACE writes a zero quaternion
// here; the seed's identity is used.) CPartArray::SetFrame and
// UpdateChildrenInternal have nothing to do in Glidepath.
func (o *Object) setFrame(f *Frame) {
	// Retail validates a local copy before committing it; f is not written
	// here, so checking it in place is the same. IsValid || !IsValidExcept-
	// ForHeading is (finite origin and unit rotation) or not finite origin,
	// which is: not finite origin, or unit rotation — the rotation's test
	// answered by the memo when the rotation is the last one that passed.
	if !f.IsValidExceptForHeading() || o.unitRotation(&f.Rot) {
		o.pos.Frame = *f
		return
	}
	o.pos.Frame = Frame{Origin: f.Origin, Rot: mgl32.QuatIdent()}
	o.pos.Frame.Cache()
}

// unitRotation is Frame::IsValid's rotation test (|q|² within the unit
// tolerance), remembered for the last rotation that passed it, keyed on its
// exact bits: a body commits the same rotation tick after tick while it
// does not turn, and the test is a pure function of those bits, so the memo
// never changes an answer (TestSetFrame_RotationMemo).
func (o *Object) unitRotation(q *mgl32.Quat) bool {
	b := (*[4]uint32)(unsafe.Pointer(q))
	if o.unitRot.ok && *b == o.unitRot.bits {
		return true
	}
	if !unitQuat(q) {
		return false
	}
	o.unitRot.bits, o.unitRot.ok = *b, true
	return true
}

// setPositionInternal is CPhysicsObj::SetPositionInternal(transition)
// (0x00515330, seed 003 §6; ACE PhysicsObj.SetPositionInternal).
func (o *Object) setPositionInternal(t *transitionResult) {
	prevContact := o.TransientState&TransientContact != 0
	prevWalkable := o.TransientState&TransientOnWalkable != 0

	// Row 2: no cell — the object is lost (store_position, GotoLostCell).
	if t.CurPos.Cell == 0 {
		o.pos.Cell = 0
		o.setFrame(&t.CurPos.Frame)
		o.TransientState &^= TransientActive
		return
	}
	// Rows 3–4: cell membership, then the frame.
	o.pos.Cell = t.CurPos.Cell
	o.setFrame(&t.CurPos.Frame)

	// Rows 5–8: contact plane, Contact bit, acceleration, water.
	o.ContactPlane = t.ContactPlane
	o.ContactPlaneCellID = t.ContactPlaneCellID
	if t.ContactPlaneValid {
		o.TransientState |= TransientContact
	} else {
		o.TransientState &^= TransientContact
	}
	o.calcAcceleration()
	o.TransientState &^= TransientWaterContact // Glidepath has no water

	// Row 9: walkable or not. (The seed calls the cleared bit "Active"; it
	// is bit 2, OnWalkable.)
	if o.TransientState&TransientContact != 0 {
		o.setOnWalkable(o.ContactPlane.N[2] >= FloorZ)
	} else {
		o.TransientState &^= TransientOnWalkable
		if o.MovementManager != nil && prevWalkable {
			o.MovementManager.LeaveGround()
		}
		o.calcAcceleration()
	}

	// Row 10: sliding normal.
	o.SlidingNormal = t.SlidingNormal
	if t.SlidingNormalValid {
		o.TransientState |= TransientSliding
	} else {
		o.TransientState &^= TransientSliding
	}

	// Row 11.
	o.handleAllCollisions(t, prevContact, prevWalkable)
}

// setOnWalkable is CPhysicsObj::set_on_walkable (ACE): set or clear
// OnWalkable, tell the movement manager when the body hits or leaves the
// ground, and recompute the acceleration.
func (o *Object) setOnWalkable(walkable bool) {
	prev := o.TransientState&TransientOnWalkable != 0
	if walkable {
		o.TransientState |= TransientOnWalkable
	} else {
		o.TransientState &^= TransientOnWalkable
	}
	if o.MovementManager != nil {
		switch {
		case prev && !walkable:
			o.MovementManager.LeaveGround()
		case !prev && walkable:
			o.MovementManager.HitGround()
		}
	}
	o.calcAcceleration()
}

// handleAllCollisions is the velocity part of
// CPhysicsObj::handle_all_collisions (ACE): unless the body was and still is
// on walkable ground, a collision normal bounces the velocity — an inelastic
// body stops; otherwise the component into the surface is reflected, scaled
// by the elasticity. The weenie collision reports and the stationary-fall
// counters are not modelled (docs/collision.md).
func (o *Object) handleAllCollisions(t *transitionResult, prevContact, prevWalkable bool) {
	nowWalkable := o.TransientState&TransientOnWalkable != 0
	applyBounce := !(prevWalkable && nowWalkable && o.State&StateSledding == 0)
	if !applyBounce || !t.CollisionNormalValid {
		return
	}
	if o.State&StateInelastic != 0 {
		o.Velocity = mgl32.Vec3{}
		return
	}
	n := t.CollisionNormal
	if angle := o.Velocity.Dot(n); angle < 0 {
		o.Velocity = o.Velocity.Add(n.Mul(-angle * (o.Elasticity + 1)))
	}
}
