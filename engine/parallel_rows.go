// Outputs on the chunked path: a run writing a trace steps in runs of ticks
// over chunks of objects like a run that prints nothing (parallel_ticks.go),
// and each chunk encodes its objects' trace rows on its own core, right
// after each tick's pass, while their state is in that core's cache. Once
// the run of ticks is stepped, the chunks' rows are handed whole to a
// goroutine that writes them, while the next run steps, in the order a run
// stepped tick by tick writes them (Trace v1: per tick, every live object's
// state row in header-then-creation order, then the tick's event rows in
// the order they happened), so the trace is byte for byte the same at any
// core count and any chunking (TestTraceHashes, TestAdvanceTrace_*).
//
// The order of a tick's events, tick by tick: the delivery of the tick's
// recording events in file order — each logs about its own object only, so
// its rows are all in the chunk of that object, tagged with the event's
// number in the file — then the pass in slot order. The rows are written
// as the chunks' state rows in chunk order, the delivery rows merged across
// chunks by event number, then the pass rows in chunk order.

package engine

import (
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/engine/trace"
	"glidepath/internal/hugepage"
	"glidepath/interp"
	"glidepath/physics"
)

// chunkRows is one chunk's encoded rows for a run of ticks (rowsOut) and
// what encoding them keeps from run to run.
type chunkRows struct {
	rowsOut
	// scratch is where a changed state row is put together
	// (traceHeading.encode).
	scratch []byte
	err     error
	// The chunk's own event log storage, kept from run to run (the chunk's
	// copy of the Sim logs its objects' events into it).
	log      []logEntry
	places   []eventlog.Place
	stamps   [][NumChecked]uint16
	stampsIn [][NumChecked]uint16
	unpacked []eventlog.Event
}

// rowsOut is a chunk's encoded rows of a run of ticks, tick after tick:
// the tick's state rows (refs, each one's text after its tick in texts),
// its delivery event rows and its pass event rows (buf), each tick's ends
// in ticks. The chunk encodes them on its own core; they are then handed
// whole to the goroutine writing the run (rowsWrite), which puts each row
// in the trace's blocks in place (the only copy of a state row's text
// from tick to tick: a text is put in texts once a run and again only when
// the object's state changes), and the chunk encodes the next run into a
// spare.
type rowsOut struct {
	buf []byte
	// texts are the state rows' texts after their tick
	// (trace.AppendStateRowTail); refs each state row's, in row order.
	texts []byte
	refs  []textRef
	ticks []tickRows
	// srcs are the delivery event rows: the recording event each came
	// from and where the row ends in buf.
	srcs []sourceRow
}

// textRef is where a state row's text is in rowsOut.texts.
type textRef struct{ from, to int }

// tickRows is where a tick's rows end: its state rows in rowsOut.refs,
// its delivery rows and its pass rows in rowsOut.buf (its delivery rows
// start where the tick before's pass rows end); srcs where its delivery
// rows end in rowsOut.srcs.
type tickRows struct {
	states, delivered, passed int
	srcs                      int
}

// traceHeading is an object's last state row after its tick
// (trace.AppendStateRowTail), the state that row was encoded from (its
// key), and where the row's pieces that change most start in it: the
// origin's three coordinates, the heading and the row's end
// (trace.AppendStateRowHead's order). ok says the heading's text is that
// of the rotation in key.
type traceHeading struct {
	row []byte
	key rowKey
	at  [5]int32
	ok  bool
	// run is the run of ticks (shardBatch.run) that put row in its
	// chunk's texts last, text where it is there.
	run  int
	text textRef
}

// rowKey is what an object's state row holds but its tick: floats by
// their bits (-0 and 0 are written differently).
type rowKey struct {
	guid, cell  uint32
	origin      [3]uint32
	rot         [4]uint32
	queue, fail int
	contact     bool
}

// same reports whether k and o are the same key. It compares field by
// field, the origin and the rotation as arrays of at most four words, in
// line: k == o, a struct of more than four fields, called a compare
// function of its own for every object of every tick, a tenth of
// encodeTick's time.
func (k *rowKey) same(o *rowKey) bool {
	return k.origin == o.origin && k.rot == o.rot && k.guid == o.guid && k.cell == o.cell &&
		k.queue == o.queue && k.fail == o.fail && k.contact == o.contact
}

// rowOf returns st's row after its tick (trace.AppendStateRowTail), the
// object's rotation rot, heading its heading (called only when rot
// changed): the row kept from the tick before unless the state changed
// (encode).
func (h *traceHeading) rowOf(st *trace.State, rot *mgl32.Quat, heading func() float32) []byte {
	if key := rowKeyOf(st, rot); len(h.row) == 0 || !key.same(&h.key) {
		var scratch []byte
		h.encode(st, key, heading, &scratch)
	}
	return h.row
}

// Where traceHeading.at's pieces start in the row: the origin's x, y and
// z, the heading, the row's end.
const (
	atX = iota
	atY
	atZ
	atHeading
	atEnd
)

// encode encodes st's row after its tick again, key its key, rewriting
// only the texts of the floats that changed (the heading, an atan2 and a
// float's digits, only when the rotation did): of a crowd's rows that
// change, nearly all keep their guid, cell, height, queue, fail and
// contact, a quarter one of x and y, three quarters their heading. A new
// text as long as the old one is written over it in place; otherwise the
// row is put together again in scratch (a buffer kept by the caller) from
// the new texts and the old row's pieces, and the two trade places: the
// row is scratch's memory, and scratch the old row's.
func (h *traceHeading) encode(st *trace.State, key rowKey, heading func() float32, scratch *[]byte) {
	first := len(h.row) == 0
	again := first || key.guid != h.key.guid || key.cell != h.key.cell
	end := again || key.queue != h.key.queue || key.fail != h.key.fail || key.contact != h.key.contact
	// The changed floats' texts, nil where unchanged.
	var texts [4][]byte
	var bufs [4][24]byte
	for i := range 3 {
		if first || key.origin[i] != h.key.origin[i] {
			texts[i] = trace.AppendFloat(bufs[i][:0], st.Origin[i])
		}
	}
	if !h.ok || key.rot != h.key.rot {
		texts[atHeading], h.ok = trace.AppendFloat(bufs[atHeading][:0], heading()), true
	}
	h.key = key
	if !end {
		// In place where every changed text is as long as the old.
		inPlace := true
		for i, t := range texts {
			if t != nil && len(t) != h.pieceLen(i) {
				inPlace = false
				break
			}
		}
		if inPlace {
			for i, t := range texts {
				copy(h.row[h.at[i]:], t)
			}
			return
		}
	}
	old := h.row
	b := (*scratch)[:0]
	if again {
		b = trace.AppendStateRowHead(b, st.GUID, st.Cell)
	} else {
		b = append(b, old[:h.at[atX]]...)
	}
	var at [5]int32
	for i := range 4 {
		switch i {
		case atY, atZ:
			b = append(b, ',')
		case atHeading:
			b = append(b, trace.StateRowHeading...)
		}
		at[i] = int32(len(b))
		if t := texts[i]; t != nil {
			b = append(b, t...)
		} else {
			b = append(b, old[h.at[i]:h.at[i]+int32(h.pieceLen(i))]...)
		}
	}
	at[atEnd] = int32(len(b))
	if end {
		b = trace.AppendStateRowEnd(b, st.Queue, st.Fail, st.Contact)
	} else {
		b = append(b, old[h.at[atEnd]:]...)
	}
	// The row put together is the row from now on, and the old row's
	// memory the next scratch: no copy back. A first row had none: the
	// scratch is made as large as the row at once, not grown by appends.
	if cap(old) == 0 {
		old = make([]byte, 0, cap(b))
	}
	h.row, h.at, *scratch = b, at, old[:0]
}

// pieceLen is the length of piece i (atX to atHeading) of h's row.
func (h *traceHeading) pieceLen(i int) int {
	switch i {
	case atX, atY:
		return int(h.at[i+1]-h.at[i]) - 1 // the comma
	case atZ:
		return int(h.at[atHeading]-h.at[atZ]) - len(trace.StateRowHeading)
	}
	return int(h.at[atEnd] - h.at[atHeading])
}

// rowKeyOf is st's key, with rot the rotation its heading comes from.
func rowKeyOf(st *trace.State, rot *mgl32.Quat) rowKey {
	return rowKey{guid: st.GUID, cell: st.Cell,
		origin: [3]uint32{math.Float32bits(st.Origin[0]), math.Float32bits(st.Origin[1]), math.Float32bits(st.Origin[2])},
		rot:    [4]uint32{math.Float32bits(rot.W), math.Float32bits(rot.V[0]), math.Float32bits(rot.V[1]), math.Float32bits(rot.V[2])},
		queue:  st.Queue, fail: st.Fail, contact: st.Contact}
}

