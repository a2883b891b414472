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

package engine

import (
	"glidepath/engine/recording"
	"glidepath/physics"
)

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
func (s *Sim) drawnPosition(o *object) physics.Position {
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
func (s *Sim) tabledGUID(guid uint32) bool {
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
// its metrics (Sim.Metrics holds the slots in the same order): its guid,
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
func (s *Sim) RecordsStages() bool { return s.opts.RecordStages }
