package physics_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/assets/dat/dattest"
	"glidepath/engine"
	"glidepath/engine/datworld"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// TestTransit_ScenarioCrossCheckCases writes a cross-check case
// (transit_ace_dump_test.go) for every object of every shipped scenario
// and every engine test recording (engine/testdata): each transition and
// placement the engine runs, with its inputs and result and the geometry
// it met (docs/collision.md, "Checked against ACE's code"), and for every
// shipped transition recording (recordings/transition-*.jsonl) on the
// geometry world they are written for (dattest's). It runs only
// with GLIDEPATH_ACE_DIR set, the folder the cases go to; it checks that
// every input ran transitions.
func TestTransit_ScenarioCrossCheckCases(t *testing.T) {
	if os.Getenv("GLIDEPATH_ACE_DIR") == "" {
		t.Skip("GLIDEPATH_ACE_DIR is not set: no cross-check cases wanted")
	}
	run := func(t *testing.T, name string, rec *recording.Recording, world ...*datworld.World) {
		opts := engine.Options{Assets: assets.FS()}
		if len(world) == 1 {
			opts.World = world[0]
		}
		s, err := engine.New(rec, opts)
		if err != nil {
			t.Fatal(err)
		}
		count := physics.TapTransitions(t, name)
		for !s.Done() {
			s.Step()
		}
		if count() == 0 {
			t.Errorf("%s ran no transition", name)
		}
	}
	for _, e := range scenario.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			rec, err := scenario.CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			run(t, "scenario_"+e.Name, rec)
		})
	}
	files, err := filepath.Glob("../engine/testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("engine test recordings: %v, %v", files, err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		t.Run(name, func(t *testing.T) {
			rec, err := recording.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			run(t, "recording_"+name, rec)
		})
	}
	geo := t.TempDir()
	if err := dattest.WriteGeometry(geo); err != nil {
		t.Fatal(err)
	}
	w, err := datworld.Open(geo)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	shipped, err := filepath.Glob("../recordings/transition-*.jsonl")
	if err != nil || len(shipped) == 0 {
		t.Fatalf("transition recordings: %v, %v", shipped, err)
	}
	for _, f := range shipped {
		name := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		t.Run(name, func(t *testing.T) {
			rec, err := recording.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			run(t, "geometry_"+strings.ReplaceAll(name, "-", "_"), rec, w)
		})
	}
}
