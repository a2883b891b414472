// The entries' byte layouts, each from DatReaderWriter's dats.xml (the
// type of the same name) and ACE's FileTypes, and their manifest form: the
// fields `viewer dat -json -entry ID` prints (docs/formats.md), computed
// here from the values written, never read back.

package indepwriter

import (
	"encoding/binary"
	"fmt"
	"math"
)

// enc is a little-endian byte builder.
type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u16(v uint16) { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *enc) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *enc) i32(v int32)  { e.u32(uint32(v)) }
func (e *enc) f32(v float32) {
	e.u32(math.Float32bits(v))
}
func (e *enc) f64(v float64) { e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v)) }
func (e *enc) vec(v [3]float32) {
	for _, x := range v {
		e.f32(x)
	}
}

// align4 pads to a multiple of 4 from the entry's start (dats.xml
// <align type="uint"/>).
func (e *enc) align4() {
	for len(e.b)%4 != 0 {
		e.b = append(e.b, 0)
	}
}

// pstring is AC1LegacyPStringBase<byte>: a u16 length (0xFFFF then a u32
// for long ones) and the bytes.
func (e *enc) pstring(s string) {
	if len(s) >= 0xFFFF {
		e.u16(0xFFFF)
		e.u32(uint32(len(s)))
	} else {
		e.u16(uint16(len(s)))
	}
	e.b = append(e.b, s...)
}

// Frame is dats.xml's Frame: an origin and a quaternion stored w, x, y, z
// (DatBinReader.ReadQuaternion).
type Frame struct {
	Origin   [3]float32
	Rotation [4]float32 // w, x, y, z
}

func (e *enc) frame(f Frame) {
	e.vec(f.Origin)
	for _, q := range f.Rotation {
		e.f32(q)
	}
}

// Manifest values: floats as float32 (so the JSON holds the exact float32
// value), ids as "0x%08X".
func hexID(v uint32) string { return fmt.Sprintf("0x%08X", v) }

func vecJ(v [3]float32) []any { return []any{v[0], v[1], v[2]} }

func frameJ(f Frame) map[string]any {
	return map[string]any{"origin": vecJ(f.Origin), "rotation": []any{f.Rotation[0], f.Rotation[1], f.Rotation[2], f.Rotation[3]}}
}

// Region (dats.xml Region; ACE FileTypes/RegionDesc.cs, Entity/LandDefs.cs).
type Region struct {
	ID, Number, Version uint32
	Name                string
	NumBlockLength      int32
	NumBlockWidth       int32
	SquareLength        float32
	LBlockLength        int32
	VertexPerCell       int32
	MaxObjHeight        float32
	SkyHeight           float32
	RoadWidth           float32
	LandHeightTable     [256]float32
}

func (r *Region) bytes() []byte {
	var e enc
	e.u32(r.ID)
	e.u32(r.Number)
	e.u32(r.Version)
	e.pstring(r.Name)
	e.align4()
	e.i32(r.NumBlockLength)
	e.i32(r.NumBlockWidth)
	e.f32(r.SquareLength)
	e.i32(r.LBlockLength)
	e.i32(r.VertexPerCell)
	e.f32(r.MaxObjHeight)
	e.f32(r.SkyHeight)
	e.f32(r.RoadWidth)
	for _, h := range r.LandHeightTable {
		e.f32(h)
	}
	// GameTime: zero time of year, zero year, day length, days per year,
	// the year's name, then empty times of day, days of week and seasons.
	e.f64(0)
	e.u32(10)
	e.f32(7620)
	e.u32(360)
	e.pstring("P.Y.")
	e.align4()
	e.u32(0)
	e.u32(0)
	e.u32(0)
	// PartsMask 0: no sky, sound, scene or RegionMisc.
	e.u32(0)
	// TerrainDesc: no terrain types; LandSurf type and an empty TexMerge.
	e.u32(0)
	e.u32(0)
	e.u32(512)
	e.u32(0)
	e.u32(0)
	e.u32(0)
	e.u32(0)
	return e.b
}

