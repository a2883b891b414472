// Event decoding: one event line's fields by type (Recording v1, "Events"),
// including the raw UpdatePosition form decoded through the PositionPack
// codec (seed 004 §2).

package recording

import (
	"encoding/hex"
	"strconv"

	"glidepath/engine/hexid"
)

// Top-level fields of the event objects. Every list starts with t, type and
// guid so those share slot numbers.
const (
	evT = iota
	evType
	evGUID
	evFirstPayload
)

// Payload slots of a position event.
const (
	pCell = evFirstPayload + iota
	pOrigin
	pRotation
	pGrounded
	pVelocity
	pPlacement
	pSeq
	pRaw
	pCount
)

// Payload slots of a motion event.
const (
	mForward = evFirstPayload + iota
	mForwardSpeed
	mSidestep
	mSidestepSpeed
	mTurn
	mTurnSpeed
	mRunRate
	mMovingTo
	mActions
	mMovementType
	mTarget
	mSticky
	mPosition
	mDistance
	mMinDistance
	mFailDistance
	mSpeed
	mWalkRunThreshold
	mDesiredHeading
	mFlags
	mSeq
	mAutonomous
	mStickTo
	mCount
)

// Payload slots of vector, create, observer, truth and note events.
const (
	vVelocity = evFirstPayload + iota
	vOmega
	vSeq
	vCount
)

const (
	cEntity = evFirstPayload + iota
	cCount
)

const (
	oCell = evFirstPayload + iota
	oOrigin
	oRotation
	oAction // truth only, from here: the client report
	oSeq
	oContact
	oLongJump
	oCount
)

const (
	nText = evFirstPayload + iota
	nCount
)

const maxEventFields = max(pCount, mCount)

var eventFields = [...][]string{
	KindPosition: {evT: "t", evType: "type", evGUID: "guid",
		pCell: "cell", pOrigin: "origin", pRotation: "rotation", pGrounded: "grounded",
		pVelocity: "velocity", pPlacement: "placement", pSeq: "seq", pRaw: "raw"},
	KindMotion: {evT: "t", evType: "type", evGUID: "guid",
		mForward: "forward", mForwardSpeed: "forward_speed", mSidestep: "sidestep",
		mSidestepSpeed: "sidestep_speed", mTurn: "turn", mTurnSpeed: "turn_speed",
		mRunRate: "run_rate", mMovingTo: "moving_to", mActions: "actions",
		mMovementType: "movement_type", mTarget: "target", mSticky: "sticky",
		mPosition: "position", mDistance: "distance", mMinDistance: "min_distance",
		mFailDistance: "fail_distance", mSpeed: "speed", mWalkRunThreshold: "walk_run_threshold",
		mDesiredHeading: "desired_heading", mFlags: "flags",
		mSeq: "seq", mAutonomous: "autonomous", mStickTo: "stick_to"},
	KindVector:   {evT: "t", evType: "type", evGUID: "guid", vVelocity: "velocity", vOmega: "omega", vSeq: "seq"},
	KindCreate:   {evT: "t", evType: "type", evGUID: "guid", cEntity: "entity"},
	KindDelete:   {evT: "t", evType: "type", evGUID: "guid"},
	KindObserver: {evT: "t", evType: "type", evGUID: "guid", oCell: "cell", oOrigin: "origin"},
	KindTruth: {evT: "t", evType: "type", evGUID: "guid", oCell: "cell", oOrigin: "origin", oRotation: "rotation",
		oAction: "action", oSeq: "seq", oContact: "contact", oLongJump: "long_jump"},
	KindNote: {evT: "t", evType: "type", evGUID: "guid", nText: "text"},
}

var positionSeqFields = seqFields[:sVector]

var motionSeqFields = []string{"instance", "movement", "server_control"}

var clientSeqFields = []string{"instance", "server_control", "teleport", "force_position"}

