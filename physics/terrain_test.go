package physics

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// loadTerrain builds a terrain shipped in assets/terrain from its numbers.
// engine/terrainjson is the format's reader (physics parses no text); these
// tests read the few fields they need with encoding/json alone, and
// engine/terrainjson's tests check that reader against the same files.
func loadTerrain(tb testing.TB, name string) *Terrain {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "assets", "terrain", name))
	if err != nil {
		tb.Fatal(err)
	}
	var doc struct {
		Name, Source string
		BaseZ        float32 `json:"base_z"`
		Landblocks   []struct {
			Landblock string
			Heights   [VerticesPerSide][VerticesPerSide]float32
		}
		Obstacles []struct {
			Kind, Name, Landblock string
			Center, Min, Max      [3]float32
			Radius, Height        float32
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	lbOf := func(s string) uint16 {
		v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 32)
		if err != nil {
			tb.Fatalf("%s: landblock %q: %v", name, s, err)
		}
		if v > 0xFFFF {
			v >>= 16
		}
		return uint16(v)
	}
	tr := &Terrain{Name: doc.Name, Source: doc.Source, BaseZ: doc.BaseZ}
	for _, lb := range doc.Landblocks {
		var h Heightfield
		for y, row := range lb.Heights {
			for x, z := range row {
				h[x*VerticesPerSide+y] = z
			}
		}
		tr.SetLandblock(lbOf(lb.Landblock), &h)
	}
	for _, o := range doc.Obstacles {
		ob := Obstacle{Name: o.Name, Landblock: lbOf(o.Landblock), Center: o.Center, Radius: o.Radius, Height: o.Height, Min: o.Min, Max: o.Max}
		switch o.Kind {
		case "cylinder":
			ob.Kind = ObstacleCylinder
		case "box":
			ob.Kind = ObstacleBox
		}
		if err := ob.Validate(); err != nil {
			tb.Fatalf("%s: obstacle %q: %v", name, o.Name, err)
		}
		tr.Obstacles = append(tr.Obstacles, ob)
	}
	return tr
}

// The heightfield passes through its vertices and is continuous across
// every cell edge and diagonal (two triangles per 24 m cell).
func TestTerrainSample_ContinuousThroughVertices(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var h Heightfield
	for i := range h {
		h[i] = r.Float32()*40 - 20
	}
	tr := &Terrain{}
	tr.SetLandblock(0xA9B4, &h)
	for x := 0; x < VerticesPerSide; x++ {
		for y := 0; y < VerticesPerSide; y++ {
			px, py := float32(x*CellLength), float32(y*CellLength)
			if x == CellsPerSide {
				px -= 1e-4 // the east edge belongs to the neighbour; approach it
			}
			if y == CellsPerSide {
				py -= 1e-4
			}
			if z, _ := tr.Height(testCell, px, py); !near(z, h.At(x, y), 2e-3) {
				t.Fatalf("vertex (%d,%d): z %v, want %v", x, y, z, h.At(x, y))
			}
		}
	}
	for i := 0; i < 2000; i++ {
		x, y := r.Float32()*191, r.Float32()*191
		z0, _ := tr.Height(testCell, x, y)
		for _, d := range [][2]float32{{1e-3, 0}, {0, 1e-3}, {1e-3, 1e-3}} {
			z1, _ := tr.Height(testCell, x+d[0], y+d[1])
			if !near(z0, z1, 0.01) {
				t.Fatalf("jump at (%v, %v): %v -> %v", x, y, z0, z1)
			}
		}
	}
}

// The normal is the upward unit normal of the triangle under the point.
func TestTerrainSample_NormalIsPerpendicular(t *testing.T) {
	tr := loadTerrain(t, "hills.json")
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 500; i++ {
		x, y := 1+r.Float32()*190, 1+r.Float32()*190
		z, n := tr.Height(testCell, x, y)
		if !near(n.Len(), 1, 1e-5) || n[2] <= 0 {
			t.Fatalf("normal %v at (%v, %v)", n, x, y)
		}
		// A small step along the surface stays on the plane of the normal.
		zx, nx := tr.Height(testCell, x+0.01, y)
		if nx == n {
			if want := z - n[0]/n[2]*0.01; !near(zx, want, 1e-3) {
				t.Fatalf("slope at (%v, %v): %v, want %v", x, y, zx, want)
			}
		}
	}
}

// Past a landblock's edge the neighbouring landblock answers, and a
// landblock with no heightfield is base_z.
func TestTerrainSample_NeighbourLandblock(t *testing.T) {
	tr := loadTerrain(t, "ramp.json")
	z1, _ := tr.Height(0xA9B40000, 200, 150)
	z2, _ := tr.Height(0xAAB40000, 8, 150)
	if z1 != 36 || z2 != 36 {
		t.Errorf("plateau across the edge: %v %v", z1, z2)
	}
	if z, n := tr.Height(0xA9B40000, -10, 50); z != 0 || n != up {
		t.Errorf("west of the ramp (no heightfield): %v %v", z, n)
	}
	if z, _ := FlatTerrain(4).Height(0x12340000, 5, 5); z != 4 {
		t.Errorf("flat terrain: %v", z)
	}
	var none *Terrain
	if z, n := none.Height(0, 1, 1); z != 0 || n != up {
		t.Errorf("nil terrain: %v %v", z, n)
	}
	if z, _ := tr.Height(0xA9B40000, float32(math.NaN()), 0); z != 0 {
		t.Errorf("NaN point: %v", z)
	}
}
