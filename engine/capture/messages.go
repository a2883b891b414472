// Messages: the game messages the import reads, decoded from their wire
// layout. Opcodes and layouts follow ACE (Source/ACE.Server/Network/
// GameMessages/GameMessageOpcode.cs and Messages/GameMessage*.cs,
// Network/Motion/MovementData.cs, InterpretedMotionState.cs, MotionItem.cs,
// GameAction/Actions/GameActionAutonomousPosition.cs). The messages read
// here travel bare in a fragment (their opcode first); the client's game
// actions travel inside the 0xF7B1 GameAction wrapper (u32 sequence, u32
// action type), and server game events inside 0xF7B0 GameEvent — none of
// those is read but AutonomousPosition.

package capture

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// Opcodes (ACE GameMessageOpcode, GameActionType).
const (
	opCreateObject       = 0xF745
	opPlayerCreate       = 0xF746
	opDeleteObject       = 0xF747
	opUpdatePosition     = 0xF748
	opParentEvent        = 0xF749
	opPickupEvent        = 0xF74A
	opSetState           = 0xF74B
	opUpdateMotion       = 0xF74C
	opVectorUpdate       = 0xF74E
	opPlayerTeleport     = 0xF751
	opAutonomousPosition = 0xF753 // a game action, inside 0xF7B1
	opGameEvent          = 0xF7B0
	opGameAction         = 0xF7B1
	opMoveToState        = 0xF61C // a game action, inside 0xF7B1
)

// opcodeNames are ACE's names (GameMessageOpcode.cs), for the summary.
var opcodeNames = map[uint32]string{
	0x0024: "InventoryRemoveObject",
	0x0197: "SetStackSize",
	0x019E: "PlayerKilled",
	0x01E0: "EmoteText",
	0x01E2: "SoulEmote",
	0x02BB: "HearSpeech",
	0x02BC: "HearRangedSpeech",
	0x02CD: "PrivateUpdatePropertyInt",
	0x02CE: "PublicUpdatePropertyInt",
	0x02CF: "PrivateUpdatePropertyInt64",
	0x02D0: "PublicUpdatePropertyInt64",
	0x02D1: "PrivateUpdatePropertyBool",
	0x02D2: "PublicUpdatePropertyBool",
	0x02D3: "PrivateUpdatePropertyFloat",
	0x02D4: "PublicUpdatePropertyFloat",
	0x02D5: "PrivateUpdatePropertyString",
	0x02D6: "PublicUpdatePropertyString",
	0x02D7: "PrivateUpdatePropertyDataID",
	0x02D8: "PublicUpdatePropertyDataID",
	0x02D9: "PrivateUpdatePropertyInstanceID",
	0x02DA: "PublicUpdateInstanceId",
	0x02DB: "PrivateUpdatePosition",
	0x02DC: "PublicUpdatePosition",
	0x02DD: "PrivateUpdateSkill",
	0x02DE: "PublicUpdateSkill",
	0x02DF: "PrivateUpdateSkillLevel",
	0x02E0: "PublicUpdateSkillLevel",
	0x02E3: "PrivateUpdateAttribute",
	0x02E4: "PublicUpdateAttribute",
	0x02E7: "PrivateUpdateVital",
	0x02E8: "PublicUpdateVital",
	0x02E9: "PrivateUpdateAttribute2ndLevel",
	0xEA60: "AdminEnvirons",
	0xF619: "PositionAndMovement",
	0xF625: "ObjDescEvent",
	0xF643: "CharacterCreateResponse",
	0xF653: "CharacterLogOff",
	0xF655: "CharacterDelete",
	0xF656: "CharacterCreate",
	0xF657: "CharacterEnterWorld",
	0xF658: "CharacterList",
	0xF659: "CharacterError",
	0xF6EA: "ForceObjectDescSend",
	0xF745: "ObjectCreate",
	0xF746: "PlayerCreate",
	0xF747: "ObjectDelete",
	0xF748: "UpdatePosition",
	0xF749: "ParentEvent",
	0xF74A: "PickupEvent",
	0xF74B: "SetState",
	0xF74C: "UpdateMotion",
	0xF74E: "VectorUpdate",
	0xF750: "Sound",
	0xF751: "PlayerTeleport",
	0xF753: "AutonomousPosition",
	0xF754: "PlayScriptId",
	0xF755: "PlayEffect",
	0xF7B0: "GameEvent",
	0xF7B1: "GameAction",
	0xF7C1: "AccountBanned",
	0xF7C8: "CharacterEnterWorldRequest",
	0xF7CC: "GetServerVersion",
	0xF7CD: "FriendsOld",
	0xF7D9: "CharacterRestore",
	0xF7DB: "UpdateObject",
	0xF7DC: "AccountBoot",
	0xF7DE: "TurbineChat",
	0xF7DF: "CharacterEnterWorldServerReady",
	0xF7E0: "ServerMessage",
	0xF7E1: "ServerName",
	0xF7E2: "DDD_DataMessage",
	0xF7E3: "DDD_RequestDataMessage",
	0xF7E4: "DDD_ErrorMessage",
	0xF7E5: "DDD_Interrogation",
	0xF7E6: "DDD_InterrogationResponse",
	0xF7E7: "DDD_BeginDDD",
	0xF7E8: "DDD_BeginPullDDD",
	0xF7E9: "DDD_IterationData",
	0xF7EA: "DDD_EndDDD",
}

// opcodeName names an opcode for the summary: "0xF748 UpdatePosition".
func opcodeName(op uint32) string {
	if op == opcodeOther {
		return "other opcodes"
	}
	if n, ok := opcodeNames[op]; ok {
		return fmt.Sprintf("0x%04X %s", op, n)
	}
	return fmt.Sprintf("0x%04X", op)
}

