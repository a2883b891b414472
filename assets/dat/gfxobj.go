// GfxObj 0x01xxxxxx in the portal dat (ACE FileTypes/GfxObj.cs;
// DatReaderWriter dats.xml "GfxObj"; dereth docs/formats/10-gfxobj.md):
// flags, surfaces (a compressed count), the vertex array, by flags bit 0
// the physics polygons (a compressed count) and the physics BSP, the sort
// centre, by bit 1 the drawing polygons and the drawing BSP (checked and
// skipped), and by bit 3 a degrade id. The physics block comes before the
// sort centre and the drawing block after it.

package dat

// GfxObj flags (ACE GfxObjFlags).
const (
	GfxObjHasPhysics    = 0x1
	GfxObjHasDrawing    = 0x2
	GfxObjHasDIDDegrade = 0x8
)

// maxSurfaces bounds a GfxObj's surface list.
const maxSurfaces = 1 << 16

// GfxObj is a model: its vertices, the polygons that collide and the
// physics BSP over them, and the polygons that are drawn.
type GfxObj struct {
	ID    uint32
	Flags uint32
	// Surfaces are the surface ids polygons index.
	Surfaces []uint32
	Vertices []Vertex
	// PhysicsPolygons and PhysicsBSP are nil without GfxObjHasPhysics.
	PhysicsPolygons []Polygon
	PhysicsBSP      *BSPTree
	SortCenter      [3]float32
	// Polygons are the drawing polygons (nil without GfxObjHasDrawing);
	// the drawing BSP over them is checked and not kept.
	Polygons   []Polygon
	DIDDegrade uint32
}

// HasPhysics reports whether g collides (flags bit 0).
func (g *GfxObj) HasPhysics() bool { return g.Flags&GfxObjHasPhysics != 0 }

// ParseGfxObj decodes GfxObj entry id.
func ParseGfxObj(b []byte, id uint32) (*GfxObj, error) {
	c := &cursor{b: b}
	g := &GfxObj{ID: id}
	c.id(id)
	g.Flags = c.u32("flags")
	n := c.compressedCount("surfaces count", 4)
	c.overLimit("surfaces count", 0, n, maxSurfaces)
	g.Surfaces = make([]uint32, n)
	for i := range g.Surfaces {
		g.Surfaces[i] = c.u32("surfaces")
	}
	var vt idTable
	g.Vertices, vt = c.vertexArray("vertex_array")
	if g.Flags&GfxObjHasPhysics != 0 {
		n := c.compressedCount("physics_polygons count", 2+12)
		var pt idTable
		g.PhysicsPolygons, pt = c.polygons("physics_polygons", n, &vt)
		g.PhysicsBSP = c.bspTree("physics_bsp", BSPPhysics, &pt)
	}
	g.SortCenter = c.vec3("sort_center")
	if g.Flags&GfxObjHasDrawing != 0 {
		n := c.compressedCount("polygons count", 2+12)
		var pt idTable
		g.Polygons, pt = c.polygons("polygons", n, &vt)
		c.bspTree("drawing_bsp", BSPDrawing, &pt)
	}
	if g.Flags&GfxObjHasDIDDegrade != 0 {
		g.DIDDegrade = c.u32("did_degrade")
	}
	if c.err != nil {
		return nil, c.err
	}
	return g, nil
}
