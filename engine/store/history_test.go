package store

import (
	"math"
	"reflect"
	"testing"
	"unsafe"
)

// TestHistory_RecordsBriefsAtItsStride: the first tick with anything in it
// fixes the origin (the first object's position); only ticks on the stride
// and after the last recorded are kept; a missing object leaves dead
// samples, so its trail restarts after the gap; the plotted distances are
// NaN without a position head or a truth.
func TestHistory_RecordsBriefsAtItsStride(t *testing.T) {
	h := NewHistory()
	h.SetStride(2)
	a := func(x float64) Brief {
		return Brief{GUID: 0xA, Name: "a", Pos: Vec3{100 + x, 50, 0}, QueueLen: 300, FailCounter: -200,
			HeadPosition: true, HeadPos: Vec3{103 + x, 54, 0}}
	}
	b := Brief{GUID: 0xB, Pos: Vec3{90, 50, 0}, HasTruth: true, Truth: Vec3{90, 50, 1}}
	observer := Vec3{0, 0, 0}
	h.Record(0, []Brief{a(0), b}, &observer, false)
	h.Record(1, []Brief{a(1)}, nil, false) // between samples: ignored
	h.Record(2, []Brief{b}, nil, false)    // a missing
	h.Record(4, []Brief{b, a(4)}, nil, false)
	h.Record(4, []Brief{a(9)}, nil, false) // not after the last: ignored
	if h.Origin != (Vec3{100, 50, 0}) || h.LastTick() != 4 {
		t.Fatalf("origin %v, last %d; want the first object's position and 4", h.Origin, h.LastTick())
	}
	ta := h.Track(0xA)
	if ta == nil || len(ta.Samples) != 3 || ta.Stride != 2 {
		t.Fatalf("track of a: %+v", ta)
	}
	if _, ok := ta.At(2); ok {
		t.Error("a was alive at tick 2, where it was missing")
	}
	s, ok := ta.At(5)
	if !ok || h.Pos(&s) != (Vec3{104, 50, 0}) || s.Queue != 255 || s.Fail != math.MinInt8 || s.DistHead.Float32() != 5 {
		t.Errorf("a at tick 5: %+v (%v), pos %v", s, ok, h.Pos(&s))
	}
	if got := h.Trail(0xA, 0, 4, 1, nil); len(got) != 1 || got[0] != (Vec3{104, 50, 0}) {
		t.Errorf("a's trail restarts after its gap: %v", got)
	}
	sb, _ := h.Track(0xB).At(0)
	if !math.IsNaN(float64(sb.DistHead.Float32())) || sb.ErrTruth.Float32() != 1 {
		t.Errorf("b's distances: head %v, truth %v", sb.DistHead.Float32(), sb.ErrTruth.Float32())
	}
	if lo, hi, ok := h.Bounds(); !ok || lo != (Vec3{0, 0, 0}) || hi != (Vec3{104, 50, 0}) {
		t.Errorf("bounds %v %v %v: want the observer's and a's corners", lo, hi, ok)
	}
}

// A sample holds the heading to HeadingStep (a turn past 360° or below 0
// wraps into [0, 360)), beside Alive and Contact, in 20 bytes.
func TestHistory_RecordsTheHeading(t *testing.T) {
	if n := unsafe.Sizeof(Sample{}); n != 20 {
		t.Errorf("a sample is %d bytes, want 20", n)
	}
	h := NewHistory()
	for k, deg := range []float32{0, 90.3, 359.99, 360, -90, 725, 180} {
		h.Record(k, []Brief{{GUID: 1, Heading: deg, Contact: k%2 == 0}}, nil, false)
	}
	tr := h.Track(1)
	for k, want := range []float64{0, 90.3, 0, 0, 270, 5, 180} {
		s, ok := tr.At(k)
		if !ok || !s.Alive() || s.Contact() != (k%2 == 0) {
			t.Errorf("tick %d: alive %v/%v, contact %v", k, ok, s.Alive(), s.Contact())
		}
		if d := math.Abs(s.Heading() - want); d > HeadingStep/2+1e-9 {
			t.Errorf("tick %d: heading %v, want %v within %v", k, s.Heading(), want, HeadingStep/2)
		}
	}
}

