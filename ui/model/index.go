// Index: the event log sorted out for the viewer — by object, by tick, and
// the searches the timeline's keys make (previous and next event of a kind,
// the last received positions, recent blips and stall failures). The index
// itself is the engine's store's (engine/store); the viewer's is over its
// Events.

package model

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/store"
)

// The viewer's index and its log, as engine/store defines them over Event.
type (
	// Filter selects events.
	Filter = store.Filter
	// EventLog is a run's event log read in place (store.Log).
	EventLog = store.Log[Event]
	// CauseLog is an EventLog that can also give an entry's cause chain.
	CauseLog = store.CauseLog
	// Index sorts an event log out by object and tick (store.Index).
	Index = store.Index[Event]
)

// DensityTicks is the width of the Index's density buckets, ticks.
const DensityTicks = store.DensityTicks

// KindSet returns the set of the given kinds.
func KindSet(ks ...eventlog.EventKind) store.Kinds { return store.KindSet(ks...) }

// NewIndex indexes events, which must be in tick order.
func NewIndex(events []Event) *Index { return IndexLog(EventSlice(events)) }

// IndexLog indexes a log.
func IndexLog(log EventLog) *Index { return store.IndexLog(log) }

// EventSlice is an EventLog held as plain Events (tests, fakes).
type EventSlice []Event

// Len is the number of events.
func (l EventSlice) Len() int { return len(l) }

// At returns event i.
func (l EventSlice) At(i int) Event { return l[i] }

// Tick is event i's tick.
func (l EventSlice) Tick(i int) int32 { return l[i].Tick }

// Who is event i's object and kind.
func (l EventSlice) Who(i int) (uint32, eventlog.EventKind) { return l[i].GUID, l[i].Kind }

// Entry is event i's tick, object, kind, Pass and Success.
func (l EventSlice) Entry(i int) (int32, uint32, eventlog.EventKind, bool, bool) {
	e := &l[i]
	return e.Tick, e.GUID, e.Kind, e.Pass, e.Success
}
