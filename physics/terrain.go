// Terrain: the ground the transition walks on — flat, or a heightfield per
// landblock laid out as retail's LandBlock (9×9 vertex heights at 24 m
// spacing, two triangles per 24 m cell). The JSON form is in
// terrain_json.go.

package physics

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

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
	// RetailSplit says each 24 m cell is split along the diagonal retail's
	// pseudo-random rule picks (LandblockStruct::ConstructPolygons; see
	// SplitSWtoNE). It is set on terrain read from the client's dat files;
	// the shipped terrain assets are split along the south-west–north-east
	// diagonal everywhere, as they were drawn.
	RetailSplit bool
	// blocks are the heightfields sorted by landblock id: a terrain has a
	// handful, and a short scan is cheaper than hashing on every sample.
	blocks []landblockHeights
	// lazy holds the landblocks of a loaded terrain (NewLoadedTerrain).
	lazy *lazyBlocks
}

// LandblockLoader reads landblock XXYY's heightfield on first use; it
// reports false when the landblock has none (the terrain's BaseZ answers
// there). It is called at most once per landblock, under a lock, and must be
// a pure function of its argument so runs stay deterministic.
type LandblockLoader func(landblock uint16) (*Heightfield, bool)

// lazyBlocks is one slot per landblock of the 256×256 map: nil until the
// loader has been asked, then the heightfield or the absent marker. A
// lookup is one atomic load (the loaded terrain's cached cost, ≤ 15 ns per
// sample, BenchmarkTerrain_LoadedHeight).
type lazyBlocks struct {
	mu          sync.Mutex
	load        LandblockLoader
	retailSplit bool
	slots       [1 << 16]atomic.Pointer[loadedBlock]
}

// loadedBlock is a loaded landblock with what every sample would otherwise
// recompute: which cells are split south-east–north-west (bit cx·8+cy) and
// each cell's two triangle normals in sampleCell's order (index 0: the
// south-west triangle of a SE–NW split, the south-east one of a SW–NE
// split).
type loadedBlock struct {
	h     Heightfield
	seNW  uint64
	norms [CellsPerSide * CellsPerSide][2]mgl32.Vec3
}

// absentBlock marks a landblock the loader does not have.
var absentBlock = new(loadedBlock)

// NewLoadedTerrain returns a terrain whose landblocks come from load on first
// use and are kept; base is the height where load has none. The terrain is
// safe for concurrent samples.
func NewLoadedTerrain(name, source string, base float32, retailSplit bool, load LandblockLoader) *Terrain {
	return &Terrain{Name: name, Source: source, BaseZ: base, RetailSplit: retailSplit, lazy: &lazyBlocks{load: load, retailSplit: retailSplit}}
}

// get returns landblock id's heightfield, loading it on first use.
func (l *lazyBlocks) get(id uint16) *Heightfield {
	if b := l.block(id); b != nil {
		return &b.h
	}
	return nil
}

// block returns landblock id, loading it on first use; nil when absent.
func (l *lazyBlocks) block(id uint16) *loadedBlock {
	p := l.slots[id].Load()
	if p == nil {
		p = l.fill(id)
	}
	if p == absentBlock {
		return nil
	}
	return p
}

