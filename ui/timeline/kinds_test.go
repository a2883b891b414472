// The strip's lanes take their labels and colours from the kinds table
// (engine/eventlog/kinds.go): the labels drawn are the lanes' names, top to
// bottom, and a kind's lane aggregates in its kind's colour.

package timeline

import (
	"slices"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// TestLanes_LabelsDrawnFromKinds: every lane's label is drawn, in order,
// as the strip showed them before the kinds table.
func TestLanes_LabelsDrawnFromKinds(t *testing.T) {
	want := []string{"updates", "enqueues", "completions", "stall windows", "blips", "snaps", "pops", "hitches",
		"contact", "notes", "divergence", "stamps", "sprints", "snap-backs", "lags", "transition"}
	var got []string
	for l := range NumLanes {
		got = append(got, l.String())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("lane names %q, want %q", got, want)
	}
	d := &Data{Index: model.NewIndex(nil), History: model.NewHistory(), Info: &model.Info{TickRate: 30, LastTick: 600}}
	tl, _ := strip()
	var p paint
	tl.Draw(&p, d, 0)
	at := 0
	for _, s := range p.texts {
		if at < len(want) && s == want[at] {
			at++
		}
	}
	if at != len(want) {
		t.Errorf("drawn texts %q lack the lane label %q (in order)", p.texts, want[at])
	}
	for l, k := range laneKinds {
		if k != 0 && Lane(l) != LaneStamps && laneDensity[l] != k.Info().Color {
			t.Errorf("lane %v aggregates in %v, its kind %v is %v", Lane(l), laneDensity[l], k, k.Info().Color)
		}
		if lane, ok := LaneOf(k); k != 0 && k != eventlog.EventRoute && (!ok || lane != Lane(l)) {
			t.Errorf("LaneOf(%v) = %v, %v; want %v", k, lane, ok, Lane(l))
		}
	}
}

// TestLanes_TransitionLaneShowsItsFourKinds: the transition's wall, step,
// cell and land events (engine/transit.go) share one lane, each drawn in
// its kind's colour, and the lane's , and . step between all four.
func TestLanes_TransitionLaneShowsItsFourKinds(t *testing.T) {
	kinds := []eventlog.EventKind{eventlog.EventWall, eventlog.EventStep, eventlog.EventCell, eventlog.EventLand}
	f := LaneTransition.Filter(0)
	for _, k := range kinds {
		if lane, ok := LaneOf(k); !ok || lane != LaneTransition {
			t.Errorf("LaneOf(%v) = %v, %v", k, lane, ok)
		}
		if !f.Kinds.Has(k) {
			t.Errorf("the transition lane's filter leaves out %v", k)
		}
		e := model.Event{Kind: k}
		if c, _ := mark(&e); c != k.Info().Color {
			t.Errorf("%v drawn in %v, want %v", k, c, k.Info().Color)
		}
	}
	if f.Kinds.Has(eventlog.EventBlip) {
		t.Error("the transition lane's filter takes blips")
	}
}
