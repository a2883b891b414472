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
func (rs *resizer) edgeAt(a *app, pt image.Point) resizeEdge {
	if !a.panels.Open.Right || a.lay.Right.Empty() {
		return edgeNone
	}
	r := a.lay.Right
	if pt.Y >= r.Min.Y && pt.Y < r.Max.Y && pt.X >= r.Min.X-edgeGrab && pt.X <= r.Min.X+edgeGrab {
		return edgeRight
	}
	if pt.X > r.Min.X+edgeGrab && pt.X < r.Max.X {
		if y := rs.splitY(a); pt.Y >= y-edgeGrab && pt.Y <= y+edgeGrab {
			return edgeSplit
		}
	}
	return edgeNone
}

// splitY is the line between the inspector and the pipeline panel.
func (rs *resizer) splitY(a *app) int { return (a.lay.Inspector.Max.Y + a.lay.PipeTitle.Min.Y) / 2 }

// resizeMouse handles a drag of a panel edge; it reports whether the mouse
// is the resizer's this tick (the camera and the panels then leave it).
func (rs *resizer) resizeMouse(a *app, in camera.Input, pressed bool) bool {
	pt := image.Pt(int(in.X), int(in.Y))
	if pressed && rs.drag == edgeNone {
		switch rs.drag = rs.edgeAt(a, pt); rs.drag {
		case edgeRight:
			rs.grab = pt.X - a.lay.Right.Min.X
		case edgeSplit:
			rs.grab = pt.Y - rs.splitY(a)
		}
	}
	if !in.Left {
		if rs.drag != edgeNone {
			a.nav.savePanels(a) // navigate.go
		}
		rs.drag = edgeNone
	}
	rs.hover = rs.edgeAt(a, pt)
	switch rs.drag {
	case edgeRight:
		rs.setRightWidth(a, a.w-(pt.X-rs.grab))
	case edgeSplit:
		// splitY sits a few pixels below the share's line (the pipeline
		// title's gap); keep that offset out of the share.
		r := a.lay.Right
		line := r.Min.Y + r.Dy()*a.panels.Share()/1000
		y := pt.Y - rs.grab - (rs.splitY(a) - line)
		rs.setSplit(a, (y-r.Min.Y)*1000/max(r.Dy(), 1))
	}
	if !a.headless() {
		shape := ebiten.CursorShapeDefault
		switch max(rs.drag, rs.hover) {
		case edgeRight:
			shape = ebiten.CursorShapeEWResize
		case edgeSplit:
			shape = ebiten.CursorShapeNSResize
		}
		ebiten.SetCursorShape(shape)
	}
	return rs.drag != edgeNone
}

// setRightWidth sets the right column's width (panelState.setRightWidth
// keeps it within the window).
func (rs *resizer) setRightWidth(a *app, w int) {
	if a.panels.SetRightWidth(w, a.w) {
		a.relayout()
	}
}

// setSplit sets the inspector's share of the right column, per mille.
func (rs *resizer) setSplit(a *app, s int) {
	if a.panels.SetSplit(s) {
		a.relayout()
	}
}

// edgeColor marks an edge under the mouse or being dragged.
var edgeColor = color.RGBA{0x5a, 0x8c, 0xc8, 0xff}

// drawEdge shows the edge the mouse can drag.
func (rs *resizer) drawEdge(a *app) {
	r := a.lay.Right
	switch max(rs.drag, rs.hover) {
	case edgeRight:
		a.top.Rect(float32(r.Min.X), float32(r.Min.Y), 2, float32(r.Dy()), edgeColor)
	case edgeSplit:
		a.top.Rect(float32(r.Min.X), float32(rs.splitY(a)-1), float32(r.Dx()), 2, edgeColor)
	}
}
