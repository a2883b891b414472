// Level of detail: with a crowd on screen (more than DetailAll objects),
// the per-object overlays — trails, received positions, queues, blips,
// stall windows, stage vectors, truth ghosts — are drawn only for the
// selection, the body under the cursor, and bodies near what the view looks
// at once it is zoomed in far enough to tell them apart; the other bodies
// too small to see are drawn as markers. A thousand queues and trails at a
// few pixels each are noise, and they cost most of a frame.

package overlay

import (
	"math"

	"glidepath/ui/model"
)

// Level-of-detail tuning (Glidepath's choices).
const (
	// DetailAll is the most objects for which every object gets every
	// overlay.
	DetailAll = 300
	// DetailPixels is how wide on screen, pixels, a crowd's bodies must be
	// for those near the view's focus to get their overlays.
	DetailPixels = 10.0
)

// detailed works out, once per frame, which objects get their overlays.
func (d *Drawer) detailed(sc *Scene) {
	objs := sc.Snap.Objects
	if cap(d.detail) < len(objs) {
		d.detail = make([]bool, len(objs))
	}
	d.detail = d.detail[:len(objs)]
	crowd := len(objs) > DetailAll
	for i := range objs {
		o := &objs[i]
		d.detail[i] = !crowd || o.GUID == sc.Selected || o.GUID == sc.Hovered || sc.near(model.Global(&o.Position), float64(o.Radius))
	}
}

// near reports whether a body of radius at p is close to the view's focus
// and wide enough on screen for its overlays.
func (sc *Scene) near(p [3]float64, radius float64) bool {
	if sc.MetresPerPixel <= 0 || 2*radius/sc.MetresPerPixel < DetailPixels {
		return false
	}
	if sc.FocusRadius <= 0 {
		return true
	}
	return math.Hypot(p[0]-sc.Focus[0], p[1]-sc.Focus[1]) <= sc.FocusRadius
}
