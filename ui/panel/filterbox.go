// The filter box (Ctrl+F): the expression typed, the one in force, and
// the objects it keeps.

package panel

import (
	"image"

	"glidepath/engine/filter"
	"glidepath/ui/render"
	"glidepath/ui/session"
)

// Filter is the box and the expression in force.
type Filter struct {
	BoxOn bool
	Text  []rune
	chars []rune
	Expr  *filter.Expr // nil: no filter
	// keep is, per run, the guids with a matching event; built when the
	// expression or the runs change.
	keep    map[uint32]bool
	keepFor *session.Run
	keepN   int // the log's length keep was built from
}

// Start opens the box holding the expression in force.
func (f *Filter) Start() {
	f.BoxOn = true
	f.Text = f.Text[:0]
	if f.Expr != nil {
		f.Text = append(f.Text, []rune(f.Expr.String())...)
	}
}

// Set puts e in force (nil: no filter).
func (f *Filter) Set(e *filter.Expr) { f.Expr, f.keep, f.keepFor = e, nil, nil }

// Close closes the box.
func (f *Filter) Close() { f.BoxOn = false }

// Keys reads the keyboard for the box.
func (f *Filter) Keys() BoxKeys {
	k := ReadBoxKeys(f.chars)
	f.chars = k.Chars
	return k
}

// Type applies the keys typed into the box; Enter hands the text back
// (submit true) for the window to put in force, Esc closes the box.
func (f *Filter) Type(chars []rune, backspace, enter, escape bool) (text string, submit bool) {
	for _, c := range chars {
		if c >= ' ' && len(f.Text) < 400 {
			f.Text = append(f.Text, c)
		}
	}
	if backspace && len(f.Text) > 0 {
		f.Text = f.Text[:len(f.Text)-1]
	}
	switch {
	case escape:
		f.BoxOn = false
	case enter:
		return string(f.Text), true
	}
	return "", false
}

// Keeps reports whether the object list keeps guid, of r, under the
// filter.
func (f *Filter) Keeps(r *session.Run, guid uint32) bool {
	if f.Expr == nil {
		return true
	}
	if f.keepFor != r || f.keepN != r.Index.Len() {
		f.keep, f.keepFor, f.keepN = map[uint32]bool{}, r, r.Index.Len()
		for i := range r.Index.Len() {
			e := r.Index.Event(i)
			if it := filter.StoreEvent(&e, r.Info.TickRate); f.Expr.Match(&it) {
				f.keep[e.GUID] = true
			}
		}
	}
	if f.keep[guid] {
		return true
	}
	it := filter.Item{GUID: guid, HasGUID: true}
	return f.Expr.Match(&it)
}

// Draw draws the filter box over the viewport vp.
func (f *Filter) Draw(fl *render.Flat, vp image.Rectangle) {
	if !f.BoxOn {
		return
	}
	DrawTextBox(fl, vp, 520, "Filter: blip guid=0x80000A01 · kind=snap,pop · error>2m · tick=400..900", string(f.Text))
}
