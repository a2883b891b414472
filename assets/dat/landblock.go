// LandBlock 0xXXYYFFFF in the cell dat (ACE FileTypes/CellLandblock.cs):
// id, has-objects, 81 terrain words, 81 height bytes, padding to 4 — 252
// bytes. Vertices are x-major: index x*9 + y, x east, y north.

package dat

import "fmt"

// LandBlock sizes.
const (
	// LandBlockSide is the vertices per landblock side.
	LandBlockSide = 9
	// landBlockSize is the entry's bytes: 4 + 4 + 81*2 + 81 + 1 padding.
	landBlockSize = 252
)

// LandBlock is one landblock's terrain.
type LandBlock struct {
	ID         uint32
	HasObjects bool
	// Terrain words: road bits 0–1, type bits 2–6, scenery bits 11–15.
	Terrain [81]uint16
	// Height bytes, indices into the Region's LandHeightTable.
	Height [81]uint8
}

// IsLandBlockID reports whether id names a LandBlock (low word 0xFFFF).
func IsLandBlockID(id uint32) bool { return id&0xFFFF == 0xFFFF }

// IsLandBlockInfoID reports whether id names a LandBlockInfo (low word
// 0xFFFE).
func IsLandBlockInfoID(id uint32) bool { return id&0xFFFF == 0xFFFE }

// ParseLandBlock decodes LandBlock entry id.
func ParseLandBlock(b []byte, id uint32) (*LandBlock, error) {
	if len(b) < landBlockSize {
		field := "padding"
		switch {
		case len(b) < 4:
			field = "id"
		case len(b) < 8:
			field = "has_objects"
		case len(b) < 8+81*2:
			field = "terrain"
		case len(b) < 8+81*2+81:
			field = "heights"
		}
		return nil, &fieldError{field: field, offset: -1, err: fmt.Errorf("entry is %d bytes, want %d", len(b), landBlockSize)}
	}
	c := &cursor{b: b}
	lb := &LandBlock{ID: id}
	c.id(id)
	lb.HasObjects = c.u32("has_objects") == 1 // ACE: hasObjects == 1
	for i := range lb.Terrain {
		lb.Terrain[i] = c.u16("terrain")
	}
	for i := range lb.Height {
		lb.Height[i] = c.u8("heights")
	}
	return lb, c.err
}
