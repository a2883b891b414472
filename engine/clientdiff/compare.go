// Comparing: one tick at a time, the retail state rows of the Sim against
// the client's rows of the same tick, in global coordinates (DESIGN.md,
// "Coordinates"). Each object keeps a ring of its last Context ticks until it
// first diverges, so the divergence can be shown with what led to it.

package clientdiff

import (
	"math"

	"glidepath/engine"
	"glidepath/engine/agree"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
)

// Options parameterise a comparison.
type Options struct {
	// Tolerance is the largest position error, metres, that is not a
	// divergence.
	Tolerance float64
	// Context is the number of ticks shown before a first divergence.
	Context int
	// Input is the run's input as given (a path); a Glidepath trace whose
	// header names another input is refused (SameInput). "" checks
	// nothing.
	Input string
	// StrictObjects makes a client object the run never has a divergence
	// (it is listed under Missing.NotInRecording either way).
	StrictObjects bool
}

// DefaultTolerance is the tolerance `viewer diff` uses unless told: 1 cm
// (agree.DefaultTolerance).
const DefaultTolerance = agree.DefaultTolerance

// Comparer compares a run with a client trace tick by tick. Give it to the
// Sim as its Options.Sink, then call Run (or CompareTick once per tick and
// Finish).
type Comparer struct {
	// Interrupt, when set, is polled before each tick; an error it returns
	// stops Run with that error (a signal, say).
	Interrupt func(tick int) error
	// RowCompared, when set, is handed every client row compared, after
	// the first divergence too: the tick, the object, the row's line, its
	// position error, metres, and what differed (nil when the row agrees),
	// as Divergence.Fields names it. viewer conform judges behaviours tick
	// by tick with it.
	RowCompared func(tick int, guid uint32, line int, err float64, fields []string)
	// ClientOnly, when set, is told of each client object the run has not
	// had so far, at its first row (its line): its rows are not compared.
	// viewer live warns with it, having no end to report them at.
	ClientOnly func(tick int, guid uint32, line int)

	opts Options
	x    explain.Explainer
	// explain says the Sim logs pops and hitches (its metrics are on), so
	// the cause chains are gathered as the run goes; without them the
	// chains, and the events at the divergences, are NameStages's.
	explain bool

	// ring holds the events of the last Context+1 ticks, by tick modulo.
	ring     [][]eventlog.Event
	ringTick []int

	objs  map[uint32]*tracked
	order []*tracked
	// states and accs are the current tick's retail rows and their objects;
	// index maps a guid to its position, rebuilt when the set changes.
	states []engine.StateRow
	accs   []*tracked
	index  map[uint32]int
	seen   []bool

	clientOnly map[uint32]*ClientOnly
	onlyOrder  []uint32
	// toldOnly are the client-only objects ClientOnly was told of.
	toldOnly map[uint32]bool
	notAlive int
	afterRun int
	pending  []*tracked
	tick     int
	sim      *engine.Sim
	// scratch is CheckRow's states.
	scratch []engine.StateRow
}

// tracked is one recording object's comparison.
type tracked struct {
	obj    Object
	logged bool
	ctx    []ctxEntry
	next   int
	// absent counts the ticks alive without a client row; ranges the
	// first runs of them.
	absent int
	ranges [][2]int
	causes []explain.Cause
	// divTick is the tick of the pending divergence awaiting its causes.
	divTick int
	// since is the tick the comparison first met the object: causes of
	// earlier ticks' events are not its (onCause).
	since int
}

type ctxEntry struct {
	tick   int
	st     engine.StateRow
	row    clienttrace.Row
	hasRow bool
	err    float64
}

// NewComparer makes a comparer.
func NewComparer(opts Options) *Comparer {
	if opts.Context < 0 {
		opts.Context = 0
	}
	c := &Comparer{opts: opts, objs: make(map[uint32]*tracked), index: make(map[uint32]int),
		clientOnly: make(map[uint32]*ClientOnly)}
	c.ring = make([][]eventlog.Event, opts.Context+2)
	c.ringTick = make([]int, opts.Context+2)
	for i := range c.ringTick {
		c.ringTick[i] = -1
	}
	c.x.OnCause = c.onCause
	return c
}

