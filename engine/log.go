// Recording events: how a decision becomes an entry of the event log and a
// count in the glide metrics. Events are plain values appended to one slice
// (amortised growth, no per-event heap object); with neither the log nor
// the metrics on, nothing is built.

package engine

import (
	"math"
	"sort"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/internal/hugepage"
	"glidepath/interp"
	"glidepath/physics"
)

// emit records an event about object o.
func (s *Sim) emit(o *object, e eventlog.Event) {
	e.GUID = o.guid
	s.record(o.slot, e)
}

// TickSink receives the events of each newly simulated tick, in the order
// they happened, once the tick is done (its pops and hitches included). The
// slice is only valid during the call. A sink lets a long run be explained
// or compared tick by tick without keeping the event log
// (Options.EventLog false): the log then holds one tick at a time.
type TickSink interface {
	TickEvents(tick int, events []eventlog.Event)
}

// flushTick hands the events of the tick just simulated (from start in the
// log) to the sink, and drops them when the log is not kept.
func (s *Sim) flushTick(start int) {
	if !s.opts.Explain && s.opts.Sink == nil {
		return
	}
	events := s.unpackRange(start, len(s.log))
	if s.opts.Explain {
		if s.explainer == nil {
			s.explainer = &explain.Explainer{RecordedGround: s.Query().groundFunc()}
		}
		s.explainer.TickEvents(s.tick, events)
	}
	if s.opts.Sink != nil {
		s.opts.Sink.TickEvents(s.tick, events)
	}
	if !s.opts.EventLog {
		s.log, s.places, s.stamps, s.stampsIn = s.log[:0], s.places[:0], s.stamps[:0], s.stampsIn[:0]
	}
}

// record stamps e with the tick and the event being delivered and hands it
// to the metrics and the log. While re-simulating ticks already simulated
// (after a seek) it records nothing: the log and metrics already hold the
// same events.
// slot is the object's slot, −1 for a note.
func (s *Sim) record(slot int32, e eventlog.Event) {
	if s.replay {
		return
	}
	e.Tick = int32(s.tick)
	e.Source = s.source
	if s.opts.Metrics && slot >= 0 {
		s.metrics.event(slot, &e)
	}
	if s.logging {
		if buf := s.chunks.logOf(slot); buf != nil {
			*buf = append(*buf, e)
		} else {
			s.pack(&e)
		}
	}
}

// reserve takes the log entry of a route event whose branch is not known
// yet, so it precedes what routing causes; −1 when nothing is logged.
func (s *Sim) reserve(o *object) int {
	if s.replay || !s.logging {
		return -1
	}
	s.pack(&eventlog.Event{Tick: int32(s.tick), GUID: o.guid, Kind: eventlog.EventRoute, Source: s.source})
	return len(s.log) - 1
}

// fill completes the route event reserved at at with its branch.
func (s *Sim) fill(at int, o *object, r physics.Route) {
	if s.replay {
		return
	}
	if at >= 0 {
		s.log[at].route = r
	}
	if s.opts.Metrics {
		e := eventlog.Event{Tick: int32(s.tick), GUID: o.guid, Kind: eventlog.EventRoute, Route: r, Source: s.source}
		s.metrics.event(o.slot, &e)
	}
}

// interpEvent records one decision of slot's InterpolationManager.
func (s *Sim) interpEvent(slot int32, ie *interp.Event) {
	if s.replay {
		return
	}
	e := eventlog.Event{GUID: s.slots[slot].guid}
	switch ie.Kind {
	case interp.EventEnqueue:
		e.Kind, e.Branch, e.Pruned, e.Evicted = eventlog.EventEnqueue, ie.Branch, uint8(min(ie.Pruned, 255)), ie.Evicted
	case interp.EventNodeComplete:
		e.Kind, e.Success = eventlog.EventNodeComplete, ie.Success
	case interp.EventStallWindow:
		e.Kind, e.Pass, e.Cumulative, e.ProgressQuantum = eventlog.EventStallWindow, ie.Pass, ie.Cumulative, ie.ProgressQuantum
	case interp.EventBlip:
		e.Kind, e.From, e.To, e.Target = eventlog.EventBlip, eventlog.PlaceOf(&ie.From), eventlog.PlaceOf(&ie.To), ie.Target
	default:
		return
	}
	e.Fail, e.Queue = uint8(min(max(ie.FailCounter, 0), 255)), uint8(min(ie.QueueLen, 255))
	if s.opts.Metrics && ie.Kind == interp.EventEnqueue {
		s.metrics.queueLen(slot, ie.QueueLen)
	}
	s.record(slot, e)
}

