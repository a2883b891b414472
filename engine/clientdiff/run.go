// Running a comparison: step the Sim from tick 0 to its last tick and read
// the client trace alongside, one tick of each at a time, then gather the
// per-object results. Nothing of either is kept beyond the context ring.

package clientdiff

import (
	"io"
	"strconv"

	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/hexid"
)

// runTicks is how many ticks Run steps at a time.
const runTicks = 64

// Run compares s, from its current tick (0) to its last, with the client
// trace rd. s (made by engine.New or, streaming its input, engine.NewStream)
// must have c as its Options.Sink. With Options.Metrics on, the cause
// chains of the divergences (pops and hitches among them) are gathered as
// the run goes; without them — the glide metrics cost a tenth of the run,
// and only a divergence's report uses them — NameStages gathers the chains
// and the events at the divergences by running the input again up to the
// last divergence, only when something diverged. A bad line of the trace
// stops the comparison with its *clienttrace.Error, a bad event of a
// streamed input with the Sim's Err.
func Run(s *engine.Sim, c *Comparer, rd *clienttrace.Reader) (*Result, error) {
	p := prefetch(rd)
	defer p.Close()
	rows, err := p.NextTick()
	eof := err == io.EOF
	if err != nil && !eof {
		return nil, err
	}
	// The first line has been read: a Glidepath trace's header is known.
	if err := c.checkInput(rd); err != nil {
		return nil, err
	}
	// compare compares tick's rows with the client's of that tick.
	compare := func(tick int, states []engine.StateRow, atSim bool) error {
		if c.Interrupt != nil {
			if err := c.Interrupt(tick); err != nil {
				return err
			}
		}
		var client []clienttrace.Row
		if !eof && rows[0].Tick == tick {
			client = rows
		}
		if atSim {
			c.CompareTick(s, client)
		} else {
			c.CompareRows(s, tick, states, client)
		}
		if client != nil {
			if rows, err = p.NextTick(); err == io.EOF {
				eof = true
			} else if err != nil {
				return err
			}
		}
		return nil
	}
	if err := compare(s.Tick(), nil, true); err != nil {
		return nil, err
	}
	// The ticks after it are stepped in runs, over chunks of objects
	// where the run allows (engine.Sim.AdvanceRows): the same rows and
	// events, tick after tick, as stepping one tick at a time.
	for !s.Done() {
		err := s.AdvanceRows(runTicks, func(tick int, states []engine.StateRow) error {
			return compare(tick, states, false)
		})
		if err != nil {
			return nil, err
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	for !eof {
		c.afterRun += len(rows)
		if rows, err = p.NextTick(); err == io.EOF {
			eof = true
		} else if err != nil {
			return nil, err
		}
	}
	res := c.Finish(s)
	res.Client, res.Format, res.Skipped = rd.Name(), rd.Format().String(), rd.Skipped()
	if res.ComparedRows == 0 {
		return nil, &NothingComparedError{Client: rd.Name(), Input: c.opts.Input, Rows: rd.Rows(), Objects: len(res.Missing.NotInRecording),
			AfterRun: res.Missing.AfterRun, LastTick: s.Tick()}
	}
	if rd.UsesTime() {
		res.TimeMapping = "t mapped to the nearest tick: round(t × " + strconv.Itoa(rd.TickRate()) + ")"
	}
	return res, nil
}

// Finish gathers the results after the last tick compared.
func (c *Comparer) Finish(s *engine.Sim) *Result {
	c.settle(c.tick + 1)
	for _, t := range c.pending {
		t.attachCauses(c.opts.Context)
	}
	c.pending = nil
	res := &Result{Reading: s.Reading().Name, Tolerance: c.opts.Tolerance, TickRate: s.TickRate(), Ticks: c.tick,
		Objects: []*Object{}, Missing: Missing{Objects: []MissingObject{}, Ticks: []MissingTicks{}, NotInRecording: []ClientOnly{},
			NotAlive: c.notAlive, AfterRun: c.afterRun}}
	names := map[uint32]string{}
	var all []uint32
	for _, m := range s.Query().Roster(nil) {
		names[m.GUID] = m.Name
		all = append(all, m.GUID)
	}
	for _, t := range c.order {
		if _, ok := names[t.obj.guid]; !ok {
			all = append(all, t.obj.guid)
		}
	}
	done := map[uint32]bool{}
	for _, g := range all {
		if done[g] {
			continue
		}
		done[g] = true
		t := c.objs[g]
		if t == nil {
			// Created after the last tick compared, or never alive.
			t = &tracked{obj: Object{GUID: hexid.String(g), guid: g}}
		}
		o := &t.obj
		o.Name = names[g]
		if o.Rows > 0 {
			o.MeanError = o.sumErr / float64(o.Rows)
		}
		o.ComparedRows = o.Rows
		res.ComparedRows += o.Rows
		res.Objects = append(res.Objects, o)
		if o.FirstDivergence != nil {
			res.Diverged = true
		}
		switch {
		case !t.logged:
			res.Missing.Objects = append(res.Missing.Objects, MissingObject{GUID: o.GUID, Name: o.Name})
		case t.absent > 0:
			res.Missing.Ticks = append(res.Missing.Ticks, MissingTicks{GUID: o.GUID, Ticks: t.absent, Ranges: t.ranges})
		}
	}
	for _, g := range c.onlyOrder {
		if _, ok := names[g]; ok {
			// A recording object the client logged before it was created.
			res.Missing.NotAlive += c.clientOnly[g].Rows
			continue
		}
		res.Missing.NotInRecording = append(res.Missing.NotInRecording, *c.clientOnly[g])
	}
	if c.opts.StrictObjects {
		res.StrictObjects = true
		if len(res.Missing.NotInRecording) > 0 {
			res.Diverged = true
		}
	}
	return res
}
