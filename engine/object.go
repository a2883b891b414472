// Objects: one remote in the world — its physics object (CPhysicsObj) wired to
// its part array (CPartArray and CSequence, seed 002), its motion interpreter
// when it has one (CMotionInterp), its position manager (seed 000, seed 003
// §10) and a movement manager — plus what the engine keeps about it: whether
// it is alive, its last routing branch, the latest server truth. The
// attached objects (held items and statics, which are never stepped)
// follow.

package engine

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// object is one slot of the world. Slots are allocated once, when the Sim is
// made, one per header entity and one per create event, in that order; a
// slot's storage never moves, so the collaborators can point into it and a
// checkpoint can be restored into it without allocating.
//
// The fields every tick reads (the book's alive and contact, the physics
// object, its collaborators) come first, together; the stage record and the
// routing scratch, read only with a trace or on an update, come last.
type object struct {
	guid uint32
	slot int32
	st   objectBook

	phys  physics.Object
	pm    *interp.PositionManager
	mi    anim.MotionInterp
	parts *anim.PartArray
	sink  objectSink
	// mm is the movement manager the physics object points at (a pointer
	// into the slot: setting it on a restore allocates nothing).
	mm movementManager
	// mt is the MoveToManager, nil until the object's first move-to
	// UpdateMotion with parameters (moveto.go); MovementManager::UseTime
	// reads it every tick.
	mt *moveToBook

	name  string
	ent   *recording.Entity
	table int // index in Sim.tables
	// shape is the entity's Setup's shape, read from the dat files
	// (hasShape); it replaces the entity's radius and height.
	shape    SetupShape
	hasShape bool

	stages physics.StageRecord
	// update is the UpdatePosition being routed (scratch).
	update physics.PositionUpdate
	// belowGround is how far the last UpdatePosition delivered lay below
	// the dat ground (negative: above it), at tick groundTick; hasGround
	// says one was compared (world.go, runs with dat files).
	belowGround float32
	groundTick  int32
	hasGround   bool
}

// objectBook is the engine's own state of an object: plain values, copied
// whole into checkpoints.
type objectBook struct {
	// alive: created and not deleted.
	alive bool
	// hasMI: the object has a motion interpreter (header motion, or a
	// motion event).
	hasMI bool
	// contact is the Contact bit as last observed, for contact events.
	contact bool
	// created and deleted are the ticks of creation and deletion (−1: not
	// deleted).
	created, deleted int32

	// lastRoute is the branch of the last UpdatePosition, at lastRouteTick
	// (0 before the first).
	lastRoute     physics.Route
	lastRouteTick int32
	// lastStamps are that update's stamps beside the stored ones
	// (stamps.go), when hasStamps.
	lastStamps StampCheck
	hasStamps  bool
	// motionStamped: a motion event with stamps has been applied, so
	// update_times' MOVEMENT_TS and SERVER_CONTROLLED_MOVE_TS are the
	// messages' (stamps.go).
	motionStamped bool

	// truth is the latest server truth, received at truthTick.
	hasTruth  bool
	truthTick int32
	truth     physics.Position

	// The transition's events (transit.go): wall is what the body last
	// met, at wallTick (when wallOn); airTop the highest place of a fall
	// under way (when airborne).
	wall     eventlog.Hit
	wallOn   bool
	wallTick int32
	airborne bool
	airTop   eventlog.Place
}

// objectSink stamps the InterpolationManager's decisions with the object and
// hands them to the Sim (interp.Sink). Events are passed by value: emitting
// allocates nothing.
type objectSink struct {
	sim  *Sim
	slot int32
}

// Emit receives one decision of the object's InterpolationManager.
func (k *objectSink) Emit(e interp.Event) { k.sim.interpEvent(k.slot, &e) }

// pmBody is the physics object as the position manager sees it, with
// CPhysicsObj::GetRadius for the StickyManager's standoff
// (interp.RadiusBody): the object's Radius is a field, so the method lives
// here.
type pmBody struct{ *physics.Object }

// Radius is CPhysicsObj::GetRadius: the collision cylinder's radius.
func (b pmBody) Radius() float32 { return b.Object.Radius }

