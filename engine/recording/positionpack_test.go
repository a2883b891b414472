// Tests of the PositionPack codec (seed 004 §2; Recording v1, "PositionPack
// wire layout").

package recording

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// packBuilder writes little-endian fields for hand-built messages, so the
// tests state the wire layout independently of the encoder.
type packBuilder []byte

func (b packBuilder) u32(v uint32) packBuilder  { return binary.LittleEndian.AppendUint32(b, v) }
func (b packBuilder) u16(v uint16) packBuilder  { return binary.LittleEndian.AppendUint16(b, v) }
func (b packBuilder) f32(v float32) packBuilder { return b.u32(math.Float32bits(v)) }

// fullMessage is an UpdatePosition with every optional part present:
// velocity, placement and all four quaternion components.
func fullMessage() []byte {
	return packBuilder(nil).
		u32(0xF748).u32(0x80000A01).
		u32(FlagHasVelocity | FlagHasPlacement | FlagIsGrounded).
		u32(0xA9B4001F).
		f32(91.25).f32(90).f32(0.5).
		f32(0.5).f32(0.5).f32(0.5).f32(0.5).
		f32(3.75).f32(-1).f32(0).
		u32(101).
		u16(1).u16(2).u16(3).u16(4)
}

// seed 004 §2: PositionPack::UnPack reads flags, objcell_id, origin, the
// quaternion components whose "no" flag is clear, velocity (0x01),
// placement (0x02), then the four u16 stamps; has_contact is flag 0x04.
func TestDecodeUpdatePosition_ReadsFieldsInUnPackOrder(t *testing.T) {
	u, err := DecodeUpdatePosition(fullMessage())
	if err != nil {
		t.Fatal(err)
	}
	want := UpdatePosition{
		GUID: 0x80000A01,
		Pos: physics.Position{Cell: 0xA9B4001F,
			Frame: physics.NewFrame(mgl32.Vec3{91.25, 90, 0.5}, mgl32.Quat{W: 0.5, V: mgl32.Vec3{0.5, 0.5, 0.5}})},
		Grounded:    true,
		HasVelocity: true, Velocity: mgl32.Vec3{3.75, -1, 0},
		HasPlacement: true, Placement: 101,
		Seq: PositionSeq{Instance: 1, Position: 2, Teleport: 3, ForcePosition: 4},
	}
	if !reflect.DeepEqual(u, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", u, want)
	}
}

// seed 004 §2: "if (ebx & 8) == 0: read qw (else 0)" and likewise for qx,
// qy, qz: an omitted component is 0 and takes no bytes.
func TestDecodeUpdatePosition_OmittedQuaternionComponentsAreZero(t *testing.T) {
	msg := packBuilder(nil).
		u32(0xF748).u32(7).
		u32(FlagNoQX | FlagNoQY).
		u32(0x0101003A).
		f32(1).f32(2).f32(3).
		f32(0.7071068).f32(-0.7071068). // qw, qz
		u16(0).u16(0).u16(0).u16(0)
	u, err := DecodeUpdatePosition(msg)
	if err != nil {
		t.Fatal(err)
	}
	want := mgl32.Quat{W: 0.7071068, V: mgl32.Vec3{0, 0, -0.7071068}}
	if u.Pos.Frame.Rot != want {
		t.Errorf("rotation %v, want %v", u.Pos.Frame.Rot, want)
	}
	if u.Grounded || u.HasVelocity || u.HasPlacement {
		t.Errorf("flags decoded as grounded=%v velocity=%v placement=%v, want all false", u.Grounded, u.HasVelocity, u.HasPlacement)
	}
	// The cached matrix is rebuilt (Frame::cache after UnPack, seed 004 §2).
	if h := u.Pos.Frame.Heading(); math.Abs(float64(h)-90) > 1e-3 {
		t.Errorf("heading %v, want 90", h)
	}
}

// seed 004 §2: "has_contact = (ebx >> 2) & 1".
func TestDecodeUpdatePosition_GroundedIsFlag4(t *testing.T) {
	for _, flags := range []uint32{0, FlagIsGrounded} {
		msg := packBuilder(nil).u32(0xF748).u32(1).u32(flags | FlagNoQX | FlagNoQY | FlagNoQZ).u32(0x0101003A).
			f32(1).f32(2).f32(3).f32(1).u16(0).u16(0).u16(0).u16(0)
		u, err := DecodeUpdatePosition(msg)
		if err != nil {
			t.Fatal(err)
		}
		if u.Grounded != (flags != 0) {
			t.Errorf("flags 0x%X: grounded %v", flags, u.Grounded)
		}
	}
}

