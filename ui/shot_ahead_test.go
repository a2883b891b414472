// What a screenshot's window does while its pre-run runs: its layout
// frames drawn by the warm-up (warmer.skipLayoutFrames) and its runs
// brought to the picture's tick (session.SeekAhead). The picture is byte
// for byte the one drawn when both wait for the pre-run's end.

package ui

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"
)

// TestShot_LayoutFramesDrawnWhileThePreRunRuns: after the warm-up, the
// picture is the first frame once the pre-run is done, the same picture
// as the one drawn after its layout frames.
func TestShot_LayoutFramesDrawnWhileThePreRunRuns(t *testing.T) {
	defer func() { shotWarmUp = true }()
	for _, c := range shotCases(t) {
		ref := shotRef(t, c)
		if !ref.firstFrame {
			t.Fatalf("%s: warm-up on, the picture was not taken at the first frame after the pre-run", c.name)
		}
		shotWarmUp = false
		a, opts := shotLoading(t, c)
		readyApp(t, a, opts)
		frame(t, a)
		if a.shotDone {
			t.Fatalf("%s: warm-up off, the picture was taken at the first frame after the pre-run", c.name)
		}
		shot := shotPNG(t, a, opts.Screenshot)
		shotWarmUp = true
		if !bytes.Equal(ref.png, shot) {
			t.Errorf("%s: the picture after the warm-up's layout frames differs from the one after its own", c.name)
		}
	}
}

// TestShot_LayoutFramesDrawnAgainForAnotherLayout: when the window's
// layout is not the one the warm-up laid the widgets out for, the layout
// frames are drawn after the pre-run as before.
func TestShot_LayoutFramesDrawnAgainForAnotherLayout(t *testing.T) {
	c := shotCases(t)[0]
	opts := c.opts
	opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
	a := newAppWith(t, queueScenario, c.readings, opts)
	a.Layout(opts.Size.X, opts.Size.Y)
	frame(t, a)
	if !a.warm.laid {
		t.Fatal("the warm-up drew no layout frames")
	}
	a.panels.Open.Timeline = false
	a.relayout()
	readyApp(t, a, opts)
	for i := range shotFrames {
		if a.shotDone {
			t.Fatalf("the picture was taken at frame %d of %d, after another layout than the warm-up's", i, shotFrames)
		}
		frame(t, a)
	}
	if done, err := shotWritten(a); !done || err != nil {
		t.Fatalf("shot done %v, error %v", done, err)
	}
}

// TestShot_SeekAheadDrawsTheSamePicture: runs brought to the picture's
// tick before the pre-run's end (as the waiting window brings them) give
// the picture the window draws when it seeks there after (shotRef's).
func TestShot_SeekAheadDrawsTheSamePicture(t *testing.T) {
	for _, c := range shotCases(t) {
		ref := shotRef(t, c)
		opts := c.opts
		opts.Screenshot = filepath.Join(t.TempDir(), "shot.png")
		a := newAppWith(t, queueScenario, c.readings, opts)
		seekAhead(t, a)
		at := min(opts.Tick, a.sess.Last())
		for _, r := range a.sess.Runs {
			if tick := a.sess.TickOf(r, at); r.Src.Tick() != tick || r.Snap.Tick != tick {
				t.Fatalf("%s: after the seek ahead the run is at tick %d (snapshot %d), not %d", c.name, r.Src.Tick(), r.Snap.Tick, tick)
			}
		}
		a.Layout(opts.Size.X, opts.Size.Y)
		frame(t, a)
		readyApp(t, a, opts)
		if shot := shotPNG(t, a, opts.Screenshot); !bytes.Equal(ref.png, shot) {
			t.Errorf("%s: the picture after the seek ahead differs from the one after the pre-run", c.name)
		}
	}
}

// seekAhead calls a's session's SeekAhead, as the waiting window does,
// until the pre-run has passed the picture's tick and the runs are there.
func seekAhead(t *testing.T, a *app) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		if a.sess.SeekAhead() {
			return
		}
		if time.Since(start) > time.Minute {
			t.Fatal("the runs never went to the picture's tick")
		}
	}
}
