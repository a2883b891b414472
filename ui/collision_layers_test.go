package ui

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"glidepath/ui/overlay"
)

// countNear counts the viewport's pixels within tol of c in every channel.
func countNear(px *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := px.RGBAAt(x, y)
			if near3(p, c, tol) {
				n++
			}
		}
	}
	return n
}

func near3(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// The transition's layers are off when a view opens (its picture is as
// before them); turned on, the selected body's spheres and contact plane
// are drawn in their colours (wall.yaml: the Pusher in contact with the
// ground at tick 200).
func TestCollisionLayers_OffAtStartAndDrawnWhenOn(t *testing.T) {
	a := openApp(t, "../assets/scenarios/wall.yaml", nil, 200, 1280, 800)
	a.sel.Choose(0x80001301)
	if a.layers.Has(overlay.Spheres) || a.layers.Has(overlay.ContactPlane) || a.layers.Has(overlay.SlidingNormal) || !a.layers.Has(overlay.Walls) {
		t.Fatalf("layers at start %b: want 5–7 off and 8 on", a.layers)
	}
	vp := a.viewport()
	r := image.Rect(int(vp.X), int(vp.Y), int(vp.X+vp.W), int(vp.Y+vp.H))
	px := frame(t, a)
	if n := countNear(px, r, overlay.SphereColor, 8); n != 0 {
		t.Errorf("%d sphere-coloured pixels with the layer off", n)
	}
	if n := countNear(px, r, overlay.ContactPlaneColor, 8); n != 0 {
		t.Errorf("%d contact-plane-coloured pixels with the layer off", n)
	}
	a.apply(cmdLayer + command(overlay.Spheres))
	a.apply(cmdLayer + command(overlay.ContactPlane))
	px = frame(t, a)
	if dir := os.Getenv("GLIDEPATH_DOC_SHOTS"); dir != "" {
		if f, err := os.Create(filepath.Join(dir, "collision-layers.png")); err == nil {
			png.Encode(f, px)
			f.Close()
		}
	}
	if n := countNear(px, r, overlay.SphereColor, 8); n < 30 {
		t.Errorf("%d sphere-coloured pixels with the layer on", n)
	}
	if n := countNear(px, r, overlay.ContactPlaneColor, 8); n < 30 {
		t.Errorf("%d contact-plane-coloured pixels with the layer on", n)
	}
}
