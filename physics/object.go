// Object: the physics object (CPhysicsObj) a remote is: its state, velocity,
// contact plane, update_times and collaborators, and the small accessors the
// position managers reach it through (interp.Body); and the small interfaces
// it calls its collaborators through (PartArray, PositionManager,
// MotionInterpreter, at the end of this file). The per-tick pipeline is
// in tick.go, the commit in commit.go, placement in setposition.go and
// UpdatePosition routing in route.go.

package physics

import "github.com/go-gl/mathgl/mgl32"

// Object is CPhysicsObj, reduced to what the remote-motion pipeline reads
// and writes.
type Object struct {
	// pos is m_position, the committed body position. It changes only
	// through set_frame, SetPositionInternal and SetPosition.
	pos Position

	// State is CPhysicsObj::state.
	State PhysicsState
	// TransientState is CPhysicsObj::transient_state.
	TransientState TransientState

	// Velocity is m_velocityVector (global, m/s).
	Velocity mgl32.Vec3
	// Acceleration is m_accelerationVector, set by calc_acceleration.
	Acceleration mgl32.Vec3
	// Omega is m_omegaVector (global axis-angle rate, rad/s).
	Omega mgl32.Vec3
	// CachedVelocity is cached_velocity: the displacement the last
	// successful transition achieved, divided by dt (seed 003 §1).
	CachedVelocity mgl32.Vec3

	// ContactPlane is contact_plane, in the landblock of
	// ContactPlaneCellID; valid while TransientContact is set.
	ContactPlane       Plane
	ContactPlaneCellID uint32
	// SlidingNormal is sliding_normal; valid while TransientSliding is set.
	SlidingNormal mgl32.Vec3

	// UpdateTimes is update_times[9], indexed by Stamp.
	UpdateTimes [NumStamps]uint16

	// PlayerDistance is player_distance: the distance from the local player
	// (the observer) to this object, set by engine before routing.
	PlayerDistance float32

	// Radius and Height are the body's collision cylinder (retail: the
	// Setup's spheres). GetNumSphere is non-zero exactly when Radius > 0.
	Radius, Height float32
	// Spheres are the Setup's collision spheres in the body's frame (retail
	// sweeps the first two); empty derives them from Radius and Height
	// (BodySpheres).
	Spheres []Sphere
	// StepUpHeight and StepDownHeight are the Setup's step limits.
	StepUpHeight, StepDownHeight float32
	// Scale is m_scale; root motion is scaled by it on walkable ground.
	Scale float32
	// Friction and Elasticity are the object's physics description values.
	Friction, Elasticity float32

	// Choices are the physics-side reading switches (constants.go); the zero
	// value is every preset's.
	Choices Choices

	// IsPlayer marks the local player object (CPhysicsObj::player_object);
	// it only changes GetAutonomyBlipDistance. Glidepath's remotes are not.
	IsPlayer bool
	// JumpedThisFrame is jumped_this_frame (cleared every tick).
	JumpedThisFrame bool

	// PartArray, PositionManager, MotionInterpreter and MovementManager are
	// the collaborators engine wires in; each may be nil, which the pipeline
	// treats exactly as retail's null checks do.
	PartArray         PartArray
	PositionManager   PositionManager
	MotionInterpreter MotionInterpreter
	MovementManager   MovementManager

	// FloorKey is the key the server's floor under this body is kept under
	// (its guid; World.FloorUnder, floors.go); 0 asks for the cell's.
	FloorKey uint32
	// World is the terrain and obstacles the transition collides with; nil
	// is flat ground at z = 0 with no obstacles.
	World *World

	// Record, when not nil, receives the frames every stage of the next
	// UpdateObjectInternal produced (stage.go). Nil costs nothing.
	Record *StageRecord

	// offset is UpdatePositionInternal's local offset frame (retail's stack
	// Frame var_40, seed 003 §2).
	offset Frame
	// candidate is the frame UpdatePositionInternal builds and the commit
	// sweeps (retail's stack Frame in UpdateObjectInternal); combine writes
	// all of it every tick.
	candidate Frame
	// handler memoises the PartArray's MovementHandler assertion (tick.go).
	handler handlerMemo
	// unitRot remembers the bits of the last rotation set_frame found to
	// be a unit quaternion (commit.go).
	unitRot struct {
		ok   bool
		bits [4]uint32
	}
	// invDt is 1/invDtOf, the reciprocal of the last positive dt the
	// commit divided by (cached_velocity = displacement · (1/dt)).
	invDt, invDtOf float32
	// scratch is the transition workspace (retail allocates a CTransition
	// per call; keeping one per object keeps the tick allocation-free).
	scratch transitionResult
	// tr is retail's transition workspace (transit.go), made on first use
	// and reused so a tick allocates nothing.
	tr *transit
	// report is what the last tick's transition saw (LastTransition).
	report TransitionReport
}

// NewObject returns an active object with retail defaults (default state,
// friction, elasticity, scale) and the recording format's body shape, not
// yet placed: its cell is 0 until SetPosition places it.
func NewObject() *Object {
	return &Object{
		State:          DefaultState,
		TransientState: TransientActive,
		Radius:         DefaultRadius,
		Height:         DefaultHeight,
		StepUpHeight:   DefaultStepUpHeight,
		StepDownHeight: DefaultStepDownHeight,
		Scale:          DefaultScale,
		Friction:       DefaultFriction,
		Elasticity:     DefaultElasticity,
	}
}

