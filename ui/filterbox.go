// The event filter in the window (Ctrl+F): one expression of the grammar
// `viewer run -filter` takes (engine/filter; docs/viewer.md "Filters"),
// typed in a box. The object list keeps the objects with at least one
// pipeline event the expression matches (or, for a term on guid alone, the
// object itself), and the Messages panel the messages it matches. A bad
// expression keeps the box open with the error, column and all, in the
// status line; an empty one clears the filter.

package ui

import (
	"glidepath/engine/filter"
	"glidepath/ui/panel"
	"glidepath/ui/session"
)

// filterState is the box and the expression in force.
type filterState struct {
	boxOn bool
	text  []rune
	chars []rune
	expr  *filter.Expr // nil: no filter
	// keep is, per run, the guids with a matching event; built when the
	// expression or the runs change.
	keep    map[uint32]bool
	keepFor *session.Run
	keepN   int // the log's length keep was built from
}

// startFilter opens the filter box holding the expression in force.
func (a *app) startFilter() {
	if a.boxHasKeys() {
		return
	}
	a.filt.boxOn = true
	a.filt.text = a.filt.text[:0]
	if a.filt.expr != nil {
		a.filt.text = append(a.filt.text, []rune(a.filt.expr.String())...)
	}
}

// setFilter parses text and puts it in force; it reports the error of a
// bad expression (engine/filter's, naming the column).
func (a *app) setFilter(text string) error {
	e, err := filter.Parse(text, filter.Kinds())
	if err != nil {
		return err
	}
	if e.Empty() {
		e = nil
	}
	a.filt.expr, a.filt.keep, a.filt.keepFor = e, nil, nil
	a.list.Dirty = true
	a.msgs.Invalidate()
	if e == nil {
		a.say("filter cleared")
	} else {
		a.say("filter: " + e.String())
	}
	return nil
}

// typeFilter applies the keys typed into the filter box.
func (a *app) typeFilter(chars []rune, backspace, enter, escape bool) {
	f := &a.filt
	for _, c := range chars {
		if c >= ' ' && len(f.text) < 400 {
			f.text = append(f.text, c)
		}
	}
	if backspace && len(f.text) > 0 {
		f.text = f.text[:len(f.text)-1]
	}
	switch {
	case escape:
		f.boxOn = false
	case enter:
		if err := a.setFilter(string(f.text)); err != nil {
			a.say(err.Error())
			return
		}
		f.boxOn = false
	}
}

// readFilterKeys reads the keyboard for the filter box.
func (a *app) readFilterKeys() {
	k := panel.ReadBoxKeys(a.filt.chars)
	a.filt.chars = k.Chars
	a.typeFilter(k.Chars, k.Backspace, k.Enter, k.Escape)
}

// keeps reports whether the object list keeps guid under the filter.
func (a *app) keeps(r *session.Run, guid uint32) bool {
	f := &a.filt
	if f.expr == nil {
		return true
	}
	if f.keepFor != r || f.keepN != r.Index.Len() {
		f.keep, f.keepFor, f.keepN = map[uint32]bool{}, r, r.Index.Len()
		for i := range r.Index.Len() {
			e := r.Index.Event(i)
			if it := filter.StoreEvent(&e, r.Info.TickRate); f.expr.Match(&it) {
				f.keep[e.GUID] = true
			}
		}
	}
	if f.keep[guid] {
		return true
	}
	it := filter.Item{GUID: guid, HasGUID: true}
	return f.expr.Match(&it)
}

// drawFilterBox draws the filter box over the viewport.
func (a *app) drawFilterBox() {
	if !a.filt.boxOn {
		return
	}
	panel.DrawTextBox(a.top, a.lay.Viewport, 520, "Filter: blip guid=0x80000A01 · kind=snap,pop · error>2m · tick=400..900", string(a.filt.text))
}
