// Tests of the divergence lane (viewer -against).

package timeline

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

func TestDivergence_LaneMarksTheSelectionsTicksStepsAndHovers(t *testing.T) {
	tl, pb := strip()
	d := &Data{Index: model.NewIndex(nil), Info: &model.Info{TickRate: 30, LastTick: 600}}
	calls := 0
	d.Divergence = func(guid uint32, tick int) (string, bool) {
		calls++
		if guid == 7 && (tick == 100 || tick >= 400 && tick < 403) {
			return "0.250 m apart", true
		}
		return "", false
	}
	var p paint
	tl.Draw(&p, d, 0)
	if n := len(p.marksIn(LaneDivergence)); n != 0 {
		t.Errorf("%d divergence marks with nothing selected", n)
	}
	d.Selected = 7
	p = paint{}
	tl.Draw(&p, d, 0)
	m := p.marksIn(LaneDivergence)
	if len(m) != 2 || m[0].c != ColorDivergence || m[1].w < 3 {
		t.Errorf("divergence marks %+v: want tick 100 and the run 400–402", m)
	}
	// Found once, not every frame.
	before := calls
	tl.Draw(&p, d, 0)
	if calls != before {
		t.Errorf("a second frame asked %d more ticks", calls-before)
	}
	for _, c := range []struct {
		from int
		next bool
		want int
		ok   bool
	}{{0, true, 100, true}, {100, true, 400, true}, {401, true, 402, true}, {402, true, 0, false}, {400, false, 100, true}, {100, false, 0, false}} {
		if k, ok := tl.NextDivergence(d, c.from, c.next); k != c.want || ok != c.ok {
			t.Errorf("from %d next %v: %d %v, want %d %v", c.from, c.next, k, ok, c.want, c.ok)
		}
	}
	tl.Update(Input{X: tl.View.XOf(100), Y: laneY(LaneDivergence)}, true, pb, d)
	if got := tl.HoverText(); !strings.HasPrefix(got, "tick 100 ") || !strings.Contains(got, "diverges: 0.250 m apart") {
		t.Errorf("hover %q", got)
	}
	// The pre-run's frontier: ticks beyond it are not asked yet.
	tl2, _ := strip()
	d.Partial, d.Computed = true, 200
	if k, ok := tl2.NextDivergence(d, 100, true); ok {
		t.Errorf("found tick %d beyond the computed 200", k)
	}
	if f := LaneDivergence.Filter(7); d.Index.Len() == 0 && f.Match(7, eventlog.EventBlip, false, false) {
		t.Error("the divergence lane's filter matches events")
	}
}
