// Terrain: a height function sampled on the outdoor cell grid (24 m, two
// triangles per cell) over a rectangle of global metres, flat-shaded by
// height and slope, with indoor cells tinted and obstacles standing on it
// (DESIGN.md "Coordinates": 192 m landblocks of 8×8 cells of 24 m). The mesh
// is built once; drawing it each frame is in terrain_draw.go.

package render

import (
	"errors"
	"fmt"
	"math"

	"glidepath/ui/draw"
)

// The grid sizes repeat physics' LandDefs constants: render draws geometry
// and stays independent of the simulation packages.
const (
	// CellLength is LandDefs::square_length: an outdoor cell is 24 m square.
	CellLength = 24.0
	// LandblockLength is LandDefs::block_length: 192 m.
	LandblockLength = 192.0
	// MaxTerrainCells bounds the grid per side: 64 landblocks.
	MaxTerrainCells = 512
)

// Terrain colours: low and high ground, the indoor tint and its strength.
var (
	lowGround   = rgba{0x4b / 255.0, 0x62 / 255.0, 0x45 / 255.0, 1}
	highGround  = rgba{0xa4 / 255.0, 0x9b / 255.0, 0x7c / 255.0, 1}
	indoorTint  = rgba{0x70 / 255.0, 0x52 / 255.0, 0x98 / 255.0, 1}
	indoorBlend = float32(0.45)
)

// TerrainSpec describes terrain to draw.
type TerrainSpec struct {
	// MinX, MinY, MaxX, MaxY bound the terrain in global metres; they are
	// widened to whole cells.
	MinX, MinY, MaxX, MaxY float64
	// Height is the ground height at a global point. Nil is flat at 0.
	Height func(x, y float64) float64
	// Indoor reports whether the cell containing a global point is indoors;
	// it is asked at each cell's centre. Nil means all outdoors.
	Indoor func(x, y float64) bool
	// SplitNE reports whether the cell at global cell index (gx, gy) —
	// global metres / 24 — is split along its south-west–north-east
	// diagonal (retail's per-cell rule for terrain read from the dat
	// files). Nil splits every cell that way.
	SplitNE func(gx, gy int) bool
	// Obstacles standing on the terrain.
	Cylinders []Cylinder
	Boxes     []Box
}

// Cylinder is a vertical cylinder obstacle.
type Cylinder struct {
	// Base is the centre of the bottom face, global metres.
	Base           draw.Vec3
	Radius, Height float64
}

// Box is an axis-aligned box obstacle, global metres.
type Box struct {
	Min, Max draw.Vec3
}

// Terrain is a built terrain mesh. It is immutable once built and may be
// shared between builders.
type Terrain struct {
	x0, y0     float64 // south-west corner
	nx, ny     int     // cells per side
	pts        []draw.Vec3
	tris       []terrainTri
	minZ, maxZ float64
	flat       bool
	// seNW[j*nx+i] says cell (i, j) is split along its south-east–
	// north-west diagonal; nil when every cell is split SW–NE.
	seNW      []bool
	cylinders []Cylinder
	boxes     []Box
}

// terrainTri is one triangle of the grid: three indices into pts, counter-
// clockwise from above, and its shaded colour.
type terrainTri struct {
	a, b, c int32
	col     rgba
}

