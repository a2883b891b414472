// Side by side (-layout split, Shift+C): with several readings (-compare)
// or several inputs, the viewport is cut into one column per run, each
// drawing its own run's bodies and overlays through the same camera
// (cameras linked: one target, zoom and direction) at the one cursor, with
// the run's name in its corner. Overlay, every run in one view, stays the
// default.

package ui

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// splitView is side by side: one view per run, cameras linked.
type splitView struct {
	on bool // asked for (Shift+C, -layout split)
}

// splitting reports whether the viewport is drawn side by side.
func (sv *splitView) splitting(a *app) bool { return sv.on && len(a.sess.Runs) > 1 }

// toggleSplit switches between overlay and side by side.
func (sv *splitView) toggleSplit(a *app) {
	if len(a.sess.Runs) < 2 {
		a.say("side by side needs -compare or several inputs")
		return
	}
	sv.on = !sv.on
	if sv.on {
		a.say("side by side: one view per run, cameras linked (Shift+C: overlay)")
	} else {
		a.say("overlay: every run in one view")
	}
}

// splitRects cuts r into n columns of (nearly) equal width, a 2-pixel gap
// between them.
func splitRects(r image.Rectangle, n int) []image.Rectangle {
	out := make([]image.Rectangle, 0, n)
	for i := range n {
		x0 := r.Min.X + r.Dx()*i/n
		x1 := r.Min.X + r.Dx()*(i+1)/n
		if i > 0 {
			x0 += 2
		}
		out = append(out, image.Rect(x0, r.Min.Y, x1, r.Max.Y))
	}
	return out
}

// drawSplit draws one column per run through the shared camera.
func (sv *splitView) drawSplit(a *app, screen *ebiten.Image) {
	sel := a.sess.Sel
	defer func() { a.sess.Sel = sel }()
	for i, rect := range splitRects(a.lay.Viewport, len(a.sess.Runs)) {
		a.sess.Sel = i
		vp := camera.Viewport{X: float64(rect.Min.X), Y: float64(rect.Min.Y), W: float64(rect.Dx()), H: float64(rect.Dy())}
		view := a.cam.View(vp)
		a.builder.Begin(view, a.sess.Terrain)
		a.fillScene(&view)
		a.scene.Compared = a.scene.Compared[:0] // its own run alone
		a.drawer.Draw(a.builder, &a.scene, a.layers)
		a.builder.End()
		dst := screen.SubImage(rect).(*ebiten.Image)
		if err := a.renderer.Draw(dst, a.builder); err != nil {
			a.shotErr, a.shotDone = err, true
			return
		}
	}
}

// drawSplitNames names each column's run in its bottom-left corner.
func (sv *splitView) drawSplitNames(a *app) {
	if !sv.splitting(a) {
		return
	}
	for i, rect := range splitRects(a.lay.Viewport, len(a.sess.Runs)) {
		name := a.sess.RunName(i)
		w := a.top.Measure(name) + 12
		a.top.Rect(float32(rect.Max.X)-w-6, float32(rect.Max.Y)-26, w, 20, panel.BoxColor)
		a.top.Text(float32(rect.Max.X)-w, float32(rect.Max.Y)-24, name, a.sess.Runs[i].Color)
	}
}
