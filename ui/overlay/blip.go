// Blips (seed 000 §6): the from → to arrow of each blip with a flash that
// fades over FlashSeconds of ticks, and markers that stay at both ends — a
// cross where the body left, a ring where it landed — for the last few.

package overlay

import (
	"glidepath/engine/eventlog"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

var blipKinds = model.Filter{Kinds: model.KindSet(eventlog.EventBlip)}

func (d *Drawer) blips(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		d.ids = sc.Index.Recent(o.GUID, blipKinds, 0, sc.Snap.Tick, BlipsKept, d.ids[:0])
		for _, id := range d.ids {
			e := sc.Index.Event(int(id))
			if age := sc.age(e.Tick); age < 1 {
				f := 1 - age
				c.Arrow(e.From, e.To, draw.Stroke{Width: 2 + 3*f, Color: draw.Fade(BlipColor, 0.35+0.65*f)})
				c.Marker(e.To, draw.Marker{Shape: draw.Dot, Radius: 5 + 9*f, Color: draw.Fade(BlipColor, 0.6*f)})
			} else {
				c.Line(e.From, e.To, draw.Stroke{Width: 1, Color: draw.Fade(BlipColor, 0.35)})
			}
			c.Marker(e.From, draw.Marker{Shape: draw.Cross, Radius: 5, Color: BlipColor})
			c.Marker(e.To, draw.Marker{Shape: draw.Ring, Radius: 5, Color: BlipColor})
		}
	}
}
