package engine

import (
	"testing"

	"glidepath/engine/enginetest"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
)

// A streamed run's last tick is known before the run where -ticks gives it
// or the source holds its events whole (a scenario compiled, a recording
// read), and is then the tick the run ends at; a file still to be read
// says −1, its end not known until it is read.
func TestKnownLastTick_WhereTheEndIsKnown(t *testing.T) {
	rec := enginetest.OneObject(false)
	rec.Events = append(rec.Events, enginetest.PositionEvent(1.5, 91, 90, 1), enginetest.PositionEvent(3.2, 92, 90, 2))
	want := dueTickAt(rec.Header.TickRate, 3.2+TailSeconds)
	if got := KnownLastTick(recording.NewSource(rec), 0); got != want {
		t.Errorf("a recording held whole: %d, want %d", got, want)
	}
	if got := KnownLastTick(recording.NewSource(rec), 40); got != 40 {
		t.Errorf("-ticks 40: %d", got)
	}
	// The run itself ends there.
	s, err := NewStream(recording.NewSource(rec), Options{Assets: testAssets()})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.Step()
	}
	if s.LastTick() != want {
		t.Errorf("the run ended at %d, the known last tick %d", s.LastTick(), want)
	}
	empty := enginetest.OneObject(false)
	if got, want := KnownLastTick(recording.NewSource(empty), 0), dueTickAt(empty.Header.TickRate, TailSeconds); got != want {
		t.Errorf("no events: %d, want %d", got, want)
	}
	// A scenario is compiled whole: its end is known.
	sc, err := loader.Open("../assets/scenarios/runner.yaml", testAssets())
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Close()
	known := KnownLastTick(sc, 0)
	run, err := NewStream(sc, Options{Assets: testAssets()})
	if err != nil {
		t.Fatal(err)
	}
	for !run.Done() {
		run.Step()
	}
	if known <= 0 || known != run.LastTick() {
		t.Errorf("a scenario: known %d, the run ended at %d", known, run.LastTick())
	}
	// A recording file is streamed: its end is not known before it is read.
	f, err := loader.Open("testdata/far_jump.jsonl", testAssets())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := KnownLastTick(f, 0); got != -1 {
		t.Errorf("a streamed file: %d, want -1", got)
	}
	if got := KnownLastTick(f, 7); got != 7 {
		t.Errorf("a streamed file under -ticks 7: %d", got)
	}
}
