package shrink

import (
	"bytes"
	"slices"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/filter"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// crowdWithBlip is a synthetic crowd of objects (scenario.Synth) with the
// far_jump recording's Jumper added: its second UpdatePosition lands 119 m
// away, past the autonomy blip distance, so the far branch pre-arms a blip
// at tick 30 (seed 000 §3, §6; engine/testdata/far_jump.jsonl).
func crowdWithBlip(t testing.TB, objects int, minutes float64) *recording.Recording {
	t.Helper()
	sc, err := scenario.Synth(scenario.SynthOptions{Objects: objects, Minutes: minutes, Seed: 4}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	jump, err := recording.ReadFile("../testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rec.Header.Entities = append(rec.Header.Entities, jump.Header.Entities...)
	rec.Events = append(rec.Events, jump.Events...)
	slices.SortStableFunc(rec.Events, func(a, b recording.Event) int {
		switch {
		case a.T < b.T:
			return -1
		case a.T > b.T:
			return 1
		}
		return 0
	})
	return rec
}

const blipKeep = "blip guid=0x80000A01 tick~30"

func keep(t testing.TB) Holds {
	t.Helper()
	expr, err := filter.Parse(blipKeep, filter.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	return Keep(expr, engine.Options{Assets: assets.FS(), Reading: interp.SeedReading()}, nil)
}

// TestShrink_CrowdWithOneBlip: a crowd of 8 objects for half a minute with
// one known blip shrinks to at most 10 events that still blip at the same
// place under the same reading, and the result is a valid Recording v1 (it
// is written and read back, and still blips). The same shrink on 2 workers
// gives the same recording.
func TestShrink_CrowdWithOneBlip(t *testing.T) {
	rec := crowdWithBlip(t, 8, 0.5)
	holds := keep(t)
	var steps []int
	out, err := Shrink(rec, holds, Options{Step: func(_ string, _, events int) { steps = append(steps, events) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Events) > 10 {
		t.Errorf("%d events left, want at most 10 (of %d)", len(out.Events), len(rec.Events))
	}
	if len(steps) != 3 || steps[0] != len(rec.Events) || steps[2] != len(out.Events) {
		t.Errorf("steps %v", steps)
	}
	var buf bytes.Buffer
	if err := recording.Write("small.jsonl", &buf, out); err != nil {
		t.Fatal(err)
	}
	back, err := recording.Read("small.jsonl", &buf)
	if err != nil {
		t.Fatalf("the shrunk recording does not read back: %v", err)
	}
	if ok, err := holds(back); err != nil || !ok {
		t.Errorf("the shrunk recording read back does not blip: %v", err)
	}
	par, err := Shrink(rec, holds, Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(par.Events) != len(out.Events) {
		t.Errorf("2 workers: %d events, 1 worker: %d", len(par.Events), len(out.Events))
	}
	for i := range par.Events {
		if par.Events[i].T != out.Events[i].T || par.Events[i].Kind != out.Events[i].Kind {
			t.Errorf("event %d differs with 2 workers", i)
		}
	}
}

// TestShrink_NotShown: an input without the condition is refused.
func TestShrink_NotShown(t *testing.T) {
	rec := crowdWithBlip(t, 2, 0.1)
	expr := filter.MustParse("blip guid=0x80000A01 tick~300", filter.Kinds())
	_, err := Shrink(rec, Keep(expr, engine.Options{Assets: assets.FS(), Reading: interp.SeedReading()}, nil), Options{})
	if err != ErrNotShown {
		t.Errorf("got %v, want ErrNotShown", err)
	}
}

// TestDdmin_FindsThePair: ddmin isolates the two elements a test needs.
func TestDdmin_FindsThePair(t *testing.T) {
	c := make([]int, 40)
	for i := range c {
		c[i] = i
	}
	got, err := ddmin(c, func(s []int) (bool, error) {
		return slices.Contains(s, 7) && slices.Contains(s, 31), nil
	}, 3)
	if err != nil || !slices.Equal(got, []int{7, 31}) {
		t.Errorf("got %v, %v; want [7 31]", got, err)
	}
}

// BenchmarkShrink_Crowd is the acceptance's size: 100 objects for 10
// minutes with one known blip (`make bench`; too slow for the tests).
func BenchmarkShrink_Crowd(b *testing.B) {
	rec := crowdWithBlip(b, 100, 10)
	holds := keep(b)
	for b.Loop() {
		out, err := Shrink(rec, holds, Options{Jobs: 2})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(out.Events)), "events")
	}
}

// TestShrink_StepCountsObjectsNotTheirAbsence: the steps count objects by
// their guids; a note about no object is not one more object (it made
// `shrink: objects: 3 objects` of a two-object recording).
func TestShrink_StepCountsObjectsNotTheirAbsence(t *testing.T) {
	rec := crowdWithBlip(t, 2, 0.2)
	rec.Events = append([]recording.Event{{T: 0, Kind: recording.KindNote, Text: "about no object"}}, rec.Events...)
	guids := map[uint32]bool{}
	for _, e := range rec.Header.Entities {
		guids[e.GUID] = true
	}
	for _, ev := range rec.Events {
		if ev.HasGUID {
			guids[ev.GUID] = true
		}
	}
	var objects []int
	out, err := Shrink(rec, keep(t), Options{Step: func(_ string, n, _ int) { objects = append(objects, n) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(objects) != 3 || objects[0] != len(guids) || objects[2] != 1 {
		t.Errorf("objects at each step %v, want %d first and the Jumper alone last (%d events left)", objects, len(guids), len(out.Events))
	}
}
