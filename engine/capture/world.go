// World: game messages → Recording v1 events. It tracks which objects exist
// (so every event names a live object, as Recording v1 requires) and who
// the player is (whose positions are observer events, not an object).

package capture

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// obj is what the import remembers of a live object.
type obj struct {
	instance uint16
	// ent is the entity it was created with (shared with its create
	// event: never changed).
	ent *recording.Entity
	// pos is its latest position (a held item's holder position).
	pos    physics.Position
	static bool
}

type world struct {
	r         *Reader
	live      map[uint32]obj
	player    uint32
	hasPlayer bool
	// playerSeen says a message named the player (-player's guid must
	// name something in the capture); announced is the guid a PlayerCreate
	// named while -player gave another (hasAnnounced).
	playerSeen   bool
	announced    uint32
	hasAnnounced bool

	hasObserver  bool
	observer     physics.Position
	lastObserver physics.Position
	hasGround    bool
	ground       float32

	// The hold-back for objects updated before their position is known
	// (pending.go).
	pending map[uint32]pend
	held    []recording.Event

	// Held items whose holder had no position yet (placement.go).
	heldWaiting map[uint32]heldItem
	heldOrder   []uint32

	// The player found from the client's own messages (player.go).
	playerFinder

	scratch []byte
}

func newWorld(r *Reader) world { return world{r: r, live: make(map[uint32]obj)} }

// groundZ is the flat terrain's height: the observer's, else the first
// object position's, else 0.
func (w *world) groundZ() float32 {
	if w.hasObserver {
		return w.observer.Frame.Origin[2]
	}
	return w.ground
}

func (w *world) seePosition(p physics.Position) {
	if !w.hasGround {
		w.hasGround, w.ground = true, p.Frame.Origin[2]
	}
}

// setPlayer makes guid the player; an object already created for it is
// deleted (the player is the observer, not a remote).
func (w *world) setPlayer(guid uint32, t float64, rule string) {
	w.player, w.hasPlayer = guid, true
	w.r.sum.Player = hexid.String(guid)
	w.r.sum.PlayerRule = rule
	w.client, w.server = nil, nil
	if w.isPending(guid) {
		w.giveUp(guid, "UpdateMotion/VectorUpdate of the player")
	}
	if _, ok := w.live[guid]; ok {
		w.del(guid, t)
	}
}

// isPlayer reports whether guid is the player's, and notes that the
// player was named (every message naming a guid asks this).
func (w *world) isPlayer(guid uint32) bool {
	if w.hasPlayer && guid == w.player {
		w.playerSeen = true
		return true
	}
	return false
}

// observe emits the player's position as an observer event.
func (w *world) observe(t float64, p physics.Position) {
	at := physics.Position{Cell: p.Cell, Frame: physics.NewFrame(p.Frame.Origin, mgl32.QuatIdent())}
	if !w.hasObserver {
		w.hasObserver, w.observer = true, at
	}
	w.lastObserver = at
	w.r.emit(recording.Event{T: t, Kind: recording.KindObserver, Pos: at})
}

func (w *world) create(t float64, e *recording.Entity) {
	w.live[e.GUID] = obj{instance: e.Seq.Instance, ent: e, pos: e.Pos, static: e.Static}
	w.r.sum.Objects++
	w.seePosition(e.Pos)
	w.r.emit(recording.Event{T: t, Kind: recording.KindCreate, GUID: e.GUID, HasGUID: true, Entity: e})
}

func (w *world) del(guid uint32, t float64) {
	delete(w.live, guid)
	w.r.emit(recording.Event{T: t, Kind: recording.KindDelete, GUID: guid, HasGUID: true})
}

// bad counts a message that could not be decoded.
func (w *world) bad(m *message, op uint32, err error) {
	w.r.sum.malformed(m.frame, fmt.Sprintf("%s: %v", opcodeName(op), err))
}

