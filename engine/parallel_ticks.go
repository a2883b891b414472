// Stepping on several cores, a run of ticks at a time: a streamed run whose
// objects cannot read one another (no sticky or move-to target, no log, no
// table or expectation looking at every object each tick) shards its
// objects over the cores for a whole run of ticks — each shard delivers its
// own objects' events and steps them, tick after tick — and meets the other
// shards once at the end of the run, not at every tick: the pass of one tick
// (about 100 µs at 1000 objects) is too short to share between cores for a
// gain (docs/benchmarks.md, "Cores").
//
// An object's tick reads only its own state, the events delivered to it and
// the observer's position (player_distance), so each shard replays, in file
// order, its own objects' events and every observer event, and steps its
// objects after each tick's events, on a copy of the Sim's per-tick state
// (the tick, the event being delivered, the observer): every object sees
// what it sees when the Sim steps tick by tick, and its state and metrics
// are bit for bit a one-core run's. An event that makes one object read
// another (a StickTo, a move-to toward an object or the observer) ends the
// run of ticks before its own tick, which then steps as usual; once an
// object has stuck to another, the rest of the run steps tick by tick.

package engine

import (
	"runtime"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
)

// minSlotsPerShard is the fewest slots worth a core of their own for a run
// of ticks (the hand-off is paid once per run, not once per tick), and the
// fewest a run is stepped in chunks for at all.
const minSlotsPerShard = 128

// chunkSlots is the most slots of a chunk: a run of ticks steps a chunk of
// objects through all its ticks before the next chunk, so that their state
// stays in the core's cache from one tick to the next — a thousand objects
// stepped tick by tick do not fit, and on one core the chunks alone cut the
// run's CPU time by 13–31 % (docs/benchmarks.md, "Cores").
const chunkSlots = 64

// shardBatch is a run of ticks being stepped in shards: the events read
// ahead for it and each chunk's share of them, and each chunk's copy of the
// Sim's per-tick state.
type shardBatch struct {
	events []shardEvent
	// lists[c] are the indexes in events of chunk c's events (its objects'
	// and the observer's), in file order.
	lists [][]int32
	views []Sim
	// sim is the Sim being stepped.
	sim *Sim
	// from and to are the run's first and last tick; size the slots of a
	// chunk, n the slots in all.
	from, to int
	size, n  int
	// ticks counts the ticks stepped in shards so far.
	ticks int
	// rows are each chunk's trace rows when a trace is written
	// (parallel_rows.go); at the hand-over's places in the chunks' rows
	// (endSink, endStates).
	rows  []chunkRows
	at    []int
	heads []traceHeading
	// logStarts[i] is where run tick i's events begin in the Sim's log,
	// noteAt[i] its first note in notes; pieceAt cuts the run's ticks into
	// the log's pieces, logAt[j] piece j's places in the chunks' logs
	// (planLog, fillLog).
	logStarts []logCursor
	noteAt    []int
	pieceAt   []int
	logAt     [][]int
	// run numbers the runs of ticks encoding trace rows (from 1): a
	// heading whose text was put in its chunk's texts during the run
	// has it (traceHeading.run).
	run int
	// write is the last run's rows being written, and the chunks' rows
	// free for the next run's (parallel_rows.go).
	write rowsWrite
	// cut: the input's problem cut the run's last tick short.
	cut bool
	// traceRows and stateRows: the chunks encode a trace's rows, fill a
	// states table's (parallel_rows.go).
	traceRows, stateRows bool
	states               []chunkStates
	statesFree           stateRowsFree
	// sinkRows: the chunks keep each tick's state rows and events for
	// AdvanceRows (parallel_rows.go).
	sinkRows bool
	sinks    []chunkSink
	merge    []mergeRef
	merged   []eventlog.Event
	tickRows []StateRow
	rowHeads []rowHeading
	// keepLog: the chunks' events join the Sim's kept event log, tick
	// after tick; briefRows: the chunks take the live objects' brief views
	// for AdvanceBriefs (parallel_rows.go).
	keepLog, briefRows bool
	briefs             []chunkBriefs
	notes              []int32
}

// shardEvent is an event read ahead, checked, with the tick it is due in,
// the slot it is about (−1: none) and its number in file order.
type shardEvent struct {
	ev     recording.Event
	due    int32
	target int32
	source int32
}

// shards is how many cores a run of ticks over n slots is sharded over:
// Options.Workers when given, else one per core the run may use as long as
// each gets minSlotsPerShard slots. The input's read-ahead goroutine is a
// small share of the run (docs/benchmarks.md) and takes no core of its own
// here: of Options.BusyCores, only the cores beyond the first are left.
func (o *Options) shards(n int) int {
	return o.split(n, max(0, o.BusyCores-1), minSlotsPerShard)
}

