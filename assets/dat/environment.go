// Environment 0x0Dxxxxxx in the portal dat (ACE FileTypes/Environment.cs,
// Entity/CellStruct.cs; DatReaderWriter dats.xml "Environment",
// "CellStruct"; dereth docs/formats/16-environment.md): a u32 count of
// cell structures, each after its u32 id (its position). A CellStruct
// holds its three counts first — drawing polygons, physics polygons,
// portals — then the vertex array, the drawing polygons, the portals
// (indices into the drawing polygons), padding to 4, the cell BSP (over
// the drawing polygons), the physics polygons, the physics BSP, a u32
// has-drawing-BSP, the drawing BSP (checked and skipped) and padding to 4.

package dat

import "fmt"

// maxCellStructs bounds an Environment's cell structures (an EnvCell names
// one by a u16).
const maxCellStructs = 1 << 16

// Environment is a library of cell shapes.
type Environment struct {
	ID    uint32
	Cells []CellStruct
}

// CellStruct is one cell's shape: a convex room's polygons, the portals
// among them, its cell BSP (the room as half-spaces) and its physics
// polygons and BSP.
type CellStruct struct {
	Vertices []Vertex
	// Polygons are the drawing polygons; Portals index them (doorways).
	Polygons []Polygon
	Portals  []uint16
	// CellBSP says which points are inside the cell; its nodes hold
	// planes only.
	CellBSP         *BSPTree
	PhysicsPolygons []Polygon
	PhysicsBSP      *BSPTree
	// HasDrawingBSP says a drawing BSP was there (checked, not kept).
	HasDrawingBSP bool
}

// ParseEnvironment decodes Environment entry id.
func ParseEnvironment(b []byte, id uint32) (*Environment, error) {
	c := &cursor{b: b}
	e := &Environment{ID: id}
	c.id(id)
	n := c.count("cells count", 4+12+8+8)
	if c.err == nil && n > maxCellStructs {
		c.off -= 4
		c.fail("cells count", fmt.Errorf("%d, more than the limit of %d", n, maxCellStructs))
	}
	e.Cells = make([]CellStruct, n)
	for i := range e.Cells {
		at := c.off
		if v := c.u32("id"); c.err == nil && int64(v) != int64(i) {
			c.off = at
			c.fail("id", fmt.Errorf("%d, want its position %d (ACE looks it up by id, the client by position)", v, i))
		}
		e.Cells[i] = c.cellStruct()
		if c.err != nil {
			c.wrap(fmt.Sprintf("cells[%d]", i))
			return nil, c.err
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	return e, nil
}

func (c *cursor) cellStruct() CellStruct {
	var s CellStruct
	np := c.count("polygons count", 2+12)
	npp := c.count("physics_polygons count", 2+12)
	nport := c.count("portals count", 2)
	s.Vertices = c.vertexArray("vertex_array")
	s.Polygons = c.polygons("polygons", np, len(s.Vertices))
	s.Portals = make([]uint16, 0, nport)
	for i := 0; i < nport && c.err == nil; i++ {
		at := c.off
		p := c.u16("portals")
		if c.err == nil && int(p) >= len(s.Polygons) {
			c.off = at
			c.fail(fmt.Sprintf("portals[%d]", i), fmt.Errorf("polygon %d, the cell holds %d", p, len(s.Polygons)))
		}
		s.Portals = append(s.Portals, p)
	}
	c.align("portals padding")
	s.CellBSP = c.bspTree("cell_bsp", BSPCell, len(s.Polygons))
	s.PhysicsPolygons = c.polygons("physics_polygons", npp, len(s.Vertices))
	s.PhysicsBSP = c.bspTree("physics_bsp", BSPPhysics, len(s.PhysicsPolygons))
	s.HasDrawingBSP = c.u32("has_drawing_bsp") != 0
	if s.HasDrawingBSP {
		c.bspTree("drawing_bsp", BSPDrawing, len(s.Polygons))
	}
	c.align("padding")
	return s
}
