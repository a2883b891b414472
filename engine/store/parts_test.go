package store

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
)

// partsTick is one tick of objects as the chunked pre-run hands them over:
// each object's own view (a held item at its own body) and its holder's
// guid (0: none), the tick's objects in slot order.
type partsTick struct {
	tick     int
	views    []engine.BriefView
	holders  []uint32
	observer physics.Position
	hasObs   bool
}

// drawn is the tick as Query.Briefs draws it (engine/object.go,
// drawnPosition): a held item at the body of the first live object with
// its holder's guid, unless that is the item itself; it stays at its own
// body when no live object has the guid.
func (pt *partsTick) drawn() []engine.BriefView {
	out := append([]engine.BriefView(nil), pt.views...)
	for i, h := range pt.holders {
		if h == 0 {
			continue
		}
		for j := range pt.views {
			if pt.views[j].GUID == h {
				if j != i {
					out[i].Position = pt.views[j].Position
				}
				break
			}
		}
	}
	return out
}

// recordIn records the tick in h as the window records a tick stepped
// whole: History.Record of its drawn briefs and its observer.
func (pt *partsTick) recordIn(h *History) {
	var briefs []Brief
	for _, v := range pt.drawn() {
		briefs = append(briefs, BriefOf(&v))
	}
	var obs *Vec3
	if pt.hasObs {
		g := Global(&pt.observer)
		obs = &g
	}
	h.Record(pt.tick, briefs, obs, pt.hasObs && pt.observer.IsIndoor())
}

// partsCrowd makes ticks 0..last of a crowd of 40 over landblocks 0xA9B4
// and 0xA9B5 (with emptyFirst, ticks 0 and 1 hold no object), indoor
// cells among them, with queues, truths, a delete and held items: one
// held by an object far along the slots, one by a held item, one holding
// its own guid, one whose holder does not exist, one whose holder is
// deleted for a while, one in an indoor cell held by an object outdoors.
func partsCrowd(seed uint64, last int, emptyFirst bool) []partsTick {
	rng := rand.New(rand.NewPCG(seed, 7))
	const n = 40
	var ticks []partsTick
	for tick := 0; tick <= last; tick++ {
		pt := partsTick{tick: tick}
		if tick%3 == 0 {
			pt.hasObs = true
			pt.observer = physics.NewPosition(0xA9B40021+uint32(tick%2)*0x100, mgl32.Vec3{float32(tick), 12, 0}, 0)
		}
		for i := range n {
			if emptyFirst && tick < 2 || i == 7 && tick > 4 && tick < 9 {
				continue // nothing yet; object 7 deleted for a while
			}
			cell := uint32(0xA9B40001 + i%5)
			if i%11 == 3 && tick%10 != 9 {
				cell = 0xA9B50100 + uint32(i) + uint32(tick/10)*0x40 // indoor: another room each 10 ticks, outdoors for one
			}
			q := mgl32.QuatRotate(rng.Float32()*6.3, mgl32.Vec3{0, 0, 1})
			v := engine.BriefView{
				GUID: 0x80000000 + uint32(i), Name: "o", Slot: i,
				Position: physics.Position{Cell: cell, Frame: physics.NewFrame(mgl32.Vec3{rng.Float32() * 192, rng.Float32() * 192, rng.Float32() * 4}, q)},
				Heading:  rng.Float32()*720 - 360, Contact: rng.IntN(2) == 0,
				QueueLen: rng.IntN(300), FailCounter: int32(rng.IntN(300) - 150),
			}
			if v.QueueLen > 0 && rng.IntN(3) > 0 {
				v.Head = interp.Node{Type: interp.NodePosition, Position: physics.NewPosition(cell, mgl32.Vec3{rng.Float32() * 192, 5, 1}, 0)}
			}
			if rng.IntN(2) == 0 {
				v.HasTruth, v.Truth = true, physics.NewPosition(0xA9B50001, mgl32.Vec3{3, rng.Float32() * 192, 0}, 0)
			}
			var holder uint32
			switch i {
			case 2:
				holder = 0x80000000 + 30 // another part's
			case 5:
				holder = 0x80000000 + 2 // a held item
			case 9:
				holder = v.GUID // itself
			case 12:
				holder = 0x7FFFFFFF // no such object
			case 14:
				holder = 0x80000000 + 30 // indoor, held outdoors
			case 20:
				holder = 0x80000000 + 7 // deleted for a while
			}
			pt.views = append(pt.views, v)
			pt.holders = append(pt.holders, holder)
		}
		ticks = append(ticks, pt)
	}
	return ticks
}

