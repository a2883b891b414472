// The panels' state: which panels are open and the right column's sizes
// (what layout.go places), the inspector's and pipeline panel's content
// and scroll, the pipeline panel's stage stepping and whether the
// inspector shows the state before the tick (V). Only these methods, and
// those of the parts it holds (inspector, pipelinePanel, scroller,
// pipeline.Stepper), change it; the app relayouts when a method reports a
// change. The bookmarks panel is the bookmarks' own (bookmarks.go).

package ui

import "glidepath/ui/pipeline"

// panelState owns the panels.
type panelState struct {
	open    openPanels
	moved   bool // a size changed since the settings were saved
	stepper pipeline.Stepper
	before  bool // the inspector shows the state before the tick
	insp    inspector
	pipe    pipelinePanel
}

// newPanelState opens every panel at its default size, the pipeline panel
// showing the whole tick.
func newPanelState() panelState {
	return panelState{open: openPanels{left: true, right: true, timeline: true}, stepper: pipeline.NewStepper()}
}

// panelID names a panel that a key opens and closes.
type panelID uint8

const (
	panelLeft panelID = iota
	panelRight
	panelTimeline
)

// toggle opens or closes a panel.
func (p *panelState) toggle(id panelID) {
	switch id {
	case panelLeft:
		p.open.left = !p.open.left
	case panelRight:
		p.open.right = !p.open.right
	case panelTimeline:
		p.open.timeline = !p.open.timeline
	}
}

// setOpen opens the panels a remembered view had open.
func (p *panelState) setOpen(left, right, timeline bool) {
	p.open.left, p.open.right, p.open.timeline = left, right, timeline
}

// setSizes takes the remembered sizes (0: the default); they are not a
// change to save.
func (p *panelState) setSizes(rightW, split int) { p.open.rightW, p.open.split = rightW, split }

// setRightWidth sets the right column's width, kept between its default
// (the queue table's columns need it) and what leaves the viewport its
// minimum in a window w wide; it reports whether the width changed.
func (p *panelState) setRightWidth(width, w int) bool {
	left := 0
	if p.open.left {
		left = leftWidth
	}
	width = max(min(width, w-left-minViewport), rightWidth)
	if width == p.open.rightW {
		return false
	}
	p.open.rightW, p.moved = width, true
	return true
}

// share is the inspector's share of the right column, per mille.
func (p *panelState) share() int {
	if p.open.split > 0 {
		return p.open.split
	}
	return defaultSplit
}

// setSplit sets the inspector's share of the right column, per mille,
// kept within minSplit and maxSplit; it reports whether it changed.
func (p *panelState) setSplit(s int) bool {
	s = max(min(s, maxSplit), minSplit)
	if s == p.open.split {
		return false
	}
	p.open.split, p.moved = s, true
	return true
}

// takeMoved reports whether a size changed since it was last asked, and
// forgets it (the settings are being saved).
func (p *panelState) takeMoved() bool {
	m := p.moved
	p.moved = false
	return m
}

// toggleBefore flips the inspector between the state after the tick and
// the state before it (V).
func (p *panelState) toggleBefore() { p.before = !p.before }
