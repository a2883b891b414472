// Idling: when playback is paused, the pre-run has finished and nothing
// moves — no key, no mouse, no status counting down — the screen is not
// redrawn (it is not cleared between frames, so the last frame stays up)
// and the tick rate drops, so a paused viewer costs next to no CPU. Any
// input brings the full rate back at once.

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

const (
	// activeTPS is the tick rate while anything changes; idleTPS while
	// idle (input is still read ten times a second; a tap within a tick
	// is not lost — it is queued, inputState.read — and wakes the full
	// rate).
	activeTPS = 60
	idleTPS   = 10
	// quietTicks is how many ticks without change go by before drawing
	// stops, so the frames after the last change (widgets settling,
	// layout on the first frame) are drawn.
	quietTicks = 6
)

// idler tracks whether anything changed lately.
type idler struct {
	x, y, w, h int
	quiet      int
	keys       []ebiten.Key
	// still counts the ticks since the last input (busy or not), and
	// sinceDraw the ticks since a frame was last drawn: while the window
	// only waits on work of its own (the pre-run, the file being read),
	// it redraws a few times a second, not every tick (see throttled).
	still, sinceDraw int
	// drawn: a frame has been drawn.
	drawn bool
}

// backgroundDrawTicks is how many ticks go by between frames while the
// window only waits on background work and nobody touches it: two frames
// a second keep the progress moving, and the CPU a software renderer
// spends on the other frames goes to the pre-run instead (under Xvfb each
// frame presented costs 40–60 ms of CPU whatever it shows: an hour of a
// thousand remotes pre-runs for half a minute or more).
const backgroundDrawTicks = 30

// noteTick records one tick; busy says the app itself has something
// moving (playing, pre-running, a status message counting down, a
// screenshot pending).
func (d *idler) noteTick(busy bool, w, h int) {
	x, y := ebiten.CursorPosition()
	wx, wy := ebiten.Wheel()
	// A tap that went down and up within one tick is input too: it is
	// pressed no longer, but just pressed (and just released).
	d.keys = inpututil.AppendPressedKeys(d.keys[:0])
	d.keys = inpututil.AppendJustPressedKeys(d.keys)
	d.keys = inpututil.AppendJustReleasedKeys(d.keys)
	input := x != d.x || y != d.y || w != d.w || h != d.h || wx != 0 || wy != 0 || len(d.keys) > 0 ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight) ||
		ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle) || inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	d.x, d.y, d.w, d.h = x, y, w, h
	d.sinceDraw++
	if input {
		d.still = 0
	} else if d.still <= quietTicks {
		d.still++
	}
	if busy || input {
		d.wake()
	} else if d.quiet <= quietTicks {
		d.quiet++
	}
	if tps := d.tps(); ebiten.TPS() != tps {
		ebiten.SetTPS(tps)
	}
}

// throttled reports whether Draw may skip this frame: waiting is true
// when the only thing moving is background work (the pre-run, the input
// being read), no input came for quietTicks ticks, and a frame was drawn
// less than backgroundDrawTicks ticks ago. drew records a drawn frame.
func (d *idler) throttled(waiting bool) bool {
	return waiting && d.still > quietTicks && d.sinceDraw < backgroundDrawTicks
}

// drew records that a frame was drawn.
func (d *idler) drew() { d.sinceDraw, d.drawn = 0, true }

// wake marks a change.
func (d *idler) wake() { d.quiet = 0 }

// idle reports whether nothing has changed for quietTicks ticks: Draw may
// leave the last frame up.
func (d *idler) idle() bool { return d.quiet > quietTicks }

// tps is the tick rate to run at.
func (d *idler) tps() int {
	if d.idle() {
		return idleTPS
	}
	return activeTPS
}

// waitingOnly reports whether the window only waits on background work:
// the pre-run (or the input's reading) goes on while nothing else moves.
func (d *idler) waitingOnly(a *app) bool {
	return !a.sess.Ready && a.sess.Err == nil && !a.pb.Playing() && a.bar.statusFrames == 0 &&
		!a.savePending && !a.gui.focused() && (!a.started || a.readyFrames > shotFrames)
}

// busy reports whether the app has something moving by itself.
func (d *idler) busy(a *app) bool {
	return !a.started || !a.sess.Ready || a.sess.Err != nil || a.pb.Playing() || a.bar.statusFrames > 0 ||
		a.savePending || a.headless() || a.gui.focused()
}
