// Terrain: the ground the transition walks on — flat, or a heightfield per
// landblock laid out as retail's LandBlock (9×9 vertex heights at 24 m
// spacing, two triangles per 24 m cell). The JSON form is in
// terrain_json.go.

package physics

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

// VerticesPerSide is LandDefs::vertex_per_cell-wide grid of a landblock:
// 9×9 height samples, one per 24 m, edges included.
const VerticesPerSide = CellsPerSide + 1

// Heightfield is one landblock's vertex heights in metres, indexed
// [x*VerticesPerSide + y] with x east and y north (retail's LandBlock
// height array is column-major the same way).
type Heightfield [VerticesPerSide * VerticesPerSide]float32

// At returns the height of vertex (x, y), each in [0, 8].
func (h *Heightfield) At(x, y int) float32 { return h[x*VerticesPerSide+y] }

// Terrain is the ground: a base height everywhere, replaced by a heightfield
// in the landblocks that have one.
type Terrain struct {
	// Name is the terrain's name (the asset file's base name).
	Name string
	// Source says where the numbers come from.
	Source string
	// BaseZ is the height of every landblock without a heightfield.
	BaseZ float32
	// Obstacles are the static shapes the terrain asset places (walls,
	// wells); engine copies them into the World with any others.
	Obstacles []Obstacle
	// blocks are the heightfields sorted by landblock id: a terrain has a
	// handful, and a short scan is cheaper than hashing on every sample.
	blocks []landblockHeights
}

type landblockHeights struct {
	id uint16
	h  Heightfield
}

// FlatTerrain returns flat ground at height z (the recording format's
// {"kind":"flat","z":Z}).
func FlatTerrain(z float32) *Terrain { return &Terrain{Name: "flat", BaseZ: z} }

// SetLandblock gives landblock XXYY (cell >> 16) a copy of the heightfield h,
// replacing any it had.
func (t *Terrain) SetLandblock(landblock uint16, h *Heightfield) {
	i := t.search(landblock)
	if i < len(t.blocks) && t.blocks[i].id == landblock {
		t.blocks[i].h = *h
		return
	}
	t.blocks = slices.Insert(t.blocks, i, landblockHeights{id: landblock, h: *h})
}

// Landblock returns landblock XXYY's heightfield, or nil when it is flat.
func (t *Terrain) Landblock(landblock uint16) *Heightfield {
	if t == nil {
		return nil
	}
	if i := t.search(landblock); i < len(t.blocks) && t.blocks[i].id == landblock {
		return &t.blocks[i].h
	}
	return nil
}

// search is the index of the first block whose id is >= landblock.
func (t *Terrain) search(landblock uint16) int {
	lo, hi := 0, len(t.blocks)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if t.blocks[mid].id < landblock {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// Landblocks lists the landblocks with a heightfield, sorted.
func (t *Terrain) Landblocks() []uint16 {
	if t == nil {
		return nil
	}
	out := make([]uint16, len(t.blocks))
	for i := range t.blocks {
		out[i] = t.blocks[i].id
	}
	return out
}

// Height returns the ground height and unit normal at landblock-local
// (x, y) of cell's landblock (see World.Ground).
func (t *Terrain) Height(cell uint32, x, y float32) (float32, mgl32.Vec3) {
	return t.sample(int32(cell>>24), int32(cell>>16&0xFF), x, y)
}

var up = mgl32.Vec3{0, 0, 1}

// sample is the height and normal at (x, y) relative to landblock (lbx,
// lby), moving into the neighbouring landblock when the point lies past an
// edge. Each 24 m cell is split along its south-west–north-east diagonal.
// (Retail picks the diagonal per cell from a hash of the cell's position,
// LandblockStruct::ConstructPolygons; docs/collision.md.)
func (t *Terrain) sample(lbx, lby int32, x, y float32) (float32, mgl32.Vec3) {
	if t == nil {
		return 0, up
	}
	if len(t.blocks) == 0 || !finite32(x) || !finite32(y) {
		return t.BaseZ, up
	}
	if x < 0 || x >= LandblockLength {
		k := int32(math.Floor(float64(x) / LandblockLength))
		lbx += k
		x -= float32(k) * LandblockLength
	}
	if y < 0 || y >= LandblockLength {
		k := int32(math.Floor(float64(y) / LandblockLength))
		lby += k
		y -= float32(k) * LandblockLength
	}
	if lbx < 0 || lbx > 0xFF || lby < 0 || lby > 0xFF {
		return t.BaseZ, up
	}
	h := t.Landblock(uint16(lbx<<8 | lby))
	if h == nil {
		return t.BaseZ, up
	}
	cx := clampCell(int(x / CellLength))
	cy := clampCell(int(y / CellLength))
	u := x/CellLength - float32(cx)
	v := y/CellLength - float32(cy)
	h00, h10 := h.At(cx, cy), h.At(cx+1, cy)
	h01, h11 := h.At(cx, cy+1), h.At(cx+1, cy+1)
	// On a triangle z = h00 + a·u + b·v the upward normal is ∝ (−a, −b, 24).
	var a, b float32
	if u >= v { // south-east triangle: SW, SE, NE
		a, b = h10-h00, h11-h10
	} else { // north-west triangle: SW, NE, NW
		a, b = h11-h01, h01-h00
	}
	z := h00 + float32(a*u) + float32(b*v)
	return z, mgl32.Vec3{-a, -b, CellLength}.Normalize()
}
