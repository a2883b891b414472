// Tests of the cause chains' pop stages filled on demand.

package store

import (
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/scenario"
	"glidepath/physics"
)

// A pop logged without its stage gets the chain the whole log's Explainer
// gives once the stage is filled in, from the one fill call its first
// question makes; asking again, or about any other entry, calls fill no
// more.
func TestCauses_FillPopsRebuildsThatPopsChainOnce(t *testing.T) {
	rec, err := scenario.CompileAsset(assets.FS(), "cliff")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := engine.New(rec, engine.Options{Assets: assets.FS(), EventLog: true, Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	for sim.Tick() < sim.LastTick() {
		sim.Step()
	}
	log := sim.Query().AllEvents()
	k := -1
	for i := range log {
		if log[i].Kind == eventlog.EventPop {
			k = i // the last pop
		}
	}
	if k < 0 || log[k].Stage != physics.NumStages {
		t.Fatalf("cliff's last pop is entry %d, stage %v: want one logged without its stage", k, log[k].Stage)
	}
	staged := append([]eventlog.Event(nil), log...)
	staged[k].Stage, staged[k].Distance = physics.StageUseTime, 1.25
	var want string
	for _, c := range explain.Explain(staged) {
		if c.Kind == eventlog.EventPop && c.Tick == int(log[k].Tick) {
			want = c.What + " — " + c.Why
		}
	}
	if !strings.Contains(want, "UseTime moved it 1.25 m") {
		t.Fatalf("the whole log's chain of the staged pop is %q", want)
	}
	b := NewCauses()
	calls := 0
	b.FillPops(func(e *eventlog.Event) bool {
		calls++
		if e.Kind != eventlog.EventPop || int(e.Tick) != int(log[k].Tick) {
			return false
		}
		e.Stage, e.Distance = physics.StageUseTime, 1.25
		return true
	})
	view := sim.Query().LogView()
	for range 2 {
		if _, got, ok := b.cause(view, k); !ok || got != want {
			t.Errorf("the pop's chain %q (%v), want %q", got, ok, want)
		}
	}
	if calls != 1 {
		t.Errorf("fill was called %d times for one pop asked twice", calls)
	}
	for i := 0; i < k; i++ {
		if e := view.At(i); e.Kind != eventlog.EventPop {
			b.cause(view, i)
		}
	}
	if calls != 1 {
		t.Errorf("fill was called %d times: entries that are not pops asked for it", calls)
	}
}
