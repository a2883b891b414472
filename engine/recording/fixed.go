// The fixed layout: an event line spelled exactly as Glidepath's own writer
// spells it (encode.go, appendEvent: members in its order, no whitespace,
// ids as "0x" and 8 hex digits) — what `viewer synth`, `viewer import` and
// scenario export write, through Writer — is decoded in one pass over its
// bytes, without the JSON scan, the leaf check and the member lookup, so
// the millions of lines of a long recording read at a fraction of the
// general decoder's cost. Anything else, however nearly the same (a space,
// a member out of order or unknown, null, an exponent, a short id, an
// escape), is left to the general decoder, which decides it and words any
// error; the fixed layout takes only lines the general decoder accepts,
// and gives the same Event (fixed_test.go, FuzzFixedEvent). The rules that
// span lines (t order, the roster, the limits) are checked after either,
// the same way (check.go).
//
// Accepted, as one line (then "\n", "\r\n" or nothing), after
// {"t":T,"type":"KIND" and, but for observer, ,"guid":"0xXXXXXXXX":
//
//	position: ,"cell":"0xXXXXXXXX","origin":[X,Y,Z] then, each optional but
//	          in this order, ,"rotation":[W,X,Y,Z] ,"grounded":B
//	          ,"velocity":[X,Y,Z] ,"placement":N
//	          ,"seq":{"instance":N,"position":N,"teleport":N,"force_position":N}
//	          or ,"raw":"HEX" alone
//	motion:   ,"forward":"NAME","forward_speed":F,"sidestep":"NAME",
//	          "sidestep_speed":F,"turn":"NAME","turn_speed":F then optional
//	          ,"run_rate":F, ,"moving_to":B,
//	          ,"seq":{"instance":N,"movement":N,"server_control":N},
//	          ,"autonomous":true (an interpreted state
//	          without actions; a move-to or actions go to the general path)
//	vector:   ,"velocity":[X,Y,Z],"omega":[X,Y,Z] then optional
//	          ,"seq":{"instance":N,"vector":N}
//	truth:    ,"cell":"0xXXXXXXXX","origin":[X,Y,Z] then optional
//	          ,"rotation":[W,X,Y,Z]
//	observer: ,"cell":"0xXXXXXXXX","origin":[X,Y,Z] (no guid)
//	delete:   nothing more
//
// then }. create and note events always take the general path.

package recording

import (
	"encoding/hex"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/jsonnum"
	"glidepath/physics"
)

// fixedKinds are the type members the fixed layout takes, each with the
// bytes that follow the name: the closing quote and the next member's
// opening.
var fixedKinds = [...]struct {
	kind  Kind
	spell string
}{
	{KindPosition, `position","guid":"0x`},
	{KindMotion, `motion","guid":"0x`},
	{KindTruth, `truth","guid":"0x`},
	{KindVector, `vector","guid":"0x`},
	{KindDelete, `delete","guid":"0x`},
	{KindObserver, `observer","cell":"0x`},
}

// decodeFixed decodes line into ev as the general decoder would (parse,
// type, leaf check, decodeEvent) when it is spelled in the fixed layout.
// It returns false when it is not, leaving ev unspecified and d unchanged
// but for its raw-message buffer. (ev is the caller's, not a result: an
// Event is 304 bytes, and a copy per line is worth avoiding.)
func (d *decoder) decodeFixed(line []byte, ev *Event) bool {
	b := line
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n > 1 && b[n-2] == '\r' {
			b = b[:n-2]
		}
	}
	if !has(b, 0, `{"t":`) {
		return false
	}
	t, i, ok := fixedTime(b, len(`{"t":`))
	if !ok || !has(b, i, `,"type":"`) {
		return false
	}
	i += len(`,"type":"`)
	var k Kind
	for _, f := range &fixedKinds {
		if has(b, i, f.spell) {
			k, i = f.kind, i+len(f.spell)
			break
		}
	}
	if k == 0 {
		return false
	}
	*ev = Event{T: t, Kind: k, Line: d.lineNo}
	if k != KindObserver {
		if ev.GUID, i, ok = jsonnum.ID(b, i); !ok {
			return false
		}
		ev.HasGUID = true
	}
	switch k {
	case KindPosition:
		i, ok = d.fixedPosition(b, i, ev)
	case KindMotion:
		i, ok = fixedMotion(b, i, &ev.Motion)
	case KindVector:
		i, ok = fixedVector(b, i, &ev.Vector)
	case KindTruth, KindObserver:
		if k == KindTruth {
			if !has(b, i, `,"cell":"0x`) {
				return false
			}
			i += len(`,"cell":"0x`)
		}
		i, ok = fixedPos(b, i, &ev.Pos, k == KindTruth)
	case KindDelete:
		ok = true
	}
	if !ok || i != len(b)-1 || b[i] != '}' {
		return false
	}
	d.rawHadGUID = ev.Raw
	return true
}

