// Examples of the camera API.

package camera_test

import (
	"fmt"

	"glidepath/ui/camera"
)

// A top-down camera over the middle of landblock 0xA9B4 (global metres:
// XX*192, YY*192), showing 192 m across an 800×800 viewport: north is up,
// east is right, and a metre is 800/192 pixels.
func ExampleCamera_View() {
	mid := camera.Vec3{0xA9*192 + 96, 0xB4*192 + 96, 0}
	cam := camera.New(mid)
	cam.Span = 192
	v := cam.View(camera.Viewport{W: 800, H: 800})
	for _, p := range []camera.Vec3{mid, mid.Add(camera.Vec3{96, 0, 0}), mid.Add(camera.Vec3{0, 96, 0})} {
		x, y, _ := v.Project(p)
		fmt.Printf("(%.0f, %.0f)\n", x, y)
	}
	// Output:
	// (400, 400)
	// (800, 400)
	// (400, 0)
}
