package timeline

import (
	"image/color"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/ui/model"
)

// Two runs stacked (readings compared, or two inputs): the blips lane
// splits into two rows, each run's blip in its own row at its own tick, a
// run at half the strip's tick rate placed by time; the hover details of a
// row name its run.
func TestStack_OneRowPerRunPlacedByTime(t *testing.T) {
	tl, pb := strip()
	a := runData() // object 2 blips at tick 210
	b := model.NewIndex([]model.Event{{Tick: 150, GUID: 2, Kind: eventlog.EventBlip, Target: interp.BlipTail, To: model.Vec3{0, 1, 0}}})
	red, blue := color.RGBA{0xff, 0, 0, 0xff}, color.RGBA{0, 0, 0xff, 0xff}
	a.Stack = []Stacked{
		{Index: a.Index, History: a.History, Info: a.Info, Color: red, Name: "seed"},
		// 15 Hz: its tick 150 is the strip's tick 300.
		{Index: b, Info: &model.Info{TickRate: 15, LastTick: 300}, Color: blue, Name: "after.jsonl", Scale: 2},
	}
	var p paint
	tl.Draw(&p, a, 0)
	laneTop := float32(500 + RulerHeight + float64(LaneBlips)*LaneHeight)
	var rows [2][]rectOp
	for _, r := range p.rects {
		if r.y < laneTop || r.y >= laneTop+LaneHeight || r.c == red || r.c == blue || r.c == laneBackground || r.c == laneSelected || r.x < float32(tl.View.X) {
			continue
		}
		rows[int((r.y-laneTop-1)/float32((LaneHeight-2)/2))] = append(rows[int((r.y-laneTop-1)/float32((LaneHeight-2)/2))], r)
	}
	if len(rows[0]) != 1 || len(rows[1]) != 1 {
		t.Fatalf("blip rows: %+v / %+v, want one mark in each", rows[0], rows[1])
	}
	if x := float64(rows[0][0].x); x < tl.View.XOf(210)-1 || x > tl.View.XOf(210)+1 {
		t.Errorf("the first run's blip at x %.0f, want tick 210 at %.0f", x, tl.View.XOf(210))
	}
	if x := float64(rows[1][0].x); x < tl.View.XOf(300)-1 || x > tl.View.XOf(300)+1 {
		t.Errorf("the second run's blip at x %.0f, want its tick 150 placed at the strip's 300 (%.0f)", x, tl.View.XOf(300))
	}
	swatches := 0
	for _, r := range p.rects {
		if r.c == red || r.c == blue {
			swatches++
		}
	}
	if swatches != 2*int(NumLanes) {
		t.Errorf("%d run colour swatches, want one per run and lane (%d)", swatches, 2*int(NumLanes))
	}
	y1 := float64(laneTop) + 1 + float64((LaneHeight-2)/2) + 2
	tl.Update(Input{X: tl.View.XOf(300), Y: y1}, true, pb, a)
	if got := tl.HoverText(); !strings.HasPrefix(got, "after.jsonl · tick 150") {
		t.Errorf("hovering the second run's blip: %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(210), Y: float64(laneTop) + 3}, true, pb, a)
	if got := tl.HoverText(); !strings.HasPrefix(got, "seed · tick 210") {
		t.Errorf("hovering the first run's blip: %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(210), Y: y1}, true, pb, a)
	if got := tl.HoverText(); got != "" {
		t.Errorf("the second run's row at the first run's blip: %q", got)
	}
}

// The plot of a selected run at half the strip's tick rate samples that
// run's own ticks: the strip's ticks 0–600 are its ticks 0–300.
func TestPlot_SelectedRunAtAnotherRateByTime(t *testing.T) {
	tl, _ := strip()
	d := runData()
	d.Selected = 1
	d.Stack = []Stacked{{Index: d.Index, History: d.History, Info: d.Info, Scale: 2}, {Index: d.Index, Info: d.Info}}
	hi := -1
	d.ClientError = func(guid uint32, tick int) (float64, bool) {
		hi = max(hi, tick)
		return 1, true
	}
	var p paint
	tl.Draw(&p, d, 0)
	if hi < 295 || hi > 301 {
		t.Errorf("the plot asked up to tick %d of the run, want about 300 (the strip's 600 at half the rate)", hi)
	}
}
