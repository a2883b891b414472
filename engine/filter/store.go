// Items from the viewer's store (engine/store): the events its timeline
// lanes and Messages panel list, so the window filters them with the same
// expression as the command line.

package filter

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/store"
)

// StoreEvent is the item of one of the store's events (store.EventLog) of
// a run at rate ticks a second: as Event gives an engine event, with a
// blip's or snap's distance from its ends.
func StoreEvent(e *store.Event, rate int) Item {
	it := Item{Kind: e.Kind.String(), GUID: e.GUID, HasGUID: true}
	it.Set(FieldTick, float64(e.Tick))
	if rate > 0 {
		it.Set(FieldTime, float64(e.Tick)/float64(rate))
	}
	if b := e.BranchName(); b != "" {
		it.Tags = []string{b}
	}
	if e.Kind.Info().Filters&eventlog.FilterMoved != 0 {
		it.Set(FieldDistance, e.From.Sub(e.To).Len())
	}
	return it
}
