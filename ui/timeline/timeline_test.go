// Tests of playback, the strip's view, its mouse, lanes, hover and plot.

package timeline

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

func TestPlayback_AdvancePlaysAtSpeedAndStopsAtTheEnd(t *testing.T) {
	p := NewPlayback(300, 30)
	if p.Advance(1) != 0 {
		t.Fatal("a paused playback moved")
	}
	p.Toggle()
	for range 60 { // one second at 60 updates a second
		p.Advance(1.0 / 60)
	}
	if p.Cursor() != 30 {
		t.Errorf("1 s at 1× moved to tick %d, want 30", p.Cursor())
	}
	p.Slower()
	p.Slower()
	p.Slower() // floor at ¼×
	if p.Speed() != 0.25 {
		t.Errorf("speed %v, want 0.25", p.Speed())
	}
	for range 60 {
		p.Advance(1.0 / 60)
	}
	if p.Cursor() != 37 {
		t.Errorf("1 s at ¼× from 30 is tick %d, want 37 (7.5 rounds down, the half carries)", p.Cursor())
	}
	for range 10 {
		p.Faster()
	}
	if p.Speed() != 8 {
		t.Errorf("speed %v, want the 8× ceiling", p.Speed())
	}
	p.Advance(5)
	if p.Cursor() != 300 || p.Playing() {
		t.Errorf("cursor %d playing %v, want stopped at the last tick", p.Cursor(), p.Playing())
	}
	p.Toggle()
	if p.Cursor() != 0 || !p.Playing() {
		t.Error("playing from the end does not start over")
	}
	p.Step(-10)
	if p.Cursor() != 0 || p.Playing() {
		t.Error("a step does not clamp and pause")
	}
	p.Step(10)
	p.Step(10)
	if p.Cursor() != 20 {
		t.Errorf("two 10-tick steps reach %d", p.Cursor())
	}
}

func TestView_ZoomKeepsTheTickUnderTheMouseAndPanClamps(t *testing.T) {
	v := View{X: 100, W: 1000, Last: 3000}
	v.Fit()
	if v.TickAt(100) != 0 || v.TickAt(1100) != 3000 || v.TickAt(600) != 1500 {
		t.Errorf("TickAt: %d %d %d", v.TickAt(100), v.TickAt(1100), v.TickAt(600))
	}
	under := v.TickAt(350)
	v.Zoom(350, 0.5)
	if v.Span() != 1500 || v.TickAt(350) != under {
		t.Errorf("zoomed span %v, tick under the mouse %d, want 1500 and %d", v.Span(), v.TickAt(350), under)
	}
	v.Pan(-10000)
	if v.To != 3000 || v.Span() != 1500 {
		t.Errorf("panned past the end: [%v, %v]", v.From, v.To)
	}
	for range 50 {
		v.Zoom(600, 0.5)
	}
	if v.Span() != MinVisibleTicks {
		t.Errorf("span %v, want the %d-tick floor", v.Span(), MinVisibleTicks)
	}
	v.Show(10)
	if v.From > 10 || v.To < 10 {
		t.Errorf("Show(10) leaves [%v, %v]", v.From, v.To)
	}
	v.Zoom(600, 1e9)
	if v.From != 0 || v.To != 3000 {
		t.Errorf("zoomed out past the run: [%v, %v]", v.From, v.To)
	}
	if s := v.RulerStep(30, 70); s != 300 { // 1000 px over 3000 ticks: 10 s marks are 100 px apart
		t.Errorf("ruler step %d ticks, want 300", s)
	}
}

// strip builds a timeline over a run of 600 ticks, laid out at y 500.
func strip() (*Timeline, *Playback) {
	tl := &Timeline{}
	tl.Reset(600)
	tl.SetRect(Rect{X: 0, Y: 500, W: 600 + LabelWidth + 8, H: float64(Height)})
	pb := NewPlayback(600, 30)
	return tl, &pb
}

func laneY(l Lane) float64 { return 500 + RulerHeight + float64(l)*LaneHeight + LaneHeight/2 }

