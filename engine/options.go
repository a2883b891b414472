// Options: what a run is parameterised by — the reading, the assets tree the
// motion tables and terrains come from, which records to keep (event log,
// stage frames, glide metrics), how long to run and the checkpoint budget.

package engine

import (
	"io/fs"

	"glidepath/engine/scenario"
	"glidepath/interp"
)

// DefaultCheckpointBudget is the memory the checkpoints of a Sim may use when
// Options gives no budget: 512 MiB, which at the size the budget assumes
// per object (checkpoint.go) keeps a checkpoint every 39 ticks for an hour
// of a thousand objects — a seek re-simulates at most that — and holds
// about 330 MB at the size they actually pack to.
const DefaultCheckpointBudget = 512 << 20

// TailSeconds is how long a run goes on after the recording's last event
// when Options gives no LastTick.
const TailSeconds = 2

// Options parameterise a Sim.
type Options struct {
	// Reading is the interp.Reading the run uses; the zero value is the
	// seed reading (interp.SeedReading).
	Reading interp.Reading
	// Constants are the interpolation thresholds the run uses; the zero
	// value is interp.RetailConstants. Only a what-if (viewer whatif -set)
	// sets them.
	Constants interp.Constants
	// Assets is the assets tree (assets.FS() in the viewer and tests):
	// motion tables are read from motion/NAME.json and asset terrains
	// (with the obstacles they place) from terrain/NAME.json. Required when
	// the recording has any object (every object has a motion table) or an
	// asset terrain.
	Assets fs.FS
	// World is the client's world read from its dat files (docs/world.md):
	// terrain landblocks, statics, Setup shapes and motion tables. nil runs
	// in the illustrative world of the recording's own terrain and the
	// shipped tables, as before.
	World WorldData

	// EventLog keeps every event (Event) of the run. Traces need it.
	EventLog bool
	// TraceLogOnly says that a trace is all that reads the event log (no
	// cause chains, tables, sink or window): the glide metrics then do not
	// follow sprints and snap-backs, whose events no trace row holds
	// (glide.go), nor end the spans they follow at a deletion or the last
	// tick. Every trace row and every metric is the same.
	TraceLogOnly bool
	// RecordStages keeps, for every object, the frames each stage of its
	// last tick produced (physics.StageRecord), for the pipeline panel.
	RecordStages bool
	// Metrics collects the glide metrics (ObjectMetrics); with the event
	// log or a sink it also logs each pop and hitch it flags (EventPop,
	// EventHitch).
	Metrics bool
	// Expect are a scenario's expectations to check as the run goes
	// (Query.Expectations); they turn Metrics on.
	Expect []scenario.Expectation
	// Sink, when set, receives each newly simulated tick's events (see
	// TickSink), whether or not the log is kept.
	Sink TickSink
	// Explain keeps the cause chains of the run as it goes (Query.Causes),
	// whether or not the log is kept; with RecordStages a pop's names the
	// stage that moved the body.
	Explain bool
	// Statics lists static objects (Recording v1 entity static: doors,
	// chests, portals) in the per-object metrics and reports; by default
	// they are left out, as held items always are (object.go).
	Statics bool

	// LastTick is the last tick of the run; 0 means TailSeconds after the
	// recording's last event.
	LastTick int
	// CheckpointBudget bounds the memory the checkpoints use, bytes;
	// 0 means DefaultCheckpointBudget.
	CheckpointBudget int64
	// CheckpointInterval is the number of ticks between checkpoints; 0 means
	// the smallest interval (at least MinCheckpointInterval, less for a
	// crowd: checkpoint.go) whose checkpoints for the whole run fit the
	// budget.
	CheckpointInterval int
	// Workers is how many runs of slots each tick's UpdateObjectInternal
	// pass is split into, to run on that many cores (parallel.go); 0 means
	// one per core (GOMAXPROCS less BusyCores) as long as each run has at
	// least 256 objects. It is also how many cores a streamed run that logs
	// nothing shards its objects over for runs of ticks (parallel_ticks.go:
	// 0 means one per core less BusyCores but the first, each with at
	// least 128 objects). The trace is byte-identical whatever the number.
	Workers int
	// BusyCores is how many of the cores something else keeps busy while
	// the run steps — a recording decoded on its own goroutine
	// (recording.Prefetch) — and the pass should leave to it when Workers
	// is 0.
	BusyCores int
	// NoCheckpoints keeps only the tick-0 checkpoint, for straight headless
	// runs: seeking back then re-simulates from the start.
	NoCheckpoints bool
}
