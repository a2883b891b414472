// Sim: a recording replayed through the retail pipeline, one fixed tick at a
// time (recording-v1 "Delivery semantics"; seed 003 §1, §12; seed 004 §0–§4).
// Tick 0 is the initial state; Step runs the next tick: deliver the events
// due by then, then UpdateObjectInternal for every live object. The viewer
// queries the state at the current tick (query.go) and draws it; nothing here
// calls back into it.

package engine

import (
	"errors"
	"fmt"
	"math"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/engine/trace"
	"glidepath/interp"
	"glidepath/physics"
)

// deliveryTolerance is the slack of "t ≤ k·dt" (recording-v1, "Delivery
// semantics": compare with a 1e-9 s tolerance).
const deliveryTolerance = 1e-9

// MaxRunSeconds bounds the time of a recording's events (and so the length
// of a run): the recording format's 48 hours, recording.MaxSeconds.
const MaxRunSeconds = recording.MaxSeconds

// MaxTicks is the longest run at rate ticks per second: MaxRunSeconds of
// ticks. Options.LastTick may not pass it.
func MaxTicks(rate int) int { return MaxRunSeconds * rate }

// Sim runs one recording under one reading. It is not safe for concurrent
// use: the viewer steps, seeks and queries it from one goroutine.
type Sim struct {
	rec     *recording.Recording
	opts    Options
	reading interp.Reading
	consts  interp.Constants // Options.Constants, resolved
	policy  interp.Policy    // reading and consts, checked once
	rate    int
	dt      float32
	world   *physics.World
	tables  motionTables
	// worldData is the client's world (Options.World) and the fallbacks
	// met in it; its data is nil without dat files.
	worldData *worldBook

	// store holds the events, packed, with the tick each is delivered in
	// and the slot it is about (eventstore.go); nil when streaming.
	store *EventStore
	// growing: the store was still being read when the Sim last looked
	// (eventstore.go); the last tick and notes are refreshed as it grows.
	growing bool
	// pos is where event posAt starts in the store; ev is the event being
	// delivered.
	pos   storePos
	posAt int
	ev    recording.Event
	notes []eventlog.Note

	// slots holds every object the run will ever have, header entities
	// first, then one per create event, in creation order.
	slots    []*object
	lastTick int
	// logging: events are logged (kept, or held for the tick's sink).
	logging bool
	// glides: the glide metrics follow sprints and snap-backs (logging,
	// unless a trace alone reads the log: Options.TraceLogOnly).
	glides bool
	// explainer builds the cause chains as ticks end (Options.Explain).
	explainer *explain.Explainer
	// sinkOn: the position managers report their decisions (the event log
	// or the metrics want them).
	sinkOn bool

	// The state that evolves, copied whole into checkpoints with the
	// objects' own.
	tick        int
	cursor      int
	nslots      int
	hasObserver bool
	observer    physics.Position

	// source is the recording event being delivered, −1 during the
	// UpdateObjectInternal pass.
	source int32

	// The event log holds every event up to the furthest tick ever
	// simulated; tickEnd[k] is its length after tick k. Re-simulating a tick
	// at or before furthest (after a seek) produces the same events, so it
	// does not record them again.
	log    []logEntry
	places []eventlog.Place // the ends of the log's blips and snaps (log.go)
	// stamps are the route entries' stored stamps, stampsIn (a streamed
	// Sim's) the messages' (stamps.go).
	stamps   [][NumChecked]uint16
	stampsIn [][NumChecked]uint16
	unpacked []eventlog.Event // EventsAt's buffer
	tickEnd  []int32
	furthest int
	replay   bool

	metrics metrics
	expect  *expectChecker
	cps     checkpoints
	// keyWords and words are a restore's unpacked words (checkpoint.go).
	keyWords keyCache
	words    []uint32
	// stagesOff: a seek is re-simulating ticks whose stage record nobody
	// reads (Seek).
	stagesOff bool

	// chunks splits the UpdateObjectInternal pass over cores (parallel.go).
	chunks passChunks
	// batch is a run of ticks stepped with the objects sharded over cores
	// (parallel_ticks.go).
	batch *shardBatch
	// capture, when a states table is written, takes each object's row
	// in the pass, while the object is in the cache (tables.go).
	capture *rowCapture

	// sticky is the sticky targets' positions at the start of the tick's
	// pass (deliver.go); anySticky says a StickTo has happened in this run.
	sticky    []stickyTarget
	anySticky bool
	// attachedGUIDs are the guids of the held and static objects among the
	// slots (object.go), anyAttached whether there are any: the tables
	// leave their rows out.
	attachedGUIDs map[uint32]struct{}
	anyAttached   bool

	// traceOut, while AdvanceTrace steps, is the trace each stepped tick
	// is written to, traceErr the first error writing it
	// (parallel_rows.go).
	traceOut *trace.RunWriter
	traceErr error
	// statesOut, while TableWriter.AdvanceStates steps, is the states
	// table each stepped tick is written to, statesErr the first error.
	statesOut *TableWriter
	statesErr error
	// rowsOut, while AdvanceRows steps, receives each stepped tick's state
	// rows, rowsErr the first error it returned, rowsBuf the rows of a
	// tick stepped tick by tick (parallel_rows.go).
	rowsOut func(tick int, rows []StateRow) error
	rowsErr error
	rowsBuf []StateRow
	// briefsOut, while AdvanceBriefs steps, records the brief views of
	// every briefEvery-th tick stepped, briefsBuf a tick's stepped tick by
	// tick (parallel_rows.go).
	briefsOut  BriefRecorder
	briefEvery int
	briefsBuf  []BriefView

	// feed is the stream a Sim made by NewStream reads its events from (nil:
	// the events are rec's, indexed when the Sim was made).
	feed *feed
}