// Causes returns the cause chains found so far by a Sim made with
// Options.Explain (nil otherwise), in the order the jumps happened; unlike
// Explain it needs no event log, so a streamed run has them too.
func (q Query) Causes() []explain.Cause {
	if q.s.explainer == nil {
		return nil
	}
	return q.s.explainer.Causes
}

// Log storage: the event log as compact entries (32 bytes, against 132 for
// an Event), since an hour of a thousand remotes logs tens of millions of
// events. The two places a blip or snap carries live in a side table (a
// sprint, snap-back or lag adds three for its span); every other payload
// packs into the entry. Readers get whole Events back
// (EventAt, EventsAt), or just an entry's tick, object and kind.

// logEntry is one Event packed. x and y are Cumulative and
// ProgressQuantum's bits for a stall window; for a blip, snap, pop or
// hitch x is the index of the From place (To follows it) in Sim.places and
// y Distance's bits (a sprint, snap-back or lag likewise, with three more
// places for its span payload: spanPlaces); for a route y is Distance's bits; for a motion x holds
// the stored instance and movement stamps, y the server-control stamp and
// the Gate.
type logEntry struct {
	tick   int32
	guid   uint32
	source int32
	x, y   uint32
	kind   eventlog.EventKind
	route  physics.Route
	branch interp.EnqueueBranch
	target interp.BlipTarget
	pruned uint8
	flags  uint8
	fail   uint8
	queue  uint8
	stage  physics.Stage
}

// logEntry flags.
const (
	flagEvicted = 1 << iota
	flagSuccess
	flagPass
	flagContact
	flagApplied
	flagSticky
	flagNoRunRate
	flagGliding
)

// spanPlaces packs a span event's payload into three places, bit for bit
// (ticks ride in float32 bits, never computed with).
func spanPlaces(e *eventlog.Event) [3]eventlog.Place {
	f := math.Float32frombits
	return [3]eventlog.Place{
		{Cell: uint32(e.Since), Origin: [3]float32{e.Speed, e.Rate, e.Ref}},
		{Cell: e.Stuck, Origin: [3]float32{f(uint32(e.CauseTick)), e.CauseDist, f(uint32(e.StuckSince))}},
		{Cell: uint32(e.Released), Origin: [3]float32{e.RunRate, f(uint32(e.Until)), 0}},
	}
}

// setSpan unpacks what spanPlaces packed.
func setSpan(e *eventlog.Event, p []eventlog.Place) {
	a, b, c := &p[0], &p[1], &p[2]
	e.Since = int32(a.Cell)
	e.Speed, e.Rate, e.Ref = a.Origin[0], a.Origin[1], a.Origin[2]
	e.Stuck = b.Cell
	e.CauseTick = int32(math.Float32bits(b.Origin[0]))
	e.CauseDist = b.Origin[1]
	e.StuckSince = int32(math.Float32bits(b.Origin[2]))
	e.Released = int32(c.Cell)
	e.RunRate = c.Origin[0]
	e.Until = int32(math.Float32bits(c.Origin[1]))
}

// hitPlace packs a transition event's Hit and Slid into a place, bit for
// bit: the hit's cell, then its id, polygon, kind and index, and Slid.
func hitPlace(e *eventlog.Event) eventlog.Place {
	f := math.Float32frombits
	h := &e.Hit
	var slid uint32
	if e.Slid {
		slid = 1
	}
	return eventlog.Place{Cell: h.Cell, Origin: [3]float32{f(h.ID), f(uint32(h.Poly) | uint32(h.Kind)<<16 | uint32(h.Index)<<24), f(slid)}}
}

