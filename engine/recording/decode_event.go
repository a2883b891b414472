// Event decoding: one event line's fields by type (Recording v1, "Events"),
// including the raw UpdatePosition form decoded through the PositionPack
// codec (seed 004 §2).

package recording

import (
	"encoding/hex"
	"strconv"
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
	oCount
)

const (
	nText = evFirstPayload + iota
	nCount
)

const maxEventFields = pCount

var eventFields = [...][]string{
	KindPosition: {evT: "t", evType: "type", evGUID: "guid",
		pCell: "cell", pOrigin: "origin", pRotation: "rotation", pGrounded: "grounded",
		pVelocity: "velocity", pPlacement: "placement", pSeq: "seq", pRaw: "raw"},
	KindMotion: {evT: "t", evType: "type", evGUID: "guid",
		mForward: "forward", mForwardSpeed: "forward_speed", mSidestep: "sidestep",
		mSidestepSpeed: "sidestep_speed", mTurn: "turn", mTurnSpeed: "turn_speed",
		mRunRate: "run_rate", mMovingTo: "moving_to"},
	KindVector:   {evT: "t", evType: "type", evGUID: "guid", vVelocity: "velocity", vOmega: "omega", vSeq: "seq"},
	KindCreate:   {evT: "t", evType: "type", evGUID: "guid", cEntity: "entity"},
	KindDelete:   {evT: "t", evType: "type", evGUID: "guid"},
	KindObserver: {evT: "t", evType: "type", evGUID: "guid", oCell: "cell", oOrigin: "origin"},
	KindTruth:    {evT: "t", evType: "type", evGUID: "guid", oCell: "cell", oOrigin: "origin", oRotation: "rotation"},
	KindNote:     {evT: "t", evType: "type", evGUID: "guid", nText: "text"},
}

var positionSeqFields = seqFields[:sVector]

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
	case KindObserver, KindTruth:
		ev.Pos, ok = d.position(s[oCell], s[oOrigin], slotOr(slots, oRotation), base)
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
		return d.fail(base, "guid", noIndex, hexID(ev.GUID)+" differs from the raw message's guid "+hexID(u.GUID))
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
	ev.Motion = m
	return true
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
		return d.fail(base, "guid", noIndex, hexID(ev.GUID)+" differs from entity.guid "+hexID(e.GUID))
	}
	ev.GUID, ev.HasGUID = e.GUID, true
	ev.Entity = &e
	return true
}
