// Stamps: CPhysicsObj::update_times[9], the rolling u16 sequence stamps the
// server sends with each message, and CPhysicsObj::newer_event (0x00451B10,
// seed 004 §2, §8; spec/recording-v1.md "Delivery semantics").

package physics

// Stamp indexes update_times (retail enum PhysicsTimeStamp, acclient.h:6084).
type Stamp uint8

// PhysicsTimeStamp values.
const (
	StampPosition             Stamp = 0 // POSITION_TS
	StampMovement             Stamp = 1 // MOVEMENT_TS
	StampState                Stamp = 2 // STATE_TS
	StampVector               Stamp = 3 // VECTOR_TS
	StampTeleport             Stamp = 4 // TELEPORT_TS
	StampServerControlledMove Stamp = 5 // SERVER_CONTROLLED_MOVE_TS
	StampForcePosition        Stamp = 6 // FORCE_POSITION_TS
	StampObjDesc              Stamp = 7 // OBJDESC_TS
	StampInstance             Stamp = 8 // INSTANCE_TS
	NumStamps                       = 9 // NUM_PHYSICS_TS
)

// StampIsNewer reports whether stamp s is newer than the stored stamp r:
// (s − r) mod 65536 in [1, 0x7FFF]. Equal stamps, and stamps exactly 0x8000
// apart, are neither newer nor older (recording-v1 "Delivery semantics").
func StampIsNewer(s, r uint16) bool {
	d := s - r // u16 arithmetic wraps: this is (s − r) mod 65536
	return d >= 1 && d <= 0x7FFF
}

// StampIsOlder reports whether s is older than r: StampIsNewer(r, s).
func StampIsOlder(s, r uint16) bool { return StampIsNewer(r, s) }

// NewerEvent is CPhysicsObj::newer_event (0x00451B10): when s is newer than
// update_times[which] it stores s and reports true; otherwise it changes
// nothing and reports false.
func (o *Object) NewerEvent(which Stamp, s uint16) bool {
	if !StampIsNewer(s, o.UpdateTimes[which]) {
		return false
	}
	o.UpdateTimes[which] = s
	return true
}
