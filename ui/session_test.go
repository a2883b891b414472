package ui

import (
	"image"
	"testing"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// A run on the engine is viewed at once: the window starts at the requested
// tick before the pre-run has finished, a jump past the pre-run's reach
// waits there, and once the pre-run is done the records cover the whole
// run, as a straight pre-run's do.
func TestSession_ViewsWhilePrerunning(t *testing.T) {
	rec := scenario.BenchRecording(60, 1, 0.5, 1)
	runs, err := simsource.New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	last := runs[0].Info().LastTick
	a, err := newApp(Options{Sources: []model.Source{runs[0]}, Tick: 40, Paused: true, Size: image.Pt(800, 600)})
	if err != nil {
		t.Fatal(err)
	}
	defer a.sess.Close()
	a.Layout(800, 600)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if !a.started || a.sess.Cur().Snap.Tick != 40 || len(a.sess.Cur().Snap.Objects) != 60 {
		t.Fatalf("first update: started %v at tick %d with %d objects", a.started, a.sess.Cur().Snap.Tick, len(a.sess.Cur().Snap.Objects))
	}
	frame(t, a)
	if !a.sess.Ready {
		// A jump far ahead of the pre-run is held at its reach.
		a.pb.Seek(last)
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
		if c := a.pb.Cursor(); c > max(a.sess.Reach(), 40) && !a.sess.Ready {
			t.Errorf("cursor at %d, past the pre-run's reach %d", c, a.sess.Reach())
		}
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	r := a.sess.Cur()
	if r.Hist.LastTick() != last || r.Index.Len() == 0 || a.sess.Reach() != last {
		t.Fatalf("after the pre-run: history to %d, %d events, reach %d; want %d", r.Hist.LastTick(), r.Index.Len(), a.sess.Reach(), last)
	}
	// The same records as pre-running a fresh run straight.
	fresh, err := simsource.New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	h := model.NewHistory()
	h.SetStride(r.Hist.Stride())
	x, err := model.Prerun(t.Context(), fresh[0], h, nil)
	if err != nil {
		t.Fatal(err)
	}
	if x.Len() != r.Index.Len() || len(h.Tracks()) != len(r.Hist.Tracks()) {
		t.Fatalf("straight pre-run: %d events, %d tracks; live: %d, %d", x.Len(), len(h.Tracks()), r.Index.Len(), len(r.Hist.Tracks()))
	}
	for i := range x.Len() {
		if x.Event(i) != r.Index.Event(i) {
			t.Fatalf("event %d differs: %+v, live %+v", i, x.Event(i), r.Index.Event(i))
		}
	}
	a.pb.Seek(last)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if a.sess.Cur().Snap.Tick != last {
		t.Errorf("after the pre-run the cursor reaches tick %d, want %d", a.sess.Cur().Snap.Tick, last)
	}
	frame(t, a)
}

// The window opens at tick 0 with the header's objects in view: the run's
// snapshot is taken at the first seek even when that seek goes nowhere
// (its cursor and the source both at tick 0), before and after the
// pre-run is done.
func TestSession_OpensAtTickZeroWithItsObjects(t *testing.T) {
	rec := scenario.BenchRecording(12, 1, 0.5, 1)
	runs, err := simsource.New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(Options{Sources: []model.Source{runs[0]}, Tick: 0, Paused: true, Size: image.Pt(800, 600)})
	if err != nil {
		t.Fatal(err)
	}
	defer a.sess.Close()
	a.Layout(800, 600)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if s := &a.sess.Cur().Snap; s.Tick != 0 || len(s.Objects) != 12 {
		t.Fatalf("first update: tick %d with %d objects, want tick 0 with 12", s.Tick, len(s.Objects))
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if s := &a.sess.Cur().Snap; s.Tick != 0 || len(s.Objects) != 12 {
		t.Fatalf("after the pre-run: tick %d with %d objects, want tick 0 with 12", s.Tick, len(s.Objects))
	}
}
