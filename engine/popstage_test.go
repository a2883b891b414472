// Tests of the pop stages found on demand (PopStager, checkpoint.go).

package engine

import (
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// popRuns are a window's run (stage record, checkpoints) and a pre-run of
// it sharing its checkpoints that logs events and metrics but no stages, as
// the viewer opens them (ui/simsource), the pre-run run to its last tick;
// and the pops of a run that logs with the stage record on (`viewer run
// -explain`).
func popRuns(t testing.TB, rec *recording.Recording, interval int) (window, pre *Sim, want []eventlog.Event) {
	t.Helper()
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: testAssets()})
	if err != nil {
		t.Fatal(err)
	}
	if window, err = NewFromStore(st, Options{Assets: testAssets(), RecordStages: true, CheckpointInterval: interval}); err != nil {
		t.Fatal(err)
	}
	if pre, err = NewFromStore(st, Options{Assets: testAssets(), EventLog: true, Metrics: true, CheckpointInterval: interval}); err != nil {
		t.Fatal(err)
	}
	if err := pre.ShareCheckpoints(window); err != nil {
		t.Fatal(err)
	}
	runTo(pre, pre.LastTick())
	staged := newSim(t, rec, Options{EventLog: true, Metrics: true, RecordStages: true})
	runTo(staged, staged.LastTick())
	return window, pre, eventsOf(staged, eventlog.EventPop)
}

func popRecording(t testing.TB, name string) *recording.Recording {
	t.Helper()
	if name == "cliff" {
		rec, err := scenario.CompileAsset(testAssets(), "cliff")
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	rec, err := recording.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// Each pop a run without the stage record logs gets, from a PopStager, the
// stage, displacement and StickyManager flag a run with the record logs —
// on the cliff (UpdatePhysicsInternal's falls) and ACE #3328 (the
// StickyManager's pull) — asked newest first, then oldest first, so the
// stager seeks back through the checkpoints and steps on; with the default
// checkpoints and with one every 3 ticks, so that pops fall on a
// checkpoint's tick, the tick after one and the tick before.
func TestPopStager_FillsTheStageARecordingRunLogs(t *testing.T) {
	for _, c := range []struct {
		name     string
		interval int
	}{{"cliff", 0}, {"cliff", 3}, {"../recordings/ace3328_snapback.jsonl", 0}, {"../recordings/ace3328_snapback.jsonl", 3}} {
		name := c.name
		window, pre, want := popRuns(t, popRecording(t, name), c.interval)
		pops := eventsOf(pre, eventlog.EventPop)
		if len(pops) == 0 || len(pops) != len(want) {
			t.Fatalf("%s: %d pops without stages, %d with", name, len(pops), len(want))
		}
		p, err := NewPopStager(window)
		if err != nil {
			t.Fatal(err)
		}
		sticky := 0
		check := func(i int) {
			e := pops[i]
			if e.Stage != physics.NumStages {
				t.Fatalf("%s: pop at tick %d logged stage %v without the stage record", name, e.Tick, e.Stage)
			}
			if !p.Fill(&e) {
				t.Fatalf("%s: no stage found for the pop at tick %d", name, e.Tick)
			}
			w := want[i]
			if e.Tick != w.Tick || e.GUID != w.GUID || e.Stage != w.Stage || e.Distance != w.Distance || e.Sticky != w.Sticky {
				t.Errorf("%s: pop at tick %d: stage %v %v m sticky %v, want %v %v m sticky %v (tick %d)",
					name, e.Tick, e.Stage, e.Distance, e.Sticky, w.Stage, w.Distance, w.Sticky, w.Tick)
			}
			if e.Sticky {
				sticky++
			}
			if p.Fill(&e) {
				t.Errorf("%s: a pop that names its stage was filled again", name)
			}
		}
		for i := len(pops) - 1; i >= 0; i-- {
			check(i)
		}
		for i := range pops {
			check(i)
		}
		if name != "cliff" && sticky == 0 {
			t.Errorf("%s: no pop of the StickyManager's pull", name)
		}
		if window.Tick() != 0 {
			t.Errorf("%s: the window's run moved to tick %d", name, window.Tick())
		}
	}
}

// BenchmarkPopStager_Fill is one pop's stage found on the cliff, the pops
// asked in turn from the last back to the first (each a seek back: a
// checkpoint restored and at most an interval re-simulated, the last tick
// with the stage record).
func BenchmarkPopStager_Fill(b *testing.B) {
	window, pre, _ := popRuns(b, popRecording(b, "cliff"), 0)
	pops := eventsOf(pre, eventlog.EventPop)
	p, err := NewPopStager(window)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		e := pops[len(pops)-1-i%len(pops)]
		if !p.Fill(&e) {
			b.Fatal("no stage")
		}
		i++
	}
	b.ReportMetric(float64(window.Query().CheckpointInterval()), "ticks/checkpoint")
}

// BenchmarkPopStager_FillCrowd1000 is one pop's stage found in a crowd of
// 1000 remotes (a synthetic crowd has no pops: each request is a remote's
// tick asked as one), the requests spread over the run: each costs a seek
// of the crowd — a checkpoint restored and at most an interval of 1000
// objects re-simulated — not a run with the stage record.
func BenchmarkPopStager_FillCrowd1000(b *testing.B) {
	synth, err := scenario.Synth(scenario.SynthOptions{Objects: 1000, Minutes: 0.5, Seed: 1}, testAssets())
	if err != nil {
		b.Fatal(err)
	}
	rec, err := synth.Compile()
	if err != nil {
		b.Fatal(err)
	}
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: testAssets()})
	if err != nil {
		b.Fatal(err)
	}
	window, err := NewFromStore(st, Options{Assets: testAssets(), RecordStages: true})
	if err != nil {
		b.Fatal(err)
	}
	runTo(window, window.LastTick()) // the checkpoints the pre-run would save
	p, err := NewPopStager(window)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		tick := 31 + (i*397)%(window.LastTick()-31)
		e := eventlog.Event{Tick: int32(tick), GUID: scenario.SynthFirstGUID + uint32(i*7%1000), Kind: eventlog.EventPop, Stage: physics.NumStages}
		p.Fill(&e)
		i++
	}
	b.ReportMetric(float64(window.Query().CheckpointInterval()), "ticks/checkpoint")
}
