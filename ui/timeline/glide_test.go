// The glide lanes (engine/glide.go: sprints, snap-backs, lags) and the
// stamps lane's UpdateMotion marks (engine/stamps.go).

package timeline

import (
	"math"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// A sprint, snap-back and lag each draw across their span, Since to Until,
// in their own lane, in their colour; the hover names the span.
func TestDraw_GlideLanesSpanTheirTicks(t *testing.T) {
	events := []model.Event{
		{Tick: 84, GUID: 1, Kind: eventlog.EventSprint, Since: 30, Until: 81, To: model.Vec3{12, 0, 0}, Note: -1},
		{Tick: 150, GUID: 1, Kind: eventlog.EventSnapback, Since: 145, Until: 147, To: model.Vec3{-0.8, 0, 0}, Note: -1},
		{Tick: 300, GUID: 1, Kind: eventlog.EventLag, Since: 200, Until: 290, Note: -1},
	}
	d := &Data{Index: model.NewIndex(events), History: model.NewHistory(), Info: &model.Info{TickRate: 30, LastTick: 600}}
	tl, pb := strip()
	var p paint
	tl.Draw(&p, d, 0)
	for _, c := range []struct {
		lane     Lane
		col      any
		from, to int
	}{{LaneSprints, ColorSprint, 30, 81}, {LaneSnapbacks, ColorSnapback, 145, 147}, {LaneLags, ColorLag, 200, 290}} {
		m := p.marksIn(c.lane)
		if len(m) == 0 {
			t.Fatalf("no marks in lane %v", c.lane)
		}
		lo, hi := m[0].x, m[len(m)-1].x+m[len(m)-1].w
		if m[0].c != c.col || math.Abs(float64(lo)-tl.View.XOf(float64(c.from))) > 1.5 || math.Abs(float64(hi)-tl.View.XOf(float64(c.to))) > 2.5 {
			t.Errorf("lane %v marks %v..%v colour %v, want ticks %d–%d in %v", c.lane, lo, hi, m[0].c, c.from, c.to, c.col)
		}
	}
	tl.Update(Input{X: tl.View.XOf(50), Y: laneY(LaneSprints)}, true, pb, d)
	if got := tl.HoverText(); !strings.Contains(got, "sprint: ticks 30–81") {
		t.Errorf("hover %q", got)
	}
	if LaneSnapbacks.String() != "snap-backs" || LaneLags.String() != "lags" {
		t.Error(LaneSnapbacks.String(), LaneLags.String())
	}
}

// An UpdateMotion with stamps shows in the stamps lane by its gate's
// verdict: applied green, stale red, wrong instance dark red; the hover
// spells out the three stamps.
func TestStampsLane_MotionVerdicts(t *testing.T) {
	ev := func(tick int32, applied bool, in, st [4]uint16) model.Event {
		return model.Event{Tick: tick, GUID: 7, Kind: eventlog.EventMotion, HasStamps: true, Applied: applied, StampsIn: in, StampsStored: st, Note: -1}
	}
	cases := []struct {
		e    model.Event
		want any
	}{
		{ev(10, true, [4]uint16{1, 7, 2}, [4]uint16{1, 6, 2}), ColorStampPass},
		{ev(20, false, [4]uint16{1, 5, 2}, [4]uint16{1, 7, 2}), ColorStampStale},
		{ev(30, false, [4]uint16{2, 9, 2}, [4]uint16{1, 7, 2}), ColorStampInstance},
	}
	for _, c := range cases {
		if got, _ := stampMark(&c.e); got != c.want {
			t.Errorf("tick %d: colour %v, want %v", c.e.Tick, got, c.want)
		}
	}
	if s := what(&cases[1].e, nil); s != "UpdateMotion dropped · inst 1=1 · move 5<7 · ctrl 2=2" {
		t.Errorf("hover %q", s)
	}
	var events []model.Event
	for _, c := range cases {
		events = append(events, c.e)
	}
	d := &Data{Index: model.NewIndex(events), History: model.NewHistory(), Info: &model.Info{TickRate: 30, LastTick: 600}}
	tl, _ := strip()
	var p paint
	tl.Draw(&p, d, 0)
	m := p.marksIn(LaneStamps)
	if len(m) != 3 || m[0].c != ColorStampPass || m[1].c != ColorStampStale || m[2].c != ColorStampInstance {
		t.Errorf("stamps lane marks %+v", m)
	}
}
