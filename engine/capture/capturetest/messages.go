// Game message encoders, written from ACE's writers (GameMessageUpdateMotion,
// MovementData, InterpretedMotionState, GameMessageVectorUpdate,
// WorldObject_Networking.SerializeCreateObject, GameMessageDeleteObject,
// GameMessagePlayerCreate, GameActionAutonomousPosition).

package capturetest

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u16(v uint16) { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *enc) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *enc) f32(v float32) {
	e.u32(math.Float32bits(v))
}
func (e *enc) vec(v mgl32.Vec3) { e.f32(v[0]); e.f32(v[1]); e.f32(v[2]) }
func (e *enc) align() {
	for len(e.b)%4 != 0 {
		e.b = append(e.b, 0)
	}
}
func (e *enc) position(p physics.Position) {
	e.u32(p.Cell)
	e.vec(p.Frame.Origin)
	e.f32(p.Frame.Rot.W)
	e.vec(p.Frame.Rot.V)
}

// Wire commands (low 16 bits of ACE MotionCommand).
var forwardWire = map[recording.ForwardCommand]uint16{
	recording.Ready: 0x0003, recording.WalkForward: 0x0005, recording.RunForward: 0x0007, recording.WalkBackward: 0x0006,
}
var sidestepWire = map[recording.SidestepCommand]uint16{recording.SideStepRight: 0x000F, recording.SideStepLeft: 0x0010}
var turnWire = map[recording.TurnCommand]uint16{recording.TurnRight: 0x000D, recording.TurnLeft: 0x000E}

// Action is one action-list entry.
type Action struct {
	Command    uint16
	Stamp      uint16
	Autonomous bool
	Speed      float32
}

// interpretedState writes an InterpretedMotionState the way ACE builds its
// flags: a field is sent when it differs from its default.
func (e *enc) interpretedState(m recording.Motion, actions []Action) {
	var flags uint32
	if m.Forward != recording.Ready {
		flags |= 0x02
	}
	if m.Sidestep != recording.NoSidestep {
		flags |= 0x08
	}
	if m.Turn != recording.NoTurn {
		flags |= 0x20
	}
	if m.ForwardSpeed != 1 {
		flags |= 0x04
	}
	if m.SidestepSpeed != 1 {
		flags |= 0x10
	}
	if m.TurnSpeed != 1 {
		flags |= 0x40
	}
	flags |= 0x01 // current style: NonCombat
	e.u32(flags | uint32(len(actions))<<7)
	e.u16(0x003D)
	if flags&0x02 != 0 {
		e.u16(forwardWire[m.Forward])
	}
	if flags&0x08 != 0 {
		e.u16(sidestepWire[m.Sidestep])
	}
	if flags&0x20 != 0 {
		e.u16(turnWire[m.Turn])
	}
	if flags&0x04 != 0 {
		e.f32(m.ForwardSpeed)
	}
	if flags&0x10 != 0 {
		e.f32(m.SidestepSpeed)
	}
	if flags&0x40 != 0 {
		e.f32(m.TurnSpeed)
	}
	for _, a := range actions {
		e.u16(a.Command)
		st := a.Stamp & 0x7FFF
		if a.Autonomous {
			st |= 0x8000
		}
		e.u16(st)
		e.f32(a.Speed)
	}
	e.align()
}

// UpdateMotion is an UpdateMotion 0xF74C of movement type 0.
func UpdateMotion(guid uint32, instance, movementSeq uint16, m recording.Motion, actions []Action) []byte {
	e := enc{}
	e.u32(0xF74C)
	e.u32(guid)
	e.u16(instance)
	e.u16(movementSeq)
	e.u16(0) // server control
	e.u8(0)  // not autonomous
	e.align()
	e.u8(0) // movement type Invalid: an interpreted state follows
	e.u8(0)
	e.u16(0x003D)
	e.interpretedState(m, actions)
	return e.b
}

