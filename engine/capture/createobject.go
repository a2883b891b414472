// CreateObject 0xF745: the parts of it an entity needs — guid, ModelData
// (skipped), PhysicsDesc (movement, position, motion table, the nine
// sequence stamps) and the name that opens the WeenieDesc. Layout from ACE
// WorldObject_Networking.cs (SerializeCreateObject, SerializeModelData,
// SerializePhysicsData), PhysicsDescriptionFlag.cs and Network/
// Extensions.cs (packed dwords, String16L).

package capture

import (
	"glidepath/engine/recording"
	"glidepath/physics"
)

// PhysicsDesc flags (ACE PhysicsDescriptionFlag).
const (
	pdCSetup                 = 0x000001
	pdMTable                 = 0x000002
	pdVelocity               = 0x000004
	pdAcceleration           = 0x000008
	pdOmega                  = 0x000010
	pdParent                 = 0x000020
	pdChildren               = 0x000040
	pdObjScale               = 0x000080
	pdFriction               = 0x000100
	pdElasticity             = 0x000200
	pdSTable                 = 0x000800
	pdPeTable                = 0x001000
	pdDefaultScript          = 0x002000
	pdDefaultScriptIntensity = 0x004000
	pdPosition               = 0x008000
	pdMovement               = 0x010000
	pdAnimationFrame         = 0x020000
	pdTranslucency           = 0x040000
)

// maxChildren bounds a PhysicsDesc's child list (each 8 bytes; the
// message's length bounds it anyway).
const maxChildren = 1 << 12

// created is what the import takes from a CreateObject.
type created struct {
	guid        uint32
	name        string
	hasPosition bool
	pos         physics.Position
	hasMTable   bool
	// mtable and setup are PhysicsDesc's MotionTable and Setup dat ids
	// (0 when absent), which a run with dat files reads (docs/world.md).
	mtable, setup uint32
	seq           recording.Seq
	hasMovement   bool
	movement      movement
}

// packedDword reads ACE's WritePackedDword: a u16, or, when its top bit is
// set, (u16 & 0x7FFF) << 16 | the next u16.
func (r *wire) packedDword(field string) uint32 {
	a := r.u16(field)
	if a&0x8000 == 0 {
		return uint32(a)
	}
	return uint32(a&0x7FFF)<<16 | uint32(r.u16(field))
}

// string16L reads a u16 length, that many bytes, then pads the length and
// the bytes to a multiple of 4 (ACE WriteString16L). Retail's PStringBase
// escapes lengths ≥ 0xFFFF with a following u32.
func (r *wire) string16L(field string) string {
	start := r.off
	n := int(r.u16(field))
	if n == 0xFFFF {
		n = int(r.u32(field))
	}
	if !r.need(n, field) {
		return ""
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	if pad := (4 - (r.off-start)%4) % 4; pad > 0 {
		r.skip(pad, field)
	}
	// Names are Windows-1252; bytes above 0x7F are kept as Latin-1 runes,
	// which agrees with 1252 for every letter a name uses.
	out := make([]rune, len(s))
	for i, c := range s {
		out[i] = rune(c)
	}
	return string(out)
}

// decodeCreateObject reads a CreateObject message.
func decodeCreateObject(b []byte) (created, error) {
	r := wire{b: b, off: 4}
	var c created
	c.guid = r.u32("guid")
	// ModelData: 0x11, palette, texture and model counts, then the lists.
	r.u8("model_data.marker")
	nPal, nTex, nModel := int(r.u8("model_data.palettes")), int(r.u8("model_data.textures")), int(r.u8("model_data.models"))
	if nPal > 0 {
		r.packedDword("model_data.palette")
	}
	for i := 0; i < nPal && r.err == ""; i++ {
		r.packedDword("model_data.subpalette")
		r.skip(2, "model_data.subpalette.range")
	}
	for i := 0; i < nTex && r.err == ""; i++ {
		r.u8("model_data.texture.part")
		r.packedDword("model_data.texture.old")
		r.packedDword("model_data.texture.new")
	}
	for i := 0; i < nModel && r.err == ""; i++ {
		r.u8("model_data.model.index")
		r.packedDword("model_data.model.id")
	}
	r.align()
	// PhysicsDesc.
	flags := r.u32("physics_desc.flags")
	r.u32("physics_desc.state")
	if flags&pdMovement != 0 {
		n := int(r.u32("physics_desc.movement.length"))
		if n > 0 && r.need(n+4, "physics_desc.movement") {
			end := r.off + n
			sub := wire{b: r.b[:end], off: r.off}
			c.movement = decodeMovement(&sub)
			c.hasMovement = sub.err == ""
			r.off = end
			r.u32("physics_desc.movement.autonomous")
		}
	} else if flags&pdAnimationFrame != 0 {
		r.u32("physics_desc.animation_frame")
	}
	if flags&pdPosition != 0 {
		c.pos = r.position("physics_desc.position")
		c.hasPosition = true
	}
	if flags&pdMTable != 0 {
		c.mtable = r.u32("physics_desc.motion_table")
		c.hasMTable = c.mtable != 0
	}
	for _, f := range [...]struct {
		flag uint32
		size int
		name string
	}{
		{pdSTable, 4, "sound_table"}, {pdPeTable, 4, "physics_effect_table"}, {pdCSetup, 4, "setup"},
		{pdParent, 8, "parent"},
	} {
		if flags&f.flag != 0 && f.flag == pdCSetup {
			c.setup = r.u32("physics_desc.setup")
		} else if flags&f.flag != 0 {
			r.skip(f.size, "physics_desc."+f.name)
		}
	}
	if flags&pdChildren != 0 {
		n := int(r.u32("physics_desc.children"))
		if n > maxChildren {
			r.fail("physics_desc.children", "too many children")
		}
		r.skip(8*n, "physics_desc.children")
	}
	for _, f := range [...]struct {
		flag uint32
		size int
		name string
	}{
		{pdObjScale, 4, "scale"}, {pdFriction, 4, "friction"}, {pdElasticity, 4, "elasticity"},
		{pdTranslucency, 4, "translucency"}, {pdVelocity, 12, "velocity"}, {pdAcceleration, 12, "acceleration"},
		{pdOmega, 12, "omega"}, {pdDefaultScript, 4, "default_script"}, {pdDefaultScriptIntensity, 4, "default_script_intensity"},
	} {
		if flags&f.flag != 0 {
			r.skip(f.size, "physics_desc."+f.name)
		}
	}
	// The nine stamps: position, movement, state, vector, teleport,
	// server control, force position, objdesc, instance.
	c.seq.Position = r.u16("physics_desc.position_timestamp")
	r.u16("physics_desc.movement_timestamp")
	r.u16("physics_desc.state_timestamp")
	c.seq.Vector = r.u16("physics_desc.vector_timestamp")
	c.seq.Teleport = r.u16("physics_desc.teleport_timestamp")
	r.u16("physics_desc.server_control_timestamp")
	c.seq.ForcePosition = r.u16("physics_desc.force_position_timestamp")
	r.u16("physics_desc.objdesc_timestamp")
	c.seq.Instance = r.u16("physics_desc.instance_timestamp")
	r.align()
	if r.err != "" {
		return c, r.error()
	}
	// WeenieDesc: header flags, then the name. A message cut short here
	// still gives its entity, without a name.
	r.u32("weenie_desc.flags")
	if name := r.string16L("weenie_desc.name"); r.err == "" {
		c.name = name
	}
	return c, nil
}
