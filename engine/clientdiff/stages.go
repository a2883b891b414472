// Naming a pop's stage at a divergence. Diff runs without stage records
// (they cost a tenth of the run), so a pop's cause chain cannot say which
// stage of the tick moved the body (seed 003 §12: root motion, adjust_offset,
// the physics step, the collision sweep or UseTime). The first divergence is
// where the question is asked, so only when a pop is among a divergence's
// causes is the input run again, with stage records, up to the last such
// pop, and those pops' chains are rebuilt — a run that agrees with its
// client, or diverges away from pops, pays nothing.

package clientdiff

import "glidepath/engine"

// NameStages rebuilds the cause chains of the pops among res's first
// divergences so they name the stage that moved the body. rerun makes a new
// Sim of the same input and reading, at tick 0, with Options.Metrics and
// Options.RecordStages on and sink as its Options.Sink; it is called only
// when there is a pop to name. c.Interrupt is polled as in Run. On an error
// res is left as it was.
func (c *Comparer) NameStages(res *Result, rerun func(sink engine.TickSink) (*engine.Sim, error)) error {
	type key struct {
		guid uint32
		tick int
	}
	want := map[key]string{}
	last := -1
	for _, o := range res.Objects {
		if d := o.FirstDivergence; d != nil {
			for _, ck := range d.causeKinds {
				if ck.kind == engine.EventPop {
					want[key{o.guid, ck.tick}] = ""
					last = max(last, ck.tick)
				}
			}
		}
	}
	if last < 0 {
		return nil
	}
	var x engine.Explainer
	x.OnCause = func(cs *engine.Cause) {
		if cs.Kind != engine.EventPop {
			return
		}
		if _, ok := want[key{cs.GUID, cs.Tick}]; ok {
			want[key{cs.GUID, cs.Tick}] = cs.String()
		}
	}
	s, err := rerun(&x)
	if err != nil {
		return err
	}
	for s.Tick() < last && !s.Done() {
		if c.Interrupt != nil {
			if err := c.Interrupt(s.Tick()); err != nil {
				return err
			}
		}
		s.Step()
	}
	if err := s.Err(); err != nil {
		return err
	}
	for _, o := range res.Objects {
		if d := o.FirstDivergence; d != nil {
			for i, ck := range d.causeKinds {
				if text := want[key{o.guid, ck.tick}]; ck.kind == engine.EventPop && text != "" {
					d.Causes[i] = text
				}
			}
		}
	}
	return nil
}