// setHit unpacks what hitPlace packed.
func setHit(e *eventlog.Event, p *eventlog.Place) {
	b := math.Float32bits
	w := b(p.Origin[1])
	e.Hit = eventlog.Hit{Cell: p.Cell, ID: b(p.Origin[0]), Poly: uint16(w), Kind: eventlog.HitKind(w >> 16), Index: uint8(w >> 24)}
	e.Slid = b(p.Origin[2]) != 0
}

// pack appends e to the log.
func (s *Sim) pack(e *eventlog.Event) {
	l := entryOf(e)
	switch e.Kind.Info().Payload {
	case eventlog.PayloadPlaces:
		l.x = uint32(len(s.places))
		s.places = append(s.places, e.From, e.To)
		l.y = math.Float32bits(e.Distance)
	case eventlog.PayloadSpan:
		l.x = uint32(len(s.places))
		sp := spanPlaces(e)
		s.places = append(s.places, e.From, e.To, sp[0], sp[1], sp[2])
		l.y = math.Float32bits(e.Distance)
	case eventlog.PayloadDistance:
		l.y = math.Float32bits(e.Distance)
	case eventlog.PayloadTransit:
		l.x = uint32(len(s.places))
		s.places = append(s.places, e.From, e.To, hitPlace(e))
		l.y = math.Float32bits(e.Distance)
	case eventlog.PayloadStamps:
		l.x = uint32(e.Stored[0]) | uint32(e.Stored[1])<<16
		l.y = uint32(e.Stored[2]) | uint32(e.Gate)<<16
	default:
		l.x, l.y = bare(e)
	}
	s.log = append(s.log, l)
}

// entryOf is e's entry but for its payload (x and y: pack).
func entryOf(e *eventlog.Event) logEntry {
	l := logEntry{
		tick: e.Tick, guid: e.GUID, source: e.Source, kind: e.Kind,
		route: e.Route, branch: e.Branch, target: e.Target, pruned: e.Pruned,
		fail: e.Fail, queue: e.Queue, stage: e.Stage,
	}
	for _, f := range [...]struct {
		on   bool
		flag uint8
	}{{e.Evicted, flagEvicted}, {e.Success, flagSuccess}, {e.Pass, flagPass}, {e.Contact, flagContact}, {e.Applied, flagApplied},
		{e.Sticky, flagSticky}, {e.NoRunRate, flagNoRunRate}, {e.Gliding, flagGliding}} {
		if f.on {
			l.flags |= f.flag
		}
	}
	return l
}

// bare is x and y of the entry of an event whose kind has no payload.
func bare(e *eventlog.Event) (x, y uint32) {
	return math.Float32bits(e.Cumulative), math.Float32bits(e.ProgressQuantum)
}

// noteEntry is a note's entry, as pack packs it: a note has no payload,
// so it keeps no places and no stamps beside it.
func noteEntry(e *eventlog.Event) logEntry {
	l := entryOf(e)
	l.x, l.y = bare(e)
	return l
}

