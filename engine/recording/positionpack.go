// PositionPack: the wire codec for the UpdatePosition (0xF748) message that a
// recording's `raw` position form carries. The layout follows the retail
// PositionPack::UnPack (seed 004 §2, "PositionPack contents") and the
// Recording v1 specification's "PositionPack wire layout" table.

package recording

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// PositionPack wire constants (seed 004 §1 and §2; ACE PositionFlags).
const (
	// OpcodeUpdatePosition is the UpdatePosition message opcode 0xF748
	// (ACSmartBox::DispatchSmartBoxEvent case 0xf748, seed 004 §1).
	OpcodeUpdatePosition = 0xF748
	// FlagHasVelocity is PositionFlags HasVelocity 0x01: a velocity follows
	// the rotation (seed 004 §2, "if (ebx & 1) != 0: read velocity").
	FlagHasVelocity = 0x01
	// FlagHasPlacement is PositionFlags HasPlacementID 0x02: a placement id
	// follows the velocity (seed 004 §2).
	FlagHasPlacement = 0x02
	// FlagIsGrounded is PositionFlags IsGrounded 0x04, read as has_contact =
	// (flags >> 2) & 1 (seed 004 §2).
	FlagIsGrounded = 0x04
	// FlagNoQW is PositionFlags OrientationHasNoW 0x08: qw is omitted and is 0.
	FlagNoQW = 0x08
	// FlagNoQX is PositionFlags OrientationHasNoX 0x10: qx is omitted and is 0.
	FlagNoQX = 0x10
	// FlagNoQY is PositionFlags OrientationHasNoY 0x20: qy is omitted and is 0.
	FlagNoQY = 0x20
	// FlagNoQZ is PositionFlags OrientationHasNoZ 0x40: qz is omitted and is 0.
	FlagNoQZ = 0x40
	// maxPadding is how many zero bytes may follow the message (Recording
	// v1, "PositionPack wire layout").
	maxPadding = 3
	// knownFlags is every flag bit the layout defines.
	knownFlags = FlagHasVelocity | FlagHasPlacement | FlagIsGrounded | FlagNoQW | FlagNoQX | FlagNoQY | FlagNoQZ
)

// PositionSeq holds the four u16 timestamps an UpdatePosition carries, in wire
// order (seed 004 §8): instance (update_times[INSTANCE_TS]), position
// (POSITION_TS), teleport (TELEPORT_TS, the remote's move sequence) and
// force_position (FORCE_POSITION_TS).
type PositionSeq struct {
	Instance      uint16
	Position      uint16
	Teleport      uint16
	ForcePosition uint16
}

// UpdatePosition is one decoded UpdatePosition (0xF748) message: the object
// guid and its PositionPack (seed 004 §2).
type UpdatePosition struct {
	// GUID is the object the message is about.
	GUID uint32
	// Pos is the received position (objcell_id, origin, rotation). The
	// rotation is kept as sent: it is not normalised.
	Pos physics.Position
	// Grounded is the IsGrounded flag, retail's has_contact.
	Grounded bool
	// HasVelocity says whether Velocity was sent (flag 0x01).
	HasVelocity bool
	Velocity    mgl32.Vec3
	// HasPlacement says whether Placement was sent (flag 0x02).
	HasPlacement bool
	Placement    uint32
	Seq          PositionSeq
}

// PackError is a malformed PositionPack byte string. Field names the wire
// field being read and Offset its byte offset in the message.
type PackError struct {
	Field   string
	Offset  int
	Problem string
}

// Error reads "truncated at velocity (offset 36)" for a short message and
// "flags (offset 8): unknown flag bits 0x00000080" otherwise.
func (e *PackError) Error() string {
	if e.Problem == problemTruncated {
		return fmt.Sprintf("%s at %s (offset %d)", e.Problem, e.Field, e.Offset)
	}
	return fmt.Sprintf("%s (offset %d): %s", e.Field, e.Offset, e.Problem)
}

const problemTruncated = "truncated"

// packReader reads little-endian fields and remembers the first failure.
type packReader struct {
	b   []byte
	off int
	err *PackError
}

func (r *packReader) fail(field, problem string) {
	if r.err == nil {
		r.err = &PackError{Field: field, Offset: r.off, Problem: problem}
	}
}

func (r *packReader) u32(field string) uint32 {
	if r.err != nil {
		return 0
	}
	if len(r.b)-r.off < 4 {
		r.fail(field, problemTruncated)
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v
}

func (r *packReader) u16(field string) uint16 {
	if r.err != nil {
		return 0
	}
	if len(r.b)-r.off < 2 {
		r.fail(field, problemTruncated)
		return 0
	}
	v := binary.LittleEndian.Uint16(r.b[r.off:])
	r.off += 2
	return v
}

// f32 reads a float and rejects NaN and infinities: a recording's numbers
// must be finite however they are spelled, raw bytes included.
func (r *packReader) f32(field string) float32 {
	start := r.off
	bits := r.u32(field)
	if r.err != nil {
		return 0
	}
	v := math.Float32frombits(bits)
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		r.off = start
		r.fail(field, fmt.Sprintf("non-finite float 0x%08X", bits))
		return 0
	}
	return v
}

