// The mouse: the timeline strip takes what happens over it, the panels'
// lists take clicks and the wheel over them, and the camera takes the rest —
// only gestures that begin inside the viewport, never over a panel or a
// widget (notes/viewport.md, "Keep panel input away from the camera").

package ui

import (
	"image"
	"image/color"

	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/ui/camera"
	"glidepath/ui/render"
	"glidepath/ui/timeline"
)

// updateMouse routes one tick of the mouse.
func (a *app) updateMouse() {
	a.in.shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	a.routeMouse(mouseInput(), inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft), input.UIHovered)
}

// routeMouse routes one tick of mouse input. pressed says the left button
// went down this tick; overWidget that ebitenui has the mouse.
func (a *app) routeMouse(in camera.Input, pressed, overWidget bool) {
	pt := image.Pt(int(in.X), int(in.Y))
	a.in.mouse = pt
	vp := a.viewport()
	if a.resizeMouse(in, pressed) {
		in.Left, pressed = false, false // the edge's, not the panels' or the camera's
	}
	overPanel := a.overPanel(pt) || overWidget || a.rs.hover != edgeNone
	if a.panels.open.timeline {
		tin := timeline.Input{X: in.X, Y: in.Y, Left: in.Left, Right: in.Right, Middle: in.Middle, Wheel: in.Wheel, Shift: a.in.shift}
		if a.tl.Update(tin, !a.cameraDragging(), &a.pb.Playback, a.timelineData()) {
			a.panels.stepper.Reset()
		}
		if g, ok := a.tl.Picked(); ok {
			a.selectObject(g)
			a.sel.SetFollow(true) // picked from a lane: the camera keeps it
		}
	}
	clickedPanel := pressed
	switch {
	case a.msgs.contains(pt):
		a.messagesMouse(pt, in.Wheel, clickedPanel) // messages.go
	case pt.In(a.lay.list) && a.panels.open.left:
		a.list.mouse(a, pt, in.Wheel, clickedPanel)
	case pt.In(a.lay.legend) && a.panels.open.left && clickedPanel:
		if l, ok := a.legend.at(a, pt); ok {
			a.apply(cmdLayer + command(l))
		}
	case pt.In(a.lay.inspector) && a.panels.open.right:
		a.panels.insp.scroll.wheel(in.Wheel)
	case pt.In(a.lay.pipeline) && a.panels.open.right:
		a.panels.pipe.scroll.wheel(in.Wheel)
		if clickedPanel {
			a.panels.pipe.clickFold(a, pt) // pipefold.go
		}
	}
	in.Free = !overPanel && !a.tl.Captured() && !pt.In(a.lay.timeline) && pt.In(a.lay.viewport)
	clicked, x, y := a.ctl.Update(&a.cam, vp, in)
	if clicked {
		id, _ := a.builder.Pick(x, y)
		a.selectObject(id)
		if id == 0 {
			a.sel.SetFollow(false)
		}
	}
	if in.Free && !in.Left && !in.Right {
		id, _ := a.builder.Pick(in.X, in.Y)
		a.sel.Hovering(id)
	} else if !in.Free {
		a.sel.Hovering(0)
	}
	if in.Left && a.sel.Follow && a.cameraDragging() {
		a.sel.SetFollow(false) // dragging the view away stops following
	}
	a.hud.update(&a.cam, vp, in.X, in.Y, a.flat)
}

// overPanel reports whether pt is over a shown panel or the top bar.
func (a *app) overPanel(pt image.Point) bool {
	return a.msgs.contains(pt) || pt.In(a.lay.top) || a.panels.open.left && pt.In(a.lay.left) || a.panels.open.right && pt.In(a.lay.right)
}

// cameraDragging reports whether a camera gesture holds the mouse.
func (a *app) cameraDragging() bool { return a.ctl.Dragging() }

// scroller is a vertical scroll offset, pixels, over content taller than
// its view.
type scroller struct{ y, max, viewH int }

// view is the visible height.
func (s *scroller) view() int { return s.viewH }

// wheelStep is how far one wheel step scrolls a panel.
const wheelStep = 40

func (s *scroller) wheel(w float64) {
	s.y -= int(w * wheelStep)
	s.clamp()
}

// setContent sets how tall the content is against the view's height.
func (s *scroller) setContent(content, view int) {
	s.max, s.viewH = max(content-view, 0), view
	s.clamp()
}

func (s *scroller) clamp() { s.y = min(max(s.y, 0), s.max) }

// scrollbar is the thin bar at the right edge of a scrolled rectangle.
var scrollbarColor = color.RGBA{0x5a, 0x62, 0x6c, 0xff}

// drawBar draws the scrollbar of s over rect, when there is more to see.
func (s *scroller) drawBar(f *render.Flat, rect image.Rectangle) {
	if s.max <= 0 || s.viewH <= 0 {
		return
	}
	content := float32(s.max + s.viewH)
	h := float32(rect.Dy())
	bh := max(h*float32(s.viewH)/content, 12)
	y := float32(rect.Min.Y) + (h-bh)*float32(s.y)/float32(s.max)
	f.Rect(float32(rect.Max.X)+3, y, 3, bh, scrollbarColor)
}
