package gifout

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math/rand"
	"testing"

	"glidepath/ui/overlay"
)

// frames makes n frames: a noisy shaded ground (many colours, like the
// terrain), then from the second frame on squares of every overlay colour
// that move a pixel a frame.
func frames(n, w, h int) []*image.RGBA {
	rng := rand.New(rand.NewSource(1))
	ground := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(40 + (x*90)/w + rng.Intn(12))
			ground.SetRGBA(x, y, color.RGBA{v / 2, v, v / 3, 0xff})
		}
	}
	cols := overlay.Colors()
	var out []*image.RGBA
	for f := 0; f < n; f++ {
		img := image.NewRGBA(ground.Rect)
		copy(img.Pix, ground.Pix)
		// The first frame, from which the palette's free entries are
		// chosen, has none of the overlay colours: they must be in the
		// palette because they are fixed, not because they were common.
		for i, c := range cols[:min(f, 1)*len(cols)] {
			x, y := 4+(i%8)*14+f, 4+(i/8)*14
			draw.Draw(img, image.Rect(x, y, x+8, y+8), image.NewUniform(c), image.Point{}, draw.Src)
		}
		out = append(out, img)
	}
	return out
}

// decodeComposited decodes a GIF and composites its frames as a viewer
// would (disposal none: each frame over the last).
func decodeComposited(t *testing.T, data []byte) []*image.RGBA {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		c := image.NewRGBA(canvas.Rect)
		copy(c.Pix, canvas.Pix)
		out = append(out, c)
	}
	return out
}

func encode(t *testing.T, in []*image.RGBA) []byte {
	t.Helper()
	e, err := New(overlay.Colors(), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range in {
		if err := e.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := e.Encode(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Every pixel drawn in an overlay colour is that exact colour in every
// decoded frame, though the ground around it has far more colours than a
// GIF palette holds.
func TestEncoder_OverlayColoursSurviveExactly(t *testing.T) {
	in := frames(6, 160, 100)
	out := decodeComposited(t, encode(t, in))
	if len(out) != len(in) {
		t.Fatalf("%d frames decoded, want %d", len(out), len(in))
	}
	want := map[color.RGBA]bool{}
	for _, c := range overlay.Colors() {
		want[c] = true
	}
	exact := 0
	for f := range in {
		for i := 0; i < len(in[f].Pix); i += 4 {
			src := color.RGBA{in[f].Pix[i], in[f].Pix[i+1], in[f].Pix[i+2], 0xff}
			if !want[src] {
				continue
			}
			got := color.RGBA{out[f].Pix[i], out[f].Pix[i+1], out[f].Pix[i+2], out[f].Pix[i+3]}
			if got != src {
				t.Fatalf("frame %d pixel %d: overlay colour %v became %v", f, i/4, src, got)
			}
			exact++
		}
	}
	if exact < len(overlay.Colors())*64*(len(in)-1) {
		t.Errorf("only %d overlay pixels checked", exact)
	}
}

// The delta frames composite back to exactly what quantizing each whole
// frame gives; the ground comes out close to what was drawn.
func TestEncoder_DeltaFramesCompositeToTheWholeFrames(t *testing.T) {
	in := frames(5, 120, 80)
	data := encode(t, in)
	out := decodeComposited(t, data)
	g, _ := gif.DecodeAll(bytes.NewReader(data))
	if b := g.Image[2].Bounds(); b.Dx() >= 120 || b.Dy() >= 80 {
		t.Errorf("frame 2 stores %v; only the moving squares changed", b)
	}
	e, _ := New(overlay.Colors(), 3)
	e.Add(in[0])
	for f := range in {
		for i := 0; i < len(in[f].Pix); i += 4 {
			q := e.pal[e.index(in[f].Pix[i], in[f].Pix[i+1], in[f].Pix[i+2])].(color.RGBA)
			got := color.RGBA{out[f].Pix[i], out[f].Pix[i+1], out[f].Pix[i+2], out[f].Pix[i+3]}
			if got != q {
				t.Fatalf("frame %d pixel %d: composited %v, the frame quantized is %v", f, i/4, got, q)
			}
			for c, v := range [3]uint8{got.R, got.G, got.B} {
				if d := abs(int(in[f].Pix[i+c]) - int(v)); d > 12 {
					t.Fatalf("frame %d pixel %d channel %d: %d drawn as %d", f, i/4, c, in[f].Pix[i+c], v)
				}
			}
		}
	}
}

func TestEncoder_RefusesFramesOfAnotherSize(t *testing.T) {
	e, _ := New(nil, 3)
	if err := e.Add(image.NewRGBA(image.Rect(0, 0, 10, 10))); err != nil {
		t.Fatal(err)
	}
	if err := e.Add(image.NewRGBA(image.Rect(0, 0, 11, 10))); err == nil {
		t.Error("a frame of another size was accepted")
	}
	var b bytes.Buffer
	if err := (&Encoder{}).Encode(&b); err == nil {
		t.Error("a GIF with no frames was written")
	}
}
