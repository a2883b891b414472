// Glide events: what a person sees that is not a pop. Three things in ACE's
// own tracker look wrong without any single tick jumping far enough to be a
// pop, so the glide metrics watch for them over spans of ticks:
//
//   - a sprint: the body moving at catch-up speed (2 × get_adjusted_max_speed,
//     seed 000 §4 — twice the run speed) for more than a few ticks, because
//     the queue got ahead of it (ACE issue #2764: when a monster starts
//     moving, its first update lands metres ahead);
//   - a snap-back: the body moving back over its own path toward a node
//     queued while the StickyManager held it, or a node older than the
//     newest update (ACE issue #3328: after a sticky melee swing, the nodes
//     queued while stuck are released at the sticky timeout);
//   - a lag: the UpdatePositions landing farther and farther ahead of the
//     body — the queue and the error rising — typically because the
//     server moves the object faster than the catch-up speed, whose run rate
//     no UpdateMotion gave (ACE PR #2823: a monster created mid-MoveTo glides
//     with no run cycle).
//
// These are Glidepath's judgments of the retail pipeline's output, like pops
// and hitches: they change nothing the pipeline does, are logged only with
// Options.Metrics (sprints and snap-backs not at all when a trace alone
// reads the log: Options.TraceLogOnly), and are not Trace v1 rows (so no
// trace hash changes).

package engine

