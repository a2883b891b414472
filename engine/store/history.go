// History: every object's state tick by tick — or every few ticks, at the
// resolution trails and the timeline's plot draw, so a long crowd fits in
// memory — recorded once while the run is pre-run, so trails, the
// timeline's plots and the object list's live metrics read any tick without
// seeking the run.

package store

import (
	"math"
	"sort"
	"unsafe"

	"github.com/go-gl/mathgl/mgl64"

	"glidepath/engine"
	"glidepath/internal/hugepage"
	"glidepath/physics"
)

// Vec3 is a point or vector in global metres (X east, Y north, Z up), as
// the viewer draws them.
type Vec3 = mgl64.Vec3

// Brief is one live object as History.Record reads it: what a trail, a
// plot and the object list need of it (144 bytes; the pre-run records one
// of every object every few ticks).
type Brief struct {
	GUID uint32
	Name string
	// Cell is m_position's cell and Pos the body's position, global
	// metres; Heading the body's heading, degrees clockwise from north;
	// Contact transient_state bit 0x1.
	Cell    uint32
	Pos     Vec3
	Heading float32
	Contact bool
	// QueueLen is the queue's length and FailCounter node_fail_counter
	// (the InterpolationState's); HeadPosition says the queue's head is a
	// position node, at HeadPos.
	QueueLen     int
	FailCounter  int
	HeadPosition bool
	HeadPos      Vec3
	// Truth is the latest server truth, when HasTruth.
	HasTruth bool
	Truth    Vec3
}

// Sample is one object's state at one tick (20 bytes: a long crowd's
// history holds one per object-tick).
type Sample struct {
	// Pos is the body position relative to History.Origin, metres (float32
	// keeps a long crowd run small; relative keeps it exact to a millimetre).
	Pos [3]float32
	// DistHead is the distance from the body to the queue's head, metres;
	// NaN when the queue is empty or its head is not a position node.
	// Held to 0.4 % (bf16.go): the plot's resolution.
	DistHead BF16
	// ErrTruth is the distance from the body to the latest server truth,
	// metres; NaN before any truth. Held to 0.4 %, as DistHead.
	ErrTruth BF16
	// Queue is the queue length (capped at 255); Fail node_fail_counter.
	Queue uint8
	Fail  int8
	// bits holds the heading in its low 14 bits, in steps of
	// 360/16384 degrees (HeadingStep), Alive in bit 14 and Contact in
	// bit 15: a whole uint16 for the heading would round the sample up
	// to 24 bytes.
	bits uint16
}

// The Sample's bits.
const (
	headingBits   = 14
	headingMask   = 1<<headingBits - 1
	sampleAlive   = 1 << 14
	sampleContact = 1 << 15
)

// HeadingStep is the resolution a sample holds the heading to, degrees
// (about 0.022°).
const HeadingStep = 360.0 / (1 << headingBits)

// Alive says the object existed at this tick; the other fields are zero
// when it did not.
func (s *Sample) Alive() bool { return s.bits&sampleAlive != 0 }

// Contact is transient_state bit 0x1 at this tick.
func (s *Sample) Contact() bool { return s.bits&sampleContact != 0 }

// Heading is the body's heading, degrees clockwise from north (+y) in
// [0, 360), held to HeadingStep.
func (s *Sample) Heading() float64 { return float64(s.bits&headingMask) * HeadingStep }

// headingBitsOf quantises a heading in degrees (any turn) to the nearest
// step, 360 wrapping to 0.
func headingBitsOf(deg float32) uint16 {
	d := math.Mod(float64(deg), 360)
	if d < 0 {
		d += 360
	}
	return uint16(int(math.Round(d/HeadingStep)) & headingMask)
}

// Track is one object's samples from the first tick it was seen: sample i
// is tick First + i·Stride — but in a picture's history (History.Lean),
// whose tracks may begin later: Samples[i] is then tick First +
// (skip + i)·Stride.
type Track struct {
	GUID    uint32
	Name    string
	First   int
	Stride  int
	Samples []Sample
	// skip is how many samples from First the track does not hold.
	skip int
	// rooms are the indoor cells the object stood in, as changes: from
	// rooms[i].Tick on (a recorded tick) its cell is rooms[i].Cell, 0 for
	// any outdoor cell; before the first, outdoors. An object never
	// indoors has none: outdoor cells are told apart by position alone
	// (agree.CellDiffers), so only the rooms cost memory.
	rooms []room
}

