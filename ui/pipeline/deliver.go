// The deliver stage: the messages handled this tick, before any stage of
// UpdateObjectInternal runs — each UpdatePosition through the instance and
// stamp checks, MoveOrTeleport's branch and InterpolateTo's outcome (the
// tail pruned, the head dropped at the 20-node cap), and the motion and
// vector updates (seed 004 §0–§3, seed 000 §3; explained to users in
// docs/pipeline.md#deliver).

package pipeline

import (
	"fmt"
	"strings"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// Deliver is the deliver stage's step: SmartBox handing the tick's
// messages to the object.
var Deliver = Step{Stage: physics.NumStages, Name: "deliver", Inner: "UnpackPositionEvent → HandleReceivedPosition → MoveOrTeleport",
	Addr: "0x004542C0 → 0x00453FD0 → 0x00516330",
	Seed: "seed 004 §0–§3, seed 000 §3", Doc: eventlog.DeliverDoc}

// NumPanelStages is how many stages the panel lists: deliver, then the
// tick's.
const NumPanelStages = 1 + int(physics.NumStages)

// DeliverRows explains the tick's message handling for t's object: a head
// row, then one row per message handled, in order. Value is the message's
// chain of decisions, Why what it did to the body, Doc the section that
// explains it.
func DeliverRows(t *Tick) []Row {
	rows := []Row{{Step: Deliver}}
	for i := 0; i < len(t.Events); i++ {
		e := &t.Events[i]
		r := Row{Step: Deliver, Ran: true, Doc: eventlog.DeliverDoc}
		switch e.Kind {
		case eventlog.EventRoute:
			// The InterpolateTo or snap that followed belongs to the same
			// UpdatePosition.
			var next *model.Event
			if i+1 < len(t.Events) {
				if n := &t.Events[i+1]; n.Kind == eventlog.EventEnqueue || n.Kind == eventlog.EventSnap {
					next = n
					i++
				}
			}
			r.Value, r.Why, r.Doc = routeChain(e, next, &t.Reading)
		case eventlog.EventEnqueue:
			r.Value, r.Why = enqueueChain(e, &t.Reading)
			r.Doc = eventlog.BranchDoc(e.Branch)
		case eventlog.EventSnap:
			r.Value = fmt.Sprintf("body placed: %s → %s", vec(e.From), vec(e.To))
			r.Why = fmt.Sprintf("a teleport or slide moved the body %.2f m at once", e.To.Sub(e.From).Len())
			r.Doc = eventlog.RouteDoc(physics.RouteTeleport)
		case eventlog.EventMotion:
			r.Value = "UpdateMotion applied"
			r.Why = "the motion table's new animation changes the root motion and the catch-up speed from the next stage on"
			if e.HasStamps && !e.Applied {
				r.Value = "UpdateMotion dropped by its stamps"
				r.Why = fmt.Sprintf("CPhysics::SetObjectMovement: instance %d (stored %d), movement %d (stored %d, must be newer), server_control %d (stored %d, must not be older)",
					e.StampsIn[0], e.StampsStored[0], e.StampsIn[1], e.StampsStored[1], e.StampsIn[2], e.StampsStored[2])
			}
			r.Doc = eventlog.EventMotion.Doc()
		case eventlog.EventVector:
			r.Value = "VectorUpdate ignored"
			r.Why = "its vector stamp is not newer than the last one"
			if e.Applied {
				r.Value = "VectorUpdate applied"
				r.Why = "the velocity and omega it carried are set on the body"
			}
		case eventlog.EventCreate:
			r.Value, r.Why = "CreateObject", "the object enters the world at the position it carried"
		case eventlog.EventDelete:
			r.Value, r.Why = "DeleteObject", "the object leaves the world"
		default:
			continue
		}
		rows = append(rows, r)
	}
	if len(rows) == 1 {
		rows[0].Value = "no message for this object this tick"
		rows[0].Why = "the body goes on with what its queue and motion already hold"
	} else {
		rows[0].Ran = true
		rows[0].Value = fmt.Sprintf("%d message(s) handled", len(rows)-1)
	}
	return rows
}

// routeChain is an UpdatePosition's path through the checks and branches,
// with next the InterpolateTo or snap it caused (nil when none), under
// reading r.
func routeChain(e, next *model.Event, r *interp.Reading) (value, why, doc string) {
	var b strings.Builder
	b.WriteString("UpdatePosition")
	doc = eventlog.RouteDoc(e.Route)
	switch e.Route {
	case physics.RouteWrongInstance:
		b.WriteString(" → instance check: wrong instance, dropped")
		return b.String(), "UnpackPositionEvent drops updates for another instance of the object", doc
	case physics.RouteStalePosition:
		b.WriteString(" → stamps: position stamp not newer, dropped")
		return b.String(), "HandleReceivedPosition drops an update that is not newer than the last one", doc
	}
	b.WriteString(" → stamps: newer")
	fmt.Fprintf(&b, " → MoveOrTeleport: %s", e.Route)
	why = routeReason(e.Route)
	if next != nil {
		switch next.Kind {
		case eventlog.EventEnqueue:
			v, w := enqueueChain(next, r)
			b.WriteString(" → " + v)
			why += "; " + w
		case eventlog.EventSnap:
			fmt.Fprintf(&b, " → placed %.2f m away", next.To.Sub(next.From).Len())
		}
	}
	return b.String(), why, doc
}

// routeReason says what a routing branch means.
func routeReason(r physics.Route) string {
	switch r {
	case physics.RouteInterpolate:
		return "grounded and within 96 m of the player, so InterpolateTo queues the position"
	case physics.RouteTeleport:
		return "the teleport stamp is newer: the body is placed there at once"
	case physics.RouteSlide:
		return "96 m or more from the player: StopInterpolating, then the body is snapped there"
	case physics.RouteAirborne:
		return "the update says the body is in the air: MoveOrTeleport does nothing"
	case physics.RouteStaleTeleport:
		return "the teleport stamp is older: ignored"
	}
	return "routed"
}

// enqueueChain is InterpolateTo's outcome under reading r (seed 000 §3).
func enqueueChain(e *model.Event, r *interp.Reading) (value, why string) {
	switch e.Branch {
	case interp.BranchFar:
		if !r.FarBranchPrearm {
			return "InterpolateTo: far (appended)", "farther than the autonomy blip distance, but this reading does not pre-arm node_fail_counter: the body glides toward it"
		}
		return "InterpolateTo: far (appended)", "farther than the autonomy blip distance: node_fail_counter = 4, so this tick's UseTime blips the body to it"
	case interp.BranchArrived:
		return "InterpolateTo: arrived (nothing queued)", "the body is already within 0.05 m: interpolation stops"
	}
	value = "InterpolateTo: near, appended"
	why = "queued as the tail waypoint"
	if e.Pruned > 0 {
		value += fmt.Sprintf(", %d tail node(s) pruned", e.Pruned)
		why += "; nodes the new position makes redundant were pruned from the tail"
	}
	if e.Evicted {
		value += fmt.Sprintf(", head dropped at %d", interp.MaxQueuedNodes)
		why += fmt.Sprintf("; the queue was full (%d nodes), so its head was dropped — the body now aims further ahead and may blip", interp.MaxQueuedNodes)
	}
	return value, why
}
