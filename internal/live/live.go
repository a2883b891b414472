// Package live is the work of viewer live: the retail pipeline run beside a
// client while it plays. The input is a capture another program is still
// writing (tcpdump -U -w: pcap or pcapng, frame by frame, a torn last frame
// waited for) or a network interface read directly (iface_linux.go); the
// client's own trace (Client trace v1) is followed as it grows and compared
// tick by tick with the run, as viewer diff compares a finished one
// (engine/clientdiff). At each object's first divergence, and at every
// blip, snap or pop matching the -alarm expression, the session rings (a
// terminal bell and a status line on stderr), bookmarks the tick and, with
// a pack folder, writes an evidence pack of the moment (pack.go) — without
// stopping. SIGINT or SIGTERM ends it with every file complete: a pack is
// published whole (internal/atomicfile) or not at all.
//
// The run waits for what it needs and never guesses: a tick is simulated
// once the capture holds an event after it (or has ended), and a client
// row is compared once both it and its tick are there. A row of the tick
// the client is still writing is checked alone as soon as the trace
// stops growing (clientdiff.Comparer.CheckRow): a row that differs is a
// divergence whatever the rest of its tick holds, so the alarm does not
// wait for the client's next tick.
package live

import (
	"errors"
	"fmt"
	"io"
	"time"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/capture"
	"glidepath/engine/clientdiff"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/filter"
	"glidepath/engine/hexid"
	"glidepath/internal/cli"
	"glidepath/interp"
)

// DefaultPoll is how often a followed file that has stopped growing is
// looked at again: well under the second within which an alarm is due.
const DefaultPoll = 50 * time.Millisecond

// Options are a live session's inputs and outputs.
type Options struct {
	// Capture is the capture file being written; Iface the network
	// interface read instead (exactly one is set).
	Capture string
	Iface   string
	// CaptureOptions are the capture's (-server-port, -player).
	CaptureOptions capture.Options
	// Against is the client trace followed beside the run ("" for none).
	Against string
	// Tolerance is the comparison's, metres (viewer live's default is
	// clientdiff.DefaultTolerance).
	Tolerance float64
	// Alarm, when not empty, rings at each blip, snap or pop it matches
	// (AlarmText is the expression as given).
	Alarm     *filter.Expr
	AlarmText string
	// PackDir, when set, receives an evidence pack of each alarm.
	PackDir string
	// JSON prints one JSON line per alarm on stdout; otherwise a line of
	// text.
	JSON bool
	// Reading is the reading the pipeline runs under.
	Reading interp.Reading
	// Poll is how often a followed file that has stopped growing is read
	// again (DefaultPoll when 0).
	Poll time.Duration
	// OnAlarm, when set, is handed each alarm after it is printed (the
	// window marks it).
	OnAlarm func(Alarm)
	// NoBookmarks leaves the capture's sidecar alone: the window that
	// follows the capture owns it and bookmarks the alarms itself.
	NoBookmarks bool
	// Frames, with Iface, are the interface's frames, opened already
	// (OpenInterface; a test's frames); nil opens the interface when the
	// session starts.
	Frames Frames
	// Keep, with Iface, receives the interface's frames as well, as a pcap
	// stream, as they are read (the file the window follows, KeepIface;
	// Kept is its path). The session closes it when it is an io.Closer.
	Keep io.Writer
	Kept string
	// OnStart, when set, is called once the run has its header (the
	// capture's first events are read), before the first tick.
	OnStart func(s *engine.Sim)
}

// AlarmKinds are the pipeline events -alarm may ring at.
var AlarmKinds = []eventlog.EventKind{eventlog.EventBlip, eventlog.EventSnap, eventlog.EventPop}

// CheckAlarm refuses an -alarm expression that can never ring: one that
// names kinds, none of them blip, snap or pop.
func CheckAlarm(e *filter.Expr) error {
	ks := e.Kinds()
	if len(ks) == 0 {
		return nil
	}
	for _, k := range ks {
		for _, a := range AlarmKinds {
			if k == a.String() {
				return nil
			}
		}
	}
	return fmt.Errorf("names %v, none of which is blip, snap or pop: it would never ring", ks)
}