import (
	"math"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// Glide event thresholds (Glidepath's definitions, not retail values).
const (
	// SprintSpeedFraction: a tick is at catch-up speed when the body moved
	// at least this fraction of a catch-up step.
	SprintSpeedFraction = 0.9
	// SprintMinSeconds: a sprint has at least this many seconds of ticks
	// at catch-up speed (15 ticks at 30 Hz): longer than the catch-up
	// after each update of a steady walk.
	SprintMinSeconds = 0.5
	// SprintMeanFraction: over the whole span, gaps included, the body's
	// mean speed is at least this fraction of the catch-up speed.
	SprintMeanFraction = 0.75
	// SprintMinUpdates: a sprint goes on past the next UpdatePosition —
	// the queue got ahead — rather than catching up on one update and
	// waiting, the ordinary rhythm of interpolation.
	SprintMinUpdates = 2
	// SpanGapTicks: a sprint or snap-back survives this many ticks in a
	// row that are not part of it (a node is reached with a short step,
	// then completed in a tick where adjust_offset gives none).
	SpanGapTicks = 2
	// SnapbackMinDistance is the least path, metres, a snap-back moves.
	SnapbackMinDistance = 0.3
	// SnapbackReverseCos: a step reverses the body's travel when the
	// cosine between them is below this (more than 120° apart).
	SnapbackReverseCos = -0.5
	// TravelMinDistance: the body's direction of travel is taken over
	// the last stretch at least this long, metres.
	TravelMinDistance = 0.3
	// LagMinUpdates is the least number of UpdatePositions a lag spans,
	// the queue never emptying before one arrives.
	LagMinUpdates = 3
	// LagMinRise is the least rise, metres, of the gap between the body
	// and the update arriving, from the lag's first update to its
	// farthest.
	LagMinRise = 2.0
	// LagDipTolerance: a lag goes on through an update whose gap falls
	// below the largest so far by less than this, metres (node completions
	// and update timing make the gap wobble).
	LagDipTolerance = 1.0
)

// routeNote is what the glide metrics keep of an UpdatePosition routed to
// InterpolateTo: when, where it put its node, and the sticky target the
// body had then.
type routeNote struct {
	tick       int32
	place      eventlog.Place
	gap        float32
	stuck      uint32
	stuckSince int32
}

// routeNotes is how many recent updates are kept, to find when a queued
// node was queued (the queue holds at most interp.MaxQueuedNodes).
const routeNotes = interp.MaxQueuedNodes + 4

// span is a sprint or snap-back being followed.
type span struct {
	active   bool
	n, gap   int
	since    int32
	last     int32
	from, to eventlog.Place
	dist     float32
	rate     float32
	ref      float32
	cause    routeNote
	queue    uint8
	// updates counts the UpdatePositions routed in the span's ticks.
	updates int
	// held counts, for a snap-back, the queued nodes at its start that
	// were queued while the StickyManager held the body.
	held uint8
}

// lagRun is a run of updates landing farther and farther ahead: first
// the run's first, last its farthest (the gap at its largest).
type lagRun struct {
	n                   int
	first, last         routeNote
	bodyFirst, bodyLast eventlog.Place
	q0, qmax            uint8
}

// glide is one object's sprint, snap-back and lag detection. The fields
// every measured tick reads come first and the recent updates (read only
// when a snap-back may begin) last, so that a tick touches a few adjacent
// cache lines of the tracker rather than lines 800 bytes apart.
type glide struct {
	// stuck is the StickyManager's target after the last tick measured,
	// since when; released when the last one let go.
	stuck      uint32
	stuckSince int32
	released   int32
	// timedOut: the last let-go was the StickyManager's 1 s timeout
	// (StickyManager::UseTime), not an Unstick.
	timedOut bool
	routed   bool

	// anchor is where the body's last stretch of travel began; stretch
	// the planar vector of the one before it, once the body has moved
	// TravelMinDistance, and travel its direction (unit), made from it
	// when first read (unit: made already; travelDir).
	anchor    eventlog.Place
	hasAnchor bool
	hasTravel bool
	unit      bool
	stretch   [2]float64
	travel    [2]float64
	// seen is the place follow last saw.
	seen eventlog.Place

	sprint span
	back   span
	last   routeNote

	// gotRunRate: an UpdateMotion gave my_run_rate (run_rate or
	// RunForward).
	gotRunRate bool

	lag lagRun

	notes  [routeNotes]routeNote
	nNotes int
}

// globalXY is a place's planar position in metres across landblocks.
func globalXY(p *eventlog.Place) (float64, float64) {
	return float64(p.Cell>>24)*physics.LandblockLength + float64(p.Origin[0]),
		float64(p.Cell>>16&0xFF)*physics.LandblockLength + float64(p.Origin[1])
}

// placeDist is the planar distance between two places.
func placeDist(a, b *eventlog.Place) float64 {
	ax, ay := globalXY(a)
	bx, by := globalXY(b)
	return math.Hypot(bx-ax, by-ay)
}

// sameSpot: two places are one node's.
func sameSpot(a, b *eventlog.Place) bool {
	return a.Cell == b.Cell && a.Origin.Sub(b.Origin).Len() < 1e-3
}

// noteRoute records an UpdatePosition routed to InterpolateTo at tick, and
// follows a lag (delivery, one object at a time). qBefore is the queue
// before it.
func (m *metrics) noteRoute(s *Sim, o *object, p *physics.Position, qBefore int) {
	t := &m.t[o.slot]
	g := &t.g
	body := o.phys.PositionRef()
	n := routeNote{tick: int32(s.tick), place: eventlog.PlaceOf(p), gap: offsetLen(body, p),
		stuck: o.pm.StickyObjectID(), stuckSince: g.stuckSince}
	if n.stuck != g.stuck {
		n.stuckSince = int32(s.tick)
	}
	g.notes[g.nNotes%routeNotes] = n
	g.nNotes++
	g.last, g.routed = n, true

	q := uint8(min(queueLen(o), 255))
	l := &g.lag
	going := l.n > 0 && qBefore > 0 && t.jumpTick < l.first.tick && n.gap > l.last.gap-LagDipTolerance
	if going {
		l.n++
		l.qmax = max(l.qmax, q)
		if n.gap > l.last.gap {
			l.last, l.bodyLast = n, eventlog.PlaceOf(body)
		}
		return
	}
	s.endLag(o, t)
	*l = lagRun{n: 1, first: n, last: n, bodyFirst: eventlog.PlaceOf(body), bodyLast: eventlog.PlaceOf(body), q0: q, qmax: q}
}

// noteRunRate records that an UpdateMotion gave the object a run rate.
func (m *metrics) noteRunRate(slot int32) { m.t[slot].g.gotRunRate = true }

// endLag reports the lag being followed if it qualifies, and forgets it.
func (s *Sim) endLag(o *object, t *tracker) {
	l := &t.g.lag
	if l.n >= LagMinUpdates && l.last.gap-l.first.gap >= LagMinRise {
		secs := float64(l.last.tick-l.first.tick) * float64(s.dt)
		e := eventlog.Event{GUID: o.guid, Kind: eventlog.EventLag, Since: l.first.tick, Until: l.last.tick, CauseTick: l.first.tick,
			From: l.first.place, To: l.last.place, Distance: l.last.gap, CauseDist: l.first.gap,
			Rate: catchUpSpeed(o), Fail: l.q0, Queue: l.qmax, NoRunRate: !t.g.gotRunRate}
		if secs > 0 {
			e.Ref = float32(placeDist(&l.first.place, &l.last.place) / secs)
			e.Speed = float32(placeDist(&l.bodyFirst, &l.bodyLast) / secs)
		}
		if o.st.hasMI {
			e.RunRate = o.mi.MyRunRate()
			e.Gliding = o.mi.State().Forward == anim.Ready
		}
		s.record(o.slot, e)
	}
	*l = lagRun{}
}

// glideTick follows sprints and snap-backs over one measured tick of o:
// prev and pos are the body before and after, disp the distance between,
// step a catch-up step, prevQueue the queue after the tick before. The
// places it keeps or compares are copied a field at a time (setPlace)
// and only where they are read: a place built in a temporary and copied
// whole reads back in one wide load what was just written in narrow
// stores, which the processor cannot forward from its store buffer —
// that stall was half of this function's time.
func (s *Sim) glideTick(o *object, t *tracker, prev, pos *physics.Position, disp, step float32, prevQueue int) {
	g := &t.g
	tick := int32(s.tick)
	cur := o.pm.StickyObjectID()
	wasStuck := g.stuck != 0 || cur != 0
	jumped := t.jumpTick == tick
	q := queueLen(o)

	// Sprint: at catch-up speed while interpolating, not pulled by the
	// StickyManager.
	on := !jumped && !wasStuck && (prevQueue > 0 || q > 0) && disp >= SprintSpeedFraction*step && step > 0
	sp := &g.sprint
	switch {
	case on:
		if !sp.active {
			*sp = span{active: true, since: tick, rate: step / s.dt, queue: uint8(min(max(prevQueue, q), 255))}
			setPlace(&sp.from, prev)
			if o.st.hasMI {
				sp.ref = o.mi.MaxSpeed()
			}
			if g.routed {
				sp.cause = g.last
			}
		}
		sp.n++
		sp.gap = 0
		sp.dist += disp
		setPlace(&sp.to, pos)
		sp.last = tick
		if g.routed && g.last.tick == tick {
			sp.updates++
		}
	case sp.active:
		if g.routed && g.last.tick == tick {
			sp.updates++
		}
		sp.gap++
		if sp.gap > SpanGapTicks || jumped {
			s.endSprint(o, sp)
		}
	}

	// Snap-back: toward a head node queued while stuck, or older than the
	// newest, moving back over the body's own path or away from the
	// newest update.
	bk := &g.back
	isBack := false
	if !jumped && prevQueue > 0 && disp > StillDistance && (q > 0 || bk.active) {
		var from, to, head, tail eventlog.Place
		setPlace(&from, prev)
		setPlace(&to, pos)
		if q > 0 {
			im := o.pm.Interpolation()
			hn, _ := im.NodeRef(0)
			tn, _ := im.NodeRef(q - 1)
			setPlace(&head, &hn.Position)
			setPlace(&tail, &tn.Position)
		}
		if bk.active && (q == 0 || !sameSpot(&head, &bk.cause.place)) {
			// The node it was heading back to completed this tick.
			head, tail = bk.cause.place, bk.cause.place
		}
		// afterStick: the StickyManager held the body and has let go, so a
		// node queued while it held waits where the server put it, however
		// the body's path ran (the pipeline's state, not the step's shape).
		afterStick := cur == 0 && g.stuck == 0 && g.released > 0
		var note routeNote
		isBack, note = g.snapsBack(&from, &to, &head, &tail, disp, afterStick)
		if isBack {
			if !bk.active {
				*bk = span{active: true, since: tick, rate: step / s.dt, cause: note}
				setPlace(&bk.from, prev)
				if note.stuck != 0 {
					bk.held = g.heldNodes(o, q)
				}
			}
			bk.n++
			bk.gap = 0
			bk.dist += disp
			setPlace(&bk.to, pos)
			bk.last = tick
		}
	}
	if !isBack && bk.active {
		bk.gap++
		if bk.gap > SpanGapTicks || jumped {
			s.endSnapback(o, t)
		}
	}
	if !isBack {
		g.follow(pos, jumped)
	}

	// The StickyManager's target, for the nodes queued under it.
	switch {
	case cur != 0 && cur != g.stuck:
		g.stuckSince = tick
	case cur == 0 && g.stuck != 0:
		g.released = tick
		st, ok := o.pm.StickyState()
		g.timedOut = ok && o.pm.Now() > st.TimeoutTime
	}
	g.stuck = cur
}

// setPlace sets *dst to p's place (eventlog.PlaceOf) a field at a time.
func setPlace(dst *eventlog.Place, p *physics.Position) {
	dst.Cell = p.Cell
	dst.Origin[0], dst.Origin[1], dst.Origin[2] = p.Frame.Origin[0], p.Frame.Origin[1], p.Frame.Origin[2]
}

// atPlace reports whether p is at place a: *a == eventlog.PlaceOf(p), the
// same comparison (floats by value) a field at a time.
func atPlace(a *eventlog.Place, p *physics.Position) bool {
	return a.Cell == p.Cell && a.Origin[0] == p.Frame.Origin[0] && a.Origin[1] == p.Frame.Origin[1] && a.Origin[2] == p.Frame.Origin[2]
}

// follow updates the body's direction of travel with its new place, pos's.
// A body at the place follow last saw changes nothing (the anchor is where
// that call left it, follow alone moves it, and the same distance decides
// the same), so a body standing still costs no distance; otherwise the
// distance to the anchor is computed only when the body is past
// TravelMinDistance from it (hypotAtLeast).
func (g *glide) follow(pos *physics.Position, jumped bool) {
	if !g.hasAnchor || jumped {
		setPlace(&g.anchor, pos)
		setPlace(&g.seen, pos)
		g.hasAnchor = true
		if jumped {
			g.hasTravel = false
		}
		return
	}
	if atPlace(&g.seen, pos) {
		return
	}
	setPlace(&g.seen, pos)
	ax, ay := globalXY(&g.anchor)
	tx, ty := globalXY(&g.seen)
	if dx, dy := tx-ax, ty-ay; hypotAtLeast(dx, dy, TravelMinDistance) {
		g.setTravel(dx, dy)
		setPlace(&g.anchor, pos)
	}
}

// setTravel makes the stretch (dx, dy) the body's direction of travel.
// Its unit vector is made only when a step's reversal asks for it
// (travelDir): a body walking on, whose steps are judged by the stretch
// itself (reverses), never needs it, and most stretches end unread.
func (g *glide) setTravel(dx, dy float64) {
	g.stretch, g.hasTravel, g.unit = [2]float64{dx, dy}, true, false
}

// travelDir is the direction of travel: the stretch over its length
// (math.Hypot), the same division whenever it is made.
func (g *glide) travelDir() [2]float64 {
	if !g.unit {
		dx, dy := g.stretch[0], g.stretch[1]
		d := math.Hypot(dx, dy)
		g.travel, g.unit = [2]float64{dx / d, dy / d}, true
	}
	return g.travel
}

// snapsBack decides whether the step from → to (disp long) is a snap-back's
// — head the node the body heads for, tail the newest, afterStick that the
// StickyManager held the body and has let go — and returns, for a step
// that begins one, the update that queued its head node. A step is one
// only toward the head, and then only one that goes on with the snap-back
// being followed, steps back (reverses the body's travel, or goes away
// from the newest node) or follows a stick: a body walking on with its
// queue, nearly every step, is not asked whether it went toward the head,
// and no distance is measured for it (reverses, movesAway).
func (g *glide) snapsBack(from, to, head, tail *eventlog.Place, disp float32, afterStick bool) (bool, routeNote) {
	bk := &g.back
	backStep := g.reverses(from, to) || movesAway(from, to, tail, disp)
	if !bk.active && !backStep && !afterStick {
		return false, routeNote{}
	}
	if !(placeDist(from, head)-placeDist(to, head) >= 0.5*float64(disp)) {
		return false, routeNote{} // not toward the head
	}
	if bk.active {
		return backStep || afterStick && bk.cause.stuck != 0, routeNote{}
	}
	// Only a step back, or one after a stick, looks up when its node was
	// queued.
	note, found := g.noteAt(head)
	if !found {
		return false, note
	}
	held := note.stuck != 0 && note.tick <= g.released
	return held || backStep && !sameSpot(head, tail), note
}

// reverses reports whether the step from → to goes back against the
// body's direction of travel: the cosine between them, the step's
// projection on the travel (travelDir) over its length (math.Hypot),
// below SnapbackReverseCos. A step with no part against the travel (a
// projection not below 0) is not one, and its length is not measured: a
// body walking on — nearly every step — costs no square root. Nor is the
// travel's unit vector made for a step clearly along the stretch: the
// projection on the stretch itself is the one on its unit vector times
// its length, a positive number, and the rounding of the two (a few
// units in the last place of |dx·sx| + |dy·sy|) cannot turn a projection
// on the stretch past hypotBand of that sum negative.
func (g *glide) reverses(from, to *eventlog.Place) bool {
	if !g.hasTravel {
		return false
	}
	fx, fy := globalXY(from)
	tx, ty := globalXY(to)
	dx, dy := tx-fx, ty-fy
	px, py := dx*g.stretch[0], dy*g.stretch[1]
	if m := math.Abs(px) + math.Abs(py); m >= minSquare && px+py > m*hypotBand {
		return false
	}
	t := g.travelDir()
	dot := dx*t[0] + dy*t[1]
	if !(dot < 0) {
		// dot/l >= 0 for any length l > 0 (NaN for a NaN dot): never
		// below SnapbackReverseCos.
		return false
	}
	if l := math.Hypot(dx, dy); l > 0 {
		return dot/l < SnapbackReverseCos
	}
	return false
}

// movesAway reports whether the step from → to goes away from tail: the
// distance to it after the step beyond the distance before by more than
// a quarter of the step (disp), both by math.Hypot — unless the distance
// after is clearly the shorter by the squares (then it is no more than the
// distance before, and never beyond it plus a quarter of a step), as for
// a body catching up with its queue, nearly every step.
func movesAway(from, to, tail *eventlog.Place, disp float32) bool {
	fx, fy := globalXY(from)
	tx, ty := globalXY(to)
	ax, ay := globalXY(tail)
	x1, y1 := ax-tx, ay-ty
	x0, y0 := ax-fx, ay-fy
	if sq0 := x0*x0 + y0*y0; sq0 >= minSquare && x1*x1+y1*y1 < sq0*(1-hypotBand) {
		return false
	}
	return math.Hypot(x1, y1) > math.Hypot(x0, y0)+0.25*float64(disp)
}

// minSquare is the least square of a distance whose comparison by the
// squares movesAway trusts: far above the subnormals, where a square's
// error is no longer relative.
const minSquare = 0x1p-900

// hypotBand is the relative margin of d² within which hypotAtLeast (and
// movesAway) asks math.Hypot: dx²+dy² in float64 and Hypot are each
// within a few units in the last place (about 1e-16) of the exact values,
// so outside it the squares and Hypot agree.
const hypotBand = 1e-9

// hypotAtLeast reports math.Hypot(dx, dy) >= d (d > 0), by the squares
// (no square root, no division) where they are clearly on one side of d²,
// by Hypot itself near it (and for NaNs).
func hypotAtLeast(dx, dy, d float64) bool {
	sq, dd := dx*dx+dy*dy, d*d
	switch {
	case sq < dd*(1-hypotBand):
		return false
	case sq > dd*(1+hypotBand):
		return true
	}
	return math.Hypot(dx, dy) >= d
}

// heldNodes counts the first q queued nodes that were queued while the
// StickyManager held the body.
func (g *glide) heldNodes(o *object, q int) uint8 {
	im := o.pm.Interpolation()
	n := 0
	for i := 0; i < q; i++ {
		nd, ok := im.Node(i)
		if !ok {
			break
		}
		p := eventlog.PlaceOf(&nd.Position)
		if note, found := g.noteAt(&p); found && note.stuck != 0 {
			n++
		}
	}
	return uint8(min(n, 255))
}

// noteAt finds the update whose node sits at p.
func (g *glide) noteAt(p *eventlog.Place) (routeNote, bool) {
	for i := g.nNotes - 1; i >= 0 && i >= g.nNotes-routeNotes; i-- {
		if n := &g.notes[i%routeNotes]; sameSpot(&n.place, p) {
			return *n, true
		}
	}
	return routeNote{}, false
}

// endSprint reports the sprint if it lasted, and forgets it.
func (s *Sim) endSprint(o *object, sp *span) {
	secs := float64(sp.last-sp.since+1) * float64(s.dt)
	if float64(sp.n)*float64(s.dt) >= SprintMinSeconds-1e-9 && float64(sp.dist)/secs >= SprintMeanFraction*float64(sp.rate) && sp.updates >= SprintMinUpdates {
		s.record(o.slot, eventlog.Event{GUID: o.guid, Kind: eventlog.EventSprint, Since: sp.since, Until: sp.last,
			From: sp.from, To: sp.to, Distance: sp.dist, Speed: float32(float64(sp.dist) / secs),
			Rate: sp.rate, Ref: sp.ref, CauseTick: sp.cause.tick, CauseDist: sp.cause.gap, Queue: sp.queue})
	}
	*sp = span{}
}

// endSnapback reports the snap-back if it went far enough, and forgets it.
func (s *Sim) endSnapback(o *object, t *tracker) {
	bk := &t.g.back
	if bk.dist >= SnapbackMinDistance {
		secs := float64(bk.last-bk.since+1) * float64(s.dt)
		e := eventlog.Event{GUID: o.guid, Kind: eventlog.EventSnapback, Since: bk.since, From: bk.from, To: bk.to,
			Distance: bk.dist, Speed: float32(float64(bk.dist) / secs), Rate: bk.rate,
			CauseTick: bk.cause.tick, CauseDist: float32(placeDist(&bk.from, &bk.cause.place)),
			Stuck: bk.cause.stuck, StuckSince: bk.cause.stuckSince, Released: -1, Until: bk.last}
		if bk.cause.stuck != 0 && t.g.released >= bk.cause.tick {
			e.Released = t.g.released
			// Queue: the nodes queued while stuck; Sticky: the let-go
			// was the sticky timeout.
			e.Queue, e.Sticky = bk.held, t.g.timedOut
		}
		s.record(o.slot, e)
	}
	*bk = span{}
}

// endSpans reports whatever the object's glide metrics are following (the
// run's last tick, or the object's deletion).
func (s *Sim) endSpans(o *object, t *tracker) {
	if t.g.sprint.active {
		s.endSprint(o, &t.g.sprint)
	}
	if t.g.back.active {
		s.endSnapback(o, t)
	}
	s.endLag(o, t)
}

// GlideSpanOpen reports whether the glide metrics of object guid follow a
// sprint or snap-back, or a run of updates that may yet be a lag, begun at
// or before tick since: one that, once over, will be logged with a first
// tick at or before since. False without Options.Metrics or such an
// object. A caller that wants every glide event covering a tick (viewer
// diff's causes) steps on while it is true.
func (q Query) GlideSpanOpen(guid uint32, since int) bool {
	s := q.s
	o := s.find(guid)
	if o == nil || int(o.slot) >= len(s.metrics.t) {
		return false
	}
	g := &s.metrics.t[o.slot].g
	at := int32(since)
	return g.sprint.active && g.sprint.since <= at || g.back.active && g.back.since <= at ||
		g.lag.n > 0 && g.lag.first.tick <= at
}