// sourceRow is one delivery event row: its recording event and its end.
type sourceRow struct {
	source int32
	end    int
}

// AdvanceTrace steps up to n ticks like a run of a Compare does (in runs
// of ticks over chunks of objects where it can, else tick by tick) and
// writes each tick's rows to tw, which was made for s (trace.NewRunWriter)
// and has written the ticks before. It returns the first error writing
// them; a problem of the input stream is Err's.
func (s *Sim) AdvanceTrace(n int, tw *trace.RunWriter) error {
	s.traceOut, s.traceErr = tw, nil
	// In runs of at most traceRunTicks: a run's rows are written while
	// the next run steps (writeRows), and every chunk keeps a run's rows.
	for n > 0 && !s.Done() {
		k := min(n, traceRunTicks)
		s.advance(k)
		n -= k
	}
	if s.batch != nil {
		s.batch.waitWrite(s)
	}
	s.traceOut = nil
	return s.traceErr
}

// traceRunTicks is the longest run of ticks AdvanceTrace steps at once.
const traceRunTicks = 64

// traceTick writes the tick just stepped tick by tick (after the rows of
// the run of ticks before it).
func (s *Sim) traceTick() {
	if s.batch != nil {
		s.batch.waitWrite(s)
	}
	if s.traceOut != nil && s.traceErr == nil {
		s.traceErr = s.traceOut.WriteTick()
	}
}

// rowsWrite is a run of ticks' trace rows being put in trace order and
// written on a goroutine of its own while the next run steps: the chunks'
// rows it writes from (each chunk encodes the next run into a spare), the
// run's ticks, and the first error writing them.
type rowsWrite struct {
	outs  []rowsOut
	spare []rowsOut
	// from is the run's first tick, ticks its ticks.
	from, ticks int
	// at, src and ref are the writing's places in outs (write), tick
	// the start of the state rows of the tick being written.
	at, src, ref []int
	tick         []byte
	done         chan struct{}
	err          error
	on           bool
}

// waitWrite waits for the run's rows being written, takes its error, and
// gives the chunks' rows it wrote from back as spares.
func (b *shardBatch) waitWrite(s *Sim) {
	w := &b.write
	if !w.on {
		return
	}
	<-w.done
	w.on = false
	if w.err != nil && s.traceErr == nil {
		s.traceErr = w.err
	}
	w.spare = append(w.spare, w.outs...)
	clear(w.outs)
	w.outs = w.outs[:0]
}

// shardRows says whether a run of ticks stepped in shards encodes trace
// rows: a trace is being written, and nothing else reads the events (the
// cause chains and a tick sink read every tick's events in order).
func (s *Sim) shardRows() bool {
	return s.traceOut != nil && !s.opts.Explain && s.opts.Sink == nil
}

// shardOutputs says whether the run's outputs can be written from runs of
// ticks stepped in shards: the event log only when it is for a trace
// being written, the states table's row capture only when AdvanceStates
// writes it.
func (s *Sim) shardOutputs() bool {
	return (!s.logging || s.shardRows() || s.shardSink()) && (s.rowsOut == nil || s.shardSink()) && (s.capture == nil || s.statesOut != nil)
}

// beginRows gives each chunk's copy of the Sim its own event log and
// empties the chunks' rows.
func (b *shardBatch) beginRows(chunks int) {
	// The headings by slot, grown before the chunks run: each chunk reads
	// and writes only its own slots'.
	for len(b.heads) < b.n {
		b.heads = append(b.heads, traceHeading{})
	}
	for len(b.rows) < chunks {
		b.rows = append(b.rows, chunkRows{})
	}
	b.run++
	for c := range chunks {
		r := &b.rows[c]
		if r.refs == nil && b.traceRows {
			// New buffers are made the size a run of ticks' rows of a
			// chunk of live objects takes: grown by appends, they were
			// copied some twenty times before they held them.
			ticks := b.to - b.from + 1
			r.buf = make([]byte, 0, b.size*ticks*eventBytesHint)
			r.texts = make([]byte, 0, b.size*(1+ticks/2)*rowBytesHint)
			r.refs = make([]textRef, 0, b.size*ticks)
		}
		r.buf, r.texts, r.refs, r.ticks, r.srcs, r.err = r.buf[:0], r.texts[:0], r.refs[:0], r.ticks[:0], r.srcs[:0], nil
		v := &b.views[c]
		v.log, v.places, v.stamps, v.stampsIn, v.unpacked = r.log[:0], r.places[:0], r.stamps[:0], r.stampsIn[:0], r.unpacked[:0]
	}
}

// rowBytesHint is about the bytes of an object's state row after its tick
// in a crowd's trace, eventBytesHint its share of a tick's event rows.
const (
	rowBytesHint   = 140
	eventBytesHint = 20
)

// encodeTick encodes chunk c's rows of tick k, which v (the chunk's copy of
// the Sim) has just stepped over slots [lo, hi), and empties v's log.
func (b *shardBatch) encodeTick(c int, v *Sim, lo, hi, k int) {
	r := &b.rows[c]
	refs := r.refs
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.PositionRef()
		rot := &pos.Frame.Rot
		key := rowKey{guid: o.guid, cell: pos.Cell,
			origin:  [3]uint32{math.Float32bits(pos.Frame.Origin[0]), math.Float32bits(pos.Frame.Origin[1]), math.Float32bits(pos.Frame.Origin[2])},
			rot:     [4]uint32{math.Float32bits(rot.W), math.Float32bits(rot.V[0]), math.Float32bits(rot.V[1]), math.Float32bits(rot.V[2])},
			contact: o.phys.InContact()}
		if im := o.pm.Interpolation(); im != nil {
			key.queue, key.fail = im.QueueLen(), int(im.FailCounter())
		}
		// The rest of the row is encoded again only when the object's
		// state changed (most objects of a crowd stand still most ticks),
		// and the heading (an atan2 and a float's digits) only when its
		// rotation did: rowOf's, with the state read once.
		// The row's text is put in the chunk's texts the first time the
		// run writes it and again when it changed (the texts written from
		// keep each tick's); its tick is put before it when it is written
		// (rowsWrite.write).
		h := &b.heads[o.slot]
		if len(h.row) == 0 || !key.same(&h.key) {
			st := trace.State{Tick: k, GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin, Queue: key.queue, Fail: key.fail, Contact: key.contact}
			h.encode(&st, key, o.phys.Heading, &r.scratch)
			h.run = 0
		}
		if h.run != b.run {
			h.run, h.text = b.run, textRef{len(r.texts), len(r.texts) + len(h.row)}
			r.texts = append(r.texts, h.row...)
		}
		refs = append(refs, h.text)
	}
	r.refs = refs
	buf := r.buf
	t := tickRows{states: len(refs)}
	var e eventlog.Event
	delivered := true
	for i := range v.log {
		l := &v.log[i]
		if !l.kind.InTrace() {
			continue
		}
		if l.source < 0 && delivered {
			// The pass's rows follow the delivery's.
			t.delivered, delivered = len(buf), false
		}
		e = v.unpack(i)
		var err error
		if buf, err = trace.AppendEventRow(buf, &e); err != nil && r.err == nil {
			r.err = err
		}
		if delivered {
			r.srcs = append(r.srcs, sourceRow{source: l.source, end: len(buf)})
		}
	}
	if delivered {
		t.delivered = len(buf)
	}
	t.passed, t.srcs = len(buf), len(r.srcs)
	r.buf = buf
	r.ticks = append(r.ticks, t)
	v.log, v.places, v.stamps, v.stampsIn = v.log[:0], v.places[:0], v.stamps[:0], v.stampsIn[:0]
}

