package clientdiff

import (
	"strconv"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// compareShifted compares rec's run with its own state rows, the rows of
// guid moved 5 cm from tick from on (so it first diverges there).
func compareShifted(t *testing.T, rec *recording.Recording, guid uint32, from int) (*Comparer, *Result) {
	t.Helper()
	cmp := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, Sink: cmp})
	if err != nil {
		t.Fatal(err)
	}
	var states []engine.StateRow
	var rows []clienttrace.Row
	for {
		states = s.States(states[:0])
		rows = rows[:0]
		for _, st := range states {
			r := clienttrace.Row{Line: len(rows) + 1, Tick: s.Tick(), GUID: st.GUID, Cell: st.Cell, Origin: st.Origin}
			if st.GUID == guid && s.Tick() >= from {
				r.Origin[0] += 0.05
			}
			rows = append(rows, r)
		}
		cmp.CompareTick(s, rows)
		if s.Done() {
			break
		}
		s.Step()
	}
	return cmp, cmp.Finish(s)
}

// firstPop runs rec with stage records and returns its first pop's cause.
func firstPop(t *testing.T, rec *recording.Recording) engine.Cause {
	t.Helper()
	var x engine.Explainer
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, RecordStages: true, Sink: &x})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.Step()
		for _, c := range x.Causes {
			if c.Kind == engine.EventPop {
				return c
			}
		}
	}
	t.Fatal("no pop")
	return engine.Cause{}
}

// A client that leaves retail at the tick of a pop: diff's causes name the
// stage that moved the body (seed 003 §12) — found by running the input
// again with stage records — as `viewer run -explain` does, and the other
// causes stay as they were.
func TestNameStages_PopAtTheDivergenceNamesItsStage(t *testing.T) {
	rec, err := scenario.CompileAsset(assets.FS(), "cliff")
	if err != nil {
		t.Fatal(err)
	}
	pop := firstPop(t, rec)
	cmp, res := compareShifted(t, rec, pop.GUID, pop.Tick)
	var d *Divergence
	for _, o := range res.Objects {
		if o.guid == pop.GUID {
			d = o.FirstDivergence
		}
	}
	if d == nil || d.Tick != pop.Tick {
		t.Fatalf("divergence %+v, want one at the pop's tick %d", d, pop.Tick)
	}
	prefix := "tick " + strconv.Itoa(pop.Tick) + ": pop "
	at := -1
	for i, c := range d.Causes {
		if strings.HasPrefix(c, prefix) {
			at = i
		}
	}
	if at < 0 || !strings.Contains(d.Causes[at], "not recorded") {
		t.Fatalf("causes before naming stages: %q", d.Causes)
	}
	before := append([]string(nil), d.Causes...)
	reruns := 0
	err = cmp.NameStages(res, func(sink engine.TickSink) (*engine.Sim, error) {
		reruns++
		return engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, RecordStages: true, Sink: sink})
	})
	if err != nil {
		t.Fatal(err)
	}
	if reruns != 1 {
		t.Fatalf("%d reruns, want 1", reruns)
	}
	if d.Causes[at] != pop.String() || strings.Contains(d.Causes[at], "not recorded") {
		t.Errorf("pop cause %q, want %q", d.Causes[at], pop.String())
	}
	for i := range before {
		if i != at && d.Causes[i] != before[i] {
			t.Errorf("cause %d changed: %q -> %q", i, before[i], d.Causes[i])
		}
	}
}

// No pop among the divergences' causes: nothing is run again.
func TestNameStages_NoPopNoRerun(t *testing.T) {
	rec := scenario.BenchRecording(3, 0.1, 0.5, 1)
	cmp, res := compareShifted(t, rec, rec.Header.Entities[1].GUID, 40)
	if !res.Diverged {
		t.Fatal("nothing diverged")
	}
	err := cmp.NameStages(res, func(engine.TickSink) (*engine.Sim, error) {
		t.Fatal("ran the input again without a pop to name")
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
