// The guided tour (viewer -tour): a newcomer is walked through a run's key
// ticks — an update arriving and being routed, a waypoint queued, a stall
// window judged, a waypoint reached, and at last a blip — each with a
// caption and the docs/pipeline.md section that explains it. The stops come
// from the engine (report.Tour); the viewer only moves the cursor, selects
// the stop's object and shows the caption. Enter goes on, Backspace back,
// Esc ends the tour.

package panel

import (
	"fmt"
	"image"

	"glidepath/ui/render"
)

// TourStop is one stop of the tour.
type TourStop struct {
	Tick    int
	GUID    uint32
	Caption string
	// Doc is the docs/pipeline.md section that explains the stop.
	Doc string
}

// maxTourWait is how many ticks past a stop the tour looks for the stop's
// object to exist.
const maxTourWait = 90

// Tour is the tour's state.
type Tour struct {
	Stops []TourStop
	at    int
	on    bool
	shown int // the tick the stop is shown at
}

// Active reports whether a tour is being shown.
func (t *Tour) Active() bool { return t.on && len(t.Stops) > 0 }

// At is the stop shown (from 0).
func (t *Tour) At() int { return t.at }

// End ends the tour.
func (t *Tour) End() { t.on = false }

// Go shows stop i (clamped) and returns it. A stop before its object
// exists (tick 0: objects are created as the first tick runs) is shown at
// the object's first tick instead, up to last: exists reports whether guid
// exists at tick. There must be stops.
func (t *Tour) Go(i, last int, exists func(tick int, guid uint32) bool) TourStop {
	t.at, t.on = max(0, min(i, len(t.Stops)-1)), true
	s := t.Stops[t.at]
	for k := s.Tick; s.GUID != 0 && k <= min(s.Tick+maxTourWait, last); k++ {
		if exists(k, s.GUID) {
			s.Tick = k
			break
		}
	}
	t.shown = s.Tick
	return s
}

// Step is where the tour goes on (next) or back: the stop to show, or
// more false past the last stop, which ends the tour. A tour not shown
// (ended, or not begun) starts again at its first stop on next; back has
// nowhere to go there (more false).
func (t *Tour) Step(next bool) (i int, more bool) {
	switch {
	case !t.on:
		return 0, next
	case next && t.at == len(t.Stops)-1:
		t.on = false
		return 0, false
	case next:
		return t.at + 1, true
	}
	return t.at - 1, true
}

// Caption is the text of the current stop.
func (t *Tour) Caption() (head, body, doc string) {
	s := t.Stops[t.at]
	head = fmt.Sprintf("Tour %d/%d · tick %d", t.at+1, len(t.Stops), t.shown)
	return head, s.Caption, s.Doc
}

// Draw draws the current stop's caption at the bottom of the viewport vp.
func (t *Tour) Draw(f *render.Flat, vp image.Rectangle) {
	if !t.Active() {
		return
	}
	head, body, doc := t.Caption()
	w := float32(vp.Dx()) - 40
	lines := Wrap(f, body, w-20)
	lh := f.LineHeight() + 2
	h := lh*float32(len(lines)+3) + 12
	x, y := float32(vp.Min.X)+20, float32(vp.Max.Y)-h-12
	f.Rect(x, y, w, h, BoxColor)
	f.Text(x+10, y+6, head, HeadColor)
	for k, l := range lines {
		f.Text(x+10, y+6+lh*float32(k+1), l, NoteColor)
	}
	yl := y + 6 + lh*float32(len(lines)+1)
	f.Text(x+10, yl, doc, LinkColor)
	f.Text(x+10, yl+lh, "Enter: next stop · Backspace: back · Esc: end the tour", DimColor)
}