func (r *Region) manifest() map[string]any {
	t := make([]any, 256)
	for i, h := range r.LandHeightTable {
		t[i] = h
	}
	return map[string]any{"id": hexID(r.ID), "type": "Region", "number": r.Number, "version": r.Version, "name": r.Name,
		"num_block_length": r.NumBlockLength, "num_block_width": r.NumBlockWidth, "square_length": r.SquareLength,
		"lblock_length": r.LBlockLength, "vertex_per_cell": r.VertexPerCell, "max_obj_height": r.MaxObjHeight,
		"sky_height": r.SkyHeight, "road_width": r.RoadWidth, "land_height_table": t}
}

// LandBlock (dats.xml LandBlock; ACE FileTypes/CellLandblock.cs): id, a
// u32 has-objects, 81 terrain words, 81 height bytes, padding. Vertex
// index x·9 + y (ACE LandblockStruct: Height[x * 9 + y]).
type LandBlock struct {
	ID         uint32
	HasObjects bool
	Terrain    [81]uint16
	Height     [81]uint8
}

func (l *LandBlock) bytes() []byte {
	var e enc
	e.u32(l.ID)
	if l.HasObjects {
		e.u32(1)
	} else {
		e.u32(0)
	}
	for _, t := range l.Terrain {
		e.u16(t)
	}
	for _, h := range l.Height {
		e.u8(h)
	}
	e.align4()
	return e.b
}

func (l *LandBlock) manifest(table *[256]float32) map[string]any {
	hs, ts := make([]any, 81), make([]any, 81)
	for i := range l.Height {
		hs[i] = table[l.Height[i]]
		ts[i] = l.Terrain[i]
	}
	return map[string]any{"id": hexID(l.ID), "type": "LandBlock", "heights": hs, "terrain": ts, "has_objects": l.HasObjects}
}

// Stab is a LandBlockInfo's static object (dats.xml Stab).
type Stab struct {
	ID    uint32
	Frame Frame
}

// Portal is a building's portal (dats.xml BuildingPortal): u16 flags, the
// other cell and portal, a u16 stab count and the stabs, padded to 4.
type Portal struct {
	Flags, OtherCell, OtherPortal uint16
	Stabs                         []uint16
}

// Building is dats.xml BuildingInfo.
type Building struct {
	Model     uint32
	Frame     Frame
	NumLeaves uint32
	Portals   []Portal
}

// LandBlockInfo (dats.xml LandBlockInfo; ACE FileTypes/LandblockInfo.cs):
// id, cell count, the static objects, a u16 building count and a u16 that
// says a restriction table follows, the buildings, then the table (u16
// count, u16 buckets, (u32, u32) pairs).
type LandBlockInfo struct {
	ID           uint32
	NumCells     uint32
	Objects      []Stab
	Buildings    []Building
	Restrictions [][2]uint32
}

func (l *LandBlockInfo) bytes() []byte {
	var e enc
	e.u32(l.ID)
	e.u32(l.NumCells)
	e.u32(uint32(len(l.Objects)))
	for _, o := range l.Objects {
		e.u32(o.ID)
		e.frame(o.Frame)
	}
	e.u16(uint16(len(l.Buildings)))
	if len(l.Restrictions) > 0 {
		e.u16(1)
	} else {
		e.u16(0)
	}
	for _, b := range l.Buildings {
		e.u32(b.Model)
		e.frame(b.Frame)
		e.u32(b.NumLeaves)
		e.u32(uint32(len(b.Portals)))
		for _, p := range b.Portals {
			e.u16(p.Flags)
			e.u16(p.OtherCell)
			e.u16(p.OtherPortal)
			e.u16(uint16(len(p.Stabs)))
			for _, s := range p.Stabs {
				e.u16(s)
			}
			e.align4()
		}
	}
	if len(l.Restrictions) > 0 {
		e.u16(uint16(len(l.Restrictions)))
		e.u16(8)
		for _, r := range l.Restrictions {
			e.u32(r[0])
			e.u32(r[1])
		}
	}
	return e.b
}

