// Glide metrics: did each remote glide? Counted per object over the run from
// the events (routing branches, enqueues, stall windows, blips, snaps) and
// from the body's motion tick by tick (pops, hitches, position error against
// the server truth, how long and how full the interpolation queue ran).

package engine

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
)

// Metric thresholds (Glidepath's definitions, not retail values).
const (
	// PopMinDistance is the least displacement, metres, a tick must have to
	// count as a pop, whatever the catch-up step.
	PopMinDistance = 0.5
	// PopStepFactor: a tick pops when the body moved more than this many
	// catch-up steps (catch-up speed × dt, seed 000 §4).
	PopStepFactor = 2
	// StillDistance: a body whose displacement over a tick is at most this,
	// metres, did not move (for hitches).
	StillDistance = 1e-4
	// ErrorPercentile is the percentile of the position error reported.
	ErrorPercentile = 95
)

// ErrorStats summarise the distance between the body and the latest server
// truth, metres, over the ticks where a truth had arrived.
type ErrorStats struct {
	// N is the number of ticks measured; 0 when the recording has no truth
	// for the object.
	N    int
	Mean float64
	// P95 is the 95th percentile by nearest rank: the smallest error at
	// least 95 % of the ticks do not exceed — exact up to ExactErrorTicks
	// measured ticks, past that at most 1.6 % above it (errorDist, below).
	P95 float64
	Max float64
}

// ObjectMetrics are one object's glide metrics over ticks 1 to the furthest
// tick simulated.
type ObjectMetrics struct {
	GUID uint32
	Name string
	// Created and Deleted are the ticks of creation and deletion (Deleted
	// −1 while alive).
	Created, Deleted int

	// Routes counts the UpdatePositions received, by routing branch
	// (indexed by physics.Route; index 0 unused).
	Routes [physics.RouteWrongInstance + 1]int
	// Enqueues counts InterpolateTo calls by branch (indexed by
	// interp.EnqueueBranch; index 0 unused).
	Enqueues [interp.BranchNear + 1]int
	// StallWindows counts judged 5-frame windows, StallFailures the failed
	// ones.
	StallWindows, StallFailures int
	// Blips counts UseTime snaps, Snaps teleport and slide placements.
	Blips, Snaps int

	// Pops counts ticks whose displacement exceeded max(2 × catch-up step,
	// 0.5 m) without a blip or snap that tick: a jump the player sees that
	// the pipeline did not mean as one.
	Pops int
	// Hitches counts ticks where a body that moved on the tick before and
	// on the tick after did not move: a one-tick stall in a glide.
	Hitches int
	// FirstBlip, FirstSnap, FirstPop and FirstHitch are the ticks of the
	// first blip, snap, pop and hitch (a hitch's still tick, as its cause
	// chain gives it); 0 when there was none. `viewer run -compare` marks
	// a reading that has one at another tick.
	FirstBlip, FirstSnap, FirstPop, FirstHitch int
	// Stops counts ticks where a body that moved on the tick before did
	// not move: the start of every standstill, however long (a hitch is a
	// stop of one tick).
	Stops int
	// Evictions counts enqueues that dropped the queue's head because the
	// queue was full (seed 000 §3, the cap at 20); Pruned the nodes removed
	// from the tail by the near branch's prune.
	Evictions, Pruned int
	// Error is the distance to the server truth, when the recording has it.
	Error ErrorStats

	// LongestQueue is the longest run of consecutive ticks that ended with
	// a non-empty interpolation queue; MaxQueue the most nodes it held
	// (after a tick or an enqueue); FinalQueue its length after the
	// object's last tick.
	LongestQueue, MaxQueue, FinalQueue int
}

// Updates is the number of UpdatePositions received, all branches.
func (m *ObjectMetrics) Updates() int {
	n := 0
	for _, c := range m.Routes {
		n += c
	}
	return n
}

// tracker accumulates one object's metrics.
type tracker struct {
	m ObjectMetrics

	// prev is the body position after the previous tick — its cell and
	// origin only, all that Offset and a Place read (the rotation and
	// matrix are left zero: copying them every object-tick cost more than
	// the rest of the measuring) — prevContact its Contact bit.
	prev        physics.Position
	hasPrev     bool
	prevContact bool
	// moved holds whether the body moved on the last two ticks measured
	// (moved[1] the latest); nMoved how many of them are valid.
	moved  [2]bool
	nMoved int
	// jumpTick is the last tick with a blip or snap.
	jumpTick int32
	// queueRun is the current run of ticks ending with a non-empty queue.
	queueRun int
	// peak is the most nodes the queue held during tick peakTick (after an
	// enqueue or after the tick); pending the most since the last tick.
	peak, pending int
	peakTick      int

	// g follows sprints, snap-backs and lags (glide.go): its fields read
	// every tick come first, near the ones above.
	g glide

	// err is the distance to the server truth, tick by tick
	// (the error distribution, below).
	err errorDist
}

