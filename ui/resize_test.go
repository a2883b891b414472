// Tests of resizing the right column, and that nothing is cut off at
// 1280 px: the pipeline panel's lines, the status line and its tooltip.

package ui

import (
	"image"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
	"glidepath/ui/settings"
)

// dragEdge presses at from, moves to to and releases, one routeMouse tick each.
func dragEdge(a *app, from, to image.Point) {
	a.routeMouse(camera.Input{X: float64(from.X), Y: float64(from.Y), Left: true, Free: true}, true, false)
	a.routeMouse(camera.Input{X: float64(to.X), Y: float64(to.Y), Left: true, Free: true}, false, false)
	a.routeMouse(camera.Input{X: float64(to.X), Y: float64(to.Y), Free: true}, false, false)
}

// Dragging the right column's left edge widens it (the viewport gives the
// room, the camera does not move), dragging the split between inspector
// and pipeline panel moves it; the pipeline panel's lines re-wrap to the
// new width and never run past it; the sizes are saved in the settings and
// a new window starts with them.
func TestResize_RightColumnAndSplitRemembered(t *testing.T) {
	st := filepath.Join(t.TempDir(), "viewer.json")
	opts := Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01, Settings: st}
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	r0, vp0, cam0 := a.lay.Right, a.lay.Viewport, a.cam
	dragEdge(a, image.Pt(r0.Min.X+1, r0.Min.Y+100), image.Pt(r0.Min.X-120, r0.Min.Y+100))
	if got := a.lay.Right.Dx(); got != r0.Dx()+121 {
		t.Errorf("right column %d px wide after dragging its edge 121 px left, want %d", got, r0.Dx()+121)
	}
	if a.lay.Viewport.Dx() != vp0.Dx()-121 || a.cam != cam0 {
		t.Errorf("viewport %v (was %v), camera moved %v", a.lay.Viewport, vp0, a.cam != cam0)
	}
	y := a.rs.splitY(a)
	dragEdge(a, image.Pt(a.lay.Right.Min.X+50, y), image.Pt(a.lay.Right.Min.X+50, y-100))
	if got := a.rs.splitY(a); got > y-90 || got < y-110 {
		t.Errorf("split at %d after dragging it from %d up 100 px", got, y)
	}
	if a.rs.drag != edgeNone {
		t.Error("the drag did not end on release")
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	checkPipelineFits(t, a)
	// Too far: the viewport keeps its minimum.
	dragEdge(a, image.Pt(a.lay.Right.Min.X, 300), image.Pt(0, 300))
	if a.lay.Viewport.Dx() < panel.MinViewport {
		t.Errorf("viewport %d px after dragging the edge to the left border, want ≥ %d", a.lay.Viewport.Dx(), panel.MinViewport)
	}
	dragEdge(a, image.Pt(a.lay.Right.Min.X, 300), image.Pt(r0.Min.X-121, 300))
	want := a.panels.Open
	if err := a.mem.rememberView(a); err != nil {
		t.Fatal(err)
	}
	s, err := settings.Load(st)
	if err != nil || s.Panels.RightWidth != want.RightW || s.Panels.InspectorShare != want.Split {
		t.Fatalf("settings panels %+v (%v), want width %d share %d", s.Panels, err, want.RightW, want.Split)
	}
	b := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	if b.lay.Right.Dx() != r0.Dx()+121 || b.rs.splitY(b) != a.rs.splitY(a) {
		t.Errorf("a new window's right column is %d px, split at %d; want %d, %d", b.lay.Right.Dx(), b.rs.splitY(b), r0.Dx()+121, a.rs.splitY(a))
	}
}