// Position is m_position, the committed body position.
func (o *Object) Position() Position { return o.pos }

// PositionRef is m_position by pointer, for the position managers' reads
// every tick (Position copies its 68 bytes through an interface call). It
// is a read-only view: callers must not write through it, and it shows the
// position as it is when read, not as it was when the pointer was taken.
func (o *Object) PositionRef() *Position { return &o.pos }

// PhysicsObj is the object itself, for a collaborator that holds it
// behind an interface (the position managers' Body, which engine wraps) and
// reads its position, Contact bit and motion interpreter every tick: with
// the object in hand those reads are field loads, not interface calls.
func (o *Object) PhysicsObj() *Object { return o }

// Heading is CPhysicsObj::get_heading: degrees clockwise from north.
func (o *Object) Heading() float32 { return o.pos.Frame.Heading() }

// SetHeading is CPhysicsObj::set_heading: set m_position's heading and
// commit it through set_frame. sendEvent is a server broadcast; ignored.
func (o *Object) SetHeading(deg float32, sendEvent bool) {
	f := o.pos.Frame
	f.SetHeading(deg)
	o.setFrame(&f)
}

// InContact is transient_state & 1, the Contact bit.
func (o *Object) InContact() bool { return o.TransientState&TransientContact != 0 }

// OnWalkable is transient_state & 2.
func (o *Object) OnWalkable() bool { return o.TransientState&TransientOnWalkable != 0 }

// IsActive is transient_state & 0x80; an inactive object is dormant.
func (o *Object) IsActive() bool { return o.TransientState&TransientActive != 0 }

// MotionInterp is CPhysicsObj::get_minterp: the motion interpreter, or a nil
// interface when the object has none.
func (o *Object) MotionInterp() MotionInterpreter {
	if o.MotionInterpreter == nil {
		return nil
	}
	return o.MotionInterpreter
}

// IsMovingTo is CPhysicsObj::IsMovingTo (0x0050EB10, seed 004 §6): whether
// the object follows a MoveTo route. The project's MotionInterpreter carries
// MovementManager::IsMovingTo; no interpreter means false.
func (o *Object) IsMovingTo() bool {
	return o.MotionInterpreter != nil && o.MotionInterpreter.IsMovingTo()
}

// AutonomyBlipDistance is CPhysicsObj::GetAutonomyBlipDistance (seed 001):
// 100 m outdoors; indoors 25 m for the player, 20 m for creatures.
func (o *Object) AutonomyBlipDistance() float32 {
	indoor := o.pos.IsIndoor()
	switch {
	case o.IsPlayer && indoor:
		return PlayerInsideBlipDistance
	case o.IsPlayer:
		return PlayerOutsideBlipDistance
	case indoor:
		return CreatureInsideBlipDistance
	default:
		return CreatureOutsideBlipDistance
	}
}

// StartConstraintDistance is CPhysicsObj::GetStartConstraintDistance
// (seed 001 table): 10 m outdoors, 5 m indoors.
func (o *Object) StartConstraintDistance() float32 {
	if o.pos.IsIndoor() {
		return InsideConstraintDistanceStart
	}
	return OutsideConstraintDistanceStart
}

// MaxConstraintDistance is CPhysicsObj::GetMaxConstraintDistance (seed 001
// table): 50 m outdoors, 20 m indoors.
func (o *Object) MaxConstraintDistance() float32 {
	if o.pos.IsIndoor() {
		return InsideConstraintDistanceMax
	}
	return OutsideConstraintDistanceMax
}

// SetActive is CPhysicsObj::set_active: a static object cannot be made
// active; otherwise set or clear TransientActive.
func (o *Object) SetActive(active bool) bool {
	if !active {
		o.TransientState &^= TransientActive
		return true
	}
	if o.State&StateStatic != 0 {
		return false
	}
	o.TransientState |= TransientActive
	return true
}

// SetVelocity is CPhysicsObj::set_velocity (ACE PhysicsObj.set_velocity):
// store v, capped at MaxVelocity, mark jumped_this_frame when it changed,
// and make the object active. sendEvent is a server broadcast; ignored.
func (o *Object) SetVelocity(v mgl32.Vec3, sendEvent bool) {
	if v != o.Velocity {
		if l := v.Len(); l > MaxVelocity {
			v = v.Mul(MaxVelocity / l)
		}
		o.Velocity = v
		o.JumpedThisFrame = true
	}
	o.SetActive(true)
}

// SetOmega is CPhysicsObj::set_omega (ACE): store the angular velocity.
func (o *Object) SetOmega(w mgl32.Vec3, sendEvent bool) { o.Omega = w }

// hasSphere is part_array && CPartArray::GetNumSphere (seed 003 §1 row 6):
// Glidepath bodies have one collision cylinder when Radius > 0.
func (o *Object) hasSphere() bool { return o.Radius > 0 }

// Collaborators: the small interfaces through which the physics object reaches
// its animation (physics/anim), its position manager (interp) and its motion
// interpreter. physics declares them so it never imports those packages;
// engine wires the real implementations and tests use fakes (DESIGN.md,
// "Packages and who may import whom").

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