// room is a track's indoor cell from a tick on (0: outdoors).
type room struct {
	Tick int32
	Cell uint32
}

// Room is the indoor cell (an EnvCell) the object stood in at tick, as
// of the latest recorded tick at or before it; 0 when it stood outdoors
// (which outdoor cell, its position tells).
func (t *Track) Room(tick int) uint32 {
	i := sort.Search(len(t.rooms), func(i int) bool { return int(t.rooms[i].Tick) > tick })
	if i == 0 {
		return 0
	}
	return t.rooms[i-1].Cell
}

// enter notes that the object of track k stood in cell at tick, recorded
// after every tick before it: a change of room is kept.
func (h *History) enter(k, tick int, cell uint32) {
	if !physics.IsIndoorCell(cell) {
		cell = 0
	}
	t := &h.tracks[k]
	if n := len(t.rooms); n > 0 && t.rooms[n-1].Cell == cell || n == 0 && cell == 0 {
		return
	}
	t.rooms = append(t.rooms, room{Tick: int32(tick), Cell: cell})
}

// At returns the sample at tick (the latest recorded at or before it); ok
// is false outside the track or where the object was not alive.
func (t *Track) At(tick int) (s Sample, ok bool) {
	if tick < t.First {
		return Sample{}, false
	}
	i := (tick-t.First)/max(t.Stride, 1) - t.skip
	if i < 0 || i >= len(t.Samples) || !t.Samples[i].Alive() {
		return Sample{}, false
	}
	return t.Samples[i], true
}

// tickOf is the tick of Samples[i].
func (t *Track) tickOf(i int) int { return t.First + (t.skip+i)*max(t.Stride, 1) }

// History holds the tracks of one run. One goroutine records; others read
// the copies Clone makes, which later recording never changes.
type History struct {
	// stride is the number of ticks between samples.
	stride int
	// Origin is subtracted from every recorded position.
	Origin    Vec3
	hasOrigin bool
	tracks    []Track
	// index finds a guid's track; it is only ever looked up, never
	// iterated, so nothing depends on its order.
	index map[uint32]int
	// hint is the track of the object at each place of the last snapshot
	// recorded (only the recording History reads it).
	hint []int
	// indoor holds the outdoor grid cells (24 m, global) where an object or
	// the observer stood in an indoor cell; lookup only.
	indoor map[[2]int32]bool
	// last is the last tick recorded, −1 before any.
	last int
	// lo and hi bound every recorded position, relative to Origin, once
	// bounded.
	lo, hi  [3]float32
	bounded bool
	// expect is the run's expected last tick (SetExpected; 0: unknown).
	expect int
	// lean is what is kept past a picture's tick (Lean; lean.go).
	lean lean
	// slab holds a picture's tracks (newTrack).
	slab hugepage.Slab[Sample]
}

// NewHistory returns an empty history.
func NewHistory() *History {
	return &History{stride: 1, index: make(map[uint32]int), indoor: make(map[[2]int32]bool), last: -1, lean: lean{after: -1}}
}

// HistoryBudget is the memory the samples of one run's history may use,
// bytes: a run of more object-ticks is sampled every few ticks.
const HistoryBudget = 192 << 20

// StrideFor is the smallest stride at which objects objects over ticks
// ticks fit HistoryBudget.
func StrideFor(objects, ticks int) int {
	per := int64(unsafe.Sizeof(Sample{}))
	total := int64(max(objects, 1)) * int64(max(ticks, 1)) * per
	return int(max((total+HistoryBudget-1)/HistoryBudget, 1))
}

// SetStride samples every stride ticks (ticks that are multiples of it);
// it must be called before anything is recorded.
func (h *History) SetStride(stride int) {
	if h.last < 0 {
		h.stride = max(stride, 1)
	}
}

// SetExpected says the run is expected to end at tick last, so that each
// track is allocated once for the samples it will hold rather than grown
// (and copied) as it fills. It may be said again as the estimate improves:
// a track that outgrows the room it has grows once to what the run is then
// expected to add, or, past the expected end, as usual.
func (h *History) SetExpected(last int) { h.expect = max(last, 0) }

// Expected is the run's expected last tick (0: unknown).
func (h *History) Expected() int { return h.expect }