func (l *LandBlockInfo) manifest() map[string]any {
	objs, blds := []any{}, []any{}
	for _, o := range l.Objects {
		f := frameJ(o.Frame)
		f["setup"] = hexID(o.ID)
		objs = append(objs, f)
	}
	for _, b := range l.Buildings {
		f := frameJ(b.Frame)
		f["model"], f["portals"] = hexID(b.Model), len(b.Portals)
		blds = append(blds, f)
	}
	return map[string]any{"id": hexID(l.ID), "type": "LandBlockInfo", "num_cells": l.NumCells, "objects": objs, "buildings": blds}
}

// Setup flags (dats.xml SetupFlags).
const (
	SetupHasParent       = 0x1
	SetupHasDefaultScale = 0x2
)

// CylSphere and Sphere (dats.xml).
type CylSphere struct {
	Origin         [3]float32
	Radius, Height float32
}

type Sphere struct {
	Origin [3]float32
	Radius float32
}

// Hook is an animation hook (dats.xml AnimationHook): a u32 type, a u32
// direction (AnimationHookDir: 1 forward, 0xFFFFFFFF backward, 0 both),
// then its type's payload, written as dats.xml lays it out; fields is its
// manifest form (docs/formats.md: each type's fields).
type Hook struct {
	Type      uint32
	Direction int32
	payload   []byte
	fields    map[string]any
}

// Hook types (dats.xml AnimationHookType).
var hookNames = map[uint32]string{
	0: "NoOp", 1: "Sound", 2: "SoundTable", 3: "Attack", 4: "AnimationDone", 5: "ReplaceObject",
	6: "Ethereal", 7: "TransparentPart", 8: "Luminous", 9: "LuminousPart", 10: "Diffuse",
	11: "DiffusePart", 12: "Scale", 13: "CreateParticle", 14: "DestroyParticle",
	15: "StopParticle", 16: "NoDraw", 17: "DefaultScript", 18: "DefaultScriptPart", 19: "CallPES",
	20: "Transparent", 21: "SoundTweaked", 22: "SetOmega", 23: "TextureVelocity",
	24: "TextureVelocityPart", 25: "SetLight",
}

func hook(typ uint32, dir int32, build func(e *enc, f map[string]any)) Hook {
	var e enc
	f := map[string]any{}
	if build != nil {
		build(&e, f)
	}
	return Hook{Type: typ, Direction: dir, payload: e.b, fields: f}
}

// SoundHook is a Sound hook: a Wave id.
func SoundHook(dir int32, wave uint32) Hook {
	return hook(1, dir, func(e *enc, f map[string]any) { e.u32(wave); f["id"] = hexID(wave) })
}

// packedID is DatBinWriter's data id of a known type (DatBinReader
// ReadDataIdOfKnownType): id − known as a u16 below 0x8000, else a u16 of
// 0x8000 | the high bits and a u16 of the low bits.
func (e *enc) packedID(id, known uint32) {
	v := id - known
	if v < 0x8000 {
		e.u16(uint16(v))
		return
	}
	e.u16(uint16(0x8000 | v>>16))
	e.u16(uint16(v))
}

