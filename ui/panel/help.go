// The help overlay (H): every key and gesture, centred over the window;
// and the captions drawn at the top of the viewport.

package panel

import (
	"image"
	"image/color"

	"glidepath/ui/render"
)

// MouseHelp lists the mouse gestures, for the help overlay.
var MouseHelp = [][2]string{
	{"drag", "pan (in the viewport; middle-drag too)"},
	{"right-drag", "orbit; tilt in the perspective camera"},
	{"wheel", "zoom to the cursor; over a panel, scroll it"},
	{"click", "select the body under the cursor (empty ground clears); a list row selects and follows"},
	{"timeline", "click or drag scrubs (a mark selects its object and follows it); wheel zooms; right- or middle-drag pans"},
	{"Shift-drag", "on the timeline: select a range of ticks (E exports it; Esc clears)"},
	{"lane name", "select the lane , and . step between"},
	{"plot", "a field's name shows / hides that field; the plot's name: the selection or the filter's objects"},
	{"legend row", "toggle that overlay"},
	{"stage", "a pipeline stage's heading opens / folds it"},
	{"panel edge", "drag the right column's edge or the inspector/pipeline gap to resize"},
}

// CaptionLines is text wrapped to width, as many lines as keep a caption in
// the top third of a viewport h pixels high (at least one): the middle
// third is where the follow camera keeps the selection, so in a small view
// (an export's) a long note would cover the body followed. The last line
// shown ends with an ellipsis when lines were left out.
func CaptionLines(f *render.Flat, text string, width float32, h int) []string {
	lines := Wrap(f, text, width)
	lh := f.LineHeight() + 2
	n := max(int((float32(h)/3-captionTop-captionPad)/lh), 1)
	if len(lines) <= n {
		return lines
	}
	last := lines[n-1] + " " + Ellipsis
	if f.Measure(last) > width {
		last = FitLine(f, lines[n-1], width)
	}
	return append(lines[:n-1:n-1], last)
}

// captionTop is the caption's first line below the viewport's top edge,
// captionPad the box's margin below its last line.
const captionTop, captionPad = 34, 4

// DrawCaption draws text centred at the top of the viewport vp, wrapped;
// while the camera follows the selection, in the top third (CaptionLines).
func DrawCaption(f *render.Flat, s string, vp image.Rectangle, following bool) {
	width := float32(vp.Dx()) - 80
	lines := Wrap(f, s, width)
	if following {
		lines = CaptionLines(f, s, width, vp.Dy())
	}
	lh := f.LineHeight() + 2
	w := float32(0)
	for _, l := range lines {
		w = max(w, f.Measure(l))
	}
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + captionTop
	f.Rect(x-10, y-6, w+20, lh*float32(len(lines))+10, BoxColor)
	for k, l := range lines {
		f.Text(x, y+float32(k)*lh, l, NoteColor)
	}
}

// DrawHelp lists every key (keys: each key's name and what it does) and
// gesture, centred over a w×h window.
func DrawHelp(f *render.Flat, w, h int, keys [][2]string) {
	const keyW, lh, pad, gap = 84, 16, 16, 24
	type row struct {
		key, help string
		col       color.RGBA
	}
	var rows []row
	// Each column's help text gets half of what the window leaves after
	// the key columns; a longer text wraps onto rows of its own.
	room := max((float32(w)-2*pad-2*keyW-gap)/2, 80)
	add := func(key, help string, col color.RGBA) {
		for i, l := range Wrap(f, help, room) {
			if i > 0 {
				key = ""
			}
			rows = append(rows, row{key, l, col})
		}
	}
	for _, k := range keys {
		add(k[0], k[1], HeadColor)
	}
	rows = append(rows, row{})
	for _, m := range MouseHelp {
		add(m[0], m[1], DimColor)
	}
	perCol := (len(rows) + 1) / 2
	for perCol < len(rows) && rows[perCol].key == "" && rows[perCol].help != "" {
		perCol++ // a wrapped text's last lines stay in its key's column
	}
	var helpW [2]float32
	for i, r := range rows {
		helpW[i/perCol] = max(helpW[i/perCol], f.Measure(r.help))
	}
	colX := [2]float32{0, keyW + helpW[0] + gap}
	bw := colX[1] + keyW + helpW[1] + 2*pad
	bh := float32(perCol*lh + 2*pad + 24)
	x0 := max((float32(w)-bw)/2, 0)
	y0 := max((float32(h)-bh)/2, 0)
	f.Rect(x0, y0, bw, bh, BoxColor)
	f.Text(x0+pad, y0+pad-4, "Keys and mouse (H or Esc closes)", HeadColor)
	for i, r := range rows {
		c := i / perCol
		x := x0 + pad + colX[c]
		y := y0 + pad + 20 + float32((i%perCol)*lh)
		f.Text(x, y, r.key, r.col)
		f.Text(x+keyW, y, r.help, TextColor)
	}
}
