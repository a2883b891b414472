// Examples of drawing through the Canvas and recording it.

package draw_test

import (
	"fmt"
	"image/color"

	"glidepath/ui/draw"
)

// drawBlip is overlay logic of the kind the viewer will have: an arrow from
// where a body was to where it blipped, and a marker at each end.
func drawBlip(c draw.Canvas, from, to draw.Vec3) {
	orange := color.RGBA{255, 140, 0, 255}
	c.Arrow(from, to, draw.Stroke{Width: 2, Color: orange})
	c.Marker(from, draw.Marker{Shape: draw.Cross, Radius: 5, Color: orange})
	c.Marker(to, draw.Marker{Shape: draw.Dot, Radius: 5, Color: orange})
}

// A Recorder captures what overlay code draws as plain data, so the code can
// be tested without a window.
func ExampleRecorder() {
	var rec draw.Recorder
	drawBlip(&rec, draw.Vec3{32448, 34560, 0}, draw.Vec3{32458, 34560, 0})
	for _, op := range rec.Ops {
		switch op.Kind {
		case draw.OpArrow:
			fmt.Println(op.Kind, op.Points[0][0], "→", op.Points[1][0])
		case draw.OpMarker:
			fmt.Println(op.Kind, op.Marker.Shape, op.Points[0][0])
		}
	}
	// Output:
	// Arrow 32448 → 32458
	// Marker cross 32448
	// Marker dot 32458
}
