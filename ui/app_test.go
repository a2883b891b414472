// Helpers that open the app on a shipped scenario and draw its frames, and
// the shot test: the PNG has the asked size and the selection's queue shows
// where its waypoints project.

package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/assets"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
	"glidepath/ui/simsource"
)

// openApp opens the app on a shipped scenario ("" for the built-in one),
// pre-runs it and lays it out at w×h, paused at tick.
func openApp(t testing.TB, scenarioPath string, readings []string, tick, w, h int) *app {
	t.Helper()
	return openAppWith(t, scenarioPath, readings, Options{Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(w, h)})
}

// openAppWith opens the app with opts (Sources filled in) and pre-runs it.
func openAppWith(t testing.TB, scenarioPath string, readings []string, opts Options) *app {
	t.Helper()
	a := newAppWith(t, scenarioPath, readings, opts)
	return readyApp(t, a, opts)
}

// readyApp waits for a's pre-run, lays it out at opts.Size and runs one
// update, as the window does before its first frame.
func readyApp(t testing.TB, a *app, opts Options) *app {
	t.Helper()
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	a.Layout(opts.Size.X, opts.Size.Y)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	return a
}

// newAppWith makes the app with opts (Sources filled in), its pre-run
// started and not waited for.
func newAppWith(t testing.TB, scenarioPath string, readings []string, opts Options) *app {
	t.Helper()
	runs, err := simsource.Open(simsource.Spec{Path: scenarioPath, Readings: readings, Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range runs {
		opts.Sources = append(opts.Sources, r)
	}
	a, err := newApp(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.sess.Close)
	t.Cleanup(func() { _ = a.shot.wait() }) // before the test's folders go
	return a
}

// shotWritten waits for a's picture's PNG (shotWrite, written while the
// window closes) and reports whether the picture was taken and its error.
func shotWritten(a *app) (bool, error) {
	if err := a.shot.wait(); err != nil && a.shotErr == nil {
		a.shotErr = err
	}
	return a.shotDone, a.shotErr
}

// frame draws one frame into a fresh image and returns its pixels.
func frame(t testing.TB, a *app) *image.RGBA {
	t.Helper()
	img := ebiten.NewImage(a.w, a.h)
	defer img.Deallocate()
	a.Draw(img)
	px := image.NewRGBA(image.Rect(0, 0, a.w, a.h))
	img.ReadPixels(px.Pix)
	return px
}

// queueScenario queues several nodes about 10 m apart: a runner faster than
// its catch-up speed, updating every second.
const queueScenario = "testdata/queue.yaml"

// queuedAt finds the first tick of a's run where an object's queue is at
// its longest, at least n nodes, and that object.
func queuedAt(t testing.TB, a *app, n int) (int, uint32) {
	t.Helper()
	h := a.sess.Cur().Hist
	best, tick, guid := 0, 0, uint32(0)
	for _, tr := range h.Tracks() {
		for k, s := range tr.Samples {
			if s.Alive() && int(s.Queue) > best {
				best, tick, guid = int(s.Queue), tr.First+k, tr.GUID
			}
		}
	}
	if best < n {
		t.Fatalf("no object ever has %d queued nodes", n)
	}
	return tick, guid
}

// seed 000 §1, §3: the shot shows the selection's queue where its
// waypoints project: the head's orange diamond and the queue's amber.
func TestShot_WritesThePNGWithTheQueueWhereItProjects(t *testing.T) {
	probe := openApp(t, queueScenario, nil, 0, 1280, 800)
	tick, guid := queuedAt(t, probe, 3)
	out := filepath.Join(t.TempDir(), "shot.png")
	a := openAppWith(t, queueScenario, nil, Options{Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(1280, 800), Screenshot: out, Select: guid})
	for range shotFrames {
		frame(t, a)
	}
	if done, err := shotWritten(a); !done || err != nil {
		t.Fatalf("shot done %v, error %v", done, err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 800 {
		t.Fatalf("shot is %v, want 1280×800", b)
	}
	o := a.selectedObject()
	if o == nil || len(o.Queue) < 2 {
		t.Fatalf("selection at tick %d has no queue", tick)
	}
	view := a.cam.View(a.viewport())
	check := func(what string, p model.Vec3, want color.RGBA) {
		x, y, ok := view.Project(p)
		if !ok || !image.Pt(int(x), int(y)).In(a.lay.Viewport) {
			t.Fatalf("%s at %v does not project into the viewport", what, p)
		}
		if got := color.RGBAModel.Convert(img.At(int(x), int(y))).(color.RGBA); !near(got, want, 24) {
			t.Errorf("%s: pixel (%.0f, %.0f) is %v, want %v", what, x, y, got, want)
		}
	}
	node := func(k int) model.Vec3 { return model.Global(&o.Queue[k].Position) }
	check("the queue's head", node(0), overlay.HeadColor)
	// A waypoint clear of the others, looked for from the tail, which stands
	// farthest from the body and its name label (the first view zooms in
	// until bodies are 12 px, so the tail may lie outside the viewport).
	for k := len(o.Queue) - 1; k >= 1; k-- {
		x, y, ok := view.Project(node(k))
		if !ok || !image.Pt(int(x), int(y)).In(a.lay.Viewport.Inset(8)) {
			continue
		}
		clear := true
		for j := range o.Queue {
			if j == k {
				continue
			}
			u, v, _ := view.Project(node(j))
			clear = clear && math.Hypot(x-u, y-v) > 10
		}
		if clear {
			check(fmt.Sprintf("waypoint %d", k+1), node(k), overlay.QueueColor)
			return
		}
	}
	t.Errorf("no waypoint of the %d-node queue stands clear of the others", len(o.Queue))
}

// A screenshot's frames before the last only let the widgets lay out: they
// draw the widgets alone, and the picture is byte for byte the one taken
// when every frame is drawn whole — with a selection (inspector, pipeline,
// queue) and in the split view.
func TestShot_LayoutFramesDrawTheSamePicture(t *testing.T) {
	defer func() { shotLayoutFrames = true }()
	probe := openApp(t, queueScenario, nil, 0, 1280, 800)
	tick, guid := queuedAt(t, probe, 3)
	for _, split := range []bool{false, true} {
		var shots [2][]byte
		for i, layoutOnly := range []bool{true, false} {
			shotLayoutFrames = layoutOnly
			out := filepath.Join(t.TempDir(), "shot.png")
			opts := Options{Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(1280, 800), Screenshot: out, Select: guid}
			var readings []string
			if split {
				opts.Camera, opts.Split, readings = camera.TopDown, true, []string{"seed", "ace"}
			}
			shots[i] = shotPNG(t, openAppWith(t, queueScenario, readings, opts), out)
		}
		if !bytes.Equal(shots[0], shots[1]) {
			t.Errorf("split %v: the picture after layout-only frames differs from the one after whole frames", split)
		}
	}
}