// RawCommandMotion is an UpdateMotion of movement type 1, RawCommand, which
// carries nothing after its header: the reader counts it and skips it.
func RawCommandMotion(guid uint32) []byte {
	e := enc{}
	e.u32(0xF74C)
	e.u32(guid)
	e.u16(1)
	e.u16(1)
	e.u16(0)
	e.u8(0)
	e.align()
	e.u8(1)
	e.u8(0)
	e.u16(0x003D)
	return e.b
}

// MoveTo is an UpdateMotion of a move-to movement type (6–9) with the
// parameters m.MoveTo carries (defaults when nil) — ACE Network/Motion
// MoveToObject, MoveToPosition, TurnToObject, TurnToHeading: target guid,
// Origin (cell, vector), MoveToParameters (u32 flags; distance, min, fail,
// speed, walk/run threshold, desired heading as f32), run rate; or
// TurnToParameters (u32 flags, speed, desired heading).
func MoveTo(guid uint32, instance, movementSeq uint16, m recording.Motion) []byte {
	p := recording.DefaultMoveToParams()
	if m.MoveTo != nil {
		p = *m.MoveTo
	}
	if m.Sticky {
		p.Flags |= recording.MoveFlagSticky
	}
	// The observer is the player, whose guid the wire names.
	if m.Target == recording.ObserverTarget {
		m.Target = PlayerGUID
	}
	e := enc{}
	e.u32(0xF74C)
	e.u32(guid)
	e.u16(instance)
	e.u16(movementSeq)
	e.u16(0)
	e.u8(0)
	e.align()
	e.u8(m.MovementType.WireValue())
	e.u8(0)
	e.u16(0x003D)
	switch m.MovementType {
	case recording.MoveToObject, recording.MoveToPosition:
		if m.MovementType == recording.MoveToObject {
			e.u32(m.Target)
		}
		e.u32(p.Position.Cell)
		e.vec(p.Position.Frame.Origin)
		e.u32(p.Flags)
		for _, f := range []float32{p.Distance, p.MinDistance, p.FailDistance, p.Speed, p.WalkRunThreshold, p.DesiredHeading} {
			e.f32(f)
		}
		rr := float32(1)
		if m.HasRunRate {
			rr = m.RunRate
		}
		e.f32(rr)
	case recording.TurnToObject:
		e.u32(m.Target)
		e.f32(p.DesiredHeading)
		fallthrough
	default:
		e.u32(p.Flags)
		e.f32(p.Speed)
		e.f32(p.DesiredHeading)
	}
	return e.b
}

// VectorUpdate is a VectorUpdate 0xF74E.
func VectorUpdate(guid uint32, v recording.Vector) []byte {
	e := enc{}
	e.u32(0xF74E)
	e.u32(guid)
	e.vec(v.Velocity)
	e.vec(v.Omega)
	e.u16(v.Seq.Instance)
	e.u16(v.Seq.Vector)
	return e.b
}

// DeleteObject is a DeleteObject 0xF747.
func DeleteObject(guid uint32, instance uint16) []byte {
	e := enc{}
	e.u32(0xF747)
	e.u32(guid)
	e.u16(instance)
	e.align()
	return e.b
}

// PlayerCreate is a PlayerCreate 0xF746.
func PlayerCreate(guid uint32) []byte {
	e := enc{}
	e.u32(0xF746)
	e.u32(guid)
	return e.b
}