// serverMessage turns one server→client message into events.
func (w *world) serverMessage(m *message) {
	s := w.r.sum
	if len(m.data) < 4 {
		s.malformed(m.frame, fmt.Sprintf("game message of %d bytes, too short for an opcode", len(m.data)))
		return
	}
	op := binary.LittleEndian.Uint32(m.data)
	s.Messages++
	s.countOpcode(op)
	s.census(true, m.data)
	switch op {
	case opUpdatePosition:
		w.updatePosition(m)
	case opUpdateMotion:
		w.updateMotion(m)
	case opVectorUpdate:
		guid, v, err := decodeVector(m.data)
		switch {
		case err != nil:
			w.bad(m, op, err)
		case w.isPlayer(guid):
			s.skip("VectorUpdate of the player")
		default:
			t := w.r.eventTime(m.ts)
			if !w.exists(guid) {
				w.hold(guid, t)
			}
			w.r.emit(recording.Event{T: t, Kind: recording.KindVector, GUID: guid, HasGUID: true, Vector: v})
		}
	case opCreateObject:
		w.createObject(m)
	case opDeleteObject, opPickupEvent:
		guid, _, err := decodeGUIDInstance(m.data)
		switch {
		case err != nil:
			w.bad(m, op, err)
		case w.isPlayer(guid):
			s.skip("DeleteObject/PickupEvent of the player")
		case w.isPending(guid):
			w.giveUp(guid, "UpdateMotion/VectorUpdate of an object deleted before any position")
			s.skip("DeleteObject/PickupEvent of an object not created")
		case !w.exists(guid):
			s.skip("DeleteObject/PickupEvent of an object not created")
		default:
			w.del(guid, w.r.eventTime(m.ts))
		}
	case opParentEvent:
		w.parentEvent(m)
	case opPlayerCreate:
		guid, err := decodePlayerCreate(m.data)
		switch {
		case err != nil:
			w.bad(m, op, err)
		case w.r.opts.HasPlayer:
			if !w.isPlayer(guid) && !w.hasAnnounced {
				w.announced, w.hasAnnounced = guid, true
			}
			s.skip("PlayerCreate (the player was given with -player)")
		default:
			w.setPlayer(guid, w.r.eventTime(m.ts), RulePlayerCreate)
		}
	}
}

func (w *world) exists(guid uint32) bool {
	_, ok := w.live[guid]
	return ok
}

// updatePosition: a position event with the raw message; the player's is
// an observer event; an object not created yet is created from it.
func (w *world) updatePosition(m *message) {
	u, err := recording.DecodeUpdatePosition(m.data)
	if err != nil {
		w.bad(m, opUpdatePosition, err)
		return
	}
	w.scratch = recording.AppendUpdatePosition(w.scratch[:0], &u)
	if !bytes.Equal(w.scratch, m.data) {
		w.r.sum.RawReencoded++
	}
	t := w.r.eventTime(m.ts)
	w.r.serverUpdate(t, &u)
	w.serverSaw(t, u.GUID, u.Pos)
	if w.isPlayer(u.GUID) {
		w.observe(t, u.Pos)
		return
	}
	ev := recording.Event{T: t, Kind: recording.KindPosition, GUID: u.GUID, HasGUID: true, Update: u, Raw: true}
	switch {
	case w.isPending(u.GUID):
		// Created at its first (held) message, from this position.
		e := entityFromUpdate(&u)
		w.heldEntity(e)
		w.resolve(u.GUID, e)
	case !w.exists(u.GUID):
		e := entityFromUpdate(&u)
		w.heldEntity(e)
		w.create(t, e)
	default:
		o := w.live[u.GUID]
		o.pos = u.Pos
		w.live[u.GUID] = o
	}
	w.r.emit(ev)
}

// entityFromUpdate is the documented default for an object whose first
// message is an UpdatePosition (its CreateObject predates the capture): it
// stands at that position with a motion interpreter at run rate 1, the
// default size and motion table, and stamps that make the update itself
// current — the same instance, a position stamp one behind, the same
// teleport and force-position stamps.
func entityFromUpdate(u *recording.UpdatePosition) *recording.Entity {
	e := recording.NewEntity(u.GUID, u.Pos)
	e.HasMotion = true
	e.Seq = recording.Seq{
		Instance: u.Seq.Instance, Position: u.Seq.Position - 1,
		Teleport: u.Seq.Teleport, ForcePosition: u.Seq.ForcePosition,
	}
	return &e
}

