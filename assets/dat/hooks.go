// Animation hooks (ACE Entity/AnimationHook.cs and AnimationHooks/*.cs;
// DatReaderWriter Generated/Types/*Hook.generated.cs): a u32 type, a
// direction, then a payload whose layout depends on the type alone — there
// is no length prefix, so an unknown type leaves the rest of the entry
// unreadable and fails the entry.

package dat

import "fmt"

// HookType is an AnimationHookType.
type HookType uint32

// Hook types (ACE Source/ACE.Entity/Enum/AnimationHookType.cs).
const (
	HookNoOp                   HookType = 0
	HookSound                  HookType = 1
	HookSoundTable             HookType = 2
	HookAttack                 HookType = 3
	HookAnimationDone          HookType = 4
	HookReplaceObject          HookType = 5
	HookEthereal               HookType = 6
	HookTransparentPart        HookType = 7
	HookLuminous               HookType = 8
	HookLuminousPart           HookType = 9
	HookDiffuse                HookType = 10
	HookDiffusePart            HookType = 11
	HookScale                  HookType = 12
	HookCreateParticle         HookType = 13
	HookDestroyParticle        HookType = 14
	HookStopParticle           HookType = 15
	HookNoDraw                 HookType = 16
	HookDefaultScript          HookType = 17
	HookDefaultScriptPart      HookType = 18
	HookCallPES                HookType = 19
	HookTransparent            HookType = 20
	HookSoundTweaked           HookType = 21
	HookSetOmega               HookType = 22
	HookTextureVelocity        HookType = 23
	HookTextureVelocityPart    HookType = 24
	HookSetLight               HookType = 25
	HookCreateBlockingParticle HookType = 26
)

var hookNames = [...]string{
	"NoOp", "Sound", "SoundTable", "Attack", "AnimationDone", "ReplaceObject",
	"Ethereal", "TransparentPart", "Luminous", "LuminousPart", "Diffuse",
	"DiffusePart", "Scale", "CreateParticle", "DestroyParticle",
	"StopParticle", "NoDraw", "DefaultScript", "DefaultScriptPart", "CallPES",
	"Transparent", "SoundTweaked", "SetOmega", "TextureVelocity",
	"TextureVelocityPart", "SetLight", "CreateBlockingParticle",
}

func (t HookType) String() string {
	if int(t) < len(hookNames) {
		return hookNames[t]
	}
	return fmt.Sprintf("HookType(%d)", uint32(t))
}

// Hook is one decoded animation hook. Which fields a type carries:
//
//	Sound, SoundTable, DestroyParticle, StopParticle, NoDraw: ID
//	Ethereal, SetLight: Value
//	Luminous, Diffuse, Transparent: Start, End, Time
//	LuminousPart, DiffusePart, TransparentPart: Part, Start, End, Time
//	Scale: End, Time
//	DefaultScriptPart: Part
//	ReplaceObject: Part (u16), ID (a GfxObj id)
//	CreateParticle, CreateBlockingParticle: ID (emitter info), Part, Frame, EmitterID
//	CallPES: ID, Pause
//	SoundTweaked: ID, Priority, Probability, Volume
//	SetOmega: Vector
//	TextureVelocity: Speed; TextureVelocityPart: Part, Speed
//	Attack: Attack
//	AnimationDone, DefaultScript: nothing
type Hook struct {
	Type        HookType
	Direction   int32
	ID          uint32
	Part        uint32
	EmitterID   uint32
	Value       int32
	Start       float32
	End         float32
	Time        float32
	Pause       float32
	Priority    float32
	Probability float32
	Volume      float32
	Vector      [3]float32
	Speed       [2]float32
	Frame       Frame
	Attack      AttackCone
}

// AttackCone is an Attack hook's cone (ACE Entity/AttackCone.cs).
type AttackCone struct {
	Part                         uint32
	LeftX, LeftY, RightX, RightY float32
	Radius, Height               float32
}

// hook reads one hook.
func (c *cursor) hook() Hook {
	at := c.off
	h := Hook{Type: HookType(c.u32("type")), Direction: c.i32("direction")}
	switch h.Type {
	case HookSound, HookSoundTable, HookDestroyParticle, HookStopParticle, HookNoDraw:
		h.ID = c.u32("id")
	case HookEthereal, HookSetLight:
		h.Value = c.i32("value")
	case HookLuminous, HookDiffuse, HookTransparent:
		h.Start, h.End, h.Time = c.f32("start"), c.f32("end"), c.f32("time")
	case HookLuminousPart, HookDiffusePart, HookTransparentPart:
		h.Part = c.u32("part")
		h.Start, h.End, h.Time = c.f32("start"), c.f32("end"), c.f32("time")
	case HookScale:
		h.End, h.Time = c.f32("end"), c.f32("time")
	case HookDefaultScriptPart:
		h.Part = c.u32("part")
	case HookReplaceObject:
		h.Part = uint32(c.u16("part"))
		h.ID = c.packedID("gfx id", 0x01000000)
	case HookCreateParticle, HookCreateBlockingParticle:
		h.ID = c.u32("emitter info id")
		h.Part = c.u32("part")
		h.Frame = c.frame("offset")
		h.EmitterID = c.u32("emitter id")
	case HookCallPES:
		h.ID = c.u32("pes")
		h.Pause = c.f32("pause")
	case HookSoundTweaked:
		h.ID = c.u32("sound id")
		h.Priority, h.Probability, h.Volume = c.f32("priority"), c.f32("probability"), c.f32("volume")
	case HookSetOmega:
		h.Vector = c.vec3("axis")
	case HookTextureVelocity:
		h.Speed = [2]float32{c.f32("u_speed"), c.f32("v_speed")}
	case HookTextureVelocityPart:
		h.Part = c.u32("part")
		h.Speed = [2]float32{c.f32("u_speed"), c.f32("v_speed")}
	case HookAttack:
		a := &h.Attack
		a.Part = c.u32("attack part")
		a.LeftX, a.LeftY = c.f32("left_x"), c.f32("left_y")
		a.RightX, a.RightY = c.f32("right_x"), c.f32("right_y")
		a.Radius, a.Height = c.f32("radius"), c.f32("height")
	case HookAnimationDone, HookDefaultScript:
	default:
		if c.err == nil {
			c.off = at
			c.fail("type", fmt.Errorf("unknown hook type %d (hooks carry no length, so the rest of the entry cannot be read)", uint32(h.Type)))
		}
	}
	return h
}
