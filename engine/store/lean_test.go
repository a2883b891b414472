package store

import (
	"math"
	"reflect"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
)

// leanRun is a small crowd's views tick by tick: a walks the whole run
// with a queue head ahead of it and a truth behind; b dies at tick 9 and
// comes back at 15; c is made at tick 13; d, indoors, is made at 21 and
// walks far (the bounds grow past the picture's tick). With empty, no
// object lives from tick 5 to 12.
func leanRun(tick int, empty bool) []engine.BriefView {
	var out []engine.BriefView
	f := float32(tick)
	at := func(cell uint32, x, y, z float32) physics.Position {
		return physics.NewPosition(cell, mgl32.Vec3{x, y, z}, 0)
	}
	quiet := empty && tick >= 5 && tick <= 12
	if !quiet {
		a := engine.BriefView{GUID: 0xA, Name: "a", Position: at(0xA9B40001, 10+f, 50, 1), Heading: 10 * f, Contact: tick%2 == 0,
			QueueLen: tick % 4, FailCounter: int32(tick % 3), HasTruth: tick > 2, Truth: at(0xA9B40001, 10, 49, 1)}
		if a.QueueLen > 0 {
			a.Head = interp.Node{Type: interp.NodePosition, Position: at(0xA9B40001, 13+2*f, 50, 1)}
		}
		out = append(out, a)
	}
	if (tick < 9 || tick >= 15) && !quiet {
		out = append(out, engine.BriefView{GUID: 0xB, Name: "b", Position: at(0xA9B40002, 90, 150-f, 0), Heading: 90})
	}
	if tick >= 13 {
		out = append(out, engine.BriefView{GUID: 0xC, Name: "c", Position: at(0xA9B40003, 80, 40, 0), QueueLen: 1,
			Head: interp.Node{Type: interp.NodePosition, Position: at(0xA9B40003, 80+f, 40, 0)}})
	}
	if tick >= 21 {
		out = append(out, engine.BriefView{GUID: 0xD, Name: "d", Position: at(0xA9B50105, 20+4*f, 100, 2)})
	}
	return out
}

// recordLean records ticks 0 to 40 of leanRun at stride 2 into a history
// made lean at after (−1: whole), keeping keep, through Record, or through
// a PartRecorder as the chunked pre-run records: runs of 3 sampled ticks,
// each taken in two parts (a's slot, the others'), the run's ticks all
// taken before any is recorded — so a run's samples go to their tracks as
// they are taken, but for a run that turns lean.
func recordLean(t *testing.T, after int, keep uint32, empty, parts bool) *History {
	t.Helper()
	return recordLeanTrail(t, after, 0, keep, empty, parts)
}

// recordLeanTrail is recordLean with the tracks held from tick trail on
// (History.LeanTrail).
func recordLeanTrail(t *testing.T, after, trail int, keep uint32, empty, parts bool) *History {
	t.Helper()
	h := NewHistory()
	h.SetStride(2)
	h.SetExpected(40)
	h.Lean(after, keep)
	h.LeanTrail(trail)
	r := NewPartRecorder(h)
	obs := physics.NewPosition(0xA9B40001, mgl32.Vec3{95, 45, 0}, 0)
	if parts {
		for from := 0; from <= 40; from += 6 {
			r.Parts(2)
			for tick := from; tick <= min(from+4, 40); tick += 2 {
				views := leanRun(tick, empty)
				for i := range views {
					views[i].Slot = int(views[i].GUID - 0xA)
				}
				split := 0
				if len(views) > 0 && views[0].GUID == 0xA {
					split = 1
				}
				r.Take(0, tick, views[:split], nil)
				r.Take(1, tick, views[split:], nil)
			}
			for tick := from; tick <= min(from+4, 40); tick += 2 {
				r.Record(tick, 2, obs, true)
			}
		}
		return h
	}
	for tick := 0; tick <= 40; tick++ {
		views := leanRun(tick, empty)
		b := make([]Brief, len(views))
		for i := range views {
			b[i] = BriefOf(&views[i])
		}
		g := Global(&obs)
		h.Record(tick, b, &g, false)
	}
	return h
}

