// Describing events: one short phrase per logged decision ("route slide",
// "enqueue near, pruned 1", "stall window failed: 0.00 m in 0.167 s"), the
// words the pipeline panel, `diff` and the cause chains share.

package eventlog

import (
	"strconv"
	"strings"

	"glidepath/interp"
)

// Text describes the event in a few words: the kind's Text, or its name.
func (e *Event) Text() string {
	if k := e.Kind.Info(); k.Text != nil {
		return k.Text(e)
	}
	return strings.ReplaceAll(e.Kind.String(), "_", " ")
}

func routeText(e *Event) string {
	return "route " + e.Route.String() + " (player_distance " + MetresText(e.Distance) + " m)"
}

func enqueueText(e *Event) string {
	s := "enqueue " + e.Branch.String()
	if e.Pruned > 0 {
		s += ", pruned " + strconv.Itoa(int(e.Pruned))
	}
	if e.Evicted {
		s += ", head evicted"
	}
	return s + ", queue " + strconv.Itoa(int(e.Queue)) + failText(e)
}

func nodeCompleteText(e *Event) string {
	if e.Success {
		return "node completed, queue " + strconv.Itoa(int(e.Queue))
	}
	return "node given up, queue " + strconv.Itoa(int(e.Queue)) + failText(e)
}

func stallWindowText(e *Event) string {
	verdict := "passed"
	if !e.Pass {
		verdict = "failed"
	}
	if e.FromSentinel() {
		// Not a distance travelled: the window was judged against the
		// 999999 original_distance an empty queue leaves (seed 000 §2).
		return "stall window " + verdict + ": no baseline yet (original_distance 999999), in " + SecondsText(e.ProgressQuantum) + " s"
	}
	return "stall window " + verdict + ": " + MetresText(e.Cumulative) + " m in " + SecondsText(e.ProgressQuantum) + " s"
}

// SentinelProgress is the least cumulative progress of a stall window that
// can only have been measured from the 999999 m original_distance an empty
// queue leaves (interp.LargeDistance), not from a real distance: no body
// covers a kilometre in one 5-frame window.
const SentinelProgress = 1000

// FromSentinel says whether a stall window's cumulative progress was
// measured from the empty queue's 999999 sentinel (SentinelProgress).
func (e *Event) FromSentinel() bool { return e.Cumulative >= SentinelProgress }

func blipText(e *Event) string {
	return "blip " + MetresText(PlaceDistance(&e.From, &e.To)) + " m to the " + BlipTargetText(e)
}

func snapText(e *Event) string { return "snap " + MetresText(PlaceDistance(&e.From, &e.To)) + " m" }

func contactText(e *Event) string {
	if e.Contact {
		return "Contact set"
	}
	return "Contact cleared"
}

func vectorText(e *Event) string {
	if e.Applied {
		return "vector update applied"
	}
	return "vector update ignored (stamps)"
}

func motionText(e *Event) string {
	if e.Gate == MotionUngated {
		return "UpdateMotion applied"
	}
	return "UpdateMotion " + e.Gate.String() + " (stored instance " + strconv.Itoa(int(e.Stored[0])) +
		", movement " + strconv.Itoa(int(e.Stored[1])) + ", server_control " + strconv.Itoa(int(e.Stored[2])) + ")"
}

func popText(e *Event) string { return "pop " + MetresText(PlaceDistance(&e.From, &e.To)) + " m" }

func hitchText(e *Event) string {
	return "hitch confirmed (tick " + strconv.Itoa(int(e.Tick)-1) + " still)"
}

func failText(e *Event) string {
	if e.Fail == 0 {
		return ""
	}
	return ", node_fail_counter " + strconv.Itoa(int(e.Fail))
}

// BlipTargetText names a blip's target in words ("tail", "last position node").
func BlipTargetText(e *Event) string {
	switch e.Target {
	case interp.BlipTail:
		return "tail"
	case interp.BlipLastPositionNode:
		return "last position node"
	case interp.BlipToPosition:
		return "blipto_position"
	}
	return "target"
}

// PlaceDistance is the distance from a to b, metres (origins only when
// either has no cell).
func PlaceDistance(a, b *Place) float32 {
	pa, pb := a.Position(), b.Position()
	if a.Cell == 0 || b.Cell == 0 {
		return b.Origin.Sub(a.Origin).Len()
	}
	return pa.Offset(&pb).Len()
}

// MetresText prints a distance in metres, two decimals.
func MetresText(v float32) string { return strconv.FormatFloat(float64(v), 'f', 2, 32) }

// SecondsText prints a time in seconds, three decimals.
func SecondsText(v float32) string { return strconv.FormatFloat(float64(v), 'f', 3, 32) }
