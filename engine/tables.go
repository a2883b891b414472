// Table output: the runs of a Compare fed, tick by tick, into the states and
// events tables of Tables v1 (docs/formats.md) — the same per-tick records
// the trace writer reads (state of every live object, then the tick's
// events), never a re-parse of a trace — and the metrics table built from
// the report `viewer run -json` prints.

package engine

import (
	"fmt"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
	"glidepath/engine/tables"
	"glidepath/engine/trace"
)

// tableBatch is the number of event rows a TableWriter hands its sink at
// once; stateBatch the number of state rows. A states batch becomes one
// Parquet page of each column, and pages of 16 384 rows compress a fifth
// smaller than pages of 4 096 for the same CPU (docs/benchmarks.md).
const (
	tableBatch = 4096
	stateBatch = 16384
)

// StateSink receives the states table's rows in batches of columns
// (tables.StatesWriter does): it hands out the batch to fill and takes it
// back filled.
type StateSink interface {
	StateBatch() *tables.StateBatch
	WriteStates(b *tables.StateBatch) error
}

// EventSink receives rows of the events table (tables.Writer does).
type EventSink interface {
	Write(rows []tables.Event) error
}

// TableWriter writes the states and events of every run of a Compare, tick
// by tick: for each reading in order, its state rows (header order, then
// creation order), then its event rows in the order they happened.
type TableWriter struct {
	c      *Compare
	input  string
	states StateSink
	events EventSink

	// sb is the states batch being filled (nil until the first row).
	sb     *tables.StateBatch
	erows  []tables.Event
	dists  [tableBatch]float64
	detail []byte
	// keys are each run's object keys by slot (tables.StateValues.Key):
	// numbers from 0, one per object of every run.
	keys    [][]int32
	nextKey int32
	// headings are each run's last heading by slot, with the rotation it
	// was computed from: the heading costs an atan2, and an object's
	// rotation stays the same over most ticks.
	headings [][]slotHeading
	// reserved are the rows the runs' passes are writing for the tick not
	// yet written, in the order reserved; spare holds them while they are
	// put in run order (gatherStates).
	reserved []reservation
	spare    []tables.StateValues
	// tickStart is the batch's length after the last tick written,
	// tickRows the rows that tick wrote.
	tickStart, tickRows int
	// causes is, per run, how many of its Query.Causes were written; the
	// tick's new ones are the chains of its blips and snaps (and of pops
	// and hitches, which are no event rows).
	causes []int
	// dropCauses: the run's causes are needed by the table alone, so each
	// is forgotten once written (DropCauses).
	dropCauses bool
	tickCauses []*explain.Cause
}

// NewTableWriter writes c's runs to states and events (either may be nil);
// input is the input's file name, the tables' input column. Events need the
// event log (Options.EventLog) and the cause chains (Options.Explain), which
// fill the cause column of blips and snaps: the chains the Sim built, never
// built again here.
func NewTableWriter(c *Compare, input string, states StateSink, events EventSink) (*TableWriter, error) {
	if events != nil {
		for _, s := range c.sims {
			if !s.opts.EventLog {
				return nil, fmt.Errorf("engine: the events table needs the event log (Options.EventLog)")
			}
			if !s.opts.Explain {
				return nil, fmt.Errorf("engine: the events table needs the cause chains (Options.Explain)")
			}
		}
	}
	t := &TableWriter{c: c, input: input, states: states, events: events,
		erows: make([]tables.Event, 0, tableBatch)}
	t.keys = make([][]int32, len(c.sims))
	if states != nil {
		for i, s := range c.sims {
			s.capture = &rowCapture{w: t, run: i, tick: -1}
		}
	}
	t.headings = make([][]slotHeading, len(c.sims))
	t.causes = make([]int, len(c.sims))
	return t, nil
}

// DropCauses makes the writer forget each cause chain of the runs once its
// row is written, keeping a long run's memory flat when nothing else (a
// report's causes, Report.AddCauses) needs Query.Causes afterwards.
func (t *TableWriter) DropCauses() { t.dropCauses = true }

// WriteTick writes the current tick of every run.
func (t *TableWriter) WriteTick() error {
	if t.states != nil {
		if err := t.writeStates(); err != nil {
			return err
		}
	}
	for i, s := range t.c.sims {
		if t.events != nil {
			if err := t.writeEvents(s, i); err != nil {
				return err
			}
		}
	}
	return nil
}

// reservation is the rows a run's pass wrote into the batch for a tick.
type reservation struct {
	run, tick  int
	start, end int
}

