package store

import (
	"reflect"
	"strconv"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/hugepage"
	"glidepath/physics"
)

// wholePoints hides a PartRecorder's LeanTick: the chunks hand it every
// point whole.
type wholePoints struct{ r *PartRecorder }

func (w wholePoints) Parts(n int) { w.r.Parts(n) }
func (w wholePoints) Take(part, tick int, views []engine.BriefView, holders []uint32) {
	w.r.Take(part, tick, views, holders)
}
func (w wholePoints) TakePoints(part, tick int, points []engine.BriefPoint) {
	w.r.TakePoints(part, tick, points)
}
func (w wholePoints) Record(tick, parts int, observer physics.Position, hasObserver bool) {
	w.r.Record(tick, parts, observer, hasObserver)
}

// leanPrerun pre-runs a crowd of n objects for minutes into a picture's
// history at tick after (its trails from 150 ticks before), keeping keep,
// with the chunks' points lean where the history says (lean) or whole.
func leanPrerun(tb testing.TB, st *engine.EventStore, after int, keep uint32, lean bool) *History {
	tb.Helper()
	s, err := engine.NewFromStore(st, engine.Options{Assets: assets.FS(), EventLog: true, Metrics: true, Workers: 2})
	if err != nil {
		tb.Fatal(err)
	}
	h := NewHistory()
	h.SetStride(2)
	h.SetExpected(s.LastTick())
	h.Lean(after, keep)
	h.LeanTrail(after - 150)
	r := NewPartRecorder(h)
	var rec engine.BriefRecorder = r
	if !lean {
		rec = wholePoints{r}
	}
	for !s.Done() {
		s.AdvanceBriefs(64, h.Stride(), rec)
	}
	return h
}

func crowdStore(tb testing.TB, objects int, minutes float64) *engine.EventStore {
	tb.Helper()
	st, err := engine.ReadEvents(recording.NewSource(scenario.BenchRecording(objects, minutes, 0.5, 1)), engine.Options{Assets: assets.FS()})
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

// A picture's pre-run over a crowd records the same history whether the
// chunks hand its lean ticks' points without their heading, contact and
// failure counter (History.LeanTick) or whole: the same tracks, samples,
// bounds and plot series, with the selection known before the run or not.
func TestPartRecorder_LeanPointsSameHistory(t *testing.T) {
	st := crowdStore(t, 60, 0.5)
	for _, keep := range []uint32{0, 0x80100007} {
		want := leanPrerun(t, st, 600, keep, false)
		got := leanPrerun(t, st, 600, keep, true)
		if len(want.Tracks()) < 60 {
			t.Fatalf("%d tracks, want the crowd's 60", len(want.Tracks()))
		}
		if k := want.Track(keep); keep != 0 && (k == nil || len(k.Samples) < 400) {
			t.Fatalf("the kept object %#x has no track of the whole run's 450 samples", keep)
		}
		if !reflect.DeepEqual(unslabbed(got), unslabbed(want)) {
			t.Errorf("keep %#x: the history from lean points differs from the one from whole points", keep)
		}
	}
}

// unslabbed is h without its slabs' free room, whose length depends on
// where the blocks were mapped: the arrays carved out of them are h's.
func unslabbed(h *History) History {
	c := *h
	c.slab, c.lean.slab = hugepage.Slab[Sample]{}, hugepage.Slab[leanSample]{}
	return c
}

// BenchmarkLeanPoints pre-runs a 1000-object crowd into a picture's
// history at a third of its run, its lean ticks' points lean or whole.
func BenchmarkLeanPoints(b *testing.B) {
	st := crowdStore(b, 1000, 1)
	for _, lean := range []bool{true, false} {
		b.Run("lean="+strconv.FormatBool(lean), func(b *testing.B) {
			for b.Loop() {
				leanPrerun(b, st, 600, 0, lean)
			}
		})
	}
}