// endRows keeps each chunk's log storage for the next run of ticks and has
// the run's rows written in trace order while the next run steps.
func (b *shardBatch) endRows(s *Sim, chunks int) {
	for c := range chunks {
		r, v := &b.rows[c], &b.views[c]
		r.log, r.places, r.stamps, r.stampsIn, r.unpacked = v.log, v.places, v.stamps, v.stampsIn, v.unpacked
		if r.err != nil && s.traceErr == nil {
			s.traceErr = r.err
		}
	}
	b.waitWrite(s) // the run before's rows are out: its buffers are spares
	if s.traceErr != nil {
		return
	}
	// The chunks' rows go whole to the goroutine writing them, which puts
	// them in trace order (write) while the next run of ticks steps, each
	// chunk encoding it into a spare: the stepping goroutine does not
	// wait for the ordering.
	w := &b.write
	for c := range chunks {
		r := &b.rows[c]
		w.outs = append(w.outs, r.rowsOut)
		r.rowsOut = rowsOut{}
		if k := len(w.spare); k > 0 {
			r.rowsOut, w.spare[k-1] = w.spare[k-1], rowsOut{}
			w.spare = w.spare[:k-1]
		}
	}
	w.from, w.ticks = b.from, b.to-b.from+1
	if b.cut {
		w.ticks--
	}
	if w.done == nil {
		w.done = make(chan struct{}, 1)
	}
	w.on, w.err = true, nil
	go func(tw *trace.RunWriter) {
		w.err = w.write(tw)
		w.done <- struct{}{}
	}(s.traceOut)
}

// write writes the run's rows (outs, one per chunk, in chunk order) to tw
// in the order a run stepped tick by tick writes them: tick after tick,
// the chunks' state rows in chunk order, the delivery rows merged across
// chunks by the recording event they came from, then the chunks' pass
// rows in chunk order. It returns the first error writing.
func (w *rowsWrite) write(tw *trace.RunWriter) error {
	outs := w.outs
	// at[c] is where chunk c's next tick starts in its buf, src[c] its
	// next delivery row, ref[c] its next state row.
	at, src, ref := w.at[:0], w.src[:0], w.ref[:0]
	for range outs {
		at, src, ref = append(at, 0), append(src, 0), append(ref, 0)
	}
	w.at, w.src, w.ref = at, src, ref
	// The rows are put straight in the trace's blocks (RunWriter.Free).
	p := rowsPut{tw: tw}
	var err error
	if p.dst, err = tw.Free(); err != nil {
		return err
	}
	for i := range w.ticks {
		// Every state row of the tick starts the same: put as a whole
		// array where there is room past it (a few stores, not a call to
		// copy a dozen bytes), the row's text then written over the rest.
		w.tick = trace.AppendRowTick(w.tick[:0], w.from+i)
		tick := w.tick
		var tickArr [rowTickRoom]byte
		copy(tickArr[:], tick)
		for c := range outs {
			r := &outs[c]
			for _, t := range r.refs[ref[c]:r.ticks[i].states] {
				text := r.texts[t.from:t.to]
				if n := len(tick) + len(text) + rowTickRoom; n < len(p.dst)-p.n {
					*(*[rowTickRoom]byte)(p.dst[p.n:]) = tickArr
					p.n += len(tick)
					p.n += copy(p.dst[p.n:], text)
				} else if err := p.put(tick, text); err != nil {
					return err
				}
			}
			ref[c] = r.ticks[i].states
		}
		// The delivery rows, merged by the recording event they came from.
		for {
			best := -1
			var bestSource int32
			for c := range outs {
				r := &outs[c]
				if src[c] < r.ticks[i].srcs && (best < 0 || r.srcs[src[c]].source < bestSource) {
					best, bestSource = c, r.srcs[src[c]].source
				}
			}
			if best < 0 {
				break
			}
			// The chunk's rows of the same recording event, together.
			r := &outs[best]
			start := at[best]
			if k := src[best]; k > 0 && (i == 0 || k > r.ticks[i-1].srcs) {
				start = r.srcs[k-1].end
			}
			end := src[best]
			for end < r.ticks[i].srcs && r.srcs[end].source == bestSource {
				end++
			}
			if err := p.put(r.buf[start:r.srcs[end-1].end], nil); err != nil {
				return err
			}
			src[best] = end
		}
		for c := range outs {
			r := &outs[c]
			if err := p.put(r.buf[r.ticks[i].delivered:r.ticks[i].passed], nil); err != nil {
				return err
			}
			at[c] = r.ticks[i].passed
		}
	}
	return tw.Fill(p.n)
}

// rowTickRoom is more than the longest start of a row
// (trace.AppendRowTick: `{"tick":` and an int's digits and sign).
const rowTickRoom = 32

// rowsPut puts rows in the room a RunWriter gives (Free): dst, its first
// n bytes filled.
type rowsPut struct {
	tw  *trace.RunWriter
	dst []byte
	n   int
}

// put puts a and b in p's room, the room filled written and the next
// taken whenever it is full (so that it is never full after put).
func (p *rowsPut) put(a, b []byte) error {
	for _, q := range [2][]byte{a, b} {
		for len(q) > 0 {
			k := copy(p.dst[p.n:], q)
			p.n += k
			q = q[k:]
			if p.n == len(p.dst) {
				if err := p.tw.Fill(p.n); err != nil {
					return err
				}
				var err error
				if p.dst, err = p.tw.Free(); err != nil {
					return err
				}
				p.n = 0
			}
		}
	}
	return nil
}

// The states table (Tables v1) on the chunked path: each chunk fills its
// objects' rows of each tick (stateValues, as the pass's row capture does)
// on its own core, and the rows are put in the table's batch tick after
// tick, in slot order, with the batch handed over where a run stepped tick
// by tick hands it over — the same table, page for page. The batch holds
// the chunks' rows by reference (tables.StateBatch.Share), not copied.

// chunkStates is one chunk's state rows of a run of ticks, each tick's end
// in ends; held says the batch being filled holds buf.
type chunkStates struct {
	buf  *stateRowsBuf
	ends []int
	held bool
}

// stateRowsBuf is a chunk's rows of one run of ticks, shared with the
// states table's batches: refs counts the run filling it and the batches
// holding it (each releases it once written); at none it goes back to its
// free list for a later run.
type stateRowsBuf struct {
	rows []tables.StateValues
	refs atomic.Int32
	free *stateRowsFree
}

// Release drops a reference to the rows (tables.Holder).
func (r *stateRowsBuf) Release() {
	if r.refs.Add(-1) == 0 {
		r.free.mu.Lock()
		r.free.bufs = append(r.free.bufs, r)
		r.free.mu.Unlock()
	}
}

// stateRowsFree are row buffers no batch holds any more.
type stateRowsFree struct {
	mu   sync.Mutex
	bufs []*stateRowsBuf
}

// get is an empty buffer held by the caller.
func (f *stateRowsFree) get() *stateRowsBuf {
	f.mu.Lock()
	var r *stateRowsBuf
	if n := len(f.bufs); n > 0 {
		r = f.bufs[n-1]
		f.bufs[n-1] = nil
		f.bufs = f.bufs[:n-1]
		r.rows = r.rows[:0]
	} else {
		r = &stateRowsBuf{free: f}
	}
	f.mu.Unlock()
	r.refs.Store(1)
	return r
}

// AdvanceStates steps up to n ticks of t's one run (in runs of ticks over
// chunks of objects where it can, else tick by tick) and writes each tick's
// state rows, as WriteTick would after each Step. It needs a writer of the
// states table alone (no events table) over a Compare of one reading;
// ChunkedStates says whether t is one.
func (t *TableWriter) AdvanceStates(n int) error {
	if !t.ChunkedStates() {
		return fmt.Errorf("engine: AdvanceStates needs a states table alone over one reading")
	}
	s := t.c.sims[0]
	s.statesOut, s.statesErr = t, nil
	s.advance(n)
	s.statesOut = nil
	return s.statesErr
}

// ChunkedStates says whether AdvanceStates can write t's tables: the
// states table alone, of one reading.
func (t *TableWriter) ChunkedStates() bool {
	return t.states != nil && t.events == nil && len(t.c.sims) == 1
}

// steppingSink is a states sink whose encoding waits while the run's
// stepping has every core (tables.StatesWriter), and takes the core of a
// worker of the run with no chunk left (WorkerIdle).
type steppingSink interface {
	Stepping(on bool)
	WorkerIdle()
}

// stepGate is the states table's sink to tell when the run's chunks step
// on every core (w workers, as many as the Go scheduler's processors), or
// nil: no states table on this run, or a sink that does not wait.
func (b *shardBatch) stepGate(s *Sim, w int) steppingSink {
	if !b.stateRows || w < runtime.GOMAXPROCS(0) {
		return nil
	}
	g, _ := s.statesOut.states.(steppingSink)
	return g
}

// statesTick writes the tick just stepped tick by tick.
func (s *Sim) statesTick() {
	if s.statesOut != nil && s.statesErr == nil {
		s.statesErr = s.statesOut.WriteTick()
	}
}

