package engine

import (
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
)

// A recording from another world beside dat files (issue 37 item 1): the
// walk recorded on flat ground at z 0, run on the fake world's hills
// around 70 m, has every UpdatePosition about 70 m below the dat ground.
// The run reports it once for the landblock (metres, count), and each
// blip's and snap's cause chain names it; the same walk recorded on the
// hills, the walk without dats, and a walk recorded 30 m up but not on the
// ground (a fall) report nothing.
func TestWorldMismatch_RecordedBelowTheDatGround(t *testing.T) {
	fw := newFakeWorld()
	hf := fw.blocks[0xA9B4]
	hillsAt := func(x, y float32) float32 { return float32(triangleHeight(hf, 0xA9, 0xB4, float64(x), float64(y))) }
	flat := func(x, y float32) float32 { return 0 }

	rec := walkRecording(flat)
	// The player stands 60 m under the walk's recorded line: far enough
	// (≥ 96 m from the body on the hills) that each update slide-snaps.
	rec.Header.HasObserver, rec.Header.Observer = true, posAt(96, 100, 0)
	rec.Header.Observer.Frame.Origin[2] = -60
	s := newSim(t, rec, Options{World: fw, Explain: true, EventLog: true})
	runTo(s, s.LastTick())
	m := s.Query().WorldMismatch()
	if m == nil {
		t.Fatal("no world mismatch for a walk 70 m under the dat ground")
	}
	if m.Landblock != "0xA9B4" || m.Direction != "below" || m.Count != 19 || m.Checked != 19 || m.Metres < 66 || m.Metres > 74 {
		t.Errorf("mismatch %+v, want 0xA9B4, 19 of 19 below by about 70 m", m)
	}
	if !strings.Contains(m.Text(), "m below the dat ground of 0xA9B4: is this input from this world? (19 of 19 UpdatePositions there)") {
		t.Errorf("text %q", m.Text())
	}
	named := 0
	for _, c := range s.Query().Causes() {
		if c.Kind != eventlog.EventBlip && c.Kind != eventlog.EventSnap {
			continue
		}
		if !strings.Contains(c.Why, " m below the ground (the dat ground under the last UpdatePosition") || !strings.Contains(c.Why, "world_mismatch") {
			t.Errorf("cause without the mismatch: %s", c.String())
		}
		named++
	}
	if named == 0 {
		t.Errorf("no blip or snap names it; causes %v", s.Query().Causes())
	}

	for _, c := range []struct {
		name   string
		ground func(x, y float32) float32
		opts   Options
		air    bool
	}{
		{"on the hills", hillsAt, Options{World: fw, Explain: true}, false},
		{"without dats", flat, Options{Explain: true}, false},
		{"30 m up, not on the ground", func(x, y float32) float32 { return hillsAt(x, y) + 30 }, Options{World: fw, Explain: true}, true},
	} {
		rec := walkRecording(c.ground)
		if c.air {
			for i := range rec.Events {
				rec.Events[i].Update.Grounded = false
			}
		}
		s := newSim(t, rec, c.opts)
		runTo(s, s.LastTick())
		if m := s.Query().WorldMismatch(); m != nil {
			t.Errorf("%s: mismatch %+v", c.name, m)
		}
		for _, cause := range s.Query().Causes() {
			if strings.Contains(cause.Why, "world_mismatch") {
				t.Errorf("%s: %s", c.name, cause.String())
			}
		}
	}

	// Grounded 30 m above the dat ground is one too.
	s = newSim(t, walkRecording(func(x, y float32) float32 { return hillsAt(x, y) + 30 }), Options{World: fw})
	runTo(s, s.LastTick())
	if m := s.Query().WorldMismatch(); m == nil || m.Direction != "above" || m.Count != 19 {
		t.Errorf("grounded 30 m up: mismatch %+v", m)
	}
}

// The tally is the same when the run steps in shards on several workers
// (parallel_ticks.go delivers each chunk's UpdatePositions on its own
// goroutine) as when it steps tick by tick: counts and millimetre sums add
// up in any order.
func TestWorldMismatch_SameInShards(t *testing.T) {
	fw := newFakeWorld()
	rec := walkRecording(func(x, y float32) float32 { return 0 })
	// 40 walkers: the first one's walk, each 2 m further north.
	base := rec.Header.Entities[0]
	events := rec.Events
	rec.Header.Entities, rec.Events = nil, nil
	for i := 0; i < 40; i++ {
		e := base
		e.GUID = base.GUID + uint32(i)
		e.Pos.Frame.Origin[1] += float32(2 * i)
		rec.Header.Entities = append(rec.Header.Entities, e)
	}
	for _, ev := range events {
		for i := 0; i < 40; i++ {
			ev := ev
			ev.GUID, ev.Update.GUID = base.GUID+uint32(i), base.GUID+uint32(i)
			ev.Update.Pos.Frame.Origin[1] += float32(2 * i)
			rec.Events = append(rec.Events, ev)
		}
	}
	stepped := newSim(t, rec, Options{World: fw, EventLog: true})
	runTo(stepped, stepped.LastTick())
	want := stepped.Query().WorldMismatch()
	if want == nil || want.Count != 40*19 {
		t.Fatalf("stepped: %+v", want)
	}
	s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), World: fw, Metrics: true, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		s.advance(64)
	}
	if s.batch == nil {
		t.Fatal("the run never stepped in shards")
	}
	if got := s.Query().WorldMismatch(); got == nil || *got != *want {
		t.Errorf("in shards %+v, stepped %+v", got, want)
	}
}
