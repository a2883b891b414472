package panel

import (
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
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
		got, err := ParseGoto(c.text, 100, 780, 30, marks)
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
