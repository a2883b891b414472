package timeline

import (
	"strings"
	"testing"
)

// A tooltip wider than the strip (a cause chain at 1280 px) wraps: every
// line starts inside the strip and ends before its right edge, and the
// lines hold every word.
func TestDrawHover_LongTextStaysInsideTheStrip(t *testing.T) {
	var tl Timeline
	tl.Reset(600)
	tl.SetRect(Rect{X: 0, Y: 500, W: 1280, H: float64(Height)})
	tl.hoverText = "tick 312 · Courier · 0x80000A01 · " + strings.Repeat("blip 3.9 m to the head — 3 stall windows failed in a row because Contact was clear ", 4)
	tl.lastX = 1200
	p := &paint{}
	tl.DrawHover(p)
	if len(p.texts) < 2 {
		t.Fatalf("a %d px tooltip drew %d line(s)", len(tl.hoverText)*7, len(p.texts))
	}
	for i, s := range p.texts {
		x := p.textX[i]
		if x < 0 || x+p.Measure(s) > 1280 {
			t.Errorf("line %q spans %.0f–%.0f px, outside the 1280 px strip", s, x, x+p.Measure(s))
		}
	}
	if got := strings.Join(p.texts, " "); strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(tl.hoverText), " ") {
		t.Errorf("the wrapped lines lost words:\n%q\nwant\n%q", got, tl.hoverText)
	}
}

func TestWrapText_CutsAWordWiderThanTheWidth(t *testing.T) {
	p := &paint{}
	lines := WrapText(p, "ab "+strings.Repeat("x", 30)+" cd", 70)
	for _, l := range lines {
		if p.Measure(l) > 70 {
			t.Errorf("line %q is %.0f px, over 70", l, p.Measure(l))
		}
	}
	if strings.Join(lines, "") != "ab"+strings.Repeat("x", 30)+"cd" {
		t.Errorf("lines %q lost characters", lines)
	}
}
