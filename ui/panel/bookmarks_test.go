package panel

import (
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
)

// The label box starts from the label already at the tick; Enter hands the
// label back (no longer than bookmarks.MaxLabel), Esc drops it.
func TestMarks_LabelTyping(t *testing.T) {
	var m Marks
	m.StartLabel("ab")
	if _, keep := m.Type([]rune("cd"), true, false, false); keep || string(m.Text) != "abc" || !m.Editing {
		t.Fatalf("after typing cd and Backspace: %q keep %v editing %v", string(m.Text), keep, m.Editing)
	}
	if label, keep := m.Type(nil, false, true, false); !keep || label != "abc" || m.Editing {
		t.Fatalf("Enter: %q keep %v editing %v", label, keep, m.Editing)
	}
	m.StartLabel("")
	label, _ := m.Type([]rune(strings.Repeat("x", bookmarks.MaxLabel+5)), false, true, false)
	if len([]rune(label)) != bookmarks.MaxLabel {
		t.Errorf("a long label kept %d characters, want %d", len([]rune(label)), bookmarks.MaxLabel)
	}
	m.StartLabel("keep me")
	if _, keep := m.Type(nil, false, false, true); keep || m.Editing {
		t.Errorf("Esc: keep %v editing %v; want the label dropped", keep, m.Editing)
	}
}
