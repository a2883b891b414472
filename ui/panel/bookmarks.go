// The bookmarks panel: the marks' flags on the timeline's ruler, their list
// at the viewport's top right (F4) and the box a label is typed in (L).

package panel

import (
	"fmt"
	"image"
	"image/color"

	"glidepath/engine/bookmarks"
	"glidepath/ui/render"
	"glidepath/ui/timeline"
)

// BookmarkColor marks bookmarks on the timeline and in their panel.
var BookmarkColor = color.RGBA{0xb3, 0x88, 0xff, 0xff}

// Marks is the window's bookmark state.
type Marks struct {
	Sidecar *bookmarks.Sidecar // nil: no file, or its sidecar is unreadable
	LoadErr error              // why sc is nil for a file
	Shown   bool               // the list is shown
	Editing bool               // the label box has the keyboard
	Text    []rune
	chars   []rune
}

// loadMarks reads the input's sidecar; a problem is kept to be shown.
func (m *Marks) Load(file string) {
	if file == "" {
		return
	}
	sc, err := bookmarks.Load(file)
	if err != nil {
		m.LoadErr = err
		return
	}
	m.Sidecar = sc
}

// List is the bookmarks in tick order (none without a sidecar).
func (m *Marks) List() []bookmarks.Bookmark {
	if m.Sidecar == nil {
		return nil
	}
	return m.Sidecar.Bookmarks.List()
}

// DrawFlags stands a flag for each mark on the ruler of the timeline
// strip in r showing v.
func (m *Marks) DrawFlags(f *render.Flat, v *timeline.View, r image.Rectangle) {
	for _, b := range m.List() {
		if float64(b.Tick) < v.From || float64(b.Tick) > v.To {
			continue
		}
		x := float32(v.XOf(float64(b.Tick)))
		y := float32(r.Min.Y)
		f.Rect(x-1, y, 2, float32(r.Dy()), withAlpha(BookmarkColor, 0x60))
		f.Rect(x-1, y, 8, 7, BookmarkColor)
	}
}

// withAlpha is c at alpha a (premultiplied).
func withAlpha(c color.RGBA, a uint8) color.RGBA {
	f := func(v uint8) uint8 { return uint8(uint16(v) * uint16(a) / 0xff) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), a}
}

// Draw lists the marks at the top right of the viewport vp (F4), the one
// at or before the cursor highlighted, and the label box when typing.
func (m *Marks) Draw(f *render.Flat, vp image.Rectangle, cursor int) {
	lh := f.LineHeight() + 2
	if m.Shown {
		list := m.List()
		const w = 260
		rows := min(len(list), 20)
		x := float32(vp.Max.X) - w - 8
		y := float32(vp.Min.Y) + 32 // below the camera's hint line
		f.Rect(x, y, w, lh*float32(rows+1)+12, BoxColor)
		title := fmt.Sprintf("Bookmarks (%d)   L mark · PgUp/PgDn jump", len(list))
		if m.Sidecar == nil {
			title = "Bookmarks: off"
		}
		f.Text(x+8, y+6, title, HeadColor)
		cur := cursor
		first := 0
		for i, b := range list {
			if b.Tick <= cur {
				first = max(0, i-rows+1)
			}
		}
		for k, b := range list[first : first+rows] {
			col := TextColor
			if b.Tick == cur {
				col = BookmarkColor
			}
			line := fmt.Sprintf("%6d  %s", b.Tick, b.Label)
			f.Text(x+8, y+6+lh*float32(k+1), Clip(f.Measure, line, w-16), col)
		}
	}
	if m.Editing {
		m.drawLabelBox(f, vp, cursor)
	}
}

// drawLabelBox is the box the label for the cursor's tick is typed in.
func (m *Marks) drawLabelBox(f *render.Flat, vp image.Rectangle, cursor int) {
	const w = 420
	x := float32(vp.Min.X) + (float32(vp.Dx())-w)/2
	y := float32(vp.Min.Y) + float32(vp.Dy())/3
	lh := f.LineHeight()
	f.Rect(x, y, w, 2*lh+24, BoxColor)
	f.Rect(x, y, w, 2, BookmarkColor)
	f.Text(x+10, y+8, fmt.Sprintf("Bookmark tick %d — Enter keeps, Esc drops", cursor), DimColor)
	label := Clip(f.Measure, string(m.Text), w-24)
	f.Text(x+10, y+12+lh, label, TextColor)
	f.Rect(x+11+f.Measure(label), y+12+lh, 2, lh, TextColor) // the caret
}

// StartLabel gives the label box the keyboard, holding label.
func (m *Marks) StartLabel(label string) {
	m.Editing = true
	m.Text = append(m.Text[:0], []rune(label)...)
}

// Keys reads the keyboard for the label box.
func (m *Marks) Keys() BoxKeys {
	k := ReadBoxKeys(m.chars)
	m.chars = k.Chars
	return k
}

// Type applies what was typed into the label box this tick: characters,
// Backspace, Enter (keep: the label is handed back) and Esc (drop).
func (m *Marks) Type(chars []rune, backspace, enter, escape bool) (label string, keep bool) {
	m.Text, _ = TypeInto(m.Text, chars, backspace, bookmarks.MaxLabel)
	switch {
	case escape:
		m.Editing = false
	case enter:
		m.Editing = false
		return string(m.Text), true
	}
	return "", false
}