// EveryHook is one hook of each type dats.xml lays out, with distinct
// values. (CreateBlockingParticle is left out: dats.xml gives it no
// payload, ACE and holtburger-dat a CreateParticle's; docs/world.md.)
func EveryHook() []Hook {
	fade := func(e *enc, f map[string]any, a, b, c float32) {
		e.f32(a)
		e.f32(b)
		e.f32(c)
		f["start"], f["end"], f["time"] = a, b, c
	}
	return []Hook{
		hook(0, 1, nil),
		SoundHook(-1, 0x0A000222),
		hook(2, 0, func(e *enc, f map[string]any) { e.u32(0x11); f["id"] = hexID(0x11) }),
		hook(3, 1, func(e *enc, f map[string]any) {
			e.u32(2)
			for _, v := range []float32{-0.5, 1.25, 0.5, 1.25, 2.75, 1.5} {
				e.f32(v)
			}
			f["part"] = uint32(2)
			f["left"], f["right"] = []any{float32(-0.5), float32(1.25)}, []any{float32(0.5), float32(1.25)}
			f["radius"], f["height"] = float32(2.75), float32(1.5)
		}),
		hook(4, 1, nil),
		hook(5, 1, func(e *enc, f map[string]any) {
			e.u16(1)
			e.packedID(0x01000123, 0x01000000)
			f["part"], f["id"] = uint32(1), hexID(0x01000123)
		}),
		hook(5, -1, func(e *enc, f map[string]any) {
			e.u16(2)
			e.packedID(0x0102A9F0, 0x01000000) // past 0x8000: two words
			f["part"], f["id"] = uint32(2), hexID(0x0102A9F0)
		}),
		hook(6, 1, func(e *enc, f map[string]any) { e.u32(1); f["value"] = int32(1) }),
		hook(7, 1, func(e *enc, f map[string]any) { e.u32(1); f["part"] = uint32(1); fade(e, f, 0, 0.75, 0.5) }),
		hook(8, 1, func(e *enc, f map[string]any) { fade(e, f, 0.1, 0.9, 1.5) }),
		hook(9, 1, func(e *enc, f map[string]any) { e.u32(0); f["part"] = uint32(0); fade(e, f, 1, 0, 0.25) }),
		hook(10, 1, func(e *enc, f map[string]any) { fade(e, f, 0.2, 0.4, 0.6) }),
		hook(11, 1, func(e *enc, f map[string]any) { e.u32(2); f["part"] = uint32(2); fade(e, f, 0.3, 0.6, 0.9) }),
		hook(12, 1, func(e *enc, f map[string]any) {
			e.f32(1.5)
			e.f32(2)
			f["end"], f["time"] = float32(1.5), float32(2)
		}),
		hook(13, 1, func(e *enc, f map[string]any) {
			e.u32(0x32000456)
			e.u32(1)
			off := Frame{Origin: [3]float32{0.1, -0.2, 1.4}, Rotation: [4]float32{0.70710677, 0, 0.70710677, 0}}
			e.frame(off)
			e.u32(7)
			f["id"], f["part"], f["emitter_id"], f["offset"] = hexID(0x32000456), uint32(1), uint32(7), frameJ(off)
		}),
		hook(14, 1, func(e *enc, f map[string]any) { e.u32(7); f["id"] = hexID(7) }),
		hook(15, 1, func(e *enc, f map[string]any) { e.u32(8); f["id"] = hexID(8) }),
		hook(16, 1, func(e *enc, f map[string]any) { e.u32(1); f["id"] = hexID(1) }),
		hook(17, 1, nil),
		hook(18, 1, func(e *enc, f map[string]any) { e.u32(2); f["part"] = uint32(2) }),
		hook(19, 1, func(e *enc, f map[string]any) {
			e.u32(0x33000789)
			e.f32(0.3)
			f["id"], f["pause"] = hexID(0x33000789), float32(0.3)
		}),
		hook(20, 1, func(e *enc, f map[string]any) { fade(e, f, 0, 1, 2) }),
		hook(21, 1, func(e *enc, f map[string]any) {
			e.u32(0x0A000333)
			e.f32(0.5)
			e.f32(0.75)
			e.f32(0.9)
			f["id"], f["priority"], f["probability"], f["volume"] = hexID(0x0A000333), float32(0.5), float32(0.75), float32(0.9)
		}),
		hook(22, 1, func(e *enc, f map[string]any) { e.vec([3]float32{0, 0, 2.5}); f["axis"] = vecJ([3]float32{0, 0, 2.5}) }),
		hook(23, 1, func(e *enc, f map[string]any) {
			e.f32(0.125)
			e.f32(-0.25)
			f["speed"] = []any{float32(0.125), float32(-0.25)}
		}),
		hook(24, 1, func(e *enc, f map[string]any) {
			e.u32(1)
			e.f32(0.5)
			e.f32(0)
			f["part"], f["speed"] = uint32(1), []any{float32(0.5), float32(0)}
		}),
		hook(25, 1, func(e *enc, f map[string]any) { e.u32(0); f["value"] = int32(0) }),
	}
}

