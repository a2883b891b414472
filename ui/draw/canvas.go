// The world-space drawing interface the viewport's overlays draw through:
// lines, arrows, circles, markers, text and bodies, in global metres. It is
// the read-only drawing pass of DESIGN.md "The viewer" (STYLE.md point 3):
// overlays read a snapshot and describe what to draw; a Canvas implementation
// decides how. This package imports no Ebitengine, so overlay logic can be
// tested with the Recorder and no display.

package draw

import (
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
)

// Vec3 is a point in global metres: X east, Y north, Z up, with the landblock
// folded in (x = XX*192 + local x, y = YY*192 + local y).
type Vec3 = mgl64.Vec3

// Canvas receives world-space primitives. Colours are color.RGBA, which Go
// defines as alpha-premultiplied: use Fade to make a colour translucent.
// Implementations must not retain the slices they are given.
type Canvas interface {
	// Line draws the segment a→b.
	Line(a, b Vec3, s Stroke)
	// Polyline draws connected segments through pts (at least two points).
	Polyline(pts []Vec3, s Stroke)
	// Arrow draws a line from→to with an arrowhead at to.
	Arrow(from, to Vec3, s Stroke)
	// Circle draws the outline of a horizontal circle of radius metres.
	Circle(center Vec3, radius float64, s Stroke)
	// Disc fills a horizontal circle of radius metres.
	Disc(center Vec3, radius float64, c color.RGBA, l Layer)
	// Polygon fills a flat convex polygon through pts (at least three
	// world points, in order): a wall or a floor. It is never draped:
	// Ground puts it in the ground pass (over the terrain, under the
	// bodies), Overlay over everything.
	Polygon(pts []Vec3, c color.RGBA, l Layer)
	// Marker draws a fixed-size screen-space symbol at a world point.
	Marker(at Vec3, m Marker)
	// Text draws s centred above the world point at.
	Text(at Vec3, s string, c color.RGBA)
	// Tag draws s just right of the world point at, centred on it
	// vertically: a label that leaves the points above it visible.
	Tag(at Vec3, s string, c color.RGBA)
	// Body draws a solid body: a cylinder or capsule with a heading arrow.
	Body(b Body)
}

// Layer says where in the painter's order a flat primitive goes.
type Layer uint8

const (
	// Overlay primitives are drawn over the terrain and every body.
	Overlay Layer = iota
	// Ground primitives are draped on the terrain: drawn right after it and
	// under the bodies, following the terrain's height.
	Ground
)

// Stroke is how a line, polyline, arrow or circle outline is drawn.
type Stroke struct {
	// Width in pixels; lines get a further 1 px alpha fringe each side.
	Width float32
	// Color is alpha-premultiplied.
	Color color.RGBA
	// Fade makes a polyline fade towards its first point: the alpha at the
	// first point is (1-Fade) of the last. Zero means no fade.
	Fade float32
	// Layer is Overlay (the zero value) or Ground.
	Layer Layer
}

// MarkerShape is the symbol a Marker draws.
type MarkerShape uint8

// Marker shapes. The numeric values are what the marker shader receives.
const (
	Dot     MarkerShape = iota // filled disc with a dark rim
	Ring                       // circle outline
	Square                     // filled square with a dark rim
	Diamond                    // filled diamond with a dark rim
	Cross                      // an X
	Arc                        // ring drawn clockwise from north over Progress of a turn
	Burst                      // eight rays, for a failure flash
)

// String names the shape.
func (s MarkerShape) String() string {
	switch s {
	case Dot:
		return "dot"
	case Ring:
		return "ring"
	case Square:
		return "square"
	case Diamond:
		return "diamond"
	case Cross:
		return "cross"
	case Arc:
		return "arc"
	case Burst:
		return "burst"
	}
	return "unknown"
}

// Marker is a screen-space symbol anchored at a world point.
type Marker struct {
	Shape MarkerShape
	// Radius in pixels.
	Radius float32
	// Color is alpha-premultiplied.
	Color color.RGBA
	// Progress is the fraction of the turn an Arc covers, 0..1.
	Progress float32
}

// BodyShape is the solid a Body is drawn as.
type BodyShape uint8

const (
	// Cylinder is a vertical cylinder of the body's radius and height.
	Cylinder BodyShape = iota
	// Capsule is a vertical cylinder capped by hemispheres, overall height
	// Height.
	Capsule
	// Point is a body too small to see drawn as a dot marker at its base
	// (still pickable): a crowd's cheap level of detail.
	Point
)

// Body is a solid object: a remote, a ghost of the server truth, or a
// comparison reading.
type Body struct {
	// ID is the handle picking returns (an object guid); 0 is not pickable.
	ID uint32
	// Pos is the centre of the body's base, in global metres.
	Pos Vec3
	// Radius and Height in metres.
	Radius, Height float64
	// Heading in degrees clockwise from north (+Y), as retail's heading.
	Heading float64
	Shape   BodyShape
	// Color is alpha-premultiplied; a translucent colour draws a ghost.
	Color color.RGBA
	// Airborne bodies get a drop line from their base to the ground.
	Airborne bool
}

// Fade scales a premultiplied colour's alpha (and so its channels) by a,
// clamped to 0..1.
func Fade(c color.RGBA, a float32) color.RGBA {
	if a >= 1 {
		return c
	}
	if !(a > 0) {
		return color.RGBA{}
	}
	return color.RGBA{
		R: uint8(float32(c.R)*a + 0.5),
		G: uint8(float32(c.G)*a + 0.5),
		B: uint8(float32(c.B)*a + 0.5),
		A: uint8(float32(c.A)*a + 0.5),
	}
}
