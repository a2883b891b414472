// The panels' state: which panels are open and the right column's sizes
// (what ComputeLayout places), the inspector's and pipeline panel's content
// and scroll, the pipeline panel's stage stepping and whether the
// inspector shows the state before the tick (V). Only these methods, and
// those of the parts it holds (Inspector, Pipeline, Scroller,
// pipeline.Stepper), change it; the app relayouts when a method reports a
// change. The bookmarks panel is the bookmarks' own.

package panel

import "glidepath/ui/pipeline"

// State owns the panels.
type State struct {
	Open    Open
	moved   bool // a size changed since the settings were saved
	Stepper pipeline.Stepper
	Before  bool // the inspector shows the state before the tick
	Insp    Inspector
	Pipe    Pipeline
}

// NewState opens every panel at its default size, the pipeline panel
// showing the whole tick.
func NewState() State {
	return State{Open: Open{Left: true, Right: true, Timeline: true}, Stepper: pipeline.NewStepper()}
}

// ID names a panel that a key opens and closes.
type ID uint8

const (
	Left ID = iota
	Right
	Timeline
)

// Toggle opens or closes a panel.
func (p *State) Toggle(id ID) {
	switch id {
	case Left:
		p.Open.Left = !p.Open.Left
	case Right:
		p.Open.Right = !p.Open.Right
	case Timeline:
		p.Open.Timeline = !p.Open.Timeline
	}
}

// SetOpen opens the panels a remembered view had open.
func (p *State) SetOpen(left, right, timeline bool) {
	p.Open.Left, p.Open.Right, p.Open.Timeline = left, right, timeline
}

// SetSizes takes the remembered sizes (0: the default); they are not a
// change to save.
func (p *State) SetSizes(rightW, split int) { p.Open.RightW, p.Open.Split = rightW, split }

// SetRightWidth sets the right column's width, kept between its default
// (the queue table's columns need it) and what leaves the viewport its
// minimum in a window w wide; it reports whether the width changed.
func (p *State) SetRightWidth(width, w int) bool {
	left := 0
	if p.Open.Left {
		left = LeftWidth
	}
	width = max(min(width, w-left-MinViewport), RightWidth)
	if width == p.Open.RightW {
		return false
	}
	p.Open.RightW, p.moved = width, true
	return true
}

// Share is the inspector's share of the right column, per mille.
func (p *State) Share() int {
	if p.Open.Split > 0 {
		return p.Open.Split
	}
	return DefaultSplit
}

// SetSplit sets the inspector's share of the right column, per mille,
// kept within minSplit and maxSplit; it reports whether it changed.
func (p *State) SetSplit(s int) bool {
	s = max(min(s, MaxSplit), MinSplit)
	if s == p.Open.Split {
		return false
	}
	p.Open.Split, p.moved = s, true
	return true
}

// Moved reports whether a size changed since TakeMoved was last asked.
func (p *State) Moved() bool { return p.moved }

// TakeMoved reports whether a size changed since it was last asked, and
// forgets it (the settings are being saved).
func (p *State) TakeMoved() bool {
	m := p.moved
	p.moved = false
	return m
}

// ToggleBefore flips the inspector between the state after the tick and
// the state before it (V).
func (p *State) ToggleBefore() { p.Before = !p.Before }