func TestUpdate_ClickAndDragScrubWheelZoomsRightDragPansLabelsPickTheLane(t *testing.T) {
	tl, pb := strip()
	x := func(tick int) float64 { return tl.View.XOf(float64(tick)) }
	if !tl.Update(Input{X: x(200), Y: laneY(LaneBlips), Left: true}, true, pb, nil) || pb.Cursor() != 200 {
		t.Fatalf("click scrubbed to %d, want 200", pb.Cursor())
	}
	tl.Update(Input{X: x(350), Y: 50, Left: true}, true, pb, nil) // dragged out of the strip
	if pb.Cursor() != 350 {
		t.Errorf("drag scrubbed to %d, want 350", pb.Cursor())
	}
	tl.Update(Input{X: x(350), Y: 50}, true, pb, nil)
	if tl.Update(Input{X: x(100), Y: 50, Left: true}, true, pb, nil) {
		t.Error("a press outside the strip scrubbed")
	}
	tl.Update(Input{X: x(100), Y: 50}, true, pb, nil)
	if tl.Update(Input{X: x(100), Y: laneY(0), Left: true}, false, pb, nil) {
		t.Error("a press over a widget scrubbed")
	}
	tl.Update(Input{}, true, pb, nil)

	at := x(300)
	tl.Update(Input{X: at, Y: laneY(0), Wheel: 2}, true, pb, nil)
	if tl.View.Span() >= 600 || tl.View.TickAt(at) != 300 {
		t.Errorf("wheel zoom: span %v, tick under the mouse %d", tl.View.Span(), tl.View.TickAt(at))
	}
	from := tl.View.From
	tl.Update(Input{X: 300, Y: laneY(0), Right: true}, true, pb, nil)
	tl.Update(Input{X: 400, Y: laneY(0), Right: true}, true, pb, nil)
	tl.Update(Input{X: 400, Y: laneY(0)}, true, pb, nil)
	if tl.View.From >= from {
		t.Errorf("right-drag right did not show earlier ticks: from %v → %v", from, tl.View.From)
	}
	if pb.Cursor() != 350 {
		t.Error("panning moved the cursor")
	}
	tl.Update(Input{X: 10, Y: laneY(LaneStall), Left: true}, true, pb, nil)
	if tl.Lane != LaneStall {
		t.Errorf("clicking the stall lane's name picked %v", tl.Lane)
	}
}

// paint records a Painter's calls.
type paint struct {
	rects []rectOp
	texts []string
	textX []float32
	lines int
	// polys are the polylines' points (x, y pairs) and colours.
	polys    [][]float32
	polyCols []color.RGBA
}

type rectOp struct {
	x, y, w, h float32
	c          color.RGBA
}

func (p *paint) Rect(x, y, w, h float32, c color.RGBA) {
	p.rects = append(p.rects, rectOp{x, y, w, h, c})
}
func (p *paint) Line(x0, y0, x1, y1, w float32, c color.RGBA) {
	p.lines++
}
func (p *paint) Polyline(xy []float32, w float32, c color.RGBA) {
	p.lines++
	p.polys, p.polyCols = append(p.polys, append([]float32(nil), xy...)), append(p.polyCols, c)
}
func (p *paint) Text(x, y float32, s string, c color.RGBA) {
	p.texts, p.textX = append(p.texts, s), append(p.textX, x)
}
func (p *paint) Measure(s string) float32 { return float32(7 * len(s)) }

// marksIn returns the rects drawn inside lane l.
func (p *paint) marksIn(l Lane) []rectOp {
	var out []rectOp
	y := float32(500 + RulerHeight + float64(l)*LaneHeight + 2)
	for _, r := range p.rects {
		if r.y == y && r.h == LaneHeight-4 {
			out = append(out, r)
		}
	}
	return out
}

