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
	r := a.sess.cur()
	sc := &a.scene
	sc.Snap, sc.History, sc.Index = &r.snap, r.hist, r.index
	sc.TickRate = r.info.TickRate
	sc.Selected, sc.Hovered = a.sel.guid, a.sel.hover
	sc.Stage = a.panels.stepper.Stage()
	sc.MetresPerPixel = view.MetresPerPixel(view.Target)
	vp := a.viewport()
	sc.Focus = view.Target
	sc.FocusRadius = sc.MetresPerPixel * math.Hypot(vp.W, vp.H) / 2
	sc.BodyColor = overlay.BodyColor
	sc.Client = a.opts.Client
	sc.Compared = sc.Compared[:0]
	if len(a.sess.runs) > 1 {
		sc.BodyColor = r.color
		for i, o := range a.sess.runs {
			if i != a.sess.sel {
				sc.Compared = append(sc.Compared, overlay.Compared{Snap: &o.snap, Color: o.color})
			}
		}
	}
}

// timelineData is what the strip shows.
func (a *app) timelineData() *timeline.Data {
	r := a.sess.cur()
	d := &timeline.Data{Index: r.index, History: r.hist, Info: r.info, Selected: a.sel.guid}
	if !a.sess.ready {
		d.Partial, d.Computed = true, a.sess.frontier
	}
	if a.opts.Client != nil {
		d.ClientError, d.Divergence = a.clientError, a.divergence
	}
	if len(a.sess.runs) > 1 {
		// One row per run in every lane, in the legend's colours.
		d.Stack, d.StackSel = a.stack[:0], a.sess.sel
		for i, o := range a.sess.runs {
			d.Stack = append(d.Stack, timeline.Stacked{Index: o.index, History: o.hist, Info: o.info, Color: o.color, Name: a.runName(i), Scale: a.sess.scale(o)})
		}
		a.stack = d.Stack
	}
	if a.tl.PlotFiltered && a.filt.expr != nil && r.hist != nil {
		// The plot's objects: every tracked object the filter keeps.
		d.Filtered = a.plotted[:0]
		for i := range r.hist.Tracks() {
			if g := r.hist.Tracks()[i].GUID; a.keeps(r, g) {
				d.Filtered = append(d.Filtered, g)
			}
		}
		a.plotted = d.Filtered
	}
	return d
}
