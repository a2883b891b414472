// Camera state for the viewport: orthographic top-down, orthographic
// isometric and perspective orbit views of the world (DESIGN.md "The
// viewer", "Coordinates": Z up, X east, Y north, global metres). The state is
// plain data; View derives the matrices for one frame, and the controls in
// control.go change the state from mouse gestures without touching a display.

package camera

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Vec3 is a point in global metres.
type Vec3 = mgl64.Vec3

// Mode is the kind of camera.
type Mode uint8

const (
	// TopDown is an orthographic view straight down, north up by default.
	TopDown Mode = iota
	// Isometric is an orthographic view from IsoPitch above the horizon.
	Isometric
	// Perspective is a perspective camera orbiting the target.
	Perspective
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case TopDown:
		return "top-down"
	case Isometric:
		return "isometric"
	case Perspective:
		return "perspective"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Camera limits and defaults.
const (
	// FovY is the perspective camera's vertical field of view, degrees.
	FovY = 45.0
	// IsoPitch is the true isometric elevation, atan(1/√2), degrees.
	IsoPitch = 35.26438968
	// IsoYaw is the default isometric look direction (north-east), degrees.
	IsoYaw = 45.0
	// DefaultPitch is the perspective camera's starting elevation, degrees.
	DefaultPitch = 45.0
	// MinPitch and MaxPitch bound the perspective elevation, degrees.
	MinPitch = 5.0
	MaxPitch = 89.0
	// MinSpan and MaxSpan bound the zoom, metres across the view's height.
	MinSpan = 2.0
	MaxSpan = 50000.0
	// DefaultSpan shows a little more than one landblock.
	DefaultSpan = 240.0
	// orthoDepth is how far in front of and behind the eye an orthographic
	// camera sees, metres: all of any scene, with no near-plane clipping.
	orthoDepth = 100000.0
)

// Camera is the viewport's camera. The zero value is a top-down camera at
// the origin; call Normalize or New to get a usable span.
type Camera struct {
	Mode Mode
	// Target is the point looked at, in global metres.
	Target Vec3
	// Span is the height of the world, in metres, the view shows at the
	// target: the orthographic zoom, and for the perspective camera the
	// frustum's height at the target's distance.
	Span float64
	// Yaw is the direction the camera looks, degrees clockwise from north.
	Yaw float64
	// Pitch is the perspective camera's elevation above the horizon,
	// degrees; TopDown looks straight down and Isometric uses IsoPitch.
	Pitch float64
}

// New returns a top-down camera looking at target with the default span.
func New(target Vec3) Camera {
	return Camera{Mode: TopDown, Target: target, Span: DefaultSpan, Pitch: DefaultPitch}
}

// SetMode switches the kind of camera, keeping the target and zoom. TopDown
// turns north up and Isometric faces north-east; Perspective keeps the yaw.
func (c *Camera) SetMode(m Mode) {
	switch m {
	case TopDown:
		c.Yaw = 0
	case Isometric:
		c.Yaw = IsoYaw
	case Perspective:
	default:
		return
	}
	c.Mode = m
	c.Normalize()
}

// Normalize brings the state back into range: the span within
// [MinSpan, MaxSpan], pitch within [MinPitch, MaxPitch], yaw within
// [0, 360), and any NaN or infinite field back to its default.
func (c *Camera) Normalize() {
	if !finite(c.Span) {
		c.Span = DefaultSpan
	}
	c.Span = math.Min(math.Max(c.Span, MinSpan), MaxSpan)
	if !finite(c.Pitch) {
		c.Pitch = DefaultPitch
	}
	c.Pitch = math.Min(math.Max(c.Pitch, MinPitch), MaxPitch)
	if !finite(c.Yaw) {
		c.Yaw = 0
	}
	c.Yaw = math.Mod(c.Yaw, 360)
	if c.Yaw < 0 {
		c.Yaw += 360
	}
	for i, v := range c.Target {
		if !finite(v) {
			c.Target[i] = 0
		}
	}
	if c.Mode > Perspective {
		c.Mode = TopDown
	}
}

// elevation is the pitch the mode uses, degrees.
func (c *Camera) elevation() float64 {
	switch c.Mode {
	case TopDown:
		return 90
	case Isometric:
		return IsoPitch
	}
	return c.Pitch
}

// distance is the eye's distance from the target: where a perspective
// frustum of FovY is Span high.
func (c *Camera) distance() float64 {
	return c.Span / 2 / math.Tan(mgl64.DegToRad(FovY)/2)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
