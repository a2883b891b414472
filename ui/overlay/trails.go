// Trails: where each body was over the last TrailSeconds, read from the
// run's History and sampled to at most TrailPoints points, fading towards
// the oldest. They are drawn at the bodies' own heights rather than draped
// on the terrain: the bodies already stand on it, and draping cut every
// trail into pieces, the largest cost of a crowded frame.

package overlay

import (
	"glidepath/ui/draw"
)

// TrailFrom is the first tick a trail drawn at tick reads, at tickRate
// ticks a second, and the ticks between its points (a picture's history
// holds its tracks from that tick on: ui/session).
func TrailFrom(tick, tickRate int) (from, step int) {
	ticks := TrailSeconds * max(tickRate, 1)
	step = max((ticks+TrailPoints-1)/TrailPoints, 1)
	from = tick - ticks
	// Align the samples to the tick grid so a trail does not shimmer as
	// the cursor moves.
	from -= from % step
	return from, step
}

func (d *Drawer) trails(c draw.Canvas, sc *Scene) {
	from, step := TrailFrom(sc.Snap.Tick, sc.TickRate)
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
