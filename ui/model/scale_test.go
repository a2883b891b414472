package model

import (
	"testing"
	"unsafe"

	"glidepath/engine/eventlog"

	"glidepath/engine"
	"glidepath/engine/store"
)

// walk records object 1 walking 1 m per tick over ticks 0..last.
func walk(h *History, last int) {
	for k := 0; k <= last; k++ {
		var s Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1, Position: at(Vec3{1000 + float64(k), 2000, 0})})
		Record(h, &s)
	}
}

// A history sampled every 4 ticks keeps a quarter of the samples; any tick
// reads the latest sample at or before it, and trails take whole samples.
func TestHistory_StrideSamplesEveryFewTicks(t *testing.T) {
	h := NewHistory()
	h.SetStride(4)
	walk(h, 40)
	tr := h.Track(1)
	if len(tr.Samples) != 11 || h.LastTick() != 40 {
		t.Fatalf("%d samples to tick %d, want 11 to 40", len(tr.Samples), h.LastTick())
	}
	s, ok := tr.At(14)
	if !ok || h.Pos(&s)[0] != 1012 {
		t.Errorf("tick 14 reads x %v, want the tick-12 sample's 1012", h.Pos(&s)[0])
	}
	if got := h.Trail(1, 10, 30, 1, nil); len(got) != 5 || got[0][0] != 1012 || got[4][0] != 1028 {
		t.Errorf("trail %v, want the samples of ticks 12–28", got)
	}
	for _, c := range []struct{ objects, ticks int }{{10, 1000}, {100, 108000}, {1000, 108000}} {
		st := StrideFor(c.objects, c.ticks)
		bytes := int64(c.objects) * int64(c.ticks/st+1) * int64(unsafe.Sizeof(store.Sample{}))
		fitsFiner := st == 1 || int64(c.objects)*int64(c.ticks/(st-1)+1)*int64(unsafe.Sizeof(store.Sample{})) > store.HistoryBudget
		if bytes > store.HistoryBudget+int64(c.objects)*int64(unsafe.Sizeof(store.Sample{})) || !fitsFiner {
			t.Errorf("%d objects × %d ticks: stride %d (%d bytes) is not the finest within the budget", c.objects, c.ticks, st, bytes)
		}
	}
	if StrideFor(10, 1000) != 1 {
		t.Error("a small run is not sampled every tick")
	}
}

// A clone is what was recorded when it was made: recording on changes the
// history, not the clone.
func TestHistory_CloneIsUnchangedByLaterRecords(t *testing.T) {
	h := NewHistory()
	walk(h, 10)
	c := h.Clone()
	for k := 11; k <= 30; k++ {
		var s Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1, Position: at(Vec3{1000 + float64(k), 2000, 0})})
		s.AddObject(engine.ObjectView{GUID: 2, Position: at(Vec3{900, 2000, 0})})
		Record(h, &s)
	}
	if c.LastTick() != 10 || len(c.Track(1).Samples) != 11 || c.Track(2) != nil {
		t.Errorf("clone reaches tick %d with %d samples (object 2: %v)", c.LastTick(), len(c.Track(1).Samples), c.Track(2) != nil)
	}
	if lo, _, _ := c.Bounds(); lo[0] != 1000 {
		t.Errorf("clone's bounds grew to %v", lo)
	}
	if h.Track(2) == nil || len(h.Track(1).Samples) != 31 {
		t.Error("the history itself did not grow")
	}
}

// The index grows with the log; a clone keeps what it had and only whole
// density buckets; density counts events and failures per bucket.
func TestIndex_ExtendCloneAndDensity(t *testing.T) {
	var log EventSlice
	for k := range 100 {
		log = append(log, Event{Tick: int32(k), GUID: 1, Kind: eventlog.EventStallWindow, Pass: k%10 != 0})
	}
	x := IndexLog(log[:40])
	c := x.Clone()
	x.Extend(log)
	if c.Len() != 40 || len(c.Of(1)) != 40 || x.Len() != 100 || len(x.Of(1)) != 100 {
		t.Fatalf("clone %d (%d of object 1), index %d (%d)", c.Len(), len(c.Of(1)), x.Len(), len(x.Of(1)))
	}
	if n, f := x.Density(eventlog.EventStallWindow, 0); n != DensityTicks || f != 2 {
		t.Errorf("bucket 0: %d events, %d failed; want %d and 2 (ticks 0 and 10)", n, f, DensityTicks)
	}
	if n, _ := c.Density(eventlog.EventStallWindow, 39/DensityTicks); n != 0 {
		t.Errorf("the clone shows the bucket its last event is in (%d events), which may still grow", n)
	}
	if n, _ := c.Density(eventlog.EventStallWindow, 1); n != DensityTicks {
		t.Errorf("the clone's whole bucket 1 holds %d events, want %d", n, DensityTicks)
	}
	if i, ok := x.Next(45, Filter{Kinds: KindSet(eventlog.EventStallWindow), FailOnly: true}); !ok || x.Tick(i) != 50 {
		t.Errorf("next failure after tick 45: %d %v, want tick 50", i, ok)
	}
	if e := x.Event(10); e.Tick != 10 || e.Pass {
		t.Errorf("event 10 reads %+v", e)
	}
}

// Clones share the index's object numbering until an object is added; a
// clone extended on its own, and the index extended with new objects after
// it, keep each its own lists and blip counts.
func TestIndex_ClonesKeepTheirObjectsAsTheIndexGrows(t *testing.T) {
	var log EventSlice
	for k := range 60 {
		g := uint32(1 + k%3) // objects 1–3; object 4 from tick 30
		if k >= 30 && k%5 == 0 {
			g = 4
		}
		kind := eventlog.EventRoute
		if k%4 == 0 {
			kind = eventlog.EventBlip
		}
		log = append(log, Event{Tick: int32(k), GUID: g, Kind: kind})
	}
	want := func(x *Index, n int, guid uint32) (ids, blips int) {
		for i := range n {
			if log[i].GUID == guid {
				ids++
				if log[i].Kind == eventlog.EventBlip {
					blips++
				}
			}
		}
		return ids, blips
	}
	x := IndexLog(log[:20])
	a := x.Clone()
	b := x.Clone() // shares a's map: nothing was added between
	x.Extend(log)  // adds object 4
	b.Extend(log[:40])
	for _, c := range []struct {
		name string
		x    *Index
		n    int
	}{{"index", x, 60}, {"clone", a, 20}, {"clone extended", b, 40}} {
		for g := uint32(1); g <= 4; g++ {
			ids, blips := want(c.x, c.n, g)
			if len(c.x.Of(g)) != ids || c.x.Blips(g) != blips {
				t.Errorf("%s: object %d has %d events, %d blips; want %d and %d", c.name, g, len(c.x.Of(g)), c.x.Blips(g), ids, blips)
			}
		}
	}
	if c := x.Clone(); len(c.Of(4)) != 6 {
		t.Errorf("a clone after object 4 appeared sees %d of its events, want 6", len(c.Of(4)))
	}
}
