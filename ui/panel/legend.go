// The overlays' legend: one row per layer with its colour, key and name;
// a click toggles it, as its key does.

package panel

import (
	"image"
	"image/color"

	"glidepath/ui/overlay"
	"glidepath/ui/render"
)

// LegendRows is the legend's height in rows.
var LegendRows = len(overlay.Legend())

// Legend draws the rows.
type Legend struct {
	entries []overlay.Entry
}

func (g *Legend) list() []overlay.Entry {
	if g.entries == nil {
		g.entries = overlay.Legend()
	}
	return g.entries
}

// At returns the layer of the row under pt.
func (g *Legend) At(rect image.Rectangle, pt image.Point) (overlay.Layer, bool) {
	k := (pt.Y - rect.Min.Y) / LegendRowH
	if k < 0 || k >= len(g.list()) {
		return 0, false
	}
	return g.list()[k].Layer, true
}

var OffColor = color.RGBA{0x60, 0x66, 0x6c, 0xff}

func (g *Legend) Draw(f *render.Flat, rect image.Rectangle, on overlay.Set) {
	for k, e := range g.list() {
		y := float32(rect.Min.Y + k*LegendRowH)
		if int(y)+LegendRowH > rect.Max.Y {
			break
		}
		x := float32(rect.Min.X)
		sw, txt := e.Color, TextColor
		if !on.Has(e.Layer) {
			sw, txt = OffColor, OffColor
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