// metrics holds every object's tracker, by slot.
type metrics struct {
	t []tracker
	// n is the number of slots created by the furthest tick.
	n int
}

// init starts the trackers at tick 0.
func (m *metrics) init(s *Sim) {
	m.t = make([]tracker, 0, len(s.slots))
	for _, o := range s.slots {
		m.add(o)
	}
	m.n = s.nslots
	for _, o := range s.slots[:s.nslots] {
		m.observe(o)
	}
}

// add starts the tracker of a new slot.
func (m *metrics) add(o *object) {
	m.t = append(m.t, tracker{m: ObjectMetrics{GUID: o.guid, Name: o.name, Deleted: -1}, jumpTick: -1})
}

// event counts one event of slot's object.
func (m *metrics) event(slot int32, e *eventlog.Event) {
	t := &m.t[slot]
	switch e.Kind {
	case eventlog.EventRoute:
		if int(e.Route) < len(t.m.Routes) {
			t.m.Routes[e.Route]++
		}
	case eventlog.EventEnqueue:
		if int(e.Branch) < len(t.m.Enqueues) {
			t.m.Enqueues[e.Branch]++
		}
		if e.Evicted {
			t.m.Evictions++
		}
		t.m.Pruned += int(e.Pruned)
	case eventlog.EventStallWindow:
		t.m.StallWindows++
		if !e.Pass {
			t.m.StallFailures++
		}
	case eventlog.EventBlip:
		t.m.Blips++
		t.jumpTick = e.Tick
		if t.m.FirstBlip == 0 {
			t.m.FirstBlip = int(e.Tick)
		}
	case eventlog.EventSnap:
		t.m.Snaps++
		t.jumpTick = e.Tick
		if t.m.FirstSnap == 0 {
			t.m.FirstSnap = int(e.Tick)
		}
	case eventlog.EventCreate:
		t.m.Created = int(e.Tick)
	case eventlog.EventDelete:
		t.m.Deleted = int(e.Tick)
	}
}

// queueLen notes a queue length right after an enqueue.
func (m *metrics) queueLen(slot int32, n int) {
	t := &m.t[slot]
	t.m.MaxQueue = max(t.m.MaxQueue, n)
	t.pending = max(t.pending, n)
}

// afterTick closes a newly simulated tick: the objects were measured as
// their pass ended (measure).
func (m *metrics) afterTick(s *Sim) {
	m.n = s.nslots
}

// measure measures a live object after its UpdateObjectInternal in a newly
// simulated tick. It reads and writes only the object's own tracker, so the
// objects of a tick may be measured on different cores.
func (m *metrics) measure(s *Sim, o *object) {
	t := &m.t[o.slot]
	pos := o.phys.PositionRef()
	if t.hasPrev && pos.Cell != 0 && t.prev.Cell != 0 {
		disp := offsetLen(&t.prev, pos)
		step := catchUpSpeed(o) * s.dt
		if disp > max(PopStepFactor*step, PopMinDistance) && t.jumpTick != int32(s.tick) {
			t.m.Pops++
			if t.m.FirstPop == 0 {
				t.m.FirstPop = s.tick
			}
			s.flagPop(o, &t.prev, pos)
		}
		moved := disp > StillDistance
		if t.nMoved == 2 && t.moved[0] && !t.moved[1] && moved {
			t.m.Hitches++
			if t.m.FirstHitch == 0 {
				t.m.FirstHitch = s.tick - 1
			}
			s.record(o.slot, eventlog.Event{GUID: o.guid, Kind: eventlog.EventHitch, From: eventlog.PlaceOf(&t.prev),
				Queue: uint8(min(t.m.FinalQueue, 255)), Contact: t.prevContact})
		}
		if t.nMoved >= 1 && t.moved[1] && !moved {
			t.m.Stops++
		}
		t.moved[0], t.moved[1] = t.moved[1], moved
		t.nMoved = min(t.nMoved+1, 2)
		if s.glides {
			s.glideTick(o, t, &t.prev, pos, disp, step, t.m.FinalQueue)
		}
	} else {
		t.nMoved = 0
	}
	if s.glides && s.feed == nil && !s.growing && s.tick >= s.lastTick {
		s.endSpans(o, t)
	}
	if e, ok := truthError(o); ok {
		t.err.add(e)
	}
	t.peakTick = s.tick
	m.observe(o)
}