func (e *enc) hooks(hs []Hook) {
	e.u32(uint32(len(hs)))
	for _, h := range hs {
		e.u32(h.Type)
		e.i32(h.Direction)
		e.b = append(e.b, h.payload...)
	}
}

func hooksJ(hs []Hook) []any {
	out := []any{}
	for _, h := range hs {
		m := map[string]any{"type": hookNames[h.Type], "direction": h.Direction}
		for k, v := range h.fields {
			m[k] = v
		}
		out = append(out, m)
	}
	return out
}

// Setup (dats.xml Setup; ACE FileTypes/SetupModel.cs). Holding locations,
// a placement frame and a light are written when asked, for a reader to
// step over exactly.
type Setup struct {
	ID                          uint32
	Flags                       uint32
	Parts                       []uint32
	CylSpheres                  []CylSphere
	Spheres                     []Sphere
	Height, Radius              float32
	StepUpHeight, StepDownHeght float32
	DefaultMotionTable          uint32
	Extras                      bool // a holding location, a placement with a hook, a light
}

func (s *Setup) bytes() []byte {
	var e enc
	e.u32(s.ID)
	e.u32(s.Flags)
	e.u32(uint32(len(s.Parts)))
	for _, p := range s.Parts {
		e.u32(p)
	}
	if s.Flags&SetupHasParent != 0 {
		for i := range s.Parts {
			e.u32(uint32(i) - 1) // part 0's parent is 0xFFFFFFFF
		}
	}
	if s.Flags&SetupHasDefaultScale != 0 {
		for range s.Parts {
			e.vec([3]float32{1, 1, 1})
		}
	}
	one := Frame{Origin: [3]float32{0.1, 0.2, 1.3}, Rotation: [4]float32{1, 0, 0, 0}}
	if s.Extras {
		e.i32(1) // holding locations
		e.i32(1) // ParentLocation.RightHand
		e.i32(int32(len(s.Parts) - 1))
		e.frame(one)
		e.i32(0) // connection points
		e.i32(1) // placements
		e.u32(0) // Placement.Default
		for range s.Parts {
			e.frame(one)
		}
		e.hooks([]Hook{SoundHook(1, 0x0A000101)})
	} else {
		e.i32(0)
		e.i32(0)
		e.i32(0)
	}
	e.u32(uint32(len(s.CylSpheres)))
	for _, c := range s.CylSpheres {
		e.vec(c.Origin)
		e.f32(c.Radius)
		e.f32(c.Height)
	}
	e.u32(uint32(len(s.Spheres)))
	for _, sp := range s.Spheres {
		e.vec(sp.Origin)
		e.f32(sp.Radius)
	}
	e.f32(s.Height)
	e.f32(s.Radius)
	e.f32(s.StepUpHeight)
	e.f32(s.StepDownHeght)
	e.vec([3]float32{0, 0, s.Height / 2}) // sorting sphere
	e.f32(s.Height)
	e.vec([3]float32{0, 0, s.Height / 2}) // selection sphere
	e.f32(s.Height / 2)
	if s.Extras {
		e.i32(1) // lights
		e.i32(0)
		e.frame(one)
		e.u32(0xFFFFCC88) // ColorARGB
		e.f32(1.5)
		e.f32(4)
		e.f32(0.5)
	} else {
		e.i32(0)
	}
	e.u32(0x03000A01)           // default animation
	e.u32(0x33000001)           // default script
	e.u32(s.DefaultMotionTable) // default motion table
	e.u32(0x20000001)           // default sound table
	e.u32(0x34000001)           // default script table
	return e.b
}

func (s *Setup) manifest() map[string]any {
	parts, cyl, sph := []any{}, []any{}, []any{}
	for _, p := range s.Parts {
		parts = append(parts, hexID(p))
	}
	for _, c := range s.CylSpheres {
		cyl = append(cyl, map[string]any{"origin": vecJ(c.Origin), "radius": c.Radius, "height": c.Height})
	}
	for _, sp := range s.Spheres {
		sph = append(sph, map[string]any{"origin": vecJ(sp.Origin), "radius": sp.Radius})
	}
	return map[string]any{"id": hexID(s.ID), "type": "Setup", "flags": s.Flags, "parts": parts, "cylspheres": cyl, "spheres": sph,
		"height": s.Height, "radius": s.Radius, "step_up_height": s.StepUpHeight, "step_down_height": s.StepDownHeght,
		"default_motion_table": hexID(s.DefaultMotionTable)}
}

