// The heads-up line over the viewport: the camera mode and the controls,
// and the landblock, cell and local coordinates under the cursor. Strings
// are rebuilt only when what they show changes.
package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/physics"
	"glidepath/ui/camera"
	"glidepath/ui/render"
)

var hudColor = color.RGBA{0xd8, 0xdc, 0xe0, 0xff}

// hud caches the heads-up strings.
type hud struct {
	mode     camera.Mode
	modeText string
	cursor   [2]int64 // decimetres, global
	onGround bool
	where    string
}

const controlsHelp = "1 top-down · 2 isometric · 3 perspective · F frame all · drag pan · right-drag orbit · wheel zoom"

func (h *hud) draw(b *render.Builder, cam *camera.Camera, vp camera.Viewport) {
	if h.modeText == "" || h.mode != cam.Mode {
		h.mode = cam.Mode
		h.modeText = cam.Mode.String() + "   " + controlsHelp
	}
	b.ScreenText(vp.X+10, vp.Y+8, h.modeText, hudColor)
	x, y := ebiten.CursorPosition()
	p, ok := b.View().GroundPoint(float64(x), float64(y), cam.Target[2])
	if !ok || !vp.Contains(float64(x), float64(y)) {
		return
	}
	key := [2]int64{int64(math.Floor(p[0] * 10)), int64(math.Floor(p[1] * 10))}
	if !h.onGround || key != h.cursor {
		h.cursor, h.onGround = key, true
		h.where = describeGround(p[0], p[1])
	}
	b.ScreenText(vp.X+10, vp.Y+vp.H-26, h.where, hudColor)
}

// describeGround names a global point: landblock, outdoor cell and local
// coordinates, as a position's cell id spells them (0xXXYYCCCC).
func describeGround(x, y float64) string {
	bx, by := math.Floor(x/physics.LandblockLength), math.Floor(y/physics.LandblockLength)
	if bx < 0 || by < 0 || bx > 0xFF || by > 0xFF {
		return fmt.Sprintf("outside the world (%.1f, %.1f)", x, y)
	}
	lx, ly := x-bx*physics.LandblockLength, y-by*physics.LandblockLength
	cell := uint32(bx)<<24 | uint32(by)<<16 | physics.OutdoorCellIndex(float32(lx), float32(ly))
	return fmt.Sprintf("0x%08X  x %.1f  y %.1f", cell, lx, ly)
}