// keysOf is run's object keys by slot, a key for every slot of s.
func (t *TableWriter) keysOf(s *Sim, run int) []int32 {
	keys := t.keys[run]
	// A streamed run makes slots as creates arrive: key the new ones.
	for len(keys) < s.nslots {
		keys = append(keys, t.nextKey)
		t.nextKey++
	}
	t.keys[run] = keys
	return keys
}

// keysUpTo is run's object keys for slots [0, n). Keys are numbered from
// 0 as slots appear, run after run, so with one run a slot's key is its
// index whenever it is given.
func (t *TableWriter) keysUpTo(run, n int) []int32 {
	keys := t.keys[run]
	for len(keys) < n {
		keys = append(keys, t.nextKey)
		t.nextKey++
	}
	t.keys[run] = keys
	return keys
}

// reserve makes room in the batch for the rows of run's tick about to be
// simulated, one per live slot in slot order, which the pass then writes
// (rowCapture.take). Objects are made and removed as events are delivered,
// before the pass, never during it (Sim.Step), so the live slots now are
// those the pass updates.
func (t *TableWriter) reserve(s *Sim, run int) {
	for _, r := range t.reserved {
		if r.run == run {
			// The runs were stepped without their ticks being written:
			// those rows are no table's.
			t.sb.Truncate(t.reserved[0].start)
			t.reserved = t.reserved[:0]
			break
		}
	}
	c := s.capture
	c.keys = t.keysOf(s, run)
	if t.sb == nil {
		t.sb = t.states.StateBatch()
	}
	tick := s.tick // the pass's tick (Sim.Step counts it before the pass)
	n := 0
	for len(c.at) < s.nslots {
		c.at = append(c.at, -1)
	}
	start := t.sb.Len()
	still := 0 // rows of statics, which the pass never takes
	for i, o := range s.slots[:s.nslots] {
		if o.st.alive && tabled(o, s.opts.Statics) {
			c.at[i] = int32(start + n)
			n++
			if o.attached() {
				still++
			}
		} else {
			c.at[i] = -1
		}
	}
	t.sb.Begin(t.input, s.reading.Name, int64(tick), float64(tick)/float64(s.rate))
	t.sb.Extend(n)
	c.dst, c.tick = t.sb.Rows, tick
	for i, o := range s.slots[:s.nslots] {
		if still == 0 {
			break
		}
		if c.at[i] >= 0 && o.attached() {
			// A static is never stepped (object.go): its row is its
			// state now.
			stateValues(o, c.keys[i], &c.headings[i], &c.dst[c.at[i]])
			still--
		}
	}
	t.reserved = append(t.reserved, reservation{run: run, tick: tick, start: start, end: start + n})
}

// writeStates writes every run's rows of the current tick: those the
// passes wrote when each run was reserved in order, else (tick 0, a
// replayed tick, runs out of step) gathered now, in run order.
func (t *TableWriter) writeStates() error {
	inOrder := len(t.reserved) == len(t.c.sims)
	for i, r := range t.reserved {
		if !inOrder {
			break
		}
		s := t.c.sims[i]
		inOrder = r.run == i && r.tick == s.tick && !s.replay
	}
	if !inOrder {
		if err := t.gatherStates(); err != nil {
			return err
		}
	}
	t.reserved = t.reserved[:0]
	return t.endTickStates()
}

// endTickStates closes the tick whose rows the batch ends with: the batch
// is handed over when the next tick's rows (as many as this one's) would
// overflow it.
func (t *TableWriter) endTickStates() error {
	if t.sb != nil && t.sb.Len()+t.tickRows > stateBatch {
		t.tickRows = t.sb.Len() - t.tickStart
		if err := t.flushStates(); err != nil {
			return err
		}
		t.tickStart = 0
		return nil
	}
	if t.sb != nil {
		t.tickRows = t.sb.Len() - t.tickStart
		t.tickStart = t.sb.Len()
	}
	return nil
}

// gatherStates writes the tick's rows run by run: a run's reserved rows
// where its pass wrote this tick's, else its objects' state now.
func (t *TableWriter) gatherStates() error {
	if t.sb == nil {
		t.sb = t.states.StateBatch()
	}
	t.sb.Own() // rows a chunked run shared with the batch, copied in
	base := t.sb.Len()
	if len(t.reserved) > 0 {
		base = t.reserved[0].start
	}
	t.spare = append(t.spare[:0], t.sb.Rows[base:]...)
	t.sb.Truncate(base)
	for run, s := range t.c.sims {
		keys := t.keysOf(s, run)
		reading := s.reading.Name
		tick, tt := int64(s.tick), float64(s.tick)/float64(s.rate)
		t.sb.Begin(t.input, reading, tick, tt)
		var kept *reservation
		for k := range t.reserved {
			if r := &t.reserved[k]; r.run == run && r.tick == s.tick && !s.replay {
				kept = r
			}
		}
		if kept != nil {
			t.sb.Rows = append(t.sb.Rows, t.spare[kept.start-base:kept.end-base]...)
			continue
		}
		if n := len(keys) - len(t.headings[run]); n > 0 {
			t.headings[run] = append(t.headings[run], make([]slotHeading, n)...)
		}
		headings := t.headings[run]
		for i, o := range s.slots[:s.nslots] {
			if !o.st.alive || !tabled(o, s.opts.Statics) {
				continue
			}
			stateValues(o, keys[i], &headings[i], &t.sb.Extend(1)[0])
		}
	}
	return nil
}

