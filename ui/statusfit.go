// The status line never runs off the top bar: a line wider than the room
// left after the buttons ends in "…", and the whole line shows, wrapped,
// under the bar while the mouse is over it.

package ui

import (
	"image"

	"glidepath/ui/panel"
	"glidepath/ui/timeline"
)

// statusBar is the top bar: its text and the last message, shown for a
// few seconds (app.say).
type statusBar struct {
	status       string
	statusFull   string // the status line before fitLine shortened it
	statusFrames int
}

// statusRect is where the status line is drawn in the top bar.
func (sb *statusBar) statusRect(a *app) image.Rectangle {
	return image.Rect(a.gui.statusX, 0, a.lay.W-6, panel.TopBarHeight)
}

// setStatus puts the status line in the top bar, shortened to fit.
func (sb *statusBar) setStatus(a *app) {
	if line := sb.statusLine(a); line != sb.statusFull {
		sb.statusFull = line
		a.idler.wake() // a changed line is drawn, not left behind
	}
	a.gui.status.Label = panel.FitLine(a.flat, sb.statusFull, float32(sb.statusRect(a).Dx()))
}

// statusTipShown reports whether the mouse is over a shortened status line.
func (sb *statusBar) statusTipShown(a *app) bool {
	return a.gui.status.Label != sb.statusFull && a.in.mouse.In(sb.statusRect(a))
}

// drawStatusTip shows the whole status line under the top bar while the
// mouse is over a shortened one.
func (sb *statusBar) drawStatusTip(a *app) {
	if !sb.statusTipShown(a) {
		return
	}
	f := a.top
	x := float32(sb.statusRect(a).Min.X)
	lines := timeline.WrapText(f, sb.statusFull, float32(a.w)-x-16)
	w := float32(0)
	for _, l := range lines {
		w = max(w, f.Measure(l))
	}
	lh := f.LineHeight() + 2
	y := float32(panel.TopBarHeight + 4)
	f.Rect(x-6, y-4, w+12, lh*float32(len(lines))+8, panel.BoxColor)
	for k, l := range lines {
		f.Text(x, y+float32(k)*lh, l, panel.TextColor)
	}
}