// CreateObject is a CreateObject 0xF745 with a model (one palette, one
// texture, one part), a PhysicsDesc (movement when motion is not nil,
// position, motion table when withMTable, setup, scale, the nine stamps)
// and a weenie header naming the object.
func CreateObject(guid uint32, name string, pos physics.Position, seq recording.Seq, withMTable bool, motion *recording.Motion) []byte {
	e := enc{}
	e.u32(0xF745)
	e.u32(guid)
	// ModelData.
	e.u8(0x11)
	e.u8(1)
	e.u8(1)
	e.u8(1)
	e.u16(0x8004) // a packed palette id ≥ 0x8000: four bytes
	e.u16(0x0001)
	e.u16(0x0ABC)
	e.u8(0)
	e.u8(8)
	e.u8(3)
	e.u16(0x0100)
	e.u16(0x0200)
	e.u8(9)
	e.u16(0x0F00)
	e.align()
	flags := uint32(0x8000 | 0x0001 | 0x0080) // position, setup, scale
	if withMTable {
		flags |= 0x0002
	}
	if motion != nil {
		flags |= 0x10000
	}
	e.u32(flags)
	e.u32(0x00000408) // physics state
	if motion != nil {
		at := len(e.b)
		e.u32(0)
		e.u8(0)
		e.u8(0)
		e.u16(0x003D)
		e.interpretedState(*motion, nil)
		binary.LittleEndian.PutUint32(e.b[at:], uint32(len(e.b)-at-4))
		e.u32(0) // autonomous
	}
	e.position(pos)
	if withMTable {
		e.u32(0x09000001)
	}
	e.u32(0x02000001) // setup
	e.f32(1)          // scale
	for _, s := range []uint16{seq.Position, 0, 0, seq.Vector, seq.Teleport, 0, seq.ForcePosition, 0, seq.Instance} {
		e.u16(s)
	}
	e.align()
	e.u32(0x00000016) // weenie header flags
	e.u16(uint16(len(name)))
	e.b = append(e.b, name...)
	e.align()
	e.u16(0x1234) // weenie class id
	e.u16(0x1000) // icon
	e.u32(0x10)   // item type
	e.u32(0)      // object description flags
	e.align()
	return e.b
}

// CreateContained is a CreateObject without a position (an item in a
// pack), which the reader skips.
func CreateContained(guid uint32) []byte {
	e := enc{}
	e.u32(0xF745)
	e.u32(guid)
	e.u8(0x11)
	e.u8(0)
	e.u8(0)
	e.u8(0)
	e.u32(0x0001) // setup only
	e.u32(0)
	e.u32(0x02000002)
	for i := 0; i < 9; i++ {
		e.u16(1)
	}
	e.align()
	e.u32(0)
	e.u16(4)
	e.b = append(e.b, "Pack"...)
	e.align()
	return e.b
}

// AutonomousPosition is the client's GameAction 0xF7B1 carrying
// AutonomousPosition 0xF753.
func AutonomousPosition(seq uint32, p physics.Position) []byte {
	e := enc{}
	e.u32(0xF7B1)
	e.u32(seq)
	e.u32(0xF753)
	e.position(p)
	e.u16(1)
	e.u16(0)
	e.u16(0)
	e.u16(0)
	e.u8(1)
	e.align()
	return e.b
}

// MoveToState is the client's GameAction 0xF7B1 carrying MoveToState
// 0xF61C: a RawMotionState (hold key, forward command, turn command and
// speed; one action), then the Position and stamps.
func MoveToState(seq uint32, p physics.Position) []byte {
	e := enc{}
	e.u32(0xF7B1)
	e.u32(seq)
	e.u32(0xF61C)
	e.u32(0x1 | 0x4 | 0x100 | 0x400 | 1<<11)
	e.u32(2)          // hold key: run
	e.u32(0x45000005) // WalkForward
	e.u32(0x6500000D) // TurnRight
	e.f32(1.5)
	e.u16(0x0087)
	e.u16(1)
	e.f32(1)
	e.position(p)
	e.u16(1)
	e.u16(0)
	e.u16(0)
	e.u16(0)
	e.u8(1)
	e.align()
	return e.b
}

// Unrelated is a message the reader counts and skips: a GameEvent 0xF7B0
// wrapping a private property update.
func Unrelated(player uint32, seq uint32) []byte {
	e := enc{}
	e.u32(0xF7B0)
	e.u32(player)
	e.u32(seq)
	e.u32(0x02CD)
	e.u32(25)
	e.u32(7)
	return e.b
}