// observe notes the object's position and queue after a tick.
func (m *metrics) observe(o *object) {
	t := &m.t[o.slot]
	pos := o.phys.PositionRef()
	t.prev.Cell, t.prev.Frame.Origin, t.hasPrev = pos.Cell, pos.Frame.Origin, true
	t.prevContact = o.phys.InContact()
	q := queueLen(o)
	t.m.FinalQueue = q
	t.m.MaxQueue = max(t.m.MaxQueue, q)
	t.peak, t.pending = max(t.pending, q), 0
	if q > 0 {
		t.queueRun++
		t.m.LongestQueue = max(t.m.LongestQueue, t.queueRun)
	} else {
		t.queueRun = 0
	}
}

// result returns the metrics of every object created by the furthest tick.
func (m *metrics) result() []ObjectMetrics {
	out := make([]ObjectMetrics, m.n)
	for i := range out {
		t := &m.t[i]
		out[i] = t.m
		out[i].Error = t.err.stats()
	}
	return out
}

// truthError is the distance, metres, from the body to the latest server
// truth; false before a truth has arrived or while the body has no cell.
func truthError(o *object) (float32, bool) {
	pos := o.phys.PositionRef()
	if !o.st.hasTruth || pos.Cell == 0 {
		return 0, false
	}
	return offsetLen(&o.st.truth, pos), true
}

// offsetLen is p.Offset(q).Len() — Position::get_offset's vector's length —
// with the same operations in the same order, computed in registers: the
// call's three-float result, returned through memory and read back whole,
// stalled the measuring of every object-tick (docs/benchmarks.md).
func offsetLen(p, q *physics.Position) float32 {
	dx := (float32(int32(q.LandblockX())-int32(p.LandblockX())))*physics.LandblockLength + (q.Frame.Origin[0] - p.Frame.Origin[0])
	dy := (float32(int32(q.LandblockY())-int32(p.LandblockY())))*physics.LandblockLength + (q.Frame.Origin[1] - p.Frame.Origin[1])
	dz := q.Frame.Origin[2] - p.Frame.Origin[2]
	return mgl32.Vec3{dx, dy, dz}.Len()
}

// queueLen is the length of the object's interpolation queue.
func queueLen(o *object) int {
	if im := o.pm.Interpolation(); im != nil {
		return im.QueueLen()
	}
	return 0
}

// catchUpSpeed is adjust_offset's catch-up speed (seed 000 §4, READINGS.md
// item 10): 2 × get_adjusted_max_speed, or 7.5 m/s when that is below
// F_EPSILON or the object has no motion interpreter — the run's Constants
// (a what-if's -set) in place of the retail 2 and 7.5.
func catchUpSpeed(o *object) float32 {
	mod, fallback := o.pm.CatchUpConstants()
	var c float32
	if o.st.hasMI {
		c = float32(o.mi.AdjustedMaxSpeed() * mod)
	}
	if !(c >= interp.FEpsilon) {
		c = fallback
	}
	return c
}

// Metrics returns every object's glide metrics (in creation order, deleted
// objects included) over ticks 1 to Furthest. It is nil unless
// Options.Metrics was set.
func (q Query) Metrics() []ObjectMetrics {
	if !q.s.opts.Metrics {
		return nil
	}
	return q.s.metrics.result()
}

// Error distribution: one object's distances to the server truth, kept in
// bounded memory for the glide metrics' mean, 95th percentile and maximum
// (docs/formats.md, "Metrics", item 23). The mean and maximum are exact. The
// percentile is exact by nearest rank while an object has at most
// ExactErrorTicks measured ticks (every shipped recording and scenario);
// past that the samples are folded into a histogram of float32 values
// whose buckets are 1/64 of a power of two wide, and the percentile is the
// upper edge of the bucket holding the nearest rank (never above the
// maximum): at most 1.6 % above the exact value, never below it. Memory is
// then about 9 KiB an object whatever the length of the run, instead of
// 4 bytes an object-tick.

// ExactErrorTicks is how many measured ticks an object's error percentile
// is exact for; past it the percentile comes from the histogram.
const ExactErrorTicks = 4096

// Histogram layout: errors below 2^errMinExp m (a micrometre) share bucket
// 0; from there each power of two up to 2^errMaxExp m (32 km, past any
// distance in a landblock grid a client tracks) has 2^errMantBits buckets;
// larger errors share the last.
const (
	errMinExp   = -20
	errMaxExp   = 15
	errMantBits = 6
	errBuckets  = 1 + (errMaxExp-errMinExp)<<errMantBits + 1
)

