// Tick: one physics tick of one object, in retail order (seed 003 §1, §2, §4,
// §12): UpdateObjectInternal builds the candidate frame (root motion →
// adjust_offset → combine → physics), sweeps it through the transition,
// commits it, and lets the managers use the time.

package physics

import (
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// UpdateObjectInternal is CPhysicsObj::UpdateObjectInternal (0x005156B0,
// seed 003 §1, §12). dt is the tick's quantum in seconds; retail passes a
// float here and widens it to double for the managers.
func (o *Object) UpdateObjectInternal(dt float32) {
	if r := o.Record; r != nil {
		*r = StageRecord{}
	}
	// Dormant: transient_state's high bit (Active) is clear. Retail ticks
	// only particles and scripts, which Glidepath does not model.
	if o.TransientState&TransientActive == 0 || o.pos.Cell == 0 {
		o.report = TransitionReport{} // no transition this tick
		return
	}
	if o.TransientState&TransientCheckEthereal != 0 {
		o.setEthereal(false)
	}
	o.JumpedThisFrame = false

	// UpdatePositionInternal's combine writes every field of the candidate
	// (origin, rotation, matrix), so the identity retail builds first is
	// never read, and neither is what the last tick left in the object's
	// candidate frame: nothing needs clearing.
	candidate := &o.candidate
	o.UpdatePositionInternal(dt, candidate)
	o.commitCandidate(dt, candidate)
	o.useTime()
}

// UpdatePositionInternal is CPhysicsObj::UpdatePositionInternal (0x00512C30,
// seed 003 §2): fill out with the candidate frame for this tick.
func (o *Object) UpdatePositionInternal(dt float32, out *Frame) {
	// The local offset frame lives in the object: a pointer to a stack
	// frame handed to the collaborators' interface methods would escape to
	// the heap on every tick.
	local := &o.offset
	*local = identityFrame // straight from the variable: IdentityFrame() would copy through a temporary
	// The gate seed 003 calls "Frozen" is state[1] & 0x40, StateHidden
	// (flags.go). It skips the root motion and the physics step, but not
	// adjust_offset or combine.
	if o.State&StateHidden == 0 {
		if o.PartArray != nil {
			o.PartArray.Update(float64(dt), local)
		}
		// Row 3b: the three floats the seed found scaled or zeroed are the
		// last 12 bytes of the 0x40-byte Frame var_40, its m_fOrigin (ACE
		// reads the same code as offsetFrame.Origin). Root motion counts
		// only on walkable ground, times m_scale.
		if o.TransientState&TransientOnWalkable != 0 || o.Choices.RootMotionOffWalkable {
			scaleOrigin(&local.Origin, o.Scale)
		} else {
			local.Origin = mgl32.Vec3{}
		}
		o.record(StageRootMotion, 0, local)
	}
	if o.PositionManager != nil {
		o.PositionManager.AdjustOffset(local, float64(dt))
		o.record(StageAdjustOffset, 0, local)
	}
	combineInto(out, &o.pos.Frame, local)
	o.record(StageCombine, o.pos.Cell, out)
	if o.State&StateHidden == 0 {
		// UpdatePhysicsInternal's at-rest case inline: most ticks take it,
		// and it is only the dormancy test.
		if o.atRest() {
			o.restDormancy()
		} else {
			o.UpdatePhysicsInternal(dt, out)
		}
		o.record(StagePhysics, o.pos.Cell, out)
	}
	// process_hooks runs queued FP hooks (fades, scale); none are modelled.
}

// UpdatePhysicsInternal is CPhysicsObj::UpdatePhysicsInternal (0x00510700,
// seed 003 §4): Euler-integrate velocity, acceleration and omega into f.
func (o *Object) UpdatePhysicsInternal(dt float32, f *Frame) {
	if o.atRest() {
		o.restDormancy()
		return
	}
	v := o.Velocity
	v2 := float32(v[0]*v[0]) + float32(v[1]*v[1]) + float32(v[2]*v[2])
	if v2 > 0 {
		// Row 2a: the 50 m/s cap.
		if v2 > MaxVelocity*MaxVelocity {
			o.Velocity = v.Mul(MaxVelocity / float32(math.Sqrt(float64(v2))))
			v2 = MaxVelocity * MaxVelocity
		}
		// Row 2b.
		o.calcFriction(dt, v2)
		// Row 2c: the deadband tests the speed measured before friction
		// (var_28), as the decompile and ACE both do; observation 4 of the
		// same section reads it after (Choices.DeadbandAfterFriction).
		if o.Choices.DeadbandAfterFriction {
			v := o.Velocity
			v2 = float32(v[0]*v[0]) + float32(v[1]*v[1]) + float32(v[2]*v[2])
		}
		if v2-SmallVelocity*SmallVelocity < Epsilon {
			o.Velocity = mgl32.Vec3{}
		}
		// Row 2d: the translation step, per axis as retail writes it; the
		// float32 conversions round each product so no platform fuses them.
		halfDt2 := float32(float32(0.5*dt) * dt)
		for i := 0; i < 3; i++ {
			f.Origin[i] += float32(dt*o.Velocity[i]) + float32(o.Acceleration[i]*halfDt2)
		}
	} else if o.MovementManager == nil && o.TransientState&TransientOnWalkable != 0 {
		// Row 3: at rest on walkable ground with nothing to move it, the
		// object goes dormant (seed: "transient_state & 2" is OnWalkable).
		o.TransientState &^= TransientActive
	}
	// Row 4: the velocity step always runs, so gravity accumulates even on
	// a tick whose translation was skipped.
	a := &o.Acceleration
	if a[0] == 0 && a[1] == 0 && a[2] == 0 {
		// At rest on the ground: each step dt·a is a signed zero, which
		// changes only a −0 component, so only those add.
		for i := range o.Velocity {
			if math.Float32bits(o.Velocity[i]) == negZero {
				o.Velocity[i] += float32(dt * a[i])
			}
		}
	} else {
		for i := 0; i < 3; i++ {
			o.Velocity[i] += float32(dt * a[i])
		}
	}
	// Row 5: the omega step always runs (global axis-angle rotation); a
	// zero omega gives a zero step, which leaves the frame as it is.
	if w := &o.Omega; w[0] == 0 && w[1] == 0 && w[2] == 0 {
		return
	}
	if w := o.Omega.Mul(dt); w != (mgl32.Vec3{}) {
		f.GRotate(w)
	}
}

// scaleOrigin is l = l.Mul(sc) in place: the same three products, without
// copying the vector out and back. A still cycle leaves the origin +0, and
// +0 times a positive finite scale (or +0) is +0 again, so the products
// change nothing then and are skipped. (A negative scale would give −0, an
// infinite or NaN one NaN; both take the products —
// TestScaleOrigin_SameAsMul.)
func scaleOrigin(l *mgl32.Vec3, sc float32) {
	if w := wordsOf(l); w[0]|w[1]|w[2] != 0 || math.Float32bits(sc) >= 0x7f800000 {
		l[0], l[1], l[2] = l[0]*sc, l[1]*sc, l[2]*sc
	}
}

// restDormancy is exactly what UpdatePhysicsInternal's rows do for a body
// at rest (atRest): v² = 0 skips rows 2a–2d, leaving row 3's dormancy
// test; the velocity step adds signed zeros to +0s (no change), and a zero
// omega does not turn.
func (o *Object) restDormancy() {
	if o.MovementManager == nil && o.TransientState&TransientOnWalkable != 0 {
		o.TransientState &^= TransientActive
	}
}

// atRest reports whether the velocity is exactly +0 in every component and
// the acceleration and omega are zeros of either sign — the state of a
// remote standing on the ground or moved only by interpolation, which is
// most object-ticks. A float32 is ±0 exactly when its bits shifted left by
// one (dropping the sign) are zero; +0 is the all-zero pattern.
func (o *Object) atRest() bool {
	v, a, w := wordsOf(&o.Velocity), wordsOf(&o.Acceleration), wordsOf(&o.Omega)
	vb := v[0] | v[1] | v[2]
	ab := a[0] | a[1] | a[2] | w[0] | w[1] | w[2]
	return vb|ab<<1 == 0
}

// calcFriction is CPhysicsObj::calc_friction (ACE PhysicsObj.calc_friction):
// on walkable ground, drop the velocity's component into the contact plane
// and scale what is left by (1 − friction)^dt. A body moving away from the
// plane faster than 0.25 m/s is left alone.
func (o *Object) calcFriction(dt, v2 float32) {
	if o.TransientState&TransientOnWalkable == 0 {
		return
	}
	n := o.ContactPlane.N
	angle := o.Velocity.Dot(n)
	if angle >= 0.25 {
		return
	}
	o.Velocity = o.Velocity.Sub(n.Mul(angle))
	friction := o.Friction
	if o.State&StateSledding != 0 {
		if v2 < 1.5625 {
			friction = 1
		} else if v2 >= 6.25 && n[2] > 0.99999536 {
			friction = 0.2
		}
	}
	o.Velocity = o.Velocity.Mul(float32(math.Pow(float64(1-friction), float64(dt))))
}

// calcAcceleration is CPhysicsObj::calc_acceleration (ACE): standing on
// walkable ground (Contact and OnWalkable) zeroes acceleration and omega;
// otherwise gravity pulls when StateGravity is set.
func (o *Object) calcAcceleration() {
	const grounded = TransientContact | TransientOnWalkable
	switch {
	case o.TransientState&grounded == grounded:
		o.Acceleration = mgl32.Vec3{}
		o.Omega = mgl32.Vec3{}
	case o.State&StateGravity != 0:
		o.Acceleration = mgl32.Vec3{0, 0, Gravity}
	default:
		o.Acceleration = mgl32.Vec3{}
	}
}

// commitCandidate is the middle of UpdateObjectInternal (seed 003 §1 rows
// 6–7, §12): sweep the candidate through the transition and commit it.
func (o *Object) commitCandidate(dt float32, candidate *Frame) {
	path := CommitTransition
	o.report = TransitionReport{}
	switch {
	case !o.hasSphere():
		// No sphere: commit directly. With no movement manager, a body on
		// walkable ground goes dormant (§12; "& 2" is OnWalkable).
		if o.MovementManager == nil && o.TransientState&TransientOnWalkable != 0 {
			o.TransientState &^= TransientActive
		}
		o.setFrame(candidate)
		o.CachedVelocity = mgl32.Vec3{}
		path = CommitNoSphere
	case candidate.Origin == o.pos.Frame.Origin:
		// Row 7a: a zero translation needs no sweep. The seed is ambiguous
		// here: its table lists "zero-translation", but it reads the
		// decompile's compare as "is m_position at the world origin" and
		// calls that degenerate. ACE compares the whole candidate frame with
		// m_position's (origin and rotation, each within F_EPSILON).
		// Glidepath's pick: skip the sweep exactly when the origin did not
		// change, so a tick that only turns the body commits the turn
		// without a sweep of a zero move (docs/collision.md).
		o.setFrame(candidate)
		o.CachedVelocity = mgl32.Vec3{}
		path = CommitUnmoved
	default:
		// Row 7b1: heading follows the path or the sled's velocity.
		if o.State&StateAlignPath != 0 {
			candidate.SetVectorHeading(candidate.Origin.Sub(o.pos.Frame.Origin))
		} else if o.State&StateSledding != 0 && o.Velocity != (mgl32.Vec3{}) {
			candidate.SetVectorHeading(o.Velocity)
		}
		t, ok := o.retailTransition(&o.pos, candidate)
		if !ok {
			// Row 7b3 / §12: no valid position — "keep current frame"
			// (seed 003 §1's table; ACE UpdateObjectInternal): the body
			// keeps its origin and takes the candidate's rotation. Seed
			// 003's sketch commits the unswept candidate instead, which
			// would walk a body blocked head-on into the wall (retail's
			// find_transitional_position has no valid position when the
			// first step's offset is cut to nothing; docs/collision.md).
			candidate.Origin = o.pos.Frame.Origin
			o.setReport(o.pos.Cell, t)
			o.report.Stopped, o.report.ToCell = true, o.pos.Cell
			o.setFrame(candidate)
			o.CachedVelocity = mgl32.Vec3{}
			path = CommitTransitionFailed
			break
		}
		o.record(StageTransition, t.CurPos.Cell, &t.CurPos.Frame)
		if dt > 0 {
			if dt != o.invDtOf {
				// 1/dt is the same every tick: divide once.
				o.invDtOf, o.invDt = dt, 1/dt
			}
			o.pos.offsetMulInto(&o.CachedVelocity, &t.CurPos, o.invDt)
		} else {
			o.CachedVelocity = mgl32.Vec3{}
		}
		o.setReport(o.pos.Cell, t)
		o.setPositionInternal(t)
	}
	if r := o.Record; r != nil {
		r.Commit = path
	}
	o.record(StageCommit, o.pos.Cell, &o.pos.Frame)
}

// useTime is the end of UpdateObjectInternal (seed 003 §1 rows 8–12).
// DetectionManager and TargetManager are not modelled.
func (o *Object) useTime() {
	if o.MovementManager != nil {
		o.MovementManager.UseTime()
	}
	if h := o.movementHandler(); h != nil {
		h.HandleMovement()
	}
	if o.PositionManager != nil {
		o.PositionManager.UseTime()
	}
	o.record(StageUseTime, o.pos.Cell, &o.pos.Frame)
}

// setEthereal is CPhysicsObj::set_ethereal(0, 0) as UpdateObjectInternal
// calls it (seed 003 §1 row 1): leave the ethereal state. Retail stays
// ethereal while the object overlaps another; Glidepath has no object
// collisions, so it always succeeds.
func (o *Object) setEthereal(ethereal bool) {
	if ethereal {
		o.State |= StateEthereal
	} else {
		o.State &^= StateEthereal
	}
	o.TransientState &^= TransientCheckEthereal
}

// handlerMemo remembers whether the PartArray last seen is a
// MovementHandler: the assertion is a type-cache lookup on every tick, for
// an answer that changes only when engine assigns another part array.
type handlerMemo struct {
	// tab and data are the interface words of the PartArray the answer h
	// belongs to.
	tab, data unsafe.Pointer
	h         MovementHandler
}

// movementHandler is o.PartArray.(MovementHandler), or nil when it is not
// one, memoised on the PartArray's two interface words: equal words are
// the same dynamic type and the same value (the memo's data word keeps that
// value alive, so its address cannot be reused for another). The words are
// compared instead of the interfaces because == on interfaces panics on a
// dynamic type that is not comparable. The zero memo matches a nil
// PartArray, whose answer is nil.
func (o *Object) movementHandler() MovementHandler {
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&o.PartArray))
	m := &o.handler
	if w[0] != m.tab || w[1] != m.data {
		m.tab, m.data = w[0], w[1]
		m.h, _ = o.PartArray.(MovementHandler)
	}
	return m.h
}