// AnimData (dats.xml AnimData; ACE Entity/AnimData.cs).
type AnimData struct {
	AnimID              uint32
	LowFrame, HighFrame int32
	Framerate           float32
}

// MotionData (dats.xml MotionData; ACE Entity/MotionData.cs): a u8 anim
// count, u8 bitfield, u8 flags (1 velocity, 2 omega), padding to 4, the
// anims, then the velocity and omega by flag.
type MotionData struct {
	Bitfield        uint8
	Anims           []AnimData
	Velocity, Omega *[3]float32
}

func (e *enc) motionData(d MotionData) {
	var flags uint8
	if d.Velocity != nil {
		flags |= 1
	}
	if d.Omega != nil {
		flags |= 2
	}
	e.u8(uint8(len(d.Anims)))
	e.u8(d.Bitfield)
	e.u8(flags)
	e.align4()
	for _, a := range d.Anims {
		e.u32(a.AnimID)
		e.i32(a.LowFrame)
		e.i32(a.HighFrame)
		e.f32(a.Framerate)
	}
	if d.Velocity != nil {
		e.vec(*d.Velocity)
	}
	if d.Omega != nil {
		e.vec(*d.Omega)
	}
}

func motionJ(style, motion uint32, d MotionData) map[string]any {
	var flags uint8
	vel, om := [3]float32{}, [3]float32{}
	if d.Velocity != nil {
		flags |= 1
		vel = *d.Velocity
	}
	if d.Omega != nil {
		flags |= 2
		om = *d.Omega
	}
	anims := []any{}
	var fr float32
	for i, a := range d.Anims {
		anims = append(anims, map[string]any{"id": hexID(a.AnimID), "low_frame": a.LowFrame, "high_frame": a.HighFrame, "framerate": a.Framerate})
		if i == 0 {
			fr = a.Framerate
		}
	}
	return map[string]any{"style": hexID(style), "motion": hexID(motion), "flags": flags, "bitfield": d.Bitfield,
		"framerate": fr, "velocity": vecJ(vel), "omega": vecJ(om), "animations": anims}
}

// Motion is one cycle or modifier: its style and motion as full command
// ids (ACE Source/ACE.Entity/Enum/MotionCommand.cs).
type Motion struct {
	Style, Motion uint32
	Data          MotionData
}

// Link is a transition from (Style, From) to Motion.
type Link struct {
	Style, From, Motion uint32
	Data                MotionData
}

// key is a table key: (style << 16) | (motion & 0xFFFFFF) (ACE
// FileTypes/MotionTable.cs, GetObjectSequence).
func key(style, motion uint32) uint32 { return style<<16 | motion&0xFFFFFF }

// MotionTable (dats.xml MotionTable; ACE FileTypes/MotionTable.cs). The
// tables are written in the order given (a hash table's order in real
// files); the manifest lists them sorted by key, as the viewer prints them.
type MotionTable struct {
	ID            uint32
	DefaultStyle  uint32
	StyleDefaults [][2]uint32
	Cycles        []Motion
	Modifiers     []Motion
	Links         []Link
}

func (m *MotionTable) bytes() []byte {
	var e enc
	e.u32(m.ID)
	e.u32(m.DefaultStyle)
	e.u32(uint32(len(m.StyleDefaults)))
	for _, sd := range m.StyleDefaults {
		e.u32(sd[0])
		e.u32(sd[1])
	}
	for _, tab := range [][]Motion{m.Cycles, m.Modifiers} {
		e.u32(uint32(len(tab)))
		for _, c := range tab {
			e.u32(key(c.Style, c.Motion))
			e.motionData(c.Data)
		}
	}
	// Links: outer key (style, from), then a MotionCommandData: a count and
	// (full motion id, MotionData) pairs.
	var outer []uint32
	groups := map[uint32][]Link{}
	for _, l := range m.Links {
		k := key(l.Style, l.From)
		if _, ok := groups[k]; !ok {
			outer = append(outer, k)
		}
		groups[k] = append(groups[k], l)
	}
	e.u32(uint32(len(outer)))
	for _, k := range outer {
		e.u32(k)
		e.u32(uint32(len(groups[k])))
		for _, l := range groups[k] {
			e.u32(l.Motion)
			e.motionData(l.Data)
		}
	}
	return e.b
}