// session is one live run and its comparison.
type session struct {
	o      Options
	stderr io.Writer
	out    *printer
	src    *teeSource
	s      *engine.Sim
	cmp    *clientdiff.Comparer
	// compared says CompareTick has been called for the Sim's tick.
	compared bool
	// rung marks the objects whose first divergence has rung: a guid
	// deleted and created again is another object (the report's), with
	// a first divergence of its own.
	rung map[objectLife]bool
	// born is the tick each guid created during the run was last created
	// on (the sink's create events); a guid of the header's is born at 0.
	born map[uint32]int
	// queued are the alarms met while stepping or comparing, rung once
	// the step is over.
	queued []Alarm
	marks  *marker
	// tally is what the session rang, wrote and compared (summary.go).
	tally tally
}

// sink is the Sim's TickSink: the comparer's events, and the alarms of
// the events -alarm matches.
type sink struct{ l *session }

func (k sink) TickEvents(tick int, events []eventlog.Event) {
	l := k.l
	if l.cmp != nil {
		l.cmp.TickEvents(tick, events)
	}
	for i := range events {
		if events[i].Kind == eventlog.EventCreate {
			l.born[events[i].GUID] = int(events[i].Tick)
		}
	}
	if l.o.Alarm.Empty() {
		return
	}
	rate := 0
	if l.s != nil {
		rate = l.s.TickRate()
	}
	for i := range events {
		e := &events[i]
		if !isAlarmKind(e.Kind) {
			continue
		}
		it := filter.Event(e, rate)
		if l.o.Alarm.Match(&it) {
			l.queued = append(l.queued, Alarm{Tick: int(e.Tick), Kind: e.Kind.String(), GUID: hexid.String(e.GUID), guid: e.GUID,
				What: eventWhat(e), Line: 0})
		}
	}
}

func isAlarmKind(k eventlog.EventKind) bool {
	for _, a := range AlarmKinds {
		if k == a {
			return true
		}
	}
	return false
}

// eventWhat says what a blip, snap or pop did, in the kinds table's words
// (its Text: "blip 0.8 m to the …").
func eventWhat(e *eventlog.Event) string {
	if t := e.Kind.Info().Text; t != nil {
		return t(e)
	}
	return e.Kind.String()
}

// Run runs the live session until SIGINT or SIGTERM (an
// *cli.InterruptedError, exit 130 or 143), or until an input fails.
func Run(o Options, stdout, stderr io.Writer) error {
	if o.Poll <= 0 {
		o.Poll = DefaultPoll
	}
	src, err := openInput(o)
	if err != nil {
		return inputError(err)
	}
	defer src.Close()
	l := &session{o: o, stderr: stderr, src: src, rung: map[objectLife]bool{}, born: map[uint32]int{}, tally: newTally(),
		out: &printer{stdout: stdout, stderr: stderr, json: o.JSON}}
	if o.Against != "" {
		l.cmp = clientdiff.NewComparer(clientdiff.Options{Tolerance: o.Tolerance, Context: 5})
		l.cmp.RowCompared = l.rowCompared
		l.cmp.ClientOnly = func(tick int, guid uint32, line int) {
			// Without it a trace of other objects rings nothing, silently.
			fmt.Fprintf(stderr, "viewer: warning: live: %s:%d: %s at tick %d is no object of the run; its rows are not compared\n",
				o.Against, line, hexid.String(guid), tick)
		}
	}
	s, err := engine.NewStream(src, engine.Options{Assets: assets.FS(), Reading: o.Reading, Metrics: true, Sink: sink{l}})
	if err != nil {
		return inputError(err)
	}
	l.s = s
	l.marks = newMarker(o, stderr)
	if o.OnStart != nil {
		o.OnStart(s)
	}
	if o.Alarm.Empty() && o.Against == "" {
		fmt.Fprintf(stderr, "viewer: warning: live: neither -against nor -alarm: following %s, nothing will ring\n", src.Name())
	}
	if l.cmp == nil {
		err = l.runAlone()
	} else {
		tr, ferr := followTrace(o.Against, s.TickRate(), o.Poll, stderr)
		if ferr != nil {
			return inputError(ferr)
		}
		err = l.runAgainst(tr)
		tr.Close()
	}
	// However it ended, what it rang, wrote and compared (summary.go).
	fmt.Fprintln(stderr, l.summary())
	return err
}

