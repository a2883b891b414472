// The viewer's real frame on the CPU: the crowd on the engine, every
// overlay on, built into the viewport's batches.

package overlay

import (
	"context"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/ui/camera"
	"glidepath/ui/draw"
	"glidepath/ui/model"
	"glidepath/ui/render"
	"glidepath/ui/simsource"
)

// crowdScene compiles the crowd scenario with n members, pre-runs it on the
// engine and returns the scene at its middle tick with the first member
// selected: a real snapshot, history and event log.
func crowdScene(tb testing.TB, n int) (*Scene, *render.Terrain) {
	tb.Helper()
	data, err := scenario.ReadAsset(assets.FS(), "crowd")
	if err != nil {
		tb.Fatal(err)
	}
	yaml := strings.Replace(string(data), "count: 200", "count: "+strconv.Itoa(n), 1)
	rec, err := scenario.Compile("crowd.yaml", []byte(yaml), assets.FS())
	if err != nil {
		tb.Fatal(err)
	}
	srcs, err := simsource.New(rec, "crowd", nil, assets.FS())
	if err != nil {
		tb.Fatal(err)
	}
	src := srcs[0]
	h := model.NewHistory()
	x, err := model.Prerun(context.Background(), src, h, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if err := src.Seek(src.Info().LastTick / 2); err != nil {
		tb.Fatal(err)
	}
	sc := &Scene{Snap: &model.Snapshot{}, History: h, Index: x, TickRate: src.Info().TickRate, Stage: -1}
	src.Snapshot(sc.Snap)
	if len(sc.Snap.Objects) != n {
		tb.Fatalf("%d objects at the middle tick, want %d", len(sc.Snap.Objects), n)
	}
	sc.Selected = sc.Snap.Objects[0].GUID
	lo, hi, _ := h.Bounds()
	t, err := render.NewTerrain(render.TerrainSpec{MinX: lo[0] - 24, MinY: lo[1] - 24, MaxX: hi[0] + 24, MaxY: hi[1] + 24})
	if err != nil {
		tb.Fatal(err)
	}
	return sc, t
}

// crowdView frames the terrain isometrically in a 1280×800 viewport.
func crowdView(t *render.Terrain) camera.View {
	lo, hi := t.Bounds()
	cam := camera.New(lo)
	cam.SetMode(camera.Isometric)
	vp := camera.Viewport{W: 1280, H: 800}
	cam.FrameBox(vp, lo, hi)
	return cam.View(vp)
}

// frames runs build once to warm the buffers and the label width cache,
// then as the benchmark's frames on one locked thread, reporting the
// thread's CPU time a frame (where the system tells it) and the vertices
// the last frame built into bl.
func frames(b *testing.B, bl *render.Builder, build func()) {
	build()
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	n := 0
	for b.Loop() {
		build()
		n++
	}
	if cpu1, ok := threadCPU(); ok && cpuOK && n > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(n)/1e6, "cpu-ms/frame")
	}
	var verts int
	for _, bt := range bl.Batches() {
		verts += len(bt.Vertices)
	}
	b.ReportMetric(float64(verts), "vertices")
}

// BenchmarkBuildFrame is the viewer's frame on the CPU: a real engine
// snapshot of the crowd scenario, every overlay on, built into the
// viewport's batches.
func BenchmarkBuildFrame(b *testing.B) {
	for _, n := range []int{1, 30, 300, 1000} {
		b.Run("objects="+strconv.Itoa(n), func(b *testing.B) {
			sc, terrain := crowdScene(b, n)
			bl, err := render.NewBuilder()
			if err != nil {
				b.Fatal(err)
			}
			v := crowdView(terrain)
			sc.MetresPerPixel = v.MetresPerPixel(v.Target)
			sc.Focus, sc.FocusRadius = v.Target, sc.MetresPerPixel*math.Hypot(1280, 800)/2
			d := NewDrawer()
			var c draw.Canvas = bl
			build := func() {
				bl.Begin(v, terrain)
				d.Draw(c, sc, All)
				bl.End()
			}
			frames(b, bl, build)
		})
	}
}

// The viewer's real frame allocates nothing once warm.
func TestBuildFrame_CrowdAllocatesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("pre-runs the crowd")
	}
	sc, terrain := crowdScene(t, 30)
	bl, err := render.NewBuilder()
	if err != nil {
		t.Fatal(err)
	}
	v := crowdView(terrain)
	d := NewDrawer()
	build := func() {
		bl.Begin(v, terrain)
		d.Draw(bl, sc, All)
		bl.End()
	}
	build()
	if n := testing.AllocsPerRun(5, build); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}