func (l *lazyBlocks) fill(id uint16) *loadedBlock {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.slots[id].Load(); p != nil {
		return p
	}
	p := absentBlock
	if h, ok := l.load(id); ok && h != nil {
		p = &loadedBlock{h: *h}
		lbx, lby := uint32(id>>8), uint32(id&0xFF)
		for cx := 0; cx < CellsPerSide; cx++ {
			for cy := 0; cy < CellsPerSide; cy++ {
				k := cx*CellsPerSide + cy
				se := l.retailSplit && !SplitSWtoNE(lbx*CellsPerSide+uint32(cx), lby*CellsPerSide+uint32(cy))
				if se {
					p.seNW |= 1 << k
				}
				h00, h10 := p.h.At(cx, cy), p.h.At(cx+1, cy)
				h01, h11 := p.h.At(cx, cy+1), p.h.At(cx+1, cy+1)
				// The normals sampleCell would compute, triangle 0 and 1
				// in its order (u+v ≤ 1 or u ≥ v first).
				for tri := 0; tri < 2; tri++ {
					_, n := sampleCell(h00, h10, h01, h11, se, tri == 0)
					p.norms[k][tri] = n
				}
			}
		}
	}
	l.slots[id].Store(p)
	return p
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
// A loaded terrain reads it on first use.
func (t *Terrain) Landblock(landblock uint16) *Heightfield {
	if t == nil {
		return nil
	}
	if t.lazy != nil {
		return t.lazy.get(landblock)
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

// Landblocks lists the landblocks with a heightfield, sorted (for a loaded
// terrain, those loaded so far).
func (t *Terrain) Landblocks() []uint16 {
	if t == nil {
		return nil
	}
	if t.lazy != nil {
		var out []uint16
		for i := range t.lazy.slots {
			if p := t.lazy.slots[i].Load(); p != nil && p != absentBlock {
				out = append(out, uint16(i))
			}
		}
		return out
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
// edge. The height is that of the plane of the cell's triangle holding the
// point: each 24 m cell is split along its south-west–north-east diagonal,
// or, on a RetailSplit terrain, along the diagonal SplitSWtoNE picks.
func (t *Terrain) sample(lbx, lby int32, x, y float32) (float32, mgl32.Vec3) {
	if t == nil {
		return 0, up
	}
	if (len(t.blocks) == 0 && t.lazy == nil) || !finite32(x) || !finite32(y) {
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
	if t.lazy != nil {
		b := t.lazy.block(uint16(lbx<<8 | lby))
		if b == nil {
			return t.BaseZ, up
		}
		return b.sample(x, y)
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
	if t.RetailSplit && !SplitSWtoNE(uint32(lbx)*CellsPerSide+uint32(cx), uint32(lby)*CellsPerSide+uint32(cy)) {
		return seNWCell(h00, h10, h01, h11, u, v)
	}
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

// sample is the height and normal at landblock-local (x, y) in [0, 192):
// sampleCell's height with the normal it would compute, read from the
// table filled when the landblock was loaded.
func (b *loadedBlock) sample(x, y float32) (float32, mgl32.Vec3) {
	cx := clampCell(int(x / CellLength))
	cy := clampCell(int(y / CellLength))
	u := x/CellLength - float32(cx)
	v := y/CellLength - float32(cy)
	h := &b.h
	h00, h10 := h.At(cx, cy), h.At(cx+1, cy)
	h01, h11 := h.At(cx, cy+1), h.At(cx+1, cy+1)
	k := cx*CellsPerSide + cy
	if b.seNW>>k&1 != 0 {
		if u+v <= 1 {
			a, c := h10-h00, h01-h00
			return h00 + float32(a*u) + float32(c*v), b.norms[k][0]
		}
		a, c := h11-h01, h11-h10
		return h11 - float32(a*(1-u)) - float32(c*(1-v)), b.norms[k][1]
	}
	if u >= v {
		a, c := h10-h00, h11-h10
		return h00 + float32(a*u) + float32(c*v), b.norms[k][0]
	}
	a, c := h11-h01, h01-h00
	return h00 + float32(a*u) + float32(c*v), b.norms[k][1]
}

// sampleCell is the height at the cell's corner-relative point (0, 0) and
// the normal of one of its triangles: for a south-east–north-west split
// (seNW) the south-west triangle (first) or the north-east; otherwise the
// south-east (first) or the north-west. Used to fill loadedBlock's normals
// with exactly the arithmetic sample and seNWCell use.
func sampleCell(h00, h10, h01, h11 float32, seNW, first bool) (float32, mgl32.Vec3) {
	var a, b float32
	switch {
	case seNW && first:
		a, b = h10-h00, h01-h00
	case seNW:
		a, b = h11-h01, h11-h10
	case first:
		a, b = h10-h00, h11-h10
	default:
		a, b = h11-h01, h01-h00
	}
	return h00, mgl32.Vec3{-a, -b, CellLength}.Normalize()
}

// seNWCell is the height and normal at (u, v) ∈ [0,1)² of a cell split
// along its south-east–north-west diagonal: triangles (SW, SE, NW) and
// (NE, NW, SE), retail's SWtoNEcut = false (ConstructPolygons).
func seNWCell(h00, h10, h01, h11, u, v float32) (float32, mgl32.Vec3) {
	var a, b, z float32
	if u+v <= 1 { // south-west triangle: SW, SE, NW
		a, b = h10-h00, h01-h00
		z = h00 + float32(a*u) + float32(b*v)
	} else { // north-east triangle: NE, NW, SE
		a, b = h11-h01, h11-h10
		z = h11 - float32(a*(1-u)) - float32(b*(1-v))
	}
	return z, mgl32.Vec3{-a, -b, CellLength}.Normalize()
}

// Retail's split-diagonal constants (LandblockStruct::ConstructPolygons, as
// ACE Source/ACE.Server/Physics/Common/LandblockStruct.cs and
// Source/ACE.Entity/LandblockMesh.cs GetSplitDir read it).
const (
	splitMulX   uint32 = 214614067
	splitMulX2  uint32 = 1109124029
	splitAddA   uint32 = 1813693831
	splitSubC   uint32 = 1369149221
	splitToUnit        = 2.3283064e-10
)

// SplitSWtoNE reports whether the outdoor cell at global cell coordinates
// (gx, gy) — landblock x·8 + cell x, landblock y·8 + cell y — is split along
// its south-west–north-east diagonal, by retail's rule in unsigned 32-bit
// arithmetic:
//
//	d = gy·(gx·214614067 + 1813693831) − gx·1109124029 − 1369149221
//
// and the cut is south-west–north-east when d·2.3283064e-10 ≥ 0.5
// (LandblockStruct::ConstructPolygons with vertex_per_cell 1).
func SplitSWtoNE(gx, gy uint32) bool {
	d := gy*(gx*splitMulX+splitAddA) - gx*splitMulX2 - splitSubC
	return d >= splitThreshold
}

// splitThreshold is the least d with float64(d)·2.3283064e-10 ≥ 0.5, so
// the comparison is one integer compare on the tick path.
var splitThreshold = func() uint32 {
	lo, hi := uint32(0), uint32(math.MaxUint32)
	for lo < hi {
		mid := lo + (hi-lo)/2
		if float64(mid)*splitToUnit >= 0.5 {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}()
