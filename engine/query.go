// Query: the read-only side of a Sim — log queries (events, causes, notes,
// stamp checks, expectations), views of the current tick (objects, queues,
// state rows, metrics, the state hash) and the world's description — as a
// type of its own, apart from the driver (New, Step, Seek, RunAll, options,
// delivering events), which stays on Sim. Nothing here changes the run: a
// Query only reads what the Sim has stored (STYLE.md points 3, 4, 7). The
// state hash and the views of the current tick follow; the compact state
// rows are in staterow.go, the log's queries in log.go.

package engine

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
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

// Views: the read-only state at the current tick, as the viewer queries it
// (STYLE.md points 3, 4, 7). Objects are named by guid, never by pointer, so
// a seek — which rebuilds the state — does not invalidate a selection. Every
// view is a value copy; nothing here changes the run.

// ObjectView is one live object at the current tick.
type ObjectView struct {
	GUID uint32
	Name string
	// Parent is the holder of a held item and Static marks an object of
	// the world (Recording v1 entity parent, static): neither is
	// simulated; a held item is drawn at its holder (object.go).
	Parent uint32
	Static bool
	// Slot is the object's slot: its place in creation order for the whole
	// run, stable across seeks, for NodesAt (a lookup without a search).
	Slot int
	// Created is the tick the object was created in.
	Created int

	// Position is m_position, the committed body position; Heading its
	// heading in degrees clockwise from north.
	Position physics.Position
	Heading  float32
	// Velocity and Omega are m_velocityVector and m_omegaVector.
	Velocity, Omega mgl32.Vec3
	// Contact is transient_state & 1, OnWalkable & 2, Active & 0x80.
	Contact, OnWalkable, Active bool
	// Radius and Height are the body's cylinder.
	Radius, Height float32
	// PlayerDistance is the observer's distance to the body now (0 without
	// an observer).
	PlayerDistance float32

	// Interp is the InterpolationManager's state (queue length, counters,
	// the stall window, blipto_position).
	Interp interp.InterpolationState
	// Queue is the InterpolationManager's queue, head first, as
	// ObjectsQueued fills it (nil from Objects and Object: Nodes and
	// NodesAt give it).
	Queue []interp.Node
	// Constraint is the ConstraintManager's state, when Constrained.
	Constraint  interp.ConstraintState
	Constrained bool
	// Sticky is the StickyManager's state (target, its radius and last
	// known position, the timeout) while Stuck: the object is stuck to
	// Sticky.TargetID and its offset is the sticky pull (docs/formats.md
	// "Movement types").
	Sticky interp.StickyState
	Stuck  bool
	// StickyStandoff is the distance between centres the sticky pull stops
	// at, while Stuck: both radii and interp.StickyRadius.
	StickyStandoff float32
	// MoveTo is a copy of the MoveToManager's state (its type, pending
	// nodes, commands, target and the last result), nil when the object
	// never had a move-to (docs/formats.md "Movement types").
	MoveTo *interp.MoveToState
	// CatchUpSpeed is adjust_offset's catch-up speed, m/s (seed 000 §4).
	CatchUpSpeed float32

	// HasMotion says the object has a motion interpreter; Motion is its
	// interpreted state.
	HasMotion bool
	Motion    anim.InterpretedState

	// LastRoute is the branch of the last UpdatePosition, received at
	// LastRouteTick (0: none yet); UpdateTimes are the stamps now.
	LastRoute     physics.Route
	LastRouteTick int
	UpdateTimes   [physics.NumStamps]uint16
	// LastStamps are the last UpdatePosition's stamps beside the ones
	// stored when it arrived (stamps.go), when HasStamps.
	LastStamps StampCheck
	HasStamps  bool

	// Truth is the latest server truth, received at TruthTick, when
	// HasTruth.
	Truth     physics.Position
	TruthTick int
	HasTruth  bool

	// Stages is what each stage of the object's last tick produced; all
	// zero unless Options.RecordStages.
	Stages physics.StageRecord

	// Spheres are the body's collision spheres in its own frame (the
	// Setup's, else those derived from Radius and Height:
	// physics.Object.BodySpheres), NumSpheres of them.
	Spheres    [2]physics.Sphere
	NumSpheres int
	// ContactPlane is contact_plane, in the landblock of
	// ContactPlaneCell, valid while Contact; SlidingNormal is
	// sliding_normal, valid while Sliding (transient_state's sliding bit).
	ContactPlane     physics.Plane
	ContactPlaneCell uint32
	SlidingNormal    mgl32.Vec3
	Sliding          bool
}

