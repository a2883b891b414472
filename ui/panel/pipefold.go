// Folding the pipeline panel: when a tick's stages do not fit the panel,
// each stage folds to its heading on one line (marked +), and so do the
// cause chains ("why:"), so every stage's heading shows without scrolling;
// then, in order, the groups open again as far as the room allows (the
// cause chains first). A click on a heading opens or folds that stage,
// and the stage being stepped through (Z / X) stays open.

package panel

import (
	"image"
	"strings"

	"glidepath/ui/pipeline"
	"glidepath/ui/render"
)

// stageWhy keys the cause chains' fold ("why:" lines); the stages use
// their own numbers (deliver −2, the entry row −1).
const stageWhy = -100

// FoldMark begins a folded heading.
const FoldMark = "+ "

// foldKey is the fold a line belongs to, and whether it folds at all
// (notes do not).
func foldKey(l PipeLine) (int, bool) {
	switch l.Kind {
	case 5:
		return stageWhy, true
	case 3:
		return 0, false
	}
	return l.Stage, true
}

// isOpen reports whether the fold key k is shown in full whatever the
// room: opened by a click, or the stage the stepper is at.
func (p *Pipeline) isOpen(st *pipeline.Stepper, k int) bool {
	if st.Active() && st.Stage() == k {
		return true
	}
	return p.opened[k] > 0
}

// foldToFit folds the lines update built when they are taller than the
// panel: every group folds to one line, its heading (or first cause chain)
// cut to the panel's width after FoldMark; then, in the panel's order
// (the cause chains first), each group not folded by a click opens again
// while the whole still fits.
func (p *Pipeline) foldToFit(f *render.Flat, rect image.Rectangle, st *pipeline.Stepper) {
	p.Folded = false
	rows := rect.Dy() / LineHeight
	if len(p.Lines) <= rows {
		return
	}
	p.Folded = true
	auto := map[int]bool{}
	open := func(k int) bool { return p.isOpen(st, k) || auto[k] }
	out := p.fold(f, rect, open)
	seen := map[int]bool{}
	for _, l := range p.Lines {
		k, ok := foldKey(l)
		if !ok || seen[k] || open(k) || p.opened[k] < 0 {
			continue
		}
		seen[k] = true
		auto[k] = true
		if try := p.fold(f, rect, open); len(try) <= rows {
			out = try
		} else {
			delete(auto, k)
		}
	}
	p.Lines = out
}

// fold returns the lines with every group whose key is not open folded.
func (p *Pipeline) fold(f *render.Flat, rect image.Rectangle, open func(int) bool) []PipeLine {
	width := float32(rect.Dx())
	out := make([]PipeLine, 0, len(p.Lines))
	for i := 0; i < len(p.Lines); {
		l := p.Lines[i]
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
		for j < len(p.Lines) {
			if kj, okj := foldKey(p.Lines[j]); !okj || kj != k {
				break
			}
			if h == j && p.Lines[j].Kind == l.Kind {
				h++
			}
			j++
		}
		var head []string
		for _, hl := range p.Lines[i:h] {
			head = append(head, hl.Text)
		}
		text := strings.Join(head, " ")
		l.Text = FoldMark + Clip(f.Measure, text, width-l.Indent-f.Measure(FoldMark))
		l.Fold = true
		out = append(out, l)
		i = j
	}
	return out
}

// ClickFold opens or folds the group of the line under pt; it reports
// whether a heading was hit.
func (p *Pipeline) ClickFold(r image.Rectangle, pt image.Point) bool {
	k := (pt.Y - r.Min.Y + p.Scroll.Y) / LineHeight
	if k < 0 || k >= len(p.Lines) {
		return false
	}
	l := p.Lines[k]
	key, ok := foldKey(l)
	if !ok || !(l.Kind == 0 || l.Fold) {
		return false
	}
	if p.opened == nil {
		p.opened = map[int]int8{}
	}
	p.opened[key] = 1 // shown folded: open it
	if !l.Fold {
		p.opened[key] = -1 // shown open: fold it
	}
	p.Lines = nil // built again on the next update
	return true
}
