package clientdiff

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/clienttrace"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/goroutines"
)

// compareShifted compares rec's run with its own state rows, the rows of
// guid moved 5 cm from tick from on (so it first diverges there).
func compareShifted(t *testing.T, rec *recording.Recording, guid uint32, from int) (*Comparer, *Result) {
	return compareShiftedWith(t, rec, guid, from, true)
}

// compareShiftedWith is compareShifted with the glide metrics on or off.
func compareShiftedWith(t *testing.T, rec *recording.Recording, guid uint32, from int, metrics bool) (*Comparer, *Result) {
	t.Helper()
	cmp := NewComparer(Options{Tolerance: DefaultTolerance, Context: 3})
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: metrics, Sink: cmp})
	if err != nil {
		t.Fatal(err)
	}
	var states []engine.StateRow
	var rows []clienttrace.Row
	for {
		states = s.Query().States(states[:0])
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
func firstPop(t *testing.T, rec *recording.Recording) explain.Cause {
	t.Helper()
	var x explain.Explainer
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, RecordStages: true, Sink: &x})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.Step()
		for _, c := range x.Causes {
			if c.Kind == eventlog.EventPop {
				return c
			}
		}
	}
	t.Fatal("no pop")
	return explain.Cause{}
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

// Without the glide metrics the first run knows no pop or hitch: the
// divergences' causes and events come from the second run, and the result
// is the one a first run with the metrics gives — at a pop, at the tick
// after it, at a hitch, and away from them.
func TestNameStages_WithoutMetricsSameResult(t *testing.T) {
	goroutines.NoneStarted(t)
	rec, err := scenario.CompileAsset(assets.FS(), "cliff")
	if err != nil {
		t.Fatal(err)
	}
	pop := firstPop(t, rec)
	rerun := func(sink engine.TickSink) (*engine.Sim, error) {
		return engine.New(rec, engine.Options{Assets: assets.FS(), NoCheckpoints: true, Metrics: true, RecordStages: true, Sink: sink})
	}
	sawPop := false
	for _, from := range []int{pop.Tick - 60, pop.Tick - 5, pop.Tick, pop.Tick + 1, pop.Tick + 2} {
		withC, with := compareShiftedWith(t, rec, pop.GUID, from, true)
		withoutC, without := compareShiftedWith(t, rec, pop.GUID, from, false)
		if err := withC.NameStages(with, rerun); err != nil {
			t.Fatal(err)
		}
		reruns := 0
		err := withoutC.NameStages(without, func(sink engine.TickSink) (*engine.Sim, error) {
			reruns++
			return rerun(sink)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !without.Diverged || reruns != 1 {
			t.Fatalf("from tick %d: diverged %v, %d reruns, want a divergence and 1 rerun", from, without.Diverged, reruns)
		}
		a, _ := json.Marshal(with)
		b, _ := json.Marshal(without)
		if string(a) != string(b) {
			t.Fatalf("from tick %d, with metrics:\n%s\nwithout:\n%s", from, a, b)
		}
		sawPop = sawPop || strings.Contains(string(b), ": pop ")
	}
	if !sawPop {
		t.Fatal("no pop among the causes compared")
	}
}
