// Describing events: one short phrase per logged decision ("route slide",
// "enqueue near, pruned 1", "stall window failed: 0.00 m in 0.167 s"), the
// words the pipeline panel, `diff` and the cause chains share.

package engine

import (
	"strconv"
	"strings"
)

// Text describes the event in a few words.
func (e *Event) Text() string {
	switch e.Kind {
	case EventRoute:
		return "route " + e.Route.String() + " (player_distance " + metresText(e.Distance) + " m)"
	case EventEnqueue:
		s := "enqueue " + e.Branch.String()
		if e.Pruned > 0 {
			s += ", pruned " + strconv.Itoa(int(e.Pruned))
		}
		if e.Evicted {
			s += ", head evicted"
		}
		return s + ", queue " + strconv.Itoa(int(e.Queue)) + failText(e)
	case EventNodeComplete:
		if e.Success {
			return "node completed, queue " + strconv.Itoa(int(e.Queue))
		}
		return "node given up, queue " + strconv.Itoa(int(e.Queue)) + failText(e)
	case EventStallWindow:
		verdict := "passed"
		if !e.Pass {
			verdict = "failed"
		}
		return "stall window " + verdict + ": " + metresText(e.Cumulative) + " m in " + secondsText(e.ProgressQuantum) + " s"
	case EventBlip:
		return "blip " + metresText(placeDistance(&e.From, &e.To)) + " m to the " + blipTargetText(e)
	case EventSnap:
		return "snap " + metresText(placeDistance(&e.From, &e.To)) + " m"
	case EventContact:
		if e.Contact {
			return "Contact set"
		}
		return "Contact cleared"
	case EventVector:
		if e.Applied {
			return "vector update applied"
		}
		return "vector update ignored (stamps)"
	case EventMotion:
		if e.Gate == MotionUngated {
			return "UpdateMotion applied"
		}
		return "UpdateMotion " + e.Gate.String() + " (stored instance " + strconv.Itoa(int(e.Stored[0])) +
			", movement " + strconv.Itoa(int(e.Stored[1])) + ", server_control " + strconv.Itoa(int(e.Stored[2])) + ")"
	case EventPop:
		return "pop " + metresText(placeDistance(&e.From, &e.To)) + " m"
	case EventHitch:
		return "hitch confirmed (tick " + strconv.Itoa(int(e.Tick)-1) + " still)"
	}
	return strings.ReplaceAll(e.Kind.String(), "_", " ")
}

func failText(e *Event) string {
	if e.Fail == 0 {
		return ""
	}
	return ", node_fail_counter " + strconv.Itoa(int(e.Fail))
}
