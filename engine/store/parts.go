// A history recorded a part at a time: the window's pre-run steps in runs
// of ticks over chunks of objects (engine.Sim.AdvanceBriefs), each chunk
// handing its live objects' brief views of a sampled tick to the
// PartRecorder on its own core. There each view is reduced, while it is in
// that core's cache, to the sample its track keeps (20 bytes of a view's
// 300), its part of the bounds and its indoor cell; once the run of ticks
// is stepped, tick after tick, the samples are appended to their tracks in
// slot order. The history is the one History.Record makes of the same
// ticks' views (TestPartRecorder_*).

package store

import (
	"glidepath/engine"
	"glidepath/physics"
)

// PartRecorder records a History from the views the engine hands over a
// part at a time (engine.BriefRecorder).
type PartRecorder struct {
	h     *History
	parts []historyPart
	// refs are the objects of the tick being recorded, when one is held.
	refs []objRef
}

var _ engine.BriefRecorder = (*PartRecorder)(nil)

// historyPart is one part's objects of the ticks taken and not yet
// recorded, tick i's ending at ticks[i]; next is the first not recorded.
type historyPart struct {
	objs   []partObj
	whole  []Brief
	indoor [][2]int32
	ticks  []partTick
	next   int
}

// partObj is one live object of a taken tick: its sample, ready when whole
// is −1; otherwise its whole brief is whole in the part's, sampled when
// the tick is recorded (a held item, which goes where its holder is, or
// any object of a tick taken before the history had its origin). Its own
// body's cell and position lend a held item its holder's.
type partObj struct {
	guid   uint32
	cell   uint32
	holder uint32
	whole  int32
	name   string
	pos    Vec3
	s      Sample
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
		clear(p.objs) // let go of the names
		clear(p.whole)
		p.objs, p.whole, p.indoor, p.ticks, p.next = p.objs[:0], p.whole[:0], p.indoor[:0], p.ticks[:0], 0
	}
}

// Take reduces part's views of tick to samples. The parts are taken at
// once, each on its own goroutine, while nothing is recorded: the
// history's origin is read here, never written.
func (r *PartRecorder) Take(part, tick int, views []engine.BriefView, holders []uint32) {
	p := &r.parts[part]
	origin, ready := r.h.Origin, r.h.hasOrigin
	t := partTick{}
	for i := range views {
		b := BriefOf(&views[i])
		o := partObj{guid: b.GUID, cell: b.Cell, whole: -1, name: b.Name, pos: b.Pos}
		if holders != nil {
			o.holder = holders[i]
		}
		if o.holder != 0 || !ready {
			o.whole = int32(len(p.whole))
			p.whole = append(p.whole, b)
		} else {
			o.s = sampleOf(&b, origin)
			t.extend(o.s.Pos)
			if physics.IsIndoorCell(b.Cell) {
				p.indoor = append(p.indoor, gridCell(b.Pos))
			}
		}
		p.objs = append(p.objs, o)
	}
	t.end, t.indoor = len(p.objs), len(p.indoor)
	p.ticks = append(p.ticks, t)
}

// extend grows the tick's bounds to hold q, as History.extend.
func (t *partTick) extend(q [3]float32) {
	if !t.bounded {
		t.lo, t.hi, t.bounded = q, q, true
	}
	for a := range 3 {
		t.lo[a] = min(t.lo[a], q[a])
		t.hi[a] = max(t.hi[a], q[a])
	}
}

// Record appends the tick the parts took next as History.Record appends
// the same views in slot order: held items at their holders, the origin
// the first object's (placed) position, else the observer's. The bounds
// and the indoor cells are sets, the same taken in any order.
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
			if o.whole >= 0 {
				h.record(tick, place, &p.whole[o.whole])
			} else {
				h.appendSample(tick, place, o.guid, o.name, o.s)
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
func (p *historyPart) wholeOf(i int) *Brief { return &p.whole[p.objs[i].whole] }

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
