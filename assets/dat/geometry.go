// The geometry primitives GfxObjs and Environments share (ACE
// Entity/CVertexArray.cs, SWVertex.cs, Polygon.cs, BSPTree.cs, BSPNode.cs,
// BSPLeaf.cs, BSPPortal.cs; DatReaderWriter dats.xml VertexArray, SWVertex,
// Polygon and Types/{Physics,Cell,Drawing}BSPNode.cs; dereth
// docs/formats/10-gfxobj.md §2–4): a vertex array, polygons over it, and
// BSP trees whose node payload depends on the tree's kind, which the file
// does not store.

package dat

import "fmt"

// Geometry limits: ids are 16-bit, so no array indexed by one holds more.
const (
	// MaxVertices bounds a vertex array.
	MaxVertices = 1 << 16
	// MaxPolygons bounds a polygon array.
	MaxPolygons = 1 << 16
	// MaxBSPNodes bounds the nodes of one BSP tree.
	MaxBSPNodes = 1 << 16
	// MaxBSPDepth bounds a BSP tree's depth (retail trees are a few dozen
	// levels; a cell tree is one level per bounding plane).
	MaxBSPDepth = 1024
)

// Vertex is a SWVertex: a position and a normal. Its texture coordinates
// are counted and skipped.
type Vertex struct {
	Origin, Normal [3]float32
	NumUVs         int
}

// Polygon sides (CullMode in ACE; dereth 10-gfxobj §3.2): SidesTwoSurface
// polygons carry a back UV array.
const (
	SidesSingle     = 0
	SidesDouble     = 1
	SidesTwoSurface = 2
)

// Stippling bits that decide which UV arrays a polygon holds (ACE
// StipplingType; dereth's texture_mode).
const (
	StipplingNoPos = 0x4
	StipplingNoNeg = 0x8
)

// Polygon is one polygon of a GfxObj or CellStruct: its vertices (indices
// into the vertex array, in order), its sides type and its surfaces (indices
// into the owner's surface list). Its UV indices are skipped; its plane is
// not stored (retail computes it from the vertices, Polygon::make_plane).
type Polygon struct {
	Stippling              uint8
	SidesType              int32
	PosSurface, NegSurface int16
	Vertices               []uint16
}

// BSP node tags: four characters read as a little-endian u32, so they are
// reversed on disk (ACE BSPNode.cs; dats.xml BSPNodeType). The other six
// name an internal node by which children it has: BPnn and BPIn a positive
// child, BpIN and BpnN a negative one, BPIN and BPnN both. Any other tag is
// an internal node with no children (ACE, DatReaderWriter and dereth agree:
// the terminal node of a cell tree's chain is one).
const (
	TagLeaf   = 0x4C454146 // "LEAF"
	TagPortal = 0x504F5254 // "PORT"
	TagBPnn   = 0x42506E6E
	TagBPIn   = 0x4250496E
	TagBpIN   = 0x4270494E
	TagBpnN   = 0x42706E4E
	TagBPIN   = 0x4250494E
	TagBPnN   = 0x42506E4E
)

// BSPKind is a tree's kind; it decides what each node holds (dereth
// 10-gfxobj §4.2–4.4).
type BSPKind int

// BSP tree kinds (ACE BSPType).
const (
	BSPDrawing BSPKind = iota
	BSPPhysics
	BSPCell
)

func (k BSPKind) String() string {
	switch k {
	case BSPPhysics:
		return "physics"
	case BSPCell:
		return "cell"
	}
	return "drawing"
}

// Plane is a splitting plane: points p with N·p + D > 0 are on its
// positive side.
type Plane struct {
	N [3]float32
	D float32
}

// BSPNode is one node of a physics or cell tree. Pos and Neg index the
// tree's Nodes (-1: no child).
type BSPNode struct {
	// Tag is the node's tag as stored (TagLeaf, TagPortal, TagBPIN, …).
	Tag uint32
	// Plane is an internal or portal node's splitting plane.
	Plane    Plane
	Pos, Neg int32
	// Sphere bounds a physics node's polygons (internal nodes and leaves).
	Sphere Sphere
	// LeafIndex is a leaf's index; Solid (physics leaves) is non-zero when
	// the leaf is inside solid matter.
	LeafIndex, Solid int32
	// Polygons are a physics leaf's polygons: indices into the owner's
	// physics polygons.
	Polygons []uint16
}

// IsLeaf reports whether n is a leaf.
func (n *BSPNode) IsLeaf() bool { return n.Tag == TagLeaf }

// BSPTree is a physics or cell tree, its nodes in pre-order: Nodes[0] is
// the root and a node's positive subtree follows it.
type BSPTree struct {
	Nodes []BSPNode
}

