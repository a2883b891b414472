// The guided tour (viewer -tour): a newcomer is walked through a run's key
// ticks — an update arriving and being routed, a waypoint queued, a stall
// window judged, a waypoint reached, and at last a blip — each with a
// caption and the docs/pipeline.md section that explains it. The stops come
// from the engine (engine.Tour); the viewer only moves the cursor, selects
// the stop's object and shows the caption. Enter goes on, Backspace back,
// Esc ends the tour.

package ui

import (
	"fmt"
	"image"
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

// tour is the tour's state.
type tour struct {
	stops []TourStop
	at    int
	on    bool
	shown int // the tick the stop is shown at
}

// active reports whether a tour is being shown.
func (t *tour) active() bool { return t.on && len(t.stops) > 0 }

// tourGo shows stop i (clamped): the cursor at its tick, paused, its object
// selected and followed.
func (a *app) tourGo(i int) {
	t := &a.tour
	if len(t.stops) == 0 {
		a.say("no tour: start the viewer with -tour")
		return
	}
	t.at, t.on = max(0, min(i, len(t.stops)-1)), true
	s := t.stops[t.at]
	// A stop before its object exists (tick 0: objects are created as the
	// first tick runs) shows the object's first tick instead.
	for k := s.Tick; s.GUID != 0 && k <= min(s.Tick+maxTourWait, a.pb.Last()); k++ {
		if a.sess.Seek(k) == nil && a.sess.Cur().Snap.Find(s.GUID) >= 0 {
			s.Tick = k
			break
		}
	}
	a.pb.SetPlaying(false)
	a.pb.Seek(s.Tick)
	t.shown = s.Tick
	a.panels.stepper.Reset()
	a.tl.View.Show(s.Tick)
	if s.GUID != 0 {
		a.sel.Choose(s.GUID)
		a.sel.SetFollow(true)
	}
}

// tourStep moves the tour on (next) or back; past the last stop it ends.
func (a *app) tourStep(next bool) {
	t := &a.tour
	switch {
	case !t.on:
		a.tourGo(0)
	case next && t.at == len(t.stops)-1:
		t.on = false
		a.say("end of the tour: Enter starts it again")
	case next:
		a.tourGo(t.at + 1)
	default:
		a.tourGo(t.at - 1)
	}
}

// tourCaption is the text of the current stop.
func (t *tour) caption() (head, body, doc string) {
	s := t.stops[t.at]
	head = fmt.Sprintf("Tour %d/%d · tick %d", t.at+1, len(t.stops), t.shown)
	return head, s.Caption, s.Doc
}

// drawTour draws the current stop's caption at the bottom of the viewport.
func (a *app) drawTour(vp image.Rectangle) {
	if !a.tour.active() {
		return
	}
	f := a.top
	head, body, doc := a.tour.caption()
	w := float32(vp.Dx()) - 40
	lines := wrap(f, body, w-20)
	lh := f.LineHeight() + 2
	h := lh*float32(len(lines)+3) + 12
	x, y := float32(vp.Min.X)+20, float32(vp.Max.Y)-h-12
	f.Rect(x, y, w, h, boxColor)
	f.Text(x+10, y+6, head, headColor)
	for k, l := range lines {
		f.Text(x+10, y+6+lh*float32(k+1), l, noteColor)
	}
	yl := y + 6 + lh*float32(len(lines)+1)
	f.Text(x+10, yl, doc, linkColor)
	f.Text(x+10, yl+lh, "Enter: next stop · Backspace: back · Esc: end the tour", dimColor)
}
