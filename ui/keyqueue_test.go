// Key events are queued and every one is applied, in order, however many
// come between two Updates (docs/viewer.md: a key tap is never lost, however
// slow the frames).

package ui

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/engine/bookmarks"
)

// pressN queues n presses of key as one frame's keyboard would.
func pressN(a *app, key ebiten.Key, shift bool, n int) {
	for range n {
		a.in.press(key, shift)
	}
}

func update(t *testing.T, a *app) {
	t.Helper()
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
}

// 200 → presses within one frame move the cursor 200 ticks in the next
// Update; 20 Shift+→ move 20 × the Shift step; ← undoes them; keys queued
// while a widget has the keyboard are dropped, not applied later.
func TestKeys_EveryQueuedPressIsApplied(t *testing.T) {
	a := openApp(t, "", nil, 0, 1280, 800)
	if a.pb.Last() < 420 {
		t.Fatalf("the run has %d ticks; the test wants 420", a.pb.Last())
	}
	pressN(a, ebiten.KeyArrowRight, false, 200)
	update(t, a)
	if a.pb.Cursor() != 200 || a.sess.Cur().Snap.Tick != 200 {
		t.Fatalf("200 → in one frame: cursor %d (snapshot %d), want 200", a.pb.Cursor(), a.sess.Cur().Snap.Tick)
	}
	if step := stepSize(cmdStepForward10); step != 10 {
		t.Fatalf("Shift step %d", step)
	}
	pressN(a, ebiten.KeyArrowRight, true, 20)
	update(t, a)
	if a.pb.Cursor() != 200+20*10 {
		t.Fatalf("20 Shift+→ in one frame: cursor %d, want %d", a.pb.Cursor(), 200+20*10)
	}
	// In order: 5 →, 3 ←, 1 Shift+← is 5 − 3 − 10.
	pressN(a, ebiten.KeyArrowRight, false, 5)
	pressN(a, ebiten.KeyArrowLeft, false, 3)
	pressN(a, ebiten.KeyArrowLeft, true, 1)
	update(t, a)
	if want := 400 + 5 - 3 - 10; a.pb.Cursor() != want {
		t.Fatalf("→×5 ←×3 Shift+← in one frame: cursor %d, want %d", a.pb.Cursor(), want)
	}
	// Keys a box or widget took are not replayed afterwards.
	at := a.pb.Cursor()
	pressN(a, ebiten.KeyArrowRight, false, 7)
	a.in.commands(false)
	update(t, a)
	if a.pb.Cursor() != at {
		t.Errorf("keys queued while the keyboard was taken moved the cursor %d → %d", at, a.pb.Cursor())
	}
}

// A bookmark lands on the tick the presses before L reached, all of them
// in one frame: → × 126 then L opens the label box at tick 126, Enter in
// the next frame keeps it there; keys queued after L in that frame are the
// box's, not the timeline's.
func TestKeys_BookmarkLandsWhereThePressesLed(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	a := openFile(t, path, 0)
	pressN(a, ebiten.KeyArrowRight, false, 126)
	a.in.press(ebiten.KeyL, false)
	pressN(a, ebiten.KeyArrowRight, false, 4) // typed after L: the box's
	update(t, a)
	if !a.marks.Editing || a.pb.Cursor() != 126 {
		t.Fatalf("after → × 126, L, → × 4: label box %v, cursor %d; want the box open at 126", a.marks.Editing, a.pb.Cursor())
	}
	a.marks.typeLabel(a, []rune("here"), false, true, false) // the next frame's typing and Enter
	sc, err := bookmarks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if b := sc.Bookmarks.List(); len(b) != 1 || b[0].Tick != 126 || b[0].Label != "here" {
		t.Errorf("bookmarks %+v, want one at tick 126", b)
	}
}

// A binding's Shift rule: a plain key with a Shift binding of its own does
// not fire with Shift held; one without fires either way.
func TestKeys_ShiftRuleOfQueuedPresses(t *testing.T) {
	table := keymap()
	for _, c := range []struct {
		key   ebiten.Key
		shift bool
		want  []command
	}{
		{ebiten.KeyArrowRight, false, []command{cmdStepForward}},
		{ebiten.KeyArrowRight, true, []command{cmdStepForward10}},
		{ebiten.KeyD, true, []command{cmdFirstDivergence}},
		{ebiten.KeyH, true, []command{cmdHelp}},
		{ebiten.KeyL, false, []command{cmdBookmark}},
		{ebiten.KeyL, true, []command{cmdUnbookmark}},
		{ebiten.KeyTab, true, []command{cmdPrevObject}},
		{ebiten.KeyF12, false, nil},
	} {
		got := keyCommands(table, keyEvent{key: c.key, shift: c.shift}, nil)
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("key %v shift %v: commands %v, want %v", c.key, c.shift, got, c.want)
		}
	}
}

// Within one tick Ebitengine gives the keys in key order, not in the order
// they went down; a key that opens a box is taken last, so → and L pressed
// within one tick bookmark the tick → reached.
func TestKeys_ABoxOpeningKeyGoesLastWithinATick(t *testing.T) {
	table := keymap()
	if !opensBox(table, keyEvent{key: ebiten.KeyL}) || !opensBox(table, keyEvent{key: ebiten.KeyO, shift: true}) ||
		opensBox(table, keyEvent{key: ebiten.KeyArrowRight}) || opensBox(table, keyEvent{key: ebiten.KeyL, shift: true}) {
		t.Fatal("opensBox: L and Shift+O open a box, → and Shift+L do not")
	}
	path := scenarioCopy(t, "cliff.yaml")
	a := openFile(t, path, 40)
	a.in.pressTick([]ebiten.Key{ebiten.KeyL, ebiten.KeyArrowRight}, false) // key order
	update(t, a)
	if !a.marks.Editing || a.pb.Cursor() != 41 {
		t.Fatalf("L and → within one tick: label box %v at cursor %d, want open at 41", a.marks.Editing, a.pb.Cursor())
	}
}
