// Whole-message encoders: an UpdateMotion with every header field, and a
// CreateObject with every PhysicsDesc field the import reads (parent,
// setup, motion table, physics state, the nine stamps and a movement block
// of any type), written from ACE's writers (GameMessageUpdateMotion,
// MovementData.Write with and without its header, MovementInvalid,
// MoveToObject, MoveToPosition, TurnToObject, TurnToHeading,
// WorldObject_Networking.SerializePhysicsData).

package capturetest

import (
	"encoding/binary"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// MotionHeader is UpdateMotion's instance stamp and MovementData header:
// movement and server-control stamps and the autonomous byte.
type MotionHeader struct {
	Instance, Movement, ServerControl uint16
	Autonomous                        bool
}

// Movement is a MovementData set field by field.
type Movement struct {
	// Type is the wire movement type: 0 an interpreted state (Motion's
	// commands and speeds, Actions), 6–9 a move-to (Motion's target and
	// MoveTo), any other nothing after the header.
	Type uint8
	// Motion is the interpreted state or the move-to.
	Motion  recording.Motion
	Actions []Action
	// StickTo, when not 0, is the sticky guid (motion flag 0x1) after an
	// interpreted state.
	StickTo uint32
	// Style is the current style (NonCombat 0x003D when 0).
	Style uint16
	// ObjectHeading is TurnToObject's own heading (ParamsHeading the one
	// in its TurnToParameters).
	ObjectHeading, ParamsHeading float32
	// RunRate is a move-to's run rate.
	RunRate float32
	// ExtraStateFlags are OR'd into the interpreted state's flags (bits
	// past the action count's five, say).
	ExtraStateFlags uint32
}

func (e *enc) movementData(mv Movement) {
	e.u8(mv.Type)
	var flags uint8
	if mv.StickTo != 0 {
		flags |= 0x1
	}
	e.u8(flags)
	style := mv.Style
	if style == 0 {
		style = 0x003D
	}
	e.u16(style)
	m := mv.Motion
	p := recording.DefaultMoveToParams()
	if m.MoveTo != nil {
		p = *m.MoveTo
	}
	if m.Target == recording.ObserverTarget {
		m.Target = PlayerGUID
	}
	switch mv.Type {
	case 0:
		at := len(e.b)
		e.interpretedState(m, mv.Actions)
		binary.LittleEndian.PutUint32(e.b[at:], binary.LittleEndian.Uint32(e.b[at:])|mv.ExtraStateFlags)
		if mv.StickTo != 0 {
			e.u32(mv.StickTo)
		}
	case 6, 7:
		if mv.Type == 6 {
			e.u32(m.Target)
		}
		e.u32(p.Position.Cell)
		e.vec(p.Position.Frame.Origin)
		e.u32(p.Flags)
		for _, f := range []float32{p.Distance, p.MinDistance, p.FailDistance, p.Speed, p.WalkRunThreshold, p.DesiredHeading} {
			e.f32(f)
		}
		e.f32(mv.RunRate)
	case 8:
		e.u32(m.Target)
		e.f32(mv.ObjectHeading)
		e.u32(p.Flags)
		e.f32(p.Speed)
		e.f32(mv.ParamsHeading)
	case 9:
		e.u32(p.Flags)
		e.f32(p.Speed)
		e.f32(p.DesiredHeading)
	}
}

// UpdateMotionWith is an UpdateMotion 0xF74C with the given header and
// MovementData.
func UpdateMotionWith(guid uint32, h MotionHeader, mv Movement) []byte {
	e := enc{}
	e.u32(0xF74C)
	e.u32(guid)
	e.u16(h.Instance)
	e.u16(h.Movement)
	e.u16(h.ServerControl)
	if h.Autonomous {
		e.u8(1)
	} else {
		e.u8(0)
	}
	e.align()
	e.movementData(mv)
	return e.b
}

// withHeader writes h into an UpdateMotion's header.
func withHeader(msg []byte, h MotionHeader) []byte {
	binary.LittleEndian.PutUint16(msg[8:], h.Instance)
	binary.LittleEndian.PutUint16(msg[10:], h.Movement)
	binary.LittleEndian.PutUint16(msg[12:], h.ServerControl)
	msg[14] = 0
	if h.Autonomous {
		msg[14] = 1
	}
	return msg
}

// Create is a CreateObject set field by field.
type Create struct {
	GUID uint32
	Name string
	// Pos is the position, nil for none (a held or contained item).
	Pos *physics.Position
	// State is the PhysicsDesc's physics state.
	State uint32
	// MotionTable and Setup are dat ids (0: the field is absent).
	MotionTable, Setup uint32
	// Parent, when not 0, is the holder; ParentLocation where it holds it.
	Parent, ParentLocation uint32
	// Stamps are the nine stamps in ACE's order: position, movement,
	// state, vector, teleport, server control, force position, objdesc,
	// instance.
	Stamps [9]uint16
	// Movement, when not nil, is the movement block (MovementData without
	// its header), Autonomous the u32 after it.
	Movement   *Movement
	Autonomous bool
}

// CreateObjectWith is a CreateObject 0xF745 with an empty model and the
// fields of c.
func CreateObjectWith(c Create) []byte {
	e := enc{}
	e.u32(0xF745)
	e.u32(c.GUID)
	e.u8(0x11)
	e.u8(0)
	e.u8(0)
	e.u8(0)
	var flags uint32
	if c.Movement != nil {
		flags |= 0x10000
	}
	if c.Pos != nil {
		flags |= 0x8000
	}
	if c.MotionTable != 0 {
		flags |= 0x0002
	}
	if c.Setup != 0 {
		flags |= 0x0001
	}
	if c.Parent != 0 {
		flags |= 0x0020
	}
	e.u32(flags)
	e.u32(c.State)
	if c.Movement != nil {
		at := len(e.b)
		e.u32(0)
		e.movementData(*c.Movement)
		binary.LittleEndian.PutUint32(e.b[at:], uint32(len(e.b)-at-4))
		if c.Autonomous {
			e.u32(1)
		} else {
			e.u32(0)
		}
	}
	if c.Pos != nil {
		e.position(*c.Pos)
	}
	if c.MotionTable != 0 {
		e.u32(c.MotionTable)
	}
	if c.Setup != 0 {
		e.u32(c.Setup)
	}
	if c.Parent != 0 {
		e.u32(c.Parent)
		e.u32(c.ParentLocation)
	}
	for _, s := range c.Stamps {
		e.u16(s)
	}
	e.align()
	e.u32(0x00000016)
	e.u16(uint16(len(c.Name)))
	e.b = append(e.b, c.Name...)
	e.align()
	return e.b
}
