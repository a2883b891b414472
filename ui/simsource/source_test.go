// Tests of the engine adapter: opening inputs, pre-running every shipped
// scenario, seeking, readings side by side, and bad input.

package simsource

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
)

func openDefault(t *testing.T, readings ...string) []*Source {
	t.Helper()
	srcs, err := Open(Spec{Readings: readings, Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return srcs
}

// The built-in scenario pre-runs into a history with every remote, an event
// log whose route events carry the received positions, and notes.
func TestOpen_DefaultScenarioPrerunsWithEventsAndNotes(t *testing.T) {
	src := openDefault(t)[0]
	info := src.Info()
	if info.Reading != "seed" || info.TickRate != 30 || info.LastTick < 30*30 || len(info.Notes) == 0 {
		t.Fatalf("info %+v", info)
	}
	h := model.NewHistory()
	if _, err := model.Prerun(context.Background(), src, h, nil); err != nil {
		t.Fatal(err)
	}
	if len(h.Tracks()) != 3 || h.LastTick() != info.LastTick {
		t.Errorf("%d tracks to tick %d, want the 3 remotes to %d", len(h.Tracks()), h.LastTick(), info.LastTick)
	}
	events := src.Events()
	var routes, received, notes, enqueues int
	for i := range events.Len() {
		e := events.At(i)
		switch e.Kind {
		case eventlog.EventRoute:
			routes++
			if e.HasReceived {
				received++
			}
		case eventlog.EventEnqueue:
			enqueues++
		case eventlog.EventNote:
			notes++
			if int(e.Note) >= len(info.Notes) || e.Note < 0 {
				t.Errorf("note event points at note %d of %d", e.Note, len(info.Notes))
			}
		}
	}
	if routes == 0 || received != routes || enqueues == 0 || notes != len(info.Notes) {
		t.Errorf("%d routes (%d with positions), %d enqueues, %d notes of %d", routes, received, enqueues, notes, len(info.Notes))
	}
	// Seeking lands on the same state as stepping (the engine's checkpoints).
	var a, b model.Snapshot
	if err := src.Seek(400); err != nil {
		t.Fatal(err)
	}
	src.Snapshot(&a)
	if err := src.Seek(399); err != nil {
		t.Fatal(err)
	}
	src.Step()
	src.Snapshot(&b)
	if a.Tick != 400 || len(a.Objects) != 3 || a.Objects[1].Position != b.Objects[1].Position || len(a.Objects[1].Queue) != len(b.Objects[1].Queue) {
		t.Errorf("seek and step disagree at tick 400: %v vs %v", a.Objects[1].Position, b.Objects[1].Position)
	}
	if !a.HasObserver || !a.Objects[0].HasTruth || !model.Geometry(&a.Objects[0]).OK {
		t.Error("snapshot lacks the observer, the truth or the stage record")
	}
	if err := src.Seek(info.LastTick + 1); err == nil {
		t.Error("seeking past the last tick gave no error")
	}
}

func TestOpen_CompareRunsOneSourcePerReading(t *testing.T) {
	srcs := openDefault(t, "seed", "ace", "legacy")
	if len(srcs) != 3 || srcs[1].Info().Reading != "ace" || srcs[2].Info().Reading != "legacy" {
		t.Fatalf("%d sources", len(srcs))
	}
}

func TestOpen_BadInputIsAClearError(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		spec Spec
		want string
	}{
		{Spec{Readings: []string{"nope"}}, "nope"},
		{Spec{Readings: []string{"ace", "ace"}}, "twice"},
		{Spec{Path: filepath.Join(dir, "missing.jsonl")}, "missing.jsonl"},
		{Spec{Path: filepath.Join(dir, "missing.yaml")}, "missing.yaml"},
	} {
		c.spec.Assets = assets.FS()
		if _, err := Open(c.spec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", c.spec, err, c.want)
		}
	}
}

// Every shipped scenario opens and pre-runs (the smoke test of the
// viewer's inputs, without a display).
func TestOpen_EveryShippedScenario(t *testing.T) {
	if testing.Short() {
		t.Skip("pre-runs every scenario")
	}
	for _, e := range scenario.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			rec, err := scenario.CompileAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			srcs, err := New(rec, e.Name, nil, assets.FS())
			if err != nil {
				t.Fatal(err)
			}
			h := model.NewHistory()
			if _, err := model.Prerun(context.Background(), srcs[0], h, nil); err != nil {
				t.Fatal(err)
			}
			if h.LastTick() != srcs[0].Info().LastTick {
				t.Errorf("history ends at %d of %d", h.LastTick(), srcs[0].Info().LastTick)
			}
		})
	}
}

