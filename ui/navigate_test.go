package ui

import (
	"errors"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/settings"
)

// Ctrl+G's box takes what is typed, Enter moves the cursor there and
// closes it; a bad entry keeps it open with the reason in the status line;
// the viewer's keys are not read while it is open.
func TestGoto_BoxMovesTheCursor(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.apply(cmdGoto)
	if !a.nav.box.On || !a.boxHasKeys() {
		t.Fatal("Ctrl+G did not open the go-to box")
	}
	a.nav.typeGoto(a, []rune("14.6s"), false, true, false)
	step(t, a)
	if a.pb.Cursor() != 438 || a.nav.box.On {
		t.Fatalf("after 14.6s Enter: cursor %d, box open %v; want 438, closed", a.pb.Cursor(), a.nav.box.On)
	}
	a.apply(cmdGoto)
	a.nav.typeGoto(a, []rune("+30x"), false, true, false)
	if !a.nav.box.On || !strings.Contains(a.bar.status, "go to:") {
		t.Fatalf("a bad entry: box open %v, status %q", a.nav.box.On, a.bar.status)
	}
	a.nav.typeGoto(a, nil, true, true, false) // Backspace, Enter: +30
	step(t, a)
	if a.pb.Cursor() != 468 {
		t.Fatalf("+30 from 438 went to %d", a.pb.Cursor())
	}
	a.apply(cmdGoto)
	a.nav.typeGoto(a, []rune("1"), false, false, true) // Esc
	if a.nav.box.On || a.pb.Cursor() != 468 {
		t.Fatal("Esc did not close the box without moving")
	}
	if got := ctrlCommand(ebiten.KeyG); got != cmdGoto {
		t.Fatalf("Ctrl+G is %v", got)
	}
}

// Ctrl+Q quits; Esc quits only when pressed twice with nothing else to
// take it (the selection is cleared by the first).
func TestQuit_CtrlQAndEscTwice(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 640, 400)
	a.apply(cmdQuit)
	if err := a.Update(); !errors.Is(err, ebiten.Termination) {
		t.Fatalf("Ctrl+Q: Update returned %v", err)
	}
	if ctrlCommand(ebiten.KeyQ) != cmdQuit {
		t.Fatal("Ctrl+Q is not bound")
	}
	b := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 640, 400)
	if b.sel.GUID == 0 {
		t.Fatal("nothing selected at start")
	}
	b.apply(cmdDeselect) // clears the selection
	step(t, b)
	b.apply(cmdDeselect) // unclaimed: says Esc again quits
	step(t, b)
	if !strings.Contains(b.bar.status, "Esc again") {
		t.Fatalf("status %q after an unclaimed Esc", b.bar.status)
	}
	b.apply(cmdDeselect)
	if err := b.Update(); !errors.Is(err, ebiten.Termination) {
		t.Fatalf("Esc twice: Update returned %v", err)
	}
}

// The panel sizes are in the settings file as soon as a drag ends, before
// the window closes.
func TestPanels_SavedWhenDragged(t *testing.T) {
	st := filepath.Join(t.TempDir(), "viewer.json")
	opts := Options{Camera: camera.Isometric, Paused: true, Size: image.Pt(1280, 800), Settings: st}
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	r0 := a.lay.Right
	dragEdge(a, image.Pt(r0.Min.X+1, r0.Min.Y+100), image.Pt(r0.Min.X-100, r0.Min.Y+100))
	s, err := settings.Load(st)
	if err != nil || s.Panels.RightWidth != r0.Dx()+101 {
		t.Fatalf("after the drag the settings hold %+v (%v), want width %d", s.Panels, err, r0.Dx()+101)
	}
}
