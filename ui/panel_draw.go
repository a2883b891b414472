// Drawing the panels' content over their ebitenui backgrounds: the object
// list, the legend, the inspector and the pipeline panel, each clipped to
// its rectangle by leaving out what does not fit; then what goes over
// everything (the caption, the boxes, the help), and the pre-run's
// progress before the first frame.

package ui

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/inspect"
	"glidepath/ui/panel"
	"glidepath/ui/session"
)

// drawPanels draws the shown panels' content.
func (a *app) drawPanels() {
	f := a.flat
	if a.panels.Open.Left {
		a.list.Draw(f, a.lay.List, a.sel.GUID)
		a.list.Scroll.DrawBar(f, a.lay.List)
		a.legend.Draw(f, a.lay.Legend, a.layers)
	}
	if a.panels.Open.Right {
		a.panels.Insp.Draw(f, a.lay.Inspector)
		a.panels.Insp.Scroll.DrawBar(f, a.lay.Inspector)
		a.panels.Pipe.Draw(f, a.lay.Pipeline, a.panels.Stepper.Stage())
		a.panels.Pipe.Scroll.DrawBar(f, a.lay.Pipeline)
	}
}

// drawOverlays draws, in the top batch, what goes over everything else: the
// caption, the timeline's hover details and the help.
func (a *app) drawOverlays() {
	if a.help {
		// Alone: text is drawn over every box, so another layer's words
		// would show through the help's.
		a.drawHelp()
		return
	}
	vp := a.lay.Viewport
	r := a.sess.Cur()
	// The latest note within the last few seconds, as a caption.
	// The status line's tooltip and the go-to, filter and open boxes cover
	// the caption; its words would show through.
	box := a.open.Active || a.nav.box.On || a.filt.BoxOn
	if n := panel.CaptionNote(r.Info.Notes, r.Snap.Tick, r.Info.TickRate); n != nil && !a.tour.Active() && !a.bar.statusTipShown(a) && !a.msgs.On && !box {
		panel.DrawCaption(a.top, n.Text, a.marks.captionArea(a, vp), a.sel.Follow && a.sel.GUID != 0)
	}
	a.tour.Draw(a.top, vp)
	panel.DrawReadingLegend(a.top, vp, a.sess)
	a.split.drawSplitNames(a) // split.go
	if a.panels.Open.Timeline {
		a.tl.DrawHover(a.top)
	}
	a.marks.Draw(a.top, a.lay.Viewport, a.pb.Cursor())
	a.msgs.Draw(a.top, a.pb.Cursor())
	a.open.Draw(a.top, a.lay.Viewport)
	a.nav.box.Draw(a.top, a.lay.Viewport)
	a.filt.Draw(a.top, a.lay.Viewport)
	a.rs.drawEdge(a)
	a.bar.drawStatusTip(a)
}

// drawLoading shows the pre-run's progress (or its error) in the middle of
// the window.
func (a *app) drawLoading(screen *ebiten.Image) {
	f := a.flat
	f.Reset()
	w, h := float32(a.w), float32(a.h)
	bw := min(w-40, 480)
	x, y := (w-bw)/2, h/2
	p := float32(a.sess.Progress())
	msg := fmt.Sprintf("Pre-running %s: %.0f %%", a.opts.Sources[0].Info().File, 100*p)
	if a.sess.Err != nil {
		msg = "Pre-run failed: " + a.sess.Err.Error()
	}
	f.Text(x, y-24, msg, panel.TextColor)
	f.Rect(x, y, bw, 12, panel.RowHover)
	f.Rect(x, y, bw*min(max(p, 0), 1), 12, panel.BarColor)
	if err := a.renderer.DrawFlat(screen, f); err != nil {
		a.shotErr, a.shotDone = err, true
	}
}

// drawHelp lists every key and gesture, centred over the window.
func (a *app) drawHelp() {
	var keys [][2]string
	for _, b := range a.in.keys {
		if b.name != "" {
			keys = append(keys, [2]string{b.name, b.help})
		}
	}
	keys = append(keys, ctrlHelp...) // navigate.go
	panel.DrawHelp(a.top, a.w, a.h, keys)
}

// updateInspector hands the inspector the selection's lines at r's cursor:
// the state after the tick, or before it (V), with the client's beside
// them (-against).
func (a *app) updateInspector(r *session.Run) {
	key := [4]int64{int64(r.Snap.Tick), int64(a.sel.GUID), int64(a.sess.Sel), 0}
	if a.panels.Before {
		key[3] = 1
	}
	a.panels.Insp.Update(a.flat, a.lay.Inspector, key, a.sel.GUID, func() ([]inspect.Line, bool) {
		o := a.selectedObject()
		tick := r.Snap.Tick
		if b := a.before.beforeObject(a, r); b != nil {
			o, tick = b, tick-1
		}
		if o == nil {
			return nil, false
		}
		lines := append(a.before.beforeAfterLines(a, r), inspect.Inspect(o, tick, r.Info.TickRate)...)
		return a.clientLines(lines, o, tick), true
	})
}
