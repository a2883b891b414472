package timeline

import (
	"strings"
	"testing"
)

// Shift-drag selects the ticks between press and release in either
// direction without moving the cursor; the band and its label are drawn; a
// plain drag still scrubs and keeps the range; a shift-click clears it.
func TestSelection_ShiftDragSelectsARange(t *testing.T) {
	tl, pb := strip()
	d := runData()
	pb.Seek(50)
	y := laneY(LaneBlips)
	x := func(tick int) float64 { return tl.View.XOf(float64(tick)) }
	tl.Update(Input{X: x(300), Y: y, Left: true, Shift: true}, true, pb, d)
	tl.Update(Input{X: x(120), Y: y, Left: true, Shift: true}, true, pb, d)
	if !tl.Captured() {
		t.Error("a range drag does not hold the mouse")
	}
	tl.Update(Input{X: x(120), Y: y}, true, pb, d)
	r, ok := tl.Selection()
	if !ok || r != (Range{120, 300}) {
		t.Fatalf("selection %+v %v, want ticks 120–300", r, ok)
	}
	if pb.Cursor() != 50 {
		t.Errorf("the range drag moved the cursor to %d", pb.Cursor())
	}
	var p paint
	tl.Draw(&p, d, pb.Cursor())
	band := false
	for _, rc := range p.rects {
		if rc.c == rangeFill && rc.x == float32(tl.View.XOf(120)) && rc.w == float32(tl.View.XOf(300)-tl.View.XOf(120)) {
			band = true
		}
	}
	if !band || !strings.Contains(strings.Join(p.texts, "|"), "ticks 120–300 · 6.00 s") {
		t.Errorf("no band over 120–300 or no label: %q", p.texts)
	}
	tl.Update(Input{X: x(400), Y: y, Left: true}, true, pb, d)
	tl.Update(Input{X: x(400), Y: y}, true, pb, d)
	if r2, ok := tl.Selection(); !ok || r2 != r || pb.Cursor() != 400 {
		t.Errorf("a plain click: cursor %d, selection %+v %v", pb.Cursor(), r2, ok)
	}
	tl.Update(Input{X: x(200), Y: y, Left: true, Shift: true}, true, pb, d)
	tl.Update(Input{X: x(200), Y: y, Shift: true}, true, pb, d)
	if _, ok := tl.Selection(); ok {
		t.Error("a shift-click kept the selection")
	}
}
