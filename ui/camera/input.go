// Mouse gestures for the camera, independent of the windowing library: the
// app fills an Input from Ebitengine each tick and the Controller turns it
// into Pan, ZoomAt and Orbit calls, and reports clicks for picking.

package camera

import "math"

// Gesture tuning.
const (
	// ClickSlop is how far, in pixels, the mouse may move between press and
	// release for the press to count as a click rather than a drag.
	ClickSlop = 4.0
	// OrbitDegreesPerPixel is the orbit speed of a right-button drag.
	OrbitDegreesPerPixel = 0.3
	// ZoomPerWheelStep is the span factor of one wheel step towards the user.
	ZoomPerWheelStep = 0.85
)

// Input is the mouse state for one tick.
type Input struct {
	// X, Y is the cursor, pixels.
	X, Y float64
	// Buttons held down this tick.
	Left, Right, Middle bool
	// Wheel is the scroll this tick, in steps; positive zooms in.
	Wheel float64
	// Free is false while the cursor is over a panel or a widget has the
	// mouse: gestures may then neither start nor zoom.
	Free bool
}

// Controller tracks a drag across ticks. The zero value is ready.
type Controller struct {
	drag         dragKind
	lastX, lastY float64
	downX, downY float64
	moved        bool
	wasLeft      bool
	// The buttons held on the previous tick: a drag starts only on a press.
	held Input
}

type dragKind uint8

const (
	dragNone dragKind = iota
	dragPan
	dragOrbit
)

// Update applies one tick of input to the camera. It returns clicked true,
// with the pixel, on the tick a left press inside the viewport is released
// without having moved more than ClickSlop: the caller picks there.
func (k *Controller) Update(c *Camera, vp Viewport, in Input) (clicked bool, x, y float64) {
	inside := in.Free && vp.Contains(in.X, in.Y)
	if in.Wheel != 0 && inside {
		c.ZoomAt(vp, in.X, in.Y, math.Pow(ZoomPerWheelStep, in.Wheel))
	}
	// A drag starts when a button goes down inside the viewport and lasts
	// while it is held, wherever the cursor goes.
	switch k.drag {
	case dragNone:
		if inside {
			switch {
			case in.Left && !k.held.Left, in.Middle && !k.held.Middle:
				k.start(dragPan, in)
			case in.Right && !k.held.Right:
				k.start(dragOrbit, in)
			}
		}
	case dragPan:
		if !in.Left && !in.Middle {
			clicked = k.wasLeft && !k.moved
			x, y = k.downX, k.downY
			k.drag = dragNone
			break
		}
		k.track(in)
		c.Pan(vp, k.lastX, k.lastY, in.X, in.Y)
	case dragOrbit:
		if !in.Right {
			k.drag = dragNone
			break
		}
		k.track(in)
		c.Orbit((in.X-k.lastX)*OrbitDegreesPerPixel, (in.Y-k.lastY)*OrbitDegreesPerPixel)
	}
	k.lastX, k.lastY = in.X, in.Y
	k.held = in
	return clicked, x, y
}

func (k *Controller) start(d dragKind, in Input) {
	k.drag = d
	k.downX, k.downY = in.X, in.Y
	k.moved = false
	k.wasLeft = in.Left && !in.Middle
}

func (k *Controller) track(in Input) {
	if math.Hypot(in.X-k.downX, in.Y-k.downY) > ClickSlop {
		k.moved = true
	}
}

// Dragging reports whether a gesture that began in the viewport holds the
// mouse: other mouse users (the timeline, the panels) leave it alone.
func (k *Controller) Dragging() bool { return k.drag != dragNone }
