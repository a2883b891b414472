// Query: the read-only side of a Sim — log queries (events, causes, notes,
// stamp checks, expectations), views of the current tick (objects, queues,
// state rows, metrics, the state hash) and the world's description — as a
// type of its own, apart from the driver (New, Step, Seek, RunAll, options,
// delivering events), which stays on Sim. Nothing here changes the run: a
// Query only reads what the Sim has stored (STYLE.md points 3, 4, 7). The
// compact state rows and the state hash follow; the views are in view.go,
// the log's queries in log.go.

package engine

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/trace"
	"glidepath/interp"
	"glidepath/physics"
)

// Query reads a Sim's stored history and current state. It is a small
// value over the Sim (the zero Query is not usable); take one with
// Sim.Query whenever needed: it stays valid as the Sim steps and seeks, and
// every answer is about the Sim's state when the method is called.
type Query struct {
	s *Sim
}

// Query returns the read-only query API over the Sim's stored run.
func (s *Sim) Query() Query { return Query{s: s} }

// Tick, TickRate and Reading are Sim.Tick, Sim.TickRate and Sim.Reading, so
// that a Query is all a reader of the run needs (trace.Run, for one).
func (q Query) Tick() int { return q.s.tick }

// TickRate is Sim.TickRate: the run's ticks per second.
func (q Query) TickRate() int { return q.s.rate }

// Reading is Sim.Reading: the run's reading of the pipeline.
func (q Query) Reading() interp.Reading { return q.s.reading }

// State rows: every live object's committed state after the current tick,
// compactly — what a Trace v1 state row holds — for sinks that compare or
// tabulate every object every tick (diff) without the cost of full views.

// StateRow is one live object after the current tick.
type StateRow struct {
	GUID uint32
	// Cell and Origin are m_position's (the heading, which costs an atan2,
	// is Query.RowHeading's).
	Cell   uint32
	Origin mgl32.Vec3
	// Queue is the interpolation queue's length, Fail node_fail_counter.
	Queue, Fail int
	// Contact is transient_state & 1.
	Contact bool

	slot int32
}

// States appends every live object's row, in header-then-creation order
// (the order of Trace v1's state rows), to dst and returns it.
func (q Query) States(dst []StateRow) []StateRow {
	for _, o := range q.s.slots[:q.s.nslots] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.PositionRef()
		r := StateRow{GUID: o.guid, Cell: pos.Cell, Origin: pos.Frame.Origin,
			Queue: queueLen(o), Contact: o.phys.InContact(), slot: o.slot}
		if im := o.pm.Interpolation(); im != nil {
			r.Fail = int(im.FailCounter())
		}
		dst = append(dst, r)
	}
	return dst
}

// RowHeading is the current heading, degrees clockwise from north, of the
// object of a row States gave for the current tick.
func (q Query) RowHeading(r *StateRow) float32 {
	if r.slot < 0 || int(r.slot) >= len(q.s.slots) {
		return 0
	}
	return q.s.slots[r.slot].phys.Heading()
}

// TraceStates appends the current tick's Trace v1 state rows, one per live
// object in header-then-creation order, to dst and returns it (what
// trace.RunWriter writes).
func (q Query) TraceStates(dst []trace.State) []trace.State {
	for _, o := range q.s.slots[:q.s.nslots] {
		if !o.st.alive {
			continue
		}
		dst = append(dst, trace.State{})
		traceState(q.s.tick, o, &dst[len(dst)-1])
	}
	return dst
}

// traceState sets row to o's Trace v1 state row after tick.
func traceState(tick int, o *object, row *trace.State) {
	pos := o.phys.PositionRef()
	*row = trace.State{
		Tick:    tick,
		GUID:    o.guid,
		Cell:    pos.Cell,
		Origin:  pos.Frame.Origin,
		Heading: o.phys.Heading(),
		Queue:   queueLen(o),
		Contact: o.phys.InContact(),
	}
	if im := o.pm.Interpolation(); im != nil {
		row.Fail = int(im.FailCounter())
	}
}

// KeepsEventLog reports whether the Sim keeps its event log
// (Options.EventLog).
func (q Query) KeepsEventLog() bool { return q.s.opts.EventLog }

// State hash: a deterministic FNV-64a digest of the whole state at the
// current tick, over the bits of every float — how seeking is tested against
// a straight run (STYLE.md point 9) and how two runs are compared cheaply.

// hasher writes values into an FNV-64a hash.
type hasher struct {
	h   hash.Hash64
	buf [8]byte
}

