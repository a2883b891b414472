// Details lines: what the timeline's strip says about the hovered event
// (the kinds table's Detail), naming the retail decision it records (seed
// 004 §3 routing branches, seed 000 §3–§6 the InterpolationManager's).

package eventlog

import (
	"fmt"

	"glidepath/interp"
	"glidepath/physics"
)

// Detail is the details line of a viewed event, after its tick and object:
// the kind's Detail, or its name. note is a note event's note (nil when
// unknown).
func (e *Viewed) Detail(note *Note) string {
	if k := e.Kind.Info(); k.Detail != nil {
		return k.Detail(e, note)
	}
	return e.Kind.String()
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

func routeDetail(e *Viewed, _ *Note) string {
	s := "UpdatePosition → " + e.Route.String()
	if h, ok := routeHelp[e.Route]; ok {
		s = "UpdatePosition → " + h
	}
	if e.HasStamps {
		s += " · " + stampsText(e)
	}
	return s
}

func enqueueDetail(e *Viewed, _ *Note) string {
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
}

func nodeCompleteDetail(e *Viewed, _ *Note) string {
	if e.Success {
		return "NodeCompleted(1): head reached within 0.05 m"
	}
	return "NodeCompleted(0): a stall window gave up on the head"
}

func stallWindowDetail(e *Viewed, _ *Note) string {
	verdict := "fail"
	if e.Pass {
		verdict = "pass"
	}
	return fmt.Sprintf("stall window: %s, cumulative %.3f m, progress_quantum %.3f", verdict, e.Cumulative, e.ProgressQuantum)
}

func blipDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("blip to %s: %.2f m", e.Target, e.To.Sub(e.From).Len())
}

func snapDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("snap (teleport or slide): %.2f m", e.To.Sub(e.From).Len())
}

func popDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("pop: %.2f m with no blip or snap", e.To.Sub(e.From).Len())
}

func hitchDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("hitch: still at tick %d between moving ticks", e.Tick-1)
}

func sprintDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("sprint: ticks %d–%d at catch-up speed, %.2f m", e.Since, e.Until, e.To.Sub(e.From).Len())
}

func snapbackDetail(e *Viewed, _ *Note) string {
	return fmt.Sprintf("snap-back: ticks %d–%d, %.2f m back", e.Since, e.Until, e.To.Sub(e.From).Len())
}

func lagDetail(e *Viewed, _ *Note) string {
	return "lag: updates " + tickSpan(e.Since, e.Until) + " each landed farther ahead"
}

func motionDetail(e *Viewed, _ *Note) string {
	if !e.HasStamps {
		return "UpdateMotion applied"
	}
	verdict := "applied"
	if !e.Applied {
		verdict = "dropped"
	}
	return "UpdateMotion " + verdict + " · " + motionStampsText(e)
}

func contactDetail(e *Viewed, _ *Note) string {
	if e.Contact {
		return "Contact set: on the ground"
	}
	return "Contact cleared: airborne"
}

func noteDetail(_ *Viewed, note *Note) string {
	if note != nil {
		return "note: " + note.Text
	}
	return "note"
}

func vectorDetail(e *Viewed, _ *Note) string {
	if e.Applied {
		return "VectorUpdate applied"
	}
	return "VectorUpdate ignored (stale stamps)"
}

// motionStampsText is an UpdateMotion's stamps against the stored ones,
// as CPhysics::SetObjectMovement compares them: "inst 1=1 · move 7>6 ·
// ctrl 2=2" (engine/stamps.go).
func motionStampsText(e *Viewed) string {
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
func stampsText(e *Viewed) string {
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
