// Encoding: appends the JSON of headers, entities and events. Floats are
// written as the shortest decimal that parses back to the same float32
// (times: float64), so a read→write→read round trip is exact.

package recording

import (
	"encoding/hex"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
	"glidepath/engine/terrainjson"
	"glidepath/physics"
)

func appendInt(b []byte, v int64) []byte { return strconv.AppendInt(b, v, 10) }

func appendFloat32(b []byte, v float32) []byte {
	return strconv.AppendFloat(b, float64(v), 'g', -1, 32)
}

func formatT(t float64) string { return strconv.FormatFloat(t, 'g', -1, 64) }

const hexDigits = "0123456789ABCDEF"

// appendString writes s as a JSON string. Invalid UTF-8 is written as is;
// the line check then rejects it.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// key writes ,"name": (or {"name": when first).
func key(b []byte, first bool, name string) []byte {
	if first {
		b = append(b, '{')
	} else {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

func appendFloats(b []byte, v []float32) []byte {
	b = append(b, '[')
	for i, f := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFloat32(b, f)
	}
	return append(b, ']')
}

func appendVec3(b []byte, v mgl32.Vec3) []byte { return appendFloats(b, v[:]) }

func appendQuat(b []byte, q mgl32.Quat) []byte {
	return appendFloats(b, []float32{q.W, q.V[0], q.V[1], q.V[2]})
}

// isIdentity reports whether q is bitwise the identity [1, 0, 0, 0], the
// rotation a reader assumes when none is written.
func isIdentity(q mgl32.Quat) bool {
	return math.Float32bits(q.W) == math.Float32bits(1) && math.Float32bits(q.V[0]) == 0 &&
		math.Float32bits(q.V[1]) == 0 && math.Float32bits(q.V[2]) == 0
}

// appendPositionFields writes "cell", "origin" and, unless it is the
// identity or withRotation is false, "rotation".
func appendPositionFields(b []byte, first bool, p *physics.Position, withRotation bool) []byte {
	b = hexid.AppendQuoted(key(b, first, "cell"), p.Cell)
	b = appendVec3(key(b, false, "origin"), p.Frame.Origin)
	if withRotation && !isIdentity(p.Frame.Rot) {
		b = appendQuat(key(b, false, "rotation"), p.Frame.Rot)
	}
	return b
}

func appendStamps(b []byte, names []string, v []uint16) []byte {
	for i, s := range v {
		b = appendInt(key(b, i == 0, names[i]), int64(s))
	}
	return append(b, '}')
}

func appendEntity(b []byte, e *Entity) []byte {
	b = hexid.AppendQuoted(key(b, true, "guid"), e.GUID)
	if e.Name != "" {
		b = appendString(key(b, false, "name"), e.Name)
	}
	b = appendPositionFields(key(b, false, "position"), true, &e.Pos, true)
	b = append(b, '}')
	if e.Seq != (Seq{}) {
		b = appendStamps(key(b, false, "seq"), seqFields,
			[]uint16{e.Seq.Instance, e.Seq.Position, e.Seq.Teleport, e.Seq.ForcePosition, e.Seq.Vector})
	}
	if e.HasMotion {
		b = appendFloat32(key(key(b, false, "motion"), true, "run_rate"), e.RunRate)
		b = append(b, '}')
	}
	b = appendFloat32(key(b, false, "radius"), e.Radius)
	b = appendFloat32(key(b, false, "height"), e.Height)
	if e.MotionTableID != 0 {
		b = hexid.AppendQuoted(key(b, false, "motion_table"), e.MotionTableID)
	} else {
		b = appendString(key(b, false, "motion_table"), e.MotionTable)
	}
	if e.Setup != 0 {
		b = hexid.AppendQuoted(key(b, false, "setup"), e.Setup)
	}
	if e.Parent != 0 {
		if e.Parent == ObserverTarget {
			b = appendString(key(b, false, "parent"), "observer")
		} else {
			b = hexid.AppendQuoted(key(b, false, "parent"), e.Parent)
		}
		b = appendInt(key(b, false, "parent_location"), int64(e.ParentLocation))
	}
	if e.Static {
		b = append(key(b, false, "static"), "true"...)
	}
	return append(b, '}')
}

// appendHeader writes the header line (without the newline).
func appendHeader(b []byte, h *Header) []byte {
	b = appendString(key(b, true, "format"), FormatName)
	b = appendInt(key(b, false, "version"), Version)
	b = appendInt(key(b, false, "tick_rate"), int64(h.TickRate))
	if h.HasObserver {
		b = appendPositionFields(key(b, false, "observer"), true, &h.Observer, false)
		b = append(b, '}')
	}
	switch h.Terrain.Kind {
	case TerrainFlat:
		b = appendString(key(key(b, false, "terrain"), true, "kind"), "flat")
		b = appendFloat32(key(b, false, "z"), h.Terrain.Z)
	default:
		b = appendString(key(key(b, false, "terrain"), true, "kind"), h.Terrain.Kind.String())
		b = appendString(key(b, false, "name"), h.Terrain.Name)
	}
	if len(h.Terrain.Obstacles) > 0 {
		b = terrainjson.AppendObstaclesJSON(key(b, false, "obstacles"), h.Terrain.Obstacles)
	}
	if h.Terrain.ServerFloor {
		b = appendString(key(b, false, "floor"), "server")
	}
	b = append(b, '}')
	b = append(key(b, false, "entities"), '[')
	for i := range h.Entities {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendEntity(b, &h.Entities[i])
	}
	return append(b, ']', '}')
}

// appendEvent writes an event line (without the newline).
func appendEvent(b []byte, ev *Event) []byte {
	b = strconv.AppendFloat(key(b, true, "t"), ev.T, 'g', -1, 64)
	b = appendString(key(b, false, "type"), ev.Kind.String())
	switch ev.Kind {
	case KindObserver, KindCreate:
	case KindNote:
		if ev.HasGUID {
			b = hexid.AppendQuoted(key(b, false, "guid"), ev.GUID)
		}
	default:
		b = hexid.AppendQuoted(key(b, false, "guid"), ev.GUID)
	}
	switch ev.Kind {
	case KindPosition:
		b = appendPositionEvent(b, ev)
	case KindMotion:
		m := &ev.Motion
		b = appendString(key(b, false, "forward"), m.Forward.String())
		b = appendFloat32(key(b, false, "forward_speed"), m.ForwardSpeed)
		b = appendString(key(b, false, "sidestep"), m.Sidestep.String())
		b = appendFloat32(key(b, false, "sidestep_speed"), m.SidestepSpeed)
		b = appendString(key(b, false, "turn"), m.Turn.String())
		b = appendFloat32(key(b, false, "turn_speed"), m.TurnSpeed)
		if m.HasRunRate {
			b = appendFloat32(key(b, false, "run_rate"), m.RunRate)
		}
		// moving_to defaults to false: written only when true, so that an
		// UpdateMotion's event, which carries none (docs/formats.md
		// "Messages → events"), has none.
		if m.MovingTo {
			b = append(key(b, false, "moving_to"), "true"...)
		}
		if m.NumActions > 0 {
			b = appendActions(key(b, false, "actions"), m.ActionList())
		}
		if m.MovementType != InterpretedCommand {
			b = appendString(key(b, false, "movement_type"), m.MovementType.String())
			if m.MovementType.NeedsTarget() {
				if m.Target == ObserverTarget {
					b = appendString(key(b, false, "target"), "observer")
				} else {
					b = hexid.AppendQuoted(key(b, false, "target"), m.Target)
				}
			}
			if m.Sticky {
				b = strconv.AppendBool(key(b, false, "sticky"), true)
			}
			if p := m.MoveTo; p != nil {
				b = appendMoveTo(b, m.MovementType, p)
			}
		}
		b = appendMotionStamps(b, m)
	case KindVector:
		v := &ev.Vector
		b = appendVec3(key(b, false, "velocity"), v.Velocity)
		b = appendVec3(key(b, false, "omega"), v.Omega)
		if v.Seq != (VectorSeq{}) {
			b = appendStamps(key(b, false, "seq"), vectorSeqFields, []uint16{v.Seq.Instance, v.Seq.Vector})
		}
	case KindCreate:
		b = key(b, false, "entity")
		if ev.Entity != nil {
			b = appendEntity(b, ev.Entity)
		} else {
			b = append(b, "null"...)
		}
	case KindObserver:
		b = appendPositionFields(b, false, &ev.Pos, false)
	case KindTruth:
		b = appendPositionFields(b, false, &ev.Pos, true)
		if c := &ev.Client; c.Action != 0 {
			b = appendClientReport(b, c)
		}
	case KindNote:
		b = appendString(key(b, false, "text"), ev.Text)
	}
	return append(b, '}')
}

// appendClientReport writes a truth's client report: "action", "seq",
// "contact" and, when set, "long_jump".
func appendClientReport(b []byte, c *ClientReport) []byte {
	b = appendString(key(b, false, "action"), clientActionName(c.Action))
	b = appendStamps(key(b, false, "seq"), clientSeqFields,
		[]uint16{c.Seq.Instance, c.Seq.ServerControl, c.Seq.Teleport, c.Seq.ForcePosition})
	b = strconv.AppendBool(key(b, false, "contact"), c.Contact)
	if c.LongJump {
		b = append(key(b, false, "long_jump"), "true"...)
	}
	return b
}

func appendPositionEvent(b []byte, ev *Event) []byte {
	u := ev.Update
	u.GUID = ev.GUID
	if ev.Raw {
		b = append(key(b, false, "raw"), '"')
		var tmp [96]byte
		b = hex.AppendEncode(b, AppendUpdatePosition(tmp[:0], &u))
		return append(b, '"')
	}
	b = appendPositionFields(b, false, &u.Pos, true)
	if !u.Grounded {
		b = append(key(b, false, "grounded"), "false"...)
	}
	if u.HasVelocity {
		b = appendVec3(key(b, false, "velocity"), u.Velocity)
	}
	if u.HasPlacement {
		b = appendInt(key(b, false, "placement"), int64(u.Placement))
	}
	if u.Seq != (PositionSeq{}) {
		b = appendStamps(key(b, false, "seq"), positionSeqFields,
			[]uint16{u.Seq.Instance, u.Seq.Position, u.Seq.Teleport, u.Seq.ForcePosition})
	}
	return b
}

// appendMotionStamps writes a motion event's seq, autonomous and stick_to,
// each only when set, so an event without them is written as before.
func appendMotionStamps(b []byte, m *Motion) []byte {
	if m.HasSeq {
		b = appendStamps(key(b, false, "seq"), motionSeqFields, []uint16{m.Seq.Instance, m.Seq.Movement, m.Seq.ServerControl})
	}
	if m.Autonomous {
		b = append(key(b, false, "autonomous"), "true"...)
	}
	switch m.StickTo {
	case 0:
	case ObserverTarget:
		b = appendString(key(b, false, "stick_to"), "observer")
	default:
		b = hexid.AppendQuoted(key(b, false, "stick_to"), m.StickTo)
	}
	return b
}

// appendActions writes a motion event's action list.
func appendActions(b []byte, list []Action) []byte {
	b = append(b, '[')
	for i := range list {
		a := &list[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(key(b, true, "command"), a.Command.String())
		b = strconv.AppendUint(key(b, false, "stamp"), uint64(a.Stamp), 10)
		b = appendFloat32(key(b, false, "speed"), a.Speed)
		b = strconv.AppendBool(key(b, false, "autonomous"), a.Autonomous)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendMoveTo writes a move-to event's parameters: every field its type
// carries, so the event reads back with the same values.
func appendMoveTo(b []byte, t MovementType, p *MoveToParams) []byte {
	if t == MoveToPosition {
		b = appendPositionFields(key(b, false, "position"), true, &p.Position, false)
		b = append(b, '}')
	}
	if t == MoveToObject || t == MoveToPosition {
		b = appendFloat32(key(b, false, "distance"), p.Distance)
		b = appendFloat32(key(b, false, "min_distance"), p.MinDistance)
		b = appendFloat32(key(b, false, "fail_distance"), p.FailDistance)
		b = appendFloat32(key(b, false, "walk_run_threshold"), p.WalkRunThreshold)
	}
	b = appendFloat32(key(b, false, "speed"), p.Speed)
	b = appendFloat32(key(b, false, "desired_heading"), p.DesiredHeading)
	return hexid.AppendQuoted(key(b, false, "flags"), p.Flags)
}
