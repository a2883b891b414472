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
func (s *Sim) StampCheckAt(i int) (StampCheck, bool) {
	stored, ok := storedAt(s.log, s.stamps, i)
	if !ok {
		return StampCheck{}, false
	}
	c := StampCheck{Stored: stored}
	row := s.log[i].x
	switch {
	case s.feed != nil && int(row) < len(s.stampsIn):
		c.Incoming = s.stampsIn[row]
	case s.store != nil && s.log[i].source >= 0 && int(s.log[i].source) < s.store.Len():
		var ev recording.Event
		s.store.At(int(s.log[i].source), &ev)
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
