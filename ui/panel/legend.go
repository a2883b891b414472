// The overlays' legend: one row per layer with its colour, key and name;
// a click toggles it, as its key does.

package panel

import (
	"image"
	"image/color"

	"glidepath/ui/overlay"
	"glidepath/ui/render"
)

// LegendRows is the legend's length in rows, one a layer.
var LegendRows = len(overlay.Legend())

// LegendColW is the width of a legend column: swatch, key and the longest
// layer name.
const LegendColW = 132

// LegendColumns is how many columns the legend takes in a panel w wide:
// two where two fit side by side (the layers in order down the first,
// then down the second), else one.
func LegendColumns(w int) int {
	if w >= 2*LegendColW {
		return 2
	}
	return 1
}

// LegendHeight is the legend's height in rows in a panel w wide.
func LegendHeight(w int) int {
	c := LegendColumns(w)
	return (LegendRows + c - 1) / c
}

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
	rows := LegendHeight(rect.Dx())
	if k < 0 || k >= rows || pt.X < rect.Min.X {
		return 0, false
	}
	if col := (pt.X - rect.Min.X) / LegendColW; col > 0 && LegendColumns(rect.Dx()) > 1 {
		k += col * rows
	}
	if k >= len(g.list()) {
		return 0, false
	}
	return g.list()[k].Layer, true
}

var OffColor = color.RGBA{0x60, 0x66, 0x6c, 0xff}

func (g *Legend) Draw(f *render.Flat, rect image.Rectangle, on overlay.Set) {
	rows := LegendHeight(rect.Dx())
	for i, e := range g.list() {
		k, col := i%rows, i/rows
		y := float32(rect.Min.Y + k*LegendRowH)
		if int(y)+LegendRowH > rect.Max.Y {
			continue
		}
		x := float32(rect.Min.X + col*LegendColW)
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