// carryActions puts the decoded action list into the motion event
// (Recording v1 motion.actions, docs/formats.md "Motion actions"): each
// action whose command the event can carry, up to the 6 an interpreted
// state holds. The others are counted as not carried.
func carryActions(mv *movement, notCarried map[string]int) {
	var list [recording.MaxActions]recording.Action
	n := 0
	for _, a := range mv.actions {
		c := recording.ActionCommandByID(uint32(a.command))
		switch {
		case c == 0:
			notCarried[fmt.Sprintf("action 0x%04X (dropped)", a.command)]++
		case n == recording.MaxActions:
			notCarried["action past the 6 an interpreted state holds (dropped)"]++
		default:
			list[n] = recording.Action{Command: c, Stamp: a.stamp, Speed: a.speed, Autonomous: a.autonomous}
			n++
		}
	}
	if n > 0 {
		mv.state.Actions, mv.state.NumActions = &list, uint8(n)
	}
}

func (w *world) updateMotion(m *message) {
	s := w.r.sum
	guid, mv, err := decodeUpdateMotion(m.data)
	if err != nil {
		w.bad(m, opUpdateMotion, err)
		return
	}
	s.movements[movementTypeName(mv.kind)]++
	s.Actions += len(mv.actions)
	if w.isPlayer(guid) {
		s.skip("UpdateMotion of the player")
		return
	}
	if w.isStatic(guid) {
		s.skip("UpdateMotion of a static object")
		return
	}
	if why := w.carryMotion(&mv); why != "" {
		s.skip("UpdateMotion " + why)
		return
	}
	t := w.r.eventTime(m.ts)
	if !w.exists(guid) {
		w.hold(guid, t)
	}
	w.emitMotion(t, guid, &mv)
}

// carryMotion readies a decoded movement for a motion event, or says why
// it cannot be one: another movement type than an interpreted state or a
// move-to, a move-to toward the player before the player's first position
// or toward an object the recording lacks. A move-to toward the player
// becomes the target form "observer" (docs/formats.md "Movement types").
func (w *world) carryMotion(mv *movement) string {
	switch {
	case mv.kind != 0 && mv.state.MovementType == recording.InterpretedCommand:
		return "of another movement type (see motion_movement_types)"
	case mv.state.MovementType.NeedsTarget() && w.isPlayer(mv.state.Target) && !w.hasObserver:
		return "moving or turning to the player before the player's first position"
	case mv.state.MovementType.NeedsTarget() && !w.isPlayer(mv.state.Target) && !w.exists(mv.state.Target):
		// The recording names only objects it has; objects outside the
		// capture are not. The player is the observer.
		return "moving or turning to an object not in the recording"
	}
	if mv.state.MovementType.NeedsTarget() && w.isPlayer(mv.state.Target) {
		// A monster chasing the player: the player is no object of the
		// recording but its observer.
		mv.state.Target = recording.ObserverTarget
	}
	for _, c := range mv.notCarried {
		w.r.sum.commands[c]++
	}
	carryActions(mv, w.r.sum.commands)
	return ""
}

// emitMotion emits a motion event with the stamps, the autonomous flag and
// the stick-to target the movement came with (motionFields, stamps.go).
func (w *world) emitMotion(t float64, guid uint32, mv *movement) {
	ev := recording.Event{T: t, Kind: recording.KindMotion, GUID: guid, HasGUID: true, Motion: mv.state}
	w.motionFields(&ev.Motion, guid, mv)
	w.r.emit(ev)
}

