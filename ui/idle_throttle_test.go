package ui

import "testing"

// While only background work moves and nobody touches the window, a frame
// is drawn every backgroundDrawTicks ticks; any other reason to draw, or
// input, draws every frame.
func TestIdler_ThrottlesFramesWhileOnlyWaiting(t *testing.T) {
	var d idler
	drawn := func(waiting bool, ticks int) int {
		n := 0
		for range ticks {
			d.sinceDraw++
			if d.still <= quietTicks {
				d.still++
			}
			if !d.throttled(waiting) {
				d.drew()
				n++
			}
		}
		return n
	}
	if n := drawn(true, quietTicks); n != quietTicks {
		t.Errorf("just after input: %d frames of %d drawn, want every one", n, quietTicks)
	}
	if n := drawn(true, 60*backgroundDrawTicks); n != 60 {
		t.Errorf("waiting, untouched: %d frames drawn in %d ticks, want 60", n, 60*backgroundDrawTicks)
	}
	if n := drawn(false, 30); n != 30 {
		t.Errorf("not waiting: %d frames of 30 drawn", n)
	}
	d.still = 0 // input
	if n := drawn(true, 3); n != 3 {
		t.Errorf("after input while waiting: %d frames of 3 drawn", n)
	}
}