// A track that outgrows what the first estimate of the run's length gave
// it grows once to what the estimate said since (SetExpected) expects,
// and a sixteenth, not by doubling again and again; past the expected end
// it grows as append does. The samples are the same either way, and a clone keeps its own.
func TestHistory_GrowsToTheExpectation(t *testing.T) {
	rec := func(h *History, from, to int) {
		for tick := from; tick <= to; tick++ {
			h.Record(tick, []Brief{{GUID: 1, Pos: Vec3{float64(tick), 0, 0}}}, nil, false)
		}
	}
	h := NewHistory()
	h.SetExpected(10)
	rec(h, 0, 10)
	if c := cap(h.Track(1).Samples); c != 11 {
		t.Fatalf("a track expected to end at tick 10 holds %d samples, want 11", c)
	}
	clone := h.Clone()
	h.SetExpected(1000)
	rec(h, 11, 11)
	first := &h.Track(1).Samples[0]
	if c := cap(h.Track(1).Samples); c != 11+990+990/16 {
		t.Errorf("after the estimate grew to tick 1000, the track holds %d samples, want %d (and a sixteenth)", c, 11+990+990/16)
	}
	rec(h, 12, 1000)
	if &h.Track(1).Samples[0] != first {
		t.Error("the track was copied again before the expected end")
	}
	rec(h, 1001, 1001)
	want := NewHistory()
	rec(want, 0, 1001)
	if len(h.Track(1).Samples) != 1002 || !reflect.DeepEqual(h.Track(1).Samples, want.Track(1).Samples) {
		t.Error("the samples differ from a history recorded without an expectation")
	}
	if len(clone.Track(1).Samples) != 11 || clone.Track(1).Samples[10] != want.Track(1).Samples[10] {
		t.Error("the clone's samples changed")
	}
}

// A track holds the indoor cell its object stood in (Room) as changes
// of room at the ticks recorded — a tick between samples takes the last
// sample's room — and outdoors is 0, whichever outdoor cell: an object
// never indoors holds no room at all, and a sample stays 20 bytes.
func TestHistory_RoomIsTheIndoorCellAtTheTick(t *testing.T) {
	h := NewHistory()
	h.SetStride(2)
	cells := []uint32{0xA9B40001, 0xA9B40002, 0xA9B40105, 0xA9B40105, 0xA9B40105, 0xA9B40106, 0xA9B40106, 0xA9B40003, 0xA9B40003, 0xA9B40105, 0xA9B40105}
	for tick, cell := range cells {
		h.Record(tick, []Brief{{GUID: 0xA, Cell: cell, Pos: Vec3{float64(tick), 0, 0}}, {GUID: 0xB, Cell: cell&^0xFFFF | 1 + uint32(tick)}}, nil, false)
	}
	a, b := h.Track(0xA), h.Track(0xB)
	for tick := range len(cells) + 2 {
		sampled := cells[min(tick, len(cells)-1)&^1]
		want := sampled
		if sampled&0xFFFF < 0x100 {
			want = 0
		}
		if got := a.Room(tick); got != want {
			t.Errorf("tick %d: room %#x, want %#x (the sample of tick %d in %#x)", tick, got, want, tick&^1, sampled)
		}
	}
	if a.Room(-1) != 0 || len(a.rooms) != 4 {
		t.Errorf("before its first tick room %#x, want outdoors; %d changes of room %v, want 4: in 0x105, 0x106, out, in 0x105", a.Room(-1), len(a.rooms), a.rooms)
	}
	if b.rooms != nil || b.Room(4) != 0 {
		t.Errorf("an object never indoors holds rooms %v", b.rooms)
	}
	if c := h.Clone(); c.Track(0xA).Room(11) != 0xA9B40105 {
		t.Errorf("the clone's room at tick 11: %#x", c.Track(0xA).Room(11))
	}
}
