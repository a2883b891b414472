// Delivery: step 1 of a tick (recording-v1 "Delivery semantics") — every
// event due by k·dt, in file order. An UpdatePosition is routed at once:
// SmartBox::UnpackPositionEvent's instance check, HandleReceivedPosition's
// position stamp, CPhysicsObj::MoveOrTeleport and ConstrainTo (seed 004
// §0–§4); motion and vector updates apply at once; truth is kept aside,
// never delivered to the pipeline.

package engine

import (
	"context"
	"math"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// deliverDue delivers the events due in tick k: the recording's, or the
// stream's as it is read (stream.go).
func (s *Sim) deliverDue(k int) {
	if s.feed != nil {
		s.feed.deliverDue(s, k)
		return
	}
	st := s.store
	st.mu.RLock()
	defer st.mu.RUnlock()
	if s.growing {
		if st.through() < k {
			// Tick k's events are not all read yet: wait for them
			// (eventstore.go).
			st.mu.RUnlock()
			_ = st.Wait(context.Background(), k)
			st.mu.RLock()
		}
		s.refreshLocked()
	}
	end := st.end(k)
	if s.cursor < end && s.posAt != s.cursor {
		s.pos, s.posAt = st.seek(s.cursor), s.cursor // after a seek
	}
	for s.cursor < end {
		i := s.cursor
		target := st.decode(&s.pos, i, &s.ev)
		if int(target) >= len(s.slots) {
			s.addStoreSlots(int(target) + 1) // created after the Sim was made
		}
		s.cursor++
		s.posAt = s.cursor
		s.source = int32(i)
		s.deliver(&s.ev, target)
	}
}

// addStoreSlots makes the slots of the store's objects up to n, met since
// the Sim was made (a growing store); the store's lock is held. The store
// checked each create against the same motion tables, so making the slot
// cannot fail where the store's succeeded.
func (s *Sim) addStoreSlots(n int) {
	st := s.store
	for h := len(st.rec.Header.Entities); len(s.slots) < n; {
		c := st.creates[len(s.slots)-h]
		if err := s.addSlot(c.ent); err != nil {
			panic(err) // the store made this slot with the same tables
		}
	}
}

// deliver hands one event, about slot target (−1: none), to the pipeline.
func (s *Sim) deliver(ev *recording.Event, target int32) {
	var o *object
	if target >= 0 {
		o = s.slots[target]
	}
	if o != nil && o.attached() && attachedIgnores(ev.Kind) {
		return
	}
	switch ev.Kind {
	case recording.KindPosition:
		s.deliverPosition(o, &ev.Update)
	case recording.KindMotion:
		s.deliverMotion(o, &ev.Motion)
	case recording.KindVector:
		s.deliverVector(o, &ev.Vector)
	case recording.KindCreate:
		s.create(o, s.tick)
		s.nslots = int(target) + 1
		s.emit(o, eventlog.Event{Kind: eventlog.EventCreate})
	case recording.KindDelete:
		o.st.alive = false
		o.st.deleted = int32(s.tick)
		s.unstickFrom(o.guid)
		s.emit(o, eventlog.Event{Kind: eventlog.EventDelete})
		if s.opts.Metrics && s.glides {
			s.endSpans(o, &s.metrics.t[o.slot])
		}
	case recording.KindObserver:
		s.hasObserver, s.observer = true, ev.Pos
	case recording.KindTruth:
		o.st.hasTruth, o.st.truthTick, o.st.truth = true, int32(s.tick), ev.Pos
	case recording.KindNote:
		var guid uint32
		if ev.HasGUID {
			guid = ev.GUID
		}
		s.record(-1, eventlog.Event{Kind: eventlog.EventNote, GUID: guid})
	}
}

// deliverPosition routes an UpdatePosition (seed 004 §0–§4). player_distance
// is the observer's distance to the body at this moment (0 without an
// observer). A teleport or slide that placed the body is a snap.
func (s *Sim) deliverPosition(o *object, up *recording.UpdatePosition) {
	s.noteRecordedGround(o, up)
	o.phys.PlayerDistance = s.Query().playerDistance(o)
	from := eventlog.PlaceOf(o.phys.PositionRef()) // all a snap event keeps of it
	// The update lives in the object: a pointer to a local handed through
	// the position manager's interface would escape to the heap.
	u := &o.update
	*u = physics.PositionUpdate{
		Position:           up.Pos,
		Velocity:           up.Velocity,
		PlacementID:        up.Placement,
		HasContact:         up.Grounded,
		InstanceStamp:      up.Seq.Instance,
		PositionStamp:      up.Seq.Position,
		TeleportStamp:      up.Seq.Teleport,
		ForcePositionStamp: up.Seq.ForcePosition,
	}
	// The route row comes before what routing caused (the enqueue), so its
	// place in the log is taken first and its branch filled in after.
	at := s.reserve(o)
	if at >= 0 {
		// The route keeps player_distance as routing reads it (seed 004
		// §3), for the cause chains.
		s.log[at].y = math.Float32bits(o.phys.PlayerDistance)
	}
	s.noteStamps(at, o, u)
	o.st.lastStamps, o.st.hasStamps = stampCheckOf(o, u), true
	qBefore := queueLen(o)
	r := o.phys.UnpackPositionEvent(u)
	if r == physics.RouteInterpolate && s.opts.Metrics && !s.replay {
		s.metrics.noteRoute(s, o, &u.Position, qBefore)
	}
	s.fill(at, o, r)
	o.st.lastRoute, o.st.lastRouteTick = r, int32(s.tick)
	if r == physics.RouteTeleport || r == physics.RouteSlide {
		s.emit(o, eventlog.Event{Kind: eventlog.EventSnap, From: from, To: eventlog.PlaceOf(o.phys.PositionRef())})
	}
	s.checkContact(o)
}

// playerDistance is player_distance: the distance from the observer to the
// object's body, 0 when there is no observer (recording-v1 "Header").
func (q Query) playerDistance(o *object) float32 {
	s := q.s
	if !s.hasObserver {
		return 0
	}
	return s.observer.Distance(o.phys.PositionRef())
}

// deliverMotion applies an UpdateMotion: the object gets a motion
// interpreter if it had none; a motion with stamps passes the stamp gate
// first (stamps.go); then, as MovementManager::unpack_movement
// (0x00524440, acclient.c:339491) does, the object is unstuck
// (unstick_from_object), and CMotionInterp::move_to_interpreted_state /
// apply_interpreted_movement set the sequence's cycle (anim.MotionInterp.
// ApplyInterpreted), or a move-to type goes to the MoveToManager; an
// interpreted state with a sticky object then sticks the mover to it
// (CPhysicsObj::stick_to_object). The state was validated when the Sim was
// made.
func (s *Sim) deliverMotion(o *object, m *recording.Motion) {
	if !o.st.hasMI {
		o.giveMotionInterp()
	}
	ev := eventlog.Event{Kind: eventlog.EventMotion}
	if m.HasSeq {
		ev.Stored = motionStored(o)
		ev.Gate = gateMotion(o, m.Seq)
		if !ev.Gate.Applied() {
			s.emit(o, ev)
			return
		}
	}
	// unpack_movement unsticks on every movement; no shipped input sends
	// one while an object is stuck, so this changed no trace.
	o.pm.Unstick()
	if m.MovementType != recording.InterpretedCommand {
		if m.HasRunRate && s.opts.Metrics && !s.replay {
			s.metrics.noteRunRate(o.slot)
		}
		s.deliverMoveTo(o, m)
		s.emit(o, ev)
		return
	}
	if mgr := o.moveTo(s.Query().Time()); mgr != nil {
		// move_to_interpreted_state begins with cancel_moveto (ACE
		// MotionInterp.cs): an interpreted UpdateMotion ends a move-to.
		mgr.CancelMoveTo(interp.MoveResultCancelled)
		syncMovingTo(o)
	}
	_ = o.mi.ApplyInterpreted(interpretedState(m), o.parts)
	if (m.HasRunRate || m.Forward == recording.RunForward) && s.opts.Metrics && !s.replay {
		s.metrics.noteRunRate(o.slot)
	}
	if m.NumActions > 0 {
		// The action half of move_to_interpreted_state: each action with a
		// newer stamp goes through DoInterpretedMotion to PlayAction (seed
		// 002; ACE MotionInterp.cs). contact_allows_move: a creature with
		// gravity acts only standing on walkable ground.
		var buf [recording.MaxActions]anim.Action
		canMove := o.phys.State&physics.StateGravity == 0 || o.phys.InContact() && o.phys.OnWalkable()
		_, _ = o.mi.PlayActions(animActions(m, buf[:0]), o.parts, canMove)
	}
	if m.StickTo != 0 {
		s.stickToObject(o, m.StickTo)
	}
	s.emit(o, ev)
}

// stickToObject is CPhysicsObj::stick_to_object (ACE PhysicsObj.cs): when
// the target is known, PositionManager::StickTo with its radius; the
// StickyManager then pulls the body to 0.3 m from the target's cylinder at
// 5 × max_speed until its 1 s timeout (interp/sticky.go). The target's
// position is snapshotted as for a sticky move-to, so the pull reads where
// the target stood when the tick's messages had been handled.
func (s *Sim) stickToObject(o *object, guid uint32) {
	pos, radius, _, ok := s.Query().moveTarget(guid)
	if !ok {
		return
	}
	s.anySticky = true
	s.snapshotStickyTargets()
	s.sticky = append(s.sticky, stickyTarget{guid: guid, pos: pos})
	o.pm.StickTo(guid, radius)
}

// unstickFrom clears the StickyManager of every live object stuck to guid,
// which has left the world: the target's TargetManager tells its voyeurs
// (NotifyVoyeurOfEvent(ExitWorld)), and each sticker's
// StickyManager::HandleUpdateTarget, seeing a status other than OK, calls
// ClearTarget (ACE TargetManager.cs, StickyManager.cs).
func (s *Sim) unstickFrom(guid uint32) {
	if !s.anySticky {
		return // no object has ever been stuck to another
	}
	for _, o := range s.slots[:s.nslots] {
		if o.st.alive && o.pm.StickyObjectID() == guid {
			o.pm.Unstick()
		}
	}
}

// deliverMoveTo handles an UpdateMotion of a move-to type. Retail hands it
// to MoveToManager (ACE MovementManager.PerformMovement); the message
// carries no interpreted state. An event with its MovementParameters runs
// the ported MoveToManager (moveto.go, interp/moveto.go). An event without
// them — how move-to events were written before the parameters were
// carried — keeps the earlier stand-in: a sticky MoveToObject calls
// PositionManager::StickTo(target, its radius) at once (what MoveToManager
// ends in, ACE CleanUpAndCallWeenie then StickTo), and the StickyManager
// pulls the body to 0.3 m from the target's cylinder until its 1 s timeout
// (interp/sticky.go); the other types do nothing. docs/readings.md names
// both.
func (s *Sim) deliverMoveTo(o *object, m *recording.Motion) {
	if m.MoveTo != nil {
		s.performMoveTo(o, m)
		return
	}
	if m.MovementType != recording.MoveToObject || !m.Sticky {
		return
	}
	if pos, radius, _, ok := s.Query().moveTarget(m.Target); ok {
		s.anySticky = true
		s.snapshotStickyTargets()
		s.sticky = append(s.sticky, stickyTarget{guid: m.Target, pos: pos})
		o.pm.StickTo(m.Target, radius)
	}
}

// stickyTarget is a sticky target's position as the StickyManager sees it.
type stickyTarget struct {
	guid uint32
	pos  physics.Position
}

// snapshotStickyTargets records, before the pass, where each object some
// other object is stuck to, or moving to or turning to, stands. Within the pass the StickyManager reads
// these, not the target's live position, so the objects stay independent
// (parallel.go) and the result does not depend on slot order: the target
// is where it was when the tick's messages had been handled.
func (s *Sim) snapshotStickyTargets() {
	s.sticky = s.sticky[:0]
	for _, o := range s.slots[:s.nslots] {
		if !o.st.alive {
			continue
		}
		for _, g := range [2]uint32{o.pm.StickyObjectID(), o.moveToTarget()} {
			if g == 0 {
				continue
			}
			if pos, _, _, ok := s.Query().moveTarget(g); ok {
				s.sticky = append(s.sticky, stickyTarget{guid: g, pos: pos})
			}
		}
	}
}

// stickyLookup finds a sticky target (interp.ObjectLookup).
type stickyLookup struct{ s *Sim }

// StickyTarget reports where the object guid stood at the start of the
// tick's pass, or, for a target stuck to during delivery, when StickTo ran.
func (l stickyLookup) StickyTarget(guid uint32) (physics.Position, bool) {
	for i := range l.s.sticky {
		if t := &l.s.sticky[i]; t.guid == guid {
			return t.pos, true
		}
	}
	return physics.Position{}, false
}

// animActions converts a motion event's action list to anim's; the command
// names are the same in both packages, and the reader accepts only those.
func animActions(m *recording.Motion, dst []anim.Action) []anim.Action {
	for _, a := range m.ActionList() {
		cmd, _ := anim.ParseMotion(a.Command.String())
		dst = append(dst, anim.Action{Command: cmd, Stamp: a.Stamp, Speed: a.Speed, Autonomous: a.Autonomous})
	}
	return dst
}

// deliverVector handles a VectorUpdate (0xF74E): like an UpdatePosition it
// must carry the object's instance stamp, and its vector stamp must be newer
// than update_times[VECTOR_TS] (newer_event stores it); then set_velocity and
// set_omega. The seeds do not detail SmartBox::HandleVectorUpdate; this is
// the stamp discipline of seed 004 §2 applied to the stamps the message
// carries.
func (s *Sim) deliverVector(o *object, v *recording.Vector) {
	applied := o.phys.CheckInstance(v.Seq.Instance) == physics.InstanceCurrent &&
		o.phys.NewerEvent(physics.StampVector, v.Seq.Vector)
	if applied {
		o.phys.SetVelocity(v.Velocity, false)
		o.phys.SetOmega(v.Omega, false)
	}
	s.emit(o, eventlog.Event{Kind: eventlog.EventVector, Applied: applied})
}

// interpretedState converts a recording's motion to the interpreted state
// anim applies. Both packages spell the commands with the recording's names
// (Recording v1, "Events", motion row), so each converts through its name;
// the reader only accepts those names, so the lookups cannot fail.
func interpretedState(m *recording.Motion) anim.InterpretedState {
	st := anim.InterpretedState{
		ForwardSpeed:  m.ForwardSpeed,
		SidestepSpeed: m.SidestepSpeed,
		TurnSpeed:     m.TurnSpeed,
		RunRate:       m.RunRate,
		HasRunRate:    m.HasRunRate,
		MovingTo:      m.MovingTo,
	}
	st.Forward, _ = anim.ParseForward(m.Forward.String())
	st.Sidestep, _ = anim.ParseSidestep(m.Sidestep.String())
	st.Turn, _ = anim.ParseTurn(m.Turn.String())
	return st
}

// checkContact emits a contact event when the object's Contact bit differs
// from the one last observed.
func (s *Sim) checkContact(o *object) {
	if c := o.phys.InContact(); c != o.st.contact {
		o.st.contact = c
		s.emit(o, eventlog.Event{Kind: eventlog.EventContact, Contact: c})
	}
}