// checkPipelineFits fails when a pipeline panel line runs past its panel.
func checkPipelineFits(t *testing.T, a *app) {
	t.Helper()
	if len(a.panels.Pipe.Lines) < 10 {
		t.Fatalf("the pipeline panel has %d lines", len(a.panels.Pipe.Lines))
	}
	for _, l := range a.panels.Pipe.Lines {
		if w := l.Indent + a.flat.Measure(l.Text); w > float32(a.lay.Pipeline.Dx()) {
			t.Errorf("pipeline line %q is %.0f px in a %d px panel", l.Text, w, a.lay.Pipeline.Dx())
		}
	}
	for _, l := range a.panels.Insp.Lines {
		if l.Label != "" && l.Cells == nil && panel.ValueColumn+a.flat.Measure(l.Value) > float32(a.lay.Inspector.Dx()) {
			t.Errorf("inspector value %q runs past the panel", l.Value)
		}
	}
}

// At 1280 px the status line fits the top bar after the buttons, even under
// -compare with every reading and a long message: the line is shortened
// with "…", and the mouse over it shows the whole line under the bar,
// wrapped inside the window. The pipeline panel at a blip fits too.
func TestStatusAndPanels_NotClippedAt1280(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/runner.yaml", []string{"seed", "ace", "hexrays", "legacy"}, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
	room := float32(a.bar.statusRect(a).Dx())
	if w := a.flat.Measure(a.gui.status.Label); w > room || strings.HasSuffix(a.gui.status.Label, panel.Ellipsis) {
		t.Errorf("the plain status %q is %.0f px (room %.0f) or shortened", a.gui.status.Label, w, room)
	}
	checkPipelineFits(t, a)
	a.say("not saving the viewer settings over a file that cannot be read: " + strings.Repeat("/home/someone/.config/glidepath/viewer.json:3: invalid character ", 3))
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	label := a.gui.status.Label
	if w := a.flat.Measure(label); w > room || !strings.HasSuffix(label, panel.Ellipsis) {
		t.Fatalf("the long status %q is %.0f px in %.0f px of room", label, w, room)
	}
	a.routeMouse(camera.Input{X: float64(a.bar.statusRect(a).Min.X + 40), Y: 16, Free: true}, false, false)
	a.top.Reset()
	a.bar.drawStatusTip(a)
	var lines []string
	for _, l := range a.top.Labels() {
		if l.X < 0 || l.X+a.flat.Measure(l.Text) > float32(a.w) {
			t.Errorf("tooltip line %q spans %.0f–%.0f px in a %d px window", l.Text, l.X, l.X+a.flat.Measure(l.Text), a.w)
		}
		lines = append(lines, l.Text)
	}
	if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != strings.Join(strings.Fields(a.bar.statusFull), " ") {
		t.Errorf("the tooltip shows %q, want the whole status %q", got, a.bar.statusFull)
	}
}

// At 1280×800 the help overlay fits the window: long key texts wrap, and
// every line lies inside the window.
func TestHelp_FitsAt1280(t *testing.T) {
	a := openApp(t, "", nil, 0, 1280, 800)
	a.help = true
	a.top.Reset()
	a.drawHelp()
	n := 0
	for _, l := range a.top.Labels() {
		if l.X < 0 || l.X+a.flat.Measure(l.Text) > float32(a.w) || l.Y < 0 || l.Y > float32(a.h) {
			t.Errorf("help line %q at (%.0f, %.0f) runs out of the %d×%d window", l.Text, l.X, l.Y, a.w, a.h)
		}
		n++
	}
	if n < len(keymap()) {
		t.Errorf("the help drew %d texts for %d keys", n, len(keymap()))
	}
	// Both columns start with a key, not with the wrapped end of the
	// other column's last text.
	first := float32(math.MaxFloat32)
	for _, l := range a.top.Labels() {
		if l.Text != "" && !strings.HasPrefix(l.Text, "Keys and mouse") {
			first = min(first, l.Y)
		}
	}
	var top []string
	for _, l := range a.top.Labels() {
		if l.Y == first && l.Text != "" {
			top = append(top, l.Text)
		}
	}
	if len(top) != 4 {
		t.Errorf("the help's first row holds %q: want a key and its text in each of two columns", top)
	}
}
