// Trails: where each body was over the last TrailSeconds, read from the
// run's History and sampled to at most TrailPoints points, fading towards
// the oldest. They are drawn at the bodies' own heights rather than draped
// on the terrain: the bodies already stand on it, and draping cut every
// trail into pieces, the largest cost of a crowded frame.

package overlay

import (
	"glidepath/ui/draw"
)

func (d *Drawer) trails(c draw.Canvas, sc *Scene) {
	ticks := TrailSeconds * max(sc.TickRate, 1)
	step := max((ticks+TrailPoints-1)/TrailPoints, 1)
	from := sc.Snap.Tick - ticks
	// Align the samples to the tick grid so a trail does not shimmer as
	// the cursor moves.
	from -= from % step
	s := draw.Stroke{Width: 1.5, Color: draw.Fade(TrailColor, 0.8), Fade: 1}
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		d.pts = sc.History.Trail(o.GUID, from, sc.Snap.Tick, step, d.pts[:0])
		if len(d.pts) >= 2 {
			c.Polyline(d.pts, s)
		}
	}
}
