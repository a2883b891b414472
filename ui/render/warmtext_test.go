package render

import (
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// TestWarmText_CachesTheGlyphsAFrameDraws: the lines WarmText draws make
// every glyph image text/v2 keeps for warmRunes at the labels' size, so a
// label of those runes, whatever comes before each glyph in it, finds its
// glyphs' images made (a glyph's image depends on where in a pixel it
// starts, which the advances before it decide).
func TestWarmText_CachesTheGlyphsAFrameDraws(t *testing.T) {
	face, err := newLabelFace()
	if err != nil {
		t.Fatal(err)
	}
	var r Renderer
	r.WarmText(ebiten.NewImage(64, 16), face)
	warmed := map[*ebiten.Image]bool{}
	for _, line := range warmLines() {
		for _, g := range text.AppendGlyphs(nil, line, face, nil) {
			if g.Image != nil {
				warmed[g.Image] = true
			}
		}
	}
	runes := []rune(warmRunes)
	rng := rand.New(rand.NewPCG(41, 9000))
	for range 3000 {
		s := make([]rune, 1+rng.IntN(30))
		for j := range s {
			s[j] = runes[rng.IntN(len(runes))]
		}
		for _, g := range text.AppendGlyphs(nil, string(s), face, nil) {
			if g.Image != nil && !warmed[g.Image] {
				t.Fatalf("label %q: glyph %q at %d has an image the warm lines did not make", string(s), string(s)[g.StartIndexInBytes:g.EndIndexInBytes], g.StartIndexInBytes)
			}
		}
	}
}

// TestWarmText_OneLineMissesGlyphs: the spaces before the lines are what
// starts the glyphs elsewhere in a pixel; one line, moved about by the
// text's position alone, leaves most of the images a frame draws unmade.
func TestWarmText_OneLineMissesGlyphs(t *testing.T) {
	face, err := newLabelFace()
	if err != nil {
		t.Fatal(err)
	}
	warmed := map[*ebiten.Image]bool{}
	for _, g := range text.AppendGlyphs(nil, warmLines()[0], face, nil) {
		if g.Image != nil {
			warmed[g.Image] = true
		}
	}
	missed := 0
	for _, line := range warmLines()[1:] {
		for _, g := range text.AppendGlyphs(nil, line, face, nil) {
			if g.Image != nil && !warmed[g.Image] {
				missed++
			}
		}
	}
	if missed == 0 {
		t.Fatal("every glyph of the shifted lines has the first line's image: the shifts do nothing")
	}
}
