// LandBlockInfo 0xXXYYFFFE in the cell dat (ACE FileTypes/LandblockInfo.cs,
// Entity/Stab.cs, BuildInfo.cs, CBldPortal.cs; DatReaderWriter dats.xml
// "LandBlockInfo"): the landblock's static objects (a setup or gfx id and a
// frame), its buildings with their portals (flags, the indoor cell and its
// portal on the other side, and a stab list padded to 4), and by PackMask
// bit 0 a restriction table (read and kept).

package dat

import "fmt"

// LandBlockInfo is a landblock's statics and buildings.
type LandBlockInfo struct {
	ID       uint32
	NumCells uint32
	Objects  []Stab
	PackMask uint16
	// Buildings with their frames and portals.
	Buildings []Building
	// Restrictions are the restriction table's (key, value) pairs, in the
	// order the file holds them.
	Restrictions [][2]uint32
}

// Stab is a static object: a Setup (0x02…) or GfxObj (0x01…) id and where
// it stands in the landblock.
type Stab struct {
	ID    uint32
	Frame Frame
}

// Building is a building's model (a GfxObj or Setup id), frame, leaf count
// and portals.
type Building struct {
	ModelID   uint32
	Frame     Frame
	NumLeaves uint32
	Portals   []BuildingPortal
}

// BuildingPortal links a building's outside to an indoor cell (ACE
// CBldPortal.cs; dats.xml BuildingPortal): OtherCellID is the low word of
// the EnvCell's id in the same landblock, OtherPortalID that cell's portal;
// Stabs are the cells seen through it.
type BuildingPortal struct {
	Flags         uint16
	OtherCellID   uint16
	OtherPortalID uint16
	Stabs         []uint16
}

// ExactMatch is flags bit 0.
func (p BuildingPortal) ExactMatch() bool { return p.Flags&PortalExactMatch != 0 }

// PortalSide is true when flags bit 1 is clear (ACE CBldPortal.PortalSide).
func (p BuildingPortal) PortalSide() bool { return p.Flags&PortalSideFlag == 0 }

// ParseLandBlockInfo decodes LandBlockInfo entry id.
func ParseLandBlockInfo(b []byte, id uint32) (*LandBlockInfo, error) {
	c := &cursor{b: b}
	li := &LandBlockInfo{ID: id}
	c.id(id)
	li.NumCells = c.u32("num_cells")
	n := c.count("objects count", 4+frameSize)
	li.Objects = make([]Stab, n)
	for i := range li.Objects {
		li.Objects[i] = Stab{ID: c.u32("id"), Frame: c.frame("frame")}
		if c.err != nil {
			c.wrap(fmt.Sprintf("objects[%d]", i))
			return nil, c.err
		}
	}
	at := c.off
	nb := c.u16("buildings count")
	li.PackMask = c.u16("pack_mask")
	nb32 := c.checkCount("buildings count", at, uint64(nb), 4+frameSize+8)
	li.Buildings = make([]Building, nb32)
	for i := range li.Buildings {
		bd := &li.Buildings[i]
		bd.ModelID = c.u32("model_id")
		bd.Frame = c.frame("frame")
		bd.NumLeaves = c.u32("num_leaves")
		n := c.count("portals count", 8)
		bd.Portals = make([]BuildingPortal, n)
		for p := 0; p < n && c.err == nil; p++ {
			bp := &bd.Portals[p]
			bp.Flags = c.u16("flags")
			bp.OtherCellID = c.u16("other_cell_id")
			bp.OtherPortalID = c.u16("other_portal_id")
			ns := int(c.u16("stabs count"))
			if c.need("stab list", 2*ns) {
				bp.Stabs = make([]uint16, ns)
				for i := range bp.Stabs {
					bp.Stabs[i] = c.u16("stab list")
				}
			}
			c.align("stab list padding")
			if c.err != nil {
				c.wrap(fmt.Sprintf("portals[%d]", p))
			}
		}
		if c.err != nil {
			c.wrap(fmt.Sprintf("buildings[%d]", i))
			return nil, c.err
		}
	}
	if li.PackMask&1 != 0 {
		at := c.off
		n := c.u16("restrictions count")
		c.u16("restrictions buckets")
		nr := c.checkCount("restrictions count", at, uint64(n), 8)
		li.Restrictions = make([][2]uint32, nr)
		for i := range li.Restrictions {
			li.Restrictions[i] = [2]uint32{c.u32("restrictions key"), c.u32("restrictions value")}
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	return li, nil
}
