// Drawing the panels' content over their ebitenui backgrounds: the object
// list, the legend, the inspector and the pipeline panel, each clipped to
// its rectangle by leaving out what does not fit.

package ui

import (
	"image"

	"glidepath/ui/inspect"
	"glidepath/ui/panel"
	"glidepath/ui/render"
	"glidepath/ui/session"
)

// drawPanels draws the shown panels' content.
func (a *app) drawPanels() {
	f := a.flat
	if a.panels.Open.Left {
		a.list.Draw(f, a.lay.List, a.sel.GUID)
		a.list.Scroll.DrawBar(f, a.lay.List)
		a.legend.Draw(f, a.lay.Legend, a.layers)
	}
	if a.panels.Open.Right {
		a.insp.draw(f, a.lay.Inspector)
		a.insp.scroll.DrawBar(f, a.lay.Inspector)
		a.pipe.Draw(f, a.lay.Pipeline, a.panels.Stepper.Stage())
		a.pipe.Scroll.DrawBar(f, a.lay.Pipeline)
	}
}

// inspector caches the selection's lines.
type inspector struct {
	lines  []inspect.Line
	scroll panel.Scroller
	key    [4]int64
}

func (p *inspector) update(a *app, r *session.Run) {
	key := [4]int64{int64(r.Snap.Tick), int64(a.sel.GUID), int64(a.sess.Sel), 0}
	if a.panels.Before {
		key[3] = 1
	}
	if p.lines != nil && key == p.key {
		return
	}
	p.key = key
	o := a.selectedObject()
	tick := r.Snap.Tick
	if b := a.beforeObject(r); b != nil {
		o, tick = b, tick-1
	}
	if o == nil {
		msg := "Click a body, a row of the object list, or press Tab to select an object."
		if a.sel.GUID != 0 {
			msg = "The selected object does not exist at this tick."
		}
		p.lines = p.lines[:0]
		for _, l := range panel.Wrap(a.flat, msg, float32(a.lay.Inspector.Dx())) {
			p.lines = append(p.lines, inspect.Line{Value: l})
		}
	} else {
		p.lines = append(a.beforeAfterLines(r), inspect.Inspect(o, tick, r.Info.TickRate)...)
		p.lines = a.clientLines(p.lines, o, tick)
		p.lines = panel.WrapValues(a.flat, p.lines, float32(a.lay.Inspector.Dx()-valueColumn))
	}
	p.scroll.SetContent(len(p.lines)*panel.LineHeight, a.lay.Inspector.Dy())
}

// valueColumn is where field values start, pixels from the panel's left.
const valueColumn = 138

// queueColumns are the x offsets of the queue table's columns.
var queueColumns = [...]float32{0, 22, 86, 160, 214, 268, 312}

func (p *inspector) draw(f *render.Flat, rect image.Rectangle) {
	x := float32(rect.Min.X)
	for k, l := range p.lines {
		y := rect.Min.Y + k*panel.LineHeight - p.scroll.Y
		if y < rect.Min.Y || y+panel.LineHeight > rect.Max.Y {
			continue
		}
		fy := float32(y)
		switch {
		case l.Heading:
			f.Text(x, fy, l.Label, panel.HeadColor)
		case l.Cells != nil:
			col := panel.TextColor
			if k > 0 && p.lines[k-1].Heading {
				col = panel.DimColor // the column heads
			}
			for c, s := range l.Cells {
				if c < len(queueColumns) {
					f.Text(x+4+queueColumns[c], fy, s, col)
				}
			}
		case l.Label == "":
			f.Text(x, fy, l.Value, panel.DimColor)
		default:
			f.Text(x+8, fy, l.Label, panel.DimColor)
			f.Text(x+valueColumn, fy, l.Value, panel.TextColor)
		}
	}
}
