// The event log as the viewer reads it: one flat value per decision the
// pipeline took — routing branches (seed 004 §0–§3), enqueues, node
// completions, stall windows and blips (seed 000 §3–§6), snaps, contact
// changes, sprints, snap-backs and lags — plus motion, vector, create,
// delete and note events, each stamped with its tick and object. Positions
// are global metres. EventLog reads the engine's packed log in place and
// converts one entry when asked.

package store

import (
	"sort"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
)

// Event is one entry of the event log as the viewer reads it
// (eventlog.Viewed: the kinds table's details line and paint take it).
type Event = eventlog.Viewed

// EventLog is the engine's log as a Log of Events: a fixed-length view
// (engine.LogView), so it may be read while the Sim that writes the log
// appends past it.
type EventLog struct {
	view   engine.LogView
	events *engine.EventStore
	notes  []int32
	causes *Causes
}

// NewEventLog reads view, whose route events' received positions are in
// events; notes are the recording-event indices of the run's notes, in
// order (EventStore.NoteEvents); causes, shared by every view of the same
// log, explains its blips, snaps, pops, hitches, sprints, snap-backs and
// lags.
func NewEventLog(view engine.LogView, events *engine.EventStore, notes []int32, causes *Causes) EventLog {
	return EventLog{view: view, events: events, notes: notes, causes: causes}
}

// Cause is entry i's cause chain (CauseLog).
func (l EventLog) Cause(i int) (int, string, bool) { return l.causes.cause(l.view, i) }

// Len is the number of entries.
func (l EventLog) Len() int { return l.view.Len() }

// Tick is entry i's tick.
func (l EventLog) Tick(i int) int32 { return l.view.Tick(i) }

// At converts entry i.
func (l EventLog) At(i int) Event {
	e := l.view.At(i)
	m := l.convert(&e)
	if st, ok := l.view.StoredStamps(i); ok && m.HasReceived {
		m.HasStamps, m.StampsStored = true, st
	}
	return m
}

// Entry is entry i's tick, object, kind, Pass and Success.
func (l EventLog) Entry(i int) (int32, uint32, eventlog.EventKind, bool, bool) {
	return l.view.Entry(i)
}

// Who is entry i's object and kind.
func (l EventLog) Who(i int) (uint32, eventlog.EventKind) { return l.view.Who(i) }

// convert turns one engine event into the viewer's.
func (l EventLog) convert(e *eventlog.Event) Event {
	m := Event{
		Tick: e.Tick, GUID: e.GUID, Kind: e.Kind,
		Route: e.Route, Branch: e.Branch, Target: e.Target, Pruned: e.Pruned,
		Evicted: e.Evicted, Success: e.Success, Pass: e.Pass, Contact: e.Contact, Applied: e.Applied,
		Cumulative: e.Cumulative, ProgressQuantum: e.ProgressQuantum,
		Note: -1,
	}
	if p := e.Kind.Info().Payload; p == eventlog.PayloadPlaces || p == eventlog.PayloadSpan {
		from, to := e.From.Position(), e.To.Position()
		m.From, m.To = Global(&from), Global(&to)
		m.Since, m.Until = e.Since, e.Until
	}
	if e.Kind.Info().Payload == eventlog.PayloadTransit {
		from, to := e.From.Position(), e.To.Position()
		m.From, m.To = Global(&from), Global(&to)
		m.Distance, m.FromCell, m.ToCell = e.Distance, e.From.Cell, e.To.Cell
		m.Hit, m.Slid = e.Hit, e.Slid
	}
	if src := int(e.Source); e.Kind == eventlog.EventMotion && e.Gate != eventlog.MotionUngated && src >= 0 && src < l.events.Len() {
		var re recording.Event
		l.events.At(src, &re)
		if re.Kind == recording.KindMotion && re.Motion.HasSeq {
			q := re.Motion.Seq
			m.HasStamps, m.Applied = true, e.Gate.Applied()
			m.StampsIn = [4]uint16{q.Instance, q.Movement, q.ServerControl}
			m.StampsStored = [4]uint16{e.Stored[0], e.Stored[1], e.Stored[2]}
		}
	}
	if src := int(e.Source); e.Kind == eventlog.EventRoute && src >= 0 && src < l.events.Len() {
		var re recording.Event
		l.events.At(src, &re)
		if re.Kind == recording.KindPosition {
			m.HasReceived, m.Received = true, Global(&re.Update.Pos)
			q := re.Update.Seq
			m.StampsIn = [4]uint16{q.Instance, q.Position, q.Teleport, q.ForcePosition}
		}
	}
	if e.Kind == eventlog.EventNote {
		if k := sort.Search(len(l.notes), func(i int) bool { return l.notes[i] >= e.Source }); k < len(l.notes) && l.notes[k] == e.Source {
			m.Note = int32(k)
		}
	}
	return m
}
