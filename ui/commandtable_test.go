package ui

import "testing"

// TestCommandTableWhole: every command a key or widget can ask for has its
// handler in commandTable (a missing entry would make its key do nothing),
// and every key of keymap's table reaches one.
func TestCommandTableWhole(t *testing.T) {
	for c := cmdNone + 1; c < cmdLayer; c++ {
		if commandTable[c] == nil {
			t.Errorf("command %d has no handler in commandTable", c)
		}
	}
	if commandTable[cmdNone] != nil {
		t.Error("cmdNone has a handler")
	}
	for _, b := range keymap() {
		if b.cmd < cmdLayer && commandTable[b.cmd] == nil {
			t.Errorf("key %s: command %d has no handler", b.name, b.cmd)
		}
	}
}