// TickEvents receives a newly simulated tick's events (engine.TickSink).
func (c *Comparer) TickEvents(tick int, events []eventlog.Event) {
	slot := tick % len(c.ring)
	c.ring[slot] = append(c.ring[slot][:0], events...)
	c.ringTick[slot] = tick
	if c.explain {
		c.x.TickEvents(tick, events)
	}
}

// eventsAt returns the events of tick k if still held.
func (c *Comparer) eventsAt(k int) []eventlog.Event {
	if k < 0 {
		return nil
	}
	slot := k % len(c.ring)
	if c.ringTick[slot] != k {
		return nil
	}
	return c.ring[slot]
}

func (c *Comparer) onCause(cause *explain.Cause) {
	t := c.objs[cause.GUID]
	if t == nil || t.obj.FirstDivergence != nil && t.divTick < 0 {
		return
	}
	if d := t.obj.FirstDivergence; d != nil {
		// Past the divergence, waiting for a glide span covering it:
		// keep what explains it, drop nothing.
		if causeCovers(cause, d, c.opts.Context) {
			t.causes = append(t.causes, *cause)
		}
		return
	}
	keep := t.causes[:0]
	for _, old := range t.causes {
		if max(old.Tick, old.Until) >= cause.Tick-c.opts.Context-1 {
			keep = append(keep, old)
		}
	}
	t.causes = append(keep, *cause)
}

// CompareTick compares the Sim's current tick with the client's rows of
// that tick (nil when the client gave none).
func (c *Comparer) CompareTick(s *engine.Sim, rows []clienttrace.Row) {
	c.states = s.Query().States(c.states[:0])
	c.compareStates(s, s.Tick(), rows)
}

// CompareRows compares the state rows of tick (engine.Sim.AdvanceRows's,
// the tick's events already given to TickEvents) with the client's rows of
// that tick (nil when the client gave none).
func (c *Comparer) CompareRows(s *engine.Sim, tick int, states []engine.StateRow, rows []clienttrace.Row) {
	c.states = append(c.states[:0], states...)
	c.compareStates(s, tick, rows)
}

// compareStates compares c.states, the Sim's rows of tick, with rows.
func (c *Comparer) compareStates(s *engine.Sim, tick int, rows []clienttrace.Row) {
	if c.sim == nil {
		c.explain = s.Query().Metrics() != nil
	}
	c.tick, c.sim = tick, s
	c.settle(c.tick)
	c.reindex()
	for i := range c.seen {
		c.seen[i] = false
	}
	events := c.eventsAt(c.tick)
	for r := range rows {
		row := &rows[r]
		// Traces mostly list the objects in the Sim's order: the row's
		// position is tried before the index (guids are distinct, so a
		// match there is the index's answer).
		i, ok := r, r < len(c.states) && c.states[r].GUID == row.GUID
		if !ok {
			i, ok = c.index[row.GUID]
		}
		if !ok {
			if _, known := c.objs[row.GUID]; known {
				c.notAlive++
			} else {
				c.noteClientOnly(row)
			}
			continue
		}
		c.seen[i] = true
		c.compare(c.accs[i], &c.states[i], row, events)
	}
	for i, t := range c.accs {
		if !c.seen[i] {
			t.markAbsent(c.tick)
			t.push(c.tick, &c.states[i], nil, 0)
		}
	}
}

// reindex rebuilds the guid index when the live objects changed.
func (c *Comparer) reindex() {
	same := len(c.accs) == len(c.states)
	for i := 0; same && i < len(c.states); i++ {
		same = c.accs[i].obj.guid == c.states[i].GUID
	}
	if same {
		return
	}
	clear(c.index)
	c.accs = c.accs[:0]
	for i := range c.states {
		g := c.states[i].GUID
		t := c.objs[g]
		if t == nil {
			t = &tracked{obj: Object{GUID: hexid.String(g), guid: g}, ctx: make([]ctxEntry, c.opts.Context), divTick: -1, since: c.tick}
			for k := range t.ctx {
				t.ctx[k].tick = -1
			}
			c.objs[g] = t
			c.order = append(c.order, t)
		}
		c.index[g] = i
		c.accs = append(c.accs, t)
	}
	c.seen = make([]bool, len(c.states))
}

