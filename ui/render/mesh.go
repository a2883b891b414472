// Vertex and index buffers for one pass of the painter's order, and the
// colour conversions every pass shares. Buffers are truncated, never freed,
// between frames, so a steady scene allocates nothing; where a frame
// outgrows them they double (room).

package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
)

// whiteSrc is the source-image coordinate every untextured vertex samples:
// the centre of the 1×1 white sub-image at (1, 1) the Renderer draws with.
const whiteSrc = 1.5

// rgba is a premultiplied colour in 0..1.
type rgba struct{ r, g, b, a float32 }

func toRGBA(c color.RGBA) rgba {
	return rgba{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
}

// scale multiplies all channels: shading for opaque channels, and fading
// when applied to a premultiplied colour as a whole.
func (c rgba) scale(k float32) rgba { return rgba{c.r * k, c.g * k, c.b * k, c.a * k} }

// shade scales the colour channels by k, keeping alpha.
func (c rgba) shade(k float32) rgba {
	return rgba{min(c.r*k, c.a), min(c.g*k, c.a), min(c.b*k, c.a), c.a}
}

// mix blends towards d by t (both premultiplied).
func (c rgba) mix(d rgba, t float32) rgba {
	return rgba{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t, c.a + (d.a-c.a)*t}
}

// mesh is one pass's triangles.
type mesh struct {
	v []ebiten.Vertex
	i []uint32
}

func (m *mesh) reset() {
	m.v = m.v[:0]
	m.i = m.i[:0]
}

// minRoom is the fewest elements a buffer is made with.
const minRoom = 256

// room returns s with room for n more elements: s itself when they fit,
// else its elements copied into a new array of twice the capacity (or of
// what they need, if more). A buffer grows here rather than by append: a
// large slice appended to grows by a quarter at a time and append clears
// each new array's spare room, so a screenshot's one frame — every buffer
// filled from empty, 60 000 vertices of rings on the ground alone for a
// crowd of a thousand — wrote about five times its buffers' final size of
// fresh memory, a page fault every 4 KiB; a new array's spare room is
// left untouched here until it is filled (docs/benchmarks.md, "The
// screenshot").
func room[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s
	}
	grown := make([]T, len(s), max(2*cap(s), len(s)+n, minRoom))
	copy(grown, s)
	return grown
}

// vertex is an untextured vertex at (x, y) of colour c.
func vertex(x, y float32, c rgba) ebiten.Vertex {
	return ebiten.Vertex{
		DstX: x, DstY: y, SrcX: whiteSrc, SrcY: whiteSrc,
		ColorR: c.r, ColorG: c.g, ColorB: c.b, ColorA: c.a,
	}
}

// vert appends a vertex and returns its index.
func (m *mesh) vert(x, y float32, c rgba) uint32 {
	m.v = append(room(m.v, 1), vertex(x, y, c))
	return uint32(len(m.v) - 1)
}

func (m *mesh) tri(a, b, c uint32) { m.i = append(room(m.i, 3), a, b, c) }

// quad appends the two triangles of a, b, c, d (in order around it).
func (m *mesh) quad(a, b, c, d uint32) { m.i = append(room(m.i, 6), a, b, c, a, c, d) }

// Pass is one layer of the painter's order, drawn in this order.
type Pass uint8

const (
	// PassTerrain holds terrain triangles, farthest first, then the
	// terrain's cell and landblock lines.
	PassTerrain Pass = iota
	// PassGround holds primitives draped on the terrain.
	PassGround
	// PassSolids holds bodies and obstacles, whole solids farthest first.
	PassSolids
	// PassOverlay holds screen-space lines, arrows and discs.
	PassOverlay
	// PassMarkers holds marker quads for the marker shader.
	PassMarkers
	// PassLabels holds the boxes behind labels; the text follows them.
	PassLabels
	passCount
)

// String names the pass.
func (p Pass) String() string {
	switch p {
	case PassTerrain:
		return "terrain"
	case PassGround:
		return "ground"
	case PassSolids:
		return "solids"
	case PassOverlay:
		return "overlay"
	case PassMarkers:
		return "markers"
	case PassLabels:
		return "labels"
	}
	return "unknown"
}

// Batch is one pass's vertices and indices, ready for DrawTriangles32 (or
// DrawTrianglesShader32 with the marker shader for PassMarkers). The slices
// belong to the Builder and are valid until its next Begin.
type Batch struct {
	Pass     Pass
	Vertices []ebiten.Vertex
	Indices  []uint32
}
