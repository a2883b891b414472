// Encoders for the geometry entries — GfxObj, Environment (CellStructs),
// EnvCell — written from the public layouts (ACE Source/ACE.DatLoader
// FileTypes/GfxObj.cs, Environment.cs, EnvCell.cs, Entity/CellStruct.cs,
// Polygon.cs, BSPNode.cs, BSPLeaf.cs, CVertexArray.cs, SWVertex.cs;
// DatReaderWriter dats.xml; dereth docs/formats/10-gfxobj.md,
// 16-environment.md). What the reader skips — UV pairs and indices, the
// drawing BSP — is written with made-up but well-formed contents.

package dattest

import (
	"glidepath/assets/dat"
)

// Compressed appends a compressed u32: one byte below 0x80, two below
// 0x4000, else four (ACE ReadCompressedUInt32; values up to 2^30 − 1).
func (b *Buf) Compressed(v uint32) {
	switch {
	case v < 0x80:
		b.U8(uint8(v))
	case v < 0x4000:
		b.U8(uint8(0x80 | v>>8))
		b.U8(uint8(v))
	default:
		b.U8(uint8(0xC0 | v>>24&0x3F))
		b.U8(uint8(v >> 16))
		b.U16(uint16(v))
	}
}

// vertices appends a CVertexArray: type 1, a u32 count, each vertex after
// its u16 id, with NumUVs made-up UV pairs.
func vertices(b *Buf, vs []dat.Vertex) {
	b.U32(1)
	b.U32(uint32(len(vs)))
	for i, v := range vs {
		b.U16(uint16(i))
		b.U16(uint16(v.NumUVs))
		b.Vec3(v.Origin)
		b.Vec3(v.Normal)
		for u := 0; u < v.NumUVs; u++ {
			b.F32(float32(u) * 0.25)
			b.F32(1 - float32(u)*0.25)
		}
	}
}

// polygons appends polygons, each after its u16 id (ids[i], or its
// position when ids is nil), with zero UV indices where the stippling and
// sides type say they are there.
func polygons(b *Buf, ps []dat.Polygon, ids []uint16) {
	for i, p := range ps {
		if ids != nil {
			b.U16(ids[i])
		} else {
			b.U16(uint16(i))
		}
		b.U8(uint8(len(p.Vertices)))
		b.U8(p.Stippling)
		b.I32(p.SidesType)
		b.U16(uint16(p.PosSurface))
		b.U16(uint16(p.NegSurface))
		for _, v := range p.Vertices {
			b.U16(v)
		}
		if p.Stippling&dat.StipplingNoPos == 0 {
			b.B = append(b.B, make([]byte, len(p.Vertices))...)
		}
		if p.SidesType == dat.SidesTwoSurface && p.Stippling&dat.StipplingNoNeg == 0 {
			b.B = append(b.B, make([]byte, len(p.Vertices))...)
		}
	}
}

// BSP appends tree t (physics or cell) from its root: each node's tag,
// then a leaf's index (and a physics leaf's solid flag, sphere and
// polygons), or an internal node's plane, the children its tag names
// (both for a portal), and a physics node's sphere.
func BSP(b *Buf, t *dat.BSPTree, kind dat.BSPKind) {
	if t == nil || len(t.Nodes) == 0 {
		b.U32(dat.TagLeaf)
		b.I32(0)
		if kind == dat.BSPPhysics {
			b.I32(0)
			b.Vec3([3]float32{})
			b.F32(0)
			b.U32(0)
		}
		return
	}
	bspNode(b, t, 0, kind)
}

func bspNode(b *Buf, t *dat.BSPTree, i int32, kind dat.BSPKind) {
	n := &t.Nodes[i]
	b.U32(n.Tag)
	if n.Tag == dat.TagLeaf {
		b.I32(n.LeafIndex)
		if kind == dat.BSPPhysics {
			b.I32(n.Solid)
			b.Vec3(n.Sphere.Origin)
			b.F32(n.Sphere.Radius)
			b.U32(uint32(len(n.Polygons)))
			for _, p := range n.Polygons {
				b.U16(p)
			}
		}
		return
	}
	b.Vec3(n.Plane.N)
	b.F32(n.Plane.D)
	pos, neg := children(n.Tag)
	if pos {
		bspNode(b, t, n.Pos, kind)
	}
	if neg {
		bspNode(b, t, n.Neg, kind)
	}
	if kind == dat.BSPPhysics && n.Tag != dat.TagPortal {
		b.Vec3(n.Sphere.Origin)
		b.F32(n.Sphere.Radius)
	}
}

// children says which children a node of tag has.
func children(tag uint32) (pos, neg bool) {
	switch tag {
	case dat.TagPortal, dat.TagBPIN, dat.TagBPnN:
		return true, true
	case dat.TagBPnn, dat.TagBPIn:
		return true, false
	case dat.TagBpIN, dat.TagBpnN:
		return false, true
	}
	return false, false
}

