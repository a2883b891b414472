package ui

import (
	"image"
	"testing"

	"glidepath/ui/camera"
)

// -layout split under -compare: one column per reading, each drawing its
// own reading's body in that reading's colour and not the other's; Shift+C
// goes back to the overlay, where both bodies share one view.
func TestSplit_OneColumnPerReading(t *testing.T) {
	if r := splitRects(image.Rect(100, 0, 701, 50), 3); len(r) != 3 || r[0].Min.X != 100 || r[2].Max.X != 701 || r[1].Min.X != 302 {
		t.Fatalf("splitRects: %v", r)
	}
	opts := Options{Camera: camera.Isometric, Tick: 735, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000E01, Split: true}
	a := openAppWith(t, "../assets/scenarios/far-blip.yaml", []string{"seed", "hexrays"}, opts)
	a.layers = 0  // the bodies alone: no overlay shares their colours
	a.sel.Clear() // each body in its reading's colour, not the selection's
	a.readyFrames = shotFrames + 1
	frame(t, a)
	px := frame(t, a)
	cols := splitRects(a.lay.Viewport, 2)

	count := func(r image.Rectangle, run int) int {
		c := a.sess.Runs[run].Color
		n := 0
		for y := r.Min.Y + 80; y < r.Max.Y-80; y++ { // below the caption, above the legend and the names
			for x := r.Min.X; x < r.Max.X; x++ {
				if near(at(px, float64(x), float64(y)), c, 40) {
					n++
				}
			}
		}
		return n
	}
	for i := range 2 {
		if own, other := count(cols[i], i), count(cols[i], 1-i); own < 20 || other > 0 {
			t.Errorf("column %d (%s): %d pixels of its own body colour, %d of the other's; want its own only", i, a.sess.RunName(i), own, other)
		}
	}
	a.apply(cmdSplit)
	if a.split.splitting(a) {
		t.Fatal("Shift+C did not go back to the overlay")
	}
}
