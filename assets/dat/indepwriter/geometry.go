// The geometry entries — GfxObj, Environment with its CellStructs, EnvCell
// — and their pieces, each laid out from the public descriptions alone:
// ACE Source/ACE.DatLoader (FileTypes/GfxObj.cs, Environment.cs,
// EnvCell.cs; Entity/CellStruct.cs, CVertexArray.cs, SWVertex.cs,
// Polygon.cs, BSPNode.cs, BSPLeaf.cs, BSPPortal.cs, PortalPoly.cs,
// CellPortal.cs; UnpackableExtensions.cs for the compressed counts),
// DatReaderWriter's dats.xml and Types/{Physics,Cell,Drawing}BSPNode.cs,
// and dereth's docs/formats/10-gfxobj.md and 16-environment.md.

package indepwriter

// V3 is a point or direction.
type V3 [3]float32

func sub(a, b V3) V3 { return V3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func cross(a, b V3) V3 {
	return V3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

func dot(a, b V3) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// SWVertex (dats.xml SWVertex): a position, a normal and UV pairs.
type SWVertex struct {
	Pos, Norm V3
	UVs       [][2]float32
}

// Poly is dats.xml's Polygon: its vertex ids, texture-mode bits (0x4: no
// front UV indices; 0x8: no back ones), sides type (2: a second surface
// with its own UV indices) and surfaces.
type Poly struct {
	Verts              []int16
	TexMode            uint8
	Sides              int32
	PosSurf, NegSurf   int16
	PosUVIdx, NegUVIdx []uint8
}

// Node tags, as dats.xml's BSPNodeType numbers them.
const (
	tagLEAF = 1279607110
	tagPORT = 1347375700
	tagBPnn = 0x42506E6E
	tagBPIn = 0x4250496E
	tagBpIN = 0x4270494E
	tagBpnN = 0x42706E4E
	tagBPIN = 0x4250494E
	tagBPnN = 0x42506E4E
	tagBPFL = 0x4250464C // in dats.xml's enum, read as a childless node
)

// Node is a BSP node of any kind: a leaf (Tag tagLEAF) or a split whose
// children the tag names; Plane is (nx, ny, nz, d).
type Node struct {
	Tag      uint32
	Plane    [4]float32
	Front    *Node
	Back     *Node
	Centre   V3
	Radius   float32
	Leaf     int32
	Solid    int32
	Polys    []uint16
	Portals  [][2]int16 // drawing portal nodes: (portal index, polygon id), as ACE's PortalPoly reads them
	Garbage  bool       // a drawing terminal whose plane is 0xCD filler
	NumPolys int        // drawing nodes: how many polygon ids to list
}

const (
	treeDrawing = 0
	treePhysics = 1
	treeCell    = 2
)

// node writes n as a tree of kind k reads it (ACE BSPNode.Unpack,
// BSPLeaf.Unpack, BSPPortal.Unpack).
func (e *enc) node(n *Node, k int) {
	e.u32(n.Tag)
	if n.Tag == tagLEAF {
		e.i32(n.Leaf)
		if k == treePhysics {
			e.i32(n.Solid)
			e.vec(n.Centre)
			e.f32(n.Radius)
			e.u32(uint32(len(n.Polys)))
			for _, p := range n.Polys {
				e.u16(p)
			}
		}
		return
	}
	if n.Garbage {
		for i := 0; i < 16; i++ {
			e.u8(0xCD)
		}
	} else {
		for _, f := range n.Plane {
			e.f32(f)
		}
	}
	switch n.Tag {
	case tagPORT, tagBPIN, tagBPnN:
		e.node(n.Front, k)
		e.node(n.Back, k)
	case tagBPnn, tagBPIn:
		e.node(n.Front, k)
	case tagBpIN, tagBpnN:
		e.node(n.Back, k)
	}
	if k == treeCell || k == treePhysics && n.Tag == tagPORT {
		return
	}
	e.vec(n.Centre)
	e.f32(n.Radius)
	if k == treePhysics {
		return
	}
	if n.Tag == tagPORT {
		e.u32(uint32(len(n.Polys)))
		e.u32(uint32(len(n.Portals)))
		for _, p := range n.Polys {
			e.u16(p)
		}
		for _, p := range n.Portals {
			e.u16(uint16(p[0]))
			e.u16(uint16(p[1]))
		}
		return
	}
	e.u32(uint32(len(n.Polys)))
	for _, p := range n.Polys {
		e.u16(p)
	}
}

// compressed writes ACE's compressed u32 (ReadCompressedUInt32): one byte
// under 0x80, two (high bit set) under 0x4000, else four.
func (e *enc) compressed(v uint32) {
	if v < 0x80 {
		e.u8(uint8(v))
		return
	}
	if v < 0x4000 {
		e.u8(uint8(v>>8) | 0x80)
		e.u8(uint8(v & 0xFF))
		return
	}
	e.u8(uint8(v>>24)&0x3F | 0xC0)
	e.u8(uint8(v >> 16))
	e.u16(uint16(v))
}

func (e *enc) vertexArray(vs []SWVertex) {
	e.i32(1) // VertexType: SWVertex
	e.u32(uint32(len(vs)))
	for i, v := range vs {
		e.u16(uint16(i)) // the dictionary key
		e.u16(uint16(len(v.UVs)))
		e.vec(v.Pos)
		e.vec(v.Norm)
		for _, uv := range v.UVs {
			e.f32(uv[0])
			e.f32(uv[1])
		}
	}
}

func (e *enc) polys(ps []Poly) {
	for i, p := range ps {
		e.u16(uint16(i)) // the dictionary key
		e.u8(uint8(len(p.Verts)))
		e.u8(p.TexMode)
		e.i32(p.Sides)
		e.u16(uint16(p.PosSurf))
		e.u16(uint16(p.NegSurf))
		for _, v := range p.Verts {
			e.u16(uint16(v))
		}
		if p.TexMode&0x4 == 0 {
			e.b = append(e.b, p.PosUVIdx...)
		}
		if p.Sides == 2 && p.TexMode&0x8 == 0 {
			e.b = append(e.b, p.NegUVIdx...)
		}
	}
}

// GfxObjEntry is dats.xml's GfxObj.
type GfxObjEntry struct {
	ID         uint32
	Surfaces   []uint32
	Verts      []SWVertex
	Physics    []Poly // nil: no physics (flag 0x1 clear)
	PhysicsBSP *Node
	SortCenter V3
	Drawing    []Poly // nil: no drawing (flag 0x2 clear)
	DrawingBSP *Node
	Degrade    uint32 // 0: none (flag 0x8 clear)
}

func (g *GfxObjEntry) bytes() []byte {
	var e enc
	var flags uint32
	if g.Physics != nil {
		flags |= 1
	}
	if g.Drawing != nil {
		flags |= 2
	}
	if g.Degrade != 0 {
		flags |= 8
	}
	e.u32(g.ID)
	e.u32(flags)
	e.compressed(uint32(len(g.Surfaces)))
	for _, s := range g.Surfaces {
		e.u32(s)
	}
	e.vertexArray(g.Verts)
	if g.Physics != nil {
		e.compressed(uint32(len(g.Physics)))
		e.polys(g.Physics)
		e.node(g.PhysicsBSP, treePhysics)
	}
	e.vec(g.SortCenter)
	if g.Drawing != nil {
		e.compressed(uint32(len(g.Drawing)))
		e.polys(g.Drawing)
		e.node(g.DrawingBSP, treeDrawing)
	}
	if g.Degrade != 0 {
		e.u32(g.Degrade)
	}
	return e.b
}

// Shape is one CellStruct (dats.xml CellStruct).
type Shape struct {
	Verts      []SWVertex
	Drawing    []Poly
	Portals    []uint16 // drawing polygon ids
	CellBSP    *Node
	Physics    []Poly
	PhysicsBSP *Node
	DrawingBSP *Node // nil: the has-drawing word is 0
}

// EnvironmentEntry is dats.xml's Environment.
type EnvironmentEntry struct {
	ID     uint32
	Shapes []Shape
}

func (v *EnvironmentEntry) bytes() []byte {
	var e enc
	e.u32(v.ID)
	e.u32(uint32(len(v.Shapes)))
	for i, s := range v.Shapes {
		e.u32(uint32(i))
		e.u32(uint32(len(s.Drawing)))
		e.u32(uint32(len(s.Physics)))
		e.u32(uint32(len(s.Portals)))
		e.vertexArray(s.Verts)
		e.polys(s.Drawing)
		for _, p := range s.Portals {
			e.u16(p)
		}
		e.align4()
		e.node(s.CellBSP, treeCell)
		e.polys(s.Physics)
		e.node(s.PhysicsBSP, treePhysics)
		if s.DrawingBSP != nil {
			e.u32(1)
			e.node(s.DrawingBSP, treeDrawing)
		} else {
			e.u32(0)
		}
		e.align4()
	}
	return e.b
}

// CellPortalRec is dats.xml's CellPortal.
type CellPortalRec struct {
	Flags, Polygon, OtherCell, OtherPortal uint16
}

// EnvCellEntry is dats.xml's EnvCell.
type EnvCellEntry struct {
	ID          uint32
	SeenOutside bool
	Surfaces    []uint16
	Env         uint16 // low word of the Environment id
	Shape       uint16
	Pos         Frame
	Portals     []CellPortalRec
	Visible     []uint16
	Statics     []Stab // written (flag 0x2) when non-nil
	Restriction uint32 // written (flag 0x8) when non-zero
}

func (c *EnvCellEntry) flags() uint32 {
	var f uint32
	if c.SeenOutside {
		f |= 1
	}
	if c.Statics != nil {
		f |= 2
	}
	if c.Restriction != 0 {
		f |= 8
	}
	return f
}

func (c *EnvCellEntry) bytes() []byte {
	var e enc
	e.u32(c.ID)
	e.u32(c.flags())
	e.u32(c.ID)
	e.u8(uint8(len(c.Surfaces)))
	e.u8(uint8(len(c.Portals)))
	e.u16(uint16(len(c.Visible)))
	for _, s := range c.Surfaces {
		e.u16(s)
	}
	e.u16(c.Env)
	e.u16(c.Shape)
	e.frame(c.Pos)
	for _, p := range c.Portals {
		e.u16(p.Flags)
		e.u16(p.Polygon)
		e.u16(p.OtherCell)
		e.u16(p.OtherPortal)
	}
	for _, v := range c.Visible {
		e.u16(v)
	}
	if c.Statics != nil {
		e.u32(uint32(len(c.Statics)))
		for _, s := range c.Statics {
			e.u32(s.ID)
			e.frame(s.Frame)
		}
	}
	if c.Restriction != 0 {
		e.u32(c.Restriction)
	}
	return e.b
}
