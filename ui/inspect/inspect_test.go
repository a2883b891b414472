// Tests of the inspector's retail-named fields and the object list rows.

package inspect

import (
	"glidepath/engine"
	"strings"
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/physics/anim"
	"glidepath/ui/model"
	"glidepath/ui/model/modeltest"
)

func object() *engine.ObjectView {
	lb := model.Vec3{0xA9 * 192, 0xB4 * 192, 0}
	at := func(p model.Vec3) physics.Position { return modeltest.InCell(0xA9B40013, lb.Add(p), 0) }
	o := &engine.ObjectView{GUID: 0x80000A01, Name: "Walker", Position: at(model.Vec3{100, 50, 0}),
		Heading: 90, Contact: true, OnWalkable: true, Active: true, CatchUpSpeed: 8,
		HasMotion: true, Motion: anim.InterpretedState{Forward: anim.WalkForward},
		HasTruth: true, Truth: at(model.Vec3{103, 54, 0}), TruthTick: 95,
		LastRoute: physics.RouteInterpolate, LastRouteTick: 90}
	o.Interp = interp.InterpolationState{QueueLen: 2, FailCounter: 1, FrameCounter: 3, OriginalDistance: interp.LargeDistance}
	o.UpdateTimes[physics.StampPosition] = 12
	o.Queue = []interp.Node{
		{Type: interp.NodePosition, Position: at(model.Vec3{100, 52, 0})},
		{Type: interp.NodeVelocity, Position: at(model.Vec3{100, 54, 0})},
	}
	return o
}

// seed 000 §1–§2, seed 004 §2: the inspector names each field as retail
// does and shows the queue as a table, head first.
func TestInspect_RetailFieldNamesAndQueueTable(t *testing.T) {
	ls := Inspect(object(), 100, 30)
	text := ""
	for _, l := range ls {
		text += l.Label + " = " + l.Value + strings.Join(l.Cells, " ") + "\n"
	}
	for _, want := range []string{
		"m_position = 0xA9B40013 (100.00, 50.00, 0.00)",
		"transient_state = Contact · OnWalkable",
		"node_fail_counter = 1",
		"frame_counter = 3",
		"original_distance = 999999 (no baseline)",
		"motion = WalkForward · catch-up 8.00 m/s",
		"server truth = error 5.00 m (received tick 95)",
		"is_constrained = no",
		"last branch = interpolate (tick 90, 0.33 s ago)",
		"pos 12 ·",
		"1 position A9B40013 100.00 52.00 0.00 2.00",
		"2 velocity A9B40013 100.00 54.00 0.00 4.00",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("inspector lacks %q:\n%s", want, text)
		}
	}
}

func TestRows_MetricsAndFilter(t *testing.T) {
	o := object()
	x := model.NewIndex([]model.Event{
		{Tick: 10, GUID: o.GUID, Kind: eventlog.EventBlip},
		{Tick: 20, GUID: o.GUID, Kind: eventlog.EventStallWindow, Pass: false},
		{Tick: 25, GUID: o.GUID, Kind: eventlog.EventStallWindow, Pass: true},
		{Tick: 200, GUID: o.GUID, Kind: eventlog.EventBlip},
	})
	m := Count(x, o.GUID, 100)
	if m.Blips != 1 || m.StallFails != 1 {
		t.Errorf("metrics %+v at tick 100, want 1 blip and 1 failed window", m)
	}
	r := MakeRow(o, m)
	if r.Name != "Walker" || r.ID != "0x80000A01" || !strings.Contains(r.Stats, "queue 2 · fail 1 · err 5.00 m · blips 1 · stalls 1") {
		t.Errorf("row %+v", r)
	}
	for _, c := range []struct {
		filter string
		want   bool
	}{{"", true}, {"walk", true}, {"WALKER 0a01", true}, {"runner", false}, {"80000a", true}} {
		if got := r.Matches(c.filter); got != c.want {
			t.Errorf("filter %q: %v", c.filter, got)
		}
	}
}