func runData() *Data {
	events := []model.Event{
		{Tick: 30, GUID: 1, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{Tick: 30, GUID: 1, Kind: eventlog.EventEnqueue, Branch: interp.BranchNear},
		{Tick: 100, GUID: 1, Kind: eventlog.EventStallWindow, Pass: true},
		{Tick: 200, GUID: 1, Kind: eventlog.EventStallWindow, Pass: false, Cumulative: 0.05},
		{Tick: 210, GUID: 2, Kind: eventlog.EventBlip, Target: interp.BlipTail, To: model.Vec3{3, 4, 0}},
		{Tick: 400, GUID: 1, Kind: eventlog.EventRoute, Route: physics.RouteSlide},
	}
	h := model.NewHistory()
	for k := 0; k <= 600; k++ {
		var s model.Snapshot
		s.Reset(k)
		s.AddObject(engine.ObjectView{GUID: 1, Name: "Walker", HasTruth: true, Truth: modeltest.At(model.Vec3{float64(k % 60), 0, 0}, 0)})
		s.AddNode(interp.Node{Type: interp.NodePosition, Position: modeltest.At(model.Vec3{0, 2, 0}, 0)})
		s.AddObject(engine.ObjectView{GUID: 2, Name: "Runner"})
		model.Record(h, &s)
	}
	return &Data{Index: model.NewIndex(events), History: h,
		Info: &model.Info{TickRate: 30, LastTick: 600, Notes: []eventlog.Note{{Tick: 450, Text: "look here"}}}}
}

// seed 004 §3, seed 000 §4, §6: each lane shows its events, updates
// coloured by routing branch and stall windows as 5-frame spans coloured
// pass/fail.
func TestDraw_LanesShowTheirEventsColouredBySeedOutcome(t *testing.T) {
	tl, _ := strip()
	d := runData()
	var p paint
	tl.Draw(&p, d, 0)
	up := p.marksIn(LaneUpdates)
	if len(up) != 2 || up[0].c != RouteColors[physics.RouteInterpolate] || up[1].c != RouteColors[physics.RouteSlide] {
		t.Errorf("update marks %+v: want an interpolate and a slide", up)
	}
	st := p.marksIn(LaneStall)
	if len(st) != 2 || st[0].c != ColorPass || st[1].c != ColorFail {
		t.Fatalf("stall marks %+v: want a pass then a fail", st)
	}
	if w := float64(st[1].w); math.Abs(w-5) > 1.01 { // 1 px per tick: a 5-frame window
		t.Errorf("a stall window spans %v px, want about 5", w)
	}
	if n := len(p.marksIn(LaneBlips)); n != 1 {
		t.Errorf("%d blip marks, want 1", n)
	}
	if n := len(p.marksIn(LaneNotes)); n != 1 {
		t.Errorf("%d note marks, want 1", n)
	}
	// The selection shows only its own events: object 2's blip goes.
	d.Selected = 1
	p = paint{}
	tl.Draw(&p, d, 0)
	if n := len(p.marksIn(LaneBlips)); n != 0 {
		t.Errorf("%d blip marks for object 1, want 0", n)
	}
	if p.lines < 3 { // the cursor and the two plot lines
		t.Errorf("%d lines drawn with a selection, want the cursor and both plots", p.lines)
	}
}

func TestHover_DescribesTheEventUnderTheMouse(t *testing.T) {
	tl, pb := strip()
	d := runData()
	x := tl.View.XOf(210)
	tl.Update(Input{X: x + 1, Y: laneY(LaneBlips)}, true, pb, d)
	if got := tl.HoverText(); !strings.Contains(got, "tick 210") || !strings.Contains(got, "blip to tail: 5.00 m") || !strings.Contains(got, "Runner") {
		t.Errorf("hover text %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(200), Y: laneY(LaneStall)}, true, pb, d)
	if got := tl.HoverText(); !strings.Contains(got, "stall window: fail, cumulative 0.050 m") {
		t.Errorf("hover text %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(450), Y: laneY(LaneNotes)}, true, pb, d)
	if got := tl.HoverText(); !strings.Contains(got, "look here") {
		t.Errorf("hover text %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(500), Y: laneY(LaneBlips)}, true, pb, d)
	if got := tl.HoverText(); got != "" {
		t.Errorf("hover text %q away from any mark", got)
	}
}

// Stepping with , and . in the stall lane goes from failure to failure.
func TestLaneFilter_StallStepsBetweenFailures(t *testing.T) {
	d := runData()
	f := LaneStall.Filter(1)
	i, ok := d.Index.Next(0, f)
	if !ok || d.Index.Event(i).Tick != 200 {
		t.Errorf("next stall step from 0 lands on %d %v, want the failure at 200", i, ok)
	}
	if _, ok := d.Index.Next(0, LaneBlips.Filter(1)); ok {
		t.Error("object 1 has no blips")
	}
	if i, ok := d.Index.Next(0, LaneBlips.Filter(0)); !ok || d.Index.Event(i).Tick != 210 {
		t.Error("with no selection the blip lane steps over every object's blips")
	}
}

// With a client trace (viewer -against) the plot gets a third curve, the
// distance to the client's body, drawn only over the ticks it logged.
func TestDraw_PlotsTheErrorToTheClient(t *testing.T) {
	tl, _ := strip()
	d := runData()
	d.Selected = 1
	var without paint
	tl.Draw(&without, d, 0)
	asked := 0
	d.ClientError = func(guid uint32, tick int) (float64, bool) {
		asked++
		if guid != 1 {
			t.Fatalf("asked for object %d", guid)
		}
		return float64(tick) / 100, tick >= 300
	}
	var with paint
	tl.Draw(&with, d, 0)
	if with.lines != without.lines+1 || asked == 0 {
		t.Errorf("%d lines with a client trace, %d without: want one more curve", with.lines, without.lines)
	}
	if tl.peaks[PlotClient] < 5.99 {
		t.Errorf("client curve peak %v m: the client curve (up to 6 m) is not in it", tl.peaks[PlotClient])
	}
	if !strings.Contains(strings.Join(with.texts, "|"), "to client") || strings.Contains(strings.Join(without.texts, "|"), "to client") {
		t.Error("the plot's \"to client\" switch should show exactly when there is a client trace")
	}
}

// The plot draws the fields switched on, each with its peak beside its
// name; a click on a name switches the field.
func TestPlot_FieldsSwitchOnAndOffWithAClick(t *testing.T) {
	tl, _ := strip()
	d := runData()
	d.Selected = 1
	var p paint
	tl.Draw(&p, d, 0)
	joined := strings.Join(p.texts, "|")
	for _, want := range []string{"to head peak 2.00 m", "to truth peak 59.00 m", "|speed|", "|queue|", "|fails"} {
		if !strings.Contains("|"+joined+"|", want) {
			t.Errorf("plot texts %q lack %q", joined, want)
		}
	}
	before := p.lines
	pr := tl.plotRect()
	x := pr.X + 6 + float64(7*len("to head peak 2.00 m")+14) + float64(7*len("to truth peak 59.00 m")+14) + 3 // on "speed"
	var pb Playback = NewPlayback(600, 30)
	tl.Update(Input{X: x, Y: pr.Y + 5, Left: true}, true, &pb, d)
	tl.Update(Input{X: x, Y: pr.Y + 5}, true, &pb, d)
	if !tl.Plot.Has(PlotSpeed) || pb.Cursor() != 0 {
		t.Fatalf("plot %b, cursor %d: the click should switch speed on, not scrub", tl.Plot, pb.Cursor())
	}
	p = paint{}
	tl.Draw(&p, d, 0)
	if p.lines != before+1 {
		t.Errorf("%d lines with speed on, want %d", p.lines, before+1)
	}
	tl.Update(Input{X: pr.X + 8, Y: pr.Y + 5, Left: true}, true, &pb, d) // "to head" off
	if tl.Plot.Has(PlotDistHead) {
		t.Error("a click on to head did not switch it off")
	}
}

// The stamps lane (seed 004 §2–§3): each delivered UpdatePosition by its
// stamp verdict — passed green, a newer teleport stamp orange, a position
// stamp exactly 0x8000 away amber, another stale one red, a wrong instance
// dark red — and the hover line spells the stamps out.
func TestStampsLane_VerdictColours(t *testing.T) {
	ev := func(tick int32, r physics.Route, in, st [4]uint16) model.Event {
		return model.Event{Tick: tick, GUID: 7, Kind: eventlog.EventRoute, Route: r, HasStamps: true, StampsIn: in, StampsStored: st, Note: -1}
	}
	cases := []struct {
		e    model.Event
		want color.RGBA
	}{
		{ev(10, physics.RouteInterpolate, [4]uint16{1, 5, 0, 0}, [4]uint16{1, 4, 0, 0}), ColorStampPass},
		{ev(20, physics.RouteTeleport, [4]uint16{1, 6, 1, 0}, [4]uint16{1, 5, 0, 0}), ColorStampTeleport},
		{ev(30, physics.RouteStalePosition, [4]uint16{1, 0x8006, 1, 0}, [4]uint16{1, 6, 1, 0}), ColorStampHalfway},
		{ev(40, physics.RouteStalePosition, [4]uint16{1, 3, 1, 0}, [4]uint16{1, 6, 1, 0}), ColorStampStale},
		{ev(50, physics.RouteWrongInstance, [4]uint16{2, 9, 1, 0}, [4]uint16{1, 6, 1, 0}), ColorStampInstance},
	}
	for _, c := range cases {
		if got, _ := stampMark(&c.e); got != c.want {
			t.Errorf("tick %d %v: colour %v, want %v", c.e.Tick, c.e.Route, got, c.want)
		}
	}
	if s := what(&cases[2].e, nil); !strings.HasSuffix(s, " · inst 1=1 · pos 32774~6 · tele 1=1 · force 0=0") {
		t.Errorf("hover %q", s)
	}
	if LaneStamps.String() != "stamps" {
		t.Error(LaneStamps.String())
	}
	if l, _ := LaneOf(eventlog.EventRoute); l != LaneUpdates {
		t.Errorf("routes step in lane %v", l)
	}
}

// A run still being read grows: playing into its last tick waits there
// (still playing) for more instead of stopping, and goes on once it grows;
// play from the last tick does not start over while it grows.
func TestPlayback_GrowingRunWaitsAtItsEnd(t *testing.T) {
	p := NewPlayback(100, 30)
	p.SetLast(100, true)
	p.Seek(95)
	p.SetPlaying(true)
	p.Advance(1) // 30 ticks owed, 5 there
	if p.Cursor() != 100 || !p.Playing() || !p.Waiting() {
		t.Fatalf("cursor %d, playing %v, waiting %v: want waiting at 100", p.Cursor(), p.Playing(), p.Waiting())
	}
	p.SetLast(200, true)
	p.Advance(1)
	if p.Cursor() != 130 || p.Waiting() {
		t.Errorf("cursor %d after the run grew, want 130", p.Cursor())
	}
	p.Seek(200)
	p.SetPlaying(true)
	if p.Cursor() != 200 {
		t.Errorf("play at the growing end went to %d, want to stay at 200", p.Cursor())
	}
	p.SetLast(200, false) // read whole: the end is the end
	p.Advance(1)
	if p.Playing() || p.Waiting() {
		t.Error("playback still playing at the end of a run read whole")
	}
}

// Every ruler label ends inside the strip: the last mark's label, at the
// run's end on the strip's right edge, is left out rather than cut off
// (the web page showed "8.0" for "8.0 s" at a recording's end).
func TestDrawRuler_LabelsEndInsideTheStrip(t *testing.T) {
	tl, _ := strip()
	var p paint
	tl.drawRuler(&p, 30)
	right := float32(tl.rect.X + tl.rect.W)
	n := 0
	for i, s := range p.texts {
		if end := p.textX[i] + p.Measure(s); end > right {
			t.Errorf("ruler label %q ends at %.0f px, past the strip's right edge %.0f", s, end, right)
		}
		n++
	}
	if n < 3 {
		t.Errorf("the ruler drew %d labels (%q); want one every few seconds of the 20 s run", n, p.texts)
	}
}