// errorDist is one object's error samples.
type errorDist struct {
	n     int
	sum   float64
	max   float32
	exact []float32 // the samples, while n ≤ ExactErrorTicks
	hist  []uint32  // counts by errorBucket, once past it
}

// add records one tick's error.
func (d *errorDist) add(e float32) {
	d.n++
	d.sum += float64(e)
	d.max = max(d.max, e)
	if d.hist == nil {
		if len(d.exact) < ExactErrorTicks {
			d.exact = append(d.exact, e)
			return
		}
		d.hist = make([]uint32, errBuckets)
		for _, x := range d.exact {
			d.hist[errorBucket(x)]++
		}
		d.exact = nil
	}
	d.hist[errorBucket(e)]++
}

// errorBucket is the histogram bucket of a non-negative error: buckets are
// in the order of the values, since a non-negative float32's bits are.
func errorBucket(e float32) int {
	if !(e >= 0x1p-20) {
		return 0
	}
	if e >= 0x1p15 {
		return errBuckets - 1
	}
	b := math.Float32bits(e)
	exp := int(b>>23) - 127
	return 1 + (exp-errMinExp)<<errMantBits + int(b>>(23-errMantBits))&(1<<errMantBits-1)
}

// bucketTop is the upper edge of bucket i: the smallest error of bucket
// i+1 (the last bucket's is unbounded: +Inf).
func bucketTop(i int) float32 {
	switch {
	case i == 0:
		return 0x1p-20
	case i >= errBuckets-1:
		return float32(math.Inf(1))
	}
	i-- // from 2^errMinExp
	exp := errMinExp + i>>errMantBits
	mant := i&(1<<errMantBits-1) + 1
	return float32(math.Ldexp(1+float64(mant)/(1<<errMantBits), exp))
}

// stats summarises the samples.
func (d *errorDist) stats() ErrorStats {
	if d.n == 0 {
		return ErrorStats{}
	}
	rank := max(int(math.Ceil(ErrorPercentile/100.0*float64(d.n))), 1)
	out := ErrorStats{N: d.n, Mean: d.sum / float64(d.n), Max: float64(d.max)}
	if d.hist == nil {
		sorted := slices.Clone(d.exact)
		slices.Sort(sorted)
		out.P95 = float64(sorted[rank-1])
		return out
	}
	seen := 0
	for i, c := range d.hist {
		if seen += int(c); seen >= rank {
			out.P95 = float64(min(bucketTop(i), d.max))
			break
		}
	}
	return out
}

// Flags: the pops the glide metrics count, logged with the stage that moved
// the body most that tick, so a cause chain can say what made the jump
// (engine/explain). The stage displacements come from the stage record
// (Options.RecordStages); without it the stage is unknown.

// flagPop logs a pop of o from prev to pos.
func (s *Sim) flagPop(o *object, prev, pos *physics.Position) {
	if !s.logging {
		return
	}
	stage, moved := dominantStage(o)
	s.record(o.slot, eventlog.Event{GUID: o.guid, Kind: eventlog.EventPop, From: eventlog.PlaceOf(prev), To: eventlog.PlaceOf(pos),
		Stage: stage, Distance: moved, Contact: o.phys.InContact(),
		Sticky: stage == physics.StageAdjustOffset && (o.pm.StickyObjectID() != 0 || s.metrics.t[o.slot].g.stuck != 0)})
}

// dominantStage is the stage of o's last tick that displaced the body most
// (seed 003 §12): the root-motion and interpolation offsets by their length,
// the physics step, the collision sweep's correction and UseTime's snap by
// the distance between their input and output. physics.NumStages when no
// stage was recorded.
func dominantStage(o *object) (physics.Stage, float32) {
	r := o.phys.Record
	if r == nil {
		return physics.NumStages, 0
	}
	best, dist := physics.NumStages, float32(0)
	try := func(st physics.Stage, d float32) {
		if r.Ran[st] && d > dist {
			best, dist = st, d
		}
	}
	try(physics.StageRootMotion, r.Pos[physics.StageRootMotion].Frame.Origin.Len())
	try(physics.StageAdjustOffset, r.Pos[physics.StageAdjustOffset].Frame.Origin.Len())
	between := func(a, b physics.Stage) float32 {
		if !r.Ran[a] {
			return 0
		}
		return r.Pos[a].Offset(&r.Pos[b]).Len()
	}
	try(physics.StagePhysics, between(physics.StageCombine, physics.StagePhysics))
	try(physics.StageTransition, between(physics.StagePhysics, physics.StageTransition))
	try(physics.StageUseTime, between(physics.StageCommit, physics.StageUseTime))
	return best, dist
}