// inputError is err as the command reports it: the signal's interruption
// (exit 130 or 143), or bad input (exit 2) — a capture's read failing
// (a followed file gone or replaced is its ReadError) included, as
// viewer run -follow reports it.
func inputError(err error) error {
	var ie *cli.InterruptedError
	if errors.As(err, &ie) {
		return cli.Stopped("the live session")
	}
	var ce cli.StatusError
	if errors.As(err, &ce) {
		return err
	}
	var ue cli.UsageError
	if errors.As(err, &ue) {
		return err
	}
	var fe *failure
	if errors.As(err, &fe) {
		return fe.err
	}
	return cli.UsageError{Err: err}
}

// failure is an error of the environment (exit 1), not of the input.
type failure struct{ err error }

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// runAlone follows the capture with no client trace: the -alarm events
// ring as their ticks are simulated.
func (l *session) runAlone() error {
	for {
		if err := l.stopped(); err != nil {
			return err
		}
		if l.s.Done() {
			return l.ended()
		}
		l.s.Step()
		if err := l.ring(); err != nil {
			return err
		}
	}
}

// stopped is the signal's error, once one came.
func (l *session) stopped() error {
	return cli.Stopped("tick %d of the live session", l.s.Tick())
}

// ended is the error of a run that stopped: the signal, the capture's read
// failing, or (no error) the capture's end.
func (l *session) ended() error {
	if err := l.stopped(); err != nil {
		return err
	}
	if err := l.s.Err(); err != nil {
		return inputError(err)
	}
	return nil
}

// runAgainst steps the run in lock step with the followed client trace.
func (l *session) runAgainst(tr *traceFollower) error {
	// partial is the tick the client is writing: its rows read so far,
	// and how many of them have been checked alone.
	var partial []clienttrace.Row
	checked := 0
	// awaiting is the tick whose rows were all read (the next tick's
	// first row came) but whose batch has not arrived yet: the rows after
	// it wait for it, so that the run is not stepped past it first.
	awaiting := -1
	traceDone := false
	for {
		if err := l.stopped(); err != nil {
			return err
		}
		var m traceMsg
		select {
		case m = <-tr.ch:
		default:
			// The trace has stopped growing: check what is there of the
			// tick the client is on.
			if len(partial) > checked && awaiting < 0 {
				if err := l.checkPartial(partial[checked:]); err != nil {
					return err
				}
				checked = len(partial)
			}
			if traceDone {
				// The client's trace ended: the run goes on for -alarm.
				return l.runAlone()
			}
			var err error
			if m, err = l.waitTrace(tr); err != nil {
				return err
			}
		}
		if m.isRow {
			l.tally.clientTo = max(l.tally.clientTo, m.row.Tick)
		} else if len(m.rows) > 0 {
			l.tally.clientTo = max(l.tally.clientTo, m.rows[0].Tick)
		}
		switch {
		case m.isRow:
			if len(partial) > 0 && partial[0].Tick != m.row.Tick {
				awaiting = partial[0].Tick
				partial, checked = partial[:0], 0
			}
			partial = append(partial, m.row)
		case m.err != nil:
			if err := l.stopped(); err != nil {
				// The signal ended the trace's reading too: its error
				// (client.jsonl:625: read: interrupted) is not the cause.
				return err
			}
			if m.err != io.EOF {
				return inputError(m.err)
			}
			traceDone = true
		default:
			if m.rows[0].Tick >= awaiting {
				awaiting = -1
			}
			if len(partial) > 0 && partial[0].Tick <= m.rows[0].Tick {
				partial, checked = partial[:0], 0
			}
			if err := l.compareRows(m.rows); err != nil {
				return err
			}
		}
	}
}

// waitTrace waits for the client trace's next row, tick or error, looking
// at the capture file every poll meanwhile: one truncated, replaced or
// removed while the run waits on the client ends the session then, not
// when the client next writes.
func (l *session) waitTrace(tr *traceFollower) (traceMsg, error) {
	tick := time.NewTicker(l.o.Poll)
	defer tick.Stop()
	for {
		select {
		case m := <-tr.ch:
			return m, nil
		case <-cli.StopCtx.Done():
			return traceMsg{}, l.stopped()
		case <-tick.C:
			if err := l.src.check(); err != nil {
				return traceMsg{}, inputError(err)
			}
		}
	}
}

