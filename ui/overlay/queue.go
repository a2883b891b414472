// The interpolation queue (seed 000 §1, §3): the path from the body to the
// head and on to the tail, the head a larger diamond, position nodes dots,
// velocity nodes squares, and numbers for the selection's nodes.

package overlay

import (
	"glidepath/interp"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// queueNumberGap is the least distance, pixels, between two queue numbers.
const queueNumberGap = 18

var queueStroke = draw.Stroke{Width: 1.5, Color: QueueColor}

func (d *Drawer) queues(c draw.Canvas, sc *Scene, numbers bool) {
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		if len(o.Queue) == 0 {
			continue
		}
		d.pts = append(d.pts[:0], model.Global(&o.Position))
		for k := range o.Queue {
			d.pts = append(d.pts, model.Global(&o.Queue[k].Position))
		}
		c.Polyline(d.pts, queueStroke)
		for k := len(o.Queue) - 1; k >= 0; k-- { // the head last, on top
			n := &o.Queue[k]
			m := draw.Marker{Shape: draw.Dot, Radius: 3.5, Color: QueueColor}
			if n.Type != interp.NodePosition {
				m.Shape, m.Color = draw.Square, VelocityNodeColor
			}
			if k == 0 {
				m.Shape, m.Radius, m.Color = draw.Diamond, 6.5, HeadColor
			}
			c.Marker(d.pts[k+1], m)
		}
		if numbers && o.GUID == sc.Selected {
			// Numbers that would overlap the last one drawn are left out
			// (the head's and the tail's always show), so a crowded queue
			// reads 1 … 5 … 10 rather than a blob.
			gap := sc.MetresPerPixel * queueNumberGap
			d.shown = d.shown[:0]
			near := func(a, b int) bool { return gap > 0 && d.pts[a+1].Sub(d.pts[b+1]).Len() < gap }
			for k := range o.Queue {
				if n := len(d.shown); n > 0 && near(k, d.shown[n-1]) {
					if k != len(o.Queue)-1 {
						continue
					}
					if n > 1 { // the tail's number takes the place of the one before
						d.shown = d.shown[:n-1]
					} else {
						continue
					}
				}
				d.shown = append(d.shown, k)
			}
			for _, k := range d.shown {
				c.Tag(d.pts[k+1], d.number(k+1), QueueColor)
			}
		}
	}
}