// beginStates readies the chunks' row buffers and the writer's keys and
// headings for every slot the run may reach.
func (b *shardBatch) beginStates(s *Sim, chunks int) {
	t := s.statesOut
	c := s.capture
	c.keys = t.keysUpTo(0, len(s.slots))
	for len(c.headings) < len(s.slots) {
		c.headings = append(c.headings, slotHeading{})
	}
	for len(b.states) < chunks {
		b.states = append(b.states, chunkStates{})
	}
	for k := range chunks {
		b.states[k] = chunkStates{buf: b.statesFree.get(), ends: b.states[k].ends[:0]}
		// The chunk's copy of the Sim fills its rows here, not through
		// the pass's capture.
		b.views[k].capture = nil
	}
}

// takeStates fills chunk c's rows of tick k over slots [lo, hi), which v
// has just stepped.
func (b *shardBatch) takeStates(c int, v *Sim, lo, hi int) {
	cs := &b.states[c]
	capt := b.sim.capture
	rows := cs.buf.rows
	if cap(rows)-len(rows) < hi-lo {
		// Room for every slot's row at every tick of the run, not cleared.
		rows = slices.Grow(rows, (b.to-b.from+1)*(hi-lo))
	}
	k := len(rows)
	rows = rows[:k+hi-lo]
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive || !tabled(o, v.opts.Statics) {
			continue
		}
		stateValues(o, capt.keys[o.slot], &capt.headings[o.slot], &rows[k])
		k++
	}
	cs.buf.rows = rows[:k]
	cs.ends = append(cs.ends, k)
}

// endStates puts the run's rows in the table's batches, tick after tick,
// and lets go of the chunks' buffers (the batches hold them until written).
func (b *shardBatch) endStates(s *Sim, chunks int) {
	t := s.statesOut
	n := b.to - b.from + 1
	if b.cut {
		n--
	}
	at := b.at[:0]
	for range chunks {
		at = append(at, 0)
	}
	b.at = at
	for i := 0; i < n && s.statesErr == nil; i++ {
		tick := b.from + i
		if t.sb == nil {
			t.sb = t.states.StateBatch()
		}
		t.sb.Begin(t.input, s.reading.Name, int64(tick), float64(tick)/float64(s.rate))
		for c := range chunks {
			cs := &b.states[c]
			if cs.ends[i] > at[c] {
				if !cs.held {
					cs.buf.refs.Add(1)
					t.sb.Hold(cs.buf)
					cs.held = true
				}
				t.sb.Share(cs.buf.rows[at[c]:cs.ends[i]])
			}
			at[c] = cs.ends[i]
		}
		s.statesErr = t.endTickStates()
		if t.sb == nil {
			// Handed over: the next batch holds none of the buffers.
			for c := range chunks {
				b.states[c].held = false
			}
		}
	}
	for c := range chunks {
		b.states[c].buf.Release()
		b.states[c].buf = nil
	}
}

// State rows and events for a sink (viewer diff) on the chunked path: each
// chunk keeps its objects' state rows of each tick (Query.States's, with
// the heading taken then) and the events its copy of the Sim logged; once
// the run of ticks is stepped, each tick's events go to Options.Sink in the
// order a run stepped tick by tick hands them over (the delivery's, merged
// by recording event, with the notes about no object; then the pass's in
// slot order), then its rows, in header-then-creation order, to the
// AdvanceRows function.

// chunkSink is one chunk's state rows and log ends of a run of ticks.
type chunkSink struct {
	rows []StateRow
	// ends[i] is where tick i's rows end in rows, logEnds[i] where its
	// events end in the chunk's log; placeEnds[i] and stampEnds[i] where
	// their places and route stamps end (planLog).
	ends, logEnds        []int
	placeEnds, stampEnds []int
}

// rowHeading is an object's heading and the rotation it was computed from
// (an atan2 only when the rotation changed).
type rowHeading struct {
	rot mgl32.Quat
	deg float32
	ok  bool
}

// mergeRef is one delivery event of a tick: its recording event, and
// where it is — chunk c's log entry i, or (c < 0) the note about no
// object notes[i].
type mergeRef struct {
	source int32
	c, i   int32
}

// AdvanceRows steps up to n ticks (in runs of ticks over chunks of objects
// where it can, else tick by tick) and, for each tick stepped, hands its
// events to Options.Sink as Step does and then calls f with its state rows
// (as Query.States gives them after the tick; the rows are valid during
// the call, and RowHeading reads a row's heading at its tick). It stops at
// the first error f returns and returns it. Runs of ticks are stepped in
// shards only for a Sim whose events go nowhere else: no event log kept
// across ticks, no cause chains, no metrics.
func (s *Sim) AdvanceRows(n int, f func(tick int, rows []StateRow) error) error {
	s.rowsOut, s.rowsErr = f, nil
	s.advance(n)
	s.rowsOut = nil
	err := s.rowsErr
	s.rowsErr = nil
	return err
}

// rowsTick hands the tick just stepped tick by tick to AdvanceRows's
// function (Step has given its events to the sink).
func (s *Sim) rowsTick() {
	if s.rowsOut != nil && s.rowsErr == nil {
		s.rowsBuf = s.Query().States(s.rowsBuf[:0])
		s.rowsErr = s.rowsOut(s.tick, s.rowsBuf)
	}
}

// shardSink says whether a run of ticks stepped in shards can feed
// AdvanceRows: the events are the sink's alone (a streamed log holds one
// tick), with no cause chains, no metrics (a sink may read them at the
// tick it is given) and no other output.
func (s *Sim) shardSink() bool {
	return s.rowsOut != nil && s.rowsErr == nil && !s.opts.Explain && !s.opts.Metrics &&
		s.traceOut == nil && s.statesOut == nil
}

// beginSink empties the chunks' rows.
func (b *shardBatch) beginSink(chunks int) {
	for len(b.sinks) < chunks {
		b.sinks = append(b.sinks, chunkSink{})
	}
	for c := range chunks {
		k := &b.sinks[c]
		k.rows, k.ends, k.logEnds = k.rows[:0], k.ends[:0], k.logEnds[:0]
		k.placeEnds, k.stampEnds = k.placeEnds[:0], k.stampEnds[:0]
	}
	// The headings by slot, grown before the chunks run: each chunk reads
	// and writes only its own slots'.
	for len(b.rowHeads) < b.n {
		b.rowHeads = append(b.rowHeads, rowHeading{})
	}
}

// keepTick keeps chunk c's rows of the tick v has just stepped over slots
// [lo, hi) and where its events end.
func (b *shardBatch) keepTick(c int, v *Sim, lo, hi int) {
	k := &b.sinks[c]
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.PositionRef()
		r := StateRow{GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin,
			Queue: queueLen(o), Contact: o.phys.InContact(), slot: o.slot, headed: true}
		if im := o.pm.Interpolation(); im != nil {
			r.Fail = int(im.FailCounter())
		}
		h := &b.rowHeads[o.slot]
		if !h.ok || h.rot != pos.Frame.Rot {
			h.rot, h.deg, h.ok = pos.Frame.Rot, o.phys.Heading(), true
		}
		r.heading = h.deg
		k.rows = append(k.rows, r)
	}
	k.ends = append(k.ends, len(k.rows))
	k.logEnds = append(k.logEnds, len(v.log))
}

// endSink hands the run's ticks over, tick after tick, and keeps each
// chunk's log storage for the next run.
func (b *shardBatch) endSink(s *Sim, chunks int) {
	n := b.to - b.from + 1
	if b.cut {
		n--
	}
	at := b.at[:0]
	for range chunks {
		at = append(at, 0)
	}
	b.at = at
	// The notes about no object, in file order.
	note := 0
	var notes []int32
	for i := range b.events {
		if e := &b.events[i]; e.ev.Kind == recording.KindNote && e.target < 0 {
			notes = append(notes, int32(i))
		}
	}
	logAt := make([]int, chunks)
	for i := 0; i < n && s.rowsErr == nil; i++ {
		tick := b.from + i
		// The delivery's events: every chunk's leading entries of the tick
		// that came from a recording event, and the tick's notes about no
		// object, ordered by recording event (one event's entries are all
		// in one chunk, in order: the sort is stable).
		var refs []mergeRef
		refs, note = b.deliveryRefs(chunks, i, tick, logAt, notes, note)
		evs := b.merged[:0]
		for _, r := range refs {
			if r.c < 0 {
				ev := &b.events[r.i].ev
				e := eventlog.Event{Kind: eventlog.EventNote, Tick: int32(tick), Source: r.source}
				if ev.HasGUID {
					e.GUID = ev.GUID
				}
				evs = append(evs, e)
				continue
			}
			evs = append(evs, b.views[r.c].unpack(int(r.i)))
		}
		// Then the pass's, in slot order.
		for c := range chunks {
			v := &b.views[c]
			end := b.sinks[c].logEnds[i]
			for j := logAt[c]; j < end; j++ {
				if v.log[j].source < 0 {
					evs = append(evs, v.unpack(j))
				}
			}
			logAt[c] = end
		}
		b.merged = evs
		if s.opts.Sink != nil {
			s.opts.Sink.TickEvents(tick, evs)
		}
		rows := b.tickRows[:0]
		for c := range chunks {
			k := &b.sinks[c]
			rows = append(rows, k.rows[at[c]:k.ends[i]]...)
			at[c] = k.ends[i]
		}
		b.tickRows = rows
		s.rowsErr = s.rowsOut(tick, rows)
	}
	for c := range chunks {
		r, v := &b.rows[c], &b.views[c]
		r.log, r.places, r.stamps, r.stampsIn, r.unpacked = v.log, v.places, v.stamps, v.stampsIn, v.unpacked
	}
}

