// The whole-window frame benchmark under Xvfb, 1 and 300 remotes.

package ui

import (
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// crowdApp opens the crowd scenario with n members, pre-run, paused at its
// middle tick with the first member selected and every overlay on.
func crowdApp(tb testing.TB, n, w, h int) *app {
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
	runs, err := simsource.New(rec, "crowd.yaml", nil, assets.FS())
	if err != nil {
		tb.Fatal(err)
	}
	a, err := newApp(Options{Sources: []model.Source{runs[0]}, Camera: camera.Isometric,
		Tick: runs[0].Info().LastTick / 2, Paused: true, Size: image.Pt(w, h)})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(a.sess.Close)
	if err := a.sess.Wait(); err != nil {
		tb.Fatal(err)
	}
	a.Layout(w, h)
	if err := a.Update(); err != nil {
		tb.Fatal(err)
	}
	a.apply(cmdNextObject)
	return a
}

// BenchmarkFrame is a whole frame of the window — update, the viewport with
// every overlay, the panels and the timeline — rendered and flushed (a
// one-pixel read-back waits for the GPU), with 1 and 300 remotes. Run it
// under Xvfb: xvfb-run -a go test -run '^$' -bench Frame ./ui.
func BenchmarkFrame(b *testing.B) {
	for _, n := range []int{1, 300} {
		b.Run("objects="+strconv.Itoa(n), func(b *testing.B) {
			a := crowdApp(b, n, defaultWidth, defaultHeight)
			screen := ebiten.NewImage(a.w, a.h)
			defer screen.Deallocate()
			probe := screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
			px := make([]byte, 4)
			render := func() {
				if err := a.Update(); err != nil {
					b.Fatal(err)
				}
				a.Draw(screen)
				probe.ReadPixels(px)
			}
			render()
			for b.Loop() {
				render()
			}
		})
	}
}