// Recording v1, "PositionPack wire layout": malformed bytes are errors that
// name the field and offset; trailing bytes are errors except up to 3 zero
// bytes of padding.
func TestDecodeUpdatePosition_Errors(t *testing.T) {
	full := fullMessage()
	noVel := packBuilder(nil).u32(0xF748).u32(1).u32(FlagHasVelocity | FlagNoQX | FlagNoQY | FlagNoQZ).u32(2).
		f32(1).f32(2).f32(3).f32(1) // 32 bytes, velocity expected at 32
	tests := []struct {
		name string
		msg  []byte
		want string
	}{
		{"empty", nil, "truncated at opcode (offset 0)"},
		{"short opcode", []byte{0x48, 0xF7}, "truncated at opcode (offset 0)"},
		{"wrong opcode", packBuilder(nil).u32(0xF74C).u32(1), "opcode (offset 0): want 0xF748, got 0x0000F74C"},
		{"no guid", full[:4], "truncated at guid (offset 4)"},
		{"no flags", full[:8], "truncated at flags (offset 8)"},
		{"unknown flag", packBuilder(nil).u32(0xF748).u32(1).u32(0x80), "flags (offset 8): unknown flag bits 0x00000080"},
		{"no cell", full[:12], "truncated at objcell_id (offset 12)"},
		{"half x", full[:18], "truncated at x (offset 16)"},
		{"no z", full[:24], "truncated at z (offset 24)"},
		{"no qw", full[:28], "truncated at qw (offset 28)"},
		{"no qz", full[:40], "truncated at qz (offset 40)"},
		{"short velocity", full[:48], "truncated at velocity (offset 44)"},
		{"velocity after omitted components", noVel, "truncated at velocity (offset 32)"},
		{"no placement", full[:56], "truncated at placement_id (offset 56)"},
		{"no instance stamp", full[:60], "truncated at instance_timestamp (offset 60)"},
		{"no force_position stamp", full[:67], "truncated at force_position_timestamp (offset 66)"},
		{"NaN x", packBuilder(nil).u32(0xF748).u32(1).u32(0).u32(2).u32(0x7FC00000), "x (offset 16): non-finite float 0x7FC00000"},
		{"infinite velocity", append(packBuilder(append([]byte{}, full[:44]...)).f32(float32(math.Inf(1))), full[48:]...), "velocity.x (offset 44): non-finite float 0x7F800000"},
		{"4 bytes of padding", append(append([]byte{}, full...), 0, 0, 0, 0), "trailing bytes (offset 68): 4 bytes after the message (at most 3 zero bytes of padding)"},
		{"non-zero padding", append(append([]byte{}, full...), 0, 1), "trailing bytes (offset 68): padding is not zero"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeUpdatePosition(tt.msg)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error %q\nwant  %q", err, tt.want)
			}
			if _, ok := err.(*PackError); !ok {
				t.Errorf("error is %T, want *PackError", err)
			}
		})
	}
}

func TestDecodeUpdatePosition_AcceptsUpToThreeZeroPaddingBytes(t *testing.T) {
	want, err := DecodeUpdatePosition(fullMessage())
	if err != nil {
		t.Fatal(err)
	}
	for pad := 1; pad <= 3; pad++ {
		msg := append(fullMessage(), make([]byte, pad)...)
		got, err := DecodeUpdatePosition(msg)
		if err != nil {
			t.Fatalf("%d padding bytes: %v", pad, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d padding bytes changed the message", pad)
		}
	}
}

// The encoder omits exactly the components whose bits are +0, so -0 is
// kept, and writes no padding (every field is a multiple of 4 bytes).
func TestEncodeUpdatePosition_OmitsPositiveZeroComponents(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	u := UpdatePosition{GUID: 1, Pos: physics.Position{Cell: 2,
		Frame: physics.NewFrame(mgl32.Vec3{1, 2, 3}, mgl32.Quat{W: 0.6, V: mgl32.Vec3{0, negZero, 0.8}})}}
	b := EncodeUpdatePosition(&u)
	flags := binary.LittleEndian.Uint32(b[8:])
	if flags != FlagNoQX {
		t.Errorf("flags 0x%X, want only FlagNoQX (0x%X)", flags, FlagNoQX)
	}
	if len(b) != 8+4+4+12+3*4+8 || len(b)%4 != 0 {
		t.Errorf("length %d, want 48", len(b))
	}
	got, err := DecodeUpdatePosition(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Float32bits(got.Pos.Frame.Rot.V[1]) != math.Float32bits(negZero) {
		t.Errorf("qy lost its sign: %v", got.Pos.Frame.Rot.V[1])
	}
}

func TestEncodeUpdatePosition_RoundTrip(t *testing.T) {
	u, err := DecodeUpdatePosition(fullMessage())
	if err != nil {
		t.Fatal(err)
	}
	b := EncodeUpdatePosition(&u)
	if hex.EncodeToString(b) != hex.EncodeToString(fullMessage()) {
		t.Errorf("re-encoded\n%x\nwant\n%x", b, fullMessage())
	}
}
