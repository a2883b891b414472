// Tests of the cause chains the timeline's pop and hitch lanes show.

package simsource

import (
	"context"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/model"
)

// The pre-run logs the pops and hitches the glide metrics flag, and each
// blip, snap, pop and hitch of the log gets the chain a run that records
// its stages gives (`viewer run -explain`) — asked in any order (newest
// first here): the pre-run records no stages, and each pop's stage is
// found when its chain is asked for (engine.PopStager).
func TestCauses_PopsAndHitchesCarryTheEnginesChains(t *testing.T) {
	rec, err := scenario.CompileAsset(assets.FS(), "cliff")
	if err != nil {
		t.Fatal(err)
	}
	srcs, err := New(rec, "cliff", nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	src := srcs[0]
	if _, err := model.Prerun(context.Background(), src, model.NewHistory(), nil); err != nil {
		t.Fatal(err)
	}
	type key struct {
		tick int
		guid uint32
		kind eventlog.EventKind
	}
	want := make(map[key]string)
	for _, c := range explainRun(t, rec) {
		want[key{c.Tick, c.GUID, c.Kind}] = c.What + " — " + c.Why
	}
	log := src.Events()
	cl, ok := log.(model.CauseLog)
	if !ok {
		t.Fatal("the viewer's event log gives no cause chains")
	}
	counts := make(map[eventlog.EventKind]int)
	for i := log.Len() - 1; i >= 0; i-- {
		e := log.At(i)
		tick, text, ok := cl.Cause(i)
		switch e.Kind {
		case eventlog.EventBlip, eventlog.EventSnap, eventlog.EventPop, eventlog.EventHitch:
			counts[e.Kind]++
			k := key{int(e.Tick), e.GUID, eventlog.EventKind(e.Kind)}
			if e.Kind == eventlog.EventHitch {
				k.tick-- // a hitch is the still tick before the one that confirms it
			}
			if !ok || tick != k.tick || text != want[k] {
				t.Errorf("event %d (%v at tick %d): cause %v %d %q, want %d %q", i, e.Kind, e.Tick, ok, tick, text, k.tick, want[k])
			}
		default:
			if info := eventlog.EventKind(e.Kind).Info(); info.Glide || info.Explain != nil {
				// A glide event (sprint, snap-back, lag) and a
				// transition's event (wall, step, cell, land) carry
				// the chain -explain gives them, when they have one.
				counts[e.Kind]++
				k := key{tick, e.GUID, eventlog.EventKind(e.Kind)}
				if ok && text != want[k] {
					t.Errorf("event %d (%v at tick %d): cause %d %q, want %q", i, e.Kind, e.Tick, tick, text, want[k])
				}
				continue
			}
			if ok {
				t.Errorf("event %d (%v) has a cause %q", i, e.Kind, text)
			}
		}
	}
	if counts[eventlog.EventPop] == 0 || counts[eventlog.EventHitch]+counts[eventlog.EventBlip] == 0 {
		t.Errorf("cliff logged %v: want pops and hitches or blips", counts)
	}
	t.Logf("cliff: %v", counts)
}

// explainRun is the cause chains `viewer run -explain` lists for rec: a
// run with the stage record, the glide metrics and the chains kept.
func explainRun(t testing.TB, rec *recording.Recording) []explain.Cause {
	t.Helper()
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS(), RecordStages: true, Metrics: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	for sim.Tick() < sim.LastTick() {
		sim.Step()
	}
	return sim.Query().Causes()
}
