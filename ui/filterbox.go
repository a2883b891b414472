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
)

// filterBox is the filter (panel.Filter) with Ctrl+F's box.
type filterBox struct{ panel.Filter }

// startFilter opens the filter box holding the expression in force.
func (fb *filterBox) startFilter(a *app) {
	if a.boxHasKeys() {
		return
	}
	fb.Start()
}

// setFilter parses text and puts it in force; it reports the error of a
// bad expression (engine/filter's, naming the column).
func (fb *filterBox) setFilter(a *app, text string) error {
	e, err := filter.Parse(text, filter.Kinds())
	if err != nil {
		return err
	}
	if e.Empty() {
		e = nil
	}
	fb.Set(e)
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
func (fb *filterBox) typeFilter(a *app, chars []rune, backspace, enter, escape bool) {
	text, submit := fb.Type(chars, backspace, enter, escape)
	if !submit {
		return
	}
	if err := fb.setFilter(a, text); err != nil {
		a.say(err.Error()) // the box stays open
		return
	}
	fb.Close()
}

// readFilterKeys reads the keyboard for the filter box.
func (fb *filterBox) readFilterKeys(a *app) {
	k := fb.Keys()
	fb.typeFilter(a, k.Chars, k.Backspace, k.Enter, k.Escape)
}
