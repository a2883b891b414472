// Received positions: where the last UpdatePositions said each body was
// (seed 004 §2), newest brightest, so the gap between what arrived and where
// the body glides is visible.

package overlay

import (
	"glidepath/engine/eventlog"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

var receivedKinds = model.Filter{Kinds: model.KindSet(eventlog.EventRoute)}

func (d *Drawer) received(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		d.ids = sc.Index.Recent(o.GUID, receivedKinds, 0, sc.Snap.Tick, ReceivedShown, d.ids[:0])
		for k, id := range d.ids {
			e := sc.Index.Event(int(id))
			if !e.HasReceived {
				continue
			}
			a := 1 - 0.75*float32(k)/float32(ReceivedShown)
			c.Marker(e.Received, draw.Marker{Shape: draw.Square, Radius: 3, Color: draw.Fade(ReceivedColor, a)})
		}
	}
}
