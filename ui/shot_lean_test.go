// A screenshot's lean pre-run (session.NewPicture: one checkpoint kept,
// records published once) and its warm-up draw (warmUp) leave the picture
// byte for byte the one the window's whole pre-run draws.

package ui

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

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

// TestWriteScreenshot_SamePixelsAtTheDefaultLevel writes a picture with
// every kind of row the encoder filters (flat, ramps, noise) and reads it
// back: the PNG holds the frame's pixels exactly, compressed at zlib's
// default level (FLEVEL 2 in the zlib header, RFC 1950 §2.2; the best
// level, 3, took seven times as long on a crowd's picture for 1 % less).
func TestWriteScreenshot_SamePixelsAtTheDefaultLevel(t *testing.T) {
	const w, h = 257, 64
	want := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(7)
	for i := range want.Pix {
		x, y := (i/4)%w, i/4/w
		switch {
		case i%4 == 3:
			want.Pix[i] = 0xFF // opaque, as a frame is
		case y < h/3:
			want.Pix[i] = 40
		case y < 2*h/3:
			want.Pix[i] = uint8(x + i%4*y)
		default:
			seed = seed*1664525 + 1013904223
			want.Pix[i] = uint8(seed >> 24)
		}
	}
	img := ebiten.NewImage(w, h)
	img.WritePixels(want.Pix)
	out := filepath.Join(t.TempDir(), "s.png")
	if err := writeScreenshot(img, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(got.Bounds())
	draw.Draw(rgba, rgba.Bounds(), got, image.Point{}, draw.Src)
	if rgba.Bounds() != want.Bounds() || !bytes.Equal(rgba.Pix, want.Pix) {
		t.Fatalf("the PNG's pixels are not the frame's")
	}
	// The first IDAT's data opens with the zlib header: CMF, then FLG,
	// whose top two bits are the level.
	i := bytes.Index(b, []byte("IDAT"))
	if i < 0 || len(b) < i+6 {
		t.Fatalf("no IDAT chunk")
	}
	if level := b[i+5] >> 6; level != 2 {
		t.Errorf("zlib FLEVEL %d, want 2 (the default level)", level)
	}
}
