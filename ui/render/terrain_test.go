// Tests of the terrain mesh, its heights and its drawing.

package render

import (
	"math"
	"strings"
	"testing"

	"glidepath/ui/draw"
)

func TestNewTerrain_RejectsBadInput(t *testing.T) {
	x0, y0 := lbA9B4[0], lbA9B4[1]
	ok := TerrainSpec{MinX: x0, MinY: y0, MaxX: x0 + 192, MaxY: y0 + 192}
	tests := []struct {
		name    string
		edit    func(*TerrainSpec)
		wantErr string
	}{
		{"NaN bound", func(s *TerrainSpec) { s.MinX = math.NaN() }, "finite"},
		{"infinite bound", func(s *TerrainSpec) { s.MaxY = math.Inf(1) }, "finite"},
		{"empty", func(s *TerrainSpec) { s.MaxX = s.MinX }, "empty"},
		{"inverted", func(s *TerrainSpec) { s.MaxY = s.MinY - 1 }, "empty"},
		{"too large", func(s *TerrainSpec) { s.MaxX = s.MinX + CellLength*(MaxTerrainCells+1) }, "limit"},
		{"NaN height", func(s *TerrainSpec) { s.Height = func(x, y float64) float64 { return math.NaN() } }, "height"},
		{"flat cylinder", func(s *TerrainSpec) { s.Cylinders = []Cylinder{{Base: lbA9B4, Radius: 1}} }, "cylinder 0"},
		{"inside-out box", func(s *TerrainSpec) { s.Boxes = []Box{{Min: lbA9B4.Add(draw.Vec3{1, 1, 1}), Max: lbA9B4}} }, "box 0"},
	}
	for _, tt := range tests {
		s := ok
		tt.edit(&s)
		_, err := NewTerrain(s)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("%s: error %v, want one mentioning %q", tt.name, err, tt.wantErr)
		}
	}
	if _, err := NewTerrain(ok); err != nil {
		t.Errorf("a valid spec failed: %v", err)
	}
}

func TestNewTerrain_WidensBoundsToWholeCells(t *testing.T) {
	tr, err := NewTerrain(TerrainSpec{MinX: lbA9B4[0] + 10, MinY: lbA9B4[1] + 30, MaxX: lbA9B4[0] + 50, MaxY: lbA9B4[1] + 48})
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := tr.Bounds()
	wantLo, wantHi := lbA9B4.Add(draw.Vec3{0, 24, 0}), lbA9B4.Add(draw.Vec3{72, 48, 0})
	if lo != wantLo || hi != wantHi {
		t.Errorf("bounds %v–%v, want %v–%v", lo, hi, wantLo, wantHi)
	}
	if len(tr.tris) != 3*1*2 {
		t.Errorf("%d triangles, want 3×1 cells × 2", len(tr.tris))
	}
}

func TestHeightAt_FollowsTheMesh(t *testing.T) {
	// A plane is reproduced exactly anywhere; any surface at the vertices.
	plane := func(x, y float64) float64 { return 0.1*(x-lbA9B4[0]) - 0.05*(y-lbA9B4[1]) + 3 }
	for _, tt := range []struct {
		name   string
		height func(x, y float64) float64
		pts    []draw.Vec3
	}{
		{"plane", plane, []draw.Vec3{{5, 7, 0}, {30.5, 100.25, 0}, {191, 1, 0}, {48, 48, 0}}},
		{"hills at vertices", hills, []draw.Vec3{{0, 0, 0}, {24, 48, 0}, {168, 192, 0}}},
	} {
		tr, err := NewTerrain(TerrainSpec{MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 192, MaxY: lbA9B4[1] + 192, Height: tt.height})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range tt.pts {
			x, y := lbA9B4[0]+p[0], lbA9B4[1]+p[1]
			if got, want := tr.HeightAt(x, y), tt.height(x, y); math.Abs(got-want) > 1e-9 {
				t.Errorf("%s: HeightAt(%v) = %v, want %v", tt.name, p, got, want)
			}
		}
	}
}

func TestHeightAt_LinearAcrossEachTriangle(t *testing.T) {
	// A single raised corner: the cell's two triangles interpolate it
	// linearly along the south-west → north-east split.
	tr, err := NewTerrain(TerrainSpec{
		MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 24, MaxY: lbA9B4[1] + 24,
		Height: func(x, y float64) float64 {
			if x > lbA9B4[0] && y > lbA9B4[1] {
				return 12 // the north-east corner
			}
			return 0
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ u, v, want float64 }{
		{0.5, 0.5, 6},   // on the diagonal
		{1, 0, 0},       // south-east corner
		{0, 1, 0},       // north-west corner
		{0.75, 0.25, 3}, // south-east triangle: 12·v
		{0.25, 0.75, 3}, // north-west triangle: 12·u
		{2, 2, 12},      // outside: clamped to the edge
	} {
		if got := tr.HeightAt(lbA9B4[0]+24*tt.u, lbA9B4[1]+24*tt.v); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("HeightAt(u %v, v %v) = %v, want %v", tt.u, tt.v, got, tt.want)
		}
	}
}

func TestTerrain_ShadedByHeightAndSlopeIndoorTinted(t *testing.T) {
	tr := hillTerrain(t)
	// Higher ground is lighter: on an even ramp every triangle has the same
	// normal, so only height tells the first from the last.
	ramp, err := NewTerrain(TerrainSpec{
		MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 96, MaxY: lbA9B4[1] + 24,
		Height: func(x, y float64) float64 { return 0.2 * (x - lbA9B4[0]) },
	})
	if err != nil {
		t.Fatal(err)
	}
	low, high := ramp.tris[0].col, ramp.tris[len(ramp.tris)-1].col
	if !(high.r > low.r) {
		t.Errorf("higher triangle colour %+v not lighter than lower %+v", high, low)
	}
	// Slope: facing the light (north-west) is brighter than facing away.
	facing := func(dx, dy float64) rgba {
		s, err := NewTerrain(TerrainSpec{
			MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 24, MaxY: lbA9B4[1] + 24,
			Height: func(x, y float64) float64 { return dx*(x-lbA9B4[0]) + dy*(y-lbA9B4[1]) },
		})
		if err != nil {
			t.Fatal(err)
		}
		return s.tris[0].col
	}
	toward, away := facing(0.5, -0.5), facing(-0.5, 0.5) // downhill to the north-west / south-east
	if !(toward.g > away.g) {
		t.Errorf("slope facing the light %+v not brighter than facing away %+v", toward, away)
	}
	// Indoor cells (x, y beyond +300 m in hillTerrain) are tinted towards
	// purple: more blue than red, unlike the outdoor ground.
	for k, tri := range tr.tris {
		cell := k / 2
		i, j := cell%tr.nx, cell/tr.nx
		indoor := float64(i)*CellLength+12 > 300 && float64(j)*CellLength+12 > 300
		if purple := tri.col.b > tri.col.g; purple != indoor {
			t.Fatalf("cell (%d, %d): indoor %v but colour %+v", i, j, indoor, tri.col)
		}
	}
}
