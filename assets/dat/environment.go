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
	// CellIDs are the ids the cells are stored under, when they are not
	// their positions (nil otherwise); EnvCells name a cell by id (Cell).
	CellIDs []uint32
}

// Cell is the cell structure stored under id (ACE: Cells[id]).
func (e *Environment) Cell(id uint16) (*CellStruct, bool) {
	if e.CellIDs == nil {
		if int(id) < len(e.Cells) {
			return &e.Cells[id], true
		}
		return nil, false
	}
	for i, v := range e.CellIDs {
		if v == uint32(id) {
			return &e.Cells[i], true
		}
	}
	return nil, false
}

// CellStruct is one cell's shape: a convex room's polygons, the portals
// among them, its cell BSP (the room as half-spaces) and its physics
// polygons and BSP.
type CellStruct struct {
	Vertices []Vertex
	// Polygons are the drawing polygons; Portals are positions in them
	// (doorways). PolygonIDs are the ids the polygons are stored under when
	// they are not their positions (nil otherwise): EnvCell portals name
	// polygons by id (Polygon).
	Polygons   []Polygon
	PolygonIDs []uint16
	Portals    []uint16
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
	c.overLimit("cells count", 4, n, maxCellStructs)
	e.Cells = make([]CellStruct, n)
	ids := make([]uint32, n)
	seen := make(map[uint32]bool, n)
	identity := true
	for i := range e.Cells {
		at := c.off
		ids[i] = c.u32("id")
		if c.err == nil && seen[ids[i]] {
			c.off = at
			c.fail("id", fmt.Errorf("%d is also an earlier cell's", ids[i]))
		}
		seen[ids[i]] = true
		identity = identity && ids[i] == uint32(i)
		e.Cells[i] = c.cellStruct()
		if c.err != nil {
			c.wrap(fmt.Sprintf("cells[%d]", i))
			return nil, c.err
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	if !identity {
		e.CellIDs = ids
	}
	return e, nil
}

// Polygon is the position of the drawing polygon stored under id.
func (s *CellStruct) Polygon(id uint16) (int, bool) {
	if s.PolygonIDs == nil {
		return int(id), int(id) < len(s.Polygons)
	}
	for i, v := range s.PolygonIDs {
		if v == id {
			return i, true
		}
	}
	return 0, false
}

func (c *cursor) cellStruct() CellStruct {
	var s CellStruct
	np := c.count("polygons count", 2+12)
	npp := c.count("physics_polygons count", 2+12)
	nport := c.count("portals count", 2)
	var vt, dt, pt idTable
	s.Vertices, vt = c.vertexArray("vertex_array")
	s.Polygons, dt = c.polygons("polygons", np, &vt)
	s.PolygonIDs = dt.ids()
	s.Portals = make([]uint16, 0, nport)
	for i := 0; i < nport && c.err == nil; i++ {
		at := c.off
		id := c.u16("portals")
		p, ok := dt.pos(id)
		if c.err == nil && !ok {
			c.off = at
			c.fail(fmt.Sprintf("portals[%d]", i), dt.missing(id, "polygon"))
		}
		s.Portals = append(s.Portals, p)
	}
	c.align("portals padding")
	s.CellBSP = c.bspTree("cell_bsp", BSPCell, &dt)
	s.PhysicsPolygons, pt = c.polygons("physics_polygons", npp, &vt)
	s.PhysicsBSP = c.bspTree("physics_bsp", BSPPhysics, &pt)
	s.HasDrawingBSP = c.u32("has_drawing_bsp") != 0
	if s.HasDrawingBSP {
		c.bspTree("drawing_bsp", BSPDrawing, &dt)
	}
	c.align("padding")
	return s
}