// compare measures one client row against the retail state.
func (c *Comparer) compare(t *tracked, st *engine.StateRow, row *clienttrace.Row, events []eventlog.Event) {
	t.logged = true
	// A client that logs retail's own numbers (another run of Glidepath)
	// is 0 m off without the sum: the same finite numbers give the same
	// global coordinates.
	err := positionError(st, row)
	o := &t.obj
	o.Rows++
	o.sumErr += err
	if err > o.MaxError {
		o.MaxError, o.MaxErrorTick = err, c.tick
	}
	if o.FirstDivergence == nil || c.RowCompared != nil {
		// Most rows agree in every field the client gave; only the others
		// are looked at field by field (a NaN error fails err <= tol).
		if err <= c.opts.Tolerance && !agree.CellDiffers(st.Cell, row.Cell) && (!row.HasQueue || row.Queue == st.Queue) &&
			(!row.HasContact || row.Contact == st.Contact) && !row.HasBranch &&
			(!row.HasHeading || !agree.HeadingDiffers(c.sim.Query().RowHeading(st), row.Heading)) {
			if c.RowCompared != nil {
				c.RowCompared(c.tick, st.GUID, row.Line, err, nil)
			}
			t.push(c.tick, st, row, err)
			return
		}
		fields := c.differences(c.sim.Query(), st, row, err, events)
		if c.RowCompared != nil {
			c.RowCompared(c.tick, st.GUID, row.Line, err, fields)
			if o.FirstDivergence != nil {
				return
			}
		}
		if fields != nil {
			c.diverge(t, st, row, err, fields, events)
			return
		}
		t.push(c.tick, st, row, err)
	}
}

// finite reports that no coordinate of v is infinite or NaN.
func finite(v [3]float32) bool {
	const m = math.MaxFloat32
	return v[0] >= -m && v[0] <= m && v[1] >= -m && v[1] <= m && v[2] >= -m && v[2] <= m
}

// differences lists what differs: the position beyond the tolerance, the
// cell where one of the two is indoors (agree.CellDiffers), and the heading,
// queue, contact and branch where the client gave them. q is the Sim's
// query (the heading's).
func (c *Comparer) differences(q engine.Query, st *engine.StateRow, row *clienttrace.Row, err float64, events []eventlog.Event) []string {
	var f []string
	if err > c.opts.Tolerance || math.IsNaN(err) {
		f = append(f, "position")
	}
	if agree.CellDiffers(st.Cell, row.Cell) {
		f = append(f, "cell")
	}
	if row.HasHeading && agree.HeadingDiffers(q.RowHeading(st), row.Heading) {
		f = append(f, "heading")
	}
	if row.HasQueue && row.Queue != st.Queue {
		f = append(f, "queue")
	}
	if row.HasContact && row.Contact != st.Contact {
		f = append(f, "contact")
	}
	if row.HasBranch {
		var branch string
		for i := range events {
			if e := &events[i]; e.GUID == st.GUID && e.Kind == eventlog.EventRoute {
				branch = e.Route.String()
			}
		}
		if branch != row.Branch.String() {
			f = append(f, "branch")
		}
	}
	return f
}

// diverge records t's first divergence; its causes are gathered once the
// tick after has run (a hitch is confirmed then).
func (c *Comparer) diverge(t *tracked, st *engine.StateRow, row *clienttrace.Row, err float64, fields []string, events []eventlog.Event) {
	d := &Divergence{Tick: c.tick, Error: err, Fields: fields, Retail: retailOf(st, events), Client: *clientOf(row),
		Causes: []string{}, Context: []ContextTick{}}
	h := c.sim.Query().RowHeading(st)
	d.Retail.Heading = &h
	n := len(t.ctx)
	for k := 0; k < n; k++ {
		e := &t.ctx[(t.next+k)%n]
		if e.tick < 0 || e.tick >= c.tick || e.tick < c.tick-n {
			continue
		}
		ct := ContextTick{Tick: e.tick, Retail: retailOf(&e.st, c.eventsAt(e.tick))}
		if e.hasRow {
			ct.Client = clientOf(&e.row)
			v := e.err
			ct.Error = &v
		}
		d.Context = append(d.Context, ct)
	}
	t.obj.FirstDivergence = d
	t.divTick = c.tick
	c.pending = append(c.pending, t)
}

