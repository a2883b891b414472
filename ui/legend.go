// The overlays' legend: one row per layer with its colour, key and name;
// a click toggles it, as its key does.

package ui

import (
	"image"
	"image/color"

	"glidepath/ui/overlay"
	"glidepath/ui/render"
)

// legendRows is the legend's height in rows.
var legendRows = len(overlay.Legend())

// legend draws the rows.
type legend struct {
	entries []overlay.Entry
}

func (g *legend) list() []overlay.Entry {
	if g.entries == nil {
		g.entries = overlay.Legend()
	}
	return g.entries
}

// at returns the layer of the row under pt.
func (g *legend) at(a *app, pt image.Point) (overlay.Layer, bool) {
	k := (pt.Y - a.lay.legend.Min.Y) / legendRowH
	if k < 0 || k >= len(g.list()) {
		return 0, false
	}
	return g.list()[k].Layer, true
}

var offColor = color.RGBA{0x60, 0x66, 0x6c, 0xff}

func (g *legend) draw(f *render.Flat, rect image.Rectangle, on overlay.Set) {
	for k, e := range g.list() {
		y := float32(rect.Min.Y + k*legendRowH)
		if int(y)+legendRowH > rect.Max.Y {
			break
		}
		x := float32(rect.Min.X)
		sw, txt := e.Color, textColor
		if !on.Has(e.Layer) {
			sw, txt = offColor, offColor
		}
		// Translucent colours (the ghost) are shown over white so they read.
		if e.Color.A < 0xff {
			f.Rect(x+2, y+3, 14, 11, color.RGBA{0x80, 0x80, 0x80, 0xff})
		}
		f.Rect(x+2, y+3, 14, 11, sw)
		f.Text(x+24, y, e.Key, txt)
		f.Text(x+42, y, e.Name, txt)
	}
}
