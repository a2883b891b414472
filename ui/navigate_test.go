package ui

import (
	"errors"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
	"glidepath/ui/settings"
)

// The go-to box's grammar: ticks, seconds, moves, bookmark labels, and an
// error naming what was typed for anything else.
func TestGoto_Parse(t *testing.T) {
	marks := []bookmarks.Bookmark{{Tick: 120, Label: "first blip"}, {Tick: 500, Label: "Second blip"}, {Tick: 700, Label: "stall"}}
	for _, c := range []struct {
		text string
		want int
		err  string
	}{
		{"440", 440, ""},
		{" 14.6s", 438, ""}, // 14.6 s at 30 Hz
		{"+30", 130, ""},
		{"-30", 70, ""},
		{"-300", 0, ""}, // kept at the first tick
		{"+2s", 160, ""},
		{"+9000", 780, ""},
		{"stall", 700, ""},
		{"second BLIP", 500, ""},
		{"sta", 700, ""}, // the one label containing it
		{"blip", 0, "2 bookmarks match"},
		{"900", 0, "last tick is 780"},
		{"12.x", 0, "want a whole tick"},
		{"4.5.6s", 0, "want seconds"},
		{"", 0, "type a tick"},
		{"nowhere", 0, `"nowhere": not a tick`},
	} {
		got, err := parseGoto(c.text, 100, 780, 30, marks)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: got %d, %v; want an error with %q", c.text, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q: got %d, %v; want %d", c.text, got, err, c.want)
		}
	}
}

// Ctrl+G's box takes what is typed, Enter moves the cursor there and
// closes it; a bad entry keeps it open with the reason in the status line;
// the viewer's keys are not read while it is open.
func TestGoto_BoxMovesTheCursor(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.apply(cmdGoto)
	if !a.nav.gotoOn || !a.boxHasKeys() {
		t.Fatal("Ctrl+G did not open the go-to box")
	}
	a.typeGoto([]rune("14.6s"), false, true, false)
	step(t, a)
	if a.pb.Cursor() != 438 || a.nav.gotoOn {
		t.Fatalf("after 14.6s Enter: cursor %d, box open %v; want 438, closed", a.pb.Cursor(), a.nav.gotoOn)
	}
	a.apply(cmdGoto)
	a.typeGoto([]rune("+30x"), false, true, false)
	if !a.nav.gotoOn || !strings.Contains(a.status, "go to:") {
		t.Fatalf("a bad entry: box open %v, status %q", a.nav.gotoOn, a.status)
	}
	a.typeGoto(nil, true, true, false) // Backspace, Enter: +30
	step(t, a)
	if a.pb.Cursor() != 468 {
		t.Fatalf("+30 from 438 went to %d", a.pb.Cursor())
	}
	a.apply(cmdGoto)
	a.typeGoto([]rune("1"), false, false, true) // Esc
	if a.nav.gotoOn || a.pb.Cursor() != 468 {
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
	if !strings.Contains(b.status, "Esc again") {
		t.Fatalf("status %q after an unclaimed Esc", b.status)
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
