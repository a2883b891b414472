// Honest time in the status line: the playback rate achieved, measured
// over the last second of wall-clock time against the speed asked for
// ("playing 1× (achieved 0.6×)"), so a crowd that cannot be simulated in
// real time says so; the live edge shown instead of a play state that
// would contradict it; and a status line that changes always redrawn.
// The clock read here measures the window, never the simulation.

package ui

import (
	"fmt"
	"image"
	"math"
	"time"
)

const (
	// rateWindow is how long the achieved rate is measured over.
	rateWindow = time.Second
	// rateSlack is how far the achieved rate may fall short of the speed
	// asked for before the status line says so: 5 %.
	rateSlack = 0.05
)

// rateMeter measures the cursor's progress against the wall clock while
// playing.
type rateMeter struct {
	on       bool
	t0       time.Time
	c0       int
	achieved float64 // × real time over the last window; 0 before one
}

// note records the cursor at now; a pause, a jump back or a speed change
// starts the measure over.
func (m *rateMeter) note(now time.Time, cursor int, playing bool, tickRate int) {
	if !playing || tickRate <= 0 || m.on && cursor < m.c0 {
		*m = rateMeter{}
		return
	}
	if !m.on {
		m.on, m.t0, m.c0 = true, now, cursor
		return
	}
	if el := now.Sub(m.t0); el >= rateWindow {
		m.achieved = float64(cursor-m.c0) / float64(tickRate) / el.Seconds()
		m.t0, m.c0 = now, cursor
	}
}

// reset forgets the measure (the speed changed).
func (m *rateMeter) reset() { *m = rateMeter{} }

// label is what the status line adds after the speed: " (achieved 0.6×)"
// when a measure is short of speed by more than rateSlack, else "".
func (m *rateMeter) label(speed float64) string {
	if m.achieved <= 0 || m.achieved >= speed*(1-rateSlack) {
		return ""
	}
	return fmt.Sprintf(" (achieved %s×)", rateText(m.achieved))
}

// rateText writes a rate with two significant figures.
func rateText(r float64) string {
	if r >= 1 {
		return fmt.Sprintf("%.1f", math.Floor(r*10)/10)
	}
	return fmt.Sprintf("%.2f", math.Floor(r*100)/100)
}

// playState is the status line's play state: "● live" while following the
// live edge (the cursor is held there, whatever Space says), else playing
// or paused with the speed and, when short of it, the rate achieved.
func (a *app) playState() string {
	if a.pb.Following() && a.pb.AtEdge() {
		return "● live"
	}
	if !a.pb.Playing() {
		return "paused " + speedLabel(a.pb.Speed()) + "×"
	}
	return "playing " + speedLabel(a.pb.Speed()) + "×" + a.rate.label(a.pb.Speed())
}

// preRunStatus is the pre-run's progress while it runs, "" once done (a
// rounded 100 % is never shown).
func (a *app) preRunStatus() string {
	if a.sess.Ready {
		return ""
	}
	return fmt.Sprintf("   pre-running %.0f %%", math.Min(math.Floor(100*a.sess.Progress()), 99))
}

// bookmarkListW is the bookmark list's width with its margin
// (drawBookmarkPanel: 260 px, 8 from the viewport's edge).
const bookmarkListW = 260 + 8

// captionArea is where a note's caption may go: the viewport, less the
// bookmark list's column when the list is shown, so the two never
// overlap.
func (a *app) captionArea(vp image.Rectangle) image.Rectangle {
	if a.marks.panel && vp.Dx() > 2*bookmarkListW {
		vp.Max.X -= bookmarkListW + 8
	}
	return vp
}
