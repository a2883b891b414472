// Source: one engine.Sim as a model.Source. The snapshot is filled from the
// Sim's views with reused buffers; the event log is converted once per
// entry, as the Sim's log grows.

package simsource

import (
	"fmt"

	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/ui/model"
)

// Source adapts an engine.Sim. It is not safe for concurrent use.
type Source struct {
	sim  *engine.Sim
	rec  *recording.Recording
	info model.Info

	views  []engine.ObjectView
	nodes  []interp.Node
	events []model.Event
	notes  int32 // note events converted so far
}

var _ model.Source = (*Source)(nil)

func newSource(sim *engine.Sim, file string) *Source {
	s := &Source{sim: sim, rec: sim.Recording()}
	s.info = model.Info{
		File:     file,
		Reading:  sim.Reading().Name,
		TickRate: sim.TickRate(),
		LastTick: sim.LastTick(),
		World:    sim.World(),
	}
	for _, n := range sim.Notes() {
		s.info.Notes = append(s.info.Notes, model.Note{Tick: n.Tick, GUID: n.GUID, HasGUID: n.HasGUID, Text: n.Text})
	}
	return s
}

// Sim is the adapted run.
func (s *Source) Sim() *engine.Sim { return s.sim }

// Info describes the run.
func (s *Source) Info() *model.Info { return &s.info }

// Tick is the cursor.
func (s *Source) Tick() int { return s.sim.Tick() }

// Step runs the next tick.
func (s *Source) Step() { s.sim.Step() }

// Seek moves the cursor to tick through the engine's checkpoints.
func (s *Source) Seek(tick int) error {
	if tick < 0 || tick > s.info.LastTick {
		return fmt.Errorf("tick %d is outside the run's 0–%d", tick, s.info.LastTick)
	}
	s.sim.Seek(tick)
	return nil
}

// Snapshot fills snap with the state at the cursor.
func (s *Source) Snapshot(snap *model.Snapshot) {
	snap.Reset(s.sim.Tick())
	if p, ok := s.sim.Observer(); ok {
		snap.HasObserver = true
		snap.Observer = model.Global(&p)
		snap.ObserverIndoor = p.IsIndoor()
	}
	s.views = s.sim.Objects(s.views[:0])
	for i := range s.views {
		v := &s.views[i]
		o := snap.AddObject(model.Object{
			GUID:           v.GUID,
			Name:           v.Name,
			Cell:           v.Position.Cell,
			Pos:            model.Global(&v.Position),
			Heading:        float64(v.Heading),
			Velocity:       vec(v.Velocity[0], v.Velocity[1], v.Velocity[2]),
			Contact:        v.Contact,
			OnWalkable:     v.OnWalkable,
			Active:         v.Active,
			Radius:         float64(v.Radius),
			Height:         float64(v.Height),
			PlayerDistance: float64(v.PlayerDistance),
			Interp:         v.Interp,
			CatchUpSpeed:   float64(v.CatchUpSpeed),
			Constrained:    v.Constrained,
			Constraint:     v.Constraint,
			LastRoute:      v.LastRoute,
			LastRouteTick:  v.LastRouteTick,
			Stamps:         v.UpdateTimes,
			HasStages:      true,
			Stages:         v.Stages,
			HasTruth:       v.HasTruth,
			TruthTick:      v.TruthTick,
		})
		if v.HasMotion {
			o.Motion = v.Motion.Forward.String()
		}
		if v.HasTruth {
			o.Truth = model.Global(&v.Truth)
			o.TruthHeading = float64(v.Truth.Frame.Heading())
		}
		s.nodes = s.sim.NodesAt(v.Slot, s.nodes[:0])
		for k := range s.nodes {
			n := &s.nodes[k]
			snap.AddNode(model.Node{
				Type: n.Type, Cell: n.Position.Cell, Pos: model.Global(&n.Position),
				Heading:  float64(n.Position.Frame.Heading()),
				Velocity: vec(n.Velocity[0], n.Velocity[1], n.Velocity[2]),
			})
		}
	}
}

func vec(x, y, z float32) model.Vec3 { return model.Vec3{float64(x), float64(y), float64(z)} }

// Events is the event log of every tick simulated so far.
func (s *Source) Events() []model.Event {
	all := s.sim.AllEvents()
	for i := len(s.events); i < len(all); i++ {
		s.events = append(s.events, s.convert(&all[i]))
	}
	return s.events
}

// convert turns one engine event into the viewer's.
func (s *Source) convert(e *engine.Event) model.Event {
	m := model.Event{
		Tick: e.Tick, GUID: e.GUID, Kind: model.EventKind(e.Kind),
		Route: e.Route, Branch: e.Branch, Target: e.Target, Pruned: e.Pruned,
		Evicted: e.Evicted, Success: e.Success, Pass: e.Pass, Contact: e.Contact, Applied: e.Applied,
		Cumulative: e.Cumulative, ProgressQuantum: e.ProgressQuantum,
		Note: -1,
	}
	if e.Kind == engine.EventBlip || e.Kind == engine.EventSnap {
		from, to := e.From.Position(), e.To.Position()
		m.From, m.To = model.Global(&from), model.Global(&to)
	}
	if src := int(e.Source); src >= 0 && src < len(s.rec.Events) {
		re := &s.rec.Events[src]
		if e.Kind == engine.EventRoute && re.Kind == recording.KindPosition {
			m.HasReceived, m.Received = true, model.Global(&re.Update.Pos)
		}
	}
	if e.Kind == engine.EventNote {
		m.Note = s.notes
		s.notes++
	}
	return m
}
