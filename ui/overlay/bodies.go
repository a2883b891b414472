// Bodies: each remote as a capsule at its radius and height with a heading
// arrow (airborne ones drop a line to the ground), the selection ringed, a
// dot under bodies too small to see, the compared readings' bodies in their
// colours, the server-truth ghost, and the name labels.

package overlay

import (
	"image/color"

	"glidepath/engine"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

func (d *Drawer) bodies(c draw.Canvas, sc *Scene) {
	for _, cmp := range sc.Compared {
		if cmp.Snap == nil {
			continue
		}
		for i := range cmp.Snap.Objects {
			o := &cmp.Snap.Objects[i]
			// Compared bodies are not pickable: picking selects by guid in
			// the selected reading.
			body(c, sc, o, 0, cmp.Color)
		}
	}
	for i := range sc.Snap.Objects {
		o := &sc.Snap.Objects[i]
		col := sc.BodyColor
		if col.A == 0 {
			col = BodyColor
		}
		pos := model.Global(&o.Position)
		if o.GUID == sc.Selected {
			// Comparing, the body keeps its reading's colour (the
			// legend names it) and the ring alone marks the selection.
			if len(sc.Compared) == 0 {
				col = SelectedColor
			}
			c.Marker(pos, draw.Marker{Shape: draw.Ring, Radius: 11, Color: SelectedColor})
		}
		if !d.detail[i] && small(sc, o) {
			// A crowd's body too small to see: a marker, still pickable.
			c.Body(draw.Body{ID: o.GUID, Pos: pos, Radius: float64(o.Radius), Height: float64(o.Height), Shape: draw.Point, Color: col})
			continue
		}
		body(c, sc, o, o.GUID, col)
	}
}

// small reports whether o's body is narrower on screen than
// SmallBodyPixels.
func small(sc *Scene, o *engine.ObjectView) bool {
	return sc.MetresPerPixel == 0 || 2*float64(o.Radius)/sc.MetresPerPixel < SmallBodyPixels
}

func body(c draw.Canvas, sc *Scene, o *engine.ObjectView, id uint32, col color.RGBA) {
	pos := model.Global(&o.Position)
	c.Body(draw.Body{
		ID: id, Pos: pos, Radius: float64(o.Radius), Height: float64(o.Height), Heading: float64(o.Heading),
		Shape: draw.Capsule, Color: col, Airborne: !o.Contact,
	})
	if small(sc, o) {
		c.Marker(pos, draw.Marker{Shape: draw.Dot, Radius: bodyDotRadius, Color: col})
	}
}

func (d *Drawer) ghosts(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		if !d.detail[i] {
			continue
		}
		o := &sc.Snap.Objects[i]
		if !o.HasTruth {
			continue
		}
		c.Body(draw.Body{
			Pos: model.Global(&o.Truth), Radius: float64(o.Radius), Height: float64(o.Height), Heading: float64(o.Truth.Frame.Heading()),
			Shape: draw.Capsule, Color: GhostColor,
		})
	}
}

// labels names the selection and the body under the cursor.
func (d *Drawer) labels(c draw.Canvas, sc *Scene) {
	for i := range sc.Snap.Objects {
		o := &sc.Snap.Objects[i]
		if o.GUID == 0 || (o.GUID != sc.Selected && o.GUID != sc.Hovered) {
			continue
		}
		c.Text(model.Global(&o.Position).Add(draw.Vec3{0, 0, float64(o.Height)}), o.Name, LabelColor)
	}
}