// fixedPos reads a position's cell digits (after "0x"), its
// ,"origin":[X,Y,Z] and, when withRotation, an optional
// ,"rotation":[W,X,Y,Z]; the rotation is the identity when absent, as
// position gives it.
func fixedPos(b []byte, i int, p *physics.Position, withRotation bool) (int, bool) {
	var ok bool
	if p.Cell, i, ok = jsonnum.ID(b, i); !ok || !has(b, i, `,"origin":[`) {
		return i, false
	}
	if i, ok = fixedFloats(b, i+len(`,"origin":[`), p.Frame.Origin[:]); !ok {
		return i, false
	}
	p.Frame.Rot = mgl32.QuatIdent()
	if withRotation && has(b, i, `,"rotation":[`) {
		var q [4]float32
		if i, ok = fixedFloats(b, i+len(`,"rotation":[`), q[:]); !ok {
			return i, false
		}
		p.Frame.Rot = mgl32.Quat{W: q[0], V: mgl32.Vec3{q[1], q[2], q[3]}}
	}
	p.Frame.Cache()
	return i, true
}

// fixedPosition reads a position event's members after its guid: the
// decoded form or the raw one.
func (d *decoder) fixedPosition(b []byte, i int, ev *Event) (int, bool) {
	if has(b, i, `,"raw":"`) {
		return d.fixedRaw(b, i+len(`,"raw":"`), ev)
	}
	if !has(b, i, `,"cell":"0x`) {
		return i, false
	}
	u := &ev.Update
	u.GUID = ev.GUID
	i, ok := fixedPos(b, i+len(`,"cell":"0x`), &u.Pos, true)
	if !ok {
		return i, false
	}
	u.Grounded = true
	if has(b, i, `,"grounded":`) {
		if u.Grounded, i, ok = fixedBool(b, i+len(`,"grounded":`)); !ok {
			return i, false
		}
	}
	if has(b, i, `,"velocity":[`) {
		if i, ok = fixedFloats(b, i+len(`,"velocity":[`), u.Velocity[:]); !ok {
			return i, false
		}
		u.HasVelocity = true
	}
	if has(b, i, `,"placement":`) {
		var v uint64
		if v, i, ok = fixedUint(b, i+len(`,"placement":`), 0xFFFFFFFF); !ok {
			return i, false
		}
		u.Placement, u.HasPlacement = uint32(v), true
	}
	if has(b, i, `,"seq":{"instance":`) {
		var st [4]uint16
		if i, ok = fixedStamps(b, i, []string{`,"seq":{"instance":`, `,"position":`, `,"teleport":`, `,"force_position":`}, st[:]); !ok {
			return i, false
		}
		u.Seq = PositionSeq{Instance: st[0], Position: st[1], Teleport: st[2], ForcePosition: st[3]}
	}
	return i, true
}

// fixedRaw reads a raw position's hex digits and closing quote at b[i:],
// as rawPosition does: the digits in pairs, then the message through the
// PositionPack codec (seed 004 §2), whose guid must be the event's. Any
// problem is left to the general path to word.
func (d *decoder) fixedRaw(b []byte, i int, ev *Event) (int, bool) {
	j := i
	for j < len(b) && b[j] != '"' {
		j++
	}
	if j >= len(b) || (j-i)%2 != 0 {
		return i, false
	}
	var err error
	if d.rawBuf, err = hex.AppendDecode(d.rawBuf[:0], b[i:j]); err != nil {
		return i, false
	}
	u, err := DecodeUpdatePosition(d.rawBuf)
	if err != nil || u.GUID != ev.GUID {
		return i, false
	}
	ev.Update, ev.Raw = u, true
	return j + 1, true
}

