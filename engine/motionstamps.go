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
	"glidepath/engine/recording"
	"glidepath/physics"
)

// MotionGate is a motion event's stamp verdict.
type MotionGate uint8

const (
	// MotionUngated: the event carried no stamps and was applied.
	MotionUngated MotionGate = iota
	// MotionApplied: its stamps passed and it was applied.
	MotionApplied
	// MotionSeeded: the object's first motion with stamps — the stamps
	// stored before it are not in the recording — applied, its stamps
	// stored.
	MotionSeeded
	// MotionInstanceNewer: a later incarnation's; retail queues it for
	// that object (never replayed here).
	MotionInstanceNewer
	// MotionInstanceOlder: an earlier incarnation's; dropped.
	MotionInstanceOlder
	// MotionStaleMovement: the movement stamp was not newer; dropped.
	MotionStaleMovement
	// MotionStaleServerControl: the server-control stamp was older;
	// dropped (its movement stamp was stored).
	MotionStaleServerControl
	numMotionGates
)

var motionGateNames = [numMotionGates]string{
	MotionUngated:            "ungated",
	MotionApplied:            "applied",
	MotionSeeded:             "applied (first stamps, stored)",
	MotionInstanceNewer:      "dropped: instance newer (queued for a later incarnation)",
	MotionInstanceOlder:      "dropped: instance older",
	MotionStaleMovement:      "dropped: movement stamp not newer",
	MotionStaleServerControl: "dropped: server_control stamp older",
}

func (g MotionGate) String() string {
	if g < numMotionGates {
		return motionGateNames[g]
	}
	return "MotionGate(?)"
}

// Applied reports whether the motion was applied.
func (g MotionGate) Applied() bool { return g <= MotionSeeded }

// MotionStampNames name the three stamps a motion event carries, in the
// order Event.Stored and recording.MotionSeq hold them.
var MotionStampNames = [3]string{"instance", "movement", "server_control"}

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
func gateMotion(o *object, q recording.MotionSeq) MotionGate {
	switch o.phys.CheckInstance(q.Instance) {
	case physics.InstanceNotYetCreated:
		return MotionInstanceNewer
	case physics.InstanceLoggedOut:
		return MotionInstanceOlder
	}
	u := &o.phys.UpdateTimes
	if !o.st.motionStamped {
		// The stored stamps are the CreateObject's (or those of an
		// UpdateMotion before the recording began): the first motion
		// with stamps — a created object's movement block — sets them.
		o.st.motionStamped = true
		u[physics.StampMovement], u[physics.StampServerControlledMove] = q.Movement, q.ServerControl
		return MotionSeeded
	}
	if !motionNewer(q.Movement, u[physics.StampMovement]) {
		return MotionStaleMovement
	}
	u[physics.StampMovement] = q.Movement
	// The server-control stamp is dropped when older: the decompiled
	// test with the operands swapped.
	if motionNewer(u[physics.StampServerControlledMove], q.ServerControl) {
		return MotionStaleServerControl
	}
	u[physics.StampServerControlledMove] = q.ServerControl
	return MotionApplied
}
