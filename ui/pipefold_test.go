package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/ui/camera"
)

// At 1280×800 the pipeline panel shows every stage's heading without
// scrolling: a tick whose stages do not fit folds each to one line; a
// click on a heading opens that stage (its lines follow the heading) and
// a second click folds it again.
func TestPipeline_AllStagesFitAt1280(t *testing.T) {
	opts := Options{Camera: camera.Isometric, Tick: 300, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01}
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, opts)
	p := &a.panels.pipe
	rows := a.lay.pipeline.Dy() / lineHeight
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
		if w := l.indent + a.flat.Measure(l.text); w > float32(a.lay.pipeline.Dx()) {
			t.Errorf("folded line %q is %.0f px in a %d px panel", l.text, w, a.lay.pipeline.Dx())
		}
	}
	if len(seen) < 9 { // deliver, the entry row and stages 2–8
		t.Fatalf("%d stage headings shown, want 9: %v", len(seen), seen)
	}
	// Click the deliver heading: it opens.
	k := -1
	for i, l := range p.lines {
		if l.stage == stageDeliver {
			k = i
			break
		}
	}
	pt := image.Pt(a.lay.pipeline.Min.X+20, a.lay.pipeline.Min.Y+k*lineHeight+lineHeight/2)
	before := len(p.lines)
	if !p.clickFold(a, pt) {
		t.Fatal("the click on the deliver heading was not taken")
	}
	step(t, a)
	n := 0
	for _, l := range p.lines {
		if l.stage == stageDeliver {
			n++
			if strings.HasPrefix(l.text, foldMark) {
				t.Errorf("the opened deliver stage still shows folded: %q", l.text)
			}
		}
	}
	if n < 3 || len(p.lines) <= before {
		t.Fatalf("deliver opened shows %d lines (panel %d → %d lines)", n, before, len(p.lines))
	}
	p.clickFold(a, pt)
	step(t, a)
	if len(p.lines) != before {
		t.Fatalf("folding deliver again: %d lines, want %d", len(p.lines), before)
	}
}