// The window's pre-run on the chunked path: a Sim over an event store
// that keeps the event log and the glide metrics and saves checkpoints
// (the viewer's branch, simsource.Source.Branch) steps in runs of ticks
// over chunks of objects like a bare run. Each run ends at the next
// checkpoint's tick, where the checkpoint is saved as Step saves it. Each
// chunk logs its objects' events into a log of its own and, every
// briefEvery ticks, hands its live objects' brief views to the
// BriefRecorder on its own core (Take; a BriefTaker's TakePoints, as
// points made straight from the objects: the recorder reduces them to
// what it keeps while they are in that core's cache); once the run is stepped,
// tick after tick, the events join the Sim's log in the order a run
// stepped tick by tick logs them (the delivery's, merged by recording
// event with the notes, then the pass's in slot order: endSink's order)
// and the recorder records each sampled tick (Record). The log, the
// metrics, the checkpoints and the briefs are those of stepping tick by
// tick (TestAdvanceBriefs_*).

// BriefFunc receives the brief views of a tick's live objects (as
// Query.Briefs gives them after the tick) and the observer (as
// Query.Observer); the slice is valid during the call. On the chunked path
// it may be called on another goroutine than AdvanceBriefs's, while the
// Sim's log is filled: it must not use the Sim (AdvanceBriefs returns once
// every call has).
type BriefFunc func(tick int, briefs []BriefView, observer physics.Position, hasObserver bool)

// BriefRecorder records the brief views of the ticks AdvanceBriefs samples,
// taken a part at a time. Neither method may use the Sim.
type BriefRecorder interface {
	// Parts says the takes to come, up to the next Parts, are of parts 0
	// to n−1. It is called on the stepping goroutine before they begin,
	// once every tick taken before is recorded.
	Parts(n int)
	// Take hands over part's brief views of tick: its live objects', in
	// slot order (the views are valid during the call). On the chunked
	// path each part is a chunk of objects, taken on the chunk's own
	// goroutine, parts at once, each part's sampled ticks in order; there
	// holders, when not nil, holds for each view the guid of the object
	// that holds it (0: none), and a held view's Position is its own
	// body's: Record puts it where Query.Briefs draws it, at the body of
	// the first live object of the tick with that guid unless that is the
	// item itself (a holder that is itself held lends its own body's
	// position). Stepped tick by tick, part 0 takes every live object as
	// Query.Briefs gives it, held items placed, and holders is nil.
	Take(part, tick int, views []BriefView, holders []uint32)
	// Record records tick from the views parts 0 to parts−1 took of it:
	// in part order they are the tick's live objects in slot order. The
	// observer is Query.Observer's after the tick. Record is called tick
	// after tick on one goroutine, once every part has taken the tick, on
	// the chunked path after the run of ticks is stepped (a part may have
	// taken the run's later ticks already) and while the Sim's log is
	// filled on another goroutine.
	Record(tick, parts int, observer physics.Position, hasObserver bool)
}

// BriefTaker is a BriefRecorder that takes the chunks' objects as points
// rather than views (TakePoints): what a history reads of a view, in
// global metres, in under half its bytes, made straight from the object
// on the chunk's core. Tick by tick it takes views (Take), as any
// recorder.
type BriefTaker interface {
	BriefRecorder
	// TakePoints is Take of part's live objects of tick as points, in slot
	// order, each point's Holder Take's holders' (the points are valid
	// during the call).
	TakePoints(part, tick int, points []BriefPoint)
}

// BriefLeaner is a BriefTaker that reads, of some ticks' points, only the
// place and the distances: a picture's history, which of most ticks keeps
// only the bounds, the indoor cells and the plot's series (ui: a lean
// picture). takePoints then leaves those points' Heading, Contact and
// FailCounter zero, and skips the heading's atan2 where the rotation
// changed.
type BriefLeaner interface {
	BriefTaker
	// LeanTick reports whether the points of tick are read for their place
	// and distances alone, but keep's (0: none). It is asked on the
	// chunks' cores while nothing is recorded.
	LeanTick(tick int) (lean bool, keep uint32)
}

// BriefPoint is what a history reads of a live object's brief view
// (BriefPointOf): its guid, name, slot and cell, its position, its queue's
// head's when that is a position node (HasHead) and its truth's
// (HasTruth) in global metres (physics.Position.Global), its heading,
// contact, queue length and node_fail_counter, and the guid of its holder
// (0: none; the position of a held item is then its own body's).
type BriefPoint struct {
	GUID, Cell, Holder uint32
	Slot               int32
	Heading            float32
	FailCounter        int32
	QueueLen           int
	Contact            bool
	HasHead, HasTruth  bool
	Pos, Head, Truth   [3]float64
	Name               string
}

// BriefPointOf is v's point, held by holder (0: none).
func BriefPointOf(v *BriefView, holder uint32) BriefPoint {
	pt := BriefPoint{
		GUID: v.GUID, Cell: v.Position.Cell, Holder: holder, Slot: int32(v.Slot), Heading: v.Heading,
		FailCounter: v.FailCounter, QueueLen: v.QueueLen, Contact: v.Contact, HasTruth: v.HasTruth,
		Pos: v.Position.Global(), Name: v.Name,
	}
	if v.QueueLen > 0 && v.Head.Type == interp.NodePosition {
		pt.HasHead, pt.Head = true, v.Head.Position.Global()
	}
	if v.HasTruth {
		pt.Truth = v.Truth.Global()
	}
	return pt
}

// AdvanceBriefs steps up to n ticks as Step does (in runs of ticks over
// chunks of objects where it can, else tick by tick) and has r record
// every tick stepped that is a multiple of every (BriefRecorder;
// BriefsTo(f) hands each such tick's briefs to f). Runs of ticks are
// stepped in shards only for a Sim over an event store, with no cause
// chains, sink, expectations, stage record or server floor, at its
// furthest tick: the event log, the metrics and the checkpoints are then
// filled as Step fills them. Of a store still being read, the runs go up
// to the last tick read whole; past it Step waits for the reading.
func (s *Sim) AdvanceBriefs(n, every int, r BriefRecorder) {
	s.briefsOut, s.briefEvery = r, max(every, 1)
	s.advance(n)
	s.briefsOut = nil
}

// BriefsTo is the BriefRecorder that hands each recorded tick's briefs, in
// slot order with held items placed, to f.
func BriefsTo(f BriefFunc) BriefRecorder { return &briefCollector{f: f} }

// briefsTick hands the tick just stepped tick by tick to AdvanceBriefs's
// recorder when it is one of its ticks.
func (s *Sim) briefsTick() {
	if s.briefsOut != nil && s.tick%s.briefEvery == 0 {
		s.briefsBuf = s.Query().Briefs(s.briefsBuf[:0])
		s.briefsOut.Parts(1)
		s.briefsOut.Take(0, s.tick, s.briefsBuf, nil)
		s.briefsOut.Record(s.tick, 1, s.observer, s.hasObserver)
	}
}

// shardStore says whether a Sim over an event store may step its next
// ticks in shards: only for AdvanceBriefs, at its furthest tick (of a
// store still being read, up to the last tick read whole), no object
// stuck to another, nothing that reads the
// tick's events in order or every object each tick (cause chains, a sink,
// expectations, another output), no stage record (the pops' stages read
// it) and no server floor (the world's floor tick is the Sim's, not a
// chunk's).
func (s *Sim) shardStore() bool {
	return s.store != nil && s.briefsOut != nil && s.expect == nil && !s.anySticky && s.tick >= s.furthest &&
		!s.opts.Explain && s.opts.Sink == nil && !s.opts.RecordStages && (!s.logging || s.opts.EventLog) &&
		s.world.Floors == nil && s.traceOut == nil && s.statesOut == nil && s.rowsOut == nil && s.capture == nil
}

