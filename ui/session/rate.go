// Honest time in the status line: the playback rate achieved, measured
// over the last second of wall-clock time against the speed asked for
// ("playing 1× (achieved 0.6×)"), so a crowd that cannot be simulated in
// real time says so; the live edge shown instead of a play state that
// would contradict it; and a status line that changes always redrawn.
// The clock read here measures the window, never the simulation.

package session

import (
	"fmt"
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

// RateMeter measures the cursor's progress against the wall clock while
// playing.
type RateMeter struct {
	on       bool
	t0       time.Time
	c0       int
	Achieved float64 // × real time over the last window; 0 before one
}

// Note records the cursor at now; a pause, a jump back or a speed change
// starts the measure over.
func (m *RateMeter) Note(now time.Time, cursor int, playing bool, tickRate int) {
	if !playing || tickRate <= 0 || m.on && cursor < m.c0 {
		*m = RateMeter{}
		return
	}
	if !m.on {
		m.on, m.t0, m.c0 = true, now, cursor
		return
	}
	if el := now.Sub(m.t0); el >= rateWindow {
		m.Achieved = float64(cursor-m.c0) / float64(tickRate) / el.Seconds()
		m.t0, m.c0 = now, cursor
	}
}

// Reset forgets the measure (the speed changed).
func (m *RateMeter) Reset() { *m = RateMeter{} }

// Label is what the status line adds after the speed: " (achieved 0.6×)"
// when a measure is short of speed by more than rateSlack, else "".
func (m *RateMeter) Label(speed float64) string {
	if m.Achieved <= 0 || m.Achieved >= speed*(1-rateSlack) {
		return ""
	}
	return fmt.Sprintf(" (achieved %s×)", RateText(m.Achieved))
}

// RateText writes a rate with two significant figures.
func RateText(r float64) string {
	if r >= 1 {
		return fmt.Sprintf("%.1f", math.Floor(r*10)/10)
	}
	return fmt.Sprintf("%.2f", math.Floor(r*100)/100)
}