// decodeEvent interprets the parsed line as an event of kind k. It checks
// the line's own values; the reader checks order and guid existence.
func (d *decoder) decodeEvent(k Kind) (Event, bool) {
	ev := Event{Kind: k, Line: d.lineNo}
	d.rawHadGUID = false
	base := k.String()
	var s [maxEventFields]int32
	names := eventFields[k]
	slots := s[:len(names)]
	if !d.members(0, base, names, slots) {
		return ev, false
	}
	var ok bool
	if !d.required(s[evT], base, "t") {
		return ev, false
	}
	if ev.T, ok = d.float64At(s[evT], base, "t", noIndex); !ok {
		return ev, false
	}
	if ev.T < 0 {
		return ev, d.fail(base, "t", noIndex, "want a time >= 0, got "+snippet(d.literal(s[evT])))
	}
	// observer has no guid (a stray one is an unknown field and ignored);
	// note's is optional; create's repeats entity.guid; a raw position's is
	// in the message.
	switch k {
	case KindObserver:
	case KindNote, KindCreate:
		if s[evGUID] >= 0 {
			if ev.GUID, ok = d.id(s[evGUID], base, "guid"); !ok {
				return ev, false
			}
			ev.HasGUID = true
		}
	case KindPosition:
		if s[evGUID] < 0 {
			if s[pRaw] < 0 {
				return ev, d.required(s[evGUID], base, "guid")
			}
			break
		}
		fallthrough
	default:
		if !d.required(s[evGUID], base, "guid") {
			return ev, false
		}
		if ev.GUID, ok = d.id(s[evGUID], base, "guid"); !ok {
			return ev, false
		}
		ev.HasGUID = true
	}
	switch k {
	case KindPosition:
		ok = d.positionEvent(&ev, slots)
	case KindMotion:
		ok = d.motionEvent(&ev, slots)
	case KindVector:
		ok = d.vectorEvent(&ev, slots)
	case KindCreate:
		ok = d.createEvent(&ev, slots)
	case KindObserver:
		ev.Pos, ok = d.position(s[oCell], s[oOrigin], slotOr(slots, oRotation), base)
	case KindTruth:
		if ev.Pos, ok = d.position(s[oCell], s[oOrigin], s[oRotation], base); ok {
			ok = d.clientReport(&ev.Client, slots)
		}
	case KindNote:
		if !d.required(s[nText], base, "text") {
			return ev, false
		}
		ev.Text, ok = d.str(s[nText], base, "text")
	case KindDelete:
		ok = true
	}
	return ev, ok
}

// clientReport reads a truth's optional client report: "action" names the
// game action ("move_to_state" or "autonomous_position"), and with it
// "seq" (instance, server_control, teleport, force_position; absent ones 0)
// and "contact" are required, "long_jump" optional. A truth without
// "action" has none of them (a scenario's truth, an older recording's).
func (d *decoder) clientReport(c *ClientReport, s []int32) bool {
	const base = "truth"
	if s[oAction] < 0 {
		for _, i := range [...]int{oSeq, oContact, oLongJump} {
			if s[i] >= 0 {
				return d.fail(base, eventFields[KindTruth][i], noIndex, "given without \"action\" (the client's game action it came in)")
			}
		}
		return true
	}
	if d.nodes[s[oAction]].kind != nodeString {
		return d.fail(base, "action", noIndex, "want \"move_to_state\" or \"autonomous_position\", got "+d.describe(s[oAction]))
	}
	name := d.stringBytes(s[oAction])
	for _, a := range clientActions {
		if string(name) == a.name {
			c.Action = a.action
		}
	}
	if c.Action == 0 {
		return d.fail(base, "action", noIndex, "want \"move_to_state\" or \"autonomous_position\", got "+strconv.Quote(snippet(name)))
	}
	if !d.required(s[oSeq], base, "seq") || !d.required(s[oContact], base, "contact") {
		return false
	}
	var st [4]uint16
	if !d.stamps(s[oSeq], "truth.seq", clientSeqFields, st[:]) {
		return false
	}
	c.Seq = ClientSeq{Instance: st[0], ServerControl: st[1], Teleport: st[2], ForcePosition: st[3]}
	var ok bool
	if c.Contact, ok = d.boolean(s[oContact], base, "contact"); !ok {
		return false
	}
	if s[oLongJump] >= 0 {
		if c.LongJump, ok = d.boolean(s[oLongJump], base, "long_jump"); !ok {
			return false
		}
	}
	return true
}

func slotOr(slots []int32, i int) int32 {
	if i < len(slots) {
		return slots[i]
	}
	return -1
}

