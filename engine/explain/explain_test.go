// Tests of the cause chains: every blip, snap, pop and hitch gets one, each
// names the retail branch that made it (seed 000 §3, §4, §6 for blips and
// stall windows; seed 004 §3 for MoveOrTeleport), and the streaming
// Explainer (a sink, no log kept) gives exactly what the log gives.

package explain_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/interp"
	"glidepath/physics"
)

// newSim makes a Sim of rec with the shipped assets.
func newSim(t testing.TB, rec *recording.Recording, opts engine.Options) *engine.Sim {
	t.Helper()
	opts.Assets = assets.FS()
	s, err := engine.New(rec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// compiled compiles the shipped scenario name.
func compiled(t testing.TB, name string) *recording.Recording {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// runTo steps s to tick k.
func runTo(s *engine.Sim, k int) {
	for s.Tick() < k {
		s.Step()
	}
}

// eventsOf returns the events of kind k in s's log.
func eventsOf(s *engine.Sim, k eventlog.EventKind) []eventlog.Event {
	var out []eventlog.Event
	for _, e := range s.Query().AllEvents() {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// explained runs the shipped scenario name with the log, metrics and stage
// records on, and returns the Sim and its causes.
func explainedRun(t *testing.T, name string) (*engine.Sim, []explain.Cause) {
	t.Helper()
	s := newSim(t, compiled(t, name), engine.Options{EventLog: true, Metrics: true, RecordStages: true})
	runTo(s, s.LastTick())
	return s, explain.Explain(s.Query().AllEvents())
}

func causesOf(cs []explain.Cause, k eventlog.EventKind) []explain.Cause {
	var out []explain.Cause
	for _, c := range cs {
		if c.Kind == k {
			out = append(out, c)
		}
	}
	return out
}

// Every blip, snap, pop and hitch the run logged or counted has exactly one
// cause, at its tick.
func TestExplain_EveryJumpHasACause(t *testing.T) {
	for _, name := range []string{"wall", "far-blip", "bubble", "teleport", "cliff", "jump", "jitter"} {
		t.Run(name, func(t *testing.T) {
			s, cs := explainedRun(t, name)
			m := s.Query().Metrics()
			var pops, hitches int
			for _, om := range m {
				pops += om.Pops
				hitches += om.Hitches
			}
			for _, k := range []eventlog.EventKind{eventlog.EventBlip, eventlog.EventSnap} {
				evs, got := eventsOf(s, k), causesOf(cs, k)
				if len(evs) != len(got) {
					t.Fatalf("%d %v events, %d causes", len(evs), k, len(got))
				}
				for i := range evs {
					if int(evs[i].Tick) != got[i].Tick || evs[i].GUID != got[i].GUID {
						t.Errorf("%v at tick %d explained at tick %d", k, evs[i].Tick, got[i].Tick)
					}
				}
			}
			if n := len(causesOf(cs, eventlog.EventPop)); n != pops {
				t.Errorf("%d pops counted, %d explained", pops, n)
			}
			if n := len(causesOf(cs, eventlog.EventHitch)); n != hitches {
				t.Errorf("%d hitches counted, %d explained", hitches, n)
			}
			for _, c := range cs {
				line := c.String()
				prefix := "tick " + strconv.Itoa(c.Tick) + ": "
				if c.Until > c.Tick { // a sprint, snap-back or lag spans ticks
					prefix = "ticks " + strconv.Itoa(c.Tick) + "–" + strconv.Itoa(c.Until) + ": "
				}
				if !strings.HasPrefix(line, prefix) || !strings.Contains(line, " — ") || c.Why == "" {
					t.Errorf("cause %q is not one line tick N: what — why", line)
				}
			}
		})
	}
}

// Seed 000 §4, §5, §6: in the wall scenario a 5-frame window fails (the body
// makes no progress into the wall), NodeCompleted(0) pops the only node and
// snapshots it into blipto_position, node_fail_counter is 1 with an empty
// queue, and UseTime blips there — the same tick.
func TestExplain_StallWindowBlipNamesTheFailedWindow(t *testing.T) {
	s, cs := explainedRun(t, "wall")
	blips := causesOf(cs, eventlog.EventBlip)
	if len(blips) != 1 {
		t.Fatalf("blips %v", blips)
	}
	b := blips[0]
	var failed []eventlog.Event
	for _, e := range eventsOf(s, eventlog.EventStallWindow) {
		if !e.Pass && int(e.Tick) <= b.Tick {
			failed = append(failed, e)
		}
	}
	if len(failed) != 1 {
		t.Fatalf("failed windows before the blip: %v", failed)
	}
	for _, want := range []string{
		"blip", "blipto_position",
		"a stall window failed at tick " + strconv.Itoa(int(failed[0].Tick)),
		"node_fail_counter 1", "queue emptied",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("%q lacks %q", b.String(), want)
		}
	}
}

// Seed 000 §3 (READINGS.md item 4): an update farther than the autonomy blip
// distance takes InterpolateTo's far branch, which sets node_fail_counter to
// 4, and the next UseTime blips to the tail. The cause names the update by
// its number among the object's UpdatePositions.
func TestExplain_FarBranchBlipNamesTheUpdate(t *testing.T) {
	s, cs := explainedRun(t, "far-blip")
	blips := causesOf(cs, eventlog.EventBlip)
	if len(blips) != 1 {
		t.Fatalf("blips %v", blips)
	}
	b := blips[0]
	n := 0
	for _, e := range eventsOf(s, eventlog.EventRoute) {
		if int(e.Tick) <= b.Tick && e.GUID == b.GUID {
			n++
		}
	}
	var far eventlog.Event
	for _, e := range eventsOf(s, eventlog.EventEnqueue) {
		if e.Branch == 1 {
			far = e
		}
	}
	if far.Fail != 4 {
		t.Fatalf("far enqueue with node_fail_counter %d", far.Fail)
	}
	for _, want := range []string{"to the tail", "far branch at tick " + strconv.Itoa(int(far.Tick)),
		"UpdatePosition #" + strconv.Itoa(n), "node_fail_counter to 4"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("%q lacks %q", b.String(), want)
		}
	}
	if b.Distance < 100 {
		t.Errorf("blip of %v m, want over the 100 m autonomy blip distance", b.Distance)
	}
}

// Seed 004 §3 branch C: a grounded update while the body is 96 m or more from
// the player slide-snaps; the cause gives player_distance as routed.
func TestExplain_SlideSnapGivesPlayerDistance(t *testing.T) {
	s, cs := explainedRun(t, "bubble")
	snaps := causesOf(cs, eventlog.EventSnap)
	routes := eventsOf(s, eventlog.EventRoute)
	if len(snaps) == 0 {
		t.Fatal("no snaps")
	}
	for _, c := range snaps {
		i := slices.IndexFunc(routes, func(e eventlog.Event) bool { return int(e.Tick) == c.Tick && e.GUID == c.GUID })
		if i < 0 || routes[i].Route != physics.RouteSlide || c.Route != physics.RouteSlide {
			t.Fatalf("snap at tick %d without a slide route", c.Tick)
		}
		if routes[i].Distance < physics.MaxPhysicsDistance {
			t.Errorf("slide routed at player_distance %v", routes[i].Distance)
		}
		want := "slide-snap " + eventlog.MetresText(c.Distance) + " m — UpdatePosition #" + strconv.Itoa(i+1) +
			" arrived with the body " + eventlog.MetresText(routes[i].Distance) + " m from the player (≥ 96 m"
		if !strings.Contains(c.String(), want) {
			t.Errorf("%q lacks %q", c.String(), want)
		}
	}
}

// Seed 004 §3 branch A: a newer teleport stamp hard-snaps.
func TestExplain_TeleportNamesTheStamp(t *testing.T) {
	_, cs := explainedRun(t, "teleport")
	snaps := causesOf(cs, eventlog.EventSnap)
	if len(snaps) != 1 || snaps[0].Route != physics.RouteTeleport ||
		!strings.Contains(snaps[0].String(), "newer teleport stamp") || snaps[0].Distance < 1 {
		t.Fatalf("teleport causes %v", snaps)
	}
}

// A pop names the stage that moved the body most; the cliff's slides down a
// too-steep slope are physics steps.
func TestExplain_PopNamesTheStage(t *testing.T) {
	_, cs := explainedRun(t, "cliff")
	pops := causesOf(cs, eventlog.EventPop)
	if len(pops) == 0 {
		t.Fatal("the cliff has no pops")
	}
	for _, c := range pops {
		if strings.Contains(c.Why, "not recorded") {
			t.Fatalf("pop without a stage although stages were recorded: %s", c.String())
		}
	}
}

// The Explainer as a sink, with no log kept, explains exactly what the log
// does — what diff relies on to stream.
type sinkCauses struct{ x explain.Explainer }

func (k *sinkCauses) TickEvents(tick int, evs []eventlog.Event) { k.x.TickEvents(tick, evs) }

func TestExplain_SinkWithoutLogGivesTheSameCauses(t *testing.T) {
	_, want := explainedRun(t, "cliff")
	var k sinkCauses
	s := newSim(t, compiled(t, "cliff"), engine.Options{Metrics: true, RecordStages: true, Sink: &k})
	runTo(s, s.LastTick())
	if len(s.Query().AllEvents()) > 200 {
		t.Errorf("the log holds %d events with only a sink", len(s.Query().AllEvents()))
	}
	if !slices.Equal(k.x.Causes, want) {
		t.Fatalf("sink causes differ: %d vs %d", len(k.x.Causes), len(want))
	}
}

// Seed 000 §4: a failed stall window counts a failure, NodeCompleted(0) pops
// the head and adjust_offset returns with no step, so the body stands still
// that tick — a hitch whose cause is the failed window, not the reach test
// (which pops a head reached with success). Each hitch of runner is told by
// the completion of its still tick.
func TestExplain_HitchNamesTheStallWindowThatGaveUpTheHead(t *testing.T) {
	s, cs := explainedRun(t, "runner")
	type done struct {
		tick int
		guid uint32
	}
	success := map[done]bool{}
	for _, e := range eventsOf(s, eventlog.EventNodeComplete) {
		success[done{int(e.Tick), e.GUID}] = e.Success
	}
	failed, reached := 0, 0
	for _, c := range causesOf(cs, eventlog.EventHitch) {
		ok, completed := success[done{c.Tick, c.GUID}]
		switch {
		case !completed:
		case ok:
			reached++
			if !strings.Contains(c.Why, "reach test") || strings.Contains(c.Why, "stall window") {
				t.Errorf("tick %d (a node reached): %s", c.Tick, c.Why)
			}
		default:
			failed++
			if strings.Contains(c.Why, "reach test") || !strings.Contains(c.Why, "a stall window failed that tick") ||
				!strings.Contains(c.Why, "node_fail_counter") {
				t.Errorf("tick %d (a stall window failed): %s", c.Tick, c.Why)
			}
		}
	}
	if failed == 0 || reached == 0 {
		t.Fatalf("runner's hitches: %d on a failed window, %d on a node reached; want both", failed, reached)
	}
}

// Seed 000 §3: InterpolateTo measures a far update from the queue's tail
// when there is one, else from the body; the chain says which, by the
// queue the far node joined (far-blip's joins one node: from the tail).
func TestExplain_FarBranchSaysWhatItMeasuredFrom(t *testing.T) {
	_, cs := explainedRun(t, "far-blip")
	if b := causesOf(cs, eventlog.EventBlip); len(b) != 1 || !strings.Contains(b[0].Why, "from the queue's tail") {
		t.Errorf("far-blip's blip: %v", b)
	}
	const g = 0x80000C01
	from := eventlog.Place{Cell: 0xA9B4001C, Origin: [3]float32{90, 90, 0}}
	to := eventlog.Place{Cell: 0xA9B5001B, Origin: [3]float32{90, 48, 0}}
	events := []eventlog.Event{
		{Tick: 5, GUID: g, Kind: eventlog.EventRoute, Route: physics.RouteInterpolate},
		{Tick: 5, GUID: g, Kind: eventlog.EventEnqueue, Branch: interp.BranchFar, Fail: 4, Queue: 1},
		{Tick: 5, GUID: g, Kind: eventlog.EventBlip, From: from, To: to, Target: interp.BlipTail},
	}
	b := causesOf(explain.Explain(events), eventlog.EventBlip)
	if len(b) != 1 || !strings.Contains(b[0].Why, "from the body (the queue was empty)") || strings.Contains(b[0].Why, "tail)") {
		t.Errorf("a far node into an empty queue: %v", b)
	}
}