func (w *world) createObject(m *message) {
	s := w.r.sum
	c, err := decodeCreateObject(m.data)
	if err != nil {
		w.bad(m, opCreateObject, err)
		return
	}
	t := w.r.eventTime(m.ts)
	if w.isPlayer(c.guid) {
		if c.hasPosition {
			w.observe(t, c.pos)
		}
		return
	}
	if !c.hasPosition && !c.hasParent {
		s.skip("CreateObject without a position (contained)")
		return
	}
	if o, ok := w.live[c.guid]; ok {
		if o.instance == c.seq.Instance {
			s.skip("CreateObject of an object that exists (same instance)")
			return
		}
		w.del(c.guid, t)
	}
	pos := c.pos
	if c.hasParent {
		// A held item: where its holder is (ACE sends a wielded item
		// without a position; it is drawn with its holder, whatever
		// position it may carry).
		hp, ok := w.holderPosition(c.parent)
		if !c.hasPosition && !ok {
			w.rememberHeld(c.guid, c.parent, c.parentLocation)
			s.skip("CreateObject of a held item whose holder has no position yet")
			return
		}
		if ok {
			pos = hp
		}
	}
	e := recording.NewEntity(c.guid, pos)
	e.Name = printable(c.name)
	e.Seq = c.seq
	e.HasMotion = c.hasMTable
	// The dat ids, kept when they are of their type (Recording v1 refuses
	// others): a run with dat files gives the object its Setup's shape and
	// its own MotionTable (docs/world.md).
	if c.setup>>24 == recording.DatSetupType {
		e.Setup = c.setup
	}
	if c.motionTable>>24 == recording.DatMotionTableType {
		e.MotionTableID = c.motionTable
	}
	w.placement(&e, &c)
	if e.Parent == 0 && w.heldWaiting[e.GUID] != (heldItem{}) {
		// A ParentEvent put it in a hand before its CreateObject came.
		if e.Static {
			e.Static = false
			w.r.sum.Statics--
		}
		w.heldEntity(&e)
		if hp, ok := w.holderPosition(e.Parent); ok {
			e.Pos = hp
		}
	}
	if w.isPending(c.guid) {
		w.resolve(c.guid, &e)
	} else {
		w.create(t, &e)
	}
	w.createMotion(t, &c, e.Static || e.Parent != 0)
}

// createMotion emits a CreateObject's movement block as a motion event at
// the create's time, right after it, with the CreateObject's stamps: an
// interpreted state other than standing Ready (or with actions or a
// stick-to target), or a move-to (types 6–9: a monster created while it
// chases). Another movement type — which no server writes into a
// CreateObject (ACE MovementData writes an interpreted state or a move-to)
// — is counted and dropped, as is the motion of a held or static object.
func (w *world) createMotion(t float64, c *created, attached bool) {
	if !c.hasMovement {
		return
	}
	s := w.r.sum
	mv := &c.movement
	s.createMovements[movementTypeName(mv.kind)]++
	s.Actions += len(mv.actions)
	switch {
	case attached:
		s.skip("CreateObject movement of a held or static object")
		return
	case mv.kind == 0 && mv.state == recording.NewMotion() && len(mv.actions) == 0 && !mv.hasSticky:
		return // standing Ready: what a new object does anyway
	}
	if why := w.carryMotion(mv); why != "" {
		s.skip("CreateObject movement " + why)
		return
	}
	w.emitMotion(t, c.guid, mv)
}

// clientMessage reads the player's own position from the client's
// AutonomousPosition and MoveToState game actions.
func (w *world) clientMessage(m *message) {
	w.r.sum.census(false, m.data)
	if len(m.data) < 4 || binary.LittleEndian.Uint32(m.data) != opGameAction {
		return
	}
	pos, rep, ok, err := decodeClientPosition(m.data)
	switch {
	case err != nil:
		w.bad(m, opGameAction, err)
	case ok:
		t := w.r.eventTime(m.ts)
		w.observe(t, pos)
		w.clientSaw(t, pos)
		if w.r.collect != nil && len(w.r.collect.Points) < MaxTrackPoints {
			w.r.collect.Points = append(w.r.collect.Points, TrackPoint{T: t, Pos: pos, Client: rep})
		}
	}
}

// maxName bounds an entity's name (runes); a recording's strings are
// bounded (recording.MaxTextLength bytes) and an AC name is a few words.
const maxName = 256

// printable replaces control characters in a name and shortens it to
// maxName runes.
func printable(s string) string {
	b := []rune(s)
	if len(b) > maxName {
		b = b[:maxName]
	}
	for i, c := range b {
		if c < 0x20 || (c >= 0x7F && c < 0xA0) {
			b[i] = '?'
		}
	}
	return string(b)
}