func (d *decoder) positionEvent(ev *Event, s []int32) bool {
	const base = "position"
	if s[pRaw] >= 0 {
		for _, i := range [...]int{pCell, pOrigin, pRotation, pGrounded, pVelocity, pPlacement, pSeq} {
			if s[i] >= 0 {
				return d.fail(base, "raw", noIndex, "given with the decoded field "+eventFields[KindPosition][i]+"; give one form")
			}
		}
		return d.rawPosition(ev, s[pRaw], s[evGUID] >= 0)
	}
	u := &ev.Update
	u.GUID = ev.GUID
	var ok bool
	if u.Pos, ok = d.position(s[pCell], s[pOrigin], s[pRotation], base); !ok {
		return false
	}
	u.Grounded = true
	if s[pGrounded] >= 0 {
		if u.Grounded, ok = d.boolean(s[pGrounded], base, "grounded"); !ok {
			return false
		}
	}
	if s[pVelocity] >= 0 {
		if u.Velocity, ok = d.vec3(s[pVelocity], base, "velocity"); !ok {
			return false
		}
		u.HasVelocity = true
	}
	if s[pPlacement] >= 0 {
		if u.Placement, ok = d.u32(s[pPlacement], base, "placement"); !ok {
			return false
		}
		u.HasPlacement = true
	}
	if s[pSeq] >= 0 {
		var st [sVector]uint16
		if !d.stamps(s[pSeq], "position.seq", positionSeqFields, st[:]) {
			return false
		}
		u.Seq = PositionSeq{Instance: st[sInstance], Position: st[sPosition], Teleport: st[sTeleport], ForcePosition: st[sForcePosition]}
	}
	return true
}

// rawPosition decodes the raw hex form through the PositionPack codec.
func (d *decoder) rawPosition(ev *Event, n int32, hasGUID bool) bool {
	const base = "position"
	if d.nodes[n].kind != nodeString {
		return d.fail(base, "raw", noIndex, "want a hex string, got "+d.describe(n))
	}
	text := d.stringBytes(n)
	if len(text)%2 != 0 {
		return d.fail(base, "raw", noIndex, "want hex digits in pairs, got "+itoa(len(text))+" digits")
	}
	for i, c := range text {
		if !isHex(c) {
			return d.fail(base, "raw", noIndex, "want hex digits, got "+describeByte(c)+" at character "+itoa(i+1))
		}
	}
	// text may live in scratch, so decode into a separate buffer.
	d.rawBuf, _ = hex.AppendDecode(d.rawBuf[:0], text) // digits checked above
	u, err := DecodeUpdatePosition(d.rawBuf)
	if err != nil {
		return d.fail(base, "raw", noIndex, err.Error())
	}
	if hasGUID && u.GUID != ev.GUID {
		return d.fail(base, "guid", noIndex, hexid.String(ev.GUID)+" differs from the raw message's guid "+hexid.String(u.GUID))
	}
	ev.GUID, ev.HasGUID = u.GUID, true
	d.rawHadGUID = hasGUID
	ev.Update = u
	ev.Raw = true
	return true
}

func (d *decoder) motionEvent(ev *Event, s []int32) bool {
	const base = "motion"
	m := NewMotion()
	if n := s[mForward]; n >= 0 {
		i, ok := d.command(n, base, "forward", forwardNames[:])
		if !ok {
			return false
		}
		m.Forward = ForwardCommand(i)
	}
	if n := s[mSidestep]; n >= 0 {
		i, ok := d.command(n, base, "sidestep", sidestepNames[:])
		if !ok {
			return false
		}
		m.Sidestep = SidestepCommand(i)
	}
	if n := s[mTurn]; n >= 0 {
		i, ok := d.command(n, base, "turn", turnNames[:])
		if !ok {
			return false
		}
		m.Turn = TurnCommand(i)
	}
	var ok bool
	for _, f := range [...]struct {
		slot int
		dst  *float32
	}{{mForwardSpeed, &m.ForwardSpeed}, {mSidestepSpeed, &m.SidestepSpeed}, {mTurnSpeed, &m.TurnSpeed}, {mRunRate, &m.RunRate}} {
		if s[f.slot] < 0 {
			continue
		}
		if *f.dst, ok = d.float32At(s[f.slot], base, eventFields[KindMotion][f.slot], noIndex); !ok {
			return false
		}
	}
	m.HasRunRate = s[mRunRate] >= 0
	if s[mMovingTo] >= 0 {
		if m.MovingTo, ok = d.boolean(s[mMovingTo], base, "moving_to"); !ok {
			return false
		}
	}
	if s[mActions] >= 0 && !d.actions(s[mActions], &m) {
		return false
	}
	if !d.movement(s, &m) {
		return false
	}
	if !d.motionStamps(s, &m) {
		return false
	}
	ev.Motion = m
	return true
}

