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
	p := &a.panels.Pipe
	rows := a.lay.Pipeline.Dy() / panel.LineHeight
	if !p.Folded {
		t.Fatalf("runner.yaml tick 300 at 1280×800 did not need folding (%d lines in %d rows): the test shows nothing", len(p.Lines), rows)
	}
	seen := map[int]bool{}
	for k, l := range p.Lines {
		if l.Kind == 0 || l.Fold {
			if k >= rows {
				t.Errorf("the heading %q is line %d, below the panel's %d rows", l.Text, k, rows)
			}
			seen[l.Stage] = true
		}
		if w := l.Indent + a.flat.Measure(l.Text); w > float32(a.lay.Pipeline.Dx()) {
			t.Errorf("folded line %q is %.0f px in a %d px panel", l.Text, w, a.lay.Pipeline.Dx())
		}
	}
	if len(seen) < 9 { // deliver, the entry row and stages 2–8
		t.Fatalf("%d stage headings shown, want 9: %v", len(seen), seen)
	}
	// Click a folded heading: it opens; a second click folds it again.
	k, stage := -1, 0
	for i, l := range p.Lines {
		if l.Fold {
			k, stage = i, l.Stage
			break
		}
	}
	if k < 0 {
		t.Fatal("no folded heading")
	}
	count := func() (n int) {
		for _, l := range p.Lines {
			if l.Stage == stage {
				n++
				if strings.HasPrefix(l.Text, panel.FoldMark) {
					return -1
				}
			}
		}
		return n
	}
	pt := image.Pt(a.lay.Pipeline.Min.X+20, a.lay.Pipeline.Min.Y+k*panel.LineHeight+panel.LineHeight/2)
	before := len(p.Lines)
	if !p.ClickFold(a.lay.Pipeline, pt) {
		t.Fatal("the click on a folded heading was not taken")
	}
	step(t, a)
	if n := count(); n < 2 {
		t.Fatalf("stage %d opened shows %d lines (-1: still folded)", stage, n)
	}
	k = -1
	for i, l := range p.Lines {
		if l.Stage == stage && l.Kind == 0 {
			k = i
			break
		}
	}
	pt = image.Pt(a.lay.Pipeline.Min.X+20, a.lay.Pipeline.Min.Y+k*panel.LineHeight+panel.LineHeight/2-p.Scroll.Y)
	p.ClickFold(a.lay.Pipeline, pt)
	step(t, a)
	if n := count(); n != -1 || len(p.Lines) > before {
		t.Fatalf("stage %d after a second click: %d lines (want folded), panel %d lines (was %d)", stage, n, len(p.Lines), before)
	}
}
