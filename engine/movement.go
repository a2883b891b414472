// Movement manager: the stand-in for retail's MovementManager that every
// object gets, so the per-tick pipeline treats it as retail treats an object
// with a motion table (seed 003 §1 row 10, §4 row 3, §12).

package engine

import (
	"glidepath/interp"
	"glidepath/physics"
)

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
	mgr := s.moveTo(o)
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
	mgr := o.sink.sim.moveTo(o)
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
	o.sink.sim.moveTo(o).CancelMoveTo(interp.MoveResultCancelled)
	syncMovingTo(o)
}
