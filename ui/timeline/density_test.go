package timeline

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// crowdData is 200 objects each judging a stall window every 5 ticks over
// 600 ticks, object 1's windows at ticks 300–320 failing.
func crowdData() *Data {
	var events []model.Event
	for k := 5; k <= 600; k += 5 {
		for g := uint32(1); g <= 200; g++ {
			events = append(events, model.Event{Tick: int32(k), GUID: g, Kind: eventlog.EventStallWindow,
				Pass: g != 1 || k < 300 || k > 320, Note: -1})
		}
	}
	return &Data{Index: model.NewIndex(events), Info: &model.Info{TickRate: 30, LastTick: 600}}
}

// A crowd's lanes aggregate: the stall lane is a density strip of 1-pixel
// columns in the pass colour, red where windows failed; with a selection
// its own events are drawn over the strip.
func TestDraw_CrowdLanesAggregateIntoDensity(t *testing.T) {
	tl, _ := strip()
	d := crowdData()
	var p paint
	tl.Draw(&p, d, 0)
	marks := p.marksIn(LaneStall)
	if len(marks) < 500 {
		t.Fatalf("%d marks in the stall lane, want a column per pixel of the strip", len(marks))
	}
	var red, green int
	for _, r := range marks {
		if r.w != 1 {
			t.Fatalf("a density column %v px wide", r.w)
		}
		switch {
		case r.c.R > r.c.G:
			red++
			// Density is counted in DensityTicks buckets.
			lo, hi := 300/model.DensityTicks*model.DensityTicks, (320/model.DensityTicks+1)*model.DensityTicks
			if x := float64(r.x) - tl.View.X; x < float64(lo)-1 || x > float64(hi) {
				t.Errorf("a failure shown at tick ≈%.0f, outside the buckets of ticks 300–320", x)
			}
		default:
			green++
		}
	}
	if red == 0 || green == 0 {
		t.Errorf("%d red and %d green columns, want failures among passes", red, green)
	}
	d.Selected = 1
	var sel paint
	tl.Draw(&sel, d, 0)
	if n := len(sel.marksIn(LaneStall)); n <= len(marks) {
		t.Errorf("%d stall-lane marks with a selection, want the strip and the selection's windows on top", n)
	}
}

// While the pre-run goes on, the part of the strip it has not reached is
// shaded and the ruler says how far it is.
func TestDraw_PendingPartIsShaded(t *testing.T) {
	tl, _ := strip()
	d := runData()
	d.Partial, d.Computed = true, 150
	var p paint
	tl.Draw(&p, d, 0)
	found := false
	for _, s := range p.texts {
		found = found || strings.Contains(s, "pre-running 25 %")
	}
	if !found {
		t.Errorf("texts %q, want the pre-run's progress", p.texts)
	}
	shaded := false
	for _, r := range p.rects {
		if r.c == pendingShade && int(float64(r.x)-tl.View.X+0.5) == 150 && r.w > 400 {
			shaded = true
		}
	}
	if !shaded {
		t.Error("no shade from tick 150 to the end")
	}
}