// unpack returns log entry i as an Event.
func (s *Sim) unpack(i int) eventlog.Event {
	l := &s.log[i]
	e := eventlog.Event{
		Tick: l.tick, GUID: l.guid, Source: l.source, Kind: l.kind,
		Route: l.route, Branch: l.branch, Target: l.target, Pruned: l.pruned,
		Evicted: l.flags&flagEvicted != 0, Success: l.flags&flagSuccess != 0, Pass: l.flags&flagPass != 0,
		Contact: l.flags&flagContact != 0, Applied: l.flags&flagApplied != 0,
		Sticky: l.flags&flagSticky != 0, NoRunRate: l.flags&flagNoRunRate != 0, Gliding: l.flags&flagGliding != 0,
		Fail: l.fail, Queue: l.queue, Stage: l.stage,
	}
	switch l.kind.Info().Payload {
	case eventlog.PayloadPlaces:
		e.From, e.To = s.places[l.x], s.places[l.x+1]
		e.Distance = math.Float32frombits(l.y)
	case eventlog.PayloadSpan:
		e.From, e.To = s.places[l.x], s.places[l.x+1]
		e.Distance = math.Float32frombits(l.y)
		setSpan(&e, s.places[l.x+2:l.x+5])
	case eventlog.PayloadDistance:
		e.Distance = math.Float32frombits(l.y)
	case eventlog.PayloadTransit:
		e.From, e.To = s.places[l.x], s.places[l.x+1]
		e.Distance = math.Float32frombits(l.y)
		setHit(&e, &s.places[l.x+2])
		if e.Hit.Kind == eventlog.HitObstacle {
			e.Hit.Name = s.world.ObstacleName(e.Hit.ID)
		}
	case eventlog.PayloadStamps:
		e.Stored = [3]uint16{uint16(l.x), uint16(l.x >> 16), uint16(l.y)}
		e.Gate = eventlog.MotionGate(l.y >> 16)
	default:
		e.Cumulative, e.ProgressQuantum = math.Float32frombits(l.x), math.Float32frombits(l.y)
	}
	return e
}

// unpackRange returns entries [from, to) as Events, in a buffer reused by
// the next call.
func (s *Sim) unpackRange(from, to int) []eventlog.Event {
	s.unpacked = s.unpacked[:0]
	for i := from; i < to; i++ {
		s.unpacked = append(s.unpacked, s.unpack(i))
	}
	return s.unpacked
}

// NumEvents is the length of the event log (up to Furthest).
func (q Query) NumEvents() int { return len(q.s.log) }

// EventAt returns entry i of the event log, in [0, NumEvents).
func (q Query) EventAt(i int) eventlog.Event { return q.s.unpack(i) }

// EventTick is entry i's tick, without unpacking it.
func (q Query) EventTick(i int) int32 { return q.s.log[i].tick }

// EventWho is entry i's object and kind, without unpacking it.
func (q Query) EventWho(i int) (uint32, eventlog.EventKind) { return q.s.log[i].guid, q.s.log[i].kind }

// LogView is the event log as it stands when taken: entries are never
// rewritten once their tick is over, so a view taken between steps may be
// read on another goroutine while the Sim steps on and appends past it.
type LogView struct {
	log    []logEntry
	places []eventlog.Place
	stamps [][NumChecked]uint16
	world  *physics.World // for the names of the obstacles wall events met
}

// LogView returns a view of the log up to the current furthest tick. The
// ticks stepped after it append their entries past the view's and never
// write its own again, so it may be read on another goroutine while the
// Sim steps on from its furthest tick (a picture's pre-run indexes its
// log so: model.Prerunner.IndexBehind).
func (q Query) LogView() LogView {
	return LogView{log: q.s.log[:len(q.s.log):len(q.s.log)], places: q.s.places[:len(q.s.places):len(q.s.places)],
		stamps: q.s.stamps[:len(q.s.stamps):len(q.s.stamps)], world: q.s.world}
}

// Len is the number of entries.
func (v LogView) Len() int { return len(v.log) }

// At returns entry i as an Event.
func (v LogView) At(i int) eventlog.Event {
	s := Sim{log: v.log, places: v.places, world: v.world}
	return s.unpack(i)
}

// Tick is entry i's tick.
func (v LogView) Tick(i int) int32 { return v.log[i].tick }

// Who is entry i's object and kind.
func (v LogView) Who(i int) (uint32, eventlog.EventKind) { return v.log[i].guid, v.log[i].kind }

// Entry is entry i's tick, object, kind and its Pass and Success (a stall
// window's verdict, a node completion's), without unpacking the rest.
func (v LogView) Entry(i int) (tick int32, guid uint32, kind eventlog.EventKind, pass, success bool) {
	l := &v.log[i]
	return l.tick, l.guid, l.kind, l.flags&flagPass != 0, l.flags&flagSuccess != 0
}

