// Renderer: submits a built frame to the GPU, one DrawTriangles32 per pass
// in painter's order (Ebitengine merges consecutive calls with the same
// source), the markers through their shader, then the label text. It owns
// the only GPU resources of the viewport, created on first use because
// Ebitengine images need the running game loop.

package render

import (
	"fmt"
	"image"

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
	// nothing is Begin's triangle: three vertices at one point, no colour.
	nothing [3]ebiten.Vertex
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