// advanceTo steps the run to tick k, comparing the ticks before it that
// the client gave no rows for. False when the run ended first.
func (l *session) advanceTo(k int) (bool, error) {
	for l.s.Tick() < k {
		if !l.compared {
			l.cmp.CompareTick(l.s, nil)
			l.compared = true
		}
		if err := l.ring(); err != nil {
			return false, err
		}
		if err := l.stopped(); err != nil {
			return false, err
		}
		if l.s.Done() {
			return false, l.ended()
		}
		l.s.Step()
		l.compared = false
		if err := l.ring(); err != nil {
			return false, err
		}
	}
	return l.s.Tick() == k, nil
}

// compareRows compares one complete tick of the client's rows.
func (l *session) compareRows(rows []clienttrace.Row) error {
	k := rows[0].Tick
	if k < l.s.Tick() || (k == l.s.Tick() && l.compared) {
		return nil // the reader keeps ticks in order; nothing to do twice
	}
	ok, err := l.advanceTo(k)
	if err != nil || !ok {
		return err
	}
	l.cmp.CompareTick(l.s, rows)
	l.compared = true
	l.tally.compared = max(l.tally.compared, k)
	return l.ring()
}

// checkPartial checks rows of the tick the client is still writing, each
// alone (CheckRow), once the run has reached that tick.
func (l *session) checkPartial(rows []clienttrace.Row) error {
	k := rows[0].Tick
	if k < l.s.Tick() || (k == l.s.Tick() && l.compared) {
		return nil
	}
	ok, err := l.advanceTo(k)
	if err != nil || !ok {
		return err
	}
	for i := range rows {
		row := &rows[i]
		if l.rung[l.lifeOf(row.GUID)] {
			continue
		}
		if fields, e, ok := l.cmp.CheckRow(l.s, row); ok && fields != nil {
			l.divergence(k, row.GUID, row.Line, e, fields)
		}
	}
	l.tally.compared = max(l.tally.compared, k)
	return l.ring()
}

// rowCompared is the comparer's hook: a row that differs is its object's
// first divergence unless one rang already.
func (l *session) rowCompared(tick int, guid uint32, line int, err float64, fields []string) {
	if fields == nil || l.rung[l.lifeOf(guid)] {
		return
	}
	l.divergence(tick, guid, line, err, fields)
}

// objectLife is one object of the run: its guid and the tick it was
// created on, which tells a recreated guid's lives apart.
type objectLife struct {
	guid    uint32
	created int
}

// lifeOf is the object guid names at the run's tick (the one compared).
func (l *session) lifeOf(guid uint32) objectLife {
	return objectLife{guid: guid, created: l.born[guid]}
}

// divergence queues the alarm of guid's first divergence.
func (l *session) divergence(tick int, guid uint32, line int, err float64, fields []string) {
	l.rung[l.lifeOf(guid)] = true
	what := "first divergence from retail: " + joinFields(fields)
	for _, f := range fields {
		if f == "position" {
			what += fmt.Sprintf(" (%.3f m off)", err)
		}
	}
	e := err
	l.queued = append(l.queued, Alarm{Tick: tick, Kind: KindDivergence, GUID: hexid.String(guid), guid: guid, What: what,
		Fields: fields, Error: &e, Line: line})
}

func joinFields(fields []string) string {
	s := ""
	for i, f := range fields {
		if i > 0 {
			s += ", "
		}
		s += f
	}
	return s
}

// ring rings every queued alarm: bookmark, pack, line.
func (l *session) ring() error {
	for len(l.queued) > 0 {
		a := l.queued[0]
		l.queued = l.queued[1:]
		a.T = float64(a.Tick) / float64(l.s.TickRate())
		l.marks.mark(a)
		if l.o.PackDir != "" {
			path, err := writePack(l, &a)
			if err != nil {
				var ie *cli.InterruptedError
				if errors.As(err, &ie) {
					return err
				}
				fmt.Fprintf(l.stderr, "viewer: warning: live: the pack of tick %d: %v\n", a.Tick, err)
			}
			a.Pack = path
		}
		l.out.print(a)
		l.tally.rang(&a)
		if l.o.OnAlarm != nil {
			l.o.OnAlarm(a)
		}
	}
	return nil
}
