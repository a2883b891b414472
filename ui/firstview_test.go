// Tests of the first view's choices: the selection and the zoom.

package ui

import (
	"glidepath/engine"
	"math"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// The first view selects the object with the most blips and snaps and
// frames the remotes alive at the first tick any is, not before.
func TestFirstView_MostEventfulAndRemotesBox(t *testing.T) {
	h := model.NewHistory()
	var s model.Snapshot
	for tick := 1; tick <= 3; tick++ {
		s.Reset(tick)
		if tick >= 2 {
			s.AddObject(engine.ObjectView{GUID: 1, Position: modeltest.At(model.Vec3{10, 10, 0}, 0)})
			s.AddObject(engine.ObjectView{GUID: 2, Position: modeltest.At(model.Vec3{30, 14, 0}, 0)})
		}
		model.Record(h, &s)
	}
	x := model.NewIndex([]model.Event{
		{Tick: 2, GUID: 1, Kind: eventlog.EventSnap},
		{Tick: 2, GUID: 2, Kind: eventlog.EventBlip},
		{Tick: 3, GUID: 2, Kind: eventlog.EventBlip},
		{Tick: 3, GUID: 1, Kind: eventlog.EventRoute},
		{Tick: 3, GUID: 1, Kind: eventlog.EventRoute},
	})
	if g := mostEventful(h, x); g != 2 {
		t.Errorf("most eventful %d, want 2 (two blips beat a snap and routes)", g)
	}
	lo, hi, at, ok := remotesAt(h, 0)
	if !ok || at != 2 {
		t.Fatalf("remotes at tick %d ok %v, want the first tick they live, 2", at, ok)
	}
	if w := hi.Sub(lo); math.Abs(w[0]-20) > 1e-3 || math.Abs(w[1]-4) > 1e-3 {
		t.Errorf("box %v–%v, want 20 × 4 m", lo, hi)
	}
	if _, _, _, ok := remotesAt(model.NewHistory(), 0); ok {
		t.Error("an empty history has remotes")
	}
}

// A body of radius r spans 2r·H/span pixels: the first view keeps that
// between minBodyPixels and twice it.
func TestFirstView_SpanKeepsBodiesLarge(t *testing.T) {
	const r, h = 0.35, 600.0
	px := func(span float64) float64 { return 2 * r * h / span }
	for _, span := range []float64{1, 20, 35, 300, 5000} {
		got := px(firstSpan(span, r, h))
		if got < minBodyPixels-1e-9 || got > 2*minBodyPixels+1e-9 {
			t.Errorf("span %.0f m: body %.1f px, want %d–%d", span, got, minBodyPixels, 2*minBodyPixels)
		}
	}
	if firstSpan(30, r, h) != 30 {
		t.Error("a span already in range was changed")
	}
}