// advanceStoreShards steps the next ticks, up to n, in shards, reading
// their events from the store, and returns how many it stepped: the run
// ends at the next checkpoint's tick (of a store that keeps one, the kept
// one's: checkpoints.runEnd), at the last tick a store still being
// read holds whole, and before the tick of an event that crosses objects
// (0: the next tick has one, or is not read yet).
func (s *Sim) advanceStoreShards(n int) int {
	st := s.store
	st.mu.RLock()
	if s.growing {
		// As Step's delivery takes in what was read (deliverDue).
		s.refreshLocked()
	}
	from, to := s.tick+1, min(s.tick+n, s.lastTick, st.through())
	if s.cps.interval > 0 {
		to = min(to, s.cps.runEnd(s.tick))
	}
	if to < from {
		st.mu.RUnlock()
		return 0
	}
	b := s.batch
	if b == nil {
		b = new(shardBatch)
		s.batch = b
	}
	b.events = b.events[:0]
	if s.posAt != s.cursor {
		s.pos, s.posAt = st.seek(s.cursor), s.cursor
	}
	k := from
	end := st.end(to)
	var ev recording.Event
	for i := s.cursor; i < end; i++ {
		for st.end(k) <= i {
			k++
		}
		p := s.pos
		target := st.decode(&p, i, &ev)
		if crossesObjects(&ev) {
			// The run ends before this event's tick: that tick's events
			// read so far are read again, by Step.
			to = k - 1
			for len(b.events) > 0 && int(b.events[len(b.events)-1].due) > to {
				b.events = b.events[:len(b.events)-1]
			}
			s.cursor = st.end(to)
			s.posAt = -1 // sought again before it is read
			break
		}
		if int(target) >= len(s.slots) {
			s.addStoreSlots(int(target) + 1) // created after the Sim was made
		}
		b.events = append(b.events, shardEvent{ev: ev, due: int32(k), target: target, source: int32(i)})
		s.pos, s.cursor, s.posAt = p, i+1, i+1
	}
	st.mu.RUnlock()
	if to < from {
		clear(b.events)
		return 0
	}
	b.cut = false
	s.runShards(b, from, to) // saves the checkpoint of its last tick (endPrerun)
	return to - from + 1
}

// chunkBriefs is one chunk's brief views of the tick being taken and the
// guids of their holders; chunk 0 keeps the observer of each sampled tick
// of the run.
type chunkBriefs struct {
	views   []BriefView
	points  []BriefPoint
	holders []uint32
	obs     []physics.Position
	hasObs  []bool
}

// beginBriefs empties the chunks' briefs and makes the recorder's parts
// ready.
func (b *shardBatch) beginBriefs(s *Sim, chunks int) {
	s.briefsOut.Parts(chunks)
	for len(b.briefs) < chunks {
		b.briefs = append(b.briefs, chunkBriefs{})
	}
	for c := range chunks {
		k := &b.briefs[c]
		k.obs, k.hasObs = k.obs[:0], k.hasObs[:0]
	}
	// The headings by slot, as keepTick's: each chunk reads and writes
	// only its own slots'.
	for len(b.rowHeads) < b.n {
		b.rowHeads = append(b.rowHeads, rowHeading{})
	}
}

// takeBriefs hands chunk c's briefs of tick k, the tick v has just
// stepped over slots [lo, hi), to the recorder, as Query.Briefs takes
// them — but for the position of an item an object holds: its holder may
// be in another chunk, so the item keeps its own body's position here,
// with its holder's guid, and the recorder puts it where its holder is.
func (b *shardBatch) takeBriefs(c int, v *Sim, lo, hi, k int) {
	if t, ok := b.sim.briefsOut.(BriefTaker); ok {
		b.takePoints(c, v, lo, hi, k, t)
		return
	}
	cb := &b.briefs[c]
	views, holders := cb.views[:0], cb.holders[:0]
	anyHeld := false
	q := v.Query()
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive {
			continue
		}
		var holder uint32
		pos := o.phys.Position()
		switch p := o.ent.Parent; {
		case p == recording.ObserverTarget:
			pos = q.drawnPosition(o)
		case p != 0:
			holder, anyHeld = p, true
		}
		// The heading is the rotation's (Frame.Heading): taken again only
		// when the rotation changed since this slot's last sampled tick —
		// a walker keeps its heading for many ticks, and the atan2 was a
		// third of taking a view.
		h := &b.rowHeads[o.slot]
		if rot := &o.phys.PositionRef().Frame.Rot; !h.ok || h.rot != *rot {
			h.rot, h.deg, h.ok = *rot, o.phys.Heading(), true
		}
		views = append(views, BriefView{
			GUID: o.guid, Name: o.name, Slot: int(o.slot), Position: pos, Heading: h.deg,
			Contact: o.phys.InContact(), Truth: o.st.truth, HasTruth: o.st.hasTruth,
		})
		holders = append(holders, holder)
		if m := o.pm.Interpolation(); m != nil {
			bv := &views[len(views)-1]
			bv.QueueLen, bv.FailCounter = m.QueueLen(), m.FailCounter()
			if bv.QueueLen > 0 {
				bv.Head, _ = m.Node(0)
			}
		}
	}
	cb.views, cb.holders = views, holders
	if !anyHeld {
		holders = nil
	}
	b.sim.briefsOut.Take(c, k, views, holders)
	if c == 0 {
		cb.obs, cb.hasObs = append(cb.obs, v.observer), append(cb.hasObs, v.hasObserver)
	}
}

// takePoints is takeBriefs for a BriefTaker: chunk c's points of tick k,
// a held item's at its own body with its holder's guid, each made from its
// object as BriefPointOf makes it from the view takeBriefs takes — but,
// of a BriefLeaner's lean tick, with no heading, contact or failure
// counter (the one object it keeps whole aside).
func (b *shardBatch) takePoints(c int, v *Sim, lo, hi, k int, t BriefTaker) {
	cb := &b.briefs[c]
	// Each point is filled in place, in room for every slot of the chunk
	// (a 128-byte point built aside and appended was copied again).
	points := slices.Grow(cb.points[:0], hi-lo)
	q := v.Query()
	lean, keep := false, uint32(0)
	if l, ok := t.(BriefLeaner); ok {
		lean, keep = l.LeanTick(k)
	}
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive {
			continue
		}
		points = points[:len(points)+1]
		pt := &points[len(points)-1]
		// Filled a field at a time: a point (or a global position) built
		// aside and copied whole is read back in wide loads just after
		// narrower stores, which the processor's store buffer cannot
		// forward — a stall on every point.
		*pt = BriefPoint{}
		pt.GUID, pt.Slot, pt.HasTruth, pt.Name = o.guid, o.slot, o.st.hasTruth, o.name
		pos := o.phys.PositionRef()
		switch p := o.ent.Parent; {
		case p == recording.ObserverTarget:
			d := q.drawnPosition(o)
			pt.Cell = d.Cell
			globalInto(&pt.Pos, &d)
		default:
			pt.Holder = p
			pt.Cell = pos.Cell
			globalInto(&pt.Pos, pos)
		}
		full := !lean || o.guid == keep
		if full {
			// The heading, as takeBriefs takes it.
			h := &b.rowHeads[o.slot]
			if rot := &pos.Frame.Rot; !h.ok || h.rot != *rot {
				h.rot, h.deg, h.ok = *rot, o.phys.Heading(), true
			}
			pt.Heading, pt.Contact = h.deg, o.phys.InContact()
		}
		if pt.HasTruth {
			globalInto(&pt.Truth, &o.st.truth)
		}
		if m := o.pm.Interpolation(); m != nil {
			pt.QueueLen = m.QueueLen()
			if full {
				pt.FailCounter = m.FailCounter()
			}
			if pt.QueueLen > 0 {
				if n, _ := m.NodeRef(0); n.Type == interp.NodePosition {
					pt.HasHead = true
					globalInto(&pt.Head, &n.Position)
				}
			}
		}
	}
	cb.points = points
	t.TakePoints(c, k, points)
	if c == 0 {
		cb.obs, cb.hasObs = append(cb.obs, v.observer), append(cb.hasObs, v.hasObserver)
	}
}

