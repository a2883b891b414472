// A screenshot's lean pre-run (session.NewPicture: one checkpoint kept,
// records published once) and its warm-up draw (warmUp) leave the picture
// byte for byte the one the window's whole pre-run draws.

package ui

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/simsource"
)

// shotPNG takes a's screenshot: a picture's frames (an app made with
// openAppWith, or after its loading frame), then the file's bytes.
func shotPNG(t *testing.T, a *app, out string) []byte {
	t.Helper()
	for range shotFrames {
		frame(t, a)
	}
	if !a.shotDone || a.shotErr != nil {
		t.Fatalf("shot done %v, error %v", a.shotDone, a.shotErr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// shotCases are the screenshots compared: the queue's selection
// isometric, the same unselected (the whole run picks the selection), and
// two readings side by side, top-down.
func shotCases(t *testing.T) []struct {
	name     string
	opts     Options
	readings []string
} {
	probe := openApp(t, queueScenario, nil, 0, 1280, 800)
	tick, guid := queuedAt(t, probe, 3)
	base := Options{Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(1280, 800)}
	sel, split, last := base, base, base
	sel.Select = guid
	split.Camera, split.Split = camera.TopDown, true
	last.Tick = 1 << 20 // past the end: the last tick
	return []struct {
		name     string
		opts     Options
		readings []string
	}{
		{"selected", sel, nil},
		{"unselected", base, nil},
		{"split", split, []string{"seed", "ace"}},
		{"past the end", last, nil},
	}
}

func TestShot_PictureSessionDrawsTheSamePicture(t *testing.T) {
	defer func() { shotPicture = true }()
	for _, c := range shotCases(t) {
		var shots [2][]byte
		for i, picture := range []bool{true, false} {
			shotPicture = picture
			opts := c.opts
			opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
			a := openAppWith(t, queueScenario, c.readings, opts)
			kept := a.sess.Cur().Src.(*simsource.Source).Sim().Query().CheckpointsKept()
			if picture && kept > 2 || !picture && kept <= 2 {
				t.Errorf("%s: picture session %v keeps %d checkpoints", c.name, picture, kept)
			}
			shots[i] = shotPNG(t, a, opts.Screenshot)
		}
		if !bytes.Equal(shots[0], shots[1]) {
			t.Errorf("%s: the picture's lean pre-run draws another picture than the window's whole one", c.name)
		}
	}
}

func TestShot_WarmUpDrawsTheSamePicture(t *testing.T) {
	defer func() { shotWarmUp = true }()
	for _, c := range shotCases(t) {
		var shots [2][]byte
		for i, warm := range []bool{true, false} {
			shotWarmUp = warm
			opts := c.opts
			opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
			a := newAppWith(t, queueScenario, c.readings, opts)
			a.Layout(opts.Size.X, opts.Size.Y)
			frame(t, a) // the loading frame, before the first update
			if (a.warm.img != nil) != warm {
				t.Fatalf("%s: warm-up %v, warmed %v", c.name, warm, a.warm.img != nil)
			}
			if err := a.sess.Wait(); err != nil {
				t.Fatal(err)
			}
			if err := a.Update(); err != nil {
				t.Fatal(err)
			}
			shots[i] = shotPNG(t, a, opts.Screenshot)
		}
		if !bytes.Equal(shots[0], shots[1]) {
			t.Errorf("%s: the picture after the warm-up differs from the one without", c.name)
		}
	}
}
