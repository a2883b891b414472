// Run output: a run written as Trace v1 (spec/trace-v1.md) — per tick, one
// state row per live object in header-then-creation order, then that tick's
// event rows in the order they happened. Same input and reading,
// byte-identical trace. RunWriter is fed once a tick, after the tick is
// simulated, like every other output of a run.

package trace

import (
	"errors"
	"io"
	"strconv"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
)

// A Run is what RunWriter writes a trace of: the engine's Sim, read
// through its exported view once a tick.
type Run interface {
	// TickRate is the run's ticks per second, Reading its reading.
	TickRate() int
	Reading() interp.Reading
	// Tick is the current tick.
	Tick() int
	// KeepsEventLog reports whether the run keeps its event log, which a
	// trace's event rows are read from.
	KeepsEventLog() bool
	// TraceStates appends the current tick's state rows, one per live
	// object in header-then-creation order, to dst.
	TraceStates(dst []State) []State
	// EventsAt returns tick k's events, in the order they happened.
	EventsAt(k int) []eventlog.Event
}

// RunWriter writes a run's ticks as Trace v1.
type RunWriter struct {
	w    *Writer
	run  Run
	rows []State
}

// NewRunWriter writes the trace header for run to dst; input names the
// recording or scenario. The run must keep its event log.
func NewRunWriter(dst io.Writer, run Run, input string) (*RunWriter, error) {
	if !run.KeepsEventLog() {
		return nil, errors.New("engine: a trace needs the event log (Options.EventLog)")
	}
	w, err := NewWriter(dst, &Header{TickRate: run.TickRate(), Reading: run.Reading().Name, Input: input})
	if err != nil {
		return nil, err
	}
	return &RunWriter{w: w, run: run}, nil
}

// WriteTick writes the current tick: its state rows, then its event rows.
func (t *RunWriter) WriteTick() error {
	t.rows = t.run.TraceStates(t.rows[:0])
	for i := range t.rows {
		if err := t.w.WriteState(&t.rows[i]); err != nil {
			return err
		}
	}
	for i, evs := 0, t.run.EventsAt(t.run.Tick()); i < len(evs); i++ {
		e := &evs[i]
		if !e.Kind.InTrace() {
			continue
		}
		row := EventOf(e)
		if err := t.w.WriteEvent(&row); err != nil {
			return err
		}
	}
	return nil
}

// WriteRows writes rows already encoded, each ended by a newline (as
// AppendStateRow and AppendEventRow encode them): the rows a run stepped in
// chunks of objects encoded on the chunks' cores, in trace order.
func (t *RunWriter) WriteRows(rows []byte) error { return t.w.writeRows(rows) }

// Free returns room to put rows already encoded in, in place, each ended
// by a newline (as WriteRows writes them): the rest of the destination's
// block being filled where it is a BlockFiller (atomicfile.Stream: the
// rows reach the file without a copy of their own), else a buffer of the
// RunWriter's own. Never empty. Fill(n) then writes its first n bytes;
// nothing else may be written between.
func (t *RunWriter) Free() ([]byte, error) { return t.w.free() }

// Fill writes the first n bytes of the room Free returned.
func (t *RunWriter) Fill(n int) error { return t.w.fill(n) }

// Flush writes buffered rows to the destination.
func (t *RunWriter) Flush() error { return t.w.Flush() }

// AppendStateRow appends s's row and its newline to b.
func AppendStateRow(b []byte, s *State) []byte { return append(appendState(b, s), '\n') }

// AppendStateRowHeading is AppendStateRow with the heading's text given:
// AppendFloat's of s.Heading, kept by a caller whose object's heading did
// not change.
func AppendStateRowHeading(b []byte, s *State, heading []byte) []byte {
	return append(appendStateHeading(b, s, heading), '\n')
}

// AppendRowTick appends the start of a row of tick, `{"tick":` and the
// tick: the part of a state row that AppendStateRowTail leaves out.
func AppendRowTick(b []byte, tick int) []byte {
	b = append(b, `{"tick":`...)
	return strconv.AppendInt(b, int64(tick), 10)
}