// globalInto sets *dst to p.Global(), a component at a time (takePoints
// says why), with the same operations.
func globalInto(dst *[3]float64, p *physics.Position) {
	dst[0] = float64(p.LandblockX())*physics.LandblockLength + float64(p.Frame.Origin[0])
	dst[1] = float64(p.LandblockY())*physics.LandblockLength + float64(p.Frame.Origin[1])
	dst[2] = float64(p.Frame.Origin[2])
}

// endPrerun adds the run's events to the Sim's log, has the recorder
// record the run's sampled ticks, tick after tick, and saves the
// checkpoint of the run's last tick when it falls on the interval — at
// once, on the stepping goroutine and the helpers, when the run has two
// cores: none writes what another reads (the log's pieces each write their
// own ticks' places in the log, laid out beforehand by planLog; the
// recorder reads what the chunks handed it, and the checkpoint the objects
// and the Sim's tick, cursor and observer, which are the run's last
// tick's) — and keeps each chunk's log storage for the next run. The
// stepping goroutine takes the log's pieces from the front, a helper the
// recorder's and the checkpoint's jobs from the back, then what pieces are
// left: the log's merge, twice the recorder's work, no longer leaves a
// core idle while one core merges.
func (b *shardBatch) endPrerun(s *Sim, chunks int) {
	w := s.opts.shards(len(s.slots))
	pieces := 0
	if b.keepLog {
		pieces = b.planLog(s, chunks, logPiecesPerWorker*w)
	}
	job := func(j int) {
		switch {
		case j < pieces:
			b.fillLog(s, chunks, j)
		case j == pieces:
			s.cps.steppedPast(s, b.from)
		default:
			b.endBriefs(s, chunks)
		}
	}
	jobs := pieces + 2
	if w > 1 {
		pool := s.passPool()
		pool.job = job
		pool.run(s, 0, 0, jobs, w-1)
	} else {
		// From the back, as a helper takes them (each piece of the log
		// has its own places in it).
		for j := jobs - 1; j >= 0; j-- {
			job(j)
		}
	}
	if b.keepLog {
		for c := range chunks {
			r, v := &b.rows[c], &b.views[c]
			r.log, r.places, r.stamps, r.stampsIn, r.unpacked = v.log, v.places, v.stamps, v.stampsIn, v.unpacked
		}
	}
}

// logPiecesPerWorker is how many pieces of a run's ticks the log's merge
// is cut into per core (planLog): one, the recorder's job about as long as
// a piece on two cores. Three per core ended the cores together, but on a
// loaded machine each piece a helper holds is one more wait for a thread
// the system has put aside: the pre-run's merge then took 1.1–1.9 s of
// wall against 0.5–0.9 s with one (docs/benchmarks.md, "The window's
// pre-run").
const logPiecesPerWorker = 1

// logCursor is where the next entry, place and route stamps go in the
// Sim's log.
type logCursor struct{ log, places, stamps int }

// planLog lays out where each tick of the run goes in the Sim's log — a
// tick's entries, places and stamps are its chunks' and its notes', so
// their counts give every tick's place before any is merged — gives the
// log room for the run (reserveRun, and reserveLogAt at its tick, as
// filling tick by tick gives it), marks the ticks' ends (tickEnd), makes
// the log, its places and its stamps as long as the run makes them, and
// cuts the run's ticks into up to most pieces of about as many entries,
// which fillLog fills, each on its own, in any order. It returns how many
// pieces.
func (b *shardBatch) planLog(s *Sim, chunks, most int) int {
	n := b.to - b.from + 1
	// The notes, in file order (a note is about no slot: no chunk logs it).
	notes := b.notes[:0]
	for i := range b.events {
		if e := &b.events[i]; e.ev.Kind == recording.KindNote && e.target < 0 {
			notes = append(notes, int32(i))
		}
	}
	b.notes = notes
	// starts[i] is where run tick i begins; noteAt[i] its first note.
	starts, noteAt := b.logStarts[:0], b.noteAt[:0]
	at := logCursor{len(s.log), len(s.places), len(s.stamps)}
	note := 0
	for i := range n {
		starts, noteAt = append(starts, at), append(noteAt, note)
		for c := range chunks {
			k := &b.sinks[c]
			at.log += k.logEnds[i]
			at.places += k.placeEnds[i]
			at.stamps += k.stampEnds[i]
			if i > 0 {
				at.log -= k.logEnds[i-1]
				at.places -= k.placeEnds[i-1]
				at.stamps -= k.stampEnds[i-1]
			}
		}
		for ; note < len(notes) && int(b.events[notes[note]].due) == b.from+i; note++ {
			at.log++ // a note keeps no places and no stamps (noteEntry)
		}
	}
	starts, noteAt = append(starts, at), append(noteAt, note)
	b.logStarts, b.noteAt = starts, noteAt
	first := starts[0]
	reserveRun(s, b.from, b.to, runRoom{at.log - first.log, at.places - first.places, at.stamps - first.stamps})
	for i := range n {
		end := starts[i+1]
		s.tickEnd = append(s.tickEnd, int32(end.log))
		// What Step does after a new tick's events: the log's capacity
		// reserved at its tick (reserveLogAt reads how many of the
		// recording's events were delivered by then), from the log's
		// lengths at the tick's end.
		s.store.mu.RLock()
		delivered := s.store.end(b.from + i)
		s.store.mu.RUnlock()
		s.reserveLogAt(b.from+i, delivered, end)
	}
	s.log, s.places, s.stamps = s.log[:at.log], s.places[:at.places], s.stamps[:at.stamps]
	// The pieces: piece j is run ticks [pieceAt[j], pieceAt[j+1]).
	most = max(1, min(most, n))
	pieceAt := append(b.pieceAt[:0], 0)
	for j := 1; j < most; j++ {
		want := first.log + (at.log-first.log)*j/most
		i := pieceAt[len(pieceAt)-1]
		for i < n && starts[i].log < want {
			i++
		}
		if i > pieceAt[len(pieceAt)-1] && i < n {
			pieceAt = append(pieceAt, i)
		}
	}
	pieceAt = append(pieceAt, n)
	b.pieceAt = pieceAt
	pieces := len(pieceAt) - 1
	for len(b.logAt) < pieces {
		b.logAt = append(b.logAt, nil)
	}
	return pieces
}

// fillLog puts the events of piece j of the run's ticks (planLog) in the
// Sim's log, tick after tick, at the places planLog laid out.
func (b *shardBatch) fillLog(s *Sim, chunks, j int) {
	lo, hi := b.pieceAt[j], b.pieceAt[j+1]
	logAt := b.logAt[j][:0]
	for c := range chunks {
		at := 0
		if lo > 0 {
			at = b.sinks[c].logEnds[lo-1]
		}
		logAt = append(logAt, at)
	}
	b.logAt[j] = logAt
	at, note := b.logStarts[lo], b.noteAt[lo]
	for i := lo; i < hi; i++ {
		note = b.logTick(s, chunks, i, b.from+i, note, logAt, &at)
	}
}

// runRoom is how many entries, places and stamps a run of ticks adds to
// the log.
type runRoom struct{ log, places, stamps int }

// reserveRun gives the log, its places and its stamps room for what a run
// of ticks ending at tick to adds (add): when they do not fit, room (in
// huge pages where the system has them: hugepage.Advise) for
// the whole run at the rate so far, by ticks, plus a sixteenth
// (reserveLogAt's estimate, taken again once the first one is outgrown: a
// large input's length is known better once it is read), so the log is
// copied once more rather than doubled again and again. The first
// estimate is the first run's, a few ticks: the run of ticks that steps
// the run's sixteenth tick estimates again, at the rate so far or, when
// more, at its own rate, and a log that will outgrow its room gets the
// room then, while it is small to copy, rather than near the run's end (a
// crowd whose events grow after its first ticks copied a 80 MB log at
// nine tenths of the run).
func reserveRun(s *Sim, from, to int, add runRoom) {
	last := s.lastTick
	if s.growing {
		last = max(last, s.store.EstimateTicks())
	}
	room := func(have, add int) int {
		want := have + add
		if to > 0 && to < last {
			want = int(int64(want) * int64(last) / int64(to))
			want += want / 16
		}
		return want
	}
	look := from <= last/16 && last/16 <= to && to < last
	if look {
		// The rest of the run at this run's rate, when that is more than
		// at the rate so far (the first ticks', quieter, weigh in that).
		room = func(have, add int) int {
			want := have + add
			want = max(int(int64(want)*int64(last)/int64(to)), want+int(int64(add)*int64(last-to)/int64(to-from+1)))
			return want + want/16
		}
	}
	s.log = reserveFor(s.log, add.log, look, room)
	s.places = reserveFor(s.places, add.places, look, room)
	s.stamps = reserveFor(s.stamps, add.stamps, look, room)
}

