package timeline

import (
	"glidepath/engine/eventlog"
	"math"
	"strings"
	"testing"

	"glidepath/engine"
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
	// Each number is labelled as the peak it is (issue 37 item 5): a bare
	// "z 5.99 m" reads as the value at the cursor.
	for _, want := range []string{"|z peak 5.99 m|", "|course peak 90 °|", "|pos stamp peak 20|", "|selection|"} {
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

// turnData is one object turning on the spot at 0.5° a tick from 300°:
// its heading passes 360° (0°) at tick 120 and reaches 240° at tick 600.
func turnData() (*Data, func(tick int) float64) {
	heading := func(tick int) float64 { return math.Mod(300+float64(tick)/2, 360) }
	h := model.NewHistory()
	for k := 0; k <= 600; k++ {
		var s model.Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1, Name: "Turner", Position: modeltest.At(model.Vec3{10, 10, 0}, heading(k)), Heading: float32(heading(k))})
		model.Record(h, &s)
	}
	return &Data{Index: model.NewIndex(nil), History: h, Info: &model.Info{TickRate: 30, LastTick: 600}, Selected: 1}, heading
}

// The heading series follows a turning body's heading, column by column,
// and breaks where the heading wraps from 360° to 0° instead of joining
// the two ends with a stroke down the plot.
func TestPlot_HeadingFollowsTheTurnAndBreaksAtTheWrap(t *testing.T) {
	tl, _ := strip()
	d, heading := turnData()
	tl.Plot = PlotSet(1 << PlotHeading)
	var p paint
	tl.Draw(&p, d, 0)
	peak := tl.peaks[PlotHeading]
	if peak < 359 || peak > 360 {
		t.Fatalf("heading peak %v, want just under 360°", peak)
	}
	if !strings.Contains("|"+strings.Join(p.texts, "|")+"|", "|heading peak 359 °|") {
		t.Errorf("plot texts %q lack the heading's switch with its peak", p.texts)
	}
	pr := tl.plotRect()
	valueAt := func(y float32) float64 { return (pr.Y + pr.H - 2 - float64(y)) / (pr.H - 16) * peak }
	if len(p.polys) != 2 {
		t.Fatalf("the heading drew %d lines, want 2: one each side of the wrap at tick 120", len(p.polys))
	}
	points := 0
	for _, xy := range p.polys {
		for i := 0; i+1 < len(xy); i += 2 {
			points++
			x := float64(xy[i]) - pr.X
			a := tl.View.TickAt(tl.View.X + x)
			b := max(tl.View.TickAt(tl.View.X+x+1)-1, a)
			// The column's value is the largest of its ticks'.
			want := heading(a)
			for k := a; k <= b; k++ {
				want = math.Max(want, heading(k))
			}
			if got := valueAt(xy[i+1]); math.Abs(got-want) > 0.5 {
				t.Fatalf("column %.0f (ticks %d–%d): heading %.2f°, want %.2f°", x, a, b, got, want)
			}
			if i >= 2 {
				if jump := math.Abs(valueAt(xy[i+1]) - valueAt(xy[i-1])); jump > 180 {
					t.Errorf("the line joins %.1f° to %.1f° across the wrap", valueAt(xy[i-1]), valueAt(xy[i+1]))
				}
			}
		}
	}
	if points < 550 {
		t.Errorf("%d points over 600 ticks: the heading series is missing columns", points)
	}
}
