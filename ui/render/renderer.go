// Renderer: submits a built frame to the GPU, one DrawTriangles32 per pass
// in painter's order (Ebitengine merges consecutive calls with the same
// source), the markers through their shader, then the label text. It owns
// the only GPU resources of the viewport, created on first use because
// Ebitengine images need the running game loop.

package render

import (
	"fmt"
	"image"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Renderer draws Builders' frames. The zero value is ready; it is not safe
// for concurrent use.
type Renderer struct {
	white   *ebiten.Image
	shader  *ebiten.Shader
	triOpts ebiten.DrawTrianglesOptions
	shOpts  ebiten.DrawTrianglesShaderOptions
	txtOpts text.DrawOptions
}

func (r *Renderer) init() error {
	if r.white != nil {
		return nil
	}
	sh, err := ebiten.NewShader([]byte(markerShader))
	if err != nil {
		return fmt.Errorf("render: compiling the marker shader: %w", err)
	}
	img := ebiten.NewImage(3, 3)
	img.Fill(image.White)
	r.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	r.shader = sh
	r.triOpts.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	return nil
}

// Draw submits the frame b last built onto dst. Vertex positions are in
// dst's coordinates (a sub-image keeps its parent's).
func (r *Renderer) Draw(dst *ebiten.Image, b *Builder) error {
	if err := r.init(); err != nil {
		return err
	}
	for _, bt := range b.Batches() {
		if len(bt.Indices) == 0 {
			continue
		}
		if bt.Pass == PassMarkers {
			dst.DrawTrianglesShader32(bt.Vertices, bt.Indices, r.shader, &r.shOpts)
			continue
		}
		dst.DrawTriangles32(bt.Vertices, bt.Indices, r.white, &r.triOpts)
	}
	r.drawLabels(dst, b.Labels(), b.Face())
	return nil
}

// Warm draws one marker, one flat triangle and a label onto dst (an image
// nobody sees): the GPU's programs for them are made then, not in the
// first frame that draws them.
func (r *Renderer) Warm(dst *ebiten.Image) error {
	if err := r.init(); err != nil {
		return err
	}
	v := []ebiten.Vertex{
		{DstX: 0, DstY: 0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		{DstX: 2, DstY: 0, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
		{DstX: 0, DstY: 2, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
	}
	dst.DrawTrianglesShader32(v, []uint32{0, 1, 2}, r.shader, &r.shOpts)
	dst.DrawTriangles32(v, []uint32{0, 1, 2}, r.white, &r.triOpts)
	return nil
}

// warmRunes are the glyphs WarmText caches: printable ASCII, and the few
// others the panels, the timeline and the labels write.
const warmRunes = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~" +
	"·–—×→←↑↓°±…≈≤≥"

// warmShifts is how many lines WarmText draws of warmRunes, each after
// one more space: text/v2 keeps a glyph's image for each of 8 positions
// within a pixel where it starts (at the labels' size), which its place
// in its string decides (the advances before it; the text's own position
// is applied to the images after), and a space's advance at the labels'
// size moves a glyph by about 0.61 of a pixel, so 16 lines start each
// glyph in every eighth of a pixel (TestWarmText_CachesTheGlyphsAFrameDraws).
const warmShifts = 16

// WarmText draws every glyph of warmRunes with each face onto dst (an
// image nobody sees), starting at every position within a pixel that
// text/v2 keeps an image for, so that their images are made and uploaded
// then. A glyph first met in a frame is rasterized and written into the
// atlas in that frame, and under the software renderer each such write
// waits for every draw before it to finish (Ebitengine's WritePixels
// calls glFinish after a draw): a picture's frame met them between its
// passes. The glyphs' pixels are the same whenever they are made.
func (r *Renderer) WarmText(dst *ebiten.Image, faces ...*text.GoTextFace) {
	for _, face := range faces {
		for _, line := range warmLines() {
			r.txtOpts.GeoM.Reset()
			r.txtOpts.GeoM.Translate(2, 2)
			r.txtOpts.ColorScale.Reset()
			text.Draw(dst, line, face, &r.txtOpts)
		}
	}
}

// warmLines are the lines WarmText draws: warmRunes after 0 to
// warmShifts-1 spaces.
func warmLines() []string {
	lines := make([]string, warmShifts)
	for k := range lines {
		lines[k] = strings.Repeat(" ", k) + warmRunes
	}
	return lines
}

// DrawFlat submits a Flat batch onto dst: its shapes in one DrawTriangles32,
// then its text.
func (r *Renderer) DrawFlat(dst *ebiten.Image, f *Flat) error {
	if err := r.init(); err != nil {
		return err
	}
	if bt := f.Batch(); len(bt.Indices) > 0 {
		dst.DrawTriangles32(bt.Vertices, bt.Indices, r.white, &r.triOpts)
	}
	r.drawLabels(dst, f.labels, f.face)
	return nil
}

func (r *Renderer) drawLabels(dst *ebiten.Image, labels []Label, face *text.GoTextFace) {
	for _, l := range labels {
		r.txtOpts.GeoM.Reset()
		r.txtOpts.GeoM.Translate(float64(l.X), float64(l.Y))
		r.txtOpts.ColorScale.Reset()
		r.txtOpts.ColorScale.ScaleWithColor(l.Color)
		text.Draw(dst, l.Text, face, &r.txtOpts)
	}
}
