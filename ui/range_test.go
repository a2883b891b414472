// Tests of the timeline's range selection in the window.

package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
)

// Shift-drag on the timeline selects ticks; E then exports that range (not
// the bookmarks around the cursor) with the window's camera and selection;
// Esc clears the range before it clears the selection, and E falls back to
// the bookmarks.
func TestRange_ShiftDragThenExport(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	sc, _ := bookmarks.Load(path)
	sc.Bookmarks.Add(120, "a")
	sc.Bookmarks.Add(200, "b")
	sc.Save()
	got := make(chan ExportRequest, 2)
	a := openAppWith(t, path, nil, Options{File: path, Camera: camera.TopDown, Tick: 150, Paused: true, Select: 0x80001201, Size: image.Pt(1280, 800),
		ExportRange: func(r ExportRequest) string { got <- r; return "exported it" }})
	y := a.tl.Rect().Y + 40
	x := func(tick int) float64 { return a.tl.View.XOf(float64(tick)) }
	a.in.shift = true
	a.routeMouse(camera.Input{X: x(40), Y: y, Left: true, Free: true}, true, false)
	a.routeMouse(camera.Input{X: x(90), Y: y, Left: true, Free: true}, false, false)
	a.routeMouse(camera.Input{X: x(90), Y: y, Free: true}, false, false)
	a.in.shift = false
	if r, ok := a.tl.Selection(); !ok || r.From != 40 || r.To != 90 {
		t.Fatalf("selection %+v %v after a shift-drag from tick 40 to 90", r, ok)
	}
	if a.pb.Cursor() != 150 {
		t.Errorf("the shift-drag moved the cursor to %d", a.pb.Cursor())
	}
	frame(t, a)
	a.apply(cmdExportMarks)
	if r := <-got; r != (ExportRequest{File: path, From: 40, To: 90, Camera: camera.TopDown, Select: 0x80001201}) {
		t.Errorf("E with a range: request %+v", r)
	}
	a.apply(cmdDeselect)
	if _, ok := a.tl.Selection(); ok || a.sel.GUID == 0 {
		t.Errorf("Esc: range still selected %v, object selection %#x", ok, a.sel.GUID)
	}
	a.apply(cmdExportMarks)
	if r := <-got; r.From != 120 || r.To != 200 {
		t.Errorf("E without a range: request %+v, want the bookmarks 120–200", r)
	}
	for i := 0; i < 100 && !strings.Contains(a.bar.status, "exported it"); i++ {
		a.marks.pollExports(a)
	}
}