// New makes a Sim of rec under opts, at tick 0: every header entity created
// at its header position. It checks what the tick driver relies on — the
// tick rate, finite and non-decreasing event times, events naming existing
// objects, motion states, the motion tables and terrain in opts.Assets — and
// reports the first problem as FILE:LINE: FIELD: problem (*recording.Error).
// The Sim keeps rec and can seek anywhere in it; NewStream runs a stream
// instead.
func New(rec *recording.Recording, opts Options) (*Sim, error) {
	if rec == nil {
		return nil, errors.New("engine: no recording")
	}
	s, ix, err := makeSim(rec, opts)
	if err != nil {
		return nil, err
	}
	// The events are packed as they are checked; this Sim makes each
	// created slot as the store meets it.
	st := newEventStore(rec, s.rate, ix, s)
	for i := range rec.Events {
		if err := st.add(&rec.Events[i]); err != nil {
			return nil, err
		}
	}
	st.growth.complete = true
	s.useStore(st)
	return s, nil
}

// makeSim makes a Sim of rec's header: the tick rate, the reading, the world
// and one slot per header entity, checked. It returns the index of the
// live objects the events are then checked against.
func makeSim(rec *recording.Recording, opts Options) (*Sim, *indexer, error) {
	h := &rec.Header
	if h.TickRate < recording.MinTickRate || h.TickRate > recording.MaxTickRate {
		return nil, nil, inputError(rec.Name, headerLine, "tick_rate", "%d is outside %d–%d", h.TickRate, recording.MinTickRate, recording.MaxTickRate)
	}
	if opts.LastTick > MaxTicks(h.TickRate) {
		return nil, nil, fmt.Errorf("engine: last tick %d is past the %d h cap (%d ticks at %d Hz)",
			opts.LastTick, MaxRunSeconds/3600, MaxTicks(h.TickRate), h.TickRate)
	}
	reading := opts.Reading
	if reading == (interp.Reading{}) {
		reading = interp.SeedReading()
	}
	consts := opts.Constants
	if consts == (interp.Constants{}) {
		consts = interp.RetailConstants()
	}
	// Checked once here, not again for each object (newObject).
	policy, err := interp.CheckPolicy(reading, consts)
	if err != nil {
		return nil, nil, fmt.Errorf("engine: %w", err)
	}
	opts.Metrics = opts.Metrics || len(opts.Expect) > 0
	s := &Sim{
		rec:     rec,
		opts:    opts,
		reading: reading,
		consts:  consts,
		policy:  policy,
		rate:    h.TickRate,
		dt:      float32(1 / float64(h.TickRate)),
		tables:  motionTables{assets: opts.Assets, posFrames: posFrameRule(&reading)},
		source:  -1,
		sinkOn:  opts.EventLog || opts.Metrics || opts.Sink != nil || opts.Explain,
		logging: opts.EventLog || opts.Sink != nil || opts.Explain,
	}
	s.glides = s.logging && !(opts.TraceLogOnly && opts.Sink == nil && !opts.Explain)
	world, err := buildWorld(rec.Name, &h.Terrain, opts.Assets)
	if err != nil {
		return nil, nil, err
	}
	s.world = world
	s.worldData = &worldBook{data: opts.World}
	s.tables.world = s.worldData
	if opts.World != nil {
		if err := s.worldData.datWorld(s.world); err != nil {
			return nil, nil, err
		}
	}
	if opts.World != nil {
		// Dat terrain is the ground outdoors; the server's floor stands in
		// indoors only (docs/real-sessions.md).
		world.FloorsOutdoors = false
	}
	ix := &indexer{live: make(map[uint32]int32, len(h.Entities)), observer: h.HasObserver, floors: world.Floors}
	for i := range h.Entities {
		ent := &h.Entities[i]
		ix.floors.Learn(ent.Pos.Cell, ent.GUID, 0, ent.Pos.Frame.Origin[2])
		if _, dup := ix.live[ent.GUID]; dup {
			return nil, nil, inputError(rec.Name, headerLine, fmt.Sprintf("entities[%d].guid", i), "duplicate guid %s", hexid.String(ent.GUID))
		}
		if err := s.addSlot(ent); err != nil {
			return nil, nil, inputError(rec.Name, headerLine, fmt.Sprintf("entities[%d].motion_table", i), "%v", err)
		}
		ix.live[ent.GUID] = int32(len(s.slots) - 1)
	}
	return s, ix, nil
}

