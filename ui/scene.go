// What the viewport's overlays and the timeline read each frame: the
// selected reading's state at the cursor, its records so far, the view's
// scale and focus for the level of detail, and how far the pre-run has got.

package ui

import (
	"math"

	"glidepath/ui/camera"
	"glidepath/ui/overlay"
	"glidepath/ui/timeline"
)

// fillScene points the overlays' scene at the cursor's state.
func (a *app) fillScene(view *camera.View) {
	r := a.sess.Cur()
	sc := &a.scene
	sc.Snap, sc.History, sc.Index = &r.Snap, r.Hist, r.Index
	sc.TickRate = r.Info.TickRate
	sc.Selected, sc.Hovered = a.sel.GUID, a.sel.Hover
	sc.Stage = a.panels.Stepper.Stage()
	sc.MetresPerPixel = view.MetresPerPixel(view.Target)
	vp := a.viewport()
	sc.Focus = view.Target
	sc.FocusRadius = sc.MetresPerPixel * math.Hypot(vp.W, vp.H) / 2
	sc.BodyColor = overlay.BodyColor
	sc.Client = a.opts.Client
	sc.TopDown = view.Mode == camera.TopDown
	sc.Geometry = &a.geometry
	a.geometry.Near(r.Info.World, &r.Snap, a.sel.GUID, view.Target, sc.FocusRadius)
	sc.Compared = sc.Compared[:0]
	if len(a.sess.Runs) > 1 {
		sc.BodyColor = r.Color
		for i, o := range a.sess.Runs {
			if i != a.sess.Sel {
				sc.Compared = append(sc.Compared, overlay.Compared{Snap: &o.Snap, Color: o.Color})
			}
		}
	}
}

// timelineData is what the strip shows.
func (a *app) timelineData() *timeline.Data {
	r := a.sess.Cur()
	d := &timeline.Data{Index: r.Index, History: r.Hist, Info: r.Info, Selected: a.sel.GUID}
	if !a.sess.Ready {
		d.Partial, d.Computed = true, a.sess.Frontier
	}
	if a.opts.Client != nil {
		d.ClientError, d.Divergence = a.clientError, a.divergence
		if a.opts.Client.Following() {
			d.ClientGrowing, d.ClientThrough = true, a.opts.Client.CompleteThrough()
		}
	}
	if len(a.sess.Runs) > 1 {
		// One row per run in every lane, in the legend's colours.
		d.Stack, d.StackSel = a.stack[:0], a.sess.Sel
		for i, o := range a.sess.Runs {
			d.Stack = append(d.Stack, timeline.Stacked{Index: o.Index, History: o.Hist, Info: o.Info, Color: o.Color, Name: a.sess.RunName(i), Scale: a.sess.Scale(o)})
		}
		a.stack = d.Stack
	}
	if a.tl.PlotFiltered && a.filt.Expr != nil && r.Hist != nil {
		// The plot's objects: every tracked object the filter keeps.
		d.Filtered = a.plotted[:0]
		for i := range r.Hist.Tracks() {
			if g := r.Hist.Tracks()[i].GUID; a.filt.Keeps(r, g) {
				d.Filtered = append(d.Filtered, g)
			}
		}
		a.plotted = d.Filtered
	}
	return d
}
