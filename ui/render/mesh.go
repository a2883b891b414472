// Vertex and index buffers for one pass of the painter's order, and the
// colour conversions every pass shares. Buffers are truncated, never freed,
// between frames, so a steady scene allocates nothing.

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

// vertex is an untextured vertex at (x, y) of colour c.
func vertex(x, y float32, c rgba) ebiten.Vertex {
	return ebiten.Vertex{
		DstX: x, DstY: y, SrcX: whiteSrc, SrcY: whiteSrc,
		ColorR: c.r, ColorG: c.g, ColorB: c.b, ColorA: c.a,
	}
}

// vert appends a vertex and returns its index.
func (m *mesh) vert(x, y float32, c rgba) uint32 {
	m.v = append(m.v, vertex(x, y, c))
	return uint32(len(m.v) - 1)
}

func (m *mesh) tri(a, b, c uint32) { m.i = append(m.i, a, b, c) }

// quad appends the two triangles of a, b, c, d (in order around it).
func (m *mesh) quad(a, b, c, d uint32) { m.i = append(m.i, a, b, c, a, c, d) }

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
