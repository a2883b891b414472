// A history recorded a part at a time: the window's pre-run steps in runs
// of ticks over chunks of objects (engine.Sim.AdvanceBriefs), each chunk
// handing its live objects' brief views of a sampled tick to the
// PartRecorder on its own core. There each view is reduced, while it is in
// that core's cache, to the sample its track keeps (20 bytes of a view's
// 300), its part of the bounds and its indoor cell, and the sample goes
// straight to its track when nothing recorded later can come before it in
// that track (written, below); once the run of ticks is stepped, tick
// after tick, the rest — held items, new tracks, the ticks before the
// origin, a run that turns lean — are appended to their tracks in slot
// order. The history is the one History.Record makes of the same ticks'
// views (TestPartRecorder_*).

package store

import (
	"glidepath/engine"
	"glidepath/physics"
)

// PartRecorder records a History from the points the engine hands over a
// part at a time (engine.BriefTaker), or their views.
type PartRecorder struct {
	h     *History
	parts []historyPart
	// refs are the objects of the tick being recorded, when one is held.
	refs []objRef
	// slots are, by slot, the track the object there appended to last and
	// its heading's bits (slotTrack); owner is, by track, the slot of the
	// object that last appended to it when recorded (−1: none yet). Take
	// reads owner and reads and writes only its own part's slots: parts
	// are disjoint runs of slots.
	slots []slotTrack
	owner []int32
}

var (
	_ engine.BriefTaker  = (*PartRecorder)(nil)
	_ engine.BriefLeaner = (*PartRecorder)(nil)
)

// slotTrack is what a part remembers of the object at one of its slots:
// its guid and track (−1: none, or its samples go to Record until the run
// of ticks is recorded), and the heading its bits were last taken of.
type slotTrack struct {
	guid  uint32
	track int32
	deg   float32
	bits  uint16
	hasH  bool
}

// historyPart is one part's objects of the ticks taken and not yet
// recorded, tick i's ending at ticks[i]; next is the first not recorded,
// and taken the last tick taken since Parts (−1: none).
type historyPart struct {
	objs    []partObj
	samples []partSample
	whole   []Brief
	indoor  [][2]int32
	ticks   []partTick
	next    int
	taken   int
	// points are Take's scratch.
	points []engine.BriefPoint
}

// partObj is one live object of a taken tick (48 bytes: a part keeps one
// of each of its objects of every sampled tick of a run): its sample put
// in track at already (written), or ready to append, at in the part's
// samples (sampled), or its whole brief, at in the part's wholes, sampled
// when the tick is recorded (a held item, which goes where its holder is,
// or any object of a tick taken before the history had its origin). Its
// own body's cell and position lend a held item its holder's.
type partObj struct {
	guid   uint32
	cell   uint32
	holder uint32
	slot   int32
	at     int32
	kind   uint8
	pos    Vec3
}

// A partObj's kinds.
const (
	written = iota
	sampled
	whole
)

// partSample is a part's object's sample, ready to append, and its name.
type partSample struct {
	name string
	s    Sample
}

// objRef is an object of a part.
type objRef struct{ part, i int }

// partTick is where a part's taken tick ends in its objects and indoor
// cells, and the bounds of its ready samples.
type partTick struct {
	end, indoor int
	lo, hi      [3]float32
	bounded     bool
}

// NewPartRecorder records into h.
func NewPartRecorder(h *History) *PartRecorder { return &PartRecorder{h: h} }

// History is the history recorded into.
func (r *PartRecorder) History() *History { return r.h }

// Parts makes n parts ready, empty.
func (r *PartRecorder) Parts(n int) {
	for len(r.parts) < n {
		r.parts = append(r.parts, historyPart{})
	}
	for i := range n {
		p := &r.parts[i]
		clear(p.whole) // let go of the names
		clear(p.samples)
		p.objs, p.samples, p.whole, p.indoor, p.ticks, p.next, p.taken = p.objs[:0], p.samples[:0], p.whole[:0], p.indoor[:0], p.ticks[:0], 0, -1
	}
	for len(r.owner) < len(r.h.tracks) {
		r.owner = append(r.owner, -1)
	}
}

// Take reduces part's views of tick to samples as TakePoints reduces
// their points (engine.BriefPointOf).
func (r *PartRecorder) Take(part, tick int, views []engine.BriefView, holders []uint32) {
	p := &r.parts[part]
	points := p.points[:0]
	for i := range views {
		var holder uint32
		if holders != nil {
			holder = holders[i]
		}
		points = append(points, engine.BriefPointOf(&views[i], holder))
	}
	p.points = points
	r.TakePoints(part, tick, points)
}

