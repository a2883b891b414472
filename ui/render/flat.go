// Flat: a screen-space 2D batch for what the viewer draws outside the 3D
// view — the timeline strip, the help overlay, the progress bar, dense
// panel lists — with the same one-DrawTriangles32 submission and 1 px
// fringed strokes as the viewport, and text drawn after it without boxes.

package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Flat collects one frame's 2D shapes and text. Reset it each frame; its
// buffers are reused. It is not safe for concurrent use.
type Flat struct {
	m      mesh
	labels []Label
	face   *text.GoTextFace
	widths map[string]float32
	pts    []scr
}

// NewFlat returns an empty Flat with the label font.
func NewFlat() (*Flat, error) {
	face, err := newLabelFace()
	if err != nil {
		return nil, err
	}
	return &Flat{face: face, widths: make(map[string]float32)}, nil
}

// Reset empties the batch.
func (f *Flat) Reset() {
	f.m.reset()
	f.labels = f.labels[:0]
}

// Rect fills the rectangle at (x, y) of size w×h pixels.
func (f *Flat) Rect(x, y, w, h float32, c color.RGBA) {
	if !(w > 0) || !(h > 0) || c.A == 0 {
		return
	}
	col := toRGBA(c)
	v := f.m.vert(x, y, col)
	f.m.vert(x+w, y, col)
	f.m.vert(x+w, y+h, col)
	f.m.vert(x, y+h, col)
	f.m.quad(v, v+1, v+2, v+3)
}

// Line strokes the segment (x0, y0)–(x1, y1), width pixels wide.
func (f *Flat) Line(x0, y0, x1, y1, width float32, c color.RGBA) {
	f.pts = append(f.pts[:0], scr{x0, y0, 1}, scr{x1, y1, 1})
	f.m.polyline(f.pts, false, width, toRGBA(c))
}

// Polyline strokes the connected points xy (x0, y0, x1, y1, …).
func (f *Flat) Polyline(xy []float32, width float32, c color.RGBA) {
	f.pts = f.pts[:0]
	for i := 0; i+1 < len(xy); i += 2 {
		f.pts = append(f.pts, scr{xy[i], xy[i+1], 1})
	}
	f.m.polyline(f.pts, false, width, toRGBA(c))
}

// Text draws s with its top-left corner at (x, y).
func (f *Flat) Text(x, y float32, s string, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	f.labels = append(f.labels, Label{X: x, Y: y, Text: s, Color: c})
}

// Measure returns the width of s in pixels.
func (f *Flat) Measure(s string) float32 {
	if w, ok := f.widths[s]; ok {
		return w
	}
	if len(f.widths) >= maxCachedWidths {
		clear(f.widths)
	}
	w := float32(text.AdvanceAt(s, len(s), f.face))
	f.widths[s] = w
	return w
}

// LineHeight is the height of a line of text, pixels.
func (f *Flat) LineHeight() float32 {
	m := f.face.Metrics()
	return float32(m.HAscent + m.HDescent)
}

// Face is the text font.
func (f *Flat) Face() *text.GoTextFace { return f.face }

// Batch returns the shapes, for DrawTriangles32.
func (f *Flat) Batch() Batch { return Batch{Pass: PassOverlay, Vertices: f.m.v, Indices: f.m.i} }

// Labels returns the text, drawn after the shapes.
func (f *Flat) Labels() []Label { return f.labels }
