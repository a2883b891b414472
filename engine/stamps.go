// Stamp checks: for each UpdatePosition delivered, the four u16 stamps it
// carried (instance, position, teleport, force_position) beside the ones the
// object had stored when it arrived, so the viewer can show why an update
// was dropped (SmartBox::UnpackPositionEvent's instance check,
// HandleReceivedPosition's newer_event, MoveOrTeleport's teleport stamp;
// seed 004 §2–§3). Kept beside the event log: a route entry points at its
// row of stored stamps, 8 bytes each; the incoming ones are the recording's,
// read back from the event store (a streamed Sim, which keeps only the
// current tick's log, keeps them beside the stored ones).

package engine

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// The four stamps an UpdatePosition carries, as StampCheck indexes them.
const (
	CheckInstance = iota
	CheckPosition
	CheckTeleport
	CheckForcePosition
	NumChecked
)

// checkedStamps are update_times' slots for the four.
var checkedStamps = [NumChecked]physics.Stamp{physics.StampInstance, physics.StampPosition, physics.StampTeleport, physics.StampForcePosition}

// CheckedStampNames name the four for display.
var CheckedStampNames = [NumChecked]string{"instance", "position", "teleport", "force_position"}

// StampCheck is one delivered UpdatePosition's stamps: Incoming as the
// message carried them, Stored as update_times held them when it arrived.
type StampCheck struct {
	Incoming, Stored [NumChecked]uint16
}

// StampRelation is how an incoming stamp compares with the stored one under
// newer_event's rolling u16 order.
type StampRelation uint8

const (
	StampEqual StampRelation = iota
	StampNewer
	StampOlder
	// StampHalfway: exactly 0x8000 apart, neither newer nor older.
	StampHalfway
)

var stampRelationNames = [...]string{"equal", "newer", "older", "0x8000 apart"}

func (r StampRelation) String() string {
	if int(r) < len(stampRelationNames) {
		return stampRelationNames[r]
	}
	return "?"
}

// Relation compares stamp i: newer when (in − stored) mod 65536 is in
// [1, 0x7FFF], older when (stored − in) is, else equal or halfway.
func (c *StampCheck) Relation(i int) StampRelation {
	in, st := c.Incoming[i], c.Stored[i]
	switch {
	case physics.StampIsNewer(in, st):
		return StampNewer
	case physics.StampIsOlder(in, st):
		return StampOlder
	case in == st:
		return StampEqual
	}
	return StampHalfway
}

// Verdict is the stamp gate's outcome for an update routed as r, in words:
// which stamp dropped it, or "accepted" (and whether its teleport stamp was
// newer, which makes MoveOrTeleport teleport).
func (c *StampCheck) Verdict(r physics.Route) string {
	switch r {
	case physics.RouteWrongInstance:
		return "dropped: instance " + c.Relation(CheckInstance).String() + " (must equal)"
	case physics.RouteStalePosition:
		return "dropped: position " + c.Relation(CheckPosition).String() + " (newer_event wants newer)"
	case physics.RouteStaleTeleport:
		return "dropped: teleport older"
	case physics.RouteTeleport:
		if c.Relation(CheckTeleport) == StampNewer {
			return "accepted: teleport newer (stored)"
		}
		return "accepted"
	}
	return "accepted"
}

// Dropped reports whether the stamp gate dropped an update routed as r.
func Dropped(r physics.Route) bool {
	return r == physics.RouteWrongInstance || r == physics.RouteStalePosition || r == physics.RouteStaleTeleport
}

// noteStamps keeps the stamps of the UpdatePosition whose route entry was
// reserved at at, before routing changes update_times: the stored ones,
// and in a streamed Sim the message's too.
func (s *Sim) noteStamps(at int, o *object, u *physics.PositionUpdate) {
	if at < 0 {
		return
	}
	c := stampCheckOf(o, u)
	s.log[at].x = uint32(len(s.stamps))
	s.stamps = append(s.stamps, c.Stored)
	if s.feed != nil {
		s.stampsIn = append(s.stampsIn, c.Incoming)
	}
}

// stampCheckOf is u's stamps beside o's update_times now.
func stampCheckOf(o *object, u *physics.PositionUpdate) StampCheck {
	var c StampCheck
	c.Incoming = [NumChecked]uint16{u.InstanceStamp, u.PositionStamp, u.TeleportStamp, u.ForcePositionStamp}
	for i, k := range checkedStamps {
		c.Stored[i] = o.phys.UpdateTimes[k]
	}
	return c
}

// StampCheckAt returns the stamps of log entry i when it is a route (an
// UpdatePosition delivered): the stored ones from the side table, the
// message's from the recording.
func (q Query) StampCheckAt(i int) (StampCheck, bool) {
	stored, ok := storedAt(q.s.log, q.s.stamps, i)
	if !ok {
		return StampCheck{}, false
	}
	c := StampCheck{Stored: stored}
	row := q.s.log[i].x
	switch {
	case q.s.feed != nil && int(row) < len(q.s.stampsIn):
		c.Incoming = q.s.stampsIn[row]
	case q.s.store != nil && q.s.log[i].source >= 0 && int(q.s.log[i].source) < q.s.store.Len():
		var ev recording.Event
		q.s.store.At(int(q.s.log[i].source), &ev)
		q := ev.Update.Seq
		c.Incoming = [NumChecked]uint16{q.Instance, q.Position, q.Teleport, q.ForcePosition}
	default:
		return StampCheck{}, false
	}
	return c, true
}

// StoredStamps returns, for entry i when it is a route, the instance,
// position, teleport and force_position stamps the object had stored when
// the UpdatePosition arrived (the message's are the recording event's,
// entry i's Source).
func (v LogView) StoredStamps(i int) ([NumChecked]uint16, bool) {
	return storedAt(v.log, v.stamps, i)
}

func storedAt(log []logEntry, rows [][NumChecked]uint16, i int) ([NumChecked]uint16, bool) {
	if i < 0 || i >= len(log) || log[i].kind != eventlog.EventRoute || int(log[i].x) >= len(rows) {
		return [NumChecked]uint16{}, false
	}
	return rows[log[i].x], true
}

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