// drawingBSP appends a made-up drawing tree over n polygons: one internal
// node listing them all, over a childless terminal node whose plane is
// 0xCD filler (as shipped files leave it, dereth 10-gfxobj §4.1), and a
// portal node when there are portals.
func drawingBSP(b *Buf, n int, portals []uint16) {
	if len(portals) > 0 {
		b.U32(dat.TagPortal)
		b.Vec3([3]float32{0, 0, 1})
		b.F32(0)
		drawingLeaf(b, 0)
		drawingLeaf(b, 1)
		b.Vec3([3]float32{})
		b.F32(10)
		b.U32(0)
		b.U32(uint32(len(portals)))
		for i, p := range portals {
			b.U16(p)
			b.U16(uint16(i))
		}
		return
	}
	b.U32(dat.TagBPIn)
	b.Vec3([3]float32{0, 0, 1})
	b.F32(0)
	b.U32(0x42504F4C) // "BPOL": a childless node
	for i := 0; i < 16; i++ {
		b.U8(0xCD)
	}
	b.Vec3([3]float32{})
	b.F32(10)
	b.U32(uint32(n))
	for i := 0; i < n; i++ {
		b.U16(uint16(i))
	}
	b.Vec3([3]float32{})
	b.F32(10)
	b.U32(0)
}

func drawingLeaf(b *Buf, i int32) {
	b.U32(dat.TagLeaf)
	b.I32(i)
}

// GfxObj encodes a GfxObj; with GfxObjHasDrawing its drawing BSP is
// made up.
func GfxObj(g *dat.GfxObj) []byte {
	var b Buf
	b.U32(g.ID)
	b.U32(g.Flags)
	b.Compressed(uint32(len(g.Surfaces)))
	for _, s := range g.Surfaces {
		b.U32(s)
	}
	vertices(&b, g.Vertices)
	if g.Flags&dat.GfxObjHasPhysics != 0 {
		b.Compressed(uint32(len(g.PhysicsPolygons)))
		polygons(&b, g.PhysicsPolygons, nil)
		BSP(&b, g.PhysicsBSP, dat.BSPPhysics)
	}
	b.Vec3(g.SortCenter)
	if g.Flags&dat.GfxObjHasDrawing != 0 {
		b.Compressed(uint32(len(g.Polygons)))
		polygons(&b, g.Polygons, nil)
		drawingBSP(&b, len(g.Polygons), nil)
	}
	if g.Flags&dat.GfxObjHasDIDDegrade != 0 {
		b.U32(g.DIDDegrade)
	}
	return b.B
}

// Environment encodes an Environment: cells under CellIDs and drawing
// polygons under PolygonIDs when they are set (their positions
// otherwise), portals by their polygons' ids; a CellStruct with
// HasDrawingBSP gets a made-up drawing BSP.
func Environment(e *dat.Environment) []byte {
	var b Buf
	b.U32(e.ID)
	b.U32(uint32(len(e.Cells)))
	for i := range e.Cells {
		s := &e.Cells[i]
		if e.CellIDs != nil {
			b.U32(e.CellIDs[i])
		} else {
			b.U32(uint32(i))
		}
		b.U32(uint32(len(s.Polygons)))
		b.U32(uint32(len(s.PhysicsPolygons)))
		b.U32(uint32(len(s.Portals)))
		vertices(&b, s.Vertices)
		polygons(&b, s.Polygons, s.PolygonIDs)
		for _, p := range s.Portals {
			if s.PolygonIDs != nil {
				p = s.PolygonIDs[p]
			}
			b.U16(p)
		}
		b.Align()
		BSP(&b, s.CellBSP, dat.BSPCell)
		polygons(&b, s.PhysicsPolygons, nil)
		BSP(&b, s.PhysicsBSP, dat.BSPPhysics)
		if s.HasDrawingBSP {
			b.U32(1)
			drawingBSP(&b, len(s.Polygons), s.Portals)
		} else {
			b.U32(0)
		}
		b.Align()
	}
	return b.B
}

// EnvCell encodes an EnvCell; the static objects and restriction object
// are written when the flags say.
func EnvCell(e *dat.EnvCell) []byte {
	var b Buf
	b.U32(e.ID)
	b.U32(e.Flags)
	b.U32(e.ID)
	b.U8(uint8(len(e.Surfaces)))
	b.U8(uint8(len(e.Portals)))
	b.U16(uint16(len(e.VisibleCells)))
	for _, s := range e.Surfaces {
		b.U16(uint16(s))
	}
	b.U16(uint16(e.EnvironmentID))
	b.U16(e.CellStructure)
	b.Frame(e.Position)
	for _, p := range e.Portals {
		b.U16(p.Flags)
		b.U16(p.PolygonID)
		b.U16(p.OtherCellID)
		b.U16(p.OtherPortalID)
	}
	for _, v := range e.VisibleCells {
		b.U16(v)
	}
	if e.Flags&dat.EnvCellHasStaticObjs != 0 {
		b.U32(uint32(len(e.StaticObjects)))
		for _, s := range e.StaticObjects {
			b.U32(s.ID)
			b.Frame(s.Frame)
		}
	}
	if e.Flags&dat.EnvCellHasRestrictionObj != 0 {
		b.U32(e.RestrictionObj)
	}
	return b.B
}