// reserveFor returns a with room for add more (reserveRun): a moved to an
// array of room(len(a), add) when they do not fit, or when look and the
// estimate of the whole run's room does not fit either.
func reserveFor[T any](a []T, add int, look bool, room func(have, add int) int) []T {
	have := len(a)
	if have+add <= cap(a) && !(look && room(have, add) > cap(a)) {
		return a
	}
	grown := make([]T, have, max(room(have, add), have+add))
	hugepage.Advise(grown)
	copy(grown, a)
	return grown
}

// endBriefs has the recorder record the run's sampled ticks, tick after
// tick; it reads no state the log's filling writes.
func (b *shardBatch) endBriefs(s *Sim, chunks int) {
	rec := 0
	for tick := b.from; tick <= b.to; tick++ {
		if tick%s.briefEvery != 0 {
			continue
		}
		s.briefsOut.Record(tick, chunks, b.briefs[0].obs[rec], b.briefs[0].hasObs[rec])
		rec++
	}
}

// briefCollector is BriefsTo's recorder: it keeps each part's views
// of the ticks taken and not yet recorded, and hands each tick's, in slot
// order with held items placed, to f.
type briefCollector struct {
	f     BriefFunc
	parts []collectedPart
	// views and holders are the tick being recorded; heldAt scratch.
	views   []BriefView
	holders []uint32
	heldAt  []physics.Position
}

// collectedPart is one part's views of the ticks taken and not yet
// recorded, tick i's ending at ends[i]; next is the first not recorded.
type collectedPart struct {
	views   []BriefView
	holders []uint32
	ends    []int
	next    int
}

// Take keeps part's views of a tick.
func (k *briefCollector) Take(part, tick int, views []BriefView, holders []uint32) {
	p := &k.parts[part]
	p.views = append(p.views, views...)
	if holders == nil {
		for range views {
			p.holders = append(p.holders, 0)
		}
	} else {
		p.holders = append(p.holders, holders...)
	}
	p.ends = append(p.ends, len(p.views))
}

// Parts makes n parts ready, empty.
func (k *briefCollector) Parts(n int) {
	for len(k.parts) < n {
		k.parts = append(k.parts, collectedPart{})
	}
	for i := range n {
		p := &k.parts[i]
		p.views, p.holders, p.ends, p.next = p.views[:0], p.holders[:0], p.ends[:0], 0
	}
}

// Record hands tick's views, in part order, held items placed, to f.
func (k *briefCollector) Record(tick, parts int, observer physics.Position, hasObserver bool) {
	views, holders := k.views[:0], k.holders[:0]
	held := false
	for i := range parts {
		p := &k.parts[i]
		start := 0
		if p.next > 0 {
			start = p.ends[p.next-1]
		}
		end := p.ends[p.next]
		p.next++
		views = append(views, p.views[start:end]...)
		holders = append(holders, p.holders[start:end]...)
		held = held || slices.ContainsFunc(p.holders[start:end], func(h uint32) bool { return h != 0 })
	}
	if held {
		k.placeHeld(views, holders)
	}
	k.views, k.holders = views, holders
	k.f(tick, views, observer, hasObserver)
}

// placeHeld puts each held item of a tick's views (holders[i] the guid of
// views[i]'s holder, 0: not held) where Query.drawnPosition draws it: at
// the body of the first live object with its holder's guid, unless that
// is the item itself.
func (k *briefCollector) placeHeld(views []BriefView, holders []uint32) {
	// Every held item's place is found before any moves: a holder that is
	// itself held lends its own body's position.
	k.heldAt = k.heldAt[:0]
	for i := range views {
		if holders[i] == 0 {
			continue
		}
		pos := views[i].Position
		for j := range views {
			if views[j].GUID == holders[i] {
				if j != i {
					pos = views[j].Position
				}
				break
			}
		}
		k.heldAt = append(k.heldAt, pos)
	}
	n := 0
	for i := range views {
		if holders[i] != 0 {
			views[i].Position = k.heldAt[n]
			n++
		}
	}
}

// deliveryRefs gathers run tick i's (tick's) delivery entries: every
// chunk's leading entries of the tick from logAt on that came from a
// recording event, and the tick's notes about no object (notes[note:] in
// b.events), ordered by recording event. One recording event's entries are
// all in one chunk, in order: the sort is stable. It returns them (in
// b.merge) and the next note.
func (b *shardBatch) deliveryRefs(chunks, i, tick int, logAt []int, notes []int32, note int) ([]mergeRef, int) {
	refs := b.merge[:0]
	for c := range chunks {
		v := &b.views[c]
		end := b.sinks[c].logEnds[i]
		for j := logAt[c]; j < end && v.log[j].source >= 0; j++ {
			refs = append(refs, mergeRef{source: v.log[j].source, c: int32(c), i: int32(j)})
		}
	}
	for ; note < len(notes) && int(b.events[notes[note]].due) == tick; note++ {
		refs = append(refs, mergeRef{source: b.events[notes[note]].source, c: -1, i: notes[note]})
	}
	slices.SortStableFunc(refs, func(x, y mergeRef) int { return cmp.Compare(x.source, y.source) })
	b.merge = refs
	return refs, note
}

// logTick puts run tick i's (tick's) events in the Sim's log at at, in
// the order Step logs them: the delivery's entries of every chunk and the
// tick's notes (b.notes[note:] in b.events), ordered by recording event,
// then the pass's in slot order. A chunk's entries of the tick are its
// delivery's, in file order (one recording event's entries are all in its
// object's chunk, together), then its pass's: the delivery's are merged
// across the chunks and the notes by recording event, each chunk's run of
// entries that comes before every other chunk's next and the next note
// copied whole (logCursor.put), then each chunk's pass entries whole. logAt
// is where each chunk's entries of the tick begin; it returns the next
// note.
func (b *shardBatch) logTick(s *Sim, chunks, i, tick, note int, logAt []int, at *logCursor) int {
	notes := b.notes
	const none = math.MaxInt32
	for {
		// The chunk whose next delivery entry comes first, and the
		// recording event that comes next after it.
		best, first, next := -1, int32(none), int32(none)
		for c := range chunks {
			j := logAt[c]
			if j >= b.sinks[c].logEnds[i] {
				continue
			}
			if src := b.views[c].log[j].source; src < 0 {
				continue
			} else if src < first {
				best, first, next = c, src, first
			} else if src < next {
				next = src
			}
		}
		noteSrc := int32(none)
		if note < len(notes) && int(b.events[notes[note]].due) == tick {
			noteSrc = b.events[notes[note]].source
		}
		if noteSrc < first {
			ev := &b.events[notes[note]].ev
			e := eventlog.Event{Kind: eventlog.EventNote, Tick: int32(tick), Source: noteSrc}
			if ev.HasGUID {
				e.GUID = ev.GUID
			}
			s.log[at.log] = noteEntry(&e)
			at.log++
			note++
			continue
		}
		if best < 0 {
			break
		}
		next = min(next, noteSrc)
		v := &b.views[best]
		end := b.sinks[best].logEnds[i]
		j := logAt[best] + 1
		for j < end && v.log[j].source >= 0 && v.log[j].source < next {
			j++
		}
		at.put(s, v, logAt[best], j)
		logAt[best] = j
	}
	for c := range chunks {
		end := b.sinks[c].logEnds[i]
		at.put(s, &b.views[c], logAt[c], end)
		logAt[c] = end
	}
	return note
}

// put puts v's log entries [from, to) in s's log at at, whole, with what
// each keeps beside it: a route's stored stamps, the places of a blip,
// snap, pop, hitch, span or transition event (pack's payloads), each entry
// then pointed at its own in s.
func (at *logCursor) put(s, v *Sim, from, to int) {
	out := s.log[at.log : at.log+to-from]
	copy(out, v.log[from:to])
	at.log += to - from
	for k := range out {
		l := &out[k]
		places := 0
		switch l.kind.Info().Payload {
		case eventlog.PayloadPlaces:
			places = 2
		case eventlog.PayloadSpan:
			places = 5
		case eventlog.PayloadTransit:
			places = 3
		}
		if places > 0 {
			copy(s.places[at.places:at.places+places], v.places[l.x:int(l.x)+places])
			l.x = uint32(at.places)
			at.places += places
		} else if l.kind == eventlog.EventRoute {
			s.stamps[at.stamps] = v.stamps[l.x]
			l.x = uint32(at.stamps)
			at.stamps++
		}
	}
}
