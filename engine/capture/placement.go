// Placement: held items and world statics. A CreateObject whose
// PhysicsDesc names a parent (ACE WorldObject_Networking
// SerializePhysicsData: WielderId, ParentLocation) is an item held by that
// object — a wielded weapon, a shield; the import gives its entity that
// parent, at its holder's position, and the engine draws it with the
// holder instead of simulating it. An object whose physics state says it
// is part of the world (staticObject) is marked static.

package capture

import (
	"fmt"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// PhysicsState bits the import reads (ACE ACE.Entity/Enum/PhysicsState.cs).
const (
	psStatic        = 0x00000001
	psEthereal      = 0x00000004
	psMissile       = 0x00000040
	psGravity       = 0x00000400
	psHasPhysicsBSP = 0x00010000
)

// staticObject says whether an object with physics state state is part
// of the world rather than a remote that moves: never a missile; Static
// set, or collision by a BSP of its own (HasPhysicsBSP: doors, chests,
// portals, fountains — the placeables ACE gives a physics BSP, with or
// without the open/close motion table a door has); or, without a motion
// table, ethereal (a portal's surface) or without gravity (a fixture that
// hangs in place). A creature — gravity, a motion table, spheres for
// collision — is never static. docs/readings.md "Static objects" names
// this choice.
func staticObject(state uint32, hasMTable bool) bool {
	switch {
	case state&psMissile != 0:
		return false
	case state&(psStatic|psHasPhysicsBSP) != 0:
		return true
	}
	return !hasMTable && (state&psEthereal != 0 || state&psGravity == 0)
}

// maxHeldWaiting bounds the held items remembered while their holder has
// no position yet; past it the oldest is forgotten (its later update then
// makes it a free object, as before the bound).
const maxHeldWaiting = 4096

// heldItem is a held item not created yet: its holder and where it is
// held.
type heldItem struct {
	parent, location uint32
}

// placement sets an entity's parent, parent location and static flag from
// its CreateObject and counts them in the summary.
func (w *world) placement(e *recording.Entity, c *created) {
	switch {
	case c.hasParent && w.heldBy(c.parent, e.GUID):
		w.r.sum.skip("CreateObject held by an item it holds (created free)")
	case c.hasParent:
		e.Parent, e.ParentLocation = w.holder(c.parent), c.parentLocation
		w.r.sum.HeldItems++
	case staticObject(c.state, c.hasMTable):
		e.Static = true
		w.r.sum.Statics++
	}
}

// holder is an entity's parent for the holder guid: the player, who is
// no entity of the recording (its positions are the observer events), is
// recording.ObserverTarget ("parent": "observer"), so that the engine
// draws what the player holds where the player is.
func (w *world) holder(guid uint32) uint32 {
	if w.isPlayer(guid) {
		return recording.ObserverTarget
	}
	return guid
}

// holderPosition is where the holder guid is now: the player's latest
// position, or a live object's.
func (w *world) holderPosition(guid uint32) (physics.Position, bool) {
	if guid == recording.ObserverTarget || w.isPlayer(guid) {
		return w.lastObserver, w.hasObserver
	}
	o, ok := w.live[guid]
	return o.pos, ok
}

// rememberHeld keeps a held item whose holder has no position yet, so that
// its first UpdatePosition creates it held, not free-standing.
func (w *world) rememberHeld(guid, parent, location uint32) {
	if w.heldWaiting == nil {
		w.heldWaiting = make(map[uint32]heldItem)
	}
	if _, ok := w.heldWaiting[guid]; !ok {
		if len(w.heldOrder) >= maxHeldWaiting {
			delete(w.heldWaiting, w.heldOrder[0])
			w.heldOrder = w.heldOrder[1:]
		}
		w.heldOrder = append(w.heldOrder, guid)
	}
	w.heldWaiting[guid] = heldItem{parent, location}
}

// heldEntity gives an entity made from a message that was not its
// CreateObject the parent its CreateObject named, if one did.
func (w *world) heldEntity(e *recording.Entity) {
	h, ok := w.heldWaiting[e.GUID]
	if !ok {
		return
	}
	delete(w.heldWaiting, e.GUID)
	for i, g := range w.heldOrder {
		if g == e.GUID {
			w.heldOrder = append(w.heldOrder[:i], w.heldOrder[i+1:]...)
			break
		}
	}
	if w.heldBy(h.parent, e.GUID) {
		w.r.sum.skip("held item whose holder it holds (created free)")
		return
	}
	e.Parent, e.ParentLocation = w.holder(h.parent), h.location
	w.r.sum.HeldItems++
}

// heldBy says whether holder is item itself or is held, directly or
// through other held items, by item: making item holder's held item would
// close a cycle of holders, which a recording refuses. The live objects'
// chains hold no cycle, so the walk ends within len(w.live) steps.
func (w *world) heldBy(holder, item uint32) bool {
	for at, n := holder, 0; n <= len(w.live); n++ {
		if at == item {
			return true
		}
		o, ok := w.live[at]
		if !ok || o.ent == nil || o.ent.Parent == 0 {
			return false
		}
		at = o.ent.Parent
	}
	return false
}

// isStatic says whether guid is a live static object.
func (w *world) isStatic(guid uint32) bool {
	o, ok := w.live[guid]
	return ok && o.static
}

// decodeParentEvent reads ParentEvent 0xF749: the holder's guid, the
// item's guid, the parent location and placement (i32 each), the holder's
// instance stamp and the item's position stamp (ACE
// GameMessageParentEvent).
func decodeParentEvent(b []byte) (parent, child, location uint32, err error) {
	r := wire{b: b, off: 4}
	parent = r.u32("parent")
	child = r.u32("child")
	location = r.u32("parent_location")
	r.u32("placement")
	r.u16("parent_instance_timestamp")
	r.u16("child_position_timestamp")
	return parent, child, location, r.error()
}

// parentEvent: an item taken into a holder's hand after its CreateObject
// (a creature wielding a weapon it picked up). A live free object is
// deleted and created again held, at its holder's position; one not
// created yet is remembered, so that it is created held.
func (w *world) parentEvent(m *message) {
	s := w.r.sum
	parent, child, location, err := decodeParentEvent(m.data)
	switch {
	case err != nil:
		w.bad(m, opParentEvent, err)
		return
	case w.isPlayer(child):
		s.skip("ParentEvent of the player")
		return
	case parent == child || parent == 0:
		w.bad(m, opParentEvent, fmt.Errorf("parent %s: not a holder of %s", hexid.String(parent), hexid.String(child)))
		return
	case w.heldBy(parent, child):
		w.bad(m, opParentEvent, fmt.Errorf("parent %s is held by %s: the holders would form a cycle", hexid.String(parent), hexid.String(child)))
		return
	}
	o, live := w.live[child]
	if !live {
		w.rememberHeld(child, parent, location)
		s.skip("ParentEvent of an item not created yet (created held)")
		return
	}
	if o.ent != nil && o.ent.Parent == w.holder(parent) && o.ent.ParentLocation == location {
		s.skip("ParentEvent of an item already held there")
		return
	}
	t := w.r.eventTime(m.ts)
	e := recording.NewEntity(child, o.pos)
	if o.ent != nil {
		e = *o.ent
	}
	if hp, ok := w.holderPosition(parent); ok {
		e.Pos = hp
	}
	if e.Parent == 0 {
		w.r.sum.HeldItems++
	}
	if e.Static {
		w.r.sum.Statics--
	}
	e.Parent, e.ParentLocation, e.Static = w.holder(parent), location, false
	w.del(child, t)
	w.r.sum.Objects-- // the same object, created again held
	w.create(t, &e)
}
