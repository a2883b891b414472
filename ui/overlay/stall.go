// Stall windows (seed 000 §4): a ring around each interpolating body filling
// over the 5 frames of the current window, coloured by the progress so far
// against MIN_DISTANCE_TO_REACH_POSITION (0.20 m), and a burst at the body
// for a second after a window fails.

package overlay

import (
	"image/color"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

var stallFailures = model.Filter{Kinds: model.KindSet(eventlog.EventStallWindow), FailOnly: true}

func (d *Drawer) stalls(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		pos := model.Global(&o.Position)
		if len(o.Queue) > 0 {
			w := o.Interp.Window
			c.Marker(pos, draw.Marker{
				Shape: draw.Arc, Radius: 9, Color: WindowColor(w),
				Progress: float32(w.Frames) / float32(interp.StallCheckFrameInterval),
			})
		}
		if sc.Index == nil {
			continue
		}
		d.ids = sc.Index.Recent(o.GUID, stallFailures, sc.Snap.Tick-sc.flashTicks()+1, sc.Snap.Tick, 1, d.ids[:0])
		if len(d.ids) > 0 {
			f := 1 - sc.age(sc.Index.Tick(int(d.ids[0])))
			c.Marker(pos, draw.Marker{Shape: draw.Burst, Radius: 10 + 8*f, Color: draw.Fade(StallFailColor, f)})
		}
	}
}

// WindowColor colours a stall window by its progress so far: green once
// the cumulative progress reaches 0.20 m (or before a baseline, when the
// window passes whatever happens), amber while short of it, red without
// any progress.
func WindowColor(w interp.StallWindow) color.RGBA {
	switch {
	case !w.HasBaseline || w.Cumulative >= interp.MinDistanceToReachPosition:
		return StallPassColor
	case w.Cumulative > 0:
		return StallShortColor
	}
	return StallFailColor
}