// motionStamps reads a motion event's seq, autonomous and stick_to
// (docs/formats.md "Motion stamps and stick-to").
func (d *decoder) motionStamps(s []int32, m *Motion) bool {
	var ok bool
	if n := s[mSeq]; n >= 0 {
		var st [3]uint16
		if !d.stamps(n, "motion.seq", motionSeqFields, st[:]) {
			return false
		}
		m.Seq = MotionSeq{Instance: st[0], Movement: st[1], ServerControl: st[2]}
		m.HasSeq = true
	}
	if n := s[mAutonomous]; n >= 0 {
		if m.Autonomous, ok = d.boolean(n, "motion", "autonomous"); !ok {
			return false
		}
	}
	n := s[mStickTo]
	if n < 0 {
		return true
	}
	// Only an interpreted state carries MotionFlags and so the sticky
	// object (ACE MovementData.cs, MovementType.Invalid).
	if m.MovementType != InterpretedCommand {
		return d.fail("motion", "stick_to", noIndex, "only an InterpretedCommand carries stick_to, not "+m.MovementType.String())
	}
	if d.nodes[n].kind == nodeString && string(d.stringBytes(n)) == "observer" {
		m.StickTo = ObserverTarget
		return true
	}
	if m.StickTo, ok = d.id(n, "motion", "stick_to"); !ok {
		return false
	}
	switch m.StickTo {
	case 0:
		return d.fail("motion", "stick_to", noIndex, "0 names no object: leave stick_to out")
	case ObserverTarget:
		return d.fail("motion", "stick_to", noIndex, `0xFFFFFFFF is reserved for the observer: write "observer"`)
	}
	return true
}

// movement reads a motion event's movement_type, target and sticky.
func (d *decoder) movement(s []int32, m *Motion) bool {
	if n := s[mMovementType]; n >= 0 {
		if d.nodes[n].kind != nodeString {
			return d.fail("motion", "movement_type", noIndex, "want a movement type name, got "+d.describe(n))
		}
		t, ok := movementTypeByName(d.stringBytes(n))
		if !ok {
			return d.fail("motion", "movement_type", noIndex, "unknown movement type "+strconv.Quote(string(d.stringBytes(n)))+
				" (want InterpretedCommand, MoveToObject, MoveToPosition, TurnToObject or TurnToHeading)")
		}
		m.MovementType = t
	}
	var ok bool
	if n := s[mTarget]; n >= 0 {
		if !m.MovementType.NeedsTarget() {
			return d.fail("motion", "target", noIndex, "only a MoveToObject or TurnToObject names a target, not "+m.MovementType.String())
		}
		if d.nodes[n].kind == nodeString && string(d.stringBytes(n)) == "observer" {
			m.Target = ObserverTarget
		} else if m.Target, ok = d.id(n, "motion", "target"); !ok {
			return false
		} else if m.Target == ObserverTarget {
			return d.fail("motion", "target", noIndex, `0xFFFFFFFF is reserved for the observer: write "observer"`)
		}
	} else if m.MovementType.NeedsTarget() {
		return d.fail("motion", "target", noIndex, "missing: a "+m.MovementType.String()+" names the object")
	}
	if n := s[mSticky]; n >= 0 {
		if m.Sticky, ok = d.boolean(n, "motion", "sticky"); !ok {
			return false
		}
		if m.Sticky && m.MovementType != MoveToObject {
			return d.fail("motion", "sticky", noIndex, "only a MoveToObject can be sticky, not "+m.MovementType.String())
		}
	}
	if m.MovementType != InterpretedCommand && m.NumActions > 0 {
		return d.fail("motion", "actions", noIndex, "a "+m.MovementType.String()+" carries no interpreted state and so no actions")
	}
	return d.moveToParams(s, m)
}

