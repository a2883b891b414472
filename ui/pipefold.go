// Folding the pipeline panel: when a tick's stages do not fit the panel,
// each stage folds to its heading on one line (marked +), and so do the
// cause chains ("why:"), so every stage's heading shows without scrolling;
// then, in order, the groups open again as far as the room allows (the
// cause chains first). A click on a heading opens or folds that stage,
// and the stage being stepped through (Z / X) stays open.

package ui

import (
	"image"
	"strings"

	"glidepath/ui/panel"
)

// stageWhy keys the cause chains' fold ("why:" lines); the stages use
// their own numbers (deliver −2, the entry row −1).
const stageWhy = -100

// foldMark begins a folded heading.
const foldMark = "+ "

// foldKey is the fold a line belongs to, and whether it folds at all
// (notes do not).
func foldKey(l pipeLine) (int, bool) {
	switch l.kind {
	case 5:
		return stageWhy, true
	case 3:
		return 0, false
	}
	return l.stage, true
}

// isOpen reports whether the fold key k is shown in full whatever the
// room: opened by a click, or the stage the stepper is at.
func (p *pipelinePanel) isOpen(a *app, k int) bool {
	if a.panels.Stepper.Active() && a.panels.Stepper.Stage() == k {
		return true
	}
	return p.opened[k] > 0
}

// foldToFit folds the lines update built when they are taller than the
// panel: every group folds to one line, its heading (or first cause chain)
// cut to the panel's width after foldMark; then, in the panel's order
// (the cause chains first), each group not folded by a click opens again
// while the whole still fits.
func (p *pipelinePanel) foldToFit(a *app) {
	p.folded = false
	rows := a.lay.Pipeline.Dy() / panel.LineHeight
	if len(p.lines) <= rows {
		return
	}
	p.folded = true
	auto := map[int]bool{}
	open := func(k int) bool { return p.isOpen(a, k) || auto[k] }
	out := p.fold(a, open)
	seen := map[int]bool{}
	for _, l := range p.lines {
		k, ok := foldKey(l)
		if !ok || seen[k] || open(k) || p.opened[k] < 0 {
			continue
		}
		seen[k] = true
		auto[k] = true
		if try := p.fold(a, open); len(try) <= rows {
			out = try
		} else {
			delete(auto, k)
		}
	}
	p.lines = out
}

// fold returns the lines with every group whose key is not open folded.
func (p *pipelinePanel) fold(a *app, open func(int) bool) []pipeLine {
	width := float32(a.lay.Pipeline.Dx())
	out := make([]pipeLine, 0, len(p.lines))
	for i := 0; i < len(p.lines); {
		l := p.lines[i]
		k, ok := foldKey(l)
		if !ok || open(k) {
			out = append(out, l)
			i++
			continue
		}
		// The group: the consecutive lines of the same fold; its first
		// lines of the first line's kind (a heading wrapped, or the cause
		// chains) make the one line.
		j, h := i+1, i+1
		for j < len(p.lines) {
			if kj, okj := foldKey(p.lines[j]); !okj || kj != k {
				break
			}
			if h == j && p.lines[j].kind == l.kind {
				h++
			}
			j++
		}
		var head []string
		for _, hl := range p.lines[i:h] {
			head = append(head, hl.text)
		}
		text := strings.Join(head, " ")
		l.text = foldMark + panel.Clip(a.flat.Measure, text, width-l.indent-a.flat.Measure(foldMark))
		l.fold = true
		out = append(out, l)
		i = j
	}
	return out
}

// clickFold opens or folds the group of the line under pt; it reports
// whether a heading was hit.
func (p *pipelinePanel) clickFold(a *app, pt image.Point) bool {
	r := a.lay.Pipeline
	k := (pt.Y - r.Min.Y + p.scroll.Y) / panel.LineHeight
	if k < 0 || k >= len(p.lines) {
		return false
	}
	l := p.lines[k]
	key, ok := foldKey(l)
	if !ok || !(l.kind == 0 || l.fold) {
		return false
	}
	if p.opened == nil {
		p.opened = map[int]int8{}
	}
	p.opened[key] = 1 // shown folded: open it
	if !l.fold {
		p.opened[key] = -1 // shown open: fold it
	}
	p.lines = nil // built again on the next update
	return true
}