// DecodeUpdatePosition decodes a whole UpdatePosition message: u32 opcode
// 0xF748, u32 guid, then the PositionPack as retail's PositionPack::UnPack
// reads it (seed 004 §2). Bytes after the structure are an error, except up
// to 3 zero bytes of 4-byte alignment padding. A malformed message gives a
// *PackError naming the field; no input panics.
func DecodeUpdatePosition(b []byte) (UpdatePosition, error) {
	var u UpdatePosition
	r := packReader{b: b}
	if op := r.u32("opcode"); r.err == nil && op != OpcodeUpdatePosition {
		r.off = 0
		r.fail("opcode", fmt.Sprintf("want 0x%04X, got 0x%08X", OpcodeUpdatePosition, op))
	}
	u.GUID = r.u32("guid")
	flagsAt := r.off
	flags := r.u32("flags")
	if r.err == nil && flags&^knownFlags != 0 {
		r.off = flagsAt
		r.fail("flags", fmt.Sprintf("unknown flag bits 0x%08X", flags&^uint32(knownFlags)))
	}
	u.Pos.Cell = r.u32("objcell_id")
	u.Pos.Frame.Origin[0] = r.f32("x")
	u.Pos.Frame.Origin[1] = r.f32("y")
	u.Pos.Frame.Origin[2] = r.f32("z")
	// An omitted component is 0 (PositionPack::UnPack, seed 004 §2).
	if flags&FlagNoQW == 0 {
		u.Pos.Frame.Rot.W = r.f32("qw")
	}
	if flags&FlagNoQX == 0 {
		u.Pos.Frame.Rot.V[0] = r.f32("qx")
	}
	if flags&FlagNoQY == 0 {
		u.Pos.Frame.Rot.V[1] = r.f32("qy")
	}
	if flags&FlagNoQZ == 0 {
		u.Pos.Frame.Rot.V[2] = r.f32("qz")
	}
	if flags&FlagHasVelocity != 0 {
		u.HasVelocity = true
		// The brief's example names the whole vector: "truncated at velocity".
		if len(r.b)-r.off < 12 {
			r.fail("velocity", problemTruncated)
		}
		u.Velocity[0] = r.f32("velocity.x")
		u.Velocity[1] = r.f32("velocity.y")
		u.Velocity[2] = r.f32("velocity.z")
	}
	if flags&FlagHasPlacement != 0 {
		u.HasPlacement = true
		u.Placement = r.u32("placement_id")
	}
	u.Grounded = flags&FlagIsGrounded != 0
	u.Seq.Instance = r.u16("instance_timestamp")
	u.Seq.Position = r.u16("position_timestamp")
	u.Seq.Teleport = r.u16("teleport_timestamp")
	u.Seq.ForcePosition = r.u16("force_position_timestamp")
	// Every field is a multiple of 4 bytes, so the structure always ends
	// 4-byte aligned; the spec's "up to 3 zero bytes of alignment padding"
	// is read literally: 1–3 trailing zero bytes are accepted.
	if r.err == nil {
		rest := r.b[r.off:]
		switch {
		case len(rest) > maxPadding:
			r.fail("trailing bytes", fmt.Sprintf("%d bytes after the message (at most %d zero bytes of padding)", len(rest), maxPadding))
		case !allZero(rest):
			r.fail("trailing bytes", "padding is not zero")
		}
	}
	if r.err != nil {
		return UpdatePosition{}, r.err
	}
	u.Pos.Frame.Cache()
	return u, nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// EncodeUpdatePosition returns the wire bytes of u; see AppendUpdatePosition.
func EncodeUpdatePosition(u *UpdatePosition) []byte {
	return AppendUpdatePosition(make([]byte, 0, 64), u)
}

// AppendUpdatePosition appends the wire bytes of u to dst: opcode, guid and
// the PositionPack in PositionPack::UnPack order (seed 004 §2).
//
// A quaternion component is omitted (its "no q*" flag set) exactly when its
// bits are +0, so -0 survives a round trip; every field is a multiple of 4
// bytes, so the message is always 4-byte aligned and no padding is written.
// Non-finite floats are written as given, and DecodeUpdatePosition rejects
// them.
func AppendUpdatePosition(dst []byte, u *UpdatePosition) []byte {
	q := u.Pos.Frame.Rot
	var flags uint32
	if u.HasVelocity {
		flags |= FlagHasVelocity
	}
	if u.HasPlacement {
		flags |= FlagHasPlacement
	}
	if u.Grounded {
		flags |= FlagIsGrounded
	}
	comps := [4]float32{q.W, q.V[0], q.V[1], q.V[2]}
	noFlags := [4]uint32{FlagNoQW, FlagNoQX, FlagNoQY, FlagNoQZ}
	for i, c := range comps {
		if math.Float32bits(c) == 0 {
			flags |= noFlags[i]
		}
	}
	le := binary.LittleEndian
	dst = le.AppendUint32(dst, OpcodeUpdatePosition)
	dst = le.AppendUint32(dst, u.GUID)
	dst = le.AppendUint32(dst, flags)
	dst = le.AppendUint32(dst, u.Pos.Cell)
	for _, c := range u.Pos.Frame.Origin {
		dst = le.AppendUint32(dst, math.Float32bits(c))
	}
	for i, c := range comps {
		if flags&noFlags[i] == 0 {
			dst = le.AppendUint32(dst, math.Float32bits(c))
		}
	}
	if u.HasVelocity {
		for _, c := range u.Velocity {
			dst = le.AppendUint32(dst, math.Float32bits(c))
		}
	}
	if u.HasPlacement {
		dst = le.AppendUint32(dst, u.Placement)
	}
	dst = le.AppendUint16(dst, u.Seq.Instance)
	dst = le.AppendUint16(dst, u.Seq.Position)
	dst = le.AppendUint16(dst, u.Seq.Teleport)
	dst = le.AppendUint16(dst, u.Seq.ForcePosition)
	return dst
}
