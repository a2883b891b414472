// Motion: UpdateMotion 0xF74C and the MovementData it carries (also inside
// CreateObject's PhysicsDesc). Layout from ACE: GameMessageUpdateMotion
// (guid, instance stamp, then MovementData with its header),
// MovementData.cs (movement, server-control stamps, autonomous byte,
// align; movement type, motion flags, u16 current style), MovementInvalid
// (an InterpretedMotionState, then the sticky object when motion flag 0x1),
// InterpretedMotionState.cs (u32 flags with the action count in bits 7 and
// up; style, forward, sidestep, turn as u16; the three speeds as f32; the
// actions; align) and MotionItem.cs (u16 command, u16 packed stamp whose
// top bit is the autonomous flag, f32 speed).

package capture

import (
	"fmt"

	"glidepath/engine/recording"
)

// MovementType values (ACE MovementType).
var movementTypeNames = [...]string{
	0: "Invalid (interpreted state)", 1: "RawCommand", 2: "InterpretedCommand", 3: "StopRawCommand",
	4: "StopInterpretedCommand", 5: "StopCompletely", 6: "MoveToObject", 7: "MoveToPosition",
	8: "TurnToObject", 9: "TurnToHeading",
}

func movementTypeName(t uint8) string {
	if int(t) < len(movementTypeNames) {
		return movementTypeNames[t]
	}
	return fmt.Sprintf("MovementType %d", t)
}

// InterpretedMotionState flags (ACE MovementStateFlag).
const (
	imsCurrentStyle   = 0x01
	imsForwardCommand = 0x02
	imsForwardSpeed   = 0x04
	imsSidestepCmd    = 0x08
	imsSidestepSpeed  = 0x10
	imsTurnCommand    = 0x20
	imsTurnSpeed      = 0x40
	imsActionShift    = 7
	imsActionMask     = 0x1F
	// motionStickToObject is MotionFlags StickToObject: a guid follows.
	motionStickToObject = 0x1
)

// Motion commands as the wire carries them: the low 16 bits of the
// MotionCommand (ACE MotionCommand.cs: Ready 0x41000003, WalkForward
// 0x45000005, WalkBackwards 0x45000006, RunForward 0x44000007, TurnRight
// 0x6500000D, TurnLeft 0x6500000E, SideStepRight 0x6500000F, SideStepLeft
// 0x65000010).
const (
	cmdReady         = 0x0003
	cmdWalkForward   = 0x0005
	cmdWalkBackwards = 0x0006
	cmdRunForward    = 0x0007
	cmdTurnRight     = 0x000D
	cmdTurnLeft      = 0x000E
	cmdSideStepRight = 0x000F
	cmdSideStepLeft  = 0x0010
)

// action is one entry of an InterpretedMotionState's action list.
type action struct {
	command    uint16
	stamp      uint16 // the packed stamp without its autonomous bit
	autonomous bool
	speed      float32
}

// motionStamps are the stamps a movement came with: UpdateMotion's
// instance stamp and MovementData header (movement and server-control
// stamps, autonomous byte), or a CreateObject's instance, movement and
// server-control stamps and the u32 autonomous flag after its movement
// block (ACE WorldObject_Networking.SerializePhysicsData).
type motionStamps struct {
	instance, movement, serverControl uint16
	autonomous                        bool
}

// movement is a decoded MovementData.
type movement struct {
	kind    uint8 // movement type
	flags   uint8 // motion flags
	style   uint16
	state   recording.Motion
	actions []action
	// notCarried names commands the recording's motion event cannot carry
	// (played as Ready / None).
	notCarried []string
	// sticky is the StickToObject guid of an interpreted state (motion
	// flag 0x1; ACE MovementInvalid), hasSticky whether one came.
	sticky    uint32
	hasSticky bool
	// stamps are the stamps the movement came with.
	stamps motionStamps
}

