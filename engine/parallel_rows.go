// Outputs on the chunked path: a run writing a trace steps in runs of ticks
// over chunks of objects like a run that prints nothing (parallel_ticks.go),
// and each chunk encodes its objects' trace rows on its own core, right
// after each tick's pass, while their state is in that core's cache. Once
// the run of ticks is stepped, the rows are written in the order a run
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
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/engine/trace"
)

// chunkRows is one chunk's encoded rows for a run of ticks, tick after
// tick: the tick's state rows, its delivery event rows, its pass event
// rows, each tick's ends in ticks.
type chunkRows struct {
	buf   []byte
	ticks []tickRows
	// srcs are the delivery event rows: the recording event each came
	// from and where the row ends in buf.
	srcs []sourceRow
	err  error
	// The chunk's own event log storage, kept from run to run (the chunk's
	// copy of the Sim logs its objects' events into it).
	log      []logEntry
	places   []eventlog.Place
	stamps   [][NumChecked]uint16
	stampsIn [][NumChecked]uint16
	unpacked []eventlog.Event
}

// tickRows is where a tick's rows end in chunkRows.buf: its state rows,
// its delivery rows and its pass rows; srcs where its delivery rows end in
// chunkRows.srcs.
type tickRows struct {
	states, delivered, passed int
	srcs                      int
}

// traceHeading is an object's last heading's text in the trace and the
// rotation it was computed from.
type traceHeading struct {
	rot  mgl32.Quat
	text []byte
	ok   bool
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
	s.advance(n)
	s.traceOut = nil
	return s.traceErr
}

// traceTick writes the tick just stepped tick by tick.
func (s *Sim) traceTick() {
	if s.traceOut != nil && s.traceErr == nil {
		s.traceErr = s.traceOut.WriteTick()
	}
}

// shardRows says whether a run of ticks stepped in shards encodes trace
// rows: a trace is being written, and nothing else reads the events (the
// cause chains and a tick sink read every tick's events in order).
func (s *Sim) shardRows() bool {
	return s.traceOut != nil && !s.opts.Explain && s.opts.Sink == nil
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
	for c := range chunks {
		r := &b.rows[c]
		r.buf, r.ticks, r.srcs, r.err = r.buf[:0], r.ticks[:0], r.srcs[:0], nil
		v := &b.views[c]
		v.log, v.places, v.stamps, v.stampsIn, v.unpacked = r.log[:0], r.places[:0], r.stamps[:0], r.stampsIn[:0], r.unpacked[:0]
	}
}

// encodeTick encodes chunk c's rows of tick k, which v (the chunk's copy of
// the Sim) has just stepped over slots [lo, hi), and empties v's log.
func (b *shardBatch) encodeTick(c int, v *Sim, lo, hi, k int) {
	r := &b.rows[c]
	buf := r.buf
	for _, o := range v.slots[lo:hi] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.PositionRef()
		st := trace.State{Tick: k, GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin, Queue: queueLen(o), Contact: o.phys.InContact()}
		if im := o.pm.Interpolation(); im != nil {
			st.Fail = int(im.FailCounter())
		}
		// The heading (an atan2 and a float's digits) is the rotation's:
		// encoded again only when the rotation changed.
		h := &b.heads[o.slot]
		if !h.ok || h.rot != pos.Frame.Rot {
			h.rot, h.ok = pos.Frame.Rot, true
			h.text = trace.AppendFloat(h.text[:0], o.phys.Heading())
		}
		buf = trace.AppendStateRowHeading(buf, &st, h.text)
	}
	t := tickRows{states: len(buf)}
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

// endRows keeps each chunk's log storage for the next run of ticks and
// writes the run's rows in trace order.
func (b *shardBatch) endRows(s *Sim, chunks int) {
	for c := range chunks {
		r, v := &b.rows[c], &b.views[c]
		r.log, r.places, r.stamps, r.stampsIn, r.unpacked = v.log, v.places, v.stamps, v.stampsIn, v.unpacked
		if r.err != nil && s.traceErr == nil {
			s.traceErr = r.err
		}
	}
	if s.traceErr != nil {
		return
	}
	// at[c] is where chunk c's next tick starts in its buf, src[c] its next
	// delivery row.
	at := b.at[:0]
	src := b.src[:0]
	for range chunks {
		at, src = append(at, 0), append(src, 0)
	}
	b.at, b.src = at, src
	tw := s.traceOut
	write := func(p []byte) {
		if s.traceErr == nil && len(p) > 0 {
			s.traceErr = tw.WriteRows(p)
		}
	}
	n := b.to - b.from + 1
	if b.cut {
		n--
	}
	for i := range n {
		for c := range chunks {
			r := &b.rows[c]
			write(r.buf[at[c]:r.ticks[i].states])
		}
		// The delivery rows, merged by the recording event they came from.
		for {
			best := -1
			var bestSource int32
			for c := range chunks {
				r := &b.rows[c]
				if src[c] < r.ticks[i].srcs && (best < 0 || r.srcs[src[c]].source < bestSource) {
					best, bestSource = c, r.srcs[src[c]].source
				}
			}
			if best < 0 {
				break
			}
			// The chunk's rows of the same recording event, together.
			r := &b.rows[best]
			start := r.ticks[i].states
			if k := src[best]; k > 0 && (i == 0 || k > r.ticks[i-1].srcs) {
				start = r.srcs[k-1].end
			}
			end := src[best]
			for end < r.ticks[i].srcs && r.srcs[end].source == bestSource {
				end++
			}
			write(r.buf[start:r.srcs[end-1].end])
			src[best] = end
		}
		for c := range chunks {
			r := &b.rows[c]
			write(r.buf[r.ticks[i].delivered:r.ticks[i].passed])
			at[c] = r.ticks[i].passed
		}
	}
}
