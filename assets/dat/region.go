// Region 0x13000000 (ACE FileTypes/RegionDesc.cs, Entity/LandDefs.cs;
// DatReaderWriter dats.xml "Region", "LandDefs"): read up to and including
// LandDefs, which hold the terrain's geometry and the height table. The
// sections after it (GameTime, sky, sound, scene, terrain textures, misc)
// are long in real files and not needed here: they are not read.

package dat

import "fmt"

// RegionID is the one Region the portal dat holds.
const RegionID = 0x13000000

// maxRegionName bounds the region's name ("Dereth").
const maxRegionName = 1 << 10

// Region is the part of Region 0x13000000 the world needs.
type Region struct {
	ID, Number, Version uint32
	Name                string
	LandDefs
}

// LandDefs are the landscape's dimensions and its height table.
type LandDefs struct {
	// NumBlockLength and NumBlockWidth: landblocks per side (255).
	NumBlockLength, NumBlockWidth int32
	// SquareLength is a cell's side in metres (24).
	SquareLength float32
	// LBlockLength: cells per landblock side (8).
	LBlockLength int32
	// VertexPerCell: terrain vertices per cell side (1).
	VertexPerCell int32
	MaxObjHeight  float32
	SkyHeight     float32
	RoadWidth     float32
	// LandHeightTable maps a LandBlock's height byte to metres.
	LandHeightTable [256]float32
}

// ParseRegion decodes a Region entry whose id is id (LandDefs and what
// precedes them; the later sections are not read).
func ParseRegion(b []byte, id uint32) (*Region, error) {
	c := &cursor{b: b}
	r := &Region{}
	c.id(id)
	r.ID = id
	r.Number = c.u32("region number")
	r.Version = c.u32("version")
	n := int(c.u16("name length"))
	if n == 0xFFFF { // DatReaderWriter AC1LegacyPStringBase: a u32 length follows
		n = int(c.u32("name length"))
	}
	c.overLimit("name length", 0, n, maxRegionName)
	if c.need("name", n) {
		r.Name = string(c.b[c.off : c.off+n])
		c.off += n
	}
	c.align("name padding")
	d := &r.LandDefs
	d.NumBlockLength = c.i32("num_block_length")
	d.NumBlockWidth = c.i32("num_block_width")
	d.SquareLength = c.f32("square_length")
	d.LBlockLength = c.i32("lblock_length")
	d.VertexPerCell = c.i32("vertex_per_cell")
	d.MaxObjHeight = c.f32("max_obj_height")
	d.SkyHeight = c.f32("sky_height")
	d.RoadWidth = c.f32("road_width")
	// A field before the table that failed is named as itself, never as
	// the table's first entry (c.f32 reads nothing once c.err is set).
	for i := 0; i < len(d.LandHeightTable) && c.err == nil; i++ {
		d.LandHeightTable[i] = c.f32("land_height_table")
		if c.err != nil {
			c.wrap(fmt.Sprintf("land_height_table[%d]", i))
			break
		}
	}
	if c.err == nil && !(d.SquareLength > 0) {
		c.off -= 256*4 + 6*4
		c.fail("square_length", fmt.Errorf("%v, want more than 0", d.SquareLength))
	}
	return r, c.err
}

// Heights returns a LandBlock's 81 vertex heights in metres, x-major
// (index x*9 + y): each height byte through the height table.
func (r *Region) Heights(lb *LandBlock) [81]float32 {
	var h [81]float32
	for i, b := range lb.Height {
		h[i] = r.LandHeightTable[b]
	}
	return h
}
