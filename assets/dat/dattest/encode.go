// Encoders for the entries package dat reads, written from the public
// layouts (ACE Source/ACE.DatLoader FileTypes/ and Entity/, DatReaderWriter
// dats.xml). Each takes the reader's own types, so that a test can encode a
// value, read it back and compare, and writes the parts the reader skips
// (holding locations, placement frames with hooks, lights, building
// portals, the Region's later sections) with made-up but well-formed
// contents.

package dattest

import (
	"encoding/binary"
	"math"

	"glidepath/assets/dat"
)

// Buf is a little-endian byte builder.
type Buf struct{ B []byte }

// U8 appends a byte.
func (b *Buf) U8(v uint8) { b.B = append(b.B, v) }

// U16 appends a u16.
func (b *Buf) U16(v uint16) { b.B = binary.LittleEndian.AppendUint16(b.B, v) }

// U32 appends a u32.
func (b *Buf) U32(v uint32) { b.B = binary.LittleEndian.AppendUint32(b.B, v) }

// I32 appends an i32.
func (b *Buf) I32(v int32) { b.U32(uint32(v)) }

// F32 appends a float.
func (b *Buf) F32(v float32) { b.U32(math.Float32bits(v)) }

// Vec3 appends three floats.
func (b *Buf) Vec3(v [3]float32) {
	for _, f := range v {
		b.F32(f)
	}
}

// Frame appends origin then rotation w, x, y, z.
func (b *Buf) Frame(f dat.Frame) {
	b.Vec3(f.Origin)
	for _, q := range f.Rotation {
		b.F32(q)
	}
}

// Align pads to a multiple of 4.
func (b *Buf) Align() {
	for len(b.B)%4 != 0 {
		b.B = append(b.B, 0)
	}
}

// Identity is the frame at the origin with no rotation.
var Identity = dat.Frame{Rotation: [4]float32{1, 0, 0, 0}}

// Region encodes a Region; sections appends made-up GameTime, a PartsMask
// and sky/scene bytes after LandDefs, as real files have.
func Region(r *dat.Region, sections bool) []byte {
	var b Buf
	b.U32(r.ID)
	b.U32(r.Number)
	b.U32(r.Version)
	b.U16(uint16(len(r.Name)))
	b.B = append(b.B, r.Name...)
	b.Align()
	d := &r.LandDefs
	b.I32(d.NumBlockLength)
	b.I32(d.NumBlockWidth)
	b.F32(d.SquareLength)
	b.I32(d.LBlockLength)
	b.I32(d.VertexPerCell)
	b.F32(d.MaxObjHeight)
	b.F32(d.SkyHeight)
	b.F32(d.RoadWidth)
	for _, h := range d.LandHeightTable {
		b.F32(h)
	}
	if sections {
		b.B = binary.LittleEndian.AppendUint64(b.B, math.Float64bits(3600)) // GameTime.ZeroTimeOfYear
		b.U32(10)                                                           // ZeroYear
		b.F32(7620)                                                         // DayLength
		b.U32(0x213)                                                        // PartsMask: sky, sound, scene, misc
		for i := 0; i < 64; i++ {
			b.U32(0xC0FFEE00 + uint32(i)) // section bytes the reader does not read
		}
	}
	return b.B
}

// LandBlock encodes a LandBlock (252 bytes).
func LandBlock(lb *dat.LandBlock) []byte {
	var b Buf
	b.U32(lb.ID)
	if lb.HasObjects {
		b.U32(1)
	} else {
		b.U32(0)
	}
	for _, t := range lb.Terrain {
		b.U16(t)
	}
	b.B = append(b.B, lb.Height[:]...)
	b.Align()
	return b.B
}