// fixedMotion reads an interpreted motion's members after its guid.
func fixedMotion(b []byte, i int, m *Motion) (int, bool) {
	*m = NewMotion()
	var ok bool
	var c int
	if !has(b, i, `,"forward":"`) {
		return i, false
	}
	if c, i, ok = fixedWord(b, i+len(`,"forward":"`), forwardNames[:]); !ok || !has(b, i, `,"forward_speed":`) {
		return i, false
	}
	m.Forward = ForwardCommand(c)
	if m.ForwardSpeed, i, ok = fixedFloat(b, i+len(`,"forward_speed":`)); !ok || !has(b, i, `,"sidestep":"`) {
		return i, false
	}
	if c, i, ok = fixedWord(b, i+len(`,"sidestep":"`), sidestepNames[:]); !ok || !has(b, i, `,"sidestep_speed":`) {
		return i, false
	}
	m.Sidestep = SidestepCommand(c)
	if m.SidestepSpeed, i, ok = fixedFloat(b, i+len(`,"sidestep_speed":`)); !ok || !has(b, i, `,"turn":"`) {
		return i, false
	}
	if c, i, ok = fixedWord(b, i+len(`,"turn":"`), turnNames[:]); !ok || !has(b, i, `,"turn_speed":`) {
		return i, false
	}
	m.Turn = TurnCommand(c)
	if m.TurnSpeed, i, ok = fixedFloat(b, i+len(`,"turn_speed":`)); !ok {
		return i, false
	}
	if has(b, i, `,"run_rate":`) {
		if m.RunRate, i, ok = fixedFloat(b, i+len(`,"run_rate":`)); !ok {
			return i, false
		}
		m.HasRunRate = true
	}
	// moving_to is optional (false): the writer leaves false out.
	if has(b, i, `,"moving_to":`) {
		if m.MovingTo, i, ok = fixedBool(b, i+len(`,"moving_to":`)); !ok {
			return i, false
		}
	}
	// The stamps an imported motion carries, as the writer spells them
	// (docs/formats.md "Motion stamps and stick-to"); stick_to goes to
	// the general path.
	if has(b, i, `,"seq":{"instance":`) {
		var st [3]uint16
		if i, ok = fixedStamps(b, i, []string{`,"seq":{"instance":`, `,"movement":`, `,"server_control":`}, st[:]); !ok {
			return i, false
		}
		m.Seq, m.HasSeq = MotionSeq{Instance: st[0], Movement: st[1], ServerControl: st[2]}, true
	}
	if has(b, i, `,"autonomous":true`) {
		i += len(`,"autonomous":true`)
		m.Autonomous = true
	}
	return i, true
}

// fixedVector reads a vector event's members after its guid.
func fixedVector(b []byte, i int, v *Vector) (int, bool) {
	var ok bool
	if !has(b, i, `,"velocity":[`) {
		return i, false
	}
	if i, ok = fixedFloats(b, i+len(`,"velocity":[`), v.Velocity[:]); !ok || !has(b, i, `,"omega":[`) {
		return i, false
	}
	if i, ok = fixedFloats(b, i+len(`,"omega":[`), v.Omega[:]); !ok {
		return i, false
	}
	if has(b, i, `,"seq":{"instance":`) {
		var st [2]uint16
		if i, ok = fixedStamps(b, i, []string{`,"seq":{"instance":`, `,"vector":`}, st[:]); !ok {
			return i, false
		}
		v.Seq = VectorSeq{Instance: st[0], Vector: st[1]}
	}
	return i, true
}

// fixedStamps reads a seq object at i as the writer spells it: the fields
// named, in order (the first, `,"seq":{"instance":`, opens it), each a
// number up to 0xFFFF into st, then its closing brace.
func fixedStamps(b []byte, i int, names []string, st []uint16) (int, bool) {
	for k, name := range names {
		if !has(b, i, name) {
			return i, false
		}
		v, j, ok := fixedUint(b, i+len(name), 0xFFFF)
		if !ok {
			return j, false
		}
		i, st[k] = j, uint16(v)
	}
	if i >= len(b) || b[i] != '}' {
		return i, false
	}
	return i + 1, true
}
