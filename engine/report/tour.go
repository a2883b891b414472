// Tour: the stops of a guided tour through a run — the ticks where a
// newcomer sees, in order, an update arrive and be routed, a waypoint
// queued, a stall window judged, a waypoint reached, and finally a blip —
// each with a caption in the project's words and the docs/pipeline.md
// section that explains it. The stops are read off the event log, so any
// run can be toured; the viewer only moves the cursor and shows captions.

package report

import (
	"fmt"
	"slices"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
)

// TourStop is one stop: the tick to show, the object to select and what to
// say about it.
type TourStop struct {
	Tick    int
	GUID    uint32
	Caption string
	// Doc is the docs/pipeline.md section that explains the stop.
	Doc string
}

// Tour returns the stops of a guided tour of the run's event log (Options
// EventLog; call it after running to the end). It follows the object of the
// run's first blip — or, when nothing blips, the first object an update
// reached — through the first instance of each stage of its story, in tick
// order, ending at the blip. With no update at all it returns nil.
func Tour(s *engine.Sim) []TourStop {
	log := s.Query().AllEvents()
	guid, end, blip := tourSubject(log)
	if guid == 0 {
		return nil
	}
	if blip == nil {
		end = s.Furthest()
	}
	var stops []TourStop
	add := func(e *eventlog.Event, caption, doc string) {
		stops = append(stops, TourStop{Tick: int(e.Tick), GUID: guid, Caption: caption, Doc: doc})
	}
	stops = append(stops, TourStop{Tick: 0, GUID: guid, Caption: "Tick 0: the body stands where the recording's header put it; " +
		"its ghost is the server's truth. Each tick first delivers the messages due, then moves every object through the pipeline's stages.",
		Doc: eventlog.DeliverDoc})
	var seen [eventlog.NumEventKinds]bool
	for i := range log {
		e := &log[i]
		if e.GUID != guid || int(e.Tick) > end || seen[e.Kind] {
			continue
		}
		stop := tourStops[e.Kind]
		if stop == nil {
			continue
		}
		caption, doc, ok := stop(e)
		if !ok {
			continue
		}
		add(e, caption, doc)
		seen[e.Kind] = true
	}
	if blip != nil {
		// The failed window that led to the blip, when the stop above
		// showed another.
		for i := len(log) - 1; i >= 0; i-- {
			e := &log[i]
			if e.GUID == guid && e.Kind == eventlog.EventStallWindow && !e.Pass && int(e.Tick) <= end {
				if last := stops[len(stops)-1]; last.Tick != int(e.Tick) || last.Doc != e.Kind.Doc() {
					add(e, fmt.Sprintf("This stall window fails (%.2f m of progress): node_fail_counter counts it and NodeCompleted pops the head.", e.Cumulative), e.Kind.Doc())
				}
				break
			}
		}
		slices.SortStableFunc(stops, func(a, b TourStop) int { return a.Tick - b.Tick })
		from, to := blip.From.Position(), blip.To.Position()
		add(blip, fmt.Sprintf("UseTime blips the body to %s: it gives up gliding and jumps %.1f m at once.",
			blipWhere(blip.Target), from.Distance(&to)), blip.Kind.Doc())
	} else {
		caption := "Nothing blips in this run; the runner, wall and cliff scenarios end their tours at a blip."
		if n := countKind(log, eventlog.EventSnap); n > 0 {
			// The viewer counts snaps with blips (its blips column): say
			// what jumped instead of that nothing did.
			caption = fmt.Sprintf("UseTime never blips in this run, but bodies jump %d time(s) by a snap — a teleport or slide placement, on the snaps lane; the runner, wall and cliff scenarios end their tours at a blip.", n)
		}
		stops = append(stops, TourStop{Tick: end, GUID: guid, Caption: caption, Doc: eventlog.EventBlip.Doc()})
	}
	return stops
}

