// The timeline-click benchmark: a seek to a far tick and the frame built
// for it, at 1000 objects (issue 30 item 3: a click shows its tick within
// 50 ms at 1000 objects).

package ui

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// BenchmarkTimelineClick is what a click on the timeline costs at 1000
// objects: the cursor moved to a far tick (seeded, at least a quarter of
// the run from the last), the update that brings that tick's snapshot in,
// and the frame drawn for it — the whole 1280×800 window, flushed by a
// one-pixel read-back. Run it under Xvfb:
// xvfb-run -a go test -run '^$' -bench TimelineClick ./ui.
// draw=false stops after the update (the seek and the snapshot, the
// panels' contents), to tell the two costs apart.
func BenchmarkTimelineClick(b *testing.B) {
	a := crowdApp(b, 1000, defaultWidth, defaultHeight)
	for _, draw := range []bool{false, true} {
		name := "update"
		if draw {
			name = "update+draw"
		}
		b.Run(name, func(b *testing.B) { timelineClicks(b, a, draw) })
	}
}

func timelineClicks(b *testing.B, a *app, draw bool) {
	screen := ebiten.NewImage(a.w, a.h)
	defer screen.Deallocate()
	probe := screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	px := make([]byte, 4)
	last := a.pb.Last()
	rng := rand.New(rand.NewPCG(30, 1))
	at := a.pb.Cursor()
	click := func() {
		to := at
		for max(to-at, at-to) < last/4 {
			to = rng.IntN(last + 1)
		}
		at = to
		a.pb.Seek(to)
		if err := a.Update(); err != nil {
			b.Fatal(err)
		}
		if got := a.sess.Cur().Snap.Tick; got != to {
			b.Fatalf("after the seek to %d the window shows tick %d", to, got)
		}
		if draw {
			a.Draw(screen)
			probe.ReadPixels(px)
		}
	}
	click()
	for b.Loop() {
		click()
	}
}
