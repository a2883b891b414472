// The inspector: the selected object's fields at the cursor (or before the
// tick, V), its queue as a table, values wrapped under their column.

package panel

import (
	"image"

	"glidepath/ui/inspect"
	"glidepath/ui/render"
)

// Inspector caches the selection's lines.
type Inspector struct {
	Lines  []inspect.Line
	Scroll Scroller
	key    [4]int64
}

// Update builds the lines when key — the tick, the selection (sel), the
// reading and before/after — changed: build's, wrapped to rect as f
// measures, or a hint when build has no object to show (ok false).
func (p *Inspector) Update(f *render.Flat, rect image.Rectangle, key [4]int64, sel uint32, build func() (ls []inspect.Line, ok bool)) {
	if p.Lines != nil && key == p.key {
		return
	}
	p.key = key
	if ls, ok := build(); ok {
		p.Lines = WrapValues(f, ls, float32(rect.Dx()-ValueColumn))
	} else {
		msg := "Click a body, a row of the object list, or press Tab to select an object."
		if sel != 0 {
			msg = "The selected object does not exist at this tick."
		}
		p.Lines = p.Lines[:0]
		for _, l := range Wrap(f, msg, float32(rect.Dx())) {
			p.Lines = append(p.Lines, inspect.Line{Value: l})
		}
	}
	p.Scroll.SetContent(len(p.Lines)*LineHeight, rect.Dy())
}

// BuiltFor is the reading the lines were last built for.
func (p *Inspector) BuiltFor() int { return int(p.key[2]) }

// ValueColumn is where field values start, pixels from the panel's left.
const ValueColumn = 138

// queueColumns are the x offsets of the queue table's columns.
var queueColumns = [...]float32{0, 22, 86, 160, 214, 268, 312}

// Draw draws the lines in rect.
func (p *Inspector) Draw(f *render.Flat, rect image.Rectangle) {
	x := float32(rect.Min.X)
	for k, l := range p.Lines {
		y := rect.Min.Y + k*LineHeight - p.Scroll.Y
		if y < rect.Min.Y || y+LineHeight > rect.Max.Y {
			continue
		}
		fy := float32(y)
		switch {
		case l.Heading:
			f.Text(x, fy, l.Label, HeadColor)
		case l.Cells != nil:
			col := TextColor
			if k > 0 && p.Lines[k-1].Heading {
				col = DimColor // the column heads
			}
			for c, s := range l.Cells {
				if c < len(queueColumns) {
					f.Text(x+4+queueColumns[c], fy, s, col)
				}
			}
		case l.Label == "":
			f.Text(x, fy, l.Value, DimColor)
		default:
			f.Text(x+8, fy, l.Label, DimColor)
			f.Text(x+ValueColumn, fy, l.Value, TextColor)
		}
	}
}