// TakePoints reduces part's points of tick to samples and puts each in
// its track where it may (writes). The parts are taken at once, each on
// its own goroutine, while nothing is recorded: the history is read here,
// and written only in the tracks of the part's own objects.
func (r *PartRecorder) TakePoints(part, tick int, points []engine.BriefPoint) {
	p := &r.parts[part]
	h := r.h
	origin, ready := h.Origin, h.hasOrigin
	direct := ready && tick > p.taken && h.settled(tick)
	p.taken = max(p.taken, tick)
	lean, keep := h.LeanTick(tick)
	t := partTick{}
	for i := range points {
		v := &points[i]
		if v.Holder != 0 || !ready {
			p.objs = append(p.objs, partObj{guid: v.GUID, cell: v.Cell, holder: v.Holder, slot: v.Slot, pos: v.Pos,
				kind: whole, at: int32(len(p.whole))})
			p.whole = append(p.whole, BriefOfPoint(v))
			r.unwrite(v.Slot)
			continue
		}
		// The object and its sample are filled in place, a field at a
		// time (placeOfPoint says why).
		p.objs = append(p.objs, partObj{})
		o := &p.objs[len(p.objs)-1]
		o.guid, o.cell, o.slot = v.GUID, v.Cell, v.Slot
		o.pos = v.Pos
		var sm Sample
		if lean && v.GUID != keep {
			placeOfPoint(&sm, v, &origin) // all the tick's sample is read for (LeanTick)
		} else {
			sampleOfPoint(&sm, v, &origin, r.headingBits(v.Slot, v.Heading))
		}
		t.extend(&sm.Pos)
		if physics.IsIndoorCell(o.cell) {
			p.indoor = append(p.indoor, gridCell(o.pos))
		}
		if k := r.writes(v.Slot, v.GUID); direct && k >= 0 {
			h.put(k, tick, &sm)
			o.kind, o.at = written, int32(k)
		} else {
			o.kind, o.at = sampled, int32(len(p.samples))
			p.samples = append(p.samples, partSample{name: v.Name, s: sm})
			r.unwrite(v.Slot)
		}
	}
	t.end, t.indoor = len(p.objs), len(p.indoor)
	p.ticks = append(p.ticks, t)
}

// LeanTick is the history's (History.LeanTick): the ticks whose points
// are read for their place and distances alone (engine.BriefLeaner).
func (r *PartRecorder) LeanTick(tick int) (bool, uint32) { return r.h.LeanTick(tick) }

// writes is the track Take may put the sample of the object guid at
// slot in (−1: none): the one it appended to last, when no other object
// has since (a guid is live at one slot at a time, so between Records
// its track takes samples from this slot alone, in tick order); a
// picture's track has its plot series already, made with it (leanTrack).
func (r *PartRecorder) writes(slot int32, guid uint32) int {
	if int(slot) >= len(r.slots) {
		return -1
	}
	st := &r.slots[slot]
	k := int(st.track)
	if st.guid != guid || k < 0 || k >= len(r.owner) || r.owner[k] != slot {
		return -1
	}
	return k
}

// unwrite has the object at slot, once its sample goes to Record, keep
// going to Record until the run is recorded, so that its track takes its
// samples in tick order.
func (r *PartRecorder) unwrite(slot int32) {
	if int(slot) < len(r.slots) {
		r.slots[slot].track = -1
	}
}

// headingBits is headingBitsOf(deg), taken again only when the object at
// slot turned since its last sample (the engine's heading is the same
// float32 until its rotation changes).
func (r *PartRecorder) headingBits(slot int32, deg float32) uint16 {
	if int(slot) >= len(r.slots) {
		return headingBitsOf(deg)
	}
	st := &r.slots[slot]
	if !st.hasH || st.deg != deg {
		st.deg, st.bits, st.hasH = deg, headingBitsOf(deg), true
	}
	return st.bits
}

// owns notes that the object guid at slot appended to track k when the
// tick was recorded: its later samples may go straight to the track.
func (r *PartRecorder) owns(slot int32, guid uint32, k int) {
	if slot < 0 {
		return
	}
	for len(r.slots) <= int(slot) {
		r.slots = append(r.slots, slotTrack{track: -1})
	}
	for len(r.owner) <= k {
		r.owner = append(r.owner, -1)
	}
	st := &r.slots[slot]
	st.guid, st.track = guid, int32(k)
	r.owner[k] = slot
}

