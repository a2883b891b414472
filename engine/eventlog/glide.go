// Cause chains of the glide events (engine/glide.go), the kinds table's
// Explain: a sprint names the catch-up and why the queue got ahead; a
// snap-back the node it went back to and the StickyManager that held the
// body while that node waited; a lag the updates landing farther ahead, the
// queue and error rising, and the run rate the catch-up speed is missing.

package eventlog

import (
	"fmt"
	"strconv"

	"glidepath/engine/hexid"
)

// sprintCause is a sprint's what and why.
func sprintCause(e *Event) (what, why string) {
	what = fmt.Sprintf("sprint %s m at catch-up speed (mean %s m/s", MetresText(e.Distance), MetresText(e.Speed))
	if e.Ref > 0 {
		what += fmt.Sprintf(", %.1f× the run speed %s m/s", e.Speed/e.Ref, MetresText(e.Ref))
	}
	what += ")"
	why = fmt.Sprintf("adjust_offset moved the body at the catch-up speed %s m/s (2 × get_adjusted_max_speed, docs/pipeline.md#adjust-offset) because the queue got ahead of it", MetresText(e.Rate))
	if e.CauseTick > 0 || e.CauseDist > 0 {
		why += fmt.Sprintf(": the UpdatePosition at tick %d landed %s m ahead of the body", e.CauseTick, MetresText(e.CauseDist))
		if e.Queue > 1 {
			why += fmt.Sprintf(" (%s queued)", NodesText(e.Queue))
		}
		why += " — the server's body was ahead of the client's, and the catch-up closes that gap only at the catch-up speed less the server's"
	}
	return what, why
}

// snapbackCause is a snap-back's what and why.
func snapbackCause(e *Event) (what, why string) {
	what = fmt.Sprintf("snap-back %s m at %s m/s", MetresText(e.Distance), MetresText(e.Speed))
	if e.Stuck != 0 {
		held := ""
		if e.Queue > 0 {
			held = fmt.Sprintf("; %s queued while sticky", NodesText(e.Queue))
		}
		why = fmt.Sprintf("the head node was queued at tick %d while the StickyManager held the body stuck to %s (StickTo at tick %d%s): its pull overrode adjust_offset, so the node waited %s m back",
			e.CauseTick, stuckName(e.Stuck), e.StuckSince, held, MetresText(e.CauseDist))
		switch {
		case e.Released >= 0 && e.Sticky:
			them := "it"
			if e.Queue > 1 {
				them = "them"
			}
			why += fmt.Sprintf("; the StickyManager released %s at tick %d, at its 1 s sticky timeout (StickyManager::UseTime)", them, e.Released)
		case e.Released >= 0:
			why += fmt.Sprintf("; the stick ended at tick %d before its 1 s timeout (an Unstick: an UpdateMotion or move-to that unstuck it)", e.Released)
		}
		why += fmt.Sprintf(", and adjust_offset went back to the node at the catch-up speed %s m/s", MetresText(e.Rate))
	} else {
		why = fmt.Sprintf("the head node, queued at tick %d, is older than the newest update and lies %s m back along the body's path: adjust_offset takes the queue in order, so the body went back to it at the catch-up speed %s m/s before going on",
			e.CauseTick, MetresText(e.CauseDist), MetresText(e.Rate))
	}
	return what, why
}

// lagCause is a lag's what and why.
func lagCause(e *Event) (what, why string) {
	what = fmt.Sprintf("lag: fell %s m behind (from %s m)", MetresText(e.Distance), MetresText(e.CauseDist))
	why = fmt.Sprintf("the UpdatePositions %s landed farther and farther ahead of the body, the queue never emptying; the queue rose from %s to %s and the error from %s m to %s m",
		tickSpan(e.Since, e.Until), NodesText(e.Fail), NodesText(e.Queue), MetresText(e.CauseDist), MetresText(e.Distance))
	if e.Ref > 0 {
		why += fmt.Sprintf("; the server moved it at %s m/s", MetresText(e.Ref))
		if e.Ref > e.Rate {
			why += fmt.Sprintf(", faster than the catch-up speed %s m/s", MetresText(e.Rate))
			if e.RunRate > 0 {
				why += fmt.Sprintf(" (2 × 4.0 × the run rate, my_run_rate %s)", strconv.FormatFloat(float64(e.RunRate), 'f', 2, 32))
			}
		}
		why += fmt.Sprintf(", and the body followed at %s m/s", MetresText(e.Speed))
	}
	if e.NoRunRate {
		why += "; no run rate: no UpdateMotion gave it one (no run_rate, no RunForward), so my_run_rate is the default"
	}
	if e.Gliding {
		why += "; its forward command is Ready — no run cycle — so only the catch-up moves it (a glide)"
	}
	return what, why
}

// tickSpan says when a lag's updates were delivered: a span of ticks, or
// one tick where they all came in the same one (a burst).
func tickSpan(since, until int32) string {
	if since == until {
		return fmt.Sprintf("delivered together at tick %d", since)
	}
	return fmt.Sprintf("from tick %d to %d", since, until)
}

// stuckName names a sticky target: its guid, or the observer.
func stuckName(guid uint32) string {
	if guid == 0xFFFFFFFF {
		return "the player (the observer)"
	}
	return hexid.String(guid)
}

// NodesText is "1 node" or "N nodes".
func NodesText(n uint8) string {
	if n == 1 {
		return "1 node"
	}
	return strconv.Itoa(int(n)) + " nodes"
}
