// The pipeline panel's cause chains: when the cursor's tick holds a blip,
// snap (teleport or slide), pop, hitch, sprint, snap-back or lag of the
// selection, the panel leads with its one-line cause chain, the same text
// the timeline lanes' tooltips show (the engine's Explainer builds it,
// engine/explain; the panel only formats it).

package panel

import (
	"strconv"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// causedKinds are the events that carry a cause chain.
var causedKinds = model.KindSet(eventlog.EventBlip, eventlog.EventSnap, eventlog.EventPop, eventlog.EventHitch,
	eventlog.EventSprint, eventlog.EventSnapback, eventlog.EventLag)

// causeLines returns "tick T: what — why" for every event of ids (the
// selection's events at the cursor's tick, newest first as Index.Recent
// gives them) that has a chain, oldest first.
func causeLines(x *model.Index, ids []int32) []string {
	var out []string
	for k := len(ids) - 1; k >= 0; k-- {
		i := int(ids[k])
		if e := x.Event(i); !causedKinds.Has(e.Kind) {
			continue
		}
		if tick, why, ok := x.Cause(i); ok {
			out = append(out, "tick "+strconv.Itoa(tick)+": "+why)
		}
	}
	return out
}