// shardable says whether the next ticks may be stepped in shards: a
// streamed run, forward, with nothing that reads every object each tick or
// keeps the tick's events in order, and no server floor: the world's
// FloorTick (the tick whose floor samples a sweep may stand on) is the
// Sim's, one for all the chunks, so a chunk stepping a run of ticks would
// stand its bodies on the floor of the run's first tick — a body the
// server put on a floor during the run falls through it (a capture's
// indoor cells; TestAdvanceTrace_ServerFloorTickByTick).
func (s *Sim) shardable() bool {
	f := s.feed
	if f == nil {
		return s.shardStore()
	}
	return f != nil && f.err == nil && s.shardOutputs() && s.expect == nil &&
		!s.anySticky && !s.growing && s.cps.interval <= 0 && s.tick >= s.furthest &&
		s.world.Floors == nil
}

// crossesObjects says whether delivering ev makes its object read another
// object's position (or the observer's, after delivery).
func crossesObjects(ev *recording.Event) bool {
	return ev.Kind == recording.KindMotion && (ev.Motion.StickTo != 0 || ev.Motion.MovementType.NeedsTarget())
}

// advance steps up to n ticks, stopping once the run is Done: in shards
// where it can (advanceShards), else tick by tick.
func (s *Sim) advance(n int) {
	for n > 0 && !s.Done() && s.rowsErr == nil {
		if k := s.advanceShards(n); k > 0 {
			n -= k
			continue
		}
		if s.Done() {
			return // reading ahead met the stream's end
		}
		s.Step()
		s.traceTick()
		s.statesTick()
		s.rowsTick()
		s.briefsTick()
		n--
	}
}

// advanceShards steps the next ticks, up to n, in shards, and returns how
// many it stepped: 0 when the run cannot be sharded or its next tick's
// events include one that crosses objects.
func (s *Sim) advanceShards(n int) int {
	if !s.shardable() || len(s.slots) < minSlotsPerShard && s.opts.Workers == 0 {
		return 0
	}
	if s.feed == nil {
		return s.advanceStoreShards(n)
	}
	f := s.feed
	from, to := s.tick+1, s.tick+n
	if f.eof || s.opts.LastTick > 0 {
		to = min(to, s.lastTick)
	}
	// Read the run's events ahead, in file order, as Step would read them
	// one tick at a time.
	b := s.batch
	if b == nil {
		b = new(shardBatch)
		s.batch = b
	}
	b.events = b.events[:0]
	for f.hasHead || f.pull(s) {
		if int(f.due) > to {
			break
		}
		if crossesObjects(f.head) {
			to = int(f.due) - 1
			break
		}
		b.events = append(b.events, shardEvent{ev: *f.head, due: f.due, target: f.target, source: int32(f.n - 1)})
		f.hasHead = false
	}
	if f.eof && s.opts.LastTick <= 0 {
		to = min(to, s.lastTick)
	}
	// A problem the stream reached stops the run at the tick whose events
	// the last good event ended, as Step meets it: after that tick.
	late := f.err
	if late != nil {
		f.err = nil
		if len(b.events) > 0 {
			to = min(to, int(b.events[len(b.events)-1].due))
		}
	}
	if to < from {
		// Nothing to step in shards (no event was read ahead: the next
		// one crosses objects).
		f.err = late
		return 0
	}
	// The rows of the tick the problem cut short are not written: stepped
	// tick by tick, it is the tick whose Step meets the problem.
	b.cut = late != nil
	s.runShards(b, from, to)
	f.err = late
	return to - from + 1
}