// The picture's frame reads the aggregates, the trails up to its tick
// and the selection's plot (lean.go): a lean history has the whole
// history's origin, bounds, indoor cells and tracks (guid, name, first
// tick, in order), every sample from the trails' first tick up to the
// picture's, and — of the selection known before the run every sample, of
// the one chosen after (EndLean) every sample's aliveness and distances
// (NaN the position and the rest) — while the other tracks end at the
// first lean tick and begin at the trails' first. Through Record and
// through a PartRecorder alike.
func TestHistory_LeanKeepsWhatThePictureReads(t *testing.T) {
	for _, parts := range []bool{false, true} {
		whole := recordLean(t, -1, 0, false, parts)
		for _, c := range []struct {
			after, trail int
			keep         uint32
			sel          uint32
		}{{11, 0, 0, 0xA}, {11, 0, 0, 0xC}, {11, 0, 0xA, 0xA}, {11, 0, 0xD, 0xD}, {10, 0, 0, 0xB}, {0, 0, 0, 0xD}, {40, 0, 0, 0xA},
			{11, 6, 0, 0xA}, {11, 5, 0xA, 0xA}, {11, 7, 0xB, 0xB}, {10, 3, 0, 0xB}, {20, 13, 0, 0xC}, {40, 33, 0, 0xD}} {
			h := recordLeanTrail(t, c.after, c.trail, c.keep, false, parts)
			h.EndLean(c.sel)
			from, leaned := h.Leaned()
			if leaned != (c.after < 40) || leaned && from != c.after-c.after%2+2 {
				t.Fatalf("parts %v, after %d: leaned %v from %d; want from the first sampled tick after it", parts, c.after, leaned, from)
			}
			sameAggregates(t, h, whole)
			for i := range whole.tracks {
				w, l := &whole.tracks[i], &h.tracks[i]
				for tick := 0; tick <= 40; tick++ {
					ws, wok := w.At(tick)
					ls, lok := l.At(tick)
					at := tick - tick%2 // the sample At reads
					held := at >= c.trail && at <= c.after
					switch {
					case held || w.GUID == c.sel && w.GUID == c.keep:
						if ws != ls || wok != lok {
							t.Errorf("parts %v, after %d, keep %x: %x at tick %d: %+v %v, want %+v %v", parts, c.after, c.keep, w.GUID, tick, ls, lok, ws, wok)
						}
					case w.GUID == c.sel:
						if wok != lok || wok && (!math.IsNaN(float64(ls.Pos[0])) || !sameBF16(ls.DistHead, ws.DistHead) || !sameBF16(ls.ErrTruth, ws.ErrTruth)) {
							t.Errorf("parts %v, after %d: the selection %x at tick %d: %+v %v, want %+v %v but the position", parts, c.after, w.GUID, tick, ls, lok, ws, wok)
						}
					case tick >= from && lok:
						t.Errorf("parts %v, after %d: %x keeps its sample of tick %d, past the picture's", parts, c.after, w.GUID, tick)
					case tick < c.trail && lok:
						t.Errorf("parts %v, trail from %d: %x keeps its sample of tick %d, before the trails'", parts, c.trail, w.GUID, tick)
					}
				}
			}
			if h.lean.series != nil {
				t.Errorf("parts %v, after %d: the series are kept after EndLean", parts, c.after)
			}
			// A trail from the trails' first tick to the picture's, of an
			// object alive there (the frame's), is the whole history's.
			for _, g := range []uint32{0xA, 0xB, 0xC, 0xD} {
				to := min(c.after, 40)
				if _, alive := whole.Track(g).At(to); !alive {
					continue
				}
				for _, step := range []int{1, 2, 3, 4} {
					if got, want := h.Trail(g, c.trail, to, step, nil), whole.Trail(g, c.trail, to, step, nil); !reflect.DeepEqual(got, want) && (g != c.sel || c.keep == c.sel) {
						t.Errorf("parts %v, trail from %d: %x's trail to %d by %d: %v, want %v", parts, c.trail, g, to, step, got, want)
					}
				}
			}
		}
	}
}

// sameBF16 says a and b are the same, or both NaN.
func sameBF16(a, b BF16) bool {
	return a == b || math.IsNaN(float64(a.Float32())) && math.IsNaN(float64(b.Float32()))
}

