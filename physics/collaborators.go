// Collaborators: the small interfaces through which the physics object reaches
// its animation (physics/anim), its position manager (interp) and its motion
// interpreter. physics declares them so it never imports those packages;
// engine wires the real implementations and tests use fakes (DESIGN.md,
// "Packages and who may import whom").

package physics

// PartArray is the part of CPartArray the per-tick pipeline calls.
type PartArray interface {
	// Update is CPartArray::Update (0x00517DB0, seed 002 §1, seed 003 §11):
	// advance the animation sequence by dt and write its root motion into
	// the local offset frame.
	Update(dt float64, offset *Frame)
}

// MovementHandler is optional: a PartArray that also has
// CPartArray::HandleMovement gets it called after MovementManager::UseTime,
// as retail does at the end of the tick (seed 003 §1 row 11).
type MovementHandler interface {
	HandleMovement()
}

// MovementManager is the part of retail's MovementManager (which owns the
// CMotionInterp and the MoveToManager) the physics object calls. Retail
// null-checks movement_manager, and so does the pipeline: with none, a body
// resting on walkable ground clears its Active bit and goes dormant (seed
// 003 §4 row 3, §12), exactly as an object with no motion table does in
// retail. Engine should give every object that has a motion table one.
type MovementManager interface {
	// UseTime is MovementManager::UseTime (seed 003 §1 row 10).
	UseTime()
	// HitGround is MovementManager::HitGround, called when the body becomes
	// OnWalkable (CPhysicsObj::set_on_walkable, seed 003 §6 row 9).
	HitGround()
	// LeaveGround is MovementManager::LeaveGround, called when the body
	// stops being OnWalkable (seed 003 §6 row 9).
	LeaveGround()
	// CancelMoveTo is MovementManager::CancelMoveTo, called by
	// CPhysicsObj::teleport_hook (seed 004 §3 branch A).
	CancelMoveTo()
}

// PositionManager is the part of retail's PositionManager the physics object
// calls (seed 003 §10, seed 004 §0, §4).
type PositionManager interface {
	// AdjustOffset is PositionManager::adjust_offset (0x00555190): let the
	// interpolation, sticky and constraint managers rewrite the local offset
	// frame for this tick.
	AdjustOffset(offset *Frame, dt float64)
	// UseTime is PositionManager::UseTime, the last stage of the tick
	// (interpolation blips happen here, seed 000 §6).
	UseTime()
	// InterpolateTo is PositionManager::InterpolateTo (0x005551F0). The flag
	// is the InterpolationManager's keep_heading (seed 000 §2); MoveOrTeleport
	// passes CPhysicsObj::IsMovingTo for it (seed 004 §3, §6).
	InterpolateTo(p *Position, keepHeading bool)
	// StopInterpolating is PositionManager::StopInterpolating.
	StopInterpolating()
	// ConstrainTo is PositionManager::ConstrainTo: keep the body within
	// [start, max] metres of p.
	ConstrainTo(p *Position, start, max float32)
	// Unconstrain is PositionManager::UnConstrain.
	Unconstrain()
	// Unstick is PositionManager::UnStick.
	Unstick()
}

// MotionInterpreter is the part of CMotionInterp the physics object and the
// position manager read (READINGS.md item 10).
type MotionInterpreter interface {
	// AdjustedMaxSpeed is CMotionInterp::get_adjusted_max_speed.
	AdjustedMaxSpeed() float32
	// MaxSpeed is CMotionInterp::get_max_speed.
	MaxSpeed() float32
	// IsMovingTo is what CPhysicsObj::IsMovingTo answers for the object
	// (MovementManager::IsMovingTo, seed 004 §6).
	IsMovingTo() bool
}
