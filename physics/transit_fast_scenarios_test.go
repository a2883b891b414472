package physics_test

import (
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
	"glidepath/physics"
)

// Every transition of every shipped scenario and every engine test
// recording (engine/testdata) that the transition's shortcut
// (transit_fast.go) answers is answered the same by the whole transition,
// bit for bit: the shortcut is exact on the inputs the project ships, not
// only on random ones (transit_fast_test.go).
func TestTransitFast_ScenariosAndRecordingsMatchWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	if testing.Short() {
		t.Skip("runs every shipped scenario and recording")
	}
	check := physics.CheckShortcut(t)
	run := func(t *testing.T, rec *recording.Recording) {
		// One worker: the check's hook is the package's, one sweep at a time.
		s, err := engine.New(rec, engine.Options{Assets: assets.FS(), Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for !s.Done() {
			s.Step()
		}
		if _, bad, first := check(); bad > 0 {
			t.Fatalf("%d transitions differ; the first:\n%s", bad, first)
		}
	}
	for _, e := range scenario.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			goroutines.NoneStarted(t)
			rec, err := scenario.CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			run(t, rec)
		})
	}
	files, err := filepath.Glob("../engine/testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("engine test recordings: %v, %v", files, err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".jsonl"), func(t *testing.T) {
			goroutines.NoneStarted(t)
			rec, err := recording.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			run(t, rec)
		})
	}
	sweeps, _, _ := check()
	t.Logf("%d transitions answered by the shortcut, each the same as the whole transition's", sweeps)
	if sweeps < 10000 {
		t.Fatalf("the shortcut answered only %d transitions: too few to compare", sweeps)
	}
}
