// Opening a run: a recording (.jsonl, .jsonl.gz), a scenario (.yaml) or,
// with no path, the built-in default scenario, compiled against the
// embedded assets and run under one or more readings.

package simsource

import (
	"errors"
	"glidepath/engine/capture"
	"io/fs"

	"glidepath/engine"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// Spec says what to open.
type Spec struct {
	// Path is the input file; "" opens the built-in default scenario.
	Path string
	// Readings are the reading names to run, the first being the one the
	// viewer selects; none means the default reading.
	Readings []string
	// Assets is the assets tree (assets.FS()).
	Assets fs.FS
	// Follow reads a file still being written (GrowEvents).
	Follow bool
	// Whole: the caller waits for the whole input before it runs it (a
	// picture's window): a recording is decoded ahead of the store on a
	// goroutine of its own (engine.GrowEvents, loader.LoadOptions.Ahead).
	Whole bool
	// World is the client's world read from its dat files
	// (engine.Options.World); nil runs in the illustrative world.
	World engine.WorldData
	// Capture holds a capture input's options: its player, -truth-from
	// tracks, the shift onto a shared server clock (engine/capture).
	Capture capture.Options
}

// Load reads or compiles the input. Errors name the file, line and field.
func Load(spec Spec) (*recording.Recording, error) {
	if spec.Assets == nil {
		return nil, errors.New("simsource: no assets tree")
	}
	if spec.Path == "" {
		return scenario.CompileAsset(spec.Assets, scenario.DefaultName)
	}
	return loader.Load(spec.Path, spec.Assets)
}

// LoadEvents reads or compiles the input into an event store (the events
// packed for seeking, engine.EventStore) without holding them as
// recording events. Errors name the file, line and field.
func LoadEvents(spec Spec) (*engine.EventStore, error) {
	if spec.Assets == nil {
		return nil, errors.New("simsource: no assets tree")
	}
	if spec.Path == "" {
		rec, err := scenario.CompileAsset(spec.Assets, scenario.DefaultName)
		if err != nil {
			return nil, err
		}
		return engine.ReadEvents(recording.NewSource(rec), engine.Options{Assets: spec.Assets})
	}
	return engine.LoadEvents(spec.Path, spec.Assets, loader.LoadOptions{})
}

// Open loads the input and makes one Source per reading, in order. The runs
// keep stage records, not event logs (their branches keep those); they are
// at tick 0 and not yet pre-run.
func Open(spec Spec) ([]*Source, error) {
	readings, err := interp.ReadingsByName(spec.Readings)
	if err != nil {
		return nil, err
	}
	st, err := LoadEvents(spec)
	if err != nil {
		return nil, err
	}
	file := spec.Path
	if file == "" {
		file = scenario.DefaultName + " (built-in)"
	}
	return NewFromStoreWorld(st, file, readings, spec.Assets, spec.World)
}

// New makes one Source per reading over rec (none: the default reading).
// file names the input in the viewer.
func New(rec *recording.Recording, file string, readings []interp.Reading, assets fs.FS) ([]*Source, error) {
	if len(readings) == 0 {
		readings = []interp.Reading{interp.SeedReading()}
	}
	st, err := engine.ReadEvents(recording.NewSource(rec), engine.Options{Assets: assets})
	if err != nil {
		return nil, err
	}
	return NewFromStore(st, file, readings, assets)
}

// NewFromStore makes one Source per reading over the events of st, which
// the runs share (none: the default reading). file names the input in the
// viewer.
func NewFromStore(st *engine.EventStore, file string, readings []interp.Reading, assets fs.FS) ([]*Source, error) {
	return NewFromStoreWorld(st, file, readings, assets, nil)
}

// NewFromStoreWorld is NewFromStore in the client's world (nil: the
// illustrative one).
func NewFromStoreWorld(st *engine.EventStore, file string, readings []interp.Reading, assets fs.FS, world engine.WorldData) ([]*Source, error) {
	if len(readings) == 0 {
		readings = []interp.Reading{interp.SeedReading()}
	}
	cmp, err := engine.NewCompareStore(st, readings, engine.Options{Assets: assets, World: world, RecordStages: true})
	if err != nil {
		return nil, err
	}
	var out []*Source
	for _, sim := range cmp.Sims() {
		src := newSource(sim, file, assets)
		src.world = world
		out = append(out, src)
	}
	return out, nil
}
