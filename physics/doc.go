// Package physics ports the retail client's physics object (CPhysicsObj) and
// the math it stands on: Frame and Position, headings, cell-aware distance,
// the object's state and transient-state flags, velocity and update_times,
// the per-tick pipeline (UpdateObjectInternal, UpdatePositionInternal,
// UpdatePhysicsInternal, set_frame, SetPositionInternal), a simplified
// transition over terrain and obstacles, and UpdatePosition routing
// (MoveOrTeleport). Specified by seeds 003 (per-tick), 004 (routing) and
// 001 (thresholds).
//
// physics may import only mathgl and the standard library. It reaches the
// animation, the position manager and the motion interpreter through the
// small interfaces in collaborators.go.
package physics