// With -against the inspector gives the client's values next to retail's,
// marking the ones that differ, and says when the row is an earlier tick's.
func TestClient_ValuesBesideRetail(t *testing.T) {
	body := model.Vec3{0xA9*192 + 100, 0xB4*192 + 50, 0}
	o := &engine.ObjectView{GUID: 1, Name: "A", Position: modeltest.InCell(0xA9B40013, body, 0), Contact: true}
	o.Interp.QueueLen = 3
	c := &ClientValues{Tick: 98, Pos: body.Add(model.Vec3{0.5, 0, 0}), Queue: 1, HasQueue: true, Contact: true, HasContact: true}
	var text []string
	for _, l := range Client(o, 100, c) {
		text = append(text, l.Label+": "+l.Value)
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"(100.50, 50.00, 0.00) (its row of tick 98)", "error to retail: 0.500 m",
		"position_queue: 1 · retail 3  ≠", "Contact: true · retail true"} {
		if !strings.Contains(all, want) {
			t.Errorf("client section lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "heading") || strings.Contains(all, "cell") || strings.Contains(all, "Contact: true · retail true  ≠") {
		t.Errorf("a value the client did not give, or an equal one marked:\n%s", all)
	}
	// The cell is given where either is indoors, and marked where viewer
	// diff would call it different; another outdoor cell, which the
	// position judges, is not given.
	for cell, want := range map[uint32]string{
		0xA9B40014: "",
		0xA9B40105: "cell: 0xA9B40105 · retail 0xA9B40013  ≠\n",
	} {
		c.Cell = cell
		text = text[:0]
		for _, l := range Client(o, 100, c) {
			text = append(text, l.Label+": "+l.Value)
		}
		if all := strings.Join(text, "\n") + "\n"; want == "" && strings.Contains(all, "cell") || !strings.Contains(all, want) {
			t.Errorf("client in %#x: section lacks %q or gives an outdoor cell:\n%s", cell, want, all)
		}
	}
	o.Position.Cell = 0xA9B40106
	c.Cell = 0xA9B40106
	text = text[:0]
	for _, l := range Client(o, 100, c) {
		text = append(text, l.Label+": "+l.Value)
	}
	if all := strings.Join(text, "\n") + "\n"; !strings.Contains(all, "cell: 0xA9B40106 · retail 0xA9B40106\n") {
		t.Errorf("client in retail's own room: section lacks it unmarked:\n%s", all)
	}
	c.Cell = 0
	// A heading is marked where viewer diff would call it different (over
	// 1° apart, the short way round), not where it agrees.
	o.Heading = 359.6
	for h, want := range map[float32]string{0.3: "heading: 0.3° · retail 359.6°\n", 90: "heading: 90.0° · retail 359.6°  ≠\n"} {
		c.Heading, c.HasHeading = h, true
		text = text[:0]
		for _, l := range Client(o, 100, c) {
			text = append(text, l.Label+": "+l.Value)
		}
		if all := strings.Join(text, "\n") + "\n"; !strings.Contains(all, want) {
			t.Errorf("client section lacks %q:\n%s", want, all)
		}
	}
}

// A held item's inspector says it is held and by whom, and shows none of a
// simulated remote's state (issue 37 item 5): a wielded sword has no
// InterpolationManager, no queue and no catch-up speed (engine/object.go:
// it is never stepped). A static says it is one.
func TestInspect_HeldItemAndStaticAreNotSimulated(t *testing.T) {
	for _, c := range []struct {
		parent uint32
		static bool
		want   []string
	}{
		{0x80000061, false, []string{"held by = 0x80000061", "simulated = no: a held item"}},
		{recording.ObserverTarget, false, []string{"held by = the player (the observer)"}},
		{0, true, []string{"static = yes", "simulated = no: a static"}},
	} {
		o := object()
		o.Parent, o.Static = c.parent, c.static
		text := ""
		for _, l := range Inspect(o, 100, 30) {
			text += l.Label + " = " + l.Value + strings.Join(l.Cells, " ") + "\n"
		}
		for _, want := range append(c.want, "m_position = 0xA9B40013") {
			if !strings.Contains(text, want) {
				t.Errorf("parent %#x static %v: inspector lacks %q:\n%s", c.parent, c.static, want, text)
			}
		}
		for _, not := range []string{"catch-up 8.00", "node_fail_counter =", "position_queue =", "frame_counter =", "is_constrained ="} {
			if strings.Contains(text, not) {
				t.Errorf("parent %#x static %v: inspector shows %q:\n%s", c.parent, c.static, not, text)
			}
		}
		if row := MakeRow(o, Metrics{}); !strings.Contains(row.Stats, "not simulated") || strings.Contains(row.Stats, "queue") {
			t.Errorf("parent %#x static %v: object list row %q", c.parent, c.static, row.Stats)
		}
		for _, l := range Inspect(o, 100, 30) {
			if l.Heading && l.Label == "InterpolationManager" || strings.HasPrefix(l.Value, "WalkForward · catch-up") || l.Label == "node_fail_counter" {
				t.Errorf("parent %#x static %v: a simulated remote's line %+v", c.parent, c.static, l)
			}
		}
	}
}