// wire reads little-endian fields, remembering the first failure.
type wire struct {
	b   []byte
	off int
	err string
}

func (r *wire) fail(field, why string) {
	if r.err == "" {
		r.err = fmt.Sprintf("%s at byte %d: %s", field, r.off, why)
	}
}

func (r *wire) need(n int, field string) bool {
	if r.err != "" {
		return false
	}
	if len(r.b)-r.off < n {
		r.fail(field, "message too short")
		return false
	}
	return true
}

func (r *wire) u8(field string) uint8 {
	if !r.need(1, field) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *wire) u16(field string) uint16 {
	if !r.need(2, field) {
		return 0
	}
	r.off += 2
	return binary.LittleEndian.Uint16(r.b[r.off-2:])
}

func (r *wire) u32(field string) uint32 {
	if !r.need(4, field) {
		return 0
	}
	r.off += 4
	return binary.LittleEndian.Uint32(r.b[r.off-4:])
}

// f32 reads a float; a recording's numbers must be finite.
func (r *wire) f32(field string) float32 {
	v := math.Float32frombits(r.u32(field))
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		r.off -= 4
		r.fail(field, "not a finite number")
		return 0
	}
	return v
}

func (r *wire) vec3(field string) mgl32.Vec3 {
	return mgl32.Vec3{r.f32(field + ".x"), r.f32(field + ".y"), r.f32(field + ".z")}
}

// skip advances n bytes.
func (r *wire) skip(n int, field string) {
	if r.need(n, field) {
		r.off += n
	}
}

// align skips to the next multiple of 4 from the message start (ACE
// BinaryWriter.Align pads by the stream's position).
func (r *wire) align() {
	if pad := (4 - r.off%4) % 4; pad > 0 && len(r.b)-r.off >= pad {
		r.off += pad
	}
}

// position reads a Position: objcell_id, origin, then the quaternion
// w, x, y, z (ACE Position.Serialize).
func (r *wire) position(field string) physics.Position {
	var p physics.Position
	p.Cell = r.u32(field + ".objcell_id")
	p.Frame.Origin = r.vec3(field + ".origin")
	p.Frame.Rot.W = r.f32(field + ".qw")
	p.Frame.Rot.V = r.vec3(field + ".q")
	p.Frame.Cache()
	return p
}

func (r *wire) error() error {
	if r.err == "" {
		return nil
	}
	return fmt.Errorf("%s", r.err)
}

// vectorUpdate is VectorUpdate 0xF74E: guid, velocity, omega, instance and
// vector stamps (ACE GameMessageVectorUpdate).
func decodeVector(b []byte) (uint32, recording.Vector, error) {
	r := wire{b: b, off: 4}
	var v recording.Vector
	guid := r.u32("guid")
	v.Velocity = r.vec3("velocity")
	v.Omega = r.vec3("omega")
	v.Seq.Instance = r.u16("instance_timestamp")
	v.Seq.Vector = r.u16("vector_timestamp")
	return guid, v, r.error()
}

// decodeGUIDInstance reads DeleteObject 0xF747 and PickupEvent 0xF74A:
// guid, instance stamp (ACE GameMessageDeleteObject, GameMessagePickupEvent).
func decodeGUIDInstance(b []byte) (uint32, uint16, error) {
	r := wire{b: b, off: 4}
	guid := r.u32("guid")
	inst := r.u16("instance_timestamp")
	return guid, inst, r.error()
}

// decodePlayerCreate reads PlayerCreate 0xF746: the player's guid.
func decodePlayerCreate(b []byte) (uint32, error) {
	r := wire{b: b, off: 4}
	guid := r.u32("guid")
	return guid, r.error()
}

// decodeClientPosition reads the player's position from a client GameAction
// 0xF7B1 (u32 sequence, u32 action type) carrying AutonomousPosition 0xF753
// (a Position first, ACE GameActionAutonomousPosition) or MoveToState
// 0xF61C (a RawMotionState, then the Position: ACE MoveToState.cs,
// RawMotionState.cs — u32 flags whose low 11 bits each announce one 4-byte
// field, in bit order, and whose bits 11 and up count 8-byte actions). In
// both the Position is followed by the stamps the client last received for
// its own object (u16 instance, server control, teleport, force position)
// and a byte whose bit 0 is the contact flag (and, in MoveToState, bit 1
// the standing long jump): rep. ok is false for any other game action.
func decodeClientPosition(b []byte) (pos physics.Position, rep recording.ClientReport, ok bool, err error) {
	r := wire{b: b, off: 4}
	r.u32("sequence")
	action := r.u32("action")
	switch action {
	case opAutonomousPosition:
	case opMoveToState:
		flags := r.u32("raw_motion_state.flags")
		r.skip(4*bits.OnesCount32(flags&0x7FF), "raw_motion_state")
		r.skip(8*int(flags>>11), "raw_motion_state.actions")
	default:
		return pos, rep, false, r.error()
	}
	if r.err != "" {
		return pos, rep, false, r.error()
	}
	pos = r.position("position")
	rep.Action = uint16(action)
	rep.Seq = recording.ClientSeq{Instance: r.u16("instance_sequence"), ServerControl: r.u16("server_control_sequence"),
		Teleport: r.u16("teleport_sequence"), ForcePosition: r.u16("force_position_sequence")}
	cl := r.u8("contact")
	rep.Contact = cl&1 != 0
	rep.LongJump = action == opMoveToState && cl&2 != 0
	return pos, rep, r.err == "", r.error()
}
