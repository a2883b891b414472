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

// idTable maps the u16 ids an array's elements are stored under to their
// positions. ACE and DatReaderWriter key vertices and polygons by these
// ids and look references up by id; the client indexes by position; in
// shipped data the two are the same (dereth 10-gfxobj §2, §5). Glidepath
// reads references by id, as the public readers do: a nil map is the
// common case, every id its position.
type idTable struct {
	n int
	m map[uint16]uint16
}

// add records that the element at position i was stored under id, failing
// field when another element already was.
func (t *idTable) add(c *cursor, field string, at int, id uint16, i int) {
	if t.m == nil {
		if int(id) == i {
			return
		}
		t.m = make(map[uint16]uint16, i+1)
		for j := 0; j < i; j++ {
			t.m[uint16(j)] = uint16(j)
		}
	}
	if prev, ok := t.m[id]; ok {
		c.off = at
		c.fail(field, fmt.Errorf("id %d is also element %d's", id, prev))
		return
	}
	t.m[id] = uint16(i)
}

// pos is the position of the element stored under id.
func (t *idTable) pos(id uint16) (uint16, bool) {
	if t.m == nil {
		return id, int(id) < t.n
	}
	p, ok := t.m[id]
	return p, ok
}

// ids lists the stored id of each position (nil when every id is its
// position).
func (t *idTable) ids() []uint16 {
	if t.m == nil {
		return nil
	}
	out := make([]uint16, t.n)
	for id, p := range t.m {
		out[p] = id
	}
	return out
}

// missing says why a reference to id of an array of what failed.
func (t *idTable) missing(id uint16, what string) error {
	if t.m == nil {
		return fmt.Errorf("%d, the %s array holds %d", id, what, t.n)
	}
	return fmt.Errorf("no %s has id %d", what, id)
}

// vertexArray reads a CVertexArray: a u32 type (1, the only one there is),
// a u32 count, then the vertices, each stored after its u16 id.
func (c *cursor) vertexArray(field string) ([]Vertex, idTable) {
	if c.err != nil {
		return nil, idTable{}
	}
	at := c.off
	if t := c.u32(field + ".vertex_type"); c.err == nil && t != 1 {
		c.off = at
		c.fail(field+".vertex_type", fmt.Errorf("%d, want 1 (nothing else says what a vertex holds)", t))
		return nil, idTable{}
	}
	n := c.count(field+".vertices count", 2+2+24)
	if c.overLimit(field+".vertices count", 4, n, MaxVertices) {
		return nil, idTable{}
	}
	vs := make([]Vertex, n)
	t := idTable{n: n}
	for i := range vs {
		at := c.off
		t.add(c, "id", at, c.u16("id"), i)
		nuv := int(c.u16("uvs count"))
		vs[i].NumUVs = nuv
		vs[i].Origin = c.vec3("origin")
		vs[i].Normal = c.vec3("normal")
		c.skip("uvs", 8*nuv)
		if c.err != nil {
			c.wrap(fmt.Sprintf("%s.vertices[%d]", field, i))
			return nil, idTable{}
		}
	}
	return vs, t
}

// polygons reads n polygons, each after its u16 id, their vertex
// references looked up in vt.
func (c *cursor) polygons(field string, n int, vt *idTable) ([]Polygon, idTable) {
	if c.err != nil {
		return nil, idTable{}
	}
	if c.overLimit(field+" count", 0, n, MaxPolygons) {
		return nil, idTable{}
	}
	ps := make([]Polygon, n)
	t := idTable{n: n}
	for i := range ps {
		at := c.off
		t.add(c, "id", at, c.u16("id"), i)
		ps[i] = c.polygon(vt)
		if c.err != nil {
			c.wrap(fmt.Sprintf("%s[%d]", field, i))
			return nil, idTable{}
		}
	}
	return ps, t
}

// polygon reads one Polygon (ACE Polygon.Unpack; dats.xml Polygon); its
// Vertices are positions in the vertex array.
func (c *cursor) polygon(vt *idTable) Polygon {
	if c.err != nil {
		return Polygon{}
	}
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
		pos, ok := vt.pos(v)
		if !ok {
			c.off = at
			c.fail(fmt.Sprintf("vertex ids[%d]", i), vt.missing(v, "vertex"))
			return Polygon{}
		}
		p.Vertices[i] = pos
	}
	if p.Stippling&StipplingNoPos == 0 {
		c.skip("pos uv indices", np)
	}
	if p.SidesType == SidesTwoSurface && p.Stippling&StipplingNoNeg == 0 {
		c.skip("neg uv indices", np)
	}
	return p
}

// bspReader reads one tree; polys looks up the polygons its physics
// leaves name.
type bspReader struct {
	c     *cursor
	kind  BSPKind
	polys *idTable
	tree  *BSPTree
	nodes int // nodes read (drawing trees are read and not kept)
}

// bspTree reads a tree of kind k whose leaves name polygons of polys.
// A drawing tree is checked and skipped (nil).
func (c *cursor) bspTree(field string, k BSPKind, polys *idTable) *BSPTree {
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

// polyList reads a physics leaf's polygon ids and returns their positions
// in the tree's polygon array.
func (r *bspReader) polyList() []uint16 {
	c := r.c
	n := c.count("polygons count", 2)
	ps := make([]uint16, n)
	for i := range ps {
		at := c.off
		id := c.u16("polygons")
		if c.err != nil {
			return nil
		}
		p, ok := r.polys.pos(id)
		if !ok {
			c.off = at
			c.fail(fmt.Sprintf("polygons[%d]", i), r.polys.missing(id, "polygon"))
			return nil
		}
		ps[i] = p
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
