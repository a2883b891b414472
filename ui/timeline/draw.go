// Drawing the strip: the lane names, the ruler with tick and second marks,
// each lane's marks binned by pixel column (the most telling event of a
// column shows), stall windows as spans, the plot and the cursor.

package timeline

import (
	"image/color"
	"math"
	"strconv"

	"glidepath/engine/eventlog"
)

// Strip colours.
var (
	stripBackground = color.RGBA{0x15, 0x18, 0x1c, 0xff}
	laneBackground  = color.RGBA{0x1d, 0x21, 0x26, 0xff}
	laneSelected    = color.RGBA{0x2a, 0x31, 0x3a, 0xff}
	textColor       = color.RGBA{0xc8, 0xcd, 0xd2, 0xff}
	dimText         = color.RGBA{0x80, 0x86, 0x8c, 0xff}
	rulerColor      = color.RGBA{0x55, 0x5a, 0x60, 0xff}
	cursorColor     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	distHeadColor   = color.RGBA{0xff, 0xd1, 0x66, 0xff}
	errTruthColor   = color.RGBA{0xd0, 0xd0, 0xd0, 0xff}
	// errClientColor is the client trace's colour (overlay.ClientColor).
	errClientColor = color.RGBA{0xff, 0x70, 0x1e, 0xff}
)

// rulerLabels caches the ruler's strings by tick.
type rulerLabels struct {
	step  int
	rate  int
	texts map[int]string
}

func (r *rulerLabels) label(tick, step, rate int) string {
	if r.texts == nil || r.step != step || r.rate != rate {
		r.texts, r.step, r.rate = make(map[int]string), step, rate
	}
	if s, ok := r.texts[tick]; ok {
		return s
	}
	var s string
	if step%rate == 0 {
		s = strconv.Itoa(tick/rate) + " s"
	} else if step >= rate/10 {
		s = strconv.FormatFloat(float64(tick)/float64(rate), 'f', 1, 64) + " s"
	} else {
		s = strconv.Itoa(tick)
	}
	r.texts[tick] = s
	return s
}

// Draw draws the strip with the cursor at tick.
func (t *Timeline) Draw(p Painter, d *Data, cursor int) {
	r := t.rect
	if r.W <= 0 || r.H <= 0 {
		return
	}
	p.Rect(float32(r.X), float32(r.Y), float32(r.W), float32(r.H), stripBackground)
	rate := tickRate(d)
	t.drawRuler(p, rate)
	t.drawLanes(p, d)
	t.drawPlot(p, d)
	t.drawPending(p, d)
	t.drawSelection(p, rate)
	x := float32(t.View.XOf(float64(cursor)))
	if float64(x) >= t.View.X-1 && float64(x) <= t.View.X+t.View.W+1 {
		p.Line(x, float32(r.Y), x, float32(r.Y+r.H), 1.5, cursorColor)
		p.Rect(x-4, float32(r.Y), 8, 5, cursorColor)
	}
}

// DrawHover draws the hovered event's details just above the strip, near
// the mouse. Draw it over everything else.
func (t *Timeline) DrawHover(p Painter) {
	if t.hoverText == "" {
		return
	}
	r := t.rect
	// A cause chain is often wider than the window: it wraps to the strip's
	// width and grows upward from the strip, so no word is clipped.
	lines := WrapText(p, t.hoverText, float32(r.W)-16)
	w := float32(0)
	for _, l := range lines {
		w = max(w, p.Measure(l))
	}
	tx := float32(math.Max(math.Min(t.lastX+12, r.X+r.W-float64(w)-8), r.X+4))
	ty := float32(r.Y) - 20*float32(len(lines))
	p.Rect(tx-4, ty-2, w+8, 18*float32(len(lines))+2*float32(len(lines)-1), color.RGBA{0x0a, 0x0b, 0x0d, 0xf0})
	for k, l := range lines {
		p.Text(tx, ty+20*float32(k), l, textColor)
	}
}

func (t *Timeline) drawRuler(p Painter, rate int) {
	v := &t.View
	step := v.RulerStep(rate, 70)
	minor := max(step/5, 1)
	if float64(minor)*v.W/math.Max(v.Span(), 1) < 6 {
		minor = step
	}
	y := float32(t.rect.Y)
	right := float32(t.rect.X + t.rect.W)
	first := int(math.Ceil(v.From/float64(minor))) * minor
	for k := first; float64(k) <= v.To; k += minor {
		x := float32(v.XOf(float64(k)))
		if k%step == 0 {
			p.Line(x, y+RulerHeight-7, x, y+RulerHeight, 1, rulerColor)
			// A label that would run past the strip's right edge is left
			// out rather than cut ("8.0" for "8.0 s"); its mark stays.
			if l := t.rul.label(k, step, rate); x+3+p.Measure(l) <= right {
				p.Text(x+3, y+1, l, dimText)
			}
		} else {
			p.Line(x, y+RulerHeight-3, x, y+RulerHeight, 1, rulerColor)
		}
	}
}

