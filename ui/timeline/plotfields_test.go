package timeline

import (
	"glidepath/engine"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/physics"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

// plotData is two objects over 600 ticks: 1 climbs (z = tick/100) moving
// east, 2 moves west on the ground; 1 gets UpdatePositions with position
// stamps 10 at tick 100 and 20 at tick 300.
func plotData() *Data {
	events := []model.Event{
		{Tick: 100, GUID: 1, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate, HasStamps: true, StampsIn: [4]uint16{1, 10}},
		{Tick: 300, GUID: 1, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate, HasStamps: true, StampsIn: [4]uint16{1, 20}},
	}
	h := model.NewHistory()
	for k := 0; k <= 600; k++ {
		var s model.Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1, Name: "Climber", Position: modeltest.At(model.Vec3{float64(k) / 10, 0, float64(k) / 100}, 0)})
		s.AddObject(engine.ObjectView{GUID: 2, Name: "Walker", Position: modeltest.At(model.Vec3{1000 - float64(k)/10, 5, 0}, 0)})
		model.Record(h, &s)
	}
	return &Data{Index: model.NewIndex(events), History: h, Info: &model.Info{TickRate: 30, LastTick: 600}}
}

// z, course and the position stamp plot the selection's values; each
// field carries its peak.
func TestPlot_ZCourseAndStamp(t *testing.T) {
	tl, _ := strip()
	d := plotData()
	d.Selected = 1
	tl.Plot = PlotSet(1<<PlotZ | 1<<PlotCourse | 1<<PlotStamp)
	var p paint
	tl.Draw(&p, d, 0)
	if z := tl.peaks[PlotZ]; z < 5.9 || z > 6.01 {
		t.Errorf("z peak %v, want 6 m (the climber's height at tick 600)", z)
	}
	if c := tl.peaks[PlotCourse]; c < 89.9 || c > 90.1 {
		t.Errorf("course peak %v, want 90° (moving east)", c)
	}
	if s := tl.peaks[PlotStamp]; s != 20 {
		t.Errorf("stamp peak %v, want 20", s)
	}
	joined := "|" + strings.Join(p.texts, "|") + "|"
	for _, want := range []string{"|z 5.99 m|", "|course 90 °|", "|pos stamp 20|", "|selection|"} {
		if !strings.Contains(joined, want) {
			t.Errorf("plot texts %q lack %q", joined, want)
		}
	}
	if v, ok := stampAt([]stampStep{{100, 10}, {300, 20}}, 99); ok {
		t.Errorf("a stamp %v before the first update", v)
	}
	if v, _ := stampAt([]stampStep{{100, 10}, {300, 20}}, 299); v != 10 {
		t.Errorf("stamp at 299 is %v, want 10 until the next update", v)
	}
}

// A click on the plot's name switches it to the filter's objects: one
// series per object and field in the same plot, peaks over them all; a
// second click goes back to the selection.
func TestPlot_FilterObjectsSeveralSeries(t *testing.T) {
	tl, pb := strip()
	d := plotData()
	d.Selected = 1
	tl.Plot = PlotSet(1<<PlotZ | 1<<PlotCourse)
	var one paint
	tl.Draw(&one, d, 0)
	y := tl.plotRect().Y + 20
	tl.Update(Input{X: 10, Y: y, Left: true}, true, pb, d)
	tl.Update(Input{X: 10, Y: y}, true, pb, d)
	if !tl.PlotFiltered || pb.Cursor() != 0 {
		t.Fatalf("a click on the plot's name: filtered %v, cursor %d", tl.PlotFiltered, pb.Cursor())
	}
	d.Filtered = []uint32{1, 2}
	var two paint
	tl.Draw(&two, d, 0)
	if two.lines != one.lines+2 {
		t.Errorf("%d lines for two objects, %d for one: want one more series per field", two.lines, one.lines)
	}
	if c := tl.peaks[PlotCourse]; c < 269.9 || c > 270.1 {
		t.Errorf("course peak %v, want 270° (the walker moving west)", c)
	}
	if !strings.Contains(strings.Join(two.texts, "|"), "filter 2") {
		t.Errorf("texts %q do not say the plot shows the filter's 2 objects", two.texts)
	}
	d.Filtered = nil
	var none paint
	tl.Draw(&none, d, 0)
	if none.lines != one.lines-2 || !strings.Contains(strings.Join(none.texts, "|"), "no object passes the filter") {
		t.Errorf("with no filter in force: %d lines (want %d), texts %q", none.lines, one.lines-2, none.texts)
	}
	tl.Update(Input{X: 10, Y: y, Left: true}, true, pb, d)
	if tl.PlotFiltered {
		t.Error("a second click did not go back to the selection")
	}
}
