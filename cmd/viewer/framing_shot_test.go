package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// viewer shot -viewport: the 3D view alone at the full -size — no top bar,
// panels or timeline, so the window's dark chrome (#1B1F24 and the panel
// colours) is nowhere along the image's edges, where the chrome would be.
func TestShot_ViewportAlone(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	shot := func(extra ...string) image.Image {
		out := filepath.Join(dir, "far.png")
		args := append([]string{"shot", "-tick", "740", "-size", "400x300", "-o", out, "-select", "0x80000E01"}, extra...)
		code, output := viewerProcess(t, append(args, "../../assets/scenarios/far-blip.yaml")...)
		if code != 0 {
			t.Fatalf("exit %d:\n%s", code, output)
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
		return img
	}
	dark := func(img image.Image) int {
		n := 0
		for _, p := range []image.Point{{2, 2}, {200, 2}, {397, 2}, {2, 150}, {397, 150}, {2, 297}, {200, 297}, {397, 297}} {
			r, g, b, _ := img.At(p.X, p.Y).RGBA()
			if r>>8 < 0x40 && g>>8 < 0x40 && b>>8 < 0x40 {
				n++
			}
		}
		return n
	}
	if n := dark(shot()); n < 4 {
		t.Fatalf("the full window's edges show %d dark chrome points of 8: the test shows nothing", n)
	}
	if n := dark(shot("-viewport")); n != 0 {
		t.Errorf("-viewport: %d of 8 edge points are dark chrome", n)
	}
}