// settle gives pending divergences their causes once tick is past them.
func (c *Comparer) settle(tick int) {
	keep := c.pending[:0]
	for _, t := range c.pending {
		if tick > t.divTick && !c.spanOpen(t, tick) {
			t.attachCauses(c.opts.Context)
		} else {
			keep = append(keep, t)
		}
	}
	c.pending = keep
}

// spanWait bounds, in seconds, how long after a divergence its causes
// wait for a sprint, snap-back or lag still going on to be logged.
const spanWait = 10

// spanOpen reports whether t's divergence waits for a glide span that
// began by its tick and is not over yet at tick (engine glide.go: a span
// is logged once it is over), for at most spanWait seconds.
func (c *Comparer) spanOpen(t *tracked, tick int) bool {
	return c.sim != nil && tick <= t.divTick+spanWait*c.sim.TickRate() && c.sim.Query().GlideSpanOpen(t.obj.guid, t.divTick)
}

// causeCovers reports whether cs explains something in the ticks from
// d.Tick-context to d.Tick: a cause of one of them, or a sprint, snap-back
// or lag spanning into them that began by d.Tick.
func causeCovers(cs *explain.Cause, d *Divergence, context int) bool {
	return cs.Tick <= d.Tick && max(cs.Tick, cs.Until) >= d.Tick-context
}

func (t *tracked) attachCauses(context int) {
	d := t.obj.FirstDivergence
	for i := range t.causes {
		if cs := &t.causes[i]; causeCovers(cs, d, context) {
			d.Causes = append(d.Causes, cs.String())
			d.causeKinds = append(d.causeKinds, causeKind{tick: cs.Tick, until: cs.Until, kind: cs.Kind})
		}
	}
	t.causes, t.divTick = nil, -1
}

// push keeps a tick in t's context ring (until it diverged).
func (t *tracked) push(tick int, st *engine.StateRow, row *clienttrace.Row, err float64) {
	if len(t.ctx) == 0 || t.obj.FirstDivergence != nil {
		return
	}
	e := &t.ctx[t.next]
	e.tick, e.st, e.err, e.hasRow = tick, *st, err, row != nil
	if row != nil {
		e.row = *row
	}
	if t.next++; t.next == len(t.ctx) {
		t.next = 0
	}
}

func (t *tracked) markAbsent(tick int) {
	t.absent++
	if n := len(t.ranges); n > 0 && t.ranges[n-1][1] == tick-1 {
		t.ranges[n-1][1] = tick
	} else if n < MaxRanges {
		t.ranges = append(t.ranges, [2]int{tick, tick})
	}
}

// tellClientOnly hands the ClientOnly hook a client object the run has
// not had, once.
func (c *Comparer) tellClientOnly(tick int, row *clienttrace.Row) {
	if c.ClientOnly == nil || c.toldOnly[row.GUID] {
		return
	}
	if c.toldOnly == nil {
		c.toldOnly = map[uint32]bool{}
	}
	c.toldOnly[row.GUID] = true
	c.ClientOnly(tick, row.GUID, row.Line)
}

func (c *Comparer) noteClientOnly(row *clienttrace.Row) {
	co := c.clientOnly[row.GUID]
	if co == nil {
		co = &ClientOnly{GUID: hexid.String(row.GUID), FirstLine: row.Line}
		c.clientOnly[row.GUID] = co
		c.onlyOrder = append(c.onlyOrder, row.GUID)
		c.tellClientOnly(c.tick, row)
	}
	co.Rows++
}