// Objects appends a view of every live object, in header-then-creation
// order, to dst and returns it.
func (q Query) Objects(dst []ObjectView) []ObjectView {
	for _, o := range q.s.slots[:q.s.nslots] {
		if o.st.alive {
			dst = append(dst, q.view(o))
		}
	}
	return dst
}

// ObjectsQueued is Objects with each view's Queue: it appends the views to
// dst and their queues, head first and object by object, to nodes, and
// returns both; each Queue is a slice of the returned nodes.
func (q Query) ObjectsQueued(dst []ObjectView, nodes []interp.Node) ([]ObjectView, []interp.Node) {
	first, start := len(dst), len(nodes)
	for _, o := range q.s.slots[:q.s.nslots] {
		if o.st.alive {
			dst = append(dst, q.view(o))
			n := len(nodes)
			nodes = o.pm.Nodes(nodes)
			dst[len(dst)-1].Queue = nodes[n:len(nodes):len(nodes)]
		}
	}
	// nodes may have moved while it grew: point every queue at where it is now.
	off := start
	for i := range dst[first:] {
		v := &dst[first+i]
		k := len(v.Queue)
		v.Queue = nodes[off : off+k : off+k]
		off += k
	}
	return dst, nodes
}

// BriefView is the little of a live object a per-tick record needs (the
// viewer's history): cheaper to take every tick than an ObjectView — no
// InterpolationState (112 bytes, its blip-to position and stall window
// unread) and no copy of the queue beyond its head.
type BriefView struct {
	GUID     uint32
	Name     string
	Slot     int
	Position physics.Position
	// Heading is the body's heading, degrees clockwise from north
	// (ObjectView.Heading).
	Heading float32
	Contact bool
	// QueueLen and FailCounter are the InterpolationManager's queue length
	// and node_fail_counter; Head is its queue's head, when QueueLen > 0.
	QueueLen    int
	FailCounter int32
	Head        interp.Node
	Truth       physics.Position
	HasTruth    bool
}

// Briefs appends the brief view of every live object, in the order of
// Objects, to dst and returns it.
func (q Query) Briefs(dst []BriefView) []BriefView {
	for _, o := range q.s.slots[:q.s.nslots] {
		if !o.st.alive {
			continue
		}
		pos := o.phys.Position()
		if o.ent.Parent != 0 {
			pos = q.drawnPosition(o) // a held item's trail is its holder's
		}
		dst = append(dst, BriefView{
			GUID: o.guid, Name: o.name, Slot: int(o.slot), Position: pos, Heading: o.phys.Heading(),
			Contact: o.phys.InContact(), Truth: o.st.truth, HasTruth: o.st.hasTruth,
		})
		if m := o.pm.Interpolation(); m != nil {
			b := &dst[len(dst)-1]
			b.QueueLen, b.FailCounter = m.QueueLen(), m.FailCounter()
			if b.QueueLen > 0 {
				b.Head, _ = m.Node(0)
			}
		}
	}
	return dst
}

// Named is an object's guid and name.
type Named struct {
	GUID uint32
	Name string
}

// Roster appends the guid and name of every object created so far, alive
// or deleted, in header-then-creation order — the objects of Metrics, in
// its order, without the metrics on — to dst and returns it.
func (q Query) Roster(dst []Named) []Named {
	for _, o := range q.s.slots[:q.s.nslots] {
		dst = append(dst, Named{GUID: o.guid, Name: o.name})
	}
	return dst
}

// Object returns the view of the live object guid; ok is false when no live
// object has that guid at the current tick.
func (q Query) Object(guid uint32) (v ObjectView, ok bool) {
	if o := q.s.find(guid); o != nil {
		return q.view(o), true
	}
	return ObjectView{}, false
}

// Nodes appends the interpolation queue of the live object guid, head
// first, to dst (dst is returned unchanged when there is no such object).
func (q Query) Nodes(guid uint32, dst []interp.Node) []interp.Node {
	if o := q.s.find(guid); o != nil {
		return o.pm.Nodes(dst)
	}
	return dst
}

// NodesAt appends the interpolation queue of the live object in slot (an
// ObjectView's Slot), head first, to dst; dst is returned unchanged when the
// slot holds no live object. Unlike Nodes it does not search.
func (q Query) NodesAt(slot int, dst []interp.Node) []interp.Node {
	if slot >= 0 && slot < q.s.nslots && q.s.slots[slot].st.alive {
		return q.s.slots[slot].pm.Nodes(dst)
	}
	return dst
}

