// viewer export end to end, in a subprocess that opens a window: frame
// counts, sizes, the GIF's size, and the overlays' colours surviving the
// GIF's palette exactly. Needs a display (xvfb-run).

package main

import (
	"bytes"
	"fmt"
	"glidepath/ui"
	"glidepath/ui/overlay"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const cliff = "../../assets/scenarios/cliff.yaml"

func readPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Rect, img, img.Bounds().Min, draw.Src)
	}
	return rgba
}

// PNG export writes one numbered frame per tick of the range (seconds
// accepted), into a new directory named with or without a trailing slash,
// replaces an earlier export in place, and leaves no temporary directory
// behind.
func TestExport_PNGsOnePerTick(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "shots")
	for round := 0; round < 2; round++ {
		// 1s–1.5s at 30 Hz: ticks 30 to 45.
		o := out
		if round == 0 {
			o += string(filepath.Separator) // a new directory, named as one
		}
		code, output := viewerProcess(t, "export", "-from", "1s", "-to", "1.5s", "-size", "320x240", "-camera", "top-down", "-o", o, cliff)
		if code != 0 {
			t.Fatalf("round %d: exit %d:\n%s", round, code, output)
		}
		ents, err := os.ReadDir(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(ents) != 16 || ents[0].Name() != "frame-00000.png" || ents[15].Name() != "frame-00015.png" {
			t.Fatalf("round %d: %d files, want frame-00000.png … frame-00015.png", round, len(ents))
		}
		if b := readPNG(t, filepath.Join(out, ents[3].Name())).Bounds(); b.Dx() != 320 || b.Dy() != 240 {
			t.Errorf("frame is %v, want 320×240", b)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("%d entries beside the export, want only it", len(ents))
	}
}

// A 60-tick GIF at 800×500 has 60 frames of that size, is small enough to
// paste into an issue (< 5 MB), and every pixel the viewer drew in an
// overlay's or the window's own colour is that exact colour in the GIF —
// checked against the same range exported as PNGs.
func TestExport_GIFOf60TicksIsSmallAndKeepsTheColours(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "cliff.gif")
	args := []string{"export", "-from", "400", "-to", "459", "-select", "0x80001201", "-size", "800x500"}
	code, output := viewerProcess(t, append(args, "-o", out, cliff)...)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, output)
	}
	if !strings.Contains(output, "wrote "+out) || !strings.Contains(output, "60 frames") {
		t.Errorf("output %q does not say what it wrote", output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) >= 5<<20 {
		t.Errorf("the GIF is %d bytes, want < 5 MB", len(data))
	}
	t.Logf("60 frames at 800×500: %d bytes", len(data))
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 60 || g.Config.Width != 800 || g.Config.Height != 500 {
		t.Fatalf("%d frames of %d×%d, want 60 of 800×500", len(g.Image), g.Config.Width, g.Config.Height)
	}

	pngs := filepath.Join(dir, "frames")
	if code, output := viewerProcess(t, append(args, "-o", pngs, cliff)...); code != 0 {
		t.Fatalf("PNG export: exit %d:\n%s", code, output)
	}
	exact := map[color.RGBA]bool{}
	for _, c := range append(overlay.Colors(), ui.ChromeColors()...) { // the GIF's exact colours (ui/launch exportColors)
		exact[c] = true
	}
	canvas := image.NewRGBA(image.Rect(0, 0, 800, 500))
	checked := 0
	for i, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		ref := readPNG(t, filepath.Join(pngs, fmt.Sprintf("frame-%05d.png", i)))
		for p := 0; p < len(ref.Pix); p += 4 {
			c := color.RGBA{ref.Pix[p], ref.Pix[p+1], ref.Pix[p+2], 0xff}
			if !exact[c] {
				continue
			}
			if got := (color.RGBA{canvas.Pix[p], canvas.Pix[p+1], canvas.Pix[p+2], canvas.Pix[p+3]}); got != c {
				t.Fatalf("frame %d at (%d, %d): drawn %v, the GIF has %v", i, (p/4)%800, (p/4)/800, c, got)
			}
			checked++
		}
	}
	if checked < 60*1000 {
		t.Errorf("only %d pixels in exact colours checked", checked)
	}
}