// start puts the header entities into the world at tick 0 and starts the
// metrics and checkpoints.
func (s *Sim) start() {
	h := &s.rec.Header
	s.hasObserver, s.observer = h.HasObserver, h.Observer
	for i := range h.Entities {
		s.create(s.slots[i], 0)
	}
	s.nslots = len(h.Entities)
	s.tickEnd = append(s.tickEnd, 0)
	if s.opts.Metrics {
		s.metrics.init(s)
	}
	if len(s.opts.Expect) > 0 {
		s.expect = newExpectChecker(s, s.opts.Expect)
	}
	s.cps.init(s)
	s.cps.save(s)
}

// indexer is what checking the events in file order keeps: the slot of
// every live object by guid, and the previous event's time. Its map only
// resolves guids while checking; the tick never iterates it.
type indexer struct {
	live map[uint32]int32
	prev float64
	// observer says whether the header or an earlier event placed the
	// observer, which a move-to toward recording.ObserverTarget follows.
	observer bool
	// floors, when the header asks for the server's floor, learns each
	// created or grounded position's height from the tick it is delivered
	// on (physics/floors.go).
	floors *physics.Floors
}

// check checks event i (in file order) and returns the tick it is delivered
// in and the slot it is about (−1: none). A create gets a new slot here, so
// slots are in header-then-creation order however the events arrive.
func (s *Sim) check(ix *indexer, ev *recording.Event, i int) (due, target int32, err error) {
	return checkEvent(s.rec.Name, s.rate, ix, ev, i, s)
}

// slotMaker makes the slot of a created object and returns its number, and
// says whether a slot's motion table has the motion named.
type slotMaker interface {
	newSlot(ent *recording.Entity) (int32, error)
	hasMotion(slot int32, name string) error
}

// hasMotion is the Sim's slotMaker's.
func (s *Sim) hasMotion(slot int32, name string) error {
	if s.tables.dat[s.slots[slot].table] {
		// A client's table may lack a motion: retail's DoMotion then fails
		// quietly, and so does the part array (docs/world.md).
		return nil
	}
	return s.tables.tables[s.slots[slot].table].HasMotionNamed(name)
}

