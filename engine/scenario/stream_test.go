// Streaming compile: Stream hands out exactly Compile's events, in the same
// order, for every shipped scenario and for synthetic crowds, holding only
// the events still in flight.

package scenario

import (
	"reflect"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
)

// streamAll collects what Stream hands out.
func streamAll(t *testing.T, s *Scenario) *recording.Recording {
	t.Helper()
	rec := &recording.Recording{Name: s.Name}
	err := s.Stream(func(h *recording.Header) error {
		rec.Header = *h
		return nil
	}, func(ev *recording.Event) error {
		rec.Events = append(rec.Events, *ev)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// sameRecording fails at the first event that differs.
func sameRecording(t *testing.T, name string, got, want *recording.Recording) {
	t.Helper()
	if !reflect.DeepEqual(got.Header, want.Header) {
		t.Fatalf("%s: headers differ", name)
	}
	for i := range min(len(got.Events), len(want.Events)) {
		if !reflect.DeepEqual(got.Events[i], want.Events[i]) {
			t.Fatalf("%s: event %d differs:\nstream  %+v\ncompile %+v", name, i, got.Events[i], want.Events[i])
		}
	}
	if len(got.Events) != len(want.Events) {
		t.Fatalf("%s: stream gave %d events, compile %d", name, len(got.Events), len(want.Events))
	}
}

func TestStream_GivesCompilesEventsForEveryShippedScenario(t *testing.T) {
	for _, e := range Catalog() {
		data := mustRead(t, e.Name)
		s, err := Parse(e.Name+".yaml", data, assets.FS())
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Compile()
		if err != nil {
			t.Fatal(err)
		}
		sameRecording(t, e.Name, streamAll(t, s), want)
	}
}

func TestSynth_StreamsCompilesEventsDeterministically(t *testing.T) {
	o := SynthOptions{Objects: 40, Minutes: 0.5, Interval: 0.5, Seed: 7}
	s, err := Synth(o, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.Compile()
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := Synth(o, assets.FS())
	sameRecording(t, "synth", streamAll(t, s2), want)

	// Half the remotes stand in the observer's landblock, the rest in its
	// neighbours; every one sends about one update per interval, less the
	// 1 % lost; there is no truth.
	h := &want.Header
	if len(h.Entities) != 40 || !h.HasObserver {
		t.Fatalf("%d entities, observer %v", len(h.Entities), h.HasObserver)
	}
	home := h.Observer.Cell >> 16
	near, blocks := 0, map[uint32]bool{}
	for _, e := range h.Entities {
		blocks[e.Pos.Cell>>16] = true
		if e.Pos.Cell>>16 == home {
			near++
		}
	}
	if near != 20 || len(blocks) != 9 {
		t.Errorf("%d remotes in the observer's landblock, %d landblocks; want 20 and 9", near, len(blocks))
	}
	kinds := map[recording.Kind]int{}
	for _, ev := range want.Events {
		kinds[ev.Kind]++
	}
	if kinds[recording.KindTruth] != 0 {
		t.Errorf("%d truth events, want none", kinds[recording.KindTruth])
	}
	if n := kinds[recording.KindPosition]; n < 40*55 || n > 40*60 {
		t.Errorf("%d updates, want about 40 × 60 less 1 %%", n)
	}

	// Another seed, another crowd.
	s3, _ := Synth(SynthOptions{Objects: 40, Minutes: 0.5, Interval: 0.5, Seed: 8}, assets.FS())
	other, _ := s3.Compile()
	if reflect.DeepEqual(other.Header.Entities, h.Entities) {
		t.Error("seeds 7 and 8 gave the same crowd")
	}
}

func TestSynth_RefusesOutOfRangeOptions(t *testing.T) {
	for _, o := range []SynthOptions{
		{Objects: 0, Minutes: 1},
		{Objects: SynthMaxObjects + 1, Minutes: 1},
		{Objects: 1, Minutes: 0},
		{Objects: 1, Minutes: SynthMaxMinutes + 1},
		{Objects: 1, Minutes: 1, Interval: 0.01},
		{Objects: 1, Minutes: 1, Interval: SynthMaxInterval + 1},
	} {
		if _, err := Synth(o, assets.FS()); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