// LandBlockInfo encodes a LandBlockInfo; each building portal's stab list
// is padded to 4.
func LandBlockInfo(li *dat.LandBlockInfo) []byte {
	var b Buf
	b.U32(li.ID)
	b.U32(li.NumCells)
	b.U32(uint32(len(li.Objects)))
	for _, o := range li.Objects {
		b.U32(o.ID)
		b.Frame(o.Frame)
	}
	b.U16(uint16(len(li.Buildings)))
	b.U16(li.PackMask)
	for _, bd := range li.Buildings {
		b.U32(bd.ModelID)
		b.Frame(bd.Frame)
		b.U32(bd.NumLeaves)
		b.U32(uint32(len(bd.Portals)))
		for _, p := range bd.Portals {
			b.U16(p.Flags)
			b.U16(p.OtherCellID)
			b.U16(p.OtherPortalID)
			b.U16(uint16(len(p.Stabs)))
			for _, s := range p.Stabs {
				b.U16(s)
			}
			b.Align()
		}
	}
	if li.PackMask&1 != 0 {
		b.U16(uint16(len(li.Restrictions)))
		b.U16(8) // buckets
		for _, r := range li.Restrictions {
			b.U32(r[0])
			b.U32(r[1])
		}
	}
	return b.B
}

// Setup encodes a Setup. Parent indices and default scales are written
// when the flags say (from ParentIndices and DefaultScales; a part beyond
// them gets no parent and scale 1), the Placements as they are;
// NumHoldingLocations, NumConnectionPoints and NumLights get made-up
// contents.
func Setup(s *dat.Setup) []byte {
	var b Buf
	b.U32(s.ID)
	b.U32(s.Flags)
	b.U32(uint32(len(s.Parts)))
	for _, p := range s.Parts {
		b.U32(p)
	}
	if s.Flags&dat.SetupHasParent != 0 {
		for i := range s.Parts {
			if i < len(s.ParentIndices) {
				b.U32(s.ParentIndices[i])
			} else {
				b.U32(0xFFFFFFFF)
			}
		}
	}
	if s.Flags&dat.SetupHasDefaultScale != 0 {
		for i := range s.Parts {
			if i < len(s.DefaultScales) {
				b.Vec3(s.DefaultScales[i])
			} else {
				b.Vec3([3]float32{1, 1, 1})
			}
		}
	}
	for _, n := range []int{s.NumHoldingLocations, s.NumConnectionPoints} {
		b.I32(int32(n))
		for i := 0; i < n; i++ {
			b.I32(int32(i + 1)) // key
			b.I32(int32(i))     // part
			b.Frame(Identity)
		}
	}
	b.I32(int32(len(s.Placements)))
	for _, pl := range s.Placements {
		b.U32(pl.Key)
		for i := range s.Parts {
			if i < len(pl.Frames) {
				b.Frame(pl.Frames[i])
			} else {
				b.Frame(Identity)
			}
		}
		b.U32(uint32(len(pl.Hooks)))
		for _, h := range pl.Hooks {
			Hook(&b, h)
		}
	}
	b.U32(uint32(len(s.CylSpheres)))
	for _, c := range s.CylSpheres {
		b.Vec3(c.Origin)
		b.F32(c.Radius)
		b.F32(c.Height)
	}
	b.U32(uint32(len(s.Spheres)))
	for _, sp := range s.Spheres {
		b.Vec3(sp.Origin)
		b.F32(sp.Radius)
	}
	b.F32(s.Height)
	b.F32(s.Radius)
	b.F32(s.StepUpHeight)
	b.F32(s.StepDownHeight)
	for _, sp := range []dat.Sphere{s.SortingSphere, s.SelectionSphere} {
		b.Vec3(sp.Origin)
		b.F32(sp.Radius)
	}
	b.I32(int32(s.NumLights))
	for i := 0; i < s.NumLights; i++ {
		b.I32(int32(i))
		b.Frame(Identity)
		b.U32(0xFFFFCC88) // colour
		b.F32(1)          // intensity
		b.F32(5)          // falloff
		b.F32(0)          // cone angle
	}
	b.U32(s.DefaultAnimation)
	b.U32(s.DefaultScript)
	b.U32(s.DefaultMotionTable)
	b.U32(s.DefaultSoundTable)
	b.U32(s.DefaultScriptTable)
	return b.B
}