// The pre-run records its history from brief snapshots; they give the same
// samples as full ones.
func TestPrerun_BriefSnapshotsRecordTheSameHistory(t *testing.T) {
	srcs, err := Open(Spec{Path: "../testdata/queue.yaml", Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	src := srcs[0]
	brief := model.NewHistory()
	if _, err := model.Prerun(context.Background(), src, brief, nil); err != nil {
		t.Fatal(err)
	}
	full := model.NewHistory()
	var snap model.Snapshot
	for k := 0; k <= src.Info().LastTick; k++ {
		if err := src.Seek(k); err != nil {
			t.Fatal(err)
		}
		src.Snapshot(&snap)
		model.Record(full, &snap)
	}
	if len(brief.Tracks()) != len(full.Tracks()) || len(full.Tracks()) == 0 {
		t.Fatalf("%d tracks from brief snapshots, %d from full ones", len(brief.Tracks()), len(full.Tracks()))
	}
	queued := 0
	for i, tr := range full.Tracks() {
		b := brief.Tracks()[i]
		if b.GUID != tr.GUID || b.Name != tr.Name || b.First != tr.First || len(b.Samples) != len(tr.Samples) {
			t.Fatalf("track %d: brief %x %q from %d (%d samples), full %x %q from %d (%d)", i, b.GUID, b.Name, b.First, len(b.Samples), tr.GUID, tr.Name, tr.First, len(tr.Samples))
		}
		for k := range tr.Samples {
			if fmt.Sprint(b.Samples[k]) != fmt.Sprint(tr.Samples[k]) { // NaN-aware
				t.Fatalf("0x%08X tick %d: brief %+v, full %+v", tr.GUID, tr.First+k, b.Samples[k], tr.Samples[k])
			}
			if tr.Samples[k].Queue > 1 {
				queued++
			}
		}
	}
	if queued == 0 {
		t.Error("no sample had more than one queued node: the queue length went untested")
	}
}

// The index reads the engine's log through Entry (tick, object, kind and
// verdict in one call, nothing converted); each entry must say what the
// converted event says.
func TestIndex_EntriesSayWhatTheConvertedLogSays(t *testing.T) {
	rec, err := scenario.CompileAsset(assets.FS(), "wall") // stalls that fail
	if err != nil {
		t.Fatal(err)
	}
	srcs, err := New(rec, "wall", nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	x, err := model.Prerun(context.Background(), srcs[0], model.NewHistory(), nil)
	if err != nil {
		t.Fatal(err)
	}
	log := srcs[0].Events()
	if x.Len() != log.Len() || x.Len() == 0 {
		t.Fatalf("%d entries indexed of a log of %d", x.Len(), log.Len())
	}
	fails := 0
	for i := range log.Len() {
		tick, guid, kind, pass, success := log.Entry(i)
		e := log.At(i)
		if tick != e.Tick || guid != e.GUID || kind != e.Kind || pass != e.Pass || success != e.Success {
			t.Fatalf("entry %d: tick %d guid %x kind %v pass %v success %v; converted %+v", i, tick, guid, kind, pass, success, e)
		}
		if kind == eventlog.EventStallWindow && !pass || kind == eventlog.EventNodeComplete && !success {
			fails++
		}
	}
	if fails == 0 {
		t.Error("no failed stall window or node completion: the verdicts went untested")
	}
}