// extend grows the tick's bounds to hold *q, as History.extend (q by
// pointer and a component at a time: placeOfPoint says why).
func (t *partTick) extend(q *[3]float32) {
	x, y, z := q[0], q[1], q[2]
	if !t.bounded {
		t.lo[0], t.lo[1], t.lo[2] = x, y, z
		t.hi[0], t.hi[1], t.hi[2] = x, y, z
		t.bounded = true
		return
	}
	t.lo[0], t.lo[1], t.lo[2] = min(t.lo[0], x), min(t.lo[1], y), min(t.lo[2], z)
	t.hi[0], t.hi[1], t.hi[2] = max(t.hi[0], x), max(t.hi[1], y), max(t.hi[2], z)
}

// Record appends the tick the parts took next as History.Record appends
// the same views in slot order: held items at their holders, the origin
// the first object's (placed) position, else the observer's. The bounds
// and the indoor cells are sets, the same taken in any order, and the
// samples Take put in their tracks are in them already.
func (r *PartRecorder) Record(tick, parts int, observer physics.Position, hasObserver bool) {
	h := r.h
	if !h.due(tick) {
		for i := range parts {
			r.parts[i].next++
		}
		return
	}
	r.refs = r.refs[:0]
	held := false
	for i := range parts {
		p := &r.parts[i]
		for j := p.start(); j < p.ticks[p.next].end; j++ {
			held = held || p.objs[j].holder != 0
			if held || !h.hasOrigin {
				break
			}
		}
	}
	if held || !h.hasOrigin {
		for i := range parts {
			p := &r.parts[i]
			for j := p.start(); j < p.ticks[p.next].end; j++ {
				r.refs = append(r.refs, objRef{i, j})
			}
		}
		r.placeHeld()
	}
	var obs *Vec3
	if hasObserver {
		g := Global(&observer)
		obs = &g
	}
	if !h.hasOrigin {
		if len(r.refs) > 0 {
			f := r.refs[0]
			pos := r.parts[f.part].wholeOf(f.i).Pos // placed
			h.fixOrigin(&pos)
		} else {
			h.fixOrigin(obs)
		}
	}
	h.leanBegin(tick)
	before := len(h.tracks)
	place := 0
	for i := range parts {
		p := &r.parts[i]
		t := &p.ticks[p.next]
		start, indoor := p.start(), p.startIndoor()
		p.next++
		for j := start; j < t.end; j++ {
			o := &p.objs[j]
			switch o.kind {
			case written:
				h.hinted(place, int(o.at))
				h.enter(int(o.at), tick, o.cell)
			case whole:
				r.owns(o.slot, o.guid, h.record(tick, place, &p.whole[o.at]))
			default:
				ps := &p.samples[o.at]
				k := h.appendSample(tick, place, o.guid, ps.name, ps.s)
				h.enter(k, tick, o.cell)
				r.owns(o.slot, o.guid, k)
			}
			place++
		}
		if t.bounded {
			h.extend(t.lo)
			h.extend(t.hi)
		}
		for _, c := range p.indoor[indoor:t.indoor] {
			h.indoor[c] = true
		}
	}
	h.observe(obs, hasObserver && observer.IsIndoor())
	h.leanEnd(tick, place, before)
	h.last = tick
}

// start is where the part's next tick to record begins in its objects.
func (p *historyPart) start() int {
	if p.next == 0 {
		return 0
	}
	return p.ticks[p.next-1].end
}

// startIndoor is where the part's next tick to record begins in its
// indoor cells.
func (p *historyPart) startIndoor() int {
	if p.next == 0 {
		return 0
	}
	return p.ticks[p.next-1].indoor
}

// wholeOf is object i's whole brief (one taken before the origin, or a
// held item's).
func (p *historyPart) wholeOf(i int) *Brief { return &p.whole[p.objs[i].at] }

// placeHeld puts each held item of the tick being recorded (r.refs, every
// object of it in slot order) where Query.Briefs draws it: its whole brief
// takes the cell and position of the first live object with its holder's
// guid, unless that is the item itself. A holder lends its own body's
// place (partObj's, never moved), held or not.
func (r *PartRecorder) placeHeld() {
	for i, a := range r.refs {
		o := &r.parts[a.part].objs[a.i]
		if o.holder == 0 {
			continue
		}
		for j, b := range r.refs {
			q := &r.parts[b.part].objs[b.i]
			if q.guid != o.holder {
				continue
			}
			if j != i {
				w := r.parts[a.part].wholeOf(a.i)
				w.Cell, w.Pos = q.cell, q.pos
			}
			break
		}
	}
}
