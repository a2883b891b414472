// The scene the viewport shows until the engine supplies snapshots: the
// terrain of one flat landblock, 0xA9B4, and the observer at its centre.
// Overlays that read engine state will draw through the same draw.Canvas.

package ui

import (
	"image/color"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/render"
)

// demoLandblock is the landblock the empty viewer shows: 0xXXYY.
const demoLandblock = 0xA9B4

var (
	observerColor = color.RGBA{0xff, 0xd2, 0x3c, 0xff}
	labelColor    = color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
)

// scene is what the viewport draws.
type scene struct {
	terrain  *render.Terrain
	observer draw.Vec3
	focus    draw.Vec3 // where the camera starts
}

// newDemoScene builds the flat landblock 0xA9B4 with the observer in the
// middle.
func newDemoScene() (*scene, error) {
	x0 := float64(demoLandblock>>8) * physics.LandblockLength
	y0 := float64(demoLandblock&0xFF) * physics.LandblockLength
	t, err := render.NewTerrain(render.TerrainSpec{
		MinX: x0, MinY: y0, MaxX: x0 + physics.LandblockLength, MaxY: y0 + physics.LandblockLength,
	})
	if err != nil {
		return nil, err
	}
	mid := draw.Vec3{x0 + physics.LandblockLength/2, y0 + physics.LandblockLength/2, 0}
	return &scene{terrain: t, observer: mid, focus: mid}, nil
}

// bounds is the box frame-all fits.
func (s *scene) bounds() (lo, hi draw.Vec3) {
	lo, hi = s.terrain.Bounds()
	for i := range 3 {
		lo[i] = min(lo[i], s.observer[i])
		hi[i] = max(hi[i], s.observer[i])
	}
	return lo, hi
}

// draw draws the scene's world-space content.
func (s *scene) draw(c draw.Canvas, selected uint32) {
	c.Marker(s.observer, draw.Marker{Shape: draw.Diamond, Radius: 7, Color: observerColor})
	c.Text(s.observer, "observer", labelColor)
}