// sameAggregates fails unless h and whole have the same origin, bounds,
// indoor cells, last tick and tracks (guid, name, first tick, stride).
func sameAggregates(t *testing.T, h, whole *History) {
	t.Helper()
	wlo, whi, wok := whole.Bounds()
	lo, hi, ok := h.Bounds()
	if h.Origin != whole.Origin || lo != wlo || hi != whi || ok != wok || !reflect.DeepEqual(h.indoor, whole.indoor) || h.LastTick() != whole.LastTick() {
		t.Errorf("origin %v, bounds %v %v, indoor %v, last %d; want %v, %v %v, %v, %d",
			h.Origin, lo, hi, h.indoor, h.LastTick(), whole.Origin, wlo, whi, whole.indoor, whole.LastTick())
	}
	if len(whole.indoor) == 0 {
		t.Error("the run has no indoor cell")
	}
	if len(h.tracks) != len(whole.tracks) {
		t.Fatalf("%d tracks, want %d", len(h.tracks), len(whole.tracks))
	}
	for i := range whole.tracks {
		w, l := &whole.tracks[i], &h.tracks[i]
		if w.GUID != l.GUID || w.Name != l.Name || w.First != l.First || w.Stride != l.Stride || h.Track(w.GUID) != l {
			t.Errorf("track %d: %x %q from %d, want %x %q from %d", i, l.GUID, l.Name, l.First, w.GUID, w.Name, w.First)
		}
	}
}

// When no object lives at the picture's tick, the first view frames those
// of the first tick after it that makes a track (ui remotesAt): that tick
// is kept whole, and the history is lean only after it.
func TestHistory_LeanAfterTheFirstViewsTick(t *testing.T) {
	for _, parts := range []bool{false, true} {
		whole := recordLean(t, -1, 0, true, parts)
		h := recordLean(t, 7, 0, true, parts)
		if from, ok := h.Leaned(); !ok || from != 16 {
			t.Fatalf("parts %v: lean %v from %d; want from tick 16: at stride 2, tick 6 has no object, 14 makes c's track", parts, ok, from)
		}
		sameAggregates(t, h, whole)
		for i := range whole.tracks {
			w, l := &whole.tracks[i], &h.tracks[i]
			for _, tick := range []int{14, 15} {
				ws, wok := w.At(tick)
				if ls, lok := l.At(tick); ws != ls || wok != lok {
					t.Errorf("parts %v: %x at tick %d: %+v %v, want %+v %v", parts, w.GUID, tick, ls, lok, ws, wok)
				}
			}
		}
	}
}

// A picture's tracks and plot series are carved, one after another, out
// of a slab in huge pages (hugepage.Slab), each with the room it fills
// and no more: a track made at or before the picture's tick, room to
// that tick (the selection known before the run: to the run's end); a
// series, from the first lean tick to the run's end. A history kept
// whole sizes its tracks as before, with a sixteenth to spare.
func TestHistory_LeanRoomIsWhatThePictureFills(t *testing.T) {
	for _, c := range []struct {
		keep  uint32
		trail int
	}{{0, 0}, {0xA, 0}, {0, 5}, {0xA, 7}} {
		keep := c.keep
		h := NewHistory()
		h.SetStride(2)
		h.SetExpected(40)
		h.Lean(11, keep)
		h.LeanTrail(c.trail)
		for tick := 0; tick <= 40; tick++ {
			views := leanRun(tick, false)
			b := make([]Brief, len(views))
			for i := range views {
				b[i] = BriefOf(&views[i])
			}
			if tick == 12 {
				for _, tr := range h.tracks {
					want := (10-max(tr.First, c.trail+c.trail%2))/2 + 1
					if tr.GUID == keep {
						want = (40-tr.First)/2 + 1
					}
					if cap(tr.Samples) != want {
						t.Errorf("keep %x: %x from tick %d has room for %d samples, want %d", keep, tr.GUID, tr.First, cap(tr.Samples), want)
					}
					if tr.GUID == 0xA && keep == 0 && len(tr.Samples) != want {
						t.Errorf("a, alive to the picture's tick, holds %d samples in room for %d: want it full", len(tr.Samples), want)
					}
				}
				a, b := &h.tracks[0].Samples[:1][0], &h.tracks[1].Samples[:1][0]
				if uintptr(unsafe.Pointer(b))-uintptr(unsafe.Pointer(a)) != uintptr(cap(h.tracks[0].Samples))*unsafe.Sizeof(Sample{}) {
					t.Errorf("keep %x: the second track is not carved right after the first", keep)
				}
			}
			h.Record(tick, b, nil, false)
		}
		for k, s := range h.lean.series {
			if want := (40-s.first)/2 + 1; s.first >= 0 && (cap(s.samples) != want || len(s.samples) != want) {
				t.Errorf("keep %x: series %d from tick %d holds %d samples in room for %d; want %d in room for %d", keep, k, s.first, len(s.samples), cap(s.samples), want, want)
			}
		}
		if keep == 0 && len(h.lean.series) != 4 {
			t.Errorf("%d series, want one for each of the 4 tracks", len(h.lean.series))
		}
	}
	whole := recordLean(t, -1, 0, false, false)
	if tr := whole.Track(0xA); cap(tr.Samples) != 21+21/16 {
		t.Errorf("a history kept whole gives a track room for %d samples, want %d", cap(tr.Samples), 21+21/16)
	}
}