// newObject allocates the slot for ent.
func (s *Sim) newObject(slot int, ent *recording.Entity, table int) (*object, error) {
	o := &object{guid: ent.GUID, name: ent.Name, slot: int32(slot), ent: ent, table: table}
	o.sink = objectSink{sim: s, slot: int32(slot)}
	pm := interp.NewPositionManagerFor(pmBody{&o.phys}, s.policy)
	pm.SetLookup(stickyLookup{s})
	o.pm = pm
	o.parts = s.tables.fresh[table].Clone()
	return o, nil
}

// create brings slot's object into the world at tick: every collaborator in
// its default state, the header's stamps, placed at the entity's position
// (recording-v1 "Delivery semantics": on the ground if its z is the terrain
// height there, no motion applied).
func (s *Sim) create(o *object, tick int) {
	ent := o.ent
	o.phys = *physics.NewObject()
	o.phys.World, o.phys.FloorKey = s.world, ent.GUID
	o.phys.Radius, o.phys.Height = ent.Radius, ent.Height
	if o.hasShape {
		o.phys.Radius, o.phys.Height = o.shape.Radius, o.shape.Height
		if o.shape.StepUpHeight > 0 {
			o.phys.StepUpHeight = o.shape.StepUpHeight
		}
		if o.shape.StepDown > 0 {
			o.phys.StepDownHeight = o.shape.StepDown
		}
		o.phys.Spheres = o.shape.Spheres
	}
	o.phys.UpdateTimes[physics.StampInstance] = ent.Seq.Instance
	o.phys.UpdateTimes[physics.StampPosition] = ent.Seq.Position
	o.phys.UpdateTimes[physics.StampTeleport] = ent.Seq.Teleport
	o.phys.UpdateTimes[physics.StampForcePosition] = ent.Seq.ForcePosition
	o.phys.UpdateTimes[physics.StampVector] = ent.Seq.Vector

	o.parts.CopyFrom(s.tables.fresh[o.table])
	o.phys.PartArray = o.parts
	o.pm.Restore(&interp.Snapshot{})
	if s.sinkOn {
		o.pm.SetSink(&o.sink)
	}
	o.phys.PositionManager = o.pm
	o.mm = movementManager{o: o, leaveGround: s.reading.LeaveGroundVelocity}
	o.phys.MovementManager = &o.mm
	o.phys.Choices = physics.Choices{
		RootMotionOffWalkable:   s.reading.RootMotionOffWalkable,
		DeadbandAfterFriction:   s.reading.DeadbandAfterFriction,
		InterpolateAtBubbleEdge: s.reading.InterpolateAtBubbleEdge,
	}
	o.mi = *anim.NewMotionInterp()
	o.mt = nil
	o.st = objectBook{alive: true, created: int32(tick), deleted: -1}
	if ent.HasMotion {
		// The reader allows any finite run rate; SetRunRate refuses a
		// negative one, which then keeps the default 1.
		_ = o.mi.SetRunRate(ent.RunRate)
		o.giveMotionInterp()
	}
	if s.opts.RecordStages {
		o.stages = physics.StageRecord{}
		if !s.stagesOff {
			o.phys.Record = &o.stages
		}
	}
	// Placement: exactly at the position when the body fits there;
	// otherwise pushed clear of the obstacle it overlaps (the sliding
	// placement). A body that fits nowhere stays out of the world (cell 0)
	// until an UpdatePosition teleports it in (seed 004 §3 branch A).
	if o.phys.SetPosition(&ent.Pos, physics.SetPositionPlacement) != physics.SetPositionOK {
		o.phys.SetPosition(&ent.Pos, physics.SetPositionPlacement|physics.SetPositionSlide)
	}
	o.st.contact = o.phys.InContact()
}

// giveMotionInterp makes the object's motion interpreter visible to physics
// and interp (CPhysicsObj::get_minterp no longer returns null).
func (o *object) giveMotionInterp() {
	o.st.hasMI = true
	o.phys.MotionInterpreter = &o.mi
}

