package physics

import (
	"math"
	"runtime"
	"testing"
)

// splitRef is retail's split rule written out from the decompiled
// CLandBlockStruct::ConstructPolygons, in 64-bit arithmetic reduced mod 2^32
// (an independent spelling of SplitSWtoNE's uint32 wrap).
func splitRef(gx, gy uint64) bool {
	const m = 1 << 32
	d := (gy*((214614067*gx+1813693831)%m) + 2*m - (1109124029*gx)%m - 1369149221) % m
	return float64(d)*2.3283064e-10 >= 0.5
}

// The split rule of LandblockStruct::ConstructPolygons (ACE
// Source/ACE.Server/Physics/Common/LandblockStruct.cs): both diagonals
// occur, and the rule matches a 64-bit reduction everywhere sampled,
// including global cell coordinates where the 32-bit products wrap.
func TestSplitSWtoNE_Retail(t *testing.T) {
	var sw, se int
	for gx := uint32(0); gx < 2048; gx += 7 {
		for gy := uint32(0); gy < 2048; gy += 5 {
			got := SplitSWtoNE(gx, gy)
			if got != splitRef(uint64(gx), uint64(gy)) {
				t.Fatalf("cell (%d, %d): SplitSWtoNE = %v, reference says otherwise", gx, gy, got)
			}
			if got {
				sw++
			} else {
				se++
			}
		}
	}
	if sw == 0 || se == 0 {
		t.Errorf("one diagonal only: %d SW–NE, %d SE–NW", sw, se)
	}
	// Holtburg's landblock 0xA9B4, cell (0, 0): global cell (1352, 1440).
	if got, want := SplitSWtoNE(0xA9*8, 0xB4*8), splitRef(0xA9*8, 0xB4*8); got != want {
		t.Errorf("A9B4 cell 0: %v, want %v", got, want)
	}
}

// cellPlaneHeight is the height at landblock-local (x, y) computed directly
// from the cell's two triangles and the split rule: barycentric weights of
// the triangle holding the point.
func cellPlaneHeight(h *Heightfield, lbx, lby int, x, y float64) float64 {
	cx, cy := int(x/24), int(y/24)
	u, v := x/24-float64(cx), y/24-float64(cy)
	z00, z10 := float64(h.At(cx, cy)), float64(h.At(cx+1, cy))
	z01, z11 := float64(h.At(cx, cy+1)), float64(h.At(cx+1, cy+1))
	if SplitSWtoNE(uint32(lbx*8+cx), uint32(lby*8+cy)) {
		if u >= v {
			return z00*(1-u) + z10*(u-v) + z11*v
		}
		return z00*(1-v) + z01*(v-u) + z11*u
	}
	if u+v <= 1 {
		return z00*(1-u-v) + z10*u + z01*v
	}
	return z11*(u+v-1) + z01*(1-u) + z10*(1-v)
}

// hillyBlock is a heightfield with no two neighbouring cells alike, so a
// wrong diagonal shows at the cells' centres.
func hillyBlock(seed int) *Heightfield {
	var h Heightfield
	for i := range h {
		x, y := i/VerticesPerSide, i%VerticesPerSide
		h[i] = float32(70 + 4*math.Sin(float64(x*3+seed)) + 3*math.Cos(float64(y*5+x+seed)))
	}
	return &h
}

