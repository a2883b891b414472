// The stamp block: the last UpdatePosition's four u16 stamps against the
// ones stored when it arrived, each compared as newer_event compares them,
// and the gate's verdict — so an update dropped as stale shows why
// (docs/pipeline.md#handle-received-position; seed 004 §2–§3). And the
// MoveToManager and StickyManager blocks.

package inspect

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

var stampNames = [4]string{"instance", "position", "teleport", "force_position"}

// StampRelation says how incoming compares with stored in the rolling u16
// order: newer when (in − stored) mod 65536 is in [1, 0x7FFF], older when
// (stored − in) is, else equal or exactly 0x8000 apart.
func StampRelation(in, stored uint16) string {
	switch {
	case physics.StampIsNewer(in, stored):
		return "newer"
	case physics.StampIsOlder(in, stored):
		return "older"
	case in == stored:
		return "equal"
	}
	return "0x8000 apart"
}

// StampVerdict is the gate's outcome for an update routed as r with these
// stamps: which stamp dropped it, or that it passed.
func StampVerdict(r physics.Route, in, stored [4]uint16) string {
	switch r {
	case physics.RouteWrongInstance:
		return "DROPPED: instance " + StampRelation(in[0], stored[0]) + " (must equal)"
	case physics.RouteStalePosition:
		return "DROPPED as stale: position " + StampRelation(in[1], stored[1]) + " (newer_event wants newer)"
	case physics.RouteStaleTeleport:
		return "DROPPED: teleport older"
	case physics.RouteTeleport:
		if physics.StampIsNewer(in[2], stored[2]) {
			return "accepted: teleport stamp newer → teleport"
		}
	}
	return "accepted → " + r.String()
}

func stampLines(ls []Line, o *engine.ObjectView) []Line {
	ls = append(ls, Line{Heading: true, Label: "Stamps of the last UpdatePosition"})
	if !o.HasStamps {
		return append(ls, Line{Label: "received", Value: "none yet"})
	}
	in, stored := o.LastStamps.Incoming, o.LastStamps.Stored
	for i, n := range stampNames {
		ls = append(ls, Line{Label: n, Value: fmt.Sprintf("message %d · stored %d · %s", in[i], stored[i], StampRelation(in[i], stored[i]))})
	}
	return append(ls, Line{Label: "verdict", Value: StampVerdict(o.LastRoute, in, stored)})
}

func managerLines(ls []Line, o *engine.ObjectView) []Line {
	field := func(l, format string, args ...any) {
		ls = append(ls, Line{Label: l, Value: fmt.Sprintf(format, args...)})
	}
	if o.Stuck {
		ls = append(ls, Line{Heading: true, Label: "StickyManager"})
		if o.Sticky.TargetID == recording.ObserverTarget {
			field("target_id", "the observer (player)")
		} else {
			field("target_id", "%s", hexid.String(o.Sticky.TargetID))
		}
		d := model.Global(&o.Sticky.TargetPosition).Sub(model.Global(&o.Position))
		d[2] = 0
		field("standoff", "%.2f m between centres · now %.2f m", float64(o.StickyStandoff), d.Len())
	}
	m := o.MoveTo
	if m == nil {
		return ls
	}
	ls = append(ls, Line{Heading: true, Label: "MoveToManager"})
	if m.Type == interp.MoveInvalid {
		last := "—"
		if m.LastResult != interp.MoveResultNone {
			last = m.LastResult.String()
		}
		if m.Stuck {
			last += " · stuck (StickTo)"
		}
		field("movement_type", "none · last %s", last)
		return ls
	}
	field("movement_type", "%s", m.Type)
	if m.TopLevelObjectID != 0 {
		if m.TopLevelObjectID == recording.ObserverTarget {
			field("sought object", "the observer (player) · radius %.2f", m.SoughtObjectRadius)
		} else {
			field("sought object", "%s · radius %.2f", hexid.String(m.TopLevelObjectID), m.SoughtObjectRadius)
		}
	}
	nodes := ""
	for i := 0; i < int(m.NumPending); i++ {
		n := m.Pending[i]
		if i > 0 {
			nodes += " → "
		}
		if n.Type == interp.TurnToHeading {
			nodes += fmt.Sprintf("turn to %.1f°", n.Heading)
		} else {
			nodes += "move"
		}
	}
	if nodes == "" {
		nodes = "none (waiting for the target)"
	}
	field("pending_actions", "%s", nodes)
	field("commands", "%s · aux %s", m.CurrentCommand, m.AuxCommand)
	field("distance_to_object", "%.2f m · speed %.2f · flags 0x%05X", m.Params.DistanceToObject, m.Params.Speed, m.Params.Flags)
	field("fail_progress_count", "%d", m.FailProgressCount)
	return ls
}
