// Labels: text anchored at world points (names, waypoint numbers) or at
// screen positions (the heads-up line), drawn with text/v2 and the Go Regular
// font over a translucent box. Widths are measured once per distinct string;
// callers pass cached strings, so labelling allocates nothing per frame.

package render

import (
	"bytes"
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/goregular"

	"glidepath/ui/draw"
)

// Label styling.
const (
	labelSize = 13.0 // font size, pixels
	labelGap  = 6.0  // pixels between the anchor and the box
	tagGap    = 9.0  // pixels from a tag's anchor to its text
	labelPadX = 3.0
	labelPadY = 1.0
	// maxCachedWidths bounds the width cache; it is emptied when full.
	maxCachedWidths = 4096
)

var labelBoxColor = rgba{0.04, 0.045, 0.05, 0.68}

// Label is one piece of text to draw after the batches: Text with its
// top-left corner at (X, Y) pixels.
type Label struct {
	X, Y  float32
	Text  string
	Color color.RGBA
}

func newLabelFace() (*text.GoTextFace, error) {
	src, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("render: loading the label font: %w", err)
	}
	return &text.GoTextFace{Source: src, Size: labelSize}, nil
}

// Face returns the label font.
func (b *Builder) Face() *text.GoTextFace { return b.face }

// lineHeight is the height of one line of label text, pixels.
func (b *Builder) lineHeight() float32 {
	m := b.face.Metrics()
	return float32(m.HAscent + m.HDescent)
}

// measure returns the advance width of s, pixels.
func (b *Builder) measure(s string) float32 {
	if w, ok := b.widths[s]; ok {
		return w
	}
	if len(b.widths) >= maxCachedWidths {
		clear(b.widths)
	}
	w := float32(text.AdvanceAt(s, len(s), b.face))
	b.widths[s] = w
	return w
}

// Text draws s centred above the world point at.
func (b *Builder) Text(at draw.Vec3, s string, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	p := b.pr.clip(at)
	if !p.inFront() {
		return
	}
	sp := b.pr.screen(p)
	w, h := b.measure(s), b.lineHeight()
	x, y := sp.x-w/2, sp.y-labelGap-labelPadY-h
	if float64(x+w) < b.pr.minX || float64(x) > b.pr.maxX || float64(y+h) < b.pr.minY || float64(y) > b.pr.maxY {
		return
	}
	b.addLabel(x, y, w, h, s, c)
}

// Tag draws s just right of the world point at, vertically centred on it.
func (b *Builder) Tag(at draw.Vec3, s string, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	p := b.pr.clip(at)
	if !p.inFront() {
		return
	}
	sp := b.pr.screen(p)
	w, h := b.measure(s), b.lineHeight()
	x, y := sp.x+tagGap, sp.y-h/2
	if float64(x+w) < b.pr.minX || float64(x) > b.pr.maxX || float64(y+h) < b.pr.minY || float64(y) > b.pr.maxY {
		return
	}
	b.addLabel(x, y, w, h, s, c)
}

// ScreenText draws s with its top-left corner at pixel (x, y): for
// heads-up text that does not belong to a world point.
func (b *Builder) ScreenText(x, y float64, s string, c color.RGBA) {
	if s == "" || c.A == 0 {
		return
	}
	b.addLabel(float32(x), float32(y), b.measure(s), b.lineHeight(), s, c)
}

func (b *Builder) addLabel(x, y, w, h float32, s string, c color.RGBA) {
	m := &b.passes[PassLabels]
	x0, y0 := x-labelPadX, y-labelPadY
	x1, y1 := x+w+labelPadX, y+h+labelPadY
	v := m.vert(x0, y0, labelBoxColor)
	m.vert(x1, y0, labelBoxColor)
	m.vert(x1, y1, labelBoxColor)
	m.vert(x0, y1, labelBoxColor)
	m.quad(v, v+1, v+2, v+3)
	b.labels = append(b.labels, Label{X: x, Y: y, Text: s, Color: c})
}