// tourStops say what the tour tells at the first event of each kind it
// stops at (ok false: not this one, wait for the next).
var tourStops = [eventlog.NumEventKinds]func(e *eventlog.Event) (caption, doc string, ok bool){
	eventlog.EventRoute: func(e *eventlog.Event) (string, string, bool) {
		return fmt.Sprintf("An UpdatePosition arrives and MoveOrTeleport takes the %s branch: %s", e.Route, routeWhy(e.Route)), eventlog.RouteDoc(e.Route), true
	},
	eventlog.EventEnqueue: func(e *eventlog.Event) (string, string, bool) {
		if e.Branch == interp.BranchArrived {
			return "", "", false // nothing queued: wait for a waypoint
		}
		return fmt.Sprintf("InterpolateTo takes the %s branch: %s", e.Branch, branchWhy(e.Branch)), eventlog.BranchDoc(e.Branch), true
	},
	eventlog.EventStallWindow: func(e *eventlog.Event) (string, string, bool) {
		if e.FromSentinel() {
			return "", "", false // the first window after an empty queue always passes
		}
		verdict := "passes: the body is getting closer"
		if !e.Pass {
			verdict = "fails: the body made no progress, so the head is given up on"
		}
		return fmt.Sprintf("Every 5 frames adjust_offset judges the progress toward the head: %.2f m this window, so it %s.", e.Cumulative, verdict), e.Kind.Doc(), true
	},
	eventlog.EventNodeComplete: func(e *eventlog.Event) (string, string, bool) {
		if !e.Success {
			return "", "", false
		}
		return "The body is within 0.05 m of the head: NodeCompleted pops it and the next waypoint becomes the head.", e.Kind.Doc(), true
	},
}

// tourSubject picks the object to follow and, when it blips, the last tick
// of its tour: the first blip's object and tick, or the first routed
// object.
func tourSubject(log []eventlog.Event) (guid uint32, end int, blip *eventlog.Event) {
	for i := range log {
		if log[i].Kind == eventlog.EventBlip {
			return log[i].GUID, int(log[i].Tick), &log[i]
		}
	}
	for i := range log {
		if log[i].Kind == eventlog.EventRoute {
			return log[i].GUID, 0, nil
		}
	}
	return 0, 0, nil
}

// branchWhy says in a sentence what a queueing branch did.
func branchWhy(b interp.EnqueueBranch) string {
	if b == interp.BranchFar {
		return "the position is farther than the blip distance, so it is queued and the next UseTime will blip the body there."
	}
	return "the position is queued as a numbered waypoint, and the body glides toward the head at the catch-up speed."
}

// blipWhere names a blip target.
func blipWhere(t interp.BlipTarget) string {
	switch t {
	case interp.BlipTail:
		return "the queue's tail"
	case interp.BlipToPosition:
		return "blipto_position, the waypoint a failed stall window popped"
	case interp.BlipLastPositionNode:
		return "the last position waypoint"
	}
	return t.String()
}

// routeWhy says in a sentence what a routing branch means.
func routeWhy(r physics.Route) string {
	switch r {
	case physics.RouteInterpolate:
		return "the body is grounded and within 96 m of the player, so the position is queued."
	case physics.RouteTeleport:
		return "its teleport stamp is newer, so the body is placed there at once."
	case physics.RouteSlide:
		return "it is 96 m or more from the player, so the body is snapped to it."
	case physics.RouteAirborne:
		return "the update says the body is in the air, so it is ignored."
	case physics.RouteStalePosition:
		return "its position stamp is not newer than the last one, so it is dropped."
	case physics.RouteStaleTeleport:
		return "its teleport stamp is older, so it is ignored."
	case physics.RouteWrongInstance:
		return "it is for another instance of the object, so it is dropped."
	}
	return ""
}

// countKind is how many events of the log are of kind k.
func countKind(log []eventlog.Event, k eventlog.EventKind) int {
	n := 0
	for i := range log {
		if log[i].Kind == k {
			n++
		}
	}
	return n
}