// Attached objects: held items and statics. A held item (Recording v1
// entity parent: a wielded weapon, a shield — a CreateObject's PhysicsDesc
// parent, ACE WorldObject_Networking SerializePhysicsData) is carried by its
// holder; a static object (entity static: a door, a chest, a portal) is
// part of the world. Neither is a remote the client's motion pipeline
// moves: they are never stepped, the position, motion and vector updates
// addressed to them are not routed, a held item is drawn where its holder
// is (what the player holds, where the observer is), and per-object
// reports and the states and events tables leave them out (statics come
// back with Options.Statics, `viewer run -statics`).

// attached says whether the object is held by another (entity parent) or
// part of the world (entity static): it is never simulated.
func (o *object) attached() bool { return o.ent.Parent != 0 || o.ent.Static }

// attachedIgnores says which events an attached object does not take: the
// ones that would move it.
func attachedIgnores(k recording.Kind) bool {
	return k == recording.KindPosition || k == recording.KindMotion || k == recording.KindVector
}

// drawnPosition is where an object is drawn: a held item at its holder's
// position while the holder is a live object of the run, an item the
// player holds (entity parent "observer", recording.ObserverTarget: a
// capture's player is no entity of the recording) at the observer's
// latest position once the recording has placed the observer, else its
// own.
func (q Query) drawnPosition(o *object) physics.Position {
	s := q.s
	switch p := o.ent.Parent; {
	case p == 0:
	case p == recording.ObserverTarget:
		if s.hasObserver {
			return s.observer
		}
	default:
		if h := s.find(p); h != nil && h != o {
			return h.phys.Position()
		}
	}
	return o.phys.Position()
}

// reported says whether an object's metrics go into the per-object
// report: never a held item's; a static object's only when asked.
func reported(e *recording.Entity, statics bool) bool {
	switch {
	case e.Parent != 0:
		return false
	case e.Static:
		return statics
	}
	return true
}

// tabled says whether an object has rows in the states and events tables
// (Tables v1): those of the per-object report — never a held item, a
// static only with Options.Statics.
func tabled(o *object, statics bool) bool { return reported(o.ent, statics) }

// noteAttached remembers the guid of an attached slot.
func (s *Sim) noteAttached(guid uint32) {
	if s.attachedGUIDs == nil {
		s.attachedGUIDs = make(map[uint32]struct{})
	}
	s.attachedGUIDs[guid] = struct{}{}
	s.anyAttached = true
}

// tabledGUID says whether the events of guid at the current tick go into
// the events table: those of an object that was never attached at once;
// else those of the live object (or, past its delete, the newest slot)
// with that guid when it is tabled — a guid is used again by an object
// created again, free or held (a ParentEvent).
func (q Query) tabledGUID(guid uint32) bool {
	s := q.s
	if _, ok := s.attachedGUIDs[guid]; !ok {
		return true
	}
	o := s.find(guid)
	for i := s.nslots - 1; o == nil && i >= 0; i-- {
		if s.slots[i].guid == guid {
			o = s.slots[i]
		}
	}
	return o == nil || tabled(o, s.opts.Statics)
}

// SlotBody is what the per-object report says of slot j's object besides
// its metrics (Query.Metrics holds the slots in the same order): its guid,
// whether the report lists it (reported), whether it is a held item or a
// static (neither is simulated), its cylinder and its Setup (0 for none).
// ok is false past the last slot.
type SlotBody struct {
	GUID           uint32
	Reported       bool
	Held, Static   bool
	Radius, Height float32
	Setup          uint32
}

// SlotBody describes slot j's object for the per-object report.
func (q Query) SlotBody(j int) (b SlotBody, ok bool) {
	if j >= len(q.s.slots) {
		return SlotBody{}, false
	}
	o := q.s.slots[j]
	b = SlotBody{GUID: o.guid, Reported: reported(o.ent, q.s.opts.Statics), Setup: o.ent.Setup,
		Held: o.ent.Parent != 0, Static: o.ent.Static && o.ent.Parent == 0}
	b.Radius, b.Height = o.bodySize()
	return b, true
}

// RecordsStages reports whether the Sim keeps per-stage records
// (Options.RecordStages).
func (q Query) RecordsStages() bool { return q.s.opts.RecordStages }