func (t *TableWriter) writeEvents(s *Sim, run int) error {
	reading := s.reading.Name
	// The causes found since the last tick written are this tick's: the
	// Sim explains each tick as it ends (Options.Explain), in event order.
	t.tickCauses = t.tickCauses[:0]
	if s.explainer != nil {
		all := s.explainer.Causes
		for i := t.causes[run]; i < len(all); i++ {
			if k := all[i].Kind; k == eventlog.EventBlip || k == eventlog.EventSnap || isSpan(k) || isTransit(k) {
				t.tickCauses = append(t.tickCauses, &all[i])
			}
		}
		t.causes[run] = len(all)
	}
	for i, evs := 0, s.Query().EventsAt(s.tick); i < len(evs); i++ {
		e := &evs[i]
		if !e.Kind.InTrace() && !isSpan(e.Kind) {
			continue
		}
		if s.anyAttached && !s.Query().tabledGUID(e.GUID) {
			continue
		}
		if len(t.erows) == tableBatch {
			if err := t.flushEvents(); err != nil {
				return err
			}
		}
		if isSpan(e.Kind) {
			t.erows = append(t.erows, t.spanRow(e, reading))
			continue
		}
		te := trace.EventOf(e)
		t.detail = trace.AppendDetail(t.detail[:0], &te)
		row := tables.Event{
			Input:   t.input,
			Reading: reading,
			Tick:    int64(e.Tick),
			GUID:    hexid.String(e.GUID),
			Event:   te.Kind.String(),
			Detail:  string(t.detail),
		}
		if b := te.Branch(); b != "" {
			row.Branch = &b
		}
		if e.Kind == eventlog.EventBlip || e.Kind == eventlog.EventSnap {
			from, to := e.From.Position(), e.To.Position()
			n := len(t.erows)
			t.dists[n] = float64(from.Offset(&to).Len())
			row.Distance = &t.dists[n]
			row.Cause = t.takeCause(e)
		} else if isTransit(e.Kind) {
			// A step's height or a land's fall; a wall or cell has none.
			if e.Kind.Info().Filters&eventlog.FilterDistance != 0 {
				n := len(t.erows)
				t.dists[n] = float64(e.Distance)
				row.Distance = &t.dists[n]
			}
			row.Cause = t.takeCause(e)
		}
		t.erows = append(t.erows, row)
	}
	if t.dropCauses && s.explainer != nil {
		s.explainer.Causes = s.explainer.Causes[:0]
		t.causes[run] = 0
	}
	return nil
}

// isTransit reports whether k is one of the transition's events (the
// kinds table's PayloadTransit: wall, step, cell, land).
func isTransit(k eventlog.EventKind) bool { return k.Info().Payload == eventlog.PayloadTransit }

// isSpan reports whether k is a glide event spanning ticks (the kinds
// table's Glide).
func isSpan(k eventlog.EventKind) bool { return k.Info().Glide }

// spanRow is the events-table row of a sprint, snap-back or lag: logged at
// the tick the span was over, its first and last ticks and speeds in the
// detail, its path (a lag: its last gap) as the distance, its cause chain.
func (t *TableWriter) spanRow(e *eventlog.Event, reading string) tables.Event {
	d := t.detail[:0]
	d = append(d, `{"since":`...)
	d = strconv.AppendInt(d, int64(e.Since), 10)
	d = append(d, `,"until":`...)
	d = strconv.AppendInt(d, int64(e.Until), 10)
	for _, f := range [...]struct {
		name string
		v    float32
	}{{"speed", e.Speed}, {"catch_up", e.Rate}, {"ref", e.Ref}} {
		d = append(d, `,"`...)
		d = append(d, f.name...)
		d = append(d, `":`...)
		d = strconv.AppendFloat(d, float64(f.v), 'g', -1, 32)
	}
	d = append(d, '}')
	t.detail = d
	n := len(t.erows)
	t.dists[n] = float64(e.Distance)
	return tables.Event{Input: t.input, Reading: reading, Tick: int64(e.Tick), GUID: hexid.String(e.GUID),
		Event: e.Kind.String(), Distance: &t.dists[n], Detail: string(d), Cause: t.takeCause(e)}
}

