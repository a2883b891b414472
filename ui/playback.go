// Playback: the cursor and its time — where it is, whether it plays and
// how fast (timeline.Playback: clamping, speeds, waiting at the end of a
// run still being read) — and the live follow's hold on it: while
// following a file being written, the cursor stays at the live edge, the
// last tick read, until the user moves it; End returns to it. Only these
// methods change it (the timeline strip, handed the timeline.Playback,
// moves the cursor through that type's own); the file being followed is
// watched by live.go, the pre-run's reach is the session's.

package ui

import (
	"glidepath/ui/session"
	"glidepath/ui/timeline"
)

// playback owns the cursor.
type playback struct {
	timeline.Playback
	live   bool // following a file being written
	edge   bool // the cursor is kept at the live edge
	liveAt int  // where the follow last put the cursor
}

// reset starts a run of last+1 ticks at rate ticks per second over, paused
// at tick 0 and 1×; whether the file is followed stays.
func (p *playback) reset(last, rate int) { p.Playback = timeline.NewPlayback(last, rate) }

// begin puts the cursor at tick once the run is ready, playing if asked;
// a follow takes this as where it put the cursor.
func (p *playback) begin(tick int, play bool) {
	p.Seek(tick)
	if play {
		p.SetPlaying(true)
	}
	p.liveAt = p.Cursor()
}

// waitFor keeps a jump from running ahead of what the pre-run has reached
// (reach) by more than a seek steps (the run's source is at tick at):
// the cursor waits at the furthest of the two, playing on if it was.
func (p *playback) waitFor(reach, at int) {
	if c := p.Cursor(); c > reach && c-at > session.MaxStepAhead {
		p.Hold(max(reach, at))
	}
}

// grown follows the run's growth to last (growing: more is still being
// read); at the live edge the cursor moves with it.
func (p *playback) grown(last int, growing bool) {
	p.SetLast(last, growing)
	if p.live && p.edge {
		p.Seek(last)
		p.liveAt = p.Cursor()
	}
}

// following reports whether a file being written is followed.
func (p *playback) following() bool { return p.live }

// atEdge reports whether the cursor is kept at the live edge.
func (p *playback) atEdge() bool { return p.edge }

// follow starts following, the cursor at the live edge.
func (p *playback) follow() { p.live, p.edge = true, true }

// unfollow stops following; the cursor stays where it is.
func (p *playback) unfollow() { p.live, p.edge = false, false }

// noteScrub lets go of the live edge once the user moved the cursor off
// where the follow put it.
func (p *playback) noteScrub() {
	if p.edge && p.Cursor() != p.liveAt {
		p.edge = false
	}
}

// goLive returns the cursor's hold to the live edge (End); the caller
// seeks there.
func (p *playback) goLive() {
	if p.live {
		p.edge = true
		p.liveAt = p.Last()
	}
}