// vertexArray reads a CVertexArray: a u32 type (1, the only one there is),
// a u32 count, then the vertices, each stored after its u16 id, which must
// be its position (ACE keys vertices by id, the client indexes them by
// position; they agree only then).
func (c *cursor) vertexArray(field string) []Vertex {
	if c.err != nil {
		return nil
	}
	at := c.off
	if t := c.u32(field + ".vertex_type"); c.err == nil && t != 1 {
		c.off = at
		c.fail(field+".vertex_type", fmt.Errorf("%d, want 1 (nothing else says what a vertex holds)", t))
		return nil
	}
	n := c.count(field+".vertices count", 2+2+24)
	if c.err == nil && n > MaxVertices {
		c.off -= 4
		c.fail(field+".vertices count", fmt.Errorf("%d, more than the limit of %d", n, MaxVertices))
		return nil
	}
	vs := make([]Vertex, n)
	for i := range vs {
		c.index("id", i)
		nuv := int(c.u16("uvs count"))
		vs[i].NumUVs = nuv
		vs[i].Origin = c.vec3("origin")
		vs[i].Normal = c.vec3("normal")
		c.skip("uvs", 8*nuv)
		if c.err != nil {
			c.wrap(fmt.Sprintf("%s.vertices[%d]", field, i))
			return nil
		}
	}
	return vs
}

// index reads a u16 id that must equal its position i.
func (c *cursor) index(field string, i int) {
	at := c.off
	if v := c.u16(field); c.err == nil && int(v) != i {
		c.off = at
		c.fail(field, fmt.Errorf("%d, want its position %d (ACE looks it up by id, the client by position)", v, i))
	}
}

// polygons reads n polygons, each after its u16 id (its position), and
// checks their vertex indices against nv vertices.
func (c *cursor) polygons(field string, n, nv int) []Polygon {
	if c.err != nil {
		return nil
	}
	if n > MaxPolygons {
		c.fail(field+" count", fmt.Errorf("%d, more than the limit of %d", n, MaxPolygons))
		return nil
	}
	ps := make([]Polygon, n)
	for i := range ps {
		c.index("id", i)
		ps[i] = c.polygon(nv)
		if c.err != nil {
			c.wrap(fmt.Sprintf("%s[%d]", field, i))
			return nil
		}
	}
	return ps
}

// polygon reads one Polygon (ACE Polygon.Unpack; dats.xml Polygon).
func (c *cursor) polygon(nv int) Polygon {
	at := c.off
	np := int(c.u8("points count"))
	if c.err == nil && np < 3 {
		c.off = at
		c.fail("points count", fmt.Errorf("%d, a polygon has at least 3", np))
		return Polygon{}
	}
	p := Polygon{Stippling: c.u8("stippling"), SidesType: c.i32("sides_type")}
	p.PosSurface = int16(c.u16("pos_surface"))
	p.NegSurface = int16(c.u16("neg_surface"))
	if !c.need("vertex ids", 2*np) {
		return Polygon{}
	}
	p.Vertices = make([]uint16, np)
	for i := range p.Vertices {
		at := c.off
		v := c.u16("vertex ids")
		if int(v) >= nv {
			c.off = at
			c.fail(fmt.Sprintf("vertex ids[%d]", i), fmt.Errorf("%d, the vertex array holds %d", v, nv))
			return Polygon{}
		}
		p.Vertices[i] = v
	}
	if p.Stippling&StipplingNoPos == 0 {
		c.skip("pos uv indices", np)
	}
	if p.SidesType == SidesTwoSurface && p.Stippling&StipplingNoNeg == 0 {
		c.skip("neg uv indices", np)
	}
	return p
}

// bspReader reads one tree; polys is the count of the polygon array its
// leaves index (physics trees).
type bspReader struct {
	c     *cursor
	kind  BSPKind
	polys int
	tree  *BSPTree
	nodes int // nodes read (drawing trees are read and not kept)
}

// bspTree reads a tree of kind k whose polygons index an array of polys.
// A drawing tree is checked and skipped (nil).
func (c *cursor) bspTree(field string, k BSPKind, polys int) *BSPTree {
	if c.err != nil {
		return nil
	}
	r := &bspReader{c: c, kind: k, polys: polys}
	if k != BSPDrawing {
		r.tree = &BSPTree{}
	}
	r.node(0)
	if c.err != nil {
		c.wrap(field)
		return nil
	}
	return r.tree
}

