package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// At 1280×800 the pipeline panel shows every stage's heading without
// scrolling: a tick whose stages do not fit folds each to one line; a
// click on a heading opens that stage (its lines follow the heading) and
// a second click folds it again.
func TestPipeline_AllStagesFitAt1280(t *testing.T) {
	opts := Options{Camera: camera.Isometric, Tick: 300, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01}
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	p := &a.pipe
	rows := a.lay.Pipeline.Dy() / panel.LineHeight
	if !p.folded {
		t.Fatalf("runner.yaml tick 300 at 1280×800 did not need folding (%d lines in %d rows): the test shows nothing", len(p.lines), rows)
	}
	seen := map[int]bool{}
	for k, l := range p.lines {
		if l.kind == 0 || l.fold {
			if k >= rows {
				t.Errorf("the heading %q is line %d, below the panel's %d rows", l.text, k, rows)
			}
			seen[l.stage] = true
		}
		if w := l.indent + a.flat.Measure(l.text); w > float32(a.lay.Pipeline.Dx()) {
			t.Errorf("folded line %q is %.0f px in a %d px panel", l.text, w, a.lay.Pipeline.Dx())
		}
	}
	if len(seen) < 9 { // deliver, the entry row and stages 2–8
		t.Fatalf("%d stage headings shown, want 9: %v", len(seen), seen)
	}
	// Click a folded heading: it opens; a second click folds it again.
	k, stage := -1, 0
	for i, l := range p.lines {
		if l.fold {
			k, stage = i, l.stage
			break
		}
	}
	if k < 0 {
		t.Fatal("no folded heading")
	}
	count := func() (n int) {
		for _, l := range p.lines {
			if l.stage == stage {
				n++
				if strings.HasPrefix(l.text, foldMark) {
					return -1
				}
			}
		}
		return n
	}
	pt := image.Pt(a.lay.Pipeline.Min.X+20, a.lay.Pipeline.Min.Y+k*panel.LineHeight+panel.LineHeight/2)
	before := len(p.lines)
	if !p.clickFold(a, pt) {
		t.Fatal("the click on a folded heading was not taken")
	}
	step(t, a)
	if n := count(); n < 2 {
		t.Fatalf("stage %d opened shows %d lines (-1: still folded)", stage, n)
	}
	k = -1
	for i, l := range p.lines {
		if l.stage == stage && l.kind == 0 {
			k = i
			break
		}
	}
	pt = image.Pt(a.lay.Pipeline.Min.X+20, a.lay.Pipeline.Min.Y+k*panel.LineHeight+panel.LineHeight/2-p.scroll.Y)
	p.clickFold(a, pt)
	step(t, a)
	if n := count(); n != -1 || len(p.lines) > before {
		t.Fatalf("stage %d after a second click: %d lines (want folded), panel %d lines (was %d)", stage, n, len(p.lines), before)
	}
}