// NewTerrain samples the height function and builds the shaded mesh. It
// returns an error for bounds that are not finite, empty or too large, for
// heights that are not finite, and for malformed obstacles.
func NewTerrain(s TerrainSpec) (*Terrain, error) {
	for _, v := range []float64{s.MinX, s.MinY, s.MaxX, s.MaxY} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New("terrain: bounds must be finite")
		}
	}
	if !(s.MaxX > s.MinX) || !(s.MaxY > s.MinY) {
		return nil, fmt.Errorf("terrain: empty bounds [%g, %g]×[%g, %g]", s.MinX, s.MaxX, s.MinY, s.MaxY)
	}
	t := &Terrain{
		x0: math.Floor(s.MinX/CellLength) * CellLength,
		y0: math.Floor(s.MinY/CellLength) * CellLength,
	}
	t.nx = int(math.Ceil(s.MaxX/CellLength)) - int(t.x0/CellLength)
	t.ny = int(math.Ceil(s.MaxY/CellLength)) - int(t.y0/CellLength)
	if t.nx > MaxTerrainCells || t.ny > MaxTerrainCells {
		return nil, fmt.Errorf("terrain: %d×%d cells exceeds the limit of %d per side", t.nx, t.ny, MaxTerrainCells)
	}
	height := s.Height
	if height == nil {
		height = func(float64, float64) float64 { return 0 }
	}
	t.minZ, t.maxZ = math.Inf(1), math.Inf(-1)
	for j := 0; j <= t.ny; j++ {
		for i := 0; i <= t.nx; i++ {
			x, y := t.x0+float64(i)*CellLength, t.y0+float64(j)*CellLength
			z := height(x, y)
			if math.IsNaN(z) || math.IsInf(z, 0) {
				return nil, fmt.Errorf("terrain: height at (%g, %g) is %g", x, y, z)
			}
			t.pts = append(t.pts, draw.Vec3{x, y, z})
			t.minZ, t.maxZ = math.Min(t.minZ, z), math.Max(t.maxZ, z)
		}
	}
	t.flat = t.minZ == t.maxZ
	if s.SplitNE != nil {
		t.seNW = make([]bool, t.nx*t.ny)
	}
	gx0, gy0 := int(math.Round(t.x0/CellLength)), int(math.Round(t.y0/CellLength))
	for j := range t.ny {
		for i := range t.nx {
			indoor := s.Indoor != nil && s.Indoor(t.x0+(float64(i)+0.5)*CellLength, t.y0+(float64(j)+0.5)*CellLength)
			sw, se := t.index(i, j), t.index(i+1, j)
			nw, ne := t.index(i, j+1), t.index(i+1, j+1)
			if s.SplitNE != nil && !s.SplitNE(gx0+i, gy0+j) {
				// Split along the south-east → north-west diagonal.
				t.seNW[j*t.nx+i] = true
				t.tris = append(t.tris, t.shadeTri(sw, se, nw, indoor), t.shadeTri(se, ne, nw, indoor))
				continue
			}
			// Split along the south-west → north-east diagonal.
			t.tris = append(t.tris, t.shadeTri(sw, se, ne, indoor), t.shadeTri(sw, ne, nw, indoor))
		}
	}
	for k, c := range s.Cylinders {
		if !finite3(c.Base) || !(c.Radius > 0) || !(c.Height > 0) || math.IsInf(c.Radius+c.Height, 0) {
			return nil, fmt.Errorf("terrain: cylinder %d: need a finite base and positive radius and height, got %+v", k, c)
		}
	}
	for k, bx := range s.Boxes {
		if !finite3(bx.Min) || !finite3(bx.Max) || !(bx.Max[0] > bx.Min[0] && bx.Max[1] > bx.Min[1] && bx.Max[2] > bx.Min[2]) {
			return nil, fmt.Errorf("terrain: box %d: need finite corners with Max above Min on every axis, got %+v", k, bx)
		}
	}
	t.cylinders = append([]Cylinder(nil), s.Cylinders...)
	t.boxes = append([]Box(nil), s.Boxes...)
	return t, nil
}

func (t *Terrain) index(i, j int) int32 { return int32(j*(t.nx+1) + i) }

// shadeTri colours a triangle by its mean height and its slope to the light.
func (t *Terrain) shadeTri(a, b, c int32, indoor bool) terrainTri {
	pa, pb, pc := t.pts[a], t.pts[b], t.pts[c]
	n := pb.Sub(pa).Cross(pc.Sub(pa)).Normalize()
	h := float32(0.35)
	if !t.flat {
		h = float32(((pa[2]+pb[2]+pc[2])/3 - t.minZ) / (t.maxZ - t.minZ))
	}
	col := lowGround.mix(highGround, h)
	// Flat ground keeps its colour; slopes facing the light brighten and
	// slopes facing away darken.
	light := float32(math.Max(0, n.Dot(lightDir)) / lightDir[2])
	col = col.shade(0.35 + 0.65*light)
	if indoor {
		col = col.mix(indoorTint, indoorBlend)
	}
	return terrainTri{a: a, b: b, c: c, col: col}
}

// Bounds returns the terrain's box: its grid rectangle and height range.
func (t *Terrain) Bounds() (lo, hi draw.Vec3) {
	return draw.Vec3{t.x0, t.y0, t.minZ},
		draw.Vec3{t.x0 + float64(t.nx)*CellLength, t.y0 + float64(t.ny)*CellLength, t.maxZ}
}

// HeightAt is the height of the drawn mesh at a global point: linear on the
// cell's triangle, clamped to the terrain's edge outside it.
func (t *Terrain) HeightAt(x, y float64) float64 {
	if t.flat {
		return t.minZ
	}
	fx := math.Min(math.Max((x-t.x0)/CellLength, 0), float64(t.nx))
	fy := math.Min(math.Max((y-t.y0)/CellLength, 0), float64(t.ny))
	i, j := min(int(fx), t.nx-1), min(int(fy), t.ny-1)
	u, v := fx-float64(i), fy-float64(j)
	sw, se := t.pts[t.index(i, j)][2], t.pts[t.index(i+1, j)][2]
	nw, ne := t.pts[t.index(i, j+1)][2], t.pts[t.index(i+1, j+1)][2]
	if t.seNW != nil && t.seNW[j*t.nx+i] {
		if u+v <= 1 { // south-west triangle: sw, se, nw
			return sw + (se-sw)*u + (nw-sw)*v
		}
		return ne + (nw-ne)*(1-u) + (se-ne)*(1-v) // north-east triangle
	}
	if u >= v { // south-east triangle: sw, se, ne
		return sw + (se-sw)*u + (ne-se)*v
	}
	return sw + (nw-sw)*v + (ne-nw)*u // north-west triangle: sw, ne, nw
}
