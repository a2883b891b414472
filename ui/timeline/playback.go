// Playback: the cursor tick, whether it plays and how fast. Time is data:
// the window's update loop tells Advance how much time passed, so the
// cursor never reads a clock and tests drive it exactly.

package timeline

// Speeds are the playback speeds [ and ] step through.
var Speeds = [...]float64{0.25, 0.5, 1, 2, 4, 8}

// normalSpeed is the index of 1× in Speeds.
const normalSpeed = 2

// Playback is the time control. The zero value is paused at tick 0 of an
// empty run; use NewPlayback.
type Playback struct {
	cursor, last int
	rate         int
	playing      bool
	speed        int
	acc          float64 // ticks owed but not yet played
	// growing: the run is still being read (SetLast).
	growing bool
}

// NewPlayback returns a paused playback of a run of last+1 ticks at rate
// ticks per second, at tick 0 and 1×.
func NewPlayback(last, rate int) Playback {
	return Playback{last: max(last, 0), rate: max(rate, 1), speed: normalSpeed}
}

// Cursor is the current tick.
func (p *Playback) Cursor() int { return p.cursor }

// Last is the run's last tick.
func (p *Playback) Last() int { return p.last }

// Playing reports whether the cursor moves by itself.
func (p *Playback) Playing() bool { return p.playing }

// Speed is the playback speed factor.
func (p *Playback) Speed() float64 { return Speeds[p.speed] }

// Seconds is the cursor's time in seconds.
func (p *Playback) Seconds() float64 { return float64(p.cursor) / float64(p.rate) }

// SetLast changes the run's last tick (a run whose input is still being
// read grows). While growing, playing into the last tick waits there for
// more instead of stopping.
func (p *Playback) SetLast(last int, growing bool) {
	p.last, p.growing = max(last, 0), growing
	p.cursor = min(p.cursor, p.last)
}

// Waiting reports whether playback waits at the last tick for the run to
// grow.
func (p *Playback) Waiting() bool { return p.growing && p.playing && p.cursor >= p.last }

// SetPlaying starts or stops playing. Playing from the last tick starts
// over from tick 0 (unless the run is growing: it waits for more).
func (p *Playback) SetPlaying(on bool) {
	if on && p.cursor >= p.last && !p.growing {
		p.cursor = 0
	}
	p.playing, p.acc = on, 0
}

// Toggle flips playing.
func (p *Playback) Toggle() { p.SetPlaying(!p.playing) }

// Faster and Slower step the speed through Speeds.
func (p *Playback) Faster() { p.speed = min(p.speed+1, len(Speeds)-1) }

// Slower steps the speed down.
func (p *Playback) Slower() { p.speed = max(p.speed-1, 0) }

// Seek puts the cursor at tick, clamped to the run, and pauses.
func (p *Playback) Seek(tick int) {
	p.cursor = min(max(tick, 0), p.last)
	p.playing, p.acc = false, 0
}

// Hold keeps the cursor at or before tick (where the pre-run has got to),
// playing on if it was: playback waits there.
func (p *Playback) Hold(tick int) {
	if p.cursor > tick {
		p.cursor, p.acc = max(tick, 0), 0
	}
}

// Step moves the cursor by n ticks (negative: back) and pauses.
func (p *Playback) Step(n int) { p.Seek(p.cursor + n) }

// Advance lets seconds of time pass: while playing, the cursor moves by
// rate × speed × seconds ticks (fractions carry over), stopping at the last
// tick. It returns the new cursor.
func (p *Playback) Advance(seconds float64) int {
	if !p.playing || !(seconds > 0) {
		return p.cursor
	}
	p.acc += seconds * float64(p.rate) * Speeds[p.speed]
	n := int(p.acc)
	p.acc -= float64(n)
	p.cursor += n
	if p.cursor >= p.last {
		p.cursor, p.playing, p.acc = p.last, p.growing, 0
	}
	return p.cursor
}
