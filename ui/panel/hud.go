// The heads-up lines over the viewport: the camera mode and the controls,
// and the landblock, cell and local coordinates under the cursor. Update
// works the strings out, rebuilding them only when what they show changes;
// Draw only draws them.

package panel

import (
	"fmt"
	"image/color"
	"math"

	"glidepath/engine/hexid"
	"glidepath/physics"
	"glidepath/ui/camera"
	"glidepath/ui/render"
)

var HUDColor = color.RGBA{0xd8, 0xdc, 0xe0, 0xff}

const controlsHelp = "1 top-down · 2 isometric · 3 perspective · A frame all · F follow · H help"

// shortHelp replaces controlsHelp in a viewport too narrow for it.
const shortHelp = "H help"

// HUD holds the heads-up strings.
type HUD struct {
	mode     camera.Mode
	modeText string
	width    float64  // the viewport width modeText was fitted to
	cursor   [2]int64 // global decimetres of the ground under the cursor
	where    string   // empty when the cursor is off the ground or the view
}

// Update refreshes the strings for the camera and the cursor at (x, y);
// m measures text, so the controls line fits the viewport.
func (h *HUD) Update(cam *camera.Camera, vp camera.Viewport, x, y float64, m interface{ Measure(string) float32 }) {
	if h.modeText == "" || h.mode != cam.Mode || h.width != vp.W {
		h.mode, h.width = cam.Mode, vp.W
		h.modeText = cam.Mode.String() + "   " + controlsHelp
		if float64(m.Measure(h.modeText)) > vp.W-20 {
			h.modeText = cam.Mode.String() + "   " + shortHelp
		}
	}
	if !vp.Contains(x, y) {
		h.where = ""
		return
	}
	v := cam.View(vp)
	p, ok := v.GroundPoint(x, y, cam.Target[2])
	if !ok {
		h.where = ""
		return
	}
	key := [2]int64{int64(math.Floor(p[0] * 10)), int64(math.Floor(p[1] * 10))}
	if h.where == "" || key != h.cursor {
		h.cursor = key
		h.where = DescribeGround(p[0], p[1])
	}
}

// Draw puts the strings in the viewport's top-left and bottom-left corners.
func (h *HUD) Draw(b *render.Builder, vp camera.Viewport) {
	b.ScreenText(vp.X+10, vp.Y+8, h.modeText, HUDColor)
	if h.where != "" {
		b.ScreenText(vp.X+10, vp.Y+vp.H-26, h.where, HUDColor)
	}
}

// DescribeGround names a global point: landblock, outdoor cell and local
// coordinates, as a position's cell id spells them (0xXXYYCCCC).
func DescribeGround(x, y float64) string {
	bx, by := math.Floor(x/physics.LandblockLength), math.Floor(y/physics.LandblockLength)
	if bx < 0 || by < 0 || bx > 0xFF || by > 0xFF {
		return fmt.Sprintf("outside the world (%.1f, %.1f)", x, y)
	}
	lx, ly := x-bx*physics.LandblockLength, y-by*physics.LandblockLength
	cell := uint32(bx)<<24 | uint32(by)<<16 | physics.OutdoorCellIndex(float32(lx), float32(ly))
	return fmt.Sprintf("%s  x %.1f  y %.1f", hexid.String(cell), lx, ly)
}
