// A run sought to one tick alone (the window's screenshot) keeps only the
// checkpoint that seek restores (KeepCheckpointFor); every seek still gives
// the straight run's state, and a pre-run that keeps them all (the
// interactive window's) still has every one.

package engine

import (
	"reflect"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// keepPair is a window's Sim and the pre-run sharing its checkpoints.
type keepPair struct{ window, pre *Sim }

// keepPairOf makes the window's Sim over st and its pre-run, sharing its
// checkpoints every interval ticks.
func keepPairOf(t *testing.T, st *EventStore, interval int) keepPair {
	t.Helper()
	w := prerunSim(t, st, Options{RecordStages: true, CheckpointInterval: interval})
	pre := prerunSim(t, st, Options{Workers: 2, CheckpointInterval: interval})
	if err := pre.ShareCheckpoints(w); err != nil {
		t.Fatal(err)
	}
	return keepPair{w, pre}
}

// storeList is a copy of the checkpoints s's store holds.
func storeList(s *Sim) []checkpoint {
	s.cps.store.mu.Lock()
	defer s.cps.store.mu.Unlock()
	return append([]checkpoint(nil), s.cps.store.list...)
}

func keepCrowdStore(t *testing.T) *EventStore {
	t.Helper()
	rec := withHeld(withLife(synthCrowd(t, 300, 4, 29)))
	st, err := ReadEvents(recording.NewSource(rec), Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// The screenshot's pre-run packs tick 0's checkpoint and the one before
// its tick, a keyframe, and skips the rest; the window's Sim then seeks to
// the states the Sim of a pre-run that kept every checkpoint seeks to, at
// the picture's tick and at every other tick tried (restoring an earlier
// kept checkpoint and stepping on).
//
// The full pair is the reference (its pre-run steps in shards as the lean
// one's does, its window seeks on one goroutine): under the race detector
// (raceEnabled) only the lean pair runs, its checkpoints checked to be
// every interval's and its seeks to reach their ticks, and what they are
// compared with (the full pair's checkpoints, bytes and states) is left
// to make test's second pass (Makefile RACE_LIGHT).
func TestKeepCheckpointFor_SeeksAsWithEveryCheckpoint(t *testing.T) {
	dropHelpersAfter(t)
	st := keepCrowdStore(t)
	const interval, at = 16, 90
	lean := keepPairOf(t, st, interval)
	lean.pre.KeepCheckpointFor(at)
	if got := prerunByRuns(lean.pre, 2, 64); got.sharded == 0 {
		t.Fatal("no tick stepped in shards")
	}
	ll := storeList(lean.window)
	for i := range ll {
		if ll[i].tick != i*interval {
			t.Errorf("lean checkpoint %d is of tick %d, want %d", i, ll[i].tick, i*interval)
		}
	}
	only := (at - 1) / interval
	if raceEnabled {
		if len(ll) < 8 {
			t.Fatalf("%d checkpoints listed by the lean run, want at least 8", len(ll))
		}
		for i := range ll {
			if kept := i == 0 || i == only; ll[i].skipped == kept || (ll[i].data != nil) != kept {
				t.Errorf("lean checkpoint %d (tick %d): skipped %v, packed %v; want kept only at 0 and %d", i, ll[i].tick, ll[i].skipped, ll[i].data != nil, only)
			}
		}
		for _, tick := range []int{at, at - 1, at + 1, 0, 3, interval, only * interval, only*interval + 1, lean.window.LastTick(), 31, at} {
			lean.window.Seek(tick)
			if got := lean.window.Query().Objects(nil); lean.window.Tick() != tick || len(got) < 300 {
				t.Errorf("a seek to tick %d reached tick %d with %d objects, want 300 or more", tick, lean.window.Tick(), len(got))
			}
		}
		return
	}
	full := keepPairOf(t, st, interval)
	prerunByRuns(full.pre, 2, 64)
	fl := storeList(full.window)
	if len(fl) != len(ll) || len(fl) < 8 {
		t.Fatalf("%d checkpoints kept in all, %d listed by the lean run: want the same number, at least 8", len(fl), len(ll))
	}
	for i := range fl {
		if fl[i].skipped || fl[i].data == nil {
			t.Errorf("the full pre-run skipped checkpoint %d (tick %d): the interactive window seeks through every one", i, fl[i].tick)
		}
		kept := i == 0 || i == only
		if ll[i].skipped == kept || (ll[i].data != nil) != kept {
			t.Errorf("lean checkpoint %d (tick %d): skipped %v, packed %v; want kept only at 0 and %d", i, ll[i].tick, ll[i].skipped, ll[i].data != nil, only)
		}
		if ll[i].tick != fl[i].tick {
			t.Errorf("lean checkpoint %d is of tick %d, want %d", i, ll[i].tick, fl[i].tick)
		}
	}
	if ll[only].key != only {
		t.Errorf("the kept checkpoint is packed against checkpoint %d, want itself (a keyframe)", ll[only].key)
	}
	if p := lean.window.cps.nearest(at, lean.window.LastTick()); p.cp.tick != only*interval {
		t.Errorf("a seek to tick %d restores tick %d, want the kept %d", at, p.cp.tick, only*interval)
	}
	fb, lb := full.window.Query().CheckpointBytes(), lean.window.Query().CheckpointBytes()
	if lb*4 > fb {
		t.Errorf("the lean checkpoints hold %d bytes, the full %d: want a quarter or less", lb, fb)
	}
	for _, tick := range []int{at, at - 1, at + 1, 0, 3, interval, only * interval, only*interval + 1, full.window.LastTick(), 31, at} {
		full.window.Seek(tick)
		lean.window.Seek(tick)
		got, want := lean.window.Query().Objects(nil), full.window.Query().Objects(nil)
		if len(want) < 300 || !reflect.DeepEqual(got, want) {
			t.Errorf("tick %d: the window's Sim seeks to another state (%d objects) with the one checkpoint kept than with all (%d)", tick, len(got), len(want))
		}
		if g, w := lean.window.Query().StateHash(), full.window.Query().StateHash(); g != w {
			t.Errorf("tick %d: state hash %x with the one checkpoint kept, %x with all", tick, g, w)
		}
	}
}

// A pre-run that keeps one checkpoint steps its runs of ticks past the
// checkpoints it skips (checkpoints.runEnd): a run ends at the kept one's
// tick, and the others are as long as asked, not cut at every interval;
// the skipped ones are listed at their ticks all the same, and a pre-run
// that keeps every checkpoint still ends its runs at each.
func TestKeepCheckpointFor_RunsStepPastTheSkipped(t *testing.T) {
	dropHelpersAfter(t)
	st := keepCrowdStore(t)
	const interval, at, ask = 16, 90, 64
	only := (at - 1) / interval
	for _, keep := range []bool{true, false} {
		p := keepPairOf(t, st, interval)
		if keep {
			p.pre.KeepCheckpointFor(at)
		}
		// The last run of ticks of each call (a call may step several).
		var ends []int
		long := 0
		for !p.pre.Done() {
			p.pre.AdvanceBriefs(ask, 2, BriefsTo(func(int, []BriefView, physics.Position, bool) {}))
			if b := p.pre.batch; b != nil && b.to == p.pre.Tick() {
				ends = append(ends, b.to)
				if b.to-b.from+1 > interval {
					long++
				}
			}
		}
		switch {
		case keep && long < 3:
			t.Errorf("one checkpoint kept: each call's last run ends at %v, %d longer than the interval: want most %d ticks long", ends, long, ask)
		case !keep && long > 0:
			t.Errorf("every checkpoint kept: %d runs longer than the interval (ends %v)", long, ends)
		}
		l := storeList(p.window)
		if len(l) != p.pre.LastTick()/interval+1 {
			t.Errorf("keep %v: %d checkpoints listed, want %d", keep, len(l), p.pre.LastTick()/interval+1)
		}
		for i := range l {
			kept := !keep || i == 0 || i == only
			// The kept one packed at its tick: a run ended there.
			if l[i].tick != i*interval || l[i].skipped == kept || (l[i].data != nil) != kept {
				t.Errorf("keep %v: checkpoint %d is of tick %d, skipped %v, packed %v; want tick %d, kept %v", keep, i, l[i].tick, l[i].skipped, l[i].data != nil, i*interval, kept)
			}
		}
	}
}

// A store that keeps every checkpoint again after keeping one packs the
// next ones against the one it kept (the keyframe whose words it holds,
// not checkpoint 0) up to the next keyframe, and every seek is the full
// run's.
//
// The full pair is the reference (its pre-run steps in shards as the
// mixed one's does, its window seeks on one goroutine): under the race
// detector (raceEnabled) only the mixed pair runs, its seeks checked to
// reach their ticks, and the full pair's states they are compared with are
// left to make test's second pass (Makefile RACE_LIGHT).
func TestKeepCheckpointFor_EveryOneAgain(t *testing.T) {
	dropHelpersAfter(t)
	st := keepCrowdStore(t)
	const interval = 8
	var full keepPair
	if !raceEnabled {
		full = keepPairOf(t, st, interval)
		prerunByRuns(full.pre, 2, 64)
	}
	mixed := keepPairOf(t, st, interval)
	// Kept for tick 50 (checkpoint 6, a keyframe), every one again from
	// tick 64: checkpoints 8 to 15 are packed against 6, 16 is a keyframe.
	mixed.pre.KeepCheckpointFor(50)
	for mixed.pre.Tick() < 60 {
		mixed.pre.AdvanceBriefs(60-mixed.pre.Tick(), 2, BriefsTo(func(int, []BriefView, physics.Position, bool) {}))
	}
	mixed.pre.KeepCheckpointFor(-1)
	prerunByRuns(mixed.pre, 2, 64)
	ml := storeList(mixed.window)
	if len(ml) < 18 {
		t.Fatalf("%d checkpoints, want at least 18", len(ml))
	}
	if ml[1].data != nil || ml[7].data != nil || ml[6].data == nil || ml[8].data == nil || ml[6].key != 6 || ml[8].key != 6 || ml[15].key != 6 || ml[16].key != 16 || ml[17].key != 16 {
		t.Fatalf("checkpoints 1, 7, 6, 8: packed %v %v %v %v; 6, 8, 15, 16, 17 against %d %d %d %d %d; want 1 and 7 skipped, 8 to 15 against 6, 17 against 16",
			ml[1].data != nil, ml[7].data != nil, ml[6].data != nil, ml[8].data != nil, ml[6].key, ml[8].key, ml[15].key, ml[16].key, ml[17].key)
	}
	// Every 5th tick back from the last; under the race detector
	// (raceEnabled) every 20th, every 5th in make test's second pass.
	stride := 5
	if raceEnabled {
		stride = 20
	}
	seeks := 0
	for tick := mixed.window.LastTick(); tick >= 0; tick -= stride {
		seeks++
		mixed.window.Seek(tick)
		if got := mixed.window.Tick(); got != tick {
			t.Fatalf("a seek to tick %d reached tick %d", tick, got)
		}
		if raceEnabled {
			continue
		}
		full.window.Seek(tick)
		if g, w := mixed.window.Query().StateHash(), full.window.Query().StateHash(); g != w {
			t.Fatalf("tick %d: state hash %x after keeping one checkpoint then all, %x with all", tick, g, w)
		}
	}
	if seeks < 8 {
		t.Errorf("%d seeks, want at least 8", seeks)
	}
}