// moveToParams reads a move-to event's MovementParameters and destination
// (docs/formats.md "Movement types"): which fields each type carries
// follows the messages (MoveToObject and MoveToPosition carry
// MoveToParameters; TurnToObject and TurnToHeading TurnToParameters: flags,
// speed and desired heading only).
func (d *decoder) moveToParams(s []int32, m *Motion) bool {
	any := false
	for _, f := range [...]int{mPosition, mDistance, mMinDistance, mFailDistance, mSpeed, mWalkRunThreshold, mDesiredHeading, mFlags} {
		if s[f] < 0 {
			continue
		}
		any = true
		name := eventFields[KindMotion][f]
		switch {
		case m.MovementType == InterpretedCommand:
			return d.fail("motion", name, noIndex, "only a move-to movement_type carries "+name)
		case f == mPosition && m.MovementType != MoveToPosition:
			return d.fail("motion", name, noIndex, "only a MoveToPosition carries a position, not "+m.MovementType.String())
		case (f == mDistance || f == mMinDistance || f == mFailDistance || f == mWalkRunThreshold) &&
			(m.MovementType == TurnToObject || m.MovementType == TurnToHeading):
			return d.fail("motion", name, noIndex, "a "+m.MovementType.String()+" carries TurnToParameters (flags, speed, desired_heading), not "+name)
		}
	}
	if m.MovementType == MoveToPosition && s[mPosition] < 0 {
		return d.fail("motion", "position", noIndex, "missing: a MoveToPosition names where to go")
	}
	if !any && m.MovementType == MoveToObject || m.MovementType == InterpretedCommand {
		// A MoveToObject naming no parameter is how one was written
		// before they were carried; it keeps that meaning (MoveTo nil).
		return true
	}
	p := DefaultMoveToParams()
	var ok bool
	if n := s[mPosition]; n >= 0 {
		if p.Position, ok = d.positionObject(n, "motion", "position", false); !ok {
			return false
		}
	}
	for _, f := range [...]struct {
		slot int
		dst  *float32
	}{{mDistance, &p.Distance}, {mMinDistance, &p.MinDistance}, {mFailDistance, &p.FailDistance},
		{mWalkRunThreshold, &p.WalkRunThreshold}} {
		if s[f.slot] < 0 {
			continue
		}
		if *f.dst, ok = d.nonNegative32(s[f.slot], "motion", eventFields[KindMotion][f.slot]); !ok {
			return false
		}
	}
	if n := s[mSpeed]; n >= 0 {
		if p.Speed, ok = d.float32At(n, "motion", "speed", noIndex); !ok {
			return false
		}
	}
	if n := s[mDesiredHeading]; n >= 0 {
		if p.DesiredHeading, ok = d.float32At(n, "motion", "desired_heading", noIndex); !ok {
			return false
		}
		if p.DesiredHeading < 0 || p.DesiredHeading >= 360 {
			return d.fail("motion", "desired_heading", noIndex, "want degrees in [0, 360), got "+snippet(d.literal(n)))
		}
	}
	if n := s[mFlags]; n >= 0 {
		if p.Flags, ok = d.id(n, "motion", "flags"); !ok {
			return false
		}
		if p.Flags&^MoveFlagsKnown != 0 {
			return d.fail("motion", "flags", noIndex, "unknown MovementParams bits "+hexid.String(p.Flags&^MoveFlagsKnown)+" (known: 0x3FFFF)")
		}
	}
	// sticky and the flags' sticky bit say the same thing.
	if m.Sticky {
		p.Flags |= MoveFlagSticky
	} else if m.MovementType == MoveToObject && p.Flags&MoveFlagSticky != 0 {
		m.Sticky = true
	}
	m.MoveTo = &p
	return true
}

// Fields of an action object.
const (
	aCommand = iota
	aStamp
	aSpeed
	aAutonomous
	aCount
)

var actionFields = []string{aCommand: "command", aStamp: "stamp", aSpeed: "speed", aAutonomous: "autonomous"}