// Observer is the local player's position, when the recording has one.
func (q Query) Observer() (pos physics.Position, ok bool) { return q.s.observer, q.s.hasObserver }

// find returns the live object guid, or nil.
func (s *Sim) find(guid uint32) *object {
	for _, o := range s.slots[:s.nslots] {
		if o.st.alive && o.guid == guid {
			return o
		}
	}
	return nil
}

// view builds an object's view (a held item where its holder is:
// object.go).
func (q Query) view(o *object) ObjectView {
	v := ObjectView{
		GUID:           o.guid,
		Name:           o.name,
		Parent:         o.ent.Parent,
		Static:         o.ent.Static,
		Slot:           int(o.slot),
		Created:        int(o.st.created),
		Position:       q.drawnPosition(o),
		Heading:        o.phys.Heading(),
		Velocity:       o.phys.Velocity,
		Omega:          o.phys.Omega,
		Contact:        o.phys.InContact(),
		OnWalkable:     o.phys.OnWalkable(),
		Active:         o.phys.IsActive(),
		Radius:         o.phys.Radius,
		Height:         o.phys.Height,
		PlayerDistance: q.playerDistance(o),
		Interp:         o.pm.InterpolationState(),
		CatchUpSpeed:   catchUpSpeed(o),
		HasMotion:      o.st.hasMI,
		LastRoute:      o.st.lastRoute,
		LastRouteTick:  int(o.st.lastRouteTick),
		UpdateTimes:    o.phys.UpdateTimes,
		LastStamps:     o.st.lastStamps,
		HasStamps:      o.st.hasStamps,
		Truth:          o.st.truth,
		TruthTick:      int(o.st.truthTick),
		HasTruth:       o.st.hasTruth,
		Stages:         o.stages,
	}
	v.Spheres, v.NumSpheres = o.phys.BodySpheres()
	if v.Contact {
		v.ContactPlane, v.ContactPlaneCell = o.phys.ContactPlane, o.phys.ContactPlaneCellID
	}
	if o.phys.TransientState&physics.TransientSliding != 0 {
		v.Sliding, v.SlidingNormal = true, o.phys.SlidingNormal
	}
	v.Constraint, v.Constrained = o.pm.ConstraintState()
	if st, ok := o.pm.StickyState(); ok && st.TargetID != 0 {
		v.Sticky, v.Stuck = st, true
		v.StickyStandoff = v.Radius + st.TargetRadius + interp.StickyRadius
	}
	if o.st.hasMI {
		v.Motion = o.mi.State()
	}
	if o.mt != nil {
		mt := o.mt.mgr.St
		v.MoveTo = &mt
	}
	return v
}

// Events returns the event log from tick 0 to the current tick, in the order
// the events happened, as a new slice (the log is stored packed: for long
// runs read it entry by entry with NumEvents and EventAt). Empty unless
// Options.EventLog. A streamed Sim (NewStream) keeps only the current
// tick's events.
func (q Query) Events() []eventlog.Event {
	if q.s.feed != nil {
		return q.copyEvents(len(q.s.log))
	}
	return q.copyEvents(int(q.s.tickEnd[q.s.tick]))
}

// AllEvents returns the event log up to Furthest (the whole run after
// RunAll) as a new slice; a streamed Sim's is the current tick's.
func (q Query) AllEvents() []eventlog.Event { return q.copyEvents(len(q.s.log)) }

// copyEvents unpacks the first n entries of the log into a new slice.
func (q Query) copyEvents(n int) []eventlog.Event {
	s := q.s
	out := make([]eventlog.Event, n)
	for i := range out {
		out[i] = s.unpack(i)
	}
	return out
}

// EventsAt returns the events of tick k (none past Furthest; a streamed
// Sim has only the current tick's) in a buffer the next call reuses.
func (q Query) EventsAt(k int) []eventlog.Event {
	if q.s.feed != nil {
		if k != q.s.tick {
			return nil
		}
		return q.s.unpackRange(0, len(q.s.log))
	}
	if k < 0 || k > q.s.furthest {
		return nil
	}
	start := int32(0)
	if k > 0 {
		start = q.s.tickEnd[k-1]
	}
	return q.s.unpackRange(int(start), int(q.s.tickEnd[k]))
}