// Stride is the number of ticks between samples.
func (h *History) Stride() int { return h.stride }

// Clone returns a copy of what is recorded so far that later Records do
// not change, for reading on another goroutine: samples are appended,
// never rewritten, so the copy shares them.
func (h *History) Clone() *History {
	c := *h
	c.hint = nil
	c.tracks = append([]Track(nil), h.tracks...)
	c.index = make(map[uint32]int, len(h.index))
	for k, v := range h.index { // copying a map: order does not matter
		c.index[k] = v
	}
	c.indoor = make(map[[2]int32]bool, len(h.indoor))
	for k, v := range h.indoor {
		c.indoor[k] = v
	}
	return &c
}

// LastTick is the last tick recorded, −1 before any.
func (h *History) LastTick() int { return h.last }

// Tracks returns every track, in the order objects were first seen.
func (h *History) Tracks() []Track { return h.tracks }

// Track returns guid's track, or nil.
func (h *History) Track(guid uint32) *Track {
	if i, ok := h.index[guid]; ok {
		return &h.tracks[i]
	}
	return nil
}

// Record appends one tick: the live objects as briefs, in the order the
// run lists them (an object's place finds its track again without the
// map), and the observer, when observer is not nil (observerIndoor: in an
// indoor cell). Ticks must be recorded in order, each once; a tick not
// after the last recorded one is ignored, and so is a tick between samples
// (not a multiple of the stride). The first tick with anything in it fixes
// Origin: the first object's position, else the observer's.
func (h *History) Record(tick int, objects []Brief, observer *Vec3, observerIndoor bool) {
	if !h.due(tick) {
		return
	}
	if len(objects) > 0 {
		h.fixOrigin(&objects[0].Pos)
	} else {
		h.fixOrigin(observer)
	}
	h.leanBegin(tick)
	before := len(h.tracks)
	for i := range objects {
		h.record(tick, i, &objects[i])
	}
	h.observe(observer, observerIndoor)
	h.leanEnd(tick, len(objects), before)
	h.last = tick
}

// due says whether tick is recorded: after the last recorded, on the
// stride.
func (h *History) due(tick int) bool { return tick > h.last && tick%h.stride == 0 }

// fixOrigin makes p the origin, when there is none yet and p is not nil.
func (h *History) fixOrigin(p *Vec3) {
	if !h.hasOrigin && p != nil {
		h.Origin, h.hasOrigin = *p, true
	}
}

// observe takes the observer of a tick, when not nil, into the bounds and
// the indoor cells.
func (h *History) observe(observer *Vec3, indoor bool) {
	if observer == nil {
		return
	}
	p := observer.Sub(h.Origin)
	h.extend([3]float32{float32(p[0]), float32(p[1]), float32(p[2])})
	if indoor {
		h.indoor[gridCell(*observer)] = true
	}
}

// record appends one object's sample at tick and returns its track; i is
// its place in the snapshot, which finds its track again without the map
// (objects come in the same order tick after tick).
func (h *History) record(tick, i int, o *Brief) int {
	sm := sampleOf(o, h.Origin)
	h.extend(sm.Pos)
	k := h.appendSample(tick, i, o.GUID, o.Name, sm)
	h.enter(k, tick, o.Cell)
	if physics.IsIndoorCell(o.Cell) {
		h.indoor[gridCell(o.Pos)] = true
	}
	return k
}

// appendSample appends sm to the track of the object guid (named name) at
// tick, i its place in the tick's objects, and returns the track.
func (h *History) appendSample(tick, i int, guid uint32, name string, sm Sample) int {
	k := -1
	if i < len(h.hint) {
		if j := h.hint[i]; j < len(h.tracks) && h.tracks[j].GUID == guid {
			k = j // a guid has one track: this is the one the map holds
		}
	}
	if k < 0 {
		var ok bool
		if k, ok = h.index[guid]; !ok {
			k = len(h.tracks)
			h.index[guid] = k
			var samples []Sample
			skip := h.leanSkip(tick, guid)
			if h.expect > tick && (!h.lean.on || guid == h.lean.keep) {
				samples = h.newTrack(tick+skip*h.stride, guid)
			}
			h.tracks = append(h.tracks, Track{GUID: guid, Name: name, First: tick, Stride: h.stride, Samples: samples, skip: skip})
			h.leanTrack(k, tick)
		}
		h.hinted(i, k)
	}
	h.put(k, tick, &sm)
	return k
}

