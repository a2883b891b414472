// Trace output: a run written as Trace v1 (spec/trace-v1.md) — per tick, one
// state row per live object in header-then-creation order, then that tick's
// event rows in the order they happened. Same input and reading,
// byte-identical trace.

package engine

import (
	"errors"
	"io"

	"glidepath/engine/eventlog"
	"glidepath/engine/trace"
	"glidepath/interp"
	"glidepath/physics"
)

// TraceWriter writes a Sim's ticks as Trace v1.
type TraceWriter struct {
	w   *trace.Writer
	sim *Sim
}

// NewTraceWriter writes the trace header for s to dst; input names the
// recording or scenario. The Sim must keep its event log
// (Options.EventLog).
func NewTraceWriter(dst io.Writer, s *Sim, input string) (*TraceWriter, error) {
	if !s.opts.EventLog {
		return nil, errors.New("engine: a trace needs the event log (Options.EventLog)")
	}
	w, err := trace.NewWriter(dst, &trace.Header{TickRate: s.rate, Reading: s.reading.Name, Input: input})
	if err != nil {
		return nil, err
	}
	return &TraceWriter{w: w, sim: s}, nil
}

// WriteTick writes the current tick: its state rows, then its event rows.
func (t *TraceWriter) WriteTick() error {
	s := t.sim
	for _, o := range s.slots[:s.nslots] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.Position()
		row := trace.State{
			Tick:    s.tick,
			GUID:    o.guid,
			Cell:    pos.Cell,
			Origin:  pos.Frame.Origin,
			Heading: o.phys.Heading(),
			Queue:   queueLen(o),
			Contact: o.phys.InContact(),
		}
		if im := o.pm.Interpolation(); im != nil {
			row.Fail = int(im.FailCounter())
		}
		if err := t.w.WriteState(&row); err != nil {
			return err
		}
	}
	for i, evs := 0, s.EventsAt(s.tick); i < len(evs); i++ {
		e := &evs[i]
		if !e.Kind.InTrace() {
			continue
		}
		row := traceEvent(e)
		if err := t.w.WriteEvent(&row); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes buffered rows to the destination.
func (t *TraceWriter) Flush() error { return t.w.Flush() }

// Trace enumerations by the engine's values (the numbering is spelled out
// rather than assumed equal).
var (
	traceRoutes = [...]trace.RouteBranch{
		physics.RouteTeleport:      trace.RouteTeleport,
		physics.RouteInterpolate:   trace.RouteInterpolate,
		physics.RouteSlide:         trace.RouteSlide,
		physics.RouteAirborne:      trace.RouteAirborne,
		physics.RouteStalePosition: trace.RouteStalePosition,
		physics.RouteStaleTeleport: trace.RouteStaleTeleport,
		physics.RouteWrongInstance: trace.RouteWrongInstance,
	}
	traceBranches = [...]trace.EnqueueBranch{
		interp.BranchFar:     trace.EnqueueFar,
		interp.BranchArrived: trace.EnqueueArrived,
		interp.BranchNear:    trace.EnqueueNear,
	}
	traceTargets = [...]trace.BlipTarget{
		interp.BlipTail:             trace.BlipTail,
		interp.BlipLastPositionNode: trace.BlipLastPositionNode,
		interp.BlipToPosition:       trace.BlipBliptoPosition,
	}
)

// at returns table[i], or the zero value (which the trace writer refuses)
// when i is out of range.
func at[T any, I ~uint8](table []T, i I) T {
	var zero T
	if int(i) < len(table) {
		return table[i]
	}
	return zero
}

// traceEvent converts a trace kind of event to its row.
func traceEvent(e *eventlog.Event) trace.Event {
	return trace.Event{
		Tick:            int(e.Tick),
		GUID:            e.GUID,
		Kind:            e.Kind,
		Route:           at(traceRoutes[:], e.Route),
		Enqueue:         at(traceBranches[:], e.Branch),
		Pruned:          int(e.Pruned),
		Evicted:         boolInt(e.Evicted),
		Success:         e.Success,
		Pass:            e.Pass,
		Cumulative:      e.Cumulative,
		ProgressQuantum: e.ProgressQuantum,
		From:            trace.Place{Cell: e.From.Cell, Origin: e.From.Origin},
		To:              trace.Place{Cell: e.To.Cell, Origin: e.To.Origin},
		Target:          at(traceTargets[:], e.Target),
		Contact:         e.Contact,
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
