// Package gifout encodes the viewer's frames as an animated GIF small enough
// to paste into an issue. The palette keeps a given set of colours exact —
// the overlays' and the window's own — so an amber queue node stays the
// amber the legend names; the rest of the palette is a coarse colour cube,
// a grey ramp and the first frame's most common colours (the terrain's
// shades). Each frame after the first stores only the rectangle that
// changed, unchanged pixels in it transparent, which is what keeps a minute
// of a mostly still window small. It is display-free: frames arrive as
// image.RGBA.
package gifout

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"sort"
)

// transparent is the palette index of unchanged pixels (the last entry).
const transparent = 255

// Encoder collects frames and writes the GIF.
type Encoder struct {
	fixed []color.RGBA
	delay int // per frame, 1/100 s
	pal   color.Palette
	cache map[uint32]uint8
	prev  *image.Paletted // the whole previous frame, as shown
	out   gif.GIF
}

// New returns an encoder whose palette holds every colour of fixed exactly
// (fully opaque ones; at most 128) and whose frames last delay hundredths of
// a second.
func New(fixed []color.RGBA, delay int) (*Encoder, error) {
	var keep []color.RGBA
	seen := map[color.RGBA]bool{}
	for _, c := range fixed {
		if c.A == 0xff && !seen[c] {
			seen[c] = true
			keep = append(keep, c)
		}
	}
	if len(keep) > 128 {
		return nil, fmt.Errorf("gifout: %d fixed colours, at most 128", len(keep))
	}
	return &Encoder{fixed: keep, delay: max(delay, 2), cache: map[uint32]uint8{}}, nil
}

// Frames is the number of frames added so far.
func (e *Encoder) Frames() int { return len(e.out.Image) }

// Palette is the palette (after the first frame).
func (e *Encoder) Palette() color.Palette { return e.pal }

// Add quantizes img and appends it as the next frame. img is not kept.
func (e *Encoder) Add(img *image.RGBA) error {
	b := img.Bounds()
	if e.pal == nil {
		e.pal = buildPalette(e.fixed, img)
		e.out.Config = image.Config{ColorModel: e.pal, Width: b.Dx(), Height: b.Dy()}
	} else if b.Size() != e.prev.Bounds().Size() {
		return fmt.Errorf("gifout: frame %d is %v, the first was %v", e.Frames(), b.Size(), e.prev.Bounds().Size())
	}
	cur := image.NewPaletted(image.Rect(0, 0, b.Dx(), b.Dy()), e.pal)
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[img.PixOffset(b.Min.X, b.Min.Y+y):]
		dst := cur.Pix[y*cur.Stride:]
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x:]
			dst[x] = e.index(p[0], p[1], p[2])
		}
	}
	frame := cur
	if e.prev != nil {
		frame = delta(e.prev, cur)
	}
	e.out.Image = append(e.out.Image, frame)
	e.out.Delay = append(e.out.Delay, e.delay)
	e.out.Disposal = append(e.out.Disposal, gif.DisposalNone)
	e.prev = cur
	return nil
}

// Encode writes the GIF, looping forever.
func (e *Encoder) Encode(w io.Writer) error {
	if len(e.out.Image) == 0 {
		return fmt.Errorf("gifout: no frames")
	}
	return gif.EncodeAll(w, &e.out)
}

// index is the palette entry nearest to (r, g, b), cached per colour.
func (e *Encoder) index(r, g, b uint8) uint8 {
	key := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
	if i, ok := e.cache[key]; ok {
		return i
	}
	i := nearest(e.pal, r, g, b)
	e.cache[key] = i
	return i
}

// nearest is the opaque entry of pal closest to (r, g, b) in RGB; ties go to
// the lower index, so a fixed colour (listed first) wins over its twin.
func nearest(pal color.Palette, r, g, b uint8) uint8 {
	best, bestD := 0, 1<<30
	for i, c := range pal {
		if i == transparent {
			continue
		}
		p := c.(color.RGBA)
		dr, dg, db := int(p.R)-int(r), int(p.G)-int(g), int(p.B)-int(b)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
			if d == 0 {
				break
			}
		}
	}
	return uint8(best)
}

// delta is the smallest rectangle of cur that differs from prev, with the
// pixels equal to prev's made transparent; one transparent pixel when
// nothing changed (a GIF frame cannot be empty).
func delta(prev, cur *image.Paletted) *image.Paletted {
	r := image.Rectangle{}
	w, h := cur.Rect.Dx(), cur.Rect.Dy()
	for y := 0; y < h; y++ {
		a, b := prev.Pix[y*prev.Stride:][:w], cur.Pix[y*cur.Stride:][:w]
		for x := 0; x < w; x++ {
			if a[x] != b[x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	out := image.NewPaletted(r, cur.Palette)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := cur.Pix[y*cur.Stride+x]
			if i == prev.Pix[y*prev.Stride+x] {
				i = transparent
			}
			out.Pix[out.PixOffset(x, y)] = i
		}
	}
	return out
}

// buildPalette is fixed, then a 4×4×4 cube and an 8-step grey ramp for
// coverage, then first's most common colours not already close to an entry,
// up to 255 entries, and the transparent entry last.
func buildPalette(fixed []color.RGBA, first *image.RGBA) color.Palette {
	pal := make(color.Palette, 0, 256)
	has := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !has[c] && len(pal) < transparent {
			has[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range fixed {
		add(c)
	}
	for r := 0; r < 4; r++ {
		for g := 0; g < 4; g++ {
			for b := 0; b < 4; b++ {
				add(color.RGBA{uint8(r * 85), uint8(g * 85), uint8(b * 85), 0xff})
			}
		}
	}
	for i := 0; i < 8; i++ {
		v := uint8(i*32 + 16)
		add(color.RGBA{v, v, v, 0xff})
	}
	for _, c := range popular(first) {
		if len(pal) >= transparent {
			break
		}
		if closeTo(pal, c, 6) {
			continue
		}
		add(c)
	}
	for len(pal) < transparent {
		pal = append(pal, color.RGBA{0, 0, 0, 0xff}) // unused padding
	}
	return append(pal, color.RGBA{})
}

// popular lists img's colours, most common first (ties by value, so the
// palette is the same every run).
func popular(img *image.RGBA) []color.RGBA {
	counts := map[uint32]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			p := row[4*x:]
			counts[uint32(p[0])<<16|uint32(p[1])<<8|uint32(p[2])]++
		}
	}
	keys := make([]uint32, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	out := make([]color.RGBA, len(keys))
	for i, k := range keys {
		out[i] = color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff}
	}
	return out
}

// closeTo reports whether pal has an entry within d of c on every channel.
func closeTo(pal color.Palette, c color.RGBA, d int) bool {
	for _, e := range pal {
		p := e.(color.RGBA)
		if abs(int(p.R)-int(c.R)) <= d && abs(int(p.G)-int(c.G)) <= d && abs(int(p.B)-int(c.B)) <= d {
			return true
		}
	}
	return false
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