// decodeMovement reads a MovementData after its header: movement type,
// motion flags, current style and, for type 0, the InterpretedMotionState.
func decodeMovement(r *wire) movement {
	var m movement
	m.kind = r.u8("movement_type")
	m.flags = r.u8("motion_flags")
	m.style = r.u16("current_style")
	if m.kind != 0 {
		return m
	}
	m.state = recording.NewMotion()
	flags := r.u32("motion_state.flags")
	// The action count is five bits (retail InterpretedMotionState::UnPack,
	// as aclogview CM_Movement.cs reads it: (flags >> 7) & 0x1F); the bits
	// above are not a count.
	nActions := int(flags>>imsActionShift) & imsActionMask
	if flags&imsCurrentStyle != 0 {
		r.u16("motion_state.current_style")
	}
	forward, sidestep, turn := uint16(cmdReady), uint16(0), uint16(0)
	if flags&imsForwardCommand != 0 {
		forward = r.u16("motion_state.forward_command")
	}
	if flags&imsSidestepCmd != 0 {
		sidestep = r.u16("motion_state.sidestep_command")
	}
	if flags&imsTurnCommand != 0 {
		turn = r.u16("motion_state.turn_command")
	}
	if flags&imsForwardSpeed != 0 {
		m.state.ForwardSpeed = r.f32("motion_state.forward_speed")
	}
	if flags&imsSidestepSpeed != 0 {
		m.state.SidestepSpeed = r.f32("motion_state.sidestep_speed")
	}
	if flags&imsTurnSpeed != 0 {
		m.state.TurnSpeed = r.f32("motion_state.turn_speed")
	}
	// Each action is 8 bytes; refuse a count the message cannot hold
	// before allocating for it.
	if nActions > 0 && r.need(nActions*8, "motion_state.actions") {
		m.actions = make([]action, nActions)
		for i := range m.actions {
			a := &m.actions[i]
			a.command = r.u16("motion_state.actions.command")
			packed := r.u16("motion_state.actions.stamp")
			a.stamp, a.autonomous = packed&0x7FFF, packed>>15 == 1
			a.speed = r.f32("motion_state.actions.speed")
		}
	}
	r.align()
	if m.flags&motionStickToObject != 0 {
		m.sticky, m.hasSticky = r.u32("sticky_object"), true
	}
	switch forward {
	case cmdReady:
		m.state.Forward = recording.Ready
	case cmdWalkForward:
		m.state.Forward = recording.WalkForward
	case cmdRunForward:
		m.state.Forward = recording.RunForward
	case cmdWalkBackwards:
		m.state.Forward = recording.WalkBackward
	default:
		m.notCarried = append(m.notCarried, fmt.Sprintf("forward 0x%04X (as Ready)", forward))
	}
	m.state.Sidestep = rightOrLeft(&m, "sidestep", sidestep, cmdSideStepRight, cmdSideStepLeft, recording.SideStepRight, recording.SideStepLeft)
	m.state.Turn = rightOrLeft(&m, "turn", turn, cmdTurnRight, cmdTurnLeft, recording.TurnRight, recording.TurnLeft)
	return m
}

// rightOrLeft is the sidestep or turn command cmd names: none for 0, right
// or left for the pair's two commands; any other is noted as one a motion
// event cannot carry (what, "sidestep" or "turn") and read as none.
func rightOrLeft[C recording.SidestepCommand | recording.TurnCommand](m *movement, what string, cmd, rightCmd, leftCmd uint16, right, left C) C {
	switch cmd {
	case 0:
	case rightCmd:
		return right
	case leftCmd:
		return left
	default:
		m.notCarried = append(m.notCarried, fmt.Sprintf("%s 0x%04X (as None)", what, cmd))
	}
	return 0
}

// decodeUpdateMotion reads UpdateMotion 0xF74C: guid, instance stamp,
// MovementData header (movement and server-control stamps, autonomous
// byte, align), then the MovementData.
func decodeUpdateMotion(b []byte) (guid uint32, m movement, err error) {
	r := wire{b: b, off: 4}
	guid = r.u32("guid")
	var st motionStamps
	st.instance = r.u16("instance_timestamp")
	st.movement = r.u16("movement_timestamp")
	st.serverControl = r.u16("server_control_timestamp")
	st.autonomous = r.u8("autonomous") != 0
	r.align()
	m = decodeMovement(&r)
	decodeMoveTo(&r, &m)
	m.stamps = st
	return guid, m, r.error()
}