// A loaded RetailSplit terrain answers from the plane of the triangle that
// holds the point (docs/world.md): centres of cells, points on the split
// diagonals and on the landblock's edges, where the neighbour must agree.
func TestLoadedTerrain_RetailSplitHeights(t *testing.T) {
	blocks := map[uint16]*Heightfield{0xA9B4: hillyBlock(1), 0xAAB4: hillyBlock(2), 0xA9B5: hillyBlock(3)}
	// The shared edges agree, as a dat's neighbouring landblocks do.
	for i := 0; i < VerticesPerSide; i++ {
		blocks[0xAAB4][0*VerticesPerSide+i] = blocks[0xA9B4][8*VerticesPerSide+i]
		blocks[0xA9B5][i*VerticesPerSide+0] = blocks[0xA9B4][i*VerticesPerSide+8]
	}
	loads := 0
	tr := NewLoadedTerrain("dat", "test", -5, true, func(id uint16) (*Heightfield, bool) {
		loads++
		h, ok := blocks[id]
		return h, ok
	})
	h := blocks[0xA9B4]
	var flips int
	for cx := 0; cx < 8; cx++ {
		for cy := 0; cy < 8; cy++ {
			for _, uv := range [][2]float64{{0.5, 0.5}, {0.25, 0.7}, {0.7, 0.25}, {0.3, 0.3}, {0.8, 0.8}, {0.2, 0.8}} {
				x, y := float64(cx)*24+uv[0]*24, float64(cy)*24+uv[1]*24
				got, n := tr.Height(0xA9B40001, float32(x), float32(y))
				want := cellPlaneHeight(h, 0xA9, 0xB4, x, y)
				if math.Abs(float64(got)-want) > 1e-3 {
					t.Fatalf("cell (%d,%d) at (%.1f, %.1f): z = %v, want %.4f", cx, cy, x, y, got, want)
				}
				if n[2] <= 0 || math.Abs(float64(n.Len())-1) > 1e-5 {
					t.Fatalf("normal %v not a unit upward vector", n)
				}
			}
			// The fixed south-west–north-east split gives another height at
			// (0.8, 0.2)·24 where the retail rule cuts the other way.
			if !SplitSWtoNE(uint32(0xA9*8+cx), uint32(0xB4*8+cy)) {
				fixed := &Terrain{}
				fixed.SetLandblock(0xA9B4, h)
				x, y := float32(cx*24)+19.2, float32(cy*24)+4.8
				a, _ := tr.Height(0xA9B40001, x, y)
				b, _ := fixed.Height(0xA9B40001, x, y)
				if a != b {
					flips++
				}
			}
		}
	}
	if flips == 0 {
		t.Error("the retail split never differs from the fixed one on this landblock")
	}
	// The edges: the east edge of A9B4 is the west edge of AAB4; sampled
	// from either side (x = 192 from A9B4 goes to AAB4's x = 0).
	for y := float32(0); y < 192; y += 7.5 {
		a, _ := tr.Height(0xA9B40001, 191.9999, y)
		b, _ := tr.Height(0xAAB40001, 0, y)
		c, _ := tr.Height(0xA9B40001, 192, y)
		if math.Abs(float64(a-b)) > 1e-3 || b != c {
			t.Errorf("east edge y=%v: %v from A9B4, %v from AAB4, %v past the edge", y, a, b, c)
		}
		d, _ := tr.Height(0xA9B40001, y, 191.9999)
		e, _ := tr.Height(0xA9B50001, y, 0)
		if math.Abs(float64(d-e)) > 1e-3 {
			t.Errorf("north edge x=%v: %v from A9B4, %v from A9B5", y, d, e)
		}
	}
	// A landblock the loader lacks is the base height; each landblock is
	// asked for once.
	if z, _ := tr.Height(0x01010001, 10, 10); z != -5 {
		t.Errorf("missing landblock: z = %v, want base -5", z)
	}
	before := loads
	tr.Height(0x01010001, 20, 20)
	tr.Height(0xA9B40001, 20, 20)
	if loads != before {
		t.Errorf("loader called again for cached landblocks (%d → %d)", before, loads)
	}
	if got := tr.Landblocks(); len(got) != 3 {
		t.Errorf("loaded landblocks %04X, want 3", got)
	}
}

// BenchmarkTerrain_LoadedHeight is the terrain lookup of one object-tick on
// a loaded, cached dat terrain (target ≤ 15 ns, docs/benchmarks.md).
func BenchmarkTerrain_LoadedHeight(b *testing.B) {
	tr := NewLoadedTerrain("dat", "bench", 0, true, func(id uint16) (*Heightfield, bool) { return hillyBlock(int(id)), true })
	w := &World{Terrain: tr}
	tr.Height(0xA9B40001, 1, 1)
	groundBench(b, w)
}

// groundBench samples w's ground b.N times over a landblock, reporting the
// thread's CPU time per sample beside the wall time (the machine may be
// shared).
func groundBench(b *testing.B, w *World) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0, ok0 := threadCPU()
	var s float32
	for i := 0; i < b.N; i++ {
		z, _ := w.Ground(0xA9B40001, float32(i&127)+0.5, float32(i>>7&127)+0.25)
		s += z
	}
	if cpu1, ok1 := threadCPU(); ok0 && ok1 && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	if s == 0 {
		b.Log(s)
	}
}

// The integer threshold is the float comparison's boundary exactly.
func TestSplitThreshold(t *testing.T) {
	for d := uint64(splitThreshold) - 3; d <= uint64(splitThreshold)+3; d++ {
		if got, want := uint32(d) >= splitThreshold, float64(d)*2.3283064e-10 >= 0.5; got != want {
			t.Errorf("d = %d: %v, float comparison %v", d, got, want)
		}
	}
}

// BenchmarkTerrain_AssetHeight is the same lookup on a shipped-style
// terrain (one heightfield, fixed diagonal), for comparison.
func BenchmarkTerrain_AssetHeight(b *testing.B) {
	tr := &Terrain{}
	tr.SetLandblock(0xA9B4, hillyBlock(1))
	groundBench(b, &World{Terrain: tr})
}

// A loaded landblock's table of normals and split bits gives exactly the
// heights and normals the plain computation gives (a heightfield set on a
// RetailSplit terrain), bit for bit.
func TestLoadedTerrain_TablesMatchThePlainComputation(t *testing.T) {
	h := hillyBlock(7)
	plain := &Terrain{RetailSplit: true}
	plain.SetLandblock(0xA9B4, h)
	loaded := NewLoadedTerrain("dat", "test", 0, true, func(uint16) (*Heightfield, bool) { return h, true })
	for x := float32(0.1); x < 192; x += 1.37 {
		for y := float32(0.05); y < 192; y += 2.11 {
			z1, n1 := plain.Height(0xA9B40001, x, y)
			z2, n2 := loaded.Height(0xA9B40001, x, y)
			if math.Float32bits(z1) != math.Float32bits(z2) || n1 != n2 {
				t.Fatalf("(%v, %v): plain %v %v, loaded %v %v", x, y, z1, n1, z2, n2)
			}
		}
	}
}