// takeCause is the text of the tick's first unwritten cause chain of e's
// object and kind, nil when there is none.
func (t *TableWriter) takeCause(e *eventlog.Event) *string {
	for i, c := range t.tickCauses {
		at := int(e.Tick)
		if isSpan(e.Kind) {
			at = int(e.Since)
		}
		if c != nil && c.GUID == e.GUID && c.Kind == e.Kind && c.Tick == at {
			t.tickCauses[i] = nil
			text := c.String()
			return &text
		}
	}
	return nil
}

// flushStates hands the batch to the sink, which takes it.
func (t *TableWriter) flushStates() error {
	if t.sb == nil || t.sb.Len() == 0 {
		return nil
	}
	err := t.states.WriteStates(t.sb)
	t.sb = nil
	return err
}

func (t *TableWriter) flushEvents() error {
	if len(t.erows) == 0 {
		return nil
	}
	err := t.events.Write(t.erows)
	t.erows = t.erows[:0]
	return err
}

// Flush hands the buffered rows to the sinks.
func (t *TableWriter) Flush() error {
	if t.states != nil {
		if err := t.flushStates(); err != nil {
			return err
		}
	}
	if t.events != nil {
		return t.flushEvents()
	}
	return nil
}

// Row capture: the states table's row of each object, written in the
// UpdateObjectInternal pass right after the object's update — its final
// state for the tick — while the object is still in the cache, on the core
// that updated it (the pass may be split, parallel.go), and straight into
// the batch the table writer hands to the encoder: before the pass the
// writer reserves one row per live slot (TableWriter.reserve), so no row is
// copied after the tick.

// rowCapture is where the pass writes each live slot's row this tick.
type rowCapture struct {
	w   *TableWriter
	run int
	// tick is the tick rows were reserved for (-1: none); at is each
	// slot's row in dst (-1: none), keys each slot's tables.StateValues.Key.
	tick     int
	at       []int32
	dst      []tables.StateValues
	keys     []int32
	headings []slotHeading
}

// slotHeading is a heading and the rotation (Frame.Rot) it belongs to: the
// heading costs an atan2, and an object's rotation stays the same over
// most ticks.
type slotHeading struct {
	rot mgl32.Quat
	deg float32
	ok  bool
}

// begin reserves the rows of the tick about to be simulated; it runs
// before the pass, never during.
func (c *rowCapture) begin(s *Sim) {
	for len(c.headings) < s.nslots {
		c.headings = append(c.headings, slotHeading{})
	}
	c.w.reserve(s, c.run)
}

// take writes o's row; it reads o and writes o's row alone.
func (c *rowCapture) take(s *Sim, o *object) {
	if c.tick != s.tick {
		return
	}
	if i := c.at[o.slot]; i >= 0 {
		stateValues(o, c.keys[o.slot], &c.headings[o.slot], &c.dst[i])
	}
}

// stateValues fills v with o's state row (key its Key), h caching its
// heading.
func stateValues(o *object, key int32, h *slotHeading, v *tables.StateValues) {
	// Field by field, from the position in place: a run of ticks writes
	// 18 M of these rows for a 10-minute crowd of 1000 (no temporary row,
	// no copy of the position).
	pos := o.phys.PositionRef()
	if !h.ok || h.rot != pos.Frame.Rot {
		h.rot, h.deg, h.ok = pos.Frame.Rot, o.phys.Heading(), true
	}
	// gx and gy are the landblock's corner plus X and Y
	// (tables.StateValues.Global, as pos.Global), added as the page is
	// gathered.
	v.Key, v.GUID, v.Cell = key, o.guid, pos.Cell
	v.X, v.Y, v.Z = pos.Frame.Origin[0], pos.Frame.Origin[1], pos.Frame.Origin[2]
	v.Heading = h.deg
	v.Contact = o.phys.InContact()
	v.Queue, v.Fail = 0, 0
	if im := o.pm.Interpolation(); im != nil {
		v.Queue, v.Fail = int32(im.QueueLen()), int32(im.FailCounter())
	}
	// truthError's measure, on the position already read: offsetLen,
	// Offset(…).Len() bit for bit in registers (Offset's three floats,
	// returned through memory, stalled every row).
	v.Error, v.HasError = 0, false
	if o.st.hasTruth && pos.Cell != 0 {
		v.Error, v.HasError = offsetLen(&o.st.truth, pos), true
	}
}
