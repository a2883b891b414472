// Motion stamps: an UpdateMotion (and a CreateObject's movement, imported
// as a motion event) is gated by the stamps it carries, as the retail
// client gates it before unpacking the movement (Hex-Rays decompilation of
// acclient.exe 11.4186, Mag-nus/acclient-AI-RE):
//
//   - ACSmartBox::DispatchSmartBoxEvent, case 0xF74C (0x005595D0): an
//     instance stamp newer than the object's INSTANCE_TS is queued for a
//     later incarnation, an older one dropped (NETBLOB_LOGGED_OUT); only an
//     equal one reaches CPhysics::SetObjectMovement.
//   - CPhysics::SetObjectMovement (0x00509690, acclient.c:311148): the
//     movement stamp must be newer than update_times[MOVEMENT_TS], which
//     then takes it; a server-control stamp older than
//     update_times[SERVER_CONTROLLED_MOVE_TS] drops the message (the
//     movement stamp stays taken), otherwise it is stored; then, unless the
//     movement is autonomous and the object is the player,
//     last_move_was_autonomous is set and CPhysicsObj::unpack_movement runs.
//
// A motion event without stamps is applied ungated, as before stamps were
// carried. docs/readings.md ("Motion stamps") names the choices.

package engine

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// motionNewer is SetObjectMovement's test that the movement stamp s is
// newer than the stored r, as decompiled: when |s − r| > 0x7FFF (the
// stamps wrapped) s is newer when it is the smaller, otherwise when it is
// the larger. Equal stamps are not newer; exactly 0x8000 apart, s is newer
// when it is the smaller (unlike physics.StampIsNewer, which calls that
// neither: docs/readings.md "Motion stamps").
func motionNewer(s, r uint16) bool {
	d := int32(s) - int32(r)
	if d > 0x7FFF || d < -0x7FFF {
		return s < r
	}
	return r < s
}

// motionStored is the object's stored instance, movement and
// server-control stamps.
func motionStored(o *object) [3]uint16 {
	u := &o.phys.UpdateTimes
	return [3]uint16{u[physics.StampInstance], u[physics.StampMovement], u[physics.StampServerControlledMove]}
}

// gateMotion runs the stamp gate for a motion event that carries stamps,
// storing what retail stores, and returns the verdict.
func gateMotion(o *object, q recording.MotionSeq) eventlog.MotionGate {
	switch o.phys.CheckInstance(q.Instance) {
	case physics.InstanceNotYetCreated:
		return eventlog.MotionInstanceNewer
	case physics.InstanceLoggedOut:
		return eventlog.MotionInstanceOlder
	}
	u := &o.phys.UpdateTimes
	if !o.st.motionStamped {
		// The stored stamps are the CreateObject's (or those of an
		// UpdateMotion before the recording began): the first motion
		// with stamps — a created object's movement block — sets them.
		o.st.motionStamped = true
		u[physics.StampMovement], u[physics.StampServerControlledMove] = q.Movement, q.ServerControl
		return eventlog.MotionSeeded
	}
	if !motionNewer(q.Movement, u[physics.StampMovement]) {
		return eventlog.MotionStaleMovement
	}
	u[physics.StampMovement] = q.Movement
	// The server-control stamp is dropped when older: the decompiled
	// test with the operands swapped.
	if motionNewer(u[physics.StampServerControlledMove], q.ServerControl) {
		return eventlog.MotionStaleServerControl
	}
	u[physics.StampServerControlledMove] = q.ServerControl
	return eventlog.MotionApplied
}
