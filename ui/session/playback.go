// Playback: the cursor and its time — where it is, whether it plays and
// how fast (timeline.Playback: clamping, speeds, waiting at the end of a
// run still being read) — and the live follow's hold on it: while
// following a file being written, the cursor stays at the live edge, the
// last tick read, until the user moves it; End returns to it. Only these
// methods change it (the timeline strip, handed the timeline.Playback,
// moves the cursor through that type's own); the file being followed is
// watched by live.go, the pre-run's reach is the session's.

package session

import (
	"glidepath/ui/timeline"
)

// Playback owns the cursor.
type Playback struct {
	timeline.Playback
	Live   bool // following a file being written
	Edge   bool // the cursor is kept at the live edge
	LiveAt int  // where the follow last put the cursor
	// want is where a jump past the pre-run was going (0: none) and
	// heldAt where it waits: the cursor goes on to want once the pre-run
	// reaches it, unless it was moved or played meanwhile.
	want, heldAt int
}

// Reset starts a run of last+1 ticks at rate ticks per second over, paused
// at tick 0 and 1×; whether the file is followed stays.
func (p *Playback) Reset(last, rate int) { p.Playback = timeline.NewPlayback(last, rate) }

// Begin puts the cursor at tick once the run is ready, playing if asked;
// a follow takes this as where it put the cursor.
func (p *Playback) Begin(tick int, play bool) {
	p.Seek(tick)
	if play {
		p.SetPlaying(true)
	}
	p.LiveAt = p.Cursor()
}

// WaitFor keeps a jump from running ahead of what the pre-run has reached
// (reach) by more than a seek steps (the run's source is at tick at):
// the cursor waits at the furthest of the two, playing on if it was; a
// paused jump's tick is kept, and the cursor goes there once reach has
// (landed: it went there now).
func (p *Playback) WaitFor(reach, at int) (landed bool) {
	if p.want > 0 {
		switch {
		case p.Cursor() != p.heldAt || p.Playing():
			p.want = 0 // moved or played since: that jump is off
		case reach >= p.want:
			p.Seek(p.want)
			p.want, landed = 0, true
		}
	}
	if c := p.Cursor(); c > reach && c-at > MaxStepAhead {
		if !p.Playing() {
			p.want = c
		}
		p.Hold(max(reach, at))
		p.heldAt, landed = p.Cursor(), false
	}
	return landed
}

// WaitingFor is the tick a jump waits for the pre-run to reach (0: none).
func (p *Playback) WaitingFor() int { return p.want }

// Grown follows the run's growth to last (growing: more is still being
// read); at the live edge the cursor moves with it.
func (p *Playback) Grown(last int, growing bool) {
	p.SetLast(last, growing)
	if p.Live && p.Edge {
		p.Seek(last)
		p.LiveAt = p.Cursor()
	}
}

// Following reports whether a file being written is followed.
func (p *Playback) Following() bool { return p.Live }

// AtEdge reports whether the cursor is kept at the live edge.
func (p *Playback) AtEdge() bool { return p.Edge }

// Follow starts following, the cursor at the live edge.
func (p *Playback) Follow() { p.Live, p.Edge = true, true }

// Unfollow stops following; the cursor stays where it is.
func (p *Playback) Unfollow() { p.Live, p.Edge = false, false }

// NoteScrub lets go of the live edge once the user moved the cursor off
// where the follow put it.
func (p *Playback) NoteScrub() {
	if p.Edge && p.Cursor() != p.LiveAt {
		p.Edge = false
	}
}

// GoLive returns the cursor's hold to the live edge (End); the caller
// seeks there.
func (p *Playback) GoLive() {
	if p.Live {
		p.Edge = true
		p.LiveAt = p.Last()
	}
}