func (m *MotionTable) manifest() map[string]any {
	sds := append([][2]uint32(nil), m.StyleDefaults...)
	sortBy(sds, func(s [2]uint32) uint32 { return s[0] })
	sdJ := []any{}
	for _, s := range sds {
		sdJ = append(sdJ, map[string]any{"style": hexID(s[0]), "motion": hexID(s[1])})
	}
	tab := func(ms []Motion) []any {
		ms = append([]Motion(nil), ms...)
		sortBy(ms, func(c Motion) uint32 { return key(c.Style, c.Motion) })
		out := []any{}
		for _, c := range ms {
			out = append(out, motionJ(c.Style, c.Motion, c.Data))
		}
		return out
	}
	ls := append([]Link(nil), m.Links...)
	sortBy(ls, func(l Link) uint32 { return l.Motion })
	sortBy(ls, func(l Link) uint32 { return key(l.Style, l.From) })
	links := []any{}
	for _, l := range ls {
		j := motionJ(l.Style, l.Motion, l.Data)
		j["from"] = hexID(l.From)
		links = append(links, j)
	}
	return map[string]any{"id": hexID(m.ID), "type": "MotionTable", "default_style": hexID(m.DefaultStyle),
		"style_defaults": sdJ, "cycles": tab(m.Cycles), "modifiers": tab(m.Modifiers), "links": links}
}

// sortBy is a stable insertion sort by an unsigned key.
func sortBy[T any](s []T, k func(T) uint32) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && k(s[j]) < k(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// AnimFrame is one frame of an Animation: a frame per part and hooks.
type AnimFrame struct {
	Parts []Frame
	Hooks []Hook
}

// Animation (dats.xml Animation; ACE FileTypes/Animation.cs): flags (bit 0:
// pos_frames), part count, frame count, the pos_frames, then the frames.
type Animation struct {
	ID        uint32
	NumParts  uint32
	PosFrames []Frame // nil: flags 0
	Frames    []AnimFrame
}

func (a *Animation) flags() uint32 {
	if a.PosFrames != nil {
		return 1
	}
	return 0
}

func (a *Animation) bytes() []byte {
	var e enc
	e.u32(a.ID)
	e.u32(a.flags())
	e.u32(a.NumParts)
	e.u32(uint32(len(a.Frames)))
	for _, f := range a.PosFrames {
		e.frame(f)
	}
	for _, f := range a.Frames {
		for _, p := range f.Parts {
			e.frame(p)
		}
		e.hooks(f.Hooks)
	}
	return e.b
}

func (a *Animation) manifest() map[string]any {
	pos, frames := []any{}, []any{}
	for _, f := range a.PosFrames {
		pos = append(pos, frameJ(f))
	}
	for _, f := range a.Frames {
		parts := []any{}
		for _, p := range f.Parts {
			parts = append(parts, frameJ(p))
		}
		frames = append(frames, map[string]any{"parts": parts, "hooks": hooksJ(f.Hooks)})
	}
	return map[string]any{"id": hexID(a.ID), "type": "Animation", "flags": a.flags(), "num_parts": a.NumParts,
		"num_frames": uint32(len(a.Frames)), "pos_frames": pos, "frames": frames}
}

// iteration is the iteration entry 0xFFFF0001 (ACE FileTypes/Iteration.cs):
// the total, then (consecutive, starting) pairs whose consecutive counts are
// negative and sum to minus the total.
func iteration(n int32) []byte {
	var e enc
	e.i32(n)
	e.i32(-n)
	e.i32(1)
	return e.b
}
