// EnvCell 0xXXYYnnnn (nnnn ≥ 0x0100) in the cell dat (ACE
// FileTypes/EnvCell.cs, Entity/CellPortal.cs, Stab.cs; DatReaderWriter
// dats.xml "EnvCell", "CellPortal"; dereth docs/formats/16-environment.md
// §3): flags, the id again, a u8 surface count, a u8 portal count, a u16
// visible-cell count, the surfaces (u16s, 0x08000000 | v), the environment
// (u16, 0x0D000000 | v) and the cell structure within it (u16), the cell's
// frame (unpadded), the portals (8 bytes each), the visible cells (u16s),
// by flags bit 1 a u32-counted list of static objects and by bit 3 a
// restriction object. Nothing is aligned.

package dat

import "fmt"

// EnvCell flags (ACE EnvCellFlags).
const (
	EnvCellSeenOutside       = 0x1
	EnvCellHasStaticObjs     = 0x2
	EnvCellHasRestrictionObj = 0x8
)

// Portal flags (ACE PortalFlags), for cell and building portals alike.
const (
	PortalExactMatch = 0x1
	PortalSideFlag   = 0x2
)

// OutsideCell is a portal's other cell when it leads outdoors.
const OutsideCell = 0xFFFF

// EnvCell is an indoor cell: a CellStruct of an Environment placed at a
// frame, its portals to the cells beside it, the cells seen from it and
// its static objects.
type EnvCell struct {
	ID    uint32
	Flags uint32
	// Surfaces are full surface ids (0x08xxxxxx).
	Surfaces []uint32
	// EnvironmentID is the full Environment id (0x0Dxxxxxx);
	// CellStructure indexes its Cells.
	EnvironmentID  uint32
	CellStructure  uint16
	Position       Frame
	Portals        []CellPortal
	VisibleCells   []uint16
	StaticObjects  []Stab
	RestrictionObj uint32
}

// SeenOutside reports whether the cell can be seen from outdoors (flags
// bit 0).
func (e *EnvCell) SeenOutside() bool { return e.Flags&EnvCellSeenOutside != 0 }

// CellPortal is a doorway of an EnvCell: which of its CellStruct's
// polygons it is, and the cell (the low word of its id; OutsideCell when it
// leads outdoors) and that cell's portal on the other side.
type CellPortal struct {
	Flags         uint16
	PolygonID     uint16
	OtherCellID   uint16
	OtherPortalID uint16
}

// ExactMatch is flags bit 0 (ACE CellPortal.ExactMatch).
func (p CellPortal) ExactMatch() bool { return p.Flags&PortalExactMatch != 0 }

// PortalSide is true when flags bit 1 is clear (ACE CellPortal.PortalSide:
// portal_side = ~flags >> 1 & 1).
func (p CellPortal) PortalSide() bool { return p.Flags&PortalSideFlag == 0 }

// IsEnvCellID reports whether id names an EnvCell (low word 0x0100 to
// 0xFFFD).
func IsEnvCellID(id uint32) bool {
	lo := id & 0xFFFF
	return lo >= 0x0100 && lo < 0xFFFE
}

// maxStabs bounds an EnvCell's static objects.
const maxStabs = 1 << 16

// ParseEnvCell decodes EnvCell entry id.
func ParseEnvCell(b []byte, id uint32) (*EnvCell, error) {
	c := &cursor{b: b}
	e := &EnvCell{ID: id}
	c.id(id)
	e.Flags = c.u32("flags")
	at := c.off
	if v := c.u32("cell_id"); c.err == nil && v != id {
		c.off = at
		c.fail("cell_id", fmt.Errorf("0x%08X, want the entry's id", v))
	}
	ns := int(c.u8("surfaces count"))
	np := int(c.u8("portals count"))
	nv := int(c.u16("visible cells count"))
	if !c.need("surfaces", 2*ns) {
		return nil, c.err
	}
	e.Surfaces = make([]uint32, ns)
	for i := range e.Surfaces {
		e.Surfaces[i] = 0x08000000 | uint32(c.u16("surfaces"))
	}
	e.EnvironmentID = 0x0D000000 | uint32(c.u16("environment_id"))
	e.CellStructure = c.u16("cell_structure")
	e.Position = c.frame("position")
	if !c.need("portals", 8*np) {
		return nil, c.err
	}
	e.Portals = make([]CellPortal, np)
	for i := range e.Portals {
		e.Portals[i] = CellPortal{Flags: c.u16("portals.flags"), PolygonID: c.u16("portals.polygon_id"),
			OtherCellID: c.u16("portals.other_cell_id"), OtherPortalID: c.u16("portals.other_portal_id")}
	}
	if !c.need("visible cells", 2*nv) {
		return nil, c.err
	}
	e.VisibleCells = make([]uint16, nv)
	for i := range e.VisibleCells {
		e.VisibleCells[i] = c.u16("visible cells")
	}
	if e.Flags&EnvCellHasStaticObjs != 0 {
		n := c.count("static objects count", 4+frameSize)
		c.overLimit("static objects count", 4, n, maxStabs)
		e.StaticObjects = make([]Stab, n)
		for i := range e.StaticObjects {
			e.StaticObjects[i] = Stab{ID: c.u32("id"), Frame: c.frame("frame")}
			if c.err != nil {
				c.wrap(fmt.Sprintf("static_objects[%d]", i))
				return nil, c.err
			}
		}
	}
	if e.Flags&EnvCellHasRestrictionObj != 0 {
		e.RestrictionObj = c.u32("restriction_obj")
	}
	if c.err != nil {
		return nil, c.err
	}
	return e, nil
}
