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
	if done, err := shotWritten(a); !done || err != nil {
		t.Fatalf("shot done %v, error %v", done, err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// shotCase is one screenshot compared: its options and readings.
type shotCase struct {
	name     string
	opts     Options
	readings []string
}

// shotCasesMade holds shotCases' cases once made: the probe that finds
// the queue's tick and selection pre-runs the scenario.
var shotCasesMade []shotCase

// shotCases are the screenshots compared: the queue's selection
// isometric, the same unselected (the whole run picks the selection), and
// two readings side by side, top-down.
func shotCases(t *testing.T) []shotCase {
	t.Helper()
	if shotCasesMade != nil {
		return shotCasesMade
	}
	probe := openApp(t, queueScenario, nil, 0, 1280, 800)
	tick, guid := queuedAt(t, probe, 3)
	base := Options{Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(1280, 800)}
	sel, split, last := base, base, base
	sel.Select = guid
	split.Camera, split.Split = camera.TopDown, true
	last.Tick = 1 << 20 // past the end: the last tick
	shotCasesMade = []shotCase{
		{"selected", sel, nil},
		{"unselected", base, nil},
		{"split", split, []string{"seed", "ace"}},
		{"past the end", last, nil},
	}
	return shotCasesMade
}

// shotReference is a case's picture as a screenshot's window takes it
// with every shortcut on (the picture session, the warm-up, the lean
// history), and what the shortcuts did on the way.
type shotReference struct {
	png []byte
	// warmed: the loading frame drew the warm-up.
	warmed bool
	// firstFrame: the picture was taken at the first frame after the
	// pre-run.
	firstFrame bool
	// kept is how many checkpoints the session kept; leaned, whether its
	// history past the picture's tick was leaned.
	kept   int
	leaned bool
}

// shotReferences holds each case's reference once drawn, by case name.
var shotReferences = map[string]*shotReference{}

// shotLoading opens case c's app writing its picture to a file of the
// test's and draws the loading frame, before the first update.
func shotLoading(t *testing.T, c shotCase) (*app, Options) {
	t.Helper()
	opts := c.opts
	opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
	a := newAppWith(t, queueScenario, c.readings, opts)
	a.Layout(opts.Size.X, opts.Size.Y)
	frame(t, a)
	return a, opts
}

// shotRef draws c's picture with every shortcut on, once for all the
// comparisons below: each draws the picture again with one shortcut off
// (or, for the seek ahead, one more on) and requires the reference's
// bytes. The window's way: the loading frame (and its warm-up) before
// the pre-run ends, the pre-run waited for, then the picture's frames.
func shotRef(t *testing.T, c shotCase) *shotReference {
	t.Helper()
	if r := shotReferences[c.name]; r != nil {
		return r
	}
	if !shotPicture || !shotWarmUp || !shotLean {
		t.Fatalf("%s: the reference drawn with a shortcut off (picture %v, warm-up %v, lean %v)", c.name, shotPicture, shotWarmUp, shotLean)
	}
	a, opts := shotLoading(t, c) // and the warm-up
	r := &shotReference{warmed: a.warm.img != nil}
	readyApp(t, a, opts)
	r.kept = a.sess.Cur().Src.(*simsource.Source).Sim().Query().CheckpointsKept()
	r.leaned = a.sess.Leaned()
	frame(t, a)
	r.firstFrame = a.shotDone
	for range shotFrames - 1 {
		frame(t, a)
	}
	if done, err := shotWritten(a); !done || err != nil {
		t.Fatalf("%s: shot done %v, error %v", c.name, done, err)
	}
	b, err := os.ReadFile(opts.Screenshot)
	if err != nil {
		t.Fatal(err)
	}
	r.png = b
	shotReferences[c.name] = r
	return r
}

// The picture session's lean pre-run keeps one checkpoint and draws the
// picture the window's whole pre-run (which keeps more) draws.
func TestShot_PictureSessionDrawsTheSamePicture(t *testing.T) {
	defer func() { shotPicture = true }()
	for _, c := range shotCases(t) {
		ref := shotRef(t, c)
		if ref.kept > 2 {
			t.Errorf("%s: the picture session keeps %d checkpoints", c.name, ref.kept)
		}
		shotPicture = false
		opts := c.opts
		opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
		a := openAppWith(t, queueScenario, c.readings, opts)
		if kept := a.sess.Cur().Src.(*simsource.Source).Sim().Query().CheckpointsKept(); kept <= 2 {
			t.Errorf("%s: without the picture session the window keeps %d checkpoints", c.name, kept)
		}
		shot := shotPNG(t, a, opts.Screenshot)
		shotPicture = true
		if !bytes.Equal(ref.png, shot) {
			t.Errorf("%s: the picture's lean pre-run draws another picture than the window's whole one", c.name)
		}
	}
}

// The warm-up draw in the loading frame leaves the picture the one drawn
// without it.
func TestShot_WarmUpDrawsTheSamePicture(t *testing.T) {
	defer func() { shotWarmUp = true }()
	for _, c := range shotCases(t) {
		ref := shotRef(t, c)
		if !ref.warmed {
			t.Errorf("%s: the loading frame drew no warm-up", c.name)
		}
		shotWarmUp = false
		a, opts := shotLoading(t, c)
		if a.warm.img != nil {
			t.Fatalf("%s: warm-up off, warmed", c.name)
		}
		if err := a.sess.Wait(); err != nil {
			t.Fatal(err)
		}
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		shot := shotPNG(t, a, opts.Screenshot)
		shotWarmUp = true
		if !bytes.Equal(ref.png, shot) {
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
