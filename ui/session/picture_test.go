// A screenshot's session (NewPicture) pre-runs keeping only the checkpoint
// its seek restores, and leaves the records and the state at its tick the
// window's session (New) leaves; the window's keeps every checkpoint.

package session

import (
	"reflect"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
	"glidepath/ui/simsource"
)

// pictureRun pre-runs a 300-object crowd in a session made by open, seeks
// it to tick and returns the session and its Source's Sim's checkpoint
// count.
func pictureRun(t *testing.T, open func([]model.Source) (*Session, error), tick int) (*Session, *simsource.Source) {
	t.Helper()
	rec := scenario.BenchRecording(300, 0.5, 0.5, 3)
	runs, err := simsource.New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := open([]model.Source{runs[0]})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := s.Seek(tick); err != nil {
		t.Fatal(err)
	}
	return s, runs[0]
}

func TestNewPicture_SameRecordsAndStateWithOneCheckpoint(t *testing.T) {
	for _, tick := range []int{450, 0, 33, 1 << 20} {
		whole, wsrc := pictureRun(t, New, tick)
		pic, psrc := pictureRun(t, func(srcs []model.Source) (*Session, error) { return NewPicture(srcs, tick) }, tick)
		w, p := whole.Cur(), pic.Cur()
		if w.Snap.Tick != p.Snap.Tick || len(w.Snap.Objects) < 300 || !reflect.DeepEqual(p.Snap, w.Snap) {
			t.Errorf("tick %d: the picture's state at the cursor (tick %d, %d objects) differs from the window's (tick %d, %d)",
				tick, p.Snap.Tick, len(p.Snap.Objects), w.Snap.Tick, len(w.Snap.Objects))
		}
		if !reflect.DeepEqual(p.Hist, w.Hist) {
			t.Errorf("tick %d: the picture's history differs from the window's", tick)
		}
		if p.Index.Len() != w.Index.Len() || p.Index.Len() == 0 {
			t.Errorf("tick %d: the picture's index holds %d events, the window's %d", tick, p.Index.Len(), w.Index.Len())
		}
		q := wsrc.Sim().Query()
		all := q.CheckpointsKept()
		if iv := q.CheckpointInterval(); iv <= 0 || all != wsrc.Info().LastTick/iv+1 || all < 10 {
			t.Errorf("the window's session keeps %d checkpoints every %d ticks of %d: want every one", all, iv, wsrc.Info().LastTick)
		}
		if n := psrc.Sim().Query().CheckpointsKept(); n > 2 {
			t.Errorf("tick %d: the picture's session keeps %d checkpoints, want tick 0's and the one before its tick", tick, n)
		}
	}
}

// A picture's branch is made on its pre-run's goroutine (prerunPicture)
// while the window polls the session and reads its Source, as a window
// waiting for the pre-run does (under -race, the two share nothing
// unguarded); a failing branch is the session's error, not a hang.
func TestNewPicture_BranchesWhileTheWindowPolls(t *testing.T) {
	rec := scenario.BenchRecording(300, 0.5, 0.5, 3)
	runs, err := simsource.New(rec, rec.Name, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPicture([]model.Source{runs[0]}, 450)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	for polls := 0; s.Poll() && !s.Ready; polls++ {
		_ = s.Progress()
		_ = runs[0].Info()
		if polls > 1e5 {
			t.Fatal("the picture's pre-run never finished")
		}
		time.Sleep(time.Millisecond)
	}
	if s.Err != nil || !s.Ready {
		t.Fatalf("ready %v, error %v", s.Ready, s.Err)
	}
	if err := s.Seek(450); err != nil {
		t.Fatal(err)
	}
	if s.Cur().Snap.Tick != 450 || len(s.Cur().Snap.Objects) < 300 || s.Cur().Hist.LastTick() != runs[0].Info().LastTick {
		t.Errorf("at tick %d with %d objects, history to %d of %d", s.Cur().Snap.Tick, len(s.Cur().Snap.Objects), s.Cur().Hist.LastTick(), runs[0].Info().LastTick)
	}
}
