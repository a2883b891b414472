package render

import (
	"math"
	"testing"
)

// A terrain with a per-cell split (retail's rule on dat terrain) is built
// and sampled on the triangles that rule makes: a cell split south-east–
// north-west has a ridge where the south-west–north-east split would have
// a valley, and HeightAt follows the drawn triangles.
func TestNewTerrain_PerCellSplit(t *testing.T) {
	x0, y0 := lbA9B4[0], lbA9B4[1]
	// One raised vertex at each cell's south-east corner.
	height := func(x, y float64) float64 {
		i, j := int(math.Round((x-x0)/CellLength)), int(math.Round((y-y0)/CellLength))
		if (i+j)%2 == 1 {
			return 10
		}
		return 0
	}
	spec := TerrainSpec{MinX: x0, MinY: y0, MaxX: x0 + 48, MaxY: y0 + 24, Height: height}
	fixed, err := NewTerrain(spec)
	if err != nil {
		t.Fatal(err)
	}
	gx0 := int(x0 / CellLength)
	spec.SplitNE = func(gx, gy int) bool { return gx != gx0 } // the first cell SE–NW
	split, err := NewTerrain(spec)
	if err != nil {
		t.Fatal(err)
	}
	// Cell 0: sw=0, se=10, nw=10, ne=0. At (0.6, 0.6)·24 the SW–NE split's
	// south-east triangle gives sw + (se−sw)u + (ne−se)v = 6 − 6 = 0.
	x, y := x0+0.6*CellLength, y0+0.6*CellLength
	if got := fixed.HeightAt(x, y); math.Abs(got) > 1e-9 {
		t.Errorf("fixed split at (0.6, 0.6): %v, want 0", got)
	}
	// SE–NW split: north-east triangle ne + (nw−ne)(1−u) + (se−ne)(1−v) = 0 + 10·0.4 + 10·0.4 = 8.
	if got := split.HeightAt(x, y); math.Abs(got-8) > 1e-9 {
		t.Errorf("SE–NW split at (0.6, 0.6): %v, want 8", got)
	}
	// South-west triangle at (0.2, 0.3): 10·0.2 + 10·0.3 = 5.
	if got := split.HeightAt(x0+0.2*CellLength, y0+0.3*CellLength); math.Abs(got-5) > 1e-9 {
		t.Errorf("SE–NW split at (0.2, 0.3): %v, want 5", got)
	}
	// The second cell keeps the SW–NE split, as in the fixed mesh.
	if a, b := split.HeightAt(x0+30, y0+7), fixed.HeightAt(x0+30, y0+7); a != b {
		t.Errorf("second cell: %v, fixed %v", a, b)
	}
	// The triangles drawn differ in the first cell only.
	if split.tris[0] == fixed.tris[0] || split.tris[2] != fixed.tris[2] {
		t.Errorf("triangles: split %+v %+v, fixed %+v %+v", split.tris[0], split.tris[2], fixed.tris[0], fixed.tris[2])
	}
}