// reserveLogAt gives the log, when a run has simulated a 64th of its length
// (at least logReserveMin ticks), the capacity the whole run will need at
// the rate so far, plus a sixteenth — by ticks, or by the recording's
// events delivered, whichever says less (an early burst of events must not
// reserve for a run of bursts) — so that it is allocated once rather than
// grown and copied as it fills: a copy holds the old array and the new one
// at once, which sets a long run's peak memory. Its places and the routes'
// stamps likewise; the arrays in huge pages where the system has them
// (hugepage.Advise: a fault each 2 MiB, not each 4 KiB, as they fill).
// Only capacity changes; a log that outgrows it grows as before.
// delivered of the recording's events were delivered by tick k, and the
// log, its places and its stamps had had's lengths at its end (a run of
// ticks' log, laid out before it is filled, is longer by then: planLog).
func (s *Sim) reserveLogAt(k, delivered int, had logCursor) {
	if s.feed != nil || !s.logging || s.store == nil {
		return
	}
	last := s.lastTick
	if s.growing {
		last = max(last, s.store.EstimateTicks())
	}
	if k != max(last/64, logReserveMin) || last <= k || delivered <= 0 {
		return
	}
	events := s.store.Len()
	want := min(had.log*last/k, had.log*events/delivered)
	want += want / 16
	if want > cap(s.log) {
		grown := make([]logEntry, len(s.log), want)
		hugepage.Advise(grown)
		copy(grown, s.log)
		s.log = grown
	}
	if p := min(had.places*last/k, had.places*events/delivered); p+p/16 > cap(s.places) {
		grown := make([]eventlog.Place, len(s.places), p+p/16)
		hugepage.Advise(grown)
		copy(grown, s.places)
		s.places = grown
	}
	if p := min(had.stamps*last/k, had.stamps*events/delivered); p+p/16 > cap(s.stamps) {
		grown := make([][NumChecked]uint16, len(s.stamps), p+p/16)
		hugepage.Advise(grown)
		copy(grown, s.stamps)
		s.stamps = grown
	}
}

// logReserveMin is the earliest tick reserveLog looks at the log's rate.
const logReserveMin = 256

// Finding events: the ticks of the next and previous event of a kind, for
// one object or any — "jump to the next blip", "back to the last stall
// failure" — searched in the event log (which is sorted by tick).

// findChunk is how far, ticks, NextEvent simulates ahead at a time when the
// log does not reach far enough.
const findChunk = 1024

// NextEvent returns the tick of the first event after tick after that f
// matches, simulating further when the log does not yet reach it (the current
// tick is kept). ok is false when there is none up to LastTick, the event
// log is off or the Sim is streamed.
func (s *Sim) NextEvent(after int, f eventlog.Filter) (tick int, ok bool) {
	if !s.opts.EventLog || s.feed != nil {
		return 0, false
	}
	for {
		i := sort.Search(len(s.log), func(i int) bool { return int(s.log[i].tick) > after })
		for ; i < len(s.log); i++ {
			if e := s.unpack(i); f.Match(&e) {
				return int(e.Tick), true
			}
		}
		if s.furthest >= s.lastTick {
			return 0, false
		}
		after = max(after, s.furthest)
		// Simulate further, then return to the current tick.
		cur := s.tick
		s.Seek(min(s.furthest+findChunk, s.lastTick))
		s.Seek(cur)
	}
}

// PrevEvent returns the tick of the last event before tick before that f
// matches, among the ticks simulated so far. ok is false when there is
// none, the event log is off or the Sim is streamed.
func (q Query) PrevEvent(before int, f eventlog.Filter) (tick int, ok bool) {
	if !q.s.opts.EventLog || q.s.feed != nil {
		return 0, false
	}
	i := sort.Search(len(q.s.log), func(i int) bool { return int(q.s.log[i].tick) >= before })
	for i--; i >= 0; i-- {
		if e := q.s.unpack(i); f.Match(&e) {
			return int(e.Tick), true
		}
	}
	return 0, false
}
