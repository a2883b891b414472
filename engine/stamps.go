// Stamp checks: for each UpdatePosition delivered, the four u16 stamps it
// carried (instance, position, teleport, force_position) beside the ones the
// object had stored when it arrived, so the viewer can show why an update
// was dropped (SmartBox::UnpackPositionEvent's instance check,
// HandleReceivedPosition's newer_event, MoveOrTeleport's teleport stamp;
// seed 004 §2–§3). Kept beside the event log: a route entry points at its
// row, 16 bytes each, and a streamed Sim keeps only the current tick's.

package engine

import "glidepath/physics"

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
// reserved at at, before routing changes update_times.
func (s *Sim) noteStamps(at int, o *object, u *physics.PositionUpdate) {
	if at < 0 {
		return
	}
	s.log[at].x = uint32(len(s.stamps))
	s.stamps = append(s.stamps, stampCheckOf(o, u))
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
// UpdatePosition delivered).
func (s *Sim) StampCheckAt(i int) (StampCheck, bool) {
	return stampCheckAt(s.log, s.stamps, i)
}

// StampCheck returns the stamps of entry i when it is a route.
func (v LogView) StampCheck(i int) (StampCheck, bool) { return stampCheckAt(v.log, v.stamps, i) }

func stampCheckAt(log []logEntry, rows []StampCheck, i int) (StampCheck, bool) {
	if i < 0 || i >= len(log) || log[i].kind != EventRoute || int(log[i].x) >= len(rows) {
		return StampCheck{}, false
	}
	return rows[log[i].x], true
}
