// LandBlockInfo 0xXXYYFFFE in the cell dat (ACE FileTypes/LandblockInfo.cs,
// Entity/Stab.cs, BuildInfo.cs, CBldPortal.cs; DatReaderWriter dats.xml
// "LandBlockInfo"): the landblock's static objects (a setup or gfx id and a
// frame), its buildings with their portals (skipped: stab lists padded to
// 4), and by PackMask bit 0 a restriction table (read and kept).

package dat

import "fmt"

// LandBlockInfo is a landblock's statics and buildings.
type LandBlockInfo struct {
	ID       uint32
	NumCells uint32
	Objects  []Stab
	PackMask uint16
	// Buildings with their frames; their portals are read and not kept.
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

// Building is a building's model, frame and portal count.
type Building struct {
	ModelID   uint32
	Frame     Frame
	NumLeaves uint32
	Portals   int
}

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
		bd.Portals = c.count("portals count", 8)
		for p := 0; p < bd.Portals && c.err == nil; p++ {
			c.skip("flags, other cell, other portal", 6)
			ns := int(c.u16("stabs count"))
			c.skip("stab list", 2*ns)
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