// AppendStateRowTail appends s's row after its tick (from `,"guid":` to the
// newline) with heading as its heading's text: AppendRowTick(b, s.Tick)
// followed by it is AppendStateRowHeading(b, s, heading). A caller keeps
// the tail of an object whose state did not change from tick to tick.
func AppendStateRowTail(b []byte, s *State, heading []byte) []byte {
	return append(appendStateTail(b, s, heading), '\n')
}

// AppendStateRowParts is AppendStateRowTail with the origin's three
// coordinates given as their texts too (AppendFloat's of s.Origin[i]): a
// caller keeps the text of a coordinate that did not change (an object
// walking on flat ground keeps its height).
func AppendStateRowParts(b []byte, s *State, origin *[3][]byte, heading []byte) []byte {
	return append(appendStateTailParts(b, s, origin, heading), '\n')
}

// A state row after its tick (AppendStateRowTail) is, in order: its head
// (AppendStateRowHead: guid and cell, up to the origin's opening bracket),
// the origin's three coordinates' texts (AppendFloat's) separated by
// commas, StateRowHeading, the heading's text, and its end
// (AppendStateRowEnd: queue, fail, contact, the closing brace and the
// newline). A caller keeping a row's text from tick to tick rewrites only
// the pieces that changed.

// AppendStateRowHead appends the head of a state row of object guid in
// cell: from `,"guid":` to the origin's opening bracket.
func AppendStateRowHead(b []byte, guid, cell uint32) []byte { return appendStateHead(b, guid, cell) }

// StateRowHeading is a state row's text between the origin's last
// coordinate and the heading's text.
const StateRowHeading = stateHeadingSep

// AppendStateRowEnd appends the end of a state row with those queue, fail
// and contact fields: from `,"queue":` to the newline.
func AppendStateRowEnd(b []byte, queue, fail int, contact bool) []byte {
	return append(appendStateEndOf(b, queue, fail, contact), '\n')
}

// AppendFloat appends v as a trace writes a float: the shortest float32
// round-trip form, NaN and infinities as strings.
func AppendFloat(b []byte, v float32) []byte { return appendFloat(b, v) }

// AppendEventRow appends the row of e, an event of a trace kind
// (EventKind.InTrace), and its newline to b: what WriteTick writes for it.
// An enum value outside its set is refused with WriteEvent's error, and b
// is returned as it was.
func AppendEventRow(b []byte, e *eventlog.Event) ([]byte, error) {
	row := EventOf(e)
	if err := checkEvent(&row); err != nil {
		return b, err
	}
	return append(appendEvent(b, &row), '\n'), nil
}

// Trace enumerations by the event log's values (the numbering is spelled out
// rather than assumed equal).
var (
	traceRoutes = [...]RouteBranch{
		physics.RouteTeleport:      RouteTeleport,
		physics.RouteInterpolate:   RouteInterpolate,
		physics.RouteSlide:         RouteSlide,
		physics.RouteAirborne:      RouteAirborne,
		physics.RouteStalePosition: RouteStalePosition,
		physics.RouteStaleTeleport: RouteStaleTeleport,
		physics.RouteWrongInstance: RouteWrongInstance,
	}
	traceBranches = [...]EnqueueBranch{
		interp.BranchFar:     EnqueueFar,
		interp.BranchArrived: EnqueueArrived,
		interp.BranchNear:    EnqueueNear,
	}
	traceTargets = [...]BlipTarget{
		interp.BlipTail:             BlipTail,
		interp.BlipLastPositionNode: BlipLastPositionNode,
		interp.BlipToPosition:       BlipBliptoPosition,
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

// EventOf converts an event of a trace kind (EventKind.InTrace) to its row.
func EventOf(e *eventlog.Event) Event {
	return Event{
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
		From:            Place{Cell: e.From.Cell, Origin: e.From.Origin},
		To:              Place{Cell: e.To.Cell, Origin: e.To.Origin},
		Target:          at(traceTargets[:], e.Target),
		Contact:         e.Contact,
		Hit:             e.Hit,
		Slid:            e.Slid,
		Height:          e.Distance,
		Fall:            e.Distance,
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