// recordByParts records ticks through a PartRecorder, runs of run ticks
// split into parts of size objects, every tick on h's stride taken
// before any of the run is recorded, each part on its own goroutine, as
// the engine's chunked pre-run does (engine/parallel_rows.go).
func recordByParts(h *History, ticks []partsTick, run, size int) {
	r := NewPartRecorder(h)
	for at := 0; at < len(ticks); at += run {
		batch := ticks[at:min(at+run, len(ticks))]
		parts := (40 + size - 1) / size
		r.Parts(parts)
		var wg sync.WaitGroup
		for p := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				takePart(r, batch, p, size)
			}()
		}
		wg.Wait()
		for _, pt := range batch {
			r.Record(pt.tick, parts, pt.observer, pt.hasObs)
		}
	}
}

// takePart has r take part p (slots p·size on) of each tick of batch.
func takePart(r *PartRecorder, batch []partsTick, p, size int) {
	for _, pt := range batch {
		var views []engine.BriefView
		var holders []uint32
		held := false
		for i := range pt.views {
			if pt.views[i].Slot/size == p {
				views = append(views, pt.views[i])
				holders = append(holders, pt.holders[i])
				held = held || pt.holders[i] != 0
			}
		}
		if !held {
			holders = nil
		}
		r.Take(p, pt.tick, views, holders)
	}
}

// A history recorded a part at a time, held items placed when the tick
// is recorded, is the one History.Record makes of the same ticks drawn as
// Query.Briefs draws them: the same tracks and samples (held items at
// their holders, deleted objects' dead samples), origin, bounds, indoor
// cells and hints — at strides 1 and 3 (ticks off the stride skipped),
// for any runs of ticks and parts, and when the first ticks hold nothing
// (the origin then fixed by the observer, or by a tick taken before the
// history had one).
func TestPartRecorder_SameAsRecord(t *testing.T) {
	for _, emptyFirst := range []bool{false, true} {
		ticks := partsCrowd(3, 40, emptyFirst)
		for _, stride := range []int{1, 3} {
			want := NewHistory()
			want.SetStride(stride)
			want.SetExpected(40)
			for _, pt := range ticks {
				if pt.tick%stride != 0 {
					continue
				}
				pt.recordIn(want)
			}
			rooms := 0
			for _, tr := range want.Tracks() {
				rooms += len(tr.rooms)
			}
			if len(want.Tracks()) != 40 || len(want.indoor) == 0 || rooms < 4*4 {
				t.Fatalf("the crowd has %d tracks, %d indoor cells, %d changes of room", len(want.Tracks()), len(want.indoor), rooms)
			}
			for _, c := range []struct{ run, size int }{{1, 40}, {1, 7}, {6, 16}, {8, 3}, {41, 40}} {
				got := NewHistory()
				got.SetStride(stride)
				got.SetExpected(40)
				var on []partsTick
				for _, pt := range ticks {
					if pt.tick%stride == 0 {
						on = append(on, pt)
					}
				}
				recordByParts(got, on, c.run, c.size)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("empty first %v, stride %d, runs of %d ticks, parts of %d: the history differs from History.Record's (origin %v, want %v; bounds %v %v, want %v %v)",
						emptyFirst, stride, c.run, c.size, got.Origin, want.Origin, got.lo, got.hi, want.lo, want.hi)
				}
			}
		}
	}
}

// A tick recorded already, or off the stride, is skipped as History.Record
// skips it, and the ticks after it are still recorded from their own
// parts.
func TestPartRecorder_SkipsWhatRecordSkips(t *testing.T) {
	ticks := partsCrowd(5, 6, false)
	want := NewHistory()
	want.SetStride(2)
	r := NewPartRecorder(NewHistory())
	r.h.SetStride(2)
	r.Parts(2)
	for _, tick := range []int{0, 2, 2, 3, 4} {
		pt := ticks[tick]
		for p := range 2 {
			var views []engine.BriefView
			for i := range pt.views {
				if pt.views[i].Slot/20 == p && pt.holders[i] == 0 {
					views = append(views, pt.views[i])
				}
			}
			r.Take(p, tick, views, nil)
		}
	}
	for _, tick := range []int{0, 2, 2, 3, 4} {
		r.Record(tick, 2, ticks[tick].observer, ticks[tick].hasObs)
		var briefs []Brief
		for i, v := range ticks[tick].views {
			if ticks[tick].holders[i] == 0 {
				briefs = append(briefs, BriefOf(&v))
			}
		}
		var obs *Vec3
		if ticks[tick].hasObs {
			g := Global(&ticks[tick].observer)
			obs = &g
		}
		want.Record(tick, briefs, obs, ticks[tick].hasObs && ticks[tick].observer.IsIndoor())
	}
	if want.LastTick() != 4 || !reflect.DeepEqual(r.h, want) {
		t.Errorf("the history differs from History.Record's (last tick %d, want %d)", r.h.LastTick(), want.LastTick())
	}
}

