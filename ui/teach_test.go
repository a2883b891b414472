// Tests that a short key tap is never lost.

package ui

import (
	"testing"

	"glidepath/engine/eventlog"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/panel"
)

// A tap pressed and released within one tick (slow frames: Ebitengine
// stamps both edges with the same tick, so the press duration reads 0)
// still fires once; a held key fires on its first tick, then repeats only
// if it repeats, and not on the ticks in between.
func TestKeyFires_TapWithinOneTickAndRepeat(t *testing.T) {
	if !keyFires(true, 0, false) {
		t.Error("a tap released in the tick it was pressed was lost")
	}
	if !keyFires(true, 1, true) {
		t.Error("a press did not fire on its first tick")
	}
	if keyFires(false, 2, true) || keyFires(false, panel.RepeatDelay, true) {
		t.Error("a held key fired before its repeat delay")
	}
	if !keyFires(false, panel.RepeatDelay+panel.RepeatInterval, true) || keyFires(false, panel.RepeatDelay+panel.RepeatInterval, false) {
		t.Error("repeat: fires only for repeating keys")
	}
	if keyFires(false, panel.RepeatDelay+1, true) {
		t.Error("repeat fired between intervals")
	}
}

// The scenario's description (its note at tick 1) is the caption at tick 0
// too; later notes show for panel.CaptionSeconds after their tick only.
func TestCaptionNote_DescriptionAtTickZero(t *testing.T) {
	notes := []eventlog.Note{{Tick: 1, Text: "description"}, {Tick: 300, Text: "later"}}
	for _, c := range []struct {
		tick int
		want string
	}{{0, "description"}, {1, "description"}, {299, ""}, {300, "later"}, {300 + panel.CaptionSeconds*30, ""}} {
		got := ""
		if n := panel.CaptionNote(notes, c.tick, 30); n != nil {
			got = n.Text
		}
		if got != c.want {
			t.Errorf("tick %d: caption %q, want %q", c.tick, got, c.want)
		}
	}
	if n := panel.CaptionNote([]eventlog.Note{{Tick: 60, Text: "x"}}, 0, 30); n != nil {
		t.Errorf("a note at tick 60 captioned tick 0")
	}
}

// A paused viewer with nothing changing goes idle after quietTicks ticks:
// Draw may skip and the tick rate drops; anything busy (playing, a status
// counting down) or a resize wakes it at once.
func TestIdler_GoesIdleWhenNothingChangesAndWakes(t *testing.T) {
	defer ebiten.SetTPS(ebiten.TPS())
	var d idler
	d.noteTick(false, 100, 100) // the first tick sees the cursor "move" to where it is
	for range quietTicks {
		d.noteTick(false, 100, 100)
		if d.idle() {
			t.Fatalf("idle after %d quiet ticks, want more than %d", d.quiet, quietTicks)
		}
	}
	d.noteTick(false, 100, 100)
	d.noteTick(false, 100, 100)
	if !d.idle() || ebiten.TPS() != idleTPS {
		t.Fatalf("not idle after %d quiet ticks (tps %d)", d.quiet, ebiten.TPS())
	}
	d.noteTick(true, 100, 100)
	if d.idle() || ebiten.TPS() != activeTPS {
		t.Errorf("busy did not wake the viewer (tps %d)", ebiten.TPS())
	}
	for range quietTicks + 2 {
		d.noteTick(false, 100, 100)
	}
	d.noteTick(false, 200, 100)
	if d.idle() {
		t.Error("a resize did not wake the viewer")
	}
}