// hinted notes that the object at place i of the tick recorded has track
// k: the next tick looks there first.
func (h *History) hinted(i, k int) {
	if i < len(h.hint) && h.hint[i] == k {
		return // a guid has one track: the hint held already
	}
	for len(h.hint) <= i {
		h.hint = append(h.hint, -1)
	}
	h.hint[i] = k
}

// put appends sm to track k at tick (and to its plot series, in a
// picture's history, where the track may not take it: lean.go). It
// writes track k alone (and its series), so tracks are put in at once on
// several goroutines (PartRecorder.Take) while nothing else is recorded.
func (h *History) put(k, tick int, sm *Sample) {
	if h.leanSkips(k, tick, sm) {
		return
	}
	t := &h.tracks[k]
	// Ticks the object was missing from (deleted, not yet re-created)
	// stay dead samples.
	for t.tickOf(len(t.Samples)) < tick {
		t.Samples = h.grow(t.Samples, tick)
		t.Samples = append(t.Samples, Sample{})
	}
	t.Samples = append(h.grow(t.Samples, tick), *sm)
}

// grow gives a full track room for the samples the run is now expected to
// add from tick on (SetExpected: an estimate that improves as a large
// input is read), so that it is copied once rather than doubled again and
// again; with no such room expected, append grows it as usual. A clone
// keeps the samples it shares.
func (h *History) grow(samples []Sample, tick int) []Sample {
	if len(samples) < cap(samples) || h.expect <= tick {
		return samples
	}
	grown := make([]Sample, len(samples), len(samples)+h.room(tick))
	copy(grown, samples)
	return grown
}

// newTrack is the array of the object guid's track, whose first sample
// held is at tick, with room for the samples it is expected to hold: in a
// picture's history (Lean) — whose run is read whole and pre-run to its
// end at once, so the room is filled — carved out of the history's slab,
// else made on its own.
func (h *History) newTrack(tick int, guid uint32) []Sample {
	l := &h.lean
	if l.after < 0 {
		return make([]Sample, 0, h.room(tick))
	}
	if l.after >= tick && (l.keep == 0 || guid != l.keep) {
		// Past the picture's tick the track keeps nothing (lean.go).
		return h.slab.Make((min(l.after, h.expect)-tick)/h.stride + 1)
	}
	return h.slab.Make((h.expect-tick)/h.stride + 1)
}

// room is how many samples a track is expected to add from tick on, plus
// a sixteenth: an estimate a little short (a large input's length guessed
// from its start) would otherwise copy every track once more near the
// run's end. Room never touched costs no memory (fresh pages, never
// written).
func (h *History) room(tick int) int {
	n := (h.expect-tick)/h.stride + 1
	return n + n/16
}

// nanBF16 is NaN held to 0.4 %.
var nanBF16 = ToBF16(float32(math.NaN()))

// sampleOf is o's sample, its position relative to origin.
func sampleOf(o *Brief, origin Vec3) Sample {
	p := o.Pos.Sub(origin)
	sm := Sample{
		Pos:      [3]float32{float32(p[0]), float32(p[1]), float32(p[2])},
		DistHead: nanBF16,
		ErrTruth: nanBF16,
		Queue:    uint8(min(o.QueueLen, math.MaxUint8)),
		Fail:     int8(max(min(o.FailCounter, math.MaxInt8), math.MinInt8)),
		bits:     sampleAlive | headingBitsOf(o.Heading),
	}
	if o.Contact {
		sm.bits |= sampleContact
	}
	if o.HeadPosition {
		sm.DistHead = ToBF16(float32(o.HeadPos.Sub(o.Pos).Len()))
	}
	if o.HasTruth {
		sm.ErrTruth = ToBF16(float32(o.Truth.Sub(o.Pos).Len()))
	}
	return sm
}

// sampleOfPoint sets *sm to sampleOf(BriefOfPoint(v), *origin), bits
// being its heading's (headingBitsOf).
func sampleOfPoint(sm *Sample, v *engine.BriefPoint, origin *Vec3, bits uint16) {
	placeOfPoint(sm, v, origin)
	sm.Queue = uint8(min(v.QueueLen, math.MaxUint8))
	sm.Fail = int8(max(min(int(v.FailCounter), math.MaxInt8), math.MinInt8))
	sm.bits |= bits
	if v.Contact {
		sm.bits |= sampleContact
	}
}