// Hook appends one hook in its type's layout.
func Hook(b *Buf, h dat.Hook) {
	b.U32(uint32(h.Type))
	b.I32(h.Direction)
	switch h.Type {
	case dat.HookSound, dat.HookSoundTable, dat.HookDestroyParticle, dat.HookStopParticle, dat.HookNoDraw:
		b.U32(h.ID)
	case dat.HookEthereal, dat.HookSetLight:
		b.I32(h.Value)
	case dat.HookLuminous, dat.HookDiffuse, dat.HookTransparent:
		b.F32(h.Start)
		b.F32(h.End)
		b.F32(h.Time)
	case dat.HookLuminousPart, dat.HookDiffusePart, dat.HookTransparentPart:
		b.U32(h.Part)
		b.F32(h.Start)
		b.F32(h.End)
		b.F32(h.Time)
	case dat.HookScale:
		b.F32(h.End)
		b.F32(h.Time)
	case dat.HookDefaultScriptPart:
		b.U32(h.Part)
	case dat.HookReplaceObject:
		b.U16(uint16(h.Part))
		id := h.ID - 0x01000000
		if id < 0x8000 {
			b.U16(uint16(id))
		} else {
			b.U16(uint16(id>>16) | 0x8000)
			b.U16(uint16(id))
		}
	case dat.HookCreateParticle, dat.HookCreateBlockingParticle:
		b.U32(h.ID)
		b.U32(h.Part)
		b.Frame(h.Frame)
		b.U32(h.EmitterID)
	case dat.HookCallPES:
		b.U32(h.ID)
		b.F32(h.Pause)
	case dat.HookSoundTweaked:
		b.U32(h.ID)
		b.F32(h.Priority)
		b.F32(h.Probability)
		b.F32(h.Volume)
	case dat.HookSetOmega:
		b.Vec3(h.Vector)
	case dat.HookTextureVelocity:
		b.F32(h.Speed[0])
		b.F32(h.Speed[1])
	case dat.HookTextureVelocityPart:
		b.U32(h.Part)
		b.F32(h.Speed[0])
		b.F32(h.Speed[1])
	case dat.HookAttack:
		a := h.Attack
		b.U32(a.Part)
		for _, f := range []float32{a.LeftX, a.LeftY, a.RightX, a.RightY, a.Radius, a.Height} {
			b.F32(f)
		}
	}
}

// Animation encodes an Animation (pos_frames when its flag is set; NumParts
// and NumFrames are taken from the slices).
func Animation(a *dat.Animation) []byte {
	var b Buf
	b.U32(a.ID)
	b.U32(a.Flags)
	parts := a.NumParts
	if len(a.PartFrames) > 0 {
		parts = uint32(len(a.PartFrames[0].Parts))
	}
	b.U32(parts)
	b.U32(uint32(len(a.PartFrames)))
	if a.Flags&dat.AnimationPosFrames != 0 {
		for _, f := range a.PosFrames {
			b.Frame(f)
		}
	}
	for _, f := range a.PartFrames {
		for _, p := range f.Parts {
			b.Frame(p)
		}
		b.U32(uint32(len(f.Hooks)))
		for _, h := range f.Hooks {
			Hook(&b, h)
		}
	}
	return b.B
}

func motionData(b *Buf, d dat.MotionData) {
	b.U8(uint8(len(d.Anims)))
	b.U8(d.Bitfield)
	b.U8(d.Flags)
	b.Align()
	for _, a := range d.Anims {
		b.U32(a.AnimID)
		b.I32(a.LowFrame)
		b.I32(a.HighFrame)
		b.F32(a.Framerate)
	}
	if d.Flags&dat.MotionHasVelocity != 0 {
		b.Vec3(d.Velocity)
	}
	if d.Flags&dat.MotionHasOmega != 0 {
		b.Vec3(d.Omega)
	}
}

// MotionTable encodes a MotionTable in the order its slices hold.
func MotionTable(m *dat.MotionTable) []byte {
	var b Buf
	b.U32(m.ID)
	b.U32(m.DefaultStyle)
	b.U32(uint32(len(m.StyleDefaults)))
	for _, s := range m.StyleDefaults {
		b.U32(s.Style)
		b.U32(s.Motion)
	}
	for _, es := range [][]dat.MotionEntry{m.Cycles, m.Modifiers} {
		b.U32(uint32(len(es)))
		for _, e := range es {
			b.U32(e.Key)
			motionData(&b, e.Data)
		}
	}
	b.U32(uint32(len(m.Links)))
	for _, l := range m.Links {
		b.U32(l.Key)
		b.U32(uint32(len(l.Motions)))
		for _, lm := range l.Motions {
			b.U32(lm.Motion)
			motionData(&b, lm.Data)
		}
	}
	return b.B
}