// newSlot is the Sim's slotMaker.
func (s *Sim) newSlot(ent *recording.Entity) (int32, error) {
	if err := s.addSlot(ent); err != nil {
		return 0, err
	}
	return int32(len(s.slots) - 1), nil
}

// checkEvent checks event i of the recording name at rate ticks per second
// (see check); mk makes a create's slot.
func checkEvent(name string, rate int, ix *indexer, ev *recording.Event, i int, mk slotMaker) (due, target int32, err error) {
	line := eventLine(ev, i)
	field := func(f string) string { return ev.Kind.String() + "." + f }
	if math.IsNaN(ev.T) || ev.T < 0 || ev.T > MaxRunSeconds {
		return 0, 0, inputError(name, line, field("t"), "%v is not a time in [0, %d] s", ev.T, MaxRunSeconds)
	}
	if ev.T < ix.prev {
		return 0, 0, inputError(name, line, field("t"), "%v is less than the previous event's t %v", ev.T, ix.prev)
	}
	ix.prev = ev.T
	due, target = int32(dueTickAt(rate, ev.T)), -1
	switch ev.Kind {
	case recording.KindCreate:
		if ev.Entity == nil {
			return 0, 0, inputError(name, line, field("entity"), "missing")
		}
		if _, alive := ix.live[ev.Entity.GUID]; alive {
			return 0, 0, inputError(name, line, field("entity.guid"), "object %s already exists", hexid.String(ev.Entity.GUID))
		}
		if target, err = mk.newSlot(ev.Entity); err != nil {
			return 0, 0, inputError(name, line, field("entity.motion_table"), "%v", err)
		}
		ix.live[ev.Entity.GUID] = target
		if p := &ev.Entity.Pos; !ev.Entity.Static {
			ix.floors.Learn(p.Cell, ev.Entity.GUID, due, p.Frame.Origin[2])
		}
	case recording.KindPosition, recording.KindMotion, recording.KindVector, recording.KindDelete, recording.KindTruth:
		slot, ok := ix.live[ev.GUID]
		if !ok {
			return 0, 0, inputError(name, line, field("guid"), "no object %s exists", hexid.String(ev.GUID))
		}
		target = slot
		if ev.Kind == recording.KindDelete {
			delete(ix.live, ev.GUID)
		}
		if ev.Kind == recording.KindPosition && ev.Update.Grounded {
			p := &ev.Update.Pos
			ix.floors.Learn(p.Cell, ev.GUID, due, p.Frame.Origin[2])
		}
		if ev.Kind == recording.KindMotion {
			st := interpretedState(&ev.Motion)
			if err := st.Validate(); err != nil {
				return 0, 0, inputError(name, line, "motion", "%v", err)
			}
			if t := ev.Motion.Target; ev.Motion.MovementType.NeedsTarget() {
				if t == recording.ObserverTarget {
					if !ix.observer {
						return 0, 0, inputError(name, line, "motion.target", "the observer has no position yet (no header observer, no earlier observer event)")
					}
				} else if _, ok := ix.live[t]; !ok {
					return 0, 0, inputError(name, line, "motion.target", "no object %s exists", hexid.String(t))
				}
			}
			// The reader checked each action's stamp and speed; its command
			// must be in the object's motion table.
			for i, a := range ev.Motion.ActionList() {
				if err := mk.hasMotion(slot, a.Command.String()); err != nil {
					return 0, 0, inputError(name, line, fmt.Sprintf("motion.actions[%d].command", i), "%v", err)
				}
			}
		}
	case recording.KindObserver:
		ix.observer = true
	case recording.KindNote:
	default:
		return 0, 0, inputError(name, line, "type", "unknown event kind %d", ev.Kind)
	}
	return due, target, nil
}

// addSlot allocates the slot of a new object.
func (s *Sim) addSlot(ent *recording.Entity) error {
	table, err := s.tables.lookupEntity(ent)
	if err != nil {
		return err
	}
	o, err := s.newObject(len(s.slots), ent, table)
	if err != nil {
		return err
	}
	o.shape, o.hasShape = s.worldData.setupShape(ent)
	s.slots = append(s.slots, o)
	if o.attached() {
		s.noteAttached(o.guid)
	}
	if s.opts.Metrics && s.metrics.t != nil {
		s.metrics.add(o) // a slot met while streaming
	}
	return nil
}

