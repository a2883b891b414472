// Event details: the line the strip shows for the hovered event, naming
// the retail decision it records (seed 004 §3 routing branches, seed 000
// §3–§6 the InterpolationManager's).

package timeline

import (
	"fmt"
	"strconv"

	"glidepath/engine/eventlog"
	"glidepath/engine/hexid"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// tickLabel is "tick K · S s".
func tickLabel(tick, rate int) string {
	return "tick " + strconv.Itoa(tick) + " · " + strconv.FormatFloat(float64(tick)/float64(max(rate, 1)), 'f', 2, 64) + " s"
}

// routeHelp names each MoveOrTeleport branch (seed 004 §3).
var routeHelp = map[physics.Route]string{
	physics.RouteTeleport:      "teleport (branch A: newer teleport stamp or no cell; SetPosition 0x1012)",
	physics.RouteInterpolate:   "interpolate (branch B: grounded within 96 m; InterpolateTo)",
	physics.RouteSlide:         "slide (branch C: grounded beyond 96 m; SetPositionSimple slide)",
	physics.RouteAirborne:      "airborne (has_contact 0: MoveOrTeleport returns 0)",
	physics.RouteStalePosition: "stale position stamp: dropped by HandleReceivedPosition",
	physics.RouteStaleTeleport: "stale teleport stamp: MoveOrTeleport returns 0",
	physics.RouteWrongInstance: "wrong instance stamp: dropped by UnpackPositionEvent",
}

// DescribeAt is the details line of the log's event i: for a blip, snap,
// pop or hitch its cause chain as the engine explained it (explain.Cause),
// otherwise Describe's line.
func DescribeAt(i int, d *Data) string {
	e := d.Index.Event(i)
	if tick, why, ok := d.Index.Cause(i); ok {
		return tickLabel(tick, rate(d)) + who(&e, d) + " · " + why
	}
	return Describe(&e, d)
}

func rate(d *Data) int {
	if d != nil && d.Info != nil {
		return d.Info.TickRate
	}
	return 30
}

// Describe is the details line of an event.
func Describe(e *model.Event, d *Data) string {
	return tickLabel(int(e.Tick), rate(d)) + who(e, d) + " · " + what(e, d)
}

// who is " · Name · 0x…" for an event of an object, "" otherwise.
func who(e *model.Event, d *Data) string {
	who := ""
	if e.GUID != 0 {
		who = " · " + hexid.String(e.GUID)
		if d != nil && d.History != nil {
			if tr := d.History.Track(e.GUID); tr != nil && tr.Name != "" {
				who = " · " + tr.Name + who
			}
		}
	}
	return who
}

func what(e *model.Event, d *Data) string {
	switch e.Kind {
	case eventlog.EventRoute:
		s := "UpdatePosition → " + e.Route.String()
		if h, ok := routeHelp[e.Route]; ok {
			s = "UpdatePosition → " + h
		}
		if e.HasStamps {
			s += " · " + stampsText(e)
		}
		return s
	case eventlog.EventEnqueue:
		s := "InterpolateTo: " + e.Branch.String() + " branch"
		switch e.Branch {
		case interp.BranchFar:
			s += " (beyond the blip distance: node_fail_counter = 4, blip next UseTime)"
		case interp.BranchArrived:
			s += " (already within 0.05 m: StopInterpolating)"
		}
		if e.Pruned > 0 {
			s += fmt.Sprintf(", pruned %d tail node(s) within 0.05 m", e.Pruned)
		}
		if e.Evicted {
			s += ", queue full: head dropped"
		}
		return s
	case eventlog.EventNodeComplete:
		if e.Success {
			return "NodeCompleted(1): head reached within 0.05 m"
		}
		return "NodeCompleted(0): a stall window gave up on the head"
	case eventlog.EventStallWindow:
		verdict := "fail"
		if e.Pass {
			verdict = "pass"
		}
		return fmt.Sprintf("stall window: %s, cumulative %.3f m, progress_quantum %.3f", verdict, e.Cumulative, e.ProgressQuantum)
	case eventlog.EventBlip:
		return fmt.Sprintf("blip to %s: %.2f m", e.Target, e.To.Sub(e.From).Len())
	case eventlog.EventSnap:
		return fmt.Sprintf("snap (teleport or slide): %.2f m", e.To.Sub(e.From).Len())
	case eventlog.EventPop:
		return fmt.Sprintf("pop: %.2f m with no blip or snap", e.To.Sub(e.From).Len())
	case eventlog.EventHitch:
		return fmt.Sprintf("hitch: still at tick %d between moving ticks", e.Tick-1)
	case eventlog.EventSprint:
		return fmt.Sprintf("sprint: ticks %d–%d at catch-up speed, %.2f m", e.Since, e.Until, e.To.Sub(e.From).Len())
	case eventlog.EventSnapback:
		return fmt.Sprintf("snap-back: ticks %d–%d, %.2f m back", e.Since, e.Until, e.To.Sub(e.From).Len())
	case eventlog.EventLag:
		return fmt.Sprintf("lag: updates from tick %d to %d each landed farther ahead", e.Since, e.Until)
	case eventlog.EventMotion:
		if !e.HasStamps {
			return "UpdateMotion applied"
		}
		verdict := "applied"
		if !e.Applied {
			verdict = "dropped"
		}
		return "UpdateMotion " + verdict + " · " + motionStampsText(e)
	case eventlog.EventContact:
		if e.Contact {
			return "Contact set: on the ground"
		}
		return "Contact cleared: airborne"
	case eventlog.EventNote:
		if d != nil && d.Info != nil && e.Note >= 0 && int(e.Note) < len(d.Info.Notes) {
			return "note: " + d.Info.Notes[e.Note].Text
		}
		return "note"
	case eventlog.EventVector:
		if e.Applied {
			return "VectorUpdate applied"
		}
		return "VectorUpdate ignored (stale stamps)"
	}
	return e.Kind.String()
}

// motionStampsText is an UpdateMotion's stamps against the stored ones,
// as CPhysics::SetObjectMovement compares them: "inst 1=1 · move 7>6 ·
// ctrl 2=2" (engine/stamps.go).
func motionStampsText(e *model.Event) string {
	names := [3]string{"inst", "move", "ctrl"}
	s := ""
	for i, n := range names {
		in, st := e.StampsIn[i], e.StampsStored[i]
		op := "~"
		switch {
		case in == st:
			op = "="
		case physics.StampIsNewer(in, st):
			op = ">"
		case physics.StampIsOlder(in, st):
			op = "<"
		}
		if i > 0 {
			s += " · "
		}
		s += fmt.Sprintf("%s %d%s%d", n, in, op, st)
	}
	return s
}

// stampsText is a route's stamps against the stored ones: "inst 1=1 · pos
// 101>100 · tele 0=0 · force 0=0", with > newer, < older, = equal and ~
// exactly 0x8000 apart (newer_event, seed 004 §2).
func stampsText(e *model.Event) string {
	names := [4]string{"inst", "pos", "tele", "force"}
	s := ""
	for i, n := range names {
		in, st := e.StampsIn[i], e.StampsStored[i]
		op := "~"
		switch {
		case physics.StampIsNewer(in, st):
			op = ">"
		case physics.StampIsOlder(in, st):
			op = "<"
		case in == st:
			op = "="
		}
		if i > 0 {
			s += " · "
		}
		s += fmt.Sprintf("%s %d%s%d", n, in, op, st)
	}
	return s
}
