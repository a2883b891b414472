// A panel's scroll: an offset over content taller than its view, and
// the thin bar that shows it.

package panel

import (
	"image"
	"image/color"

	"glidepath/ui/render"
)

// Scroller is a vertical scroll offset, pixels, over content taller than
// its view.
type Scroller struct{ Y, max, viewH int }

// View is the visible height.
func (s *Scroller) View() int { return s.viewH }

// wheelStep is how far one wheel step scrolls a panel.
const wheelStep = 40

func (s *Scroller) Wheel(w float64) {
	s.Y -= int(w * wheelStep)
	s.Clamp()
}

// SetContent sets how tall the content is against the view's height.
func (s *Scroller) SetContent(content, view int) {
	s.max, s.viewH = max(content-view, 0), view
	s.Clamp()
}

func (s *Scroller) Clamp() { s.Y = min(max(s.Y, 0), s.max) }

// scrollbar is the thin bar at the right edge of a scrolled rectangle.
var ScrollbarColor = color.RGBA{0x5a, 0x62, 0x6c, 0xff}

// DrawBar draws the scrollbar of s over rect, when there is more to see.
func (s *Scroller) DrawBar(f *render.Flat, rect image.Rectangle) {
	if s.max <= 0 || s.viewH <= 0 {
		return
	}
	content := float32(s.max + s.viewH)
	h := float32(rect.Dy())
	bh := max(h*float32(s.viewH)/content, 12)
	y := float32(rect.Min.Y) + (h-bh)*float32(s.Y)/float32(s.max)
	f.Rect(float32(rect.Max.X)+3, y, 3, bh, ScrollbarColor)
}
