// The mouse: the timeline strip takes what happens over it, the panels'
// lists take clicks and the wheel over them, and the camera takes the rest —
// only gestures that begin inside the viewport, never over a panel or a
// widget (notes/viewport.md, "Keep panel input away from the camera").

package ui

import (
	"image"

	"github.com/ebitenui/ebitenui/input"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"glidepath/ui/camera"
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
	if a.rs.resizeMouse(a, in, pressed) {
		in.Left, pressed = false, false // the edge's, not the panels' or the camera's
	}
	overPanel := a.overPanel(pt) || overWidget || a.rs.hover != edgeNone
	if a.panels.Open.Timeline {
		tin := timeline.Input{X: in.X, Y: in.Y, Left: in.Left, Right: in.Right, Middle: in.Middle, Wheel: in.Wheel, Shift: a.in.shift}
		if a.tl.Update(tin, !a.cameraDragging(), &a.pb.Playback, a.timelineData()) {
			a.panels.Stepper.Reset()
		}
		if g, ok := a.tl.Picked(); ok {
			selectObject(a, g)
			a.sel.SetFollow(true) // picked from a lane: the camera keeps it
		}
	}
	clickedPanel := pressed
	switch {
	case a.msgs.Contains(pt):
		if tick, ok := a.msgs.Mouse(pt, in.Wheel, clickedPanel, a.pb.Cursor()); ok {
			a.nav.goTo(a, tick)
		}
	case pt.In(a.lay.List) && a.panels.Open.Left:
		if guid, ok := a.list.Mouse(a.lay.List, pt, in.Wheel, clickedPanel); ok {
			selectObject(a, guid)
			a.sel.SetFollow(true) // picked from the list: the camera keeps it
		}
	case pt.In(a.lay.Legend) && a.panels.Open.Left && clickedPanel:
		if l, ok := a.legend.At(a.lay.Legend, pt); ok {
			a.apply(cmdLayer + command(l))
		}
	case pt.In(a.lay.Inspector) && a.panels.Open.Right:
		a.panels.Insp.Scroll.Wheel(in.Wheel)
	case pt.In(a.lay.Pipeline) && a.panels.Open.Right:
		a.panels.Pipe.Scroll.Wheel(in.Wheel)
		if clickedPanel {
			a.panels.Pipe.ClickFold(a.lay.Pipeline, pt)
		}
	}
	in.Free = !overPanel && !a.tl.Captured() && !pt.In(a.lay.Timeline) && pt.In(a.lay.Viewport)
	clicked, x, y := a.ctl.Update(&a.cam, vp, in)
	if clicked {
		id, _ := a.builder.Pick(x, y)
		selectObject(a, id)
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
	a.hud.Update(&a.cam, vp, in.X, in.Y, a.flat)
}

// overPanel reports whether pt is over a shown panel or the top bar.
func (a *app) overPanel(pt image.Point) bool {
	return a.msgs.Contains(pt) || pt.In(a.lay.Top) || a.panels.Open.Left && pt.In(a.lay.Left) || a.panels.Open.Right && pt.In(a.lay.Right)
}

// cameraDragging reports whether a camera gesture holds the mouse.
func (a *app) cameraDragging() bool { return a.ctl.Dragging() }