// actions reads a motion event's action list into m.
func (d *decoder) actions(n int32, m *Motion) bool {
	nd := &d.nodes[n]
	if nd.kind != nodeArray {
		return d.fail("motion", "actions", noIndex, "want an array of actions, got "+d.describe(n))
	}
	if nd.count > MaxActions {
		return d.fail("motion", "actions", noIndex, "at most "+itoa(MaxActions)+" actions (an interpreted state holds "+itoa(MaxActions)+"), got "+itoa(int(nd.count)))
	}
	if nd.count == 0 {
		return true
	}
	list := new([MaxActions]Action)
	i := 0
	for c := nd.first; c >= 0; c = d.nodes[c].next {
		base := "motion.actions[" + itoa(i) + "]"
		if !d.object(c, base, "") {
			return false
		}
		var s [aCount]int32
		if !d.members(c, base, actionFields, s[:]) {
			return false
		}
		a := Action{Speed: 1}
		if s[aCommand] < 0 {
			return d.fail(base, "command", noIndex, "missing")
		}
		if a.Command = d.actionCommand(s[aCommand], base); a.Command == 0 {
			return false
		}
		if s[aStamp] < 0 {
			return d.fail(base, "stamp", noIndex, "missing")
		}
		v, ok := d.intRange(s[aStamp], base, "stamp", 0, 0x7FFF, "an action stamp, 0 to 32767 (15 bits)")
		if !ok {
			return false
		}
		a.Stamp = uint16(v)
		if s[aSpeed] >= 0 {
			if a.Speed, ok = d.float32At(s[aSpeed], base, "speed", noIndex); !ok {
				return false
			}
		}
		if s[aAutonomous] >= 0 {
			if a.Autonomous, ok = d.boolean(s[aAutonomous], base, "autonomous"); !ok {
				return false
			}
		}
		list[i] = a
		i++
	}
	m.Actions, m.NumActions = list, uint8(i)
	return true
}

// actionCommand reads an action's command: a name, or a MotionCommand id
// (full or its low 16 bits) as an integer or "0x" hex string. 0 on error.
func (d *decoder) actionCommand(n int32, base string) ActionCommand {
	var known string
	for c := ActionJump; int(c) < len(actionCommands); c++ {
		if known != "" {
			known += ", "
		}
		known += actionCommands[c].name
	}
	if d.nodes[n].kind == nodeString {
		s := d.stringBytes(n)
		if c := actionByName(s); c != 0 {
			return c
		}
		if len(s) < 2 || s[0] != '0' || s[1] != 'x' {
			d.fail(base, "command", noIndex, "unknown action "+strconv.Quote(string(s))+" (known: "+known+", or a MotionCommand id)")
			return 0
		}
	}
	id, ok := d.id(n, base, "command")
	if !ok {
		return 0
	}
	if c := actionByID(id); c != 0 {
		return c
	}
	d.fail(base, "command", noIndex, "unknown action 0x"+strconv.FormatUint(uint64(id), 16)+" (known: "+known+")")
	return 0
}

// command reads one of the enumerated command names.
func (d *decoder) command(n int32, base, name string, names []string) (int, bool) {
	if d.nodes[n].kind != nodeString {
		return 0, d.fail(base, name, noIndex, "want a command name, got "+d.describe(n))
	}
	s := d.stringBytes(n)
	if i := lookupName(names, s); i >= 0 {
		return i, true
	}
	want := ""
	for i, c := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			want += " or "
		default:
			want += ", "
		}
		want += c
	}
	return 0, d.fail(base, name, noIndex, "unknown command "+strconv.Quote(string(s))+" (want "+want+")")
}

func (d *decoder) vectorEvent(ev *Event, s []int32) bool {
	const base = "vector"
	if !d.required(s[vVelocity], base, "velocity") || !d.required(s[vOmega], base, "omega") {
		return false
	}
	var ok bool
	if ev.Vector.Velocity, ok = d.vec3(s[vVelocity], base, "velocity"); !ok {
		return false
	}
	if ev.Vector.Omega, ok = d.vec3(s[vOmega], base, "omega"); !ok {
		return false
	}
	if s[vSeq] >= 0 {
		var st [2]uint16
		if !d.stamps(s[vSeq], "vector.seq", vectorSeqFields, st[:]) {
			return false
		}
		ev.Vector.Seq = VectorSeq{Instance: st[0], Vector: st[1]}
	}
	return true
}

func (d *decoder) createEvent(ev *Event, s []int32) bool {
	const base = "create"
	if !d.required(s[cEntity], base, "entity") {
		return false
	}
	e, ok := d.entity(s[cEntity], base, "entity")
	if !ok {
		return false
	}
	if ev.HasGUID && ev.GUID != e.GUID {
		return d.fail(base, "guid", noIndex, hexid.String(ev.GUID)+" differs from entity.guid "+hexid.String(e.GUID))
	}
	ev.GUID, ev.HasGUID = e.GUID, true
	ev.Entity = &e
	return true
}
