// Position: a cell id plus a frame relative to the cell's landblock, with the
// landblock arithmetic retail does in Position::get_offset / Position::distance
// (seed 004 §7) and LandDefs (0xXXYYCCCC, 192 m landblocks of 8×8 outdoor cells
// of 24 m numbered from 1).

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Landblock geometry (LandDefs).
const (
	// LandblockLength is LandDefs::block_length: one landblock is 192 m square.
	LandblockLength = 192
	// CellLength is LandDefs::square_length: an outdoor cell is 24 m square.
	CellLength = 24
	// CellsPerSide is LandDefs::side_cell_count: 8×8 outdoor cells per landblock.
	CellsPerSide = 8
	// FirstIndoorCell is the lowest indoor (EnvCell) cell index; outdoor
	// cells are 1–64 (seed 001, GetAutonomyBlipDistance's isIndoor test).
	FirstIndoorCell = 0x100
)

// Position is the retail Position: objcell_id + Frame. The origin is relative
// to the south-west corner of the cell's landblock.
type Position struct {
	Cell  uint32
	Frame Frame
}

// NewPosition returns a position in cell at origin facing heading degrees.
func NewPosition(cell uint32, origin mgl32.Vec3, heading float32) Position {
	return Position{Cell: cell, Frame: NewFrame(origin, HeadingQuat(heading))}
}

// LandblockX is the XX of 0xXXYYCCCC.
func (p *Position) LandblockX() uint32 { return p.Cell >> 24 }

// LandblockY is the YY of 0xXXYYCCCC.
func (p *Position) LandblockY() uint32 { return (p.Cell >> 16) & 0xFF }

// IsIndoor reports whether the cell is an indoor cell: cell & 0xFFFF >= 0x100
// (seed 001, "2-byte cell IDs are dungeon/inside").
func (p *Position) IsIndoor() bool { return IsIndoorCell(p.Cell) }

// IsIndoorCell is IsIndoor for a bare cell id.
func IsIndoorCell(cell uint32) bool { return cell&0xFFFF >= FirstIndoorCell }

// Global returns the global coordinates (XX*192 + x, YY*192 + y, z) in
// float64, so a far landblock does not cost float32 precision.
func (p *Position) Global() [3]float64 {
	return [3]float64{
		float64(p.LandblockX())*LandblockLength + float64(p.Frame.Origin[0]),
		float64(p.LandblockY())*LandblockLength + float64(p.Frame.Origin[1]),
		float64(p.Frame.Origin[2]),
	}
}

// Offset is Position::get_offset (seed 004 §7): the global-space vector from p
// to q, cell-aware. The landblock difference is taken in whole metres first,
// so two positions in the same landblock lose no precision.
func (p *Position) Offset(q *Position) mgl32.Vec3 {
	dx := (float32(int32(q.LandblockX())-int32(p.LandblockX())))*LandblockLength + (q.Frame.Origin[0] - p.Frame.Origin[0])
	dy := (float32(int32(q.LandblockY())-int32(p.LandblockY())))*LandblockLength + (q.Frame.Origin[1] - p.Frame.Origin[1])
	dz := q.Frame.Origin[2] - p.Frame.Origin[2]
	return mgl32.Vec3{dx, dy, dz}
}

// offsetMulInto is *dst = p.Offset(q).Mul(s), written into place (a
// Vec3 returned through memory and copied whole stalls the store buffer).
func (p *Position) offsetMulInto(dst *mgl32.Vec3, q *Position, s float32) {
	dx := (float32(int32(q.LandblockX())-int32(p.LandblockX())))*LandblockLength + (q.Frame.Origin[0] - p.Frame.Origin[0])
	dy := (float32(int32(q.LandblockY())-int32(p.LandblockY())))*LandblockLength + (q.Frame.Origin[1] - p.Frame.Origin[1])
	dz := q.Frame.Origin[2] - p.Frame.Origin[2]
	dst[0], dst[1], dst[2] = dx*s, dy*s, dz*s
}

