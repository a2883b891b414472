// Sub-tick stepping (seed 003 §12): the selection's candidate position
// after the stage the pipeline panel is at, a translucent body with the
// path the tick took through the stages up to it.

package overlay

import (
	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

func (d *Drawer) stage(c draw.Canvas, sc *Scene) {
	i := sc.Snap.Find(sc.Selected)
	if i < 0 {
		return
	}
	o := &sc.Snap.Objects[i]
	g := model.Geometry(o)
	if !g.OK {
		return
	}
	d.pts = append(d.pts[:0], g.Pre)
	at, found := g.Pre, false
	for s := range physics.Stage(sc.Stage + 1) {
		if g.Ran[s] {
			at, found = g.Pos[s], true
			d.pts = append(d.pts, at)
		}
	}
	if len(d.pts) >= 2 {
		c.Polyline(d.pts, draw.Stroke{Width: 1.5, Color: StageColor})
	}
	c.Marker(g.Pre, draw.Marker{Shape: draw.Cross, Radius: 5, Color: StageColor})
	if !found {
		return
	}
	c.Body(draw.Body{Pos: at, Radius: float64(o.Radius), Height: float64(o.Height), Heading: float64(o.Heading), Shape: draw.Capsule, Color: draw.Fade(StageColor, 0.6)})
	c.Marker(at, draw.Marker{Shape: draw.Ring, Radius: 7, Color: StageColor})
}
