// Source: one engine.Sim as a model.Source. The snapshot is the Sim's own
// views (engine.Query.ObjectsQueued), filled into its reused buffers. The event log stays the engine's: the
// viewer reads it in place (model.EventLog) and converts an entry only when
// it looks at it. The window's Source keeps no log; its Branch, a second
// Sim of the same run sharing its checkpoints, keeps the log while it
// pre-runs on another goroutine.

package simsource

import (
	"fmt"
	"glidepath/engine/eventlog"
	"io/fs"
	"slices"
	"sync"

	"glidepath/engine"
	"glidepath/engine/store"
	"glidepath/ui/model"
)

// Source adapts an engine.Sim. It is not safe for concurrent use; its
// Branch is a Source of its own, which may be used on another goroutine.
type Source struct {
	sim    *engine.Sim
	store  *engine.EventStore
	info   model.Info
	assets fs.FS
	// world is the client's world the runs use (nil: illustrative).
	world engine.WorldData
	// branch is the Sim pre-running for this one, whose log Events reads.
	branch *engine.Sim
	// notes are the recording-event indices of the notes, in order: a
	// note event's Source finds its number.
	notes []int32
	// causes are the log's cause chains, found as the viewer asks.
	causes *store.Causes
	// complete: the store was all read when Info was last refreshed
	// (grow.go); until then Info grows with it.
	complete bool

	briefs []engine.BriefView
	// parts records the pre-run's history (StepRecord).
	parts *store.PartRecorder

	// stager finds the stages of the pre-run's pops (popStages), made
	// when first needed.
	stagerMu     sync.Mutex
	stager       *engine.PopStager
	stagerFailed bool
}

var (
	_ model.Source   = (*Source)(nil)
	_ model.Brancher = (*Source)(nil)
	_ model.Keeper   = (*Source)(nil)
)

func newSource(sim *engine.Sim, file string, assets fs.FS) *Source {
	s := &Source{sim: sim, store: sim.Query().Store(), assets: assets, causes: store.NewCauses()}
	s.popStages(s.causes)
	s.info = model.Info{
		File:      file,
		Reading:   sim.Reading().Name,
		TickRate:  sim.TickRate(),
		LastTick:  -1,
		World:     sim.Query().World(),
		WorldLine: sim.Query().WorldDescription(),
	}
	s.Refresh()
	return s
}

// Sim is the adapted run.
func (s *Source) Sim() *engine.Sim { return s.sim }

// Branch opens a second Sim of the run that keeps the event log (and no
// stage record), sharing this one's checkpoints; this Source's Events then
// read its log.
func (s *Source) Branch() (model.Source, error) {
	reading := s.sim.Reading()
	last := s.info.LastTick
	if !s.complete {
		last = 0 // the run's length grows with the store's reading
	}
	sim, err := engine.NewFromStore(s.store, engine.Options{Reading: reading, Assets: s.assets, World: s.world, EventLog: true, Metrics: true, LastTick: last})
	if err != nil {
		return nil, err
	}
	if err := sim.ShareCheckpoints(s.sim); err != nil {
		return nil, err
	}
	b := &Source{sim: sim, store: s.store, info: s.info, assets: s.assets, world: s.world, notes: s.notes, causes: store.NewCauses(), complete: s.complete}
	b.info.Notes = slices.Clone(s.info.Notes) // each grows its own
	s.branch, s.causes = sim, store.NewCauses()
	s.popStages(s.causes)
	s.popStages(b.causes) // the pre-run's index reads the branch's log
	return b, nil
}

// KeepFor has the run keep, of the checkpoints saved from now on, only the
// one a seek to tick restores (engine.Sim.KeepCheckpointFor): the
// window's Source shares them, so it holds for both (model.Keeper).
func (s *Source) KeepFor(tick int) { s.sim.KeepCheckpointFor(tick) }

// popStages has c name the stage of each pop the pre-run logged without
// one (it keeps no stage record) when that pop's chain is asked for: a
// Sim of this run that records stages, made at the first such question
// and sharing this one's checkpoints, re-simulates the pop's tick
// (engine.PopStager). The chains are asked for on the window's goroutine,
// the one that steps this Source (not its branch's).
func (s *Source) popStages(c *store.Causes) {
	c.FillPops(func(e *eventlog.Event) bool {
		s.stagerMu.Lock()
		defer s.stagerMu.Unlock()
		if s.stager == nil && !s.stagerFailed {
			var err error
			s.stager, err = engine.NewPopStager(s.sim)
			s.stagerFailed = err != nil
		}
		return s.stager != nil && s.stager.Fill(e)
	})
}

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

// Snapshot fills snap with the state at the cursor (only what a history
// records, when snap.Brief).
func (s *Source) Snapshot(snap *model.Snapshot) {
	snap.Reset(s.sim.Tick())
	if snap.Brief {
		s.brief(snap)
		return
	}
	if p, ok := s.sim.Query().Observer(); ok {
		snap.HasObserver = true
		snap.Observer = model.Global(&p)
		snap.ObserverIndoor = p.IsIndoor()
	}
	snap.Objects, snap.Nodes = s.sim.Query().ObjectsQueued(snap.Objects, snap.Nodes)
}

// StepRecord steps up to n ticks and records in h every tick stepped
// that is a multiple of its stride, as Step, a Brief Snapshot and
// model.Record would tick by tick (model.Recorder): the engine steps them
// in runs of ticks over chunks of objects where it can
// (engine.Sim.AdvanceBriefs), each chunk reducing its objects' views to
// the history's samples on its own core (store.PartRecorder); the log,
// metrics, checkpoints and history are the same.
func (s *Source) StepRecord(n int, h *model.History, _ *model.Snapshot) {
	if s.parts == nil || s.parts.History() != h {
		s.parts = store.NewPartRecorder(h)
	}
	s.sim.AdvanceBriefs(n, h.Stride(), s.parts)
}

// brief fills snap with the brief views of the objects.
func (s *Source) brief(snap *model.Snapshot) {
	if p, ok := s.sim.Query().Observer(); ok {
		snap.HasObserver = true
		snap.Observer = model.Global(&p)
		snap.ObserverIndoor = p.IsIndoor()
	}
	s.briefs = s.sim.Query().Briefs(s.briefs[:0])
	snap.Briefs = slices.Grow(snap.Briefs, len(s.briefs))
	for i := range s.briefs {
		snap.Briefs = append(snap.Briefs, store.BriefOf(&s.briefs[i]))
	}
}

// Events is the event log of every tick simulated so far: the branch's,
// when there is one (read it only on the branch's goroutine or once it has
// stopped), otherwise this Sim's own.
func (s *Source) Events() model.EventLog {
	sim := s.sim
	if s.branch != nil {
		sim = s.branch
	}
	return store.NewEventLog(sim.Query().LogView(), s.store, s.notes, s.causes)
}
