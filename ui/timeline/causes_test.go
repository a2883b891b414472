// Tests of the pop and hitch lanes: their marks, , and . stepping, and the
// cause chain in their tooltips.

package timeline

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/ui/model"
)

// causedLog is an event log whose blips, pops and hitches carry a chain,
// as the engine's log does (model.CauseLog).
type causedLog struct{ model.EventSlice }

func (l causedLog) Cause(i int) (int, string, bool) {
	switch e := l.EventSlice[i]; e.Kind {
	case eventlog.EventPop:
		return int(e.Tick), "pop 2.00 m with no blip or snap — UpdatePhysicsInternal moved it", true
	case eventlog.EventHitch:
		return int(e.Tick) - 1, "hitch — the interpolation queue was empty after it", true
	}
	return 0, "", false
}

func poppedData() *Data {
	log := causedLog{model.EventSlice{
		{Tick: 50, GUID: 1, Kind: eventlog.EventRoute},
		{Tick: 120, GUID: 1, Kind: eventlog.EventPop, To: model.Vec3{2, 0, 0}},
		{Tick: 300, GUID: 2, Kind: eventlog.EventPop, To: model.Vec3{1, 0, 0}},
		{Tick: 331, GUID: 1, Kind: eventlog.EventHitch},
	}}
	return &Data{Index: model.IndexLog(log), Info: &model.Info{TickRate: 30, LastTick: 600}}
}

func TestPopsAndHitches_HaveLanesStepsAndCauseTooltips(t *testing.T) {
	tl, pb := strip()
	d := poppedData()
	var p paint
	tl.Draw(&p, d, 0)
	if m := p.marksIn(LanePops); len(m) != 2 || m[0].c != ColorPop {
		t.Errorf("pop marks %+v, want 2 in the pop colour", m)
	}
	if m := p.marksIn(LaneHitches); len(m) != 1 || m[0].c != ColorHitch {
		t.Errorf("hitch marks %+v, want 1", m)
	}
	if len(p.marksIn(LaneBlips))+len(p.marksIn(LaneSnaps)) != 0 {
		t.Error("a pop or hitch was drawn in the blip or snap lane")
	}
	// , and . step between the selection's pops (object 2's is skipped).
	f := LanePops.Filter(1)
	if i, ok := d.Index.Next(0, f); !ok || d.Index.Tick(i) != 120 {
		t.Errorf("next pop of object 1 from tick 0: %d %v", i, ok)
	}
	if _, ok := d.Index.Next(120, f); ok {
		t.Error("object 1 has a second pop")
	}
	if i, ok := d.Index.Prev(600, LaneHitches.Filter(1)); !ok || d.Index.Tick(i) != 331 {
		t.Errorf("previous hitch: %d %v", i, ok)
	}
	// The tooltip is the engine's chain, at the tick it names.
	tl.Update(Input{X: tl.View.XOf(120), Y: laneY(LanePops)}, true, pb, d)
	if got := tl.HoverText(); !strings.HasPrefix(got, "tick 120 ") || !strings.Contains(got, "UpdatePhysicsInternal moved it") {
		t.Errorf("pop tooltip %q", got)
	}
	tl.Update(Input{X: tl.View.XOf(331), Y: laneY(LaneHitches)}, true, pb, d)
	if got := tl.HoverText(); !strings.HasPrefix(got, "tick 330 ") || !strings.Contains(got, "queue was empty") {
		t.Errorf("hitch tooltip %q", got)
	}
	// A log without chains still describes them.
	e := d.Index.Event(1)
	if got := Describe(&e, d); !strings.Contains(got, "pop: 2.00 m") {
		t.Errorf("plain pop line %q", got)
	}
}
