// Recording events: how a decision becomes an entry of the event log and a
// count in the glide metrics. Events are plain values appended to one slice
// (amortised growth, no per-event heap object); with neither the log nor
// the metrics on, nothing is built.

package engine

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/interp"
	"glidepath/physics"
)

// emit records an event about object o.
func (s *Sim) emit(o *object, e eventlog.Event) {
	e.GUID = o.guid
	s.record(o.slot, e)
}

// TickSink receives the events of each newly simulated tick, in the order
// they happened, once the tick is done (its pops and hitches included). The
// slice is only valid during the call. A sink lets a long run be explained
// or compared tick by tick without keeping the event log
// (Options.EventLog false): the log then holds one tick at a time.
type TickSink interface {
	TickEvents(tick int, events []eventlog.Event)
}

// flushTick hands the events of the tick just simulated (from start in the
// log) to the sink, and drops them when the log is not kept.
func (s *Sim) flushTick(start int) {
	if !s.opts.Explain && s.opts.Sink == nil {
		return
	}
	events := s.unpackRange(start, len(s.log))
	if s.opts.Explain {
		if s.explainer == nil {
			s.explainer = &explain.Explainer{}
		}
		s.explainer.TickEvents(s.tick, events)
	}
	if s.opts.Sink != nil {
		s.opts.Sink.TickEvents(s.tick, events)
	}
	if !s.opts.EventLog {
		s.log, s.places, s.stamps, s.stampsIn = s.log[:0], s.places[:0], s.stamps[:0], s.stampsIn[:0]
	}
}

// record stamps e with the tick and the event being delivered and hands it
// to the metrics and the log. While re-simulating ticks already simulated
// (after a seek) it records nothing: the log and metrics already hold the
// same events.
// slot is the object's slot, −1 for a note.
func (s *Sim) record(slot int32, e eventlog.Event) {
	if s.replay {
		return
	}
	e.Tick = int32(s.tick)
	e.Source = s.source
	if s.opts.Metrics && slot >= 0 {
		s.metrics.event(slot, &e)
	}
	if s.logging {
		if buf := s.logOf(slot); buf != nil {
			*buf = append(*buf, e)
		} else {
			s.pack(&e)
		}
	}
}

// reserve takes the log entry of a route event whose branch is not known
// yet, so it precedes what routing causes; −1 when nothing is logged.
func (s *Sim) reserve(o *object) int {
	if s.replay || !s.logging {
		return -1
	}
	s.pack(&eventlog.Event{Tick: int32(s.tick), GUID: o.guid, Kind: eventlog.EventRoute, Source: s.source})
	return len(s.log) - 1
}

// fill completes the route event reserved at at with its branch.
func (s *Sim) fill(at int, o *object, r physics.Route) {
	if s.replay {
		return
	}
	if at >= 0 {
		s.log[at].route = r
	}
	if s.opts.Metrics {
		e := eventlog.Event{Tick: int32(s.tick), GUID: o.guid, Kind: eventlog.EventRoute, Route: r, Source: s.source}
		s.metrics.event(o.slot, &e)
	}
}

// interpEvent records one decision of slot's InterpolationManager.
func (s *Sim) interpEvent(slot int32, ie *interp.Event) {
	if s.replay {
		return
	}
	e := eventlog.Event{GUID: s.slots[slot].guid}
	switch ie.Kind {
	case interp.EventEnqueue:
		e.Kind, e.Branch, e.Pruned, e.Evicted = eventlog.EventEnqueue, ie.Branch, uint8(min(ie.Pruned, 255)), ie.Evicted
	case interp.EventNodeComplete:
		e.Kind, e.Success = eventlog.EventNodeComplete, ie.Success
	case interp.EventStallWindow:
		e.Kind, e.Pass, e.Cumulative, e.ProgressQuantum = eventlog.EventStallWindow, ie.Pass, ie.Cumulative, ie.ProgressQuantum
	case interp.EventBlip:
		e.Kind, e.From, e.To, e.Target = eventlog.EventBlip, eventlog.PlaceOf(&ie.From), eventlog.PlaceOf(&ie.To), ie.Target
	default:
		return
	}
	e.Fail, e.Queue = uint8(min(max(ie.FailCounter, 0), 255)), uint8(min(ie.QueueLen, 255))
	if s.opts.Metrics && ie.Kind == interp.EventEnqueue {
		s.metrics.queueLen(slot, ie.QueueLen)
	}
	s.record(slot, e)
}

// Causes returns the cause chains found so far by a Sim made with
// Options.Explain (nil otherwise), in the order the jumps happened; unlike
// Explain it needs no event log, so a streamed run has them too.
func (s *Sim) Causes() []explain.Cause {
	if s.explainer == nil {
		return nil
	}
	return s.explainer.Causes
}