// Once an object's sample was recorded, its later samples go to its track
// as Take takes them, on the part's own goroutine — but a held item's,
// which waits for its holder, and those of a tick taken again — and Record
// then leaves them be: the history is History.Record's still.
func TestPartRecorder_TakePutsSamplesInTheirTracks(t *testing.T) {
	ticks := partsCrowd(9, 8, false)
	want := NewHistory()
	for _, pt := range ticks {
		pt.recordIn(want)
	}
	got := NewHistory()
	rec := NewPartRecorder(got)
	take := func(pt *partsTick) {
		for p := range 2 {
			var views []engine.BriefView
			var holders []uint32
			for i := range pt.views {
				if pt.views[i].Slot/20 == p {
					views = append(views, pt.views[i])
					holders = append(holders, pt.holders[i])
				}
			}
			rec.Take(p, pt.tick, views, holders)
		}
	}
	for _, pt := range ticks[:6] {
		rec.Parts(2)
		take(&pt)
		rec.Record(pt.tick, 2, pt.observer, pt.hasObs)
	}
	rec.Parts(2)
	take(&ticks[6])
	take(&ticks[6]) // taken again: recorded once
	put := 0
	for i, v := range ticks[6].views {
		tr := got.Track(v.GUID)
		has := tr != nil && len(tr.Samples) > 0 && tr.tickOf(len(tr.Samples)-1) == 6
		if has != (ticks[6].holders[i] == 0) {
			t.Errorf("%x (held by %x) has its tick-6 sample before the tick is recorded: %v", v.GUID, ticks[6].holders[i], has)
		}
		if has {
			put++
		}
	}
	if put < 30 {
		t.Fatalf("%d samples put in their tracks as taken, want the crowd's but the held", put)
	}
	rec.Record(6, 2, ticks[6].observer, ticks[6].hasObs)
	rec.Record(6, 2, ticks[6].observer, ticks[6].hasObs)
	for _, pt := range ticks[7:] {
		rec.Parts(2)
		take(&pt)
		rec.Record(pt.tick, 2, pt.observer, pt.hasObs)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the history differs from History.Record's (last tick %d, want %d)", got.LastTick(), want.LastTick())
	}
}

// A picture's history recorded a part at a time, its tracks held from
// the trails' first tick and its plot series kept (an object deleted
// across the first lean tick: object 7, from tick 5 to 8), is the one
// History.Record makes — the parts taken one after another, or at once
// (a series, carved out of the history's one slab, is made with its
// track, on the recording goroutine).
func TestPartRecorder_LeanSameAsRecord(t *testing.T) {
	ticks := partsCrowd(5, 14, false)
	lean := func() *History {
		h := NewHistory()
		h.SetExpected(14)
		h.Lean(5, 0)
		h.LeanTrail(3)
		return h
	}
	want := lean()
	for _, pt := range ticks {
		pt.recordIn(want)
	}
	got := lean()
	r := NewPartRecorder(got)
	for _, pt := range ticks {
		r.Parts(2)
		takePart(r, []partsTick{pt}, 0, 20)
		takePart(r, []partsTick{pt}, 1, 20)
		r.Record(pt.tick, 2, pt.observer, pt.hasObs)
	}
	at := lean()
	recordByParts(at, ticks, 3, 7)
	if len(want.lean.series) != len(want.tracks) || len(want.Track(0x80000000+7).Samples) != 2 {
		t.Fatalf("%d series of %d tracks; object 7 holds %d samples, want 2 (ticks 3 and 4: the trails' first and the last before its deletion)",
			len(want.lean.series), len(want.tracks), len(want.Track(0x80000000+7).Samples))
	}
	for _, h := range []*History{got, at} {
		sameAggregates(t, h, want)
		for k := range want.tracks {
			w, g := &want.tracks[k], &h.tracks[k]
			if !reflect.DeepEqual(w.Samples, g.Samples) || w.skip != g.skip || !reflect.DeepEqual(want.lean.series[k], h.lean.series[k]) {
				t.Errorf("%x: the samples or the plot series differ from History.Record's", w.GUID)
			}
		}
	}
}
