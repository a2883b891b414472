// Tests that a short key tap is never lost.

package ui

import "testing"

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
	if keyFires(false, 2, true) || keyFires(false, repeatDelay, true) {
		t.Error("a held key fired before its repeat delay")
	}
	if !keyFires(false, repeatDelay+repeatInterval, true) || keyFires(false, repeatDelay+repeatInterval, false) {
		t.Error("repeat: fires only for repeating keys")
	}
	if keyFires(false, repeatDelay+1, true) {
		t.Error("repeat fired between intervals")
	}
}
