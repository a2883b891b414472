// Resizing the right column: dragging its left edge widens or narrows the
// inspector and pipeline panel, dragging the gap between the two moves the
// split. Both are remembered per user (ui/settings), not per input: they
// are about the screen, not the recording.

package ui

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
)

// edgeGrab is how close to an edge, pixels, a press grabs it.
const edgeGrab = 4

// resizeEdge is what a drag is resizing.
type resizeEdge uint8

const (
	edgeNone  resizeEdge = iota
	edgeRight            // the right column's left edge: its width
	edgeSplit            // between the inspector and the pipeline panel
)

// resizer follows a drag of a panel edge.
type resizer struct {
	drag  resizeEdge
	hover resizeEdge
	grab  int // the press's distance from the edge, so the edge does not jump
}

// edgeAt is the edge under pt.
func (a *app) edgeAt(pt image.Point) resizeEdge {
	if !a.panels.Open.Right || a.lay.Right.Empty() {
		return edgeNone
	}
	r := a.lay.Right
	if pt.Y >= r.Min.Y && pt.Y < r.Max.Y && pt.X >= r.Min.X-edgeGrab && pt.X <= r.Min.X+edgeGrab {
		return edgeRight
	}
	if pt.X > r.Min.X+edgeGrab && pt.X < r.Max.X {
		if y := a.splitY(); pt.Y >= y-edgeGrab && pt.Y <= y+edgeGrab {
			return edgeSplit
		}
	}
	return edgeNone
}

// splitY is the line between the inspector and the pipeline panel.
func (a *app) splitY() int { return (a.lay.Inspector.Max.Y + a.lay.PipeTitle.Min.Y) / 2 }

// resizeMouse handles a drag of a panel edge; it reports whether the mouse
// is the resizer's this tick (the camera and the panels then leave it).
func (a *app) resizeMouse(in camera.Input, pressed bool) bool {
	pt := image.Pt(int(in.X), int(in.Y))
	if pressed && a.rs.drag == edgeNone {
		switch a.rs.drag = a.edgeAt(pt); a.rs.drag {
		case edgeRight:
			a.rs.grab = pt.X - a.lay.Right.Min.X
		case edgeSplit:
			a.rs.grab = pt.Y - a.splitY()
		}
	}
	if !in.Left {
		if a.rs.drag != edgeNone {
			a.savePanels() // navigate.go
		}
		a.rs.drag = edgeNone
	}
	a.rs.hover = a.edgeAt(pt)
	switch a.rs.drag {
	case edgeRight:
		a.setRightWidth(a.w - (pt.X - a.rs.grab))
	case edgeSplit:
		// splitY sits a few pixels below the share's line (the pipeline
		// title's gap); keep that offset out of the share.
		r := a.lay.Right
		line := r.Min.Y + r.Dy()*a.panels.Share()/1000
		y := pt.Y - a.rs.grab - (a.splitY() - line)
		a.setSplit((y - r.Min.Y) * 1000 / max(r.Dy(), 1))
	}
	if !a.headless() {
		shape := ebiten.CursorShapeDefault
		switch max(a.rs.drag, a.rs.hover) {
		case edgeRight:
			shape = ebiten.CursorShapeEWResize
		case edgeSplit:
			shape = ebiten.CursorShapeNSResize
		}
		ebiten.SetCursorShape(shape)
	}
	return a.rs.drag != edgeNone
}

// setRightWidth sets the right column's width (panelState.setRightWidth
// keeps it within the window).
func (a *app) setRightWidth(w int) {
	if a.panels.SetRightWidth(w, a.w) {
		a.relayout()
	}
}

// setSplit sets the inspector's share of the right column, per mille.
func (a *app) setSplit(s int) {
	if a.panels.SetSplit(s) {
		a.relayout()
	}
}

// edgeColor marks an edge under the mouse or being dragged.
var edgeColor = color.RGBA{0x5a, 0x8c, 0xc8, 0xff}

// drawEdge shows the edge the mouse can drag.
func (a *app) drawEdge() {
	r := a.lay.Right
	switch max(a.rs.drag, a.rs.hover) {
	case edgeRight:
		a.top.Rect(float32(r.Min.X), float32(r.Min.Y), 2, float32(r.Dy()), edgeColor)
	case edgeSplit:
		a.top.Rect(float32(r.Min.X), float32(a.splitY()-1), float32(r.Dx()), 2, edgeColor)
	}
}