// dueTickAt is the tick an event at time t is delivered in at r ticks per
// second: the first k ≥ 1 with t ≤ k/r + 1e-9 s.
func dueTickAt(r int, t float64) int {
	rate := float64(r)
	k := int(math.Ceil((t - deliveryTolerance) * rate))
	k = max(k, 1)
	for k > 1 && t <= float64(k-1)/rate+deliveryTolerance {
		k--
	}
	for t > float64(k)/rate+deliveryTolerance {
		k++
	}
	return k
}

// Step runs the next tick (recording-v1 "Delivery semantics"): deliver every
// event due by then, in file order, then UpdateObjectInternal(dt) for every
// live object in header-then-creation order. It may run past LastTick.
func (s *Sim) Step() {
	k := s.tick + 1
	s.tick = k
	s.replay = k <= s.furthest
	if s.feed != nil {
		// Streaming keeps only the current tick's events.
		s.log, s.places, s.stamps, s.stampsIn = s.log[:0], s.places[:0], s.stamps[:0], s.stampsIn[:0]
	}
	start := len(s.log)
	s.world.FloorTick = int32(k)
	s.deliverDue(k)
	s.updateObjects()
	if !s.replay {
		s.furthest = k
		if s.opts.Metrics {
			s.metrics.afterTick(s)
		}
		if s.expect != nil {
			s.expect.afterTick(s)
		}
		s.flushTick(start)
		if s.feed == nil {
			s.tickEnd = append(s.tickEnd, int32(len(s.log)))
			s.reserveLogAt(k, s.cursor, logCursor{len(s.log), len(s.places), len(s.stamps)})
		}
	}
	s.cps.stepped(s)
}

// driveWithStateVelocity is the legacy reading's locomotion (READINGS.md
// item 11; seed 003 §13, "apply_current_movement → body.Velocity → Euler"):
// on walkable ground the body's velocity becomes the interpreted state's
// velocity (CMotionInterp::get_state_velocity, body-local) turned into
// global axes, set through set_velocity before the tick. Off the ground the
// velocity is left to physics, so a jump keeps its arc.
func driveWithStateVelocity(o *object) {
	if !o.phys.OnWalkable() {
		return
	}
	pos := o.phys.Position()
	o.phys.SetVelocity(pos.Frame.LocalToGlobalVec(o.mi.StateVelocity()), false)
}

// Tick is the current tick: 0 is the initial state.
func (s *Sim) Tick() int { return s.tick }

// LastTick is the run's last tick: Options.LastTick, or TailSeconds after
// the recording's last event. A streamed Sim knows it once it has read the
// stream's end; until then it is −1 (see Done). Over a store still being
// read (GrowEvents) it is TailSeconds after the last event read so far.
func (s *Sim) LastTick() int {
	s.refresh()
	return s.lastTick
}

// Furthest is the furthest tick simulated so far; the event log and the
// metrics cover ticks 0 to Furthest.
func (s *Sim) Furthest() int { return s.furthest }

// TickRate is the recording's ticks per second.
func (s *Sim) TickRate() int { return s.rate }

// DT is the tick's quantum, seconds, as the pipeline receives it.
func (s *Sim) DT() float32 { return s.dt }

// Time is the current tick's time, seconds: tick / tick_rate.
func (q Query) Time() float64 { return float64(q.s.tick) / float64(q.s.rate) }

// TickOf is the tick an event at time t is delivered in.
func (q Query) TickOf(t float64) int { return dueTickAt(q.s.rate, t) }

// Reading is the reading the run uses.
func (s *Sim) Reading() interp.Reading { return s.reading }

// Recording is the recording being replayed. It is shared: treat it as
// read-only. A streamed Sim's has the header and no events.
func (q Query) Recording() *recording.Recording { return q.s.rec }

// World is the collision world (terrain and obstacles), read-only.
func (q Query) World() *physics.World { return q.s.world }

// Notes are the recording's notes with the tick each is delivered in, all of
// them whatever the current tick; read-only. A streamed Sim has none (its
// log has each tick's note events).
func (q Query) Notes() []eventlog.Note { return q.s.notes }