// Distance is Position::distance (0x005A94B0, seed 004 §7): the length of the
// cell-aware offset between the two positions.
func (p *Position) Distance(q *Position) float32 {
	o := p.Offset(q)
	return float32(math.Sqrt(float64(o[0])*float64(o[0]) + float64(o[1])*float64(o[1]) + float64(o[2])*float64(o[2])))
}

// OutdoorCellIndex returns the outdoor cell index (1–64) holding the
// landblock-local point (x, y): column-major, index = cx*8 + cy + 1
// (LandDefs::get_outside_lcoord). Points outside [0, 192) are clamped to the
// border cell.
func OutdoorCellIndex(x, y float32) uint32 {
	return uint32(cellCoord(x)*CellsPerSide + cellCoord(y) + 1)
}

// cellCoord is the outdoor cell column (or row) holding landblock-local
// coordinate v, clamped to [0, 7]; NaN gives 0.
func cellCoord(v float32) int {
	switch {
	case !(v >= 0):
		return 0
	case v >= LandblockLength:
		return CellsPerSide - 1
	}
	return clampCell(int(v / CellLength)) // truncation is floor for v >= 0
}

func clampCell(c int) int {
	if c < 0 {
		return 0
	}
	if c >= CellsPerSide {
		return CellsPerSide - 1
	}
	return c
}

// Normalize moves an outdoor position whose origin has left [0, 192) into the
// landblock that now holds it, re-expressing the origin relative to the new
// landblock, and recomputes the outdoor cell index. Indoor positions are left
// alone (an indoor cell's origin is still landblock-relative, but its cell id
// is not derived from it). It reports false, changing nothing, when the
// position would leave the 256×256 landblock map or the origin is not finite.
func (p *Position) Normalize() bool {
	if p.IsIndoor() {
		return true
	}
	o := p.Frame.Origin
	if o[0] >= 0 && o[0] < LandblockLength && o[1] >= 0 && o[1] < LandblockLength {
		// OutdoorCellIndex inline: inside the landblock cellCoord's range
		// tests pass and v/24 is not negative, which leaves only the clamp
		// to 7 (v/24 can round up to 8 just below 192).
		cx := min(int(o[0]/CellLength), CellsPerSide-1)
		cy := min(int(o[1]/CellLength), CellsPerSide-1)
		p.Cell = p.Cell&0xFFFF0000 | uint32(cx*CellsPerSide+cy+1)
		return true
	}
	if !finite32(o[0]) || !finite32(o[1]) {
		return false
	}
	lx := int64(p.LandblockX()) + int64(math.Floor(float64(o[0])/LandblockLength))
	ly := int64(p.LandblockY()) + int64(math.Floor(float64(o[1])/LandblockLength))
	if lx < 0 || lx > 0xFF || ly < 0 || ly > 0xFF {
		return false
	}
	nx := o[0] - float32((lx-int64(p.LandblockX()))*LandblockLength)
	ny := o[1] - float32((ly-int64(p.LandblockY()))*LandblockLength)
	// Float rounding can leave a coordinate exactly on the far border.
	if nx >= LandblockLength {
		nx = math.Nextafter32(LandblockLength, 0)
	}
	if ny >= LandblockLength {
		ny = math.Nextafter32(LandblockLength, 0)
	}
	p.Frame.Origin[0], p.Frame.Origin[1] = nx, ny
	p.Cell = uint32(lx)<<24 | uint32(ly)<<16 | OutdoorCellIndex(nx, ny)
	return true
}

// Add returns p moved by the global-space vector d, normalized into the
// landblock that holds the result (outdoor positions only change landblock).
func (p Position) Add(d mgl32.Vec3) Position {
	p.Frame.Origin = p.Frame.Origin.Add(d)
	p.Normalize()
	return p
}