// node reads one node and its children, returning its index in the tree
// (-1 for a drawing tree). A failure in the node's own fields is named
// nodes[i]; a child's failure is already named by the child.
func (r *bspReader) node(depth int) int32 {
	c := r.c
	idx := r.nodes
	r.nodes++
	if r.nodes > MaxBSPNodes {
		c.fail(fmt.Sprintf("nodes[%d]", idx), fmt.Errorf("more than the limit of %d nodes", MaxBSPNodes))
		return -1
	}
	if depth > MaxBSPDepth {
		c.fail(fmt.Sprintf("nodes[%d]", idx), fmt.Errorf("deeper than %d levels", MaxBSPDepth))
		return -1
	}
	self := int32(-1)
	if r.tree != nil {
		self = int32(len(r.tree.Nodes))
		r.tree.Nodes = append(r.tree.Nodes, BSPNode{Pos: -1, Neg: -1})
	}
	// set writes through the node's index: appending children moves the
	// slice.
	set := func(f func(n *BSPNode)) {
		if r.tree != nil && c.err == nil {
			f(&r.tree.Nodes[self])
		}
	}
	own := func() bool {
		if c.err != nil {
			c.wrap(fmt.Sprintf("nodes[%d]", idx))
			return false
		}
		return true
	}
	tag := c.u32("tag")
	set(func(n *BSPNode) { n.Tag = tag })
	if tag == TagLeaf {
		li := c.i32("leaf_index")
		set(func(n *BSPNode) { n.LeafIndex = li })
		if r.kind == BSPPhysics {
			solid := c.i32("solid")
			sp := c.sphere("sphere")
			ps := r.polyList()
			set(func(n *BSPNode) { n.Solid, n.Sphere, n.Polygons = solid, sp, ps })
		}
		own()
		return self
	}
	pl := r.plane()
	set(func(n *BSPNode) { n.Plane = pl })
	if !own() {
		return self
	}
	var pos, neg bool
	switch tag {
	case TagPortal, TagBPIN, TagBPnN:
		pos, neg = true, true
	case TagBPnn, TagBPIn:
		pos = true
	case TagBpIN, TagBpnN:
		neg = true
	}
	if pos {
		ch := r.node(depth + 1)
		if c.err != nil {
			return self
		}
		set(func(n *BSPNode) { n.Pos = ch })
	}
	if neg {
		ch := r.node(depth + 1)
		if c.err != nil {
			return self
		}
		set(func(n *BSPNode) { n.Neg = ch })
	}
	switch {
	case r.kind == BSPDrawing && tag == TagPortal:
		// Sphere, both counts, then the polygon ids and the
		// (polygon, portal) pairs (dereth 10-gfxobj §4.3).
		c.skip("sphere", 16)
		np := c.count("polygons count", 0)
		npt := c.count("portals count", 0)
		if c.err == nil && (uint64(np)*2+uint64(npt)*4 > uint64(len(c.b)-c.off)) {
			c.fail("portals", fmt.Errorf("%d polygons and %d portals: needs at least %d bytes, %d are left", np, npt, uint64(np)*2+uint64(npt)*4, len(c.b)-c.off))
		}
		c.skip("polygons", 2*np)
		c.skip("portals", 4*npt)
	case r.kind == BSPDrawing:
		c.skip("sphere", 16)
		np := c.count("polygons count", 2)
		c.skip("polygons", 2*np)
	case r.kind == BSPPhysics && tag != TagPortal:
		sp := c.sphere("sphere")
		set(func(n *BSPNode) { n.Sphere = sp })
	}
	own()
	return self
}

// plane reads a splitting plane; a drawing tree's is skipped, since a
// childless drawing node's plane is uninitialised memory in shipped files
// (dereth 10-gfxobj §4.1).
func (r *bspReader) plane() Plane {
	if r.kind == BSPDrawing {
		r.c.skip("plane", 16)
		return Plane{}
	}
	return Plane{N: r.c.vec3("plane"), D: r.c.f32("plane")}
}

// polyList reads a physics leaf's polygon ids, each an index into the
// tree's polygon array.
func (r *bspReader) polyList() []uint16 {
	c := r.c
	n := c.count("polygons count", 2)
	ps := make([]uint16, n)
	for i := range ps {
		at := c.off
		ps[i] = c.u16("polygons")
		if c.err == nil && int(ps[i]) >= r.polys {
			c.off = at
			c.fail(fmt.Sprintf("polygons[%d]", i), fmt.Errorf("%d, the tree's polygon array holds %d", ps[i], r.polys))
			return nil
		}
	}
	return ps
}

// compressedU32 reads a compressed u32: one byte below 0x80, two when bit
// 14 of the first is clear, else four (ACE ReadCompressedUInt32).
func (c *cursor) compressedU32(field string) uint32 {
	b0 := c.u8(field)
	if b0&0x80 == 0 {
		return uint32(b0)
	}
	b1 := c.u8(field)
	if b0&0x40 == 0 {
		return uint32(b0&0x7F)<<8 | uint32(b1)
	}
	s := c.u16(field)
	return (uint32(b0&0x3F)<<8|uint32(b1))<<16 | uint32(s)
}

// compressedCount reads a compressed count and checks it as count does.
func (c *cursor) compressedCount(field string, minSize int) int {
	at := c.off
	n := c.compressedU32(field)
	return c.checkCount(field, at, uint64(n), minSize)
}
