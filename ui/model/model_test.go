// Tests of the viewer's model: snapshots, history, the event index, stage
// geometry and the pre-run.

package model

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"glidepath/engine/eventlog"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/engine/store"
	"glidepath/interp"
	"glidepath/physics"
)

// at is the outdoor position (cell 1 of its landblock) at the global point
// p, landblock-local in float32 as the engine keeps it.
func at(p Vec3) physics.Position {
	x, y := math.Floor(p[0]/physics.LandblockLength), math.Floor(p[1]/physics.LandblockLength)
	cell := uint32(x)<<24 | uint32(y)<<16 | 1
	l := Local(cell, p)
	return physics.NewPosition(cell, mgl32.Vec3{float32(l[0]), float32(l[1]), float32(l[2])}, 0)
}

func TestSnapshot_QueuesStayWithTheirObjectsAsStorageGrows(t *testing.T) {
	var s Snapshot
	for round := range 3 {
		s.Reset(round)
		for i := range 50 {
			s.AddObject(engine.ObjectView{GUID: uint32(i + 1)})
			for k := range i % 4 {
				s.AddNode(interp.Node{Position: at(Vec3{float64(i), float64(k), 0})})
			}
		}
		for i, o := range s.Objects {
			if len(o.Queue) != i%4 {
				t.Fatalf("round %d: object %d has %d nodes, want %d", round, i, len(o.Queue), i%4)
			}
			for k, n := range o.Queue {
				if p := Global(&n.Position); p != (Vec3{float64(i), float64(k), 0}) {
					t.Fatalf("round %d: object %d node %d is %v", round, i, k, p)
				}
			}
		}
	}
	if s.Find(7) != 6 || s.Find(999) != -1 {
		t.Error("Find by guid is wrong")
	}
	allocs := testing.AllocsPerRun(5, func() {
		s.Reset(9)
		for i := range 50 {
			s.AddObject(engine.ObjectView{GUID: uint32(i + 1)})
			for range i % 4 {
				s.AddNode(interp.Node{})
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations refilling a snapshot, want 0", allocs)
	}
}

func TestHistory_RecordsTracksMetricsAndGaps(t *testing.T) {
	h := NewHistory()
	base := Vec3{32448, 34560, 10}
	for k := range 10 {
		var s Snapshot
		s.Reset(k)
		o := s.AddObject(engine.ObjectView{GUID: 1, Name: "a", Position: at(base.Add(Vec3{float64(k), 0, 0})), Contact: true,
			HasTruth: true, Truth: at(base.Add(Vec3{float64(k) + 3, 4, 0}))})
		o.Interp.FailCounter = 2
		s.AddNode(interp.Node{Type: interp.NodePosition, Position: at(base.Add(Vec3{float64(k) + 2, 0, 0}))})
		if k < 3 || k > 6 { // object 2 is deleted over ticks 3–6
			s.AddObject(engine.ObjectView{GUID: 2, Position: at(base)})
		}
		Record(h, &s)
	}
	tr := h.Track(1)
	sm, ok := tr.At(5)
	if !ok || sm.Queue != 1 || sm.Fail != 2 || !sm.Contact() || sm.DistHead.Float32() != 2 || sm.ErrTruth.Float32() != 5 {
		t.Errorf("sample %+v: want queue 1, fail 2, contact, distance to head 2, error to truth 5", sm)
	}
	if p := h.Pos(&sm); p.Sub(base.Add(Vec3{5, 0, 0})).Len() > 1e-3 {
		t.Errorf("position %v", p)
	}
	if _, ok := h.Track(2).At(4); ok {
		t.Error("object 2 is alive while deleted")
	}
	if _, ok := h.Track(2).At(8); !ok {
		t.Error("object 2 is not alive after re-creation")
	}
	trail := h.Trail(2, 0, 9, 1, nil)
	if len(trail) != 3 {
		t.Errorf("trail across a gap has %d points, want the 3 after it", len(trail))
	}
	if got := h.Trail(1, 0, 9, 4, nil); len(got) != 4 { // ticks 0, 4, 8 and the last, 9
		t.Errorf("trail sampled every 4 ticks has %d points, want 4", len(got))
	}
	lo, hi, ok := h.Bounds()
	if !ok || lo.Sub(base).Len() > 1e-3 || hi.Sub(base.Add(Vec3{9, 0, 0})).Len() > 1e-3 {
		t.Errorf("bounds %v %v", lo, hi)
	}
}

func TestIndex_NextPrevRecentAndSpan(t *testing.T) {
	ev := []Event{
		{Tick: 1, GUID: 1, Kind: eventlog.EventRoute},
		{Tick: 2, GUID: 2, Kind: eventlog.EventBlip},
		{Tick: 5, GUID: 1, Kind: eventlog.EventStallWindow, Pass: true},
		{Tick: 5, GUID: 1, Kind: eventlog.EventStallWindow, Pass: false},
		{Tick: 9, GUID: 1, Kind: eventlog.EventBlip},
		{Tick: 9, GUID: 0, Kind: eventlog.EventNote},
	}
	x := NewIndex(ev)
	blips := Filter{Kinds: KindSet(eventlog.EventBlip)}
	if i, ok := x.Next(2, blips); !ok || i != 4 {
		t.Errorf("next blip after tick 2: %d %v, want 4", i, ok)
	}
	if i, ok := x.Prev(9, blips); !ok || i != 1 {
		t.Errorf("previous blip before tick 9: %d %v, want 1", i, ok)
	}
	one := Filter{Kinds: KindSet(eventlog.EventBlip), OneObject: true, GUID: 1}
	if i, ok := x.Prev(9, one); ok {
		t.Errorf("previous blip of object 1 before tick 9: %d, want none", i)
	}
	fails := Filter{Kinds: KindSet(eventlog.EventStallWindow), FailOnly: true}
	if i, ok := x.Next(0, fails); !ok || i != 3 {
		t.Errorf("next stall failure: %d %v, want 3", i, ok)
	}
	if got := x.Recent(1, Filter{}, 0, 5, 10, nil); len(got) != 3 || got[0] != 3 || got[2] != 0 {
		t.Errorf("object 1's events up to tick 5, newest first: %v", got)
	}
	if got := x.Recent(1, Filter{}, 3, 9, 10, nil); len(got) != 3 {
		t.Errorf("object 1's events from tick 3: %v", got)
	}
	if lo, hi := x.Span(2, 5); lo != 1 || hi != 4 {
		t.Errorf("span of ticks 2–5: [%d, %d), want [1, 4)", lo, hi)
	}
}

// seed 003 §2, §7: the body's frame before the tick is recovered from the
// combine stage by Frame::subtract1, and the offset stages are placed on it.
func TestGeometry_RecoversThePreTickFrameAndVectors(t *testing.T) {
	pre := physics.NewPosition(0xA9B40013, mgl32.Vec3{100, 50, 0}, 90) // facing east
	root := physics.NewFrame(mgl32.Vec3{0, 0.1, 0}, mgl32.QuatIdent())
	off := physics.NewFrame(mgl32.Vec3{0, 0.25, 0}, physics.HeadingQuat(10))
	comb := physics.Combine(&pre.Frame, &off)
	var o engine.ObjectView
	r := &o.Stages
	r.Ran[physics.StageRootMotion], r.Pos[physics.StageRootMotion] = true, physics.Position{Frame: root}
	r.Ran[physics.StageAdjustOffset], r.Pos[physics.StageAdjustOffset] = true, physics.Position{Frame: off}
	r.Ran[physics.StageCombine], r.Pos[physics.StageCombine] = true, physics.Position{Cell: pre.Cell, Frame: comb}
	phys := comb
	phys.Origin = phys.Origin.Add(mgl32.Vec3{0, 0, -0.01})
	r.Ran[physics.StagePhysics], r.Pos[physics.StagePhysics] = true, physics.Position{Cell: pre.Cell, Frame: phys}
	g := Geometry(&o)
	if !g.OK {
		t.Fatal("no geometry")
	}
	want := Global(&pre)
	if g.Pre.Sub(want).Len() > 1e-3 {
		t.Errorf("pre-tick position %v, want %v", g.Pre, want)
	}
	near := func(what string, got, want Vec3) {
		if got.Sub(want).Len() > 1e-4 {
			t.Errorf("%s %v, want %v", what, got, want)
		}
	}
	near("root motion", g.RootMotion, Vec3{0.1, 0, 0})
	near("offset", g.Offset, Vec3{0.25, 0, 0})
	near("physics step", g.PhysicsStep, Vec3{0, 0, -0.01})
	near("after root motion", g.Pos[physics.StageRootMotion], want.Add(Vec3{0.1, 0, 0}))
	near("after combine", g.Pos[physics.StageCombine], want.Add(Vec3{0.25, 0, 0}))
	if g.Ran[physics.StageTransition] {
		t.Error("the transition did not run")
	}
	o.Stages = physics.StageRecord{} // a run that does not record stages
	if Geometry(&o).OK {
		t.Error("geometry without a stage record")
	}
}

// countingSource is a Source over a line of ticks for Prerun.
type countingSource struct {
	info Info
	tick int
}

func (c *countingSource) Info() *Info { return &c.info }
func (c *countingSource) Tick() int   { return c.tick }
func (c *countingSource) Step()       { c.tick++ }
func (c *countingSource) Seek(t int) error {
	c.tick = t
	return nil
}
func (c *countingSource) Snapshot(s *Snapshot) {
	s.Reset(c.tick)
	s.AddObject(engine.ObjectView{GUID: 1, Position: at(Vec3{float64(c.tick), 0, 0})})
}
func (c *countingSource) Events() EventLog { return EventSlice(nil) }

func TestPrerun_RecordsEveryTickReportsProgressAndSeeksBack(t *testing.T) {
	src := &countingSource{info: Info{LastTick: 500}, tick: 7}
	h := NewHistory()
	var last, calls int
	_, err := Prerun(context.Background(), src, h, func(done, total int) {
		if total != 500 || done < last {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
		calls++
	})
	if err != nil {
		t.Fatal(err)
	}
	if h.LastTick() != 500 || len(h.Track(1).Samples) != 501 || last != 500 || calls < 10 || src.Tick() != 0 {
		t.Errorf("history to %d with %d samples, progress %d in %d calls, cursor %d", h.LastTick(), len(h.Track(1).Samples), last, calls, src.Tick())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Prerun(ctx, &countingSource{info: Info{LastTick: 5}}, NewHistory(), nil); err == nil {
		t.Error("a cancelled prerun reported no error")
	}
}

// The history's plotted distances are bfloat16: the nearest value to 0.4 %,
// NaN kept, ties to even.
func TestBF16_RoundsToNearest(t *testing.T) {
	for _, f := range []float32{0, 1, 2, 0.1, 3.14159, 96.5, 1234.5678, 1e-6, 65504, 1e30} {
		got := store.ToBF16(f).Float32()
		if d := math.Abs(float64(got-f)) / float64(f); f != 0 && d > 1.0/256 || f == 0 && got != 0 {
			t.Errorf("%v → %v (%.2g relative)", f, got, d)
		}
	}
	if g := store.ToBF16(float32(math.NaN())).Float32(); g == g {
		t.Error("NaN did not stay NaN")
	}
	// 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: ties go to the even 1.
	if g := store.ToBF16(1 + 1.0/256).Float32(); g != 1 {
		t.Errorf("tie rounded to %v, want 1", g)
	}
	if g := store.ToBF16(1 + 3.0/256).Float32(); g != 1+4.0/256 {
		t.Errorf("tie rounded to %v, want %v", g, 1+4.0/256)
	}
}

// A history told the run's expected end allocates each track once for the
// samples it will hold (at its stride), from the tick the object appears,
// with a sixteenth to spare for an estimate a little short.
func TestHistory_ExpectedEndAllocatesTracksOnce(t *testing.T) {
	h := NewHistory()
	h.SetStride(3)
	h.SetExpected(300)
	var firsts []*store.Sample
	for k := 0; k <= 300; k += 3 {
		var s Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1})
		if k >= 150 {
			s.AddObject(engine.ObjectView{GUID: 2}) // appears half-way
		}
		Record(h, &s)
		if k == 150 {
			firsts = []*store.Sample{&h.Track(1).Samples[0], &h.Track(2).Samples[0]}
		}
	}
	for i, guid := range []uint32{1, 2} {
		tr := h.Track(guid)
		if n := len(tr.Samples); &tr.Samples[0] != firsts[i] || cap(tr.Samples) < n || cap(tr.Samples) > n+n/16 {
			t.Errorf("track %d: %d samples, capacity %d, moved %v: want one allocation of its samples and at most a sixteenth more",
				guid, len(tr.Samples), cap(tr.Samples), &tr.Samples[0] != firsts[i])
		}
	}
}

// History.Record finds each object's track by its place in the last
// snapshot when it can: objects deleted, re-created and reordered between
// ticks must still land on their own tracks, and a snapshot of Briefs must
// record what the same snapshot of Objects does.
func TestHistory_ObjectsThatMovePlaceKeepTheirTracks(t *testing.T) {
	orders := [][]uint32{{1, 2, 3}, {2, 3}, {3, 1, 2}, {3, 1, 2}, {4, 2}, {1, 2, 3, 4}}
	base := Vec3{32448, 34560, 10}
	pos := func(guid uint32, k int) Vec3 { return base.Add(Vec3{float64(guid) * 10, float64(k), 0}) }
	objects, briefs := NewHistory(), NewHistory()
	for k, order := range orders {
		var s, b Snapshot
		s.Reset(k)
		b.Reset(k)
		for _, g := range order {
			s.AddObject(engine.ObjectView{GUID: g, Name: fmt.Sprint(g), Position: at(pos(g, k)), Interp: interp.InterpolationState{QueueLen: int(g)}})
			s.AddNode(interp.Node{Type: interp.NodePosition, Position: at(pos(g, k).Add(Vec3{0, 0, float64(g)}))})
			b.Briefs = append(b.Briefs, store.BriefOfObject(&s.Objects[len(s.Objects)-1]))
		}
		Record(objects, &s)
		Record(briefs, &b)
	}
	for _, h := range []*History{objects, briefs} {
		if len(h.Tracks()) != 4 {
			t.Fatalf("%d tracks, want 4", len(h.Tracks()))
		}
		for k, order := range orders {
			for g := uint32(1); g <= 4; g++ {
				sm, ok := h.Track(g).At(k)
				if ok != slices.Contains(order, g) {
					t.Fatalf("tick %d: object %d alive %v in %v", k, g, ok, order)
				}
				if !ok {
					continue
				}
				if p := h.Pos(&sm); p.Sub(pos(g, k)).Len() > 1e-3 || int(sm.Queue) != int(g) || sm.DistHead.Float32() != float32(g) {
					t.Errorf("tick %d: object %d's sample %+v at %v, want %v, queue and distance to head %d", k, g, sm, p, pos(g, k), g)
				}
			}
		}
	}
	for i, tr := range objects.Tracks() {
		if fmt.Sprint(tr) != fmt.Sprint(briefs.Tracks()[i]) {
			t.Errorf("track %d from objects %+v, from briefs %+v", i, tr, briefs.Tracks()[i])
		}
	}
}