// A picture's history says which ticks' samples go into its aggregates
// and plot series alone (LeanTick): those before the trails' first tick,
// and every tick once the lean ticks have begun — not those from the
// trails' first up to the picture's, nor the ones after it until the ticks
// up to it are recorded — and the selection known before the run, whose
// samples it keeps. Of a lean tick's points the recorder reads the place
// and the distances alone: a slot's heading is not taken there.
func TestHistory_LeanTickIsWhatOnlyTheAggregatesRead(t *testing.T) {
	whole := NewHistory()
	if lean, keep := whole.LeanTick(0); lean || keep != 0 {
		t.Errorf("a whole history: LeanTick(0) = %v, %#x; want false, 0", lean, keep)
	}
	h := NewHistory()
	h.SetStride(2)
	h.SetExpected(40)
	h.Lean(9, 0xB)
	h.LeanTrail(4)
	r := NewPartRecorder(h)
	obs := physics.NewPosition(0xA9B40001, mgl32.Vec3{95, 45, 0}, 0)
	for _, c := range []struct {
		tick int
		lean bool
	}{{0, true}, {2, true}, {4, false}, {8, false}, {10, false}, {30, false}} {
		if lean, keep := h.LeanTick(c.tick); lean != c.lean || keep != 0xB {
			t.Errorf("before any tick is recorded, LeanTick(%d) = %v, %#x; want %v, 0xb", c.tick, lean, keep, c.lean)
		}
	}
	take := func(tick int) {
		r.Parts(1)
		views := leanRun(tick, false)
		for i := range views {
			views[i].Slot = int(views[i].GUID - 0xA)
			views[i].Heading = float32(tick)
		}
		r.Take(0, tick, views, nil)
		r.Record(tick, 1, obs, true)
	}
	take(0)
	if st := r.slots[0]; st.hasH {
		t.Errorf("tick 0, lean: the heading of a's slot was taken (%v)", st.deg)
	}
	for tick := 2; tick <= 10; tick += 2 {
		take(tick)
	}
	if st := r.slots[0]; !st.hasH || st.deg != 10 {
		t.Errorf("after tick 10, not lean: a's slot has the heading %v (taken: %v), want 10", st.deg, st.hasH)
	}
	if lean, _ := h.LeanTick(12); !lean {
		t.Error("once the ticks up to the picture's are recorded, tick 12 is not lean")
	}
	for tick := 12; tick <= 16; tick += 2 {
		take(tick)
	}
	if st := r.slots[0]; st.deg != 10 {
		t.Errorf("ticks 12 to 16, lean: a's slot's heading is %v, want the last taken, 10", st.deg)
	}
	if st := r.slots[1]; !st.hasH || st.deg != 16 {
		t.Errorf("tick 16, lean: b's slot (the selection kept, back at 15) has the heading %v (taken: %v), want 16", st.deg, st.hasH)
	}
}