// placeOfPoint sets *sm to what a lean tick reads of sampleOfPoint's
// sample (History.LeanTick): its position, for the bounds, and its
// distances to the queue's head and to the truth, for the plot's series —
// the same values, alive; no heading, contact, queue or failure counter.
// It is sampleOf's arithmetic written out a component at a time, in
// place: the vectors copied whole by value (Vec3.Sub, a Sample returned)
// were read back in wide loads just after narrower stores, a stall the
// processor's store buffer cannot forward, for every point of a run.
func placeOfPoint(sm *Sample, v *engine.BriefPoint, origin *Vec3) {
	px, py, pz := v.Pos[0], v.Pos[1], v.Pos[2]
	*sm = Sample{DistHead: nanBF16, ErrTruth: nanBF16, bits: sampleAlive}
	sm.Pos[0], sm.Pos[1], sm.Pos[2] = float32(px-origin[0]), float32(py-origin[1]), float32(pz-origin[2])
	if v.HasHead {
		sm.DistHead = ToBF16(float32(distance(&v.Head, px, py, pz)))
	}
	if v.HasTruth {
		sm.ErrTruth = ToBF16(float32(distance(&v.Truth, px, py, pz)))
	}
}

// distance is Vec3(*a).Sub(Vec3{x, y, z}).Len(), the same operations in
// the same order.
func distance(a *[3]float64, x, y, z float64) float64 {
	dx, dy, dz := a[0]-x, a[1]-y, a[2]-z
	return math.Sqrt(dx*dx + dy*dy + dz*dz)
}

// extend grows the bounds to hold p (relative to Origin).
func (h *History) extend(p [3]float32) {
	if !h.bounded {
		h.lo, h.hi, h.bounded = p, p, true
	}
	for a := range 3 {
		h.lo[a] = min(h.lo[a], p[a])
		h.hi[a] = max(h.hi[a], p[a])
	}
}

// Bounds is the box around every recorded position (bodies and the
// observer); ok is false when
// nothing was recorded.
func (h *History) Bounds() (lo, hi Vec3, ok bool) {
	if !h.bounded {
		return Vec3{}, Vec3{}, false
	}
	for a := range 3 {
		lo[a] = h.Origin[a] + float64(h.lo[a])
		hi[a] = h.Origin[a] + float64(h.hi[a])
	}
	return lo, hi, true
}

func gridCell(p Vec3) [2]int32 {
	return [2]int32{int32(math.Floor(p[0] / physics.CellLength)), int32(math.Floor(p[1] / physics.CellLength))}
}

// IndoorAt reports whether an object or the observer stood in an indoor
// cell (seed 001: cell & 0xFFFF ≥ 0x100) somewhere in the 24 m outdoor grid
// cell holding the global point (x, y): the viewer tints those cells.
func (h *History) IndoorAt(x, y float64) bool {
	return h.indoor[gridCell(Vec3{x, y, 0})]
}

// Pos returns a sample's position in global metres.
func (h *History) Pos(s *Sample) Vec3 {
	return Vec3{h.Origin[0] + float64(s.Pos[0]), h.Origin[1] + float64(s.Pos[1]), h.Origin[2] + float64(s.Pos[2])}
}

// Trail appends to dst the positions of guid's body from tick from to tick
// to, one every step ticks (at least the stride) and always the last
// sample, skipping ticks the object was not alive: a trail stops at a gap
// and restarts after it, so it returns only the run that ends at to.
func (h *History) Trail(guid uint32, from, to, step int, dst []Vec3) []Vec3 {
	t := h.Track(guid)
	if t == nil || step < 1 || to < t.First {
		return dst
	}
	st := max(t.Stride, 1)
	every := max((step+st-1)/st, 1) // samples between points
	a := max((from-t.First+st-1)/st, 0) - t.skip
	b := min((to-t.First)/st-t.skip, len(t.Samples)-1)
	start := len(dst)
	for i := a; i <= b; i++ {
		// Before the samples a picture's history holds (History.Lean),
		// as where the object was not alive.
		if i < 0 || !t.Samples[i].Alive() {
			dst = dst[:start]
			continue
		}
		if (i-a)%every == 0 || i == b {
			dst = append(dst, h.Pos(&t.Samples[i]))
		}
	}
	return dst
}
