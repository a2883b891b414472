// Move-to: the engine's side of MoveToManager (interp/moveto.go) — the body
// it moves (CPhysicsObj and CMotionInterp as MoveToManager calls them), the
// TargetManager stand-in that feeds it the target's position, and the
// delivery of a move-to UpdateMotion (ACE MovementManager.PerformMovement).

package engine

import (
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// moveToBook is an object's MoveToManager and what the TargetManager
// stand-in remembers; allocated on the object's first move-to, copied whole
// into checkpoints.
type moveToBook struct {
	mgr interp.MoveToManager
	// sent is the target position last handed to HandleUpdateTarget.
	sent physics.Position
}

// moveToBody is the object as MoveToManager sees it (interp.MoveToBody).
type moveToBody struct{ o *object }

var _ interp.MoveToBody = moveToBody{}

func (b moveToBody) Position() physics.Position { return b.o.phys.Position() }
func (b moveToBody) InContact() bool            { return b.o.phys.InContact() }
func (b moveToBody) Radius() float32            { return b.o.phys.Radius }
func (b moveToBody) Height() float32            { return b.o.phys.Height }

// SetHeading is CPhysicsObj::set_heading(deg, true).
func (b moveToBody) SetHeading(deg float32) { b.o.phys.SetHeading(deg, true) }

// IsAnimating is CPhysicsObj's is_animating: Glidepath has no pending
// motion queue, so it is true while a non-cyclic animation (an action)
// plays ahead of the cycle.
func (b moveToBody) IsAnimating() bool {
	seq := b.o.parts.Sequence()
	return seq.CurrentIndex() < seq.FirstCyclicIndex()
}

func (b moveToBody) IsInterpolating() bool { return b.o.pm.IsInterpolating() }

// DoMotion is _DoMotion: CMotionInterp::adjust_motion with the hold key,
// then DoInterpretedMotion, whose InterpretedMotionState::ApplyMotion sets
// the forward or turn command and speed, and the sequence follows (ACE
// MotionInterp.cs, InterpretedMotionState.cs). A remote's raw hold key is
// None, which an Invalid hold key falls back to.
func (b moveToBody) DoMotion(cmd interp.MoveCommand, speed float32, hold interp.HoldKey) bool {
	o := b.o
	if !o.st.hasMI {
		return false
	}
	st := o.mi.State()
	st.HasRunRate = false
	run := hold == interp.HoldKeyRun
	switch cmd {
	case interp.MoveCmdWalkForward:
		st.Forward, st.ForwardSpeed = anim.WalkForward, speed
		if run {
			// apply_run_to_command: WalkForward at a positive speed
			// becomes RunForward, at speed × my_run_rate.
			if speed > 0 {
				st.Forward = anim.RunForward
			}
			st.ForwardSpeed = speed * o.mi.MyRunRate()
		}
	case interp.MoveCmdWalkBackward:
		// adjust_motion makes it WalkForward at −0.65 × speed; Glidepath's
		// state keeps the WalkBackward name at the positive speed.
		st.Forward, st.ForwardSpeed = anim.WalkBackward, speed
		if run {
			st.ForwardSpeed = speed * o.mi.MyRunRate()
		}
	case interp.MoveCmdTurnRight, interp.MoveCmdTurnLeft:
		st.Turn, st.TurnSpeed = anim.TurnRight, speed
		if cmd == interp.MoveCmdTurnLeft {
			st.Turn = anim.TurnLeft
		}
		if run {
			st.TurnSpeed = speed * anim.RunTurnFactor
		}
	default:
		return true
	}
	return o.mi.ApplyInterpreted(st, o.parts) == nil
}

// StopMotion is _StopMotion: InterpretedMotionState::RemoveMotion of the
// adjusted command — the forward command back to Ready at speed 1 when it
// is the one running, the turn removed.
func (b moveToBody) StopMotion(cmd interp.MoveCommand, hold interp.HoldKey) {
	o := b.o
	if !o.st.hasMI {
		return
	}
	st := o.mi.State()
	st.HasRunRate = false
	switch cmd {
	case interp.MoveCmdWalkForward, interp.MoveCmdWalkBackward:
		want := anim.WalkForward
		switch {
		case cmd == interp.MoveCmdWalkBackward:
			want = anim.WalkBackward
		case hold == interp.HoldKeyRun:
			want = anim.RunForward
		}
		if st.Forward != want {
			return
		}
		st.Forward, st.ForwardSpeed = anim.Ready, 1
	case interp.MoveCmdTurnRight, interp.MoveCmdTurnLeft:
		if st.Turn == anim.MotionNone {
			return
		}
		st.Turn, st.TurnSpeed = anim.MotionNone, 1
	default:
		return
	}
	_ = o.mi.ApplyInterpreted(st, o.parts)
}

// StopCompletely is CMotionInterp::StopCompletely: Ready at speed 1, no
// sidestep, no turn.
func (b moveToBody) StopCompletely() {
	o := b.o
	if !o.st.hasMI {
		return
	}
	st := o.mi.State()
	if st.Forward == anim.Ready && st.ForwardSpeed == 1 && st.Sidestep == anim.MotionNone && st.Turn == anim.MotionNone {
		return
	}
	st.HasRunRate = false
	st.Forward, st.ForwardSpeed = anim.Ready, 1
	st.Sidestep, st.Turn = anim.MotionNone, anim.MotionNone
	_ = o.mi.ApplyInterpreted(st, o.parts)
}

func (b moveToBody) Unstick() { b.o.pm.Unstick() }

// StickTo is PositionManager::StickTo; the StickyManager takes the radius.
func (b moveToBody) StickTo(guid uint32, radius, _ float32) { b.o.pm.StickTo(guid, radius) }

// moveTo binds o's MoveToManager for a call at time now (the current
// tick's, Query.Time); nil when the object never had a move-to.
func (o *object) moveTo(now float64) *interp.MoveToManager {
	if o.mt == nil {
		return nil
	}
	o.mt.mgr.Bind(moveToBody{o}, o.guid, now)
	return &o.mt.mgr
}

// syncMovingTo tells the motion interpreter whether a move-to runs, for
// IsMovingTo (seed 004 §6: InterpolateTo's keep_heading).
func syncMovingTo(o *object) {
	if o.mt != nil {
		o.mi.SetMoveToRunning(o.mt.mgr.IsMovingTo())
	}
}

// moveToTypes maps the recording's movement types to MoveToManager's.
var moveToTypes = [...]interp.MoveType{
	recording.MoveToObject:   interp.MoveToObject,
	recording.MoveToPosition: interp.MoveToPosition,
	recording.TurnToObject:   interp.TurnToObject,
	recording.TurnToHeading:  interp.TurnToHeading,
}

// performMoveTo is MovementManager::PerformMovement for a move-to type with
// its parameters: MoveToManager::PerformMovement, then, for a target
// object, set_target's first update (the target's position now). The
// targets are snapshotted first so a StickTo at once finds its target.
func (s *Sim) performMoveTo(o *object, m *recording.Motion) {
	if o.mt == nil {
		o.mt = new(moveToBook)
	}
	if m.HasRunRate {
		_ = o.mi.SetRunRate(m.RunRate)
	}
	p := m.MoveTo
	req := interp.MoveToRequest{
		Type:     moveToTypes[m.MovementType],
		Object:   m.Target,
		Position: p.Position,
		Params: interp.MovementParams{
			Flags: p.Flags, DistanceToObject: p.Distance, MinDistance: p.MinDistance,
			FailDistance: p.FailDistance, Speed: p.Speed, WalkRunThreshold: p.WalkRunThreshold,
			DesiredHeading: p.DesiredHeading,
		},
	}
	var (
		pos    physics.Position
		target bool
	)
	if m.MovementType.NeedsTarget() {
		pos, req.Radius, req.Height, target = s.Query().moveTarget(m.Target)
	}
	mgr := o.moveTo(s.Query().Time())
	mgr.Perform(&req)
	if m.MovementType.NeedsTarget() {
		s.anySticky = true
		s.snapshotStickyTargets()
		if target {
			o.mt.sent = pos
			mgr.HandleUpdateTarget(m.Target, true, pos, pos)
		} else {
			mgr.HandleUpdateTarget(m.Target, false, physics.Position{}, physics.Position{})
		}
	}
	syncMovingTo(o)
}

// moveTarget is where the object a move-to names stands now, with its
// radius and height: a live object's body, or, for recording.ObserverTarget,
// the observer's position (the player a monster chases) with the default
// entity's radius and height (the recording gives the player no body; 0.35 m
// and 1.8 m are a humanoid's, recording-v1 "Header"). ok is false when the
// target is gone or the recording has placed no observer.
func (q Query) moveTarget(guid uint32) (pos physics.Position, radius, height float32, ok bool) {
	s := q.s
	if guid == recording.ObserverTarget {
		return s.observer, recording.DefaultRadius, recording.DefaultHeight, s.hasObserver
	}
	if t := s.find(guid); t != nil {
		return t.phys.Position(), t.phys.Radius, t.phys.Height, true
	}
	return physics.Position{}, 0, 0, false
}

// updateMoveTarget is the TargetManager's part of the tick for a mover
// (CPhysicsObj::UpdateObjectInternal row 9, TargetManager::HandleTargetting,
// before MovementManager::UseTime; seed 003 §1): the target's position is
// re-sent once it has moved MoveToTargetRadius from the last one sent (the
// voyeur radius set_target asks for, ACE TargetManager), and a target that
// is gone is reported as such. The position is the one the target had when
// the tick's messages had been handled (the sticky snapshot), so objects
// stay independent within the pass.
func (s *Sim) updateMoveTarget(o *object, mgr *interp.MoveToManager) {
	st := &mgr.St
	if st.Type == interp.MoveInvalid || st.TopLevelObjectID == 0 || st.TopLevelObjectID == o.guid {
		return
	}
	pos, ok := stickyLookup{s}.StickyTarget(st.TopLevelObjectID)
	if !ok {
		mgr.HandleUpdateTarget(st.TopLevelObjectID, false, physics.Position{}, physics.Position{})
		return
	}
	if o.mt.sent.Distance(&pos) > interp.MoveToTargetRadius {
		o.mt.sent = pos
		mgr.HandleUpdateTarget(st.TopLevelObjectID, true, pos, pos)
	}
}

// moveToTargets appends, for the sticky snapshot, the target each running
// move-to follows.
func (o *object) moveToTarget() uint32 {
	if o.mt == nil {
		return 0
	}
	st := &o.mt.mgr.St
	if st.Type == interp.MoveInvalid || st.TopLevelObjectID == o.guid {
		return 0
	}
	return st.TopLevelObjectID
}

// Movement manager: the stand-in for retail's MovementManager that every
// object gets, so the per-tick pipeline treats it as retail treats an object
// with a motion table (seed 003 §1 row 10, §4 row 3, §12).
// movementManager is the part of retail's MovementManager (which owns the
// CMotionInterp and the MoveToManager) the physics object calls:
//
//   - UseTime is MoveToManager::UseTime (after the TargetManager's update of
//     the target it follows): it advances a move-to the object was sent
//     (moveto.go); without one there is nothing to do.
//   - HitGround restarts a move-to's head node (MoveToManager::HitGround).
//   - HitGround and LeaveGround also reach CMotionInterp::HitGround/LeaveGround,
//     which re-apply the current movement and, leaving the ground, set the
//     jump velocity through set_local_velocity — the local player's jump
//     path. Seed 001's live trace shows remotes never calling set_velocity
//     that way (a remote's jump arrives as a VectorUpdate), and the motion
//     event already drives the sequence (anim.MotionInterp.ApplyInterpreted).
//     Under Reading.LeaveGroundVelocity (docs/readings.md item 18) it does
//     what ACE's MotionInterp.LeaveGround does for a creature with gravity:
//     the body's velocity becomes the interpreted state's velocity, turned
//     from the body frame (get_leave_ground_velocity with no jump extent).
//   - CancelMoveTo cancels the move-to, if one runs (teleport_hook).
//
// What matters is that it exists: physics null-checks movement_manager as
// retail does, and without one a body at rest on walkable ground clears its
// Active bit and goes dormant (seed 003 §4 row 3), so it would stop
// interpolating toward the next UpdatePosition.
type movementManager struct {
	// o is the object whose manager this is; nil in tests that need only
	// the null-check behaviour.
	o *object
	// leaveGround is Reading.LeaveGroundVelocity.
	leaveGround bool
}

var _ physics.MovementManager = &movementManager{}

// UseTime is MovementManager::UseTime (seed 003 §1 row 10), preceded by the
// TargetManager's update of the followed target (row 9).
func (m *movementManager) UseTime() {
	o := m.o
	if o == nil || o.mt == nil {
		return
	}
	s := o.sink.sim
	mgr := o.moveTo(s.Query().Time())
	if !mgr.IsMovingTo() {
		return
	}
	s.updateMoveTarget(o, mgr)
	mgr.UseTime()
	syncMovingTo(o)
}

// HitGround is MovementManager::HitGround: MoveToManager::HitGround; the
// motion interpreter's half does nothing for a remote (see above).
func (m *movementManager) HitGround() {
	o := m.o
	if o == nil || o.mt == nil {
		return
	}
	mgr := o.moveTo(o.sink.sim.Query().Time())
	mgr.HitGround()
	syncMovingTo(o)
}

// LeaveGround is MovementManager::LeaveGround: nothing for a remote, unless
// the reading sets the leave-ground velocity (ACE MotionInterp.LeaveGround).
func (m *movementManager) LeaveGround() {
	o := m.o
	if !m.leaveGround || o == nil || !o.st.hasMI || o.phys.State&physics.StateGravity == 0 {
		return
	}
	pos := o.phys.Position()
	o.phys.SetVelocity(pos.Frame.LocalToGlobalVec(o.mi.StateVelocity()), true)
}

// CancelMoveTo is MovementManager::CancelMoveTo (teleport_hook, seed 004 §3).
func (m *movementManager) CancelMoveTo() {
	o := m.o
	if o == nil || o.mt == nil {
		return
	}
	o.moveTo(o.sink.sim.Query().Time()).CancelMoveTo(interp.MoveResultCancelled)
	syncMovingTo(o)
}