func (h *hasher) u64(v uint64) {
	binary.LittleEndian.PutUint64(h.buf[:], v)
	h.h.Write(h.buf[:])
}
func (h *hasher) u32(v uint32) {
	binary.LittleEndian.PutUint32(h.buf[:4], v)
	h.h.Write(h.buf[:4])
}
func (h *hasher) i(v int)          { h.u64(uint64(int64(v))) }
func (h *hasher) f32(v float32)    { h.u32(math.Float32bits(v)) }
func (h *hasher) f64(v float64)    { h.u64(math.Float64bits(v)) }
func (h *hasher) vec(v mgl32.Vec3) { h.f32(v[0]); h.f32(v[1]); h.f32(v[2]) }
func (h *hasher) b(v bool) {
	if v {
		h.u32(1)
	} else {
		h.u32(0)
	}
}
func (h *hasher) pos(p *physics.Position) {
	h.u32(p.Cell)
	h.vec(p.Frame.Origin)
	h.f32(p.Frame.Rot.W)
	h.vec(p.Frame.Rot.V)
}

// StateHash digests the state at the current tick: the tick, the delivery
// cursor, the observer, and for every object created so far its engine
// bookkeeping, physics state (position, velocities, state bits, contact
// plane, stamps), position manager (interpolation counters, stall window,
// queue, constraint, sticky), motion interpreter and animation sequence.
// Equal states hash equally on every run and platform.
func (q Query) StateHash() uint64 {
	h := &hasher{h: fnv.New64a()}
	h.i(q.s.tick)
	h.i(q.s.cursor)
	h.i(q.s.nslots)
	h.b(q.s.hasObserver)
	h.pos(&q.s.observer)
	var nodes []interp.Node
	for _, o := range q.s.slots[:q.s.nslots] {
		h.u32(o.guid)
		st := &o.st
		h.b(st.alive)
		h.b(st.hasMI)
		h.b(st.contact)
		h.i(int(st.created))
		h.i(int(st.deleted))
		h.i(int(st.lastRoute))
		h.i(int(st.lastRouteTick))
		h.b(st.hasTruth)
		h.i(int(st.truthTick))
		h.pos(&st.truth)
		h.b(st.motionStamped)

		p := &o.phys
		pos := p.Position()
		h.pos(&pos)
		h.u32(uint32(p.State))
		h.u32(uint32(p.TransientState))
		h.vec(p.Velocity)
		h.vec(p.Acceleration)
		h.vec(p.Omega)
		h.vec(p.CachedVelocity)
		h.vec(p.ContactPlane.N)
		h.f32(p.ContactPlane.D)
		h.u32(p.ContactPlaneCellID)
		h.vec(p.SlidingNormal)
		for _, t := range p.UpdateTimes {
			h.u32(uint32(t))
		}
		h.f32(p.PlayerDistance)
		h.b(p.JumpedThisFrame)

		is := o.pm.InterpolationState()
		h.i(is.QueueLen)
		h.i(int(is.FailCounter))
		h.i(int(is.FrameCounter))
		h.f32(is.OriginalDistance)
		h.f32(is.ProgressQuantum)
		h.b(is.KeepHeading)
		h.pos(&is.BliptoPosition)
		nodes = o.pm.Nodes(nodes[:0])
		for i := range nodes {
			h.i(int(nodes[i].Type))
			h.pos(&nodes[i].Position)
			h.vec(nodes[i].Velocity)
		}
		cs, ok := o.pm.ConstraintState()
		h.b(ok)
		h.b(cs.Constrained)
		h.pos(&cs.Position)
		h.f32(cs.Start)
		h.f32(cs.Max)
		h.f32(cs.Offset)
		h.f32(cs.LastScale)
		ss, ok := o.pm.StickyState()
		h.b(ok)
		h.u32(ss.TargetID)
		h.pos(&ss.TargetPosition)
		h.f64(ss.TimeoutTime)
		h.f64(o.pm.Now())

		ms := o.mi.State()
		h.i(int(ms.Forward))
		h.f32(ms.ForwardSpeed)
		h.i(int(ms.Sidestep))
		h.f32(ms.SidestepSpeed)
		h.i(int(ms.Turn))
		h.f32(ms.TurnSpeed)
		h.b(ms.MovingTo)
		h.f32(o.mi.MyRunRate())

		seq := o.parts.Sequence()
		h.i(seq.NumNodes())
		h.i(seq.CurrentIndex())
		h.i(seq.FirstCyclicIndex())
		h.f64(seq.FrameNumber())
		h.vec(seq.Velocity())
		h.vec(seq.Omega())
		for i := range seq.NumNodes() {
			n := seq.Node(i)
			h.f32(n.Framerate)
			h.i(int(n.LowFrame))
			h.i(int(n.HighFrame))
		}
		cycle, speed := o.parts.Cycle()
		h.i(int(cycle))
		h.f32(speed)
	}
	return h.h.Sum64()
}
