// Drawing the terrain each frame: project the grid once, drop triangles
// behind the camera, facing away or off screen, sort the rest farthest
// first, clip the ones crossing the near plane, then draw the cell and
// landblock lines over them.

package render

import (
	"math"
	"slices"
)

// Grid line styling.
var (
	cellLineColor      = rgba{0, 0, 0, 0.22}
	landblockLineColor = rgba{0.53, 0.56, 0.6, 0.62}
)

const (
	cellLineWidth      = 1.0
	landblockLineWidth = 2.0
	// minLinePixels is the closest, in pixels, grid lines may be drawn; a
	// finer grid is left out rather than turning into a solid wash.
	minLinePixels = 6.0
)

// terrainScratch is the per-frame projection of a terrain.
type terrainScratch struct {
	clip  []clipPt
	scr   []scr
	depth []float64
	keys  []triKey
	tri   [3]scr
	poly  []clipPt
	out   []clipPt
	sp    []scr
}

// triKey places one terrain triangle in the sort.
type triKey struct {
	depth float64
	tri   int32
}

func compareTriKeys(a, b triKey) int {
	switch {
	case a.depth > b.depth:
		return -1
	case a.depth < b.depth:
		return 1
	}
	return int(a.tri - b.tri)
}

func (b *Builder) drawTerrain(t *Terrain) {
	ts := &b.terr
	ts.clip, ts.scr, ts.depth = ts.clip[:0], ts.scr[:0], ts.depth[:0]
	for _, p := range t.pts {
		c := b.pr.clip(p)
		var s scr
		if c.inFront() {
			s = b.pr.screen(c)
		}
		ts.clip = append(ts.clip, c)
		ts.scr = append(ts.scr, s)
		ts.depth = append(ts.depth, b.view.Depth(p))
	}
	ts.keys = ts.keys[:0]
	for k, tr := range t.tris {
		ia, ib, ic := ts.clip[tr.a].inFront(), ts.clip[tr.b].inFront(), ts.clip[tr.c].inFront()
		if !ia && !ib && !ic {
			continue
		}
		if ia && ib && ic {
			ts.tri = [3]scr{ts.scr[tr.a], ts.scr[tr.b], ts.scr[tr.c]}
			if !frontFacing(ts.tri[:]) || b.pr.offscreen(ts.tri[:]) {
				continue
			}
		}
		d := (ts.depth[tr.a] + ts.depth[tr.b] + ts.depth[tr.c]) / 3
		ts.keys = append(ts.keys, triKey{depth: d, tri: int32(k)})
	}
	slices.SortFunc(ts.keys, compareTriKeys)
	m := &b.passes[PassTerrain]
	for _, k := range ts.keys {
		tr := t.tris[k.tri]
		ca, cb, cc := ts.clip[tr.a], ts.clip[tr.b], ts.clip[tr.c]
		if ca.inFront() && cb.inFront() && cc.inFront() {
			v := m.vert(ts.scr[tr.a].x, ts.scr[tr.a].y, tr.col)
			m.vert(ts.scr[tr.b].x, ts.scr[tr.b].y, tr.col)
			m.vert(ts.scr[tr.c].x, ts.scr[tr.c].y, tr.col)
			m.tri(v, v+1, v+2)
			continue
		}
		ts.poly = append(ts.poly[:0], ca, cb, cc)
		ts.out = clipPolygon(ts.poly, ts.out)
		ts.sp = ts.sp[:0]
		for _, c := range ts.out {
			ts.sp = append(ts.sp, b.pr.screen(c))
		}
		if len(ts.sp) < 3 || !frontFacing(ts.sp) {
			continue
		}
		base := uint32(len(m.v))
		for _, p := range ts.sp {
			m.vert(p.x, p.y, tr.col)
		}
		for i := uint32(1); i+1 < uint32(len(ts.sp)); i++ {
			m.tri(base, base+i, base+i+1)
		}
	}
	b.drawGridLines(t)
	b.drawDiagonals(t)
}

// Split diagonals: drawn when a cell is at least diagonalPixels wide, so
// a zoomed-in view shows which way each cell is split (retail's per-cell
// rule on dat terrain).
const diagonalPixels = 48.0

var diagonalColor = rgba{0, 0, 0, 0.16}

// drawDiagonals draws each cell's split diagonal when zoomed in, on a
// terrain split per cell (TerrainSpec.SplitNE: dat terrain); the shipped
// terrains, all split one way, are drawn as before.
func (b *Builder) drawDiagonals(t *Terrain) {
	if t.seNW == nil || CellLength/b.view.MetresPerPixel(b.view.Target) < diagonalPixels {
		return
	}
	m := &b.passes[PassTerrain]
	for j := range t.ny {
		for i := range t.nx {
			a, c := t.index(i, j), t.index(i+1, j+1)
			if t.seNW != nil && t.seNW[j*t.nx+i] {
				a, c = t.index(i+1, j), t.index(i, j+1)
			}
			cp := append(b.clipA[:0], b.terr.clip[a], b.terr.clip[c])
			b.clipA = cp
			b.emitClipped(m, cp, false, false, cellLineWidth, diagonalColor)
		}
	}
}

// drawGridLines draws the cell lines, then the landblock lines over them,
// each along the mesh's own edges so they lie exactly on the surface.
func (b *Builder) drawGridLines(t *Terrain) {
	cellPx := CellLength / b.view.MetresPerPixel(b.view.Target)
	m := &b.passes[PassTerrain]
	for _, landblock := range [2]bool{false, true} {
		if !landblock && cellPx < minLinePixels || landblock && cellPx*8 < minLinePixels {
			continue
		}
		width, col := float32(cellLineWidth), cellLineColor
		if landblock {
			width, col = landblockLineWidth, landblockLineColor
		}
		for i := 0; i <= t.nx; i++ { // north–south lines
			if isLandblockLine(t.x0+float64(i)*CellLength) != landblock {
				continue
			}
			cp := b.clipA[:0]
			for j := 0; j <= t.ny; j++ {
				cp = append(cp, b.terr.clip[t.index(i, j)])
			}
			b.clipA = cp
			b.emitClipped(m, cp, false, false, width, col)
		}
		for j := 0; j <= t.ny; j++ { // east–west lines
			if isLandblockLine(t.y0+float64(j)*CellLength) != landblock {
				continue
			}
			cp := b.clipA[:0]
			for i := 0; i <= t.nx; i++ {
				cp = append(cp, b.terr.clip[t.index(i, j)])
			}
			b.clipA = cp
			b.emitClipped(m, cp, false, false, width, col)
		}
	}
}

// isLandblockLine reports whether a grid coordinate is a landblock edge.
func isLandblockLine(v float64) bool {
	return math.Mod(v, LandblockLength) == 0
}
