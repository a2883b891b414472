// Pop stages on demand: a run that logs its events without the stage
// record (Options.RecordStages costs the whole run a stage record a tick)
// logs its pops with no stage, and their cause chains cannot say what moved
// the body. A PopStager finds a pop's stage when one is asked about: it
// seeks a Sim of the same run that records stages — through the checkpoints
// it shares with the run, so it re-simulates at most a checkpoint interval
// and records the stages of the pop's tick alone — and reads the stage
// there, as flag.go does in a run that records them all.

package engine

import (
	"errors"

	"glidepath/engine/eventlog"
	"glidepath/physics"
)

// PopStager fills in the stage of pops logged without one. It is not safe
// for concurrent use.
type PopStager struct {
	sim *Sim
}

// NewPopStager makes a stager for src's run: a Sim over the same event
// store, reading, constants, world and length, with the stage record on
// and no log or metrics, sharing src's checkpoints (ShareCheckpoints). Read
// src's fields on the goroutine that steps it.
func NewPopStager(src *Sim) (*PopStager, error) {
	if src.store == nil || src.feed != nil {
		return nil, errors.New("engine: pop stages need a run over an event store")
	}
	opts := src.opts
	opts.Reading = src.reading
	opts.EventLog, opts.Metrics, opts.Explain, opts.Expect, opts.Sink = false, false, false, nil, nil
	opts.RecordStages = true
	sim, err := NewFromStore(src.store, opts)
	if err != nil {
		return nil, err
	}
	if err := sim.ShareCheckpoints(src); err != nil {
		return nil, err
	}
	return &PopStager{sim: sim}, nil
}

// Fill sets pop e's Stage, Distance and Sticky to what a run with
// Options.RecordStages logs (flag.go): the stage that displaced the body
// most in the pop's tick. It re-simulates from the checkpoint at or before
// the tick before the pop's (or steps on from the last pop asked about,
// when that is nearer). It reports false, leaving e as it was, when e is
// not a pop, already names its stage, or the object is not alive then.
//
// Sticky is read from the StickyManager's target before and after the tick,
// where the logging run reads the target its glide metrics noted after the
// last tick they measured — the same but for a body that came back into a
// cell (a teleport) the tick before.
func (p *PopStager) Fill(e *eventlog.Event) bool {
	if e.Kind != eventlog.EventPop || e.Stage != physics.NumStages || e.Tick < 1 {
		return false
	}
	s, tick := p.sim, int(e.Tick)
	s.Seek(tick - 1)
	o := s.find(e.GUID)
	if s.Tick() != tick-1 || o == nil {
		return false
	}
	before := o.pm.StickyObjectID()
	s.Step() // the pop's tick, with the stage record on
	if o = s.find(e.GUID); s.Tick() != tick || o == nil {
		return false
	}
	stage, moved := dominantStage(o)
	if stage == physics.NumStages {
		return false
	}
	e.Stage, e.Distance = stage, moved
	e.Sticky = stage == physics.StageAdjustOffset && (o.pm.StickyObjectID() != 0 || before != 0)
	return true
}
