// Tests of the builder's passes, terrain order and allocations.

package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

func newTestBuilder(t testing.TB) *Builder {
	t.Helper()
	b, err := NewBuilder()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	red   = color.RGBA{255, 0, 0, 255}
	blue  = color.RGBA{0, 0, 255, 255}
	white = color.RGBA{255, 255, 255, 255}
)

func batch(b *Builder, p Pass) Batch { return b.Batches()[p] }

// triangleHues classifies each triangle of a batch by its first vertex's
// dominant channel: 'r', 'b', or '-' for neither.
func triangleHues(bt Batch) []byte {
	var out []byte
	for k := 0; k+2 < len(bt.Indices); k += 3 {
		v := bt.Vertices[bt.Indices[k]]
		switch {
		case v.ColorR > v.ColorB+0.05:
			out = append(out, 'r')
		case v.ColorB > v.ColorR+0.05:
			out = append(out, 'b')
		default:
			out = append(out, '-')
		}
	}
	return out
}

func TestBatches_ComeInPainterOrder(t *testing.T) {
	b := newTestBuilder(t)
	b.Begin(camera.New(lbA9B4).View(vp1280), nil)
	b.End()
	bs := b.Batches()
	want := []Pass{PassTerrain, PassGround, PassSolids, PassOverlay, PassMarkers, PassLabels}
	if len(bs) != len(want) {
		t.Fatalf("%d batches, want %d", len(bs), len(want))
	}
	for i, p := range want {
		if bs[i].Pass != p {
			t.Errorf("batch %d is %v, want %v", i, bs[i].Pass, p)
		}
	}
	if Pass(99).String() != "unknown" || PassSolids.String() != "solids" {
		t.Error("pass names wrong")
	}
}

func TestTerrain_TrianglesSortedFarthestFirst(t *testing.T) {
	tr := hillTerrain(t)
	b := newTestBuilder(t)
	b.Begin(perspectiveView(lbA9B4.Add(draw.Vec3{192, 192, 0})), tr)
	b.End()
	keys := b.terr.keys
	if len(keys) == 0 {
		t.Fatal("no terrain triangles drawn")
	}
	for i := 1; i < len(keys); i++ {
		if keys[i].depth > keys[i-1].depth {
			t.Fatalf("terrain triangle %d (depth %v) drawn after a nearer one (depth %v)", i, keys[i].depth, keys[i-1].depth)
		}
	}
	// Every drawn triangle is in the batch, in the sorted order: the
	// first vertex of the k-th batch triangle is the k-th key's.
	bt := batch(b, PassTerrain)
	pr := newProjector(b.View())
	for k, key := range keys[:10] {
		want := pr.screen(pr.clip(tr.pts[tr.tris[key.tri].a]))
		got := bt.Vertices[bt.Indices[3*k]]
		if math.Abs(float64(got.DstX-want.x)) > 1e-3 || math.Abs(float64(got.DstY-want.y)) > 1e-3 {
			t.Errorf("batch triangle %d starts at (%v, %v), want key %d's (%v, %v)", k, got.DstX, got.DstY, key.tri, want.x, want.y)
		}
	}
}

func TestTerrain_TopDownDrawsEveryTriangleOfAFlatLandblock(t *testing.T) {
	tr, err := NewTerrain(TerrainSpec{MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 192, MaxY: lbA9B4[1] + 192})
	if err != nil {
		t.Fatal(err)
	}
	cam := camera.New(lbA9B4.Add(draw.Vec3{96, 96, 0}))
	cam.Span = 250
	b := newTestBuilder(t)
	b.Begin(cam.View(vp1280), tr)
	b.End()
	if got := len(b.terr.keys); got != 128 {
		t.Errorf("%d triangles drawn, want the 8×8×2 = 128 of one landblock", got)
	}
}

func TestBuildFrame_NoAllocationsInSteadyState(t *testing.T) {
	tr := hillTerrain(t)
	s := newSyntheticScene(30, tr)
	b := newTestBuilder(t)
	var c draw.Canvas = b
	for _, v := range []camera.View{perspectiveView(s.observer), camera.New(s.observer).View(vp1280)} {
		build := func() {
			b.Begin(v, tr)
			s.draw(c)
			b.End()
		}
		build()
		if n := testing.AllocsPerRun(5, build); n != 0 {
			t.Errorf("%v: %v allocations per frame, want 0", v.Mode, n)
		}
	}
}

// Compile-time check that batches are what DrawTriangles32 takes.
var _ = func(bt Batch) ([]ebiten.Vertex, []uint32) { return bt.Vertices, bt.Indices }