// runShards steps ticks from to to over the slots in shards, delivering the
// events b holds.
func (s *Sim) runShards(b *shardBatch, from, to int) {
	n := len(s.slots)
	w := s.opts.shards(n)
	chunks := max(w*chunksPerWorker, (n+chunkSlots-1)/chunkSlots)
	// No slot yet (a capture's objects all come later): no chunk, and
	// the run's ticks step no object.
	size := max((n+chunks-1)/chunks, 1)
	chunks = (n + size - 1) / size
	b.from, b.to, b.size, b.n = from, to, size, n
	for len(b.lists) < chunks {
		b.lists = append(b.lists, nil)
	}
	for len(b.views) < chunks {
		b.views = append(b.views, Sim{})
	}
	for c := range chunks {
		b.lists[c] = b.lists[c][:0]
	}
	for c := range chunks {
		b.views[c] = *s
		b.views[c].replay = false
	}
	b.traceRows, b.stateRows, b.sinkRows = s.traceOut != nil, s.statesOut != nil, s.rowsOut != nil
	b.briefRows = s.briefsOut != nil
	b.keepLog = b.briefRows && s.logging
	if b.traceRows || b.sinkRows || b.keepLog {
		b.beginRows(chunks)
	}
	if b.sinkRows || b.keepLog {
		b.beginSink(chunks)
	}
	if b.briefRows {
		b.beginBriefs(s, chunks)
	}
	if b.stateRows {
		b.beginStates(s, chunks)
	}
	nslots := s.nslots
	for i := range b.events {
		e := &b.events[i]
		switch {
		case e.ev.Kind == recording.KindObserver:
			for c := range chunks {
				b.lists[c] = append(b.lists[c], int32(i))
			}
			s.hasObserver, s.observer = true, e.ev.Pos
		case e.target >= 0:
			c := int(e.target) / size
			b.lists[c] = append(b.lists[c], int32(i))
			if e.ev.Kind == recording.KindCreate {
				nslots = max(nslots, int(e.target)+1)
			}
		}
		// A note about no object is logged only, and nothing is logged.
	}
	b.sim = s
	if w == 1 {
		for c := range chunks {
			b.runChunk(c)
		}
	} else {
		pool := s.passPool()
		pool.job = b.runChunk
		// A states table's encoding waits while every core steps, but
		// for a worker's core once it has no chunk left.
		gate := b.stepGate(s, w)
		if gate != nil {
			gate.Stepping(true)
			pool.idle = gate.WorkerIdle
		}
		pool.run(s, 0, 0, chunks, w-1)
		if gate != nil {
			gate.Stepping(false)
		}
	}
	if b.sinkRows {
		b.endSink(s, chunks) // reads the notes' events
	}
	if b.briefRows {
		// The run's last tick is the Sim's before its checkpoint is saved.
		s.tick, s.nslots = to, nslots
		b.endPrerun(s, chunks) // reads the notes' events
	}
	clear(b.events) // let go of the entities the creates point to
	b.sim = nil
	if b.stateRows {
		b.endStates(s, chunks)
	}
	if b.traceRows || b.sinkRows {
		if b.traceRows {
			b.endRows(s, chunks)
		}
		// The Sim's own log holds no tick of the run (a streamed Sim's
		// holds the current tick's events only).
		s.log, s.places, s.stamps, s.stampsIn = s.log[:0], s.places[:0], s.stamps[:0], s.stampsIn[:0]
	}
	b.ticks += to - from + 1
	s.tick, s.furthest, s.source = to, to, -1
	s.nslots = nslots
	if s.opts.Metrics {
		s.metrics.afterTick(s)
	}
}

// runChunk steps chunk c's objects through the run's ticks on the chunk's
// copy of the Sim's per-tick state: each tick, its events, then its pass.
func (b *shardBatch) runChunk(c int) {
	v := &b.views[c]
	lo, hi := c*b.size, min((c+1)*b.size, b.n)
	objs := v.slots[lo:hi]
	for _, o := range objs {
		// The decisions the object's managers report are stamped with the
		// chunk's tick.
		o.sink.sim = v
	}
	list := b.lists[c]
	i := 0
	for k := b.from; k <= b.to; k++ {
		v.tick = k
		for ; i < len(list); i++ {
			e := &b.events[list[i]]
			if int(e.due) > k {
				break
			}
			v.source = e.source
			v.deliver(&e.ev, e.target)
		}
		v.source = -1
		v.updateSlots(lo, hi)
		if b.traceRows {
			b.encodeTick(c, v, lo, hi, k)
		}
		if b.stateRows {
			b.takeStates(c, v, lo, hi)
		}
		if b.sinkRows {
			b.keepTick(c, v, lo, hi)
		}
		if b.keepLog {
			k := &b.sinks[c]
			k.logEnds = append(k.logEnds, len(v.log))
			k.placeEnds, k.stampEnds = append(k.placeEnds, len(v.places)), append(k.stampEnds, len(v.stamps))
		}
		if b.briefRows && k%b.sim.briefEvery == 0 {
			b.takeBriefs(c, v, lo, hi, k)
		}
	}
	for _, o := range objs {
		o.sink.sim = b.sim
	}
	// Let the input's read-ahead goroutine decode between chunks: with
	// every core stepping chunks it would otherwise wait for a core until
	// the run of ticks ends, and the next run would wait for it.
	runtime.Gosched()
}