func (t *Timeline) drawLanes(p Painter, d *Data) {
	v := &t.View
	w := int(math.Ceil(v.W))
	for l := range NumLanes {
		y := float32(t.lanesTop() + float64(l)*LaneHeight)
		bg := laneBackground
		if l == t.Lane {
			bg = laneSelected
		}
		p.Rect(float32(v.X), y+1, float32(v.W), LaneHeight-2, bg)
		col := dimText
		if l == t.Lane {
			col = textColor
		}
		p.Text(float32(t.rect.X)+6, y-1, l.String(), col)
		if cap(t.bins[l]) < w {
			t.bins[l] = make([]bin, w)
		}
		t.bins[l] = t.bins[l][:w]
		clear(t.bins[l])
	}
	if d == nil || d.Index == nil {
		return
	}
	lo, hi := int(math.Floor(v.From)), int(math.Ceil(v.To))
	if len(d.Stack) > 1 {
		t.drawStack(p, d, w, lo, hi)
		return
	}
	t.binDivergences(d, w)
	if t.dense(d, lo, hi) {
		t.drawDensity(p, d)
		if d.Selected == 0 {
			return
		}
		// The selection's own events on top of the crowd's density.
		t.visitSelected(d, lo-5, hi, t.binEvent(d, w, 1))
		t.drawBins(p, true)
		return
	}
	t.visit(d, lo-5, hi, t.binEvent(d, w, 1))
	t.notes(d, w, 1)
	t.drawBins(p, false)
}

// binEvent returns what bins event i in its lane's pixel columns; scale is
// the strip's ticks per tick of d's run (Stacked.Scale).
func (t *Timeline) binEvent(d *Data, w int, scale float64) func(int) {
	v := &t.View
	return func(i int) {
		ev := d.Index.Event(i)
		e := &ev
		if e.Kind == eventlog.EventMotion && e.HasStamps {
			// An UpdateMotion's stamp verdict, in the stamps lane only.
			if x := int(math.Floor(v.XOf(float64(e.Tick)*scale) - v.X)); x >= 0 && x < w {
				col, prio := stampMark(e)
				if bn := &t.bins[LaneStamps][x]; !bn.set || prio >= bn.prio {
					*bn = bin{col: col, prio: prio, set: true}
				}
			}
			return
		}
		lane, ok := LaneOf(e.Kind)
		if !ok || lane == LaneNotes {
			return
		}
		if e.Kind == eventlog.EventRoute && e.HasStamps {
			// The same update in the stamps lane, by its verdict.
			if x := int(math.Floor(v.XOf(float64(e.Tick)*scale) - v.X)); x >= 0 && x < w {
				col, prio := stampMark(e)
				if bn := &t.bins[LaneStamps][x]; !bn.set || prio >= bn.prio {
					*bn = bin{col: col, prio: prio, set: true}
				}
			}
		}
		col, prio := mark(e)
		a, b := float64(e.Tick)*scale, float64(e.Tick)*scale
		if lane == LaneStall {
			a -= 4 * scale // a window spans the 5 frames it judged
		}
		if lane == LaneSprints || lane == LaneSnapbacks || lane == LaneLags {
			a, b = float64(e.Since)*scale, float64(e.Until)*scale // the span it covers
		}
		x0 := int(math.Floor(v.XOf(a) - v.X))
		x1 := int(math.Floor(v.XOf(b) - v.X))
		for x := max(x0, 0); x <= min(x1, w-1); x++ {
			bn := &t.bins[lane][x]
			if !bn.set || prio >= bn.prio {
				*bn = bin{col: col, prio: prio, set: true}
			}
		}
	}
}

// notes bins the notes (the selection's and those naming no object);
// scale as for binEvent.
func (t *Timeline) notes(d *Data, w int, scale float64) {
	v := &t.View
	if d.Info != nil {
		for _, n := range d.Info.Notes {
			if n.HasGUID && d.Selected != 0 && n.GUID != d.Selected {
				continue
			}
			if x := int(math.Floor(v.XOf(float64(n.Tick)*scale) - v.X)); x >= 0 && x < w {
				t.bins[LaneNotes][x] = bin{col: ColorNote, prio: 1, set: true}
			}
		}
	}
}

// drawBins draws the binned marks; over a density strip each mark gets a
// dark edge so it stands out.
func (t *Timeline) drawBins(p Painter, edged bool) { t.drawRows(p, edged, 0, 1) }

// drawRows draws the binned marks in row k of n rows each lane is split
// into (one per stacked run; n = 1 is the whole lane).
func (t *Timeline) drawRows(p Painter, edged bool, k, n int) {
	v := &t.View
	top, h := float32(2), float32(LaneHeight-4)
	if n > 1 {
		sub := float32((LaneHeight - 2) / n)
		top, h = 1+float32(k)*sub, max(sub-1, 1)
	}
	for l := range NumLanes {
		y := float32(t.lanesTop()+float64(l)*LaneHeight) + top
		bins := t.bins[l]
		for x := 0; x < len(bins); {
			if !bins[x].set {
				x++
				continue
			}
			end := x + 1
			for end < len(bins) && bins[end].set && bins[end].col == bins[x].col {
				end++
			}
			// A lone event gets a 2 px mark so it stays visible.
			wd := float32(max(end-x, 2))
			if edged {
				p.Rect(float32(v.X)+float32(x)-1, y, wd+2, h, stripBackground)
			}
			p.Rect(float32(v.X)+float32(x), y, wd, h, bins[x].col)
			x = end
		}
	}
}
