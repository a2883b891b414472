// Running the input again for the divergences' story. Diff runs without
// stage records (they cost a tenth of the run), so a pop's cause chain
// cannot say which stage of the tick moved the body (seed 003 §12: root
// motion, adjust_offset, the physics step, the collision sweep or
// UseTime); and `viewer diff` runs without the glide metrics (another
// tenth), so it does not even know the pops and hitches. The first
// divergences are where the question is asked, so only when something
// diverged is the input run again, with both, up to the tick after the
// last first divergence: the cause chains and the events at each
// divergence and its context ticks are then gathered from that run, as
// the first would have gathered them with the metrics on. A run that
// agrees with its client pays nothing; one that diverges pays a second
// run up to its last first divergence. When the first run had the
// metrics, only a pop among the causes needs the second run, for its
// stage.

package clientdiff

import (
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
)

// NameStages completes res's first divergences from a second run of the
// input: when the comparison's Sim ran without Options.Metrics it gathers
// their cause chains and the events at them and at their context ticks;
// either way the chains of pops name the stage that moved the body. rerun
// makes a new Sim of the same input and reading, at tick 0, with
// Options.Metrics and Options.RecordStages on and sink as its Options.Sink;
// it is called only when there is something to complete. c.Interrupt is
// polled as in Run. On an error res is left as it was.
func (c *Comparer) NameStages(res *Result, rerun func(sink engine.TickSink) (*engine.Sim, error)) error {
	if !c.explain {
		return c.retell(res, rerun)
	}
	type key struct {
		guid uint32
		tick int
	}
	want := map[key]string{}
	last := -1
	for _, o := range res.Objects {
		if d := o.FirstDivergence; d != nil {
			for _, ck := range d.causeKinds {
				if ck.kind == eventlog.EventPop {
					want[key{o.guid, ck.tick}] = ""
					last = max(last, ck.tick)
				}
			}
		}
	}
	if last < 0 {
		return nil
	}
	var x explain.Explainer
	x.OnCause = func(cs *explain.Cause) {
		if cs.Kind != eventlog.EventPop {
			return
		}
		if _, ok := want[key{cs.GUID, cs.Tick}]; ok {
			want[key{cs.GUID, cs.Tick}] = cs.String()
		}
	}
	if err := c.runTo(last, &x, rerun); err != nil {
		return err
	}
	for _, o := range res.Objects {
		if d := o.FirstDivergence; d != nil {
			for i, ck := range d.causeKinds {
				if text := want[key{o.guid, ck.tick}]; ck.kind == eventlog.EventPop && text != "" {
					d.Causes[i] = text
				}
			}
		}
	}
	return nil
}

// runTo runs a new Sim from rerun, with sink, up to tick last (or its end).
func (c *Comparer) runTo(last int, sink engine.TickSink, rerun func(sink engine.TickSink) (*engine.Sim, error)) error {
	return c.runOn(last, sink, rerun, nil)
}

// runOn is runTo, going on past last while more says so.
func (c *Comparer) runOn(last int, sink engine.TickSink, rerun func(sink engine.TickSink) (*engine.Sim, error), more func(*engine.Sim) bool) error {
	s, err := rerun(sink)
	if err != nil {
		return err
	}
	for (s.Tick() < last || more != nil && more(s)) && !s.Done() {
		if c.Interrupt != nil {
			if err := c.Interrupt(s.Tick()); err != nil {
				return err
			}
		}
		s.Step()
	}
	return s.Err()
}

// retold is one first divergence being completed by retell.
type retold struct {
	d *Divergence
	// since is the tick the comparison first met the object.
	since  int
	causes []explain.Cause
	// events are the texts of the object's events at each tick of the
	// divergence and its context, by tick.
	events map[int][]string
}

// teller is retell's sink: the second run's events of the diverged
// objects at their divergences, and the chains its Explainer tells.
type teller struct {
	c    *Comparer
	x    explain.Explainer
	want map[uint32]*retold
	tick int
}

func (tl *teller) TickEvents(tick int, events []eventlog.Event) {
	tl.tick = tick
	for i := range events {
		e := &events[i]
		if r := tl.want[e.GUID]; r != nil && tick >= r.d.Tick-tl.c.opts.Context && tick <= r.d.Tick {
			r.events[tick] = append(r.events[tick], e.Text())
		}
	}
	tl.x.TickEvents(tick, events)
}

// onCause keeps what the first run's Comparer would have kept (onCause
// and attachCauses there): the chains of the object's context ticks and
// its divergence, told from the tick after it first met the object up to
// the tick after the divergence.
func (tl *teller) onCause(cs *explain.Cause) {
	r := tl.want[cs.GUID]
	if r == nil || tl.tick <= r.since || !causeCovers(cs, r.d, tl.c.opts.Context) {
		return
	}
	// A glide span is logged once it is over, after the divergence;
	// anything else by the tick after it.
	if tl.tick > r.d.Tick+1 && cs.Until <= cs.Tick {
		return
	}
	r.causes = append(r.causes, *cs)
}

// retell gathers the causes and events of every first divergence of res
// from a second run, with metrics and stage records, up to the tick after
// the last of them.
func (c *Comparer) retell(res *Result, rerun func(sink engine.TickSink) (*engine.Sim, error)) error {
	tl := &teller{c: c, want: map[uint32]*retold{}}
	last := -1
	for _, o := range res.Objects {
		d := o.FirstDivergence
		if d == nil {
			continue
		}
		r := &retold{d: d, events: map[int][]string{}}
		if t := c.objs[o.guid]; t != nil {
			r.since = t.since
		}
		tl.want[o.guid] = r
		last = max(last, d.Tick+1)
	}
	if last < 0 {
		return nil
	}
	tl.x.OnCause = tl.onCause
	// On past the last divergence while a glide span covering one is not
	// over yet (spanWait), so its chain is told.
	more := func(s *engine.Sim) bool {
		for g, r := range tl.want {
			if s.Tick() <= r.d.Tick+spanWait*s.TickRate() && s.Query().GlideSpanOpen(g, r.d.Tick) {
				return true
			}
		}
		return false
	}
	if err := c.runOn(last, tl, rerun, more); err != nil {
		return err
	}
	for _, o := range res.Objects {
		r := tl.want[o.guid]
		if r == nil {
			continue
		}
		d := r.d
		d.Causes, d.causeKinds = d.Causes[:0], d.causeKinds[:0]
		for i := range r.causes {
			cs := &r.causes[i]
			d.Causes = append(d.Causes, cs.String())
			d.causeKinds = append(d.causeKinds, causeKind{tick: cs.Tick, until: cs.Until, kind: cs.Kind})
		}
		d.Retail.Events = append(d.Retail.Events[:0], r.events[d.Tick]...)
		for i := range d.Context {
			ct := &d.Context[i]
			ct.Retail.Events = append(ct.Retail.Events[:0], r.events[ct.Tick]...)
		}
	}
	return nil
}
