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
)

// startFilter opens the filter box holding the expression in force.
func (a *app) startFilter() {
	if a.boxHasKeys() {
		return
	}
	a.filt.Start()
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
	a.filt.Set(e)
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
	text, submit := a.filt.Type(chars, backspace, enter, escape)
	if !submit {
		return
	}
	if err := a.setFilter(text); err != nil {
		a.say(err.Error()) // the box stays open
		return
	}
	a.filt.Close()
}

// readFilterKeys reads the keyboard for the filter box.
func (a *app) readFilterKeys() {
	k := a.filt.Keys()
	a.typeFilter(k.Chars, k.Backspace, k.Enter, k.Escape)
}
