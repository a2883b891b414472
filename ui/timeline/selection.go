// The range selection: shift-drag on the strip selects a span of ticks
// (the window's E exports it), drawn as a band over the lanes with its
// ends on the ruler; a shift-click without a drag clears it.

package timeline

import (
	"image/color"
	"math"
	"strconv"
)

// Range colours: the band's edge and label, and its translucent fill.
var (
	rangeColor = color.RGBA{0x8f, 0xd6, 0xc8, 0xff}
	rangeFill  = color.RGBA{0x16, 0x2b, 0x28, 0x40} // premultiplied
)

// Range is a span of ticks, both ends included.
type Range struct {
	From, To int
}

// Selection is the selected range; ok is false when none is.
func (t *Timeline) Selection() (Range, bool) { return t.sel, t.hasSel }

// SetSelection selects r (From ≤ To), or clears the selection when ok is
// false.
func (t *Timeline) SetSelection(r Range, ok bool) {
	if r.From > r.To {
		r.From, r.To = r.To, r.From
	}
	t.sel, t.hasSel = r, ok
}

// ClearSelection clears the range; it reports whether there was one.
func (t *Timeline) ClearSelection() bool {
	had := t.hasSel
	t.hasSel = false
	return had
}

// startRange begins a shift-drag at x.
func (t *Timeline) startRange(x float64) {
	t.dragRange = true
	t.rangeAnchor = t.View.TickAt(x)
	t.SetSelection(Range{t.rangeAnchor, t.rangeAnchor}, true)
}

// dragRangeTo follows the drag; on release a range of a single tick (a
// shift-click) clears the selection.
func (t *Timeline) dragRangeTo(in Input) {
	at := t.View.TickAt(in.X)
	t.SetSelection(Range{t.rangeAnchor, at}, true)
	if !in.Left {
		t.dragRange = false
		if t.sel.From == t.sel.To {
			t.hasSel = false
		}
	}
}

// drawSelection draws the band and its ends.
func (t *Timeline) drawSelection(p Painter, rate int) {
	if !t.hasSel {
		return
	}
	v := &t.View
	x0 := math.Max(v.XOf(float64(t.sel.From)), v.X)
	x1 := math.Min(v.XOf(float64(t.sel.To)), v.X+v.W)
	if x1 < x0 {
		return
	}
	top := t.rect.Y
	h := float32(t.rect.H)
	p.Rect(float32(x0), float32(top), float32(x1-x0), h, rangeFill)
	for _, x := range []float64{v.XOf(float64(t.sel.From)), v.XOf(float64(t.sel.To))} {
		if x >= v.X && x <= v.X+v.W {
			p.Line(float32(x), float32(top), float32(x), float32(top)+h, 1, rangeColor)
		}
	}
	label := "ticks " + strconv.Itoa(t.sel.From) + "–" + strconv.Itoa(t.sel.To) + " · " +
		strconv.FormatFloat(float64(t.sel.To-t.sel.From)/float64(max(rate, 1)), 'f', 2, 64) + " s · E exports"
	// In the last lane (divergence, empty but under -against), over a
	// backing that hides marks (text is drawn over every rect, so the
	// ruler's labels could not be hidden).
	w := p.Measure(label)
	lx := float32(math.Max(math.Min(x0+3, v.X+v.W-float64(w)-3), v.X))
	ly := float32(t.lanesTop() + float64(NumLanes-1)*LaneHeight)
	p.Rect(lx-3, ly+1, w+6, LaneHeight-2, stripBackground)
	p.Text(lx, ly-1, label, rangeColor)
}
