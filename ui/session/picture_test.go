// A screenshot's session (NewPicture) pre-runs keeping only the checkpoint
// its seek restores, and leaves the records and the state at its tick the
// window's session (New) leaves; the window's keeps every checkpoint.

package session

import (
	"math"
	"reflect"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine/scenario"
	"glidepath/engine/store"
	"glidepath/interp"
	"glidepath/ui/model"
	"glidepath/ui/overlay"
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

// A lean picture's session (NewLeanPicture) keeps what the frame reads
// (store.History.Lean): every track (guid, name, first tick, in order),
// the bounds and the indoor cells, the most eventful object as the window
// finds it, every sample from the trails' first tick (overlay.TrailFrom)
// up to the picture's, and the selection's plot over the whole run; the
// other tracks begin at the trails' first tick and end past the
// picture's. With the selection given, its every sample.
func TestNewLeanPicture_KeepsWhatThePictureReads(t *testing.T) {
	const tick = 200
	whole, _ := pictureRun(t, New, tick)
	w := whole.Cur()
	best := MostEventful(w.Hist, w.Index)
	trail, _ := overlay.TrailFrom(tick, w.Info.TickRate)
	if trail <= 0 {
		t.Fatalf("the trails begin at tick %d: want a picture's tick past the first trail", trail)
	}
	for _, sel := range []uint32{0, w.Hist.Tracks()[7].GUID} {
		lean, _ := pictureRun(t, func(srcs []model.Source) (*Session, error) { return NewLeanPicture(srcs, tick, Lean{Select: sel}) }, tick)
		p := lean.Cur()
		from, leaned := p.Hist.Leaned()
		if !lean.Leaned() || !leaned || from <= tick {
			t.Fatalf("select %x: session lean %v, history lean %v from %d: want lean past tick %d", sel, lean.Leaned(), leaned, from, tick)
		}
		if got := MostEventful(p.Hist, p.Index); got != best || best == 0 {
			t.Errorf("select %x: the most eventful is %x, the window's %x", sel, got, best)
		}
		lo, hi, _ := p.Hist.Bounds()
		wlo, whi, _ := w.Hist.Bounds()
		if lo != wlo || hi != whi || p.Hist.LastTick() != w.Hist.LastTick() || len(p.Hist.Tracks()) != len(w.Hist.Tracks()) {
			t.Fatalf("select %x: bounds %v %v, last %d, %d tracks; want %v %v, %d, %d", sel, lo, hi, p.Hist.LastTick(), len(p.Hist.Tracks()),
				wlo, whi, w.Hist.LastTick(), len(w.Hist.Tracks()))
		}
		want := sel
		if want == 0 {
			want = best
		}
		plotted, cut, before := 0, 0, 0
		st := p.Hist.Stride()
		for i, wt := range w.Hist.Tracks() {
			pt := p.Hist.Tracks()[i]
			if pt.GUID != wt.GUID || pt.Name != wt.Name || pt.First != wt.First {
				t.Fatalf("select %x: track %d is %x %q from %d, want %x %q from %d", sel, i, pt.GUID, pt.Name, pt.First, wt.GUID, wt.Name, wt.First)
			}
			for k := 0; k <= w.Info.LastTick; k++ {
				ws, wok := wt.At(k)
				ps, pok := pt.At(k)
				if k > tick && wt.GUID == want && wok {
					plotted++ // alive: a point of the plot, a distance or none (NaN)
				}
				switch {
				case k-k%st >= trail && k <= tick || wt.GUID == sel:
					if ws != ps || wok != pok {
						t.Fatalf("select %x: %x at tick %d differs", sel, wt.GUID, k)
					}
				case wt.GUID == want:
					if wok != pok || !sameDistance(ws.DistHead, ps.DistHead) || !sameDistance(ws.ErrTruth, ps.ErrTruth) || pok && !math.IsNaN(float64(ps.Pos[0])) {
						t.Fatalf("select %x: the selection %x's plot at tick %d: %v %v %v, want %v %v %v", sel, want, k,
							pok, ps.DistHead.Float32(), ps.ErrTruth.Float32(), wok, ws.DistHead.Float32(), ws.ErrTruth.Float32())
					}
				case wok && !pok:
					cut++
					if k < trail {
						before++
					}
				}
			}
		}
		if plotted == 0 || cut == 0 || before == 0 {
			t.Errorf("select %x: %d plotted ticks of the selection past the tick, %d samples of others let go (%d before the trails): want some of each",
				sel, plotted, cut, before)
		}
	}
}

// sameDistance says a and b are the same distance, or both none (NaN).
func sameDistance(a, b store.BF16) bool {
	return a == b || math.IsNaN(float64(a.Float32())) && math.IsNaN(float64(b.Float32()))
}

// A lean picture of several readings side by side keeps the whole
// history (NewPicture's): the stacked rows read each reading's.
func TestNewLeanPicture_SeveralReadingsKeepTheWholeHistory(t *testing.T) {
	rec := scenario.BenchRecording(20, 0.5, 0.5, 3)
	ace, err := interp.ReadingByName(interp.ReadingACE)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := simsource.New(rec, rec.Name, []interp.Reading{interp.SeedReading(), ace}, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	srcs := []model.Source{runs[0], runs[1]}
	s, err := NewLeanPicture(srcs, 30, Lean{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Runs {
		if _, leaned := r.Hist.Leaned(); leaned || s.Leaned() {
			t.Errorf("reading %s: lean %v, session lean %v: want the whole history", r.Info.Reading, leaned, s.Leaned())
		}
	}
}
