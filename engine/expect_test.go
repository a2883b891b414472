// Tests of checking expectations: counts over a window agree with the event
// log and the body's motion read independently, a claim that does not hold
// fails (and is reported so by viewer run's report), a window the run did
// not reach is not judged, and every shipped scenario's claims hold.

package engine

import (
	"testing"

	"glidepath/assets"
	"glidepath/engine/enginetest"
	"glidepath/engine/eventlog"
	"glidepath/engine/scenario"
	"glidepath/interp"
)

// runExpect compiles src, runs it to the end under the seed reading with
// the event log on and returns the Sim.
func runExpect(t *testing.T, src string, lastTick int) *Sim {
	t.Helper()
	sc, err := scenario.Parse("courier.yaml", []byte(src), assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	rec, err := sc.Compile()
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{EventLog: true, Expect: sc.Expectations(), LastTick: lastTick})
	for s.Tick() < s.LastTick() {
		s.Step()
	}
	return s
}

// TestExpectations_CountOverTheWindow checks each count against the event
// log (blips, evictions, routing branches), the per-tick queue length and
// the whole-run metrics, over a window in the middle of the run.
func TestExpectations_CountOverTheWindow(t *testing.T) {
	src := enginetest.Courier + `expect:
  - object: Courier
    ticks: [100, 250]
    blips: [0, ~]
    evictions: [0, ~]
    queue_max: [0, ~]
    branch: {interpolate: [0, ~]}
  - {blips: [0, ~], stops: [0, ~], hitches: [0, ~]}
`
	s := runExpect(t, src, 0)
	var blips, evictions, routes, queue int
	for _, e := range s.Query().AllEvents() {
		if e.Tick < 100 || e.Tick > 250 {
			continue
		}
		switch {
		case e.Kind == eventlog.EventBlip:
			blips++
		case e.Kind == eventlog.EventEnqueue && e.Evicted:
			evictions++
		case e.Kind == eventlog.EventRoute:
			routes++
		}
	}
	// The queue after each tick of the window, replayed by seeking.
	for k := 100; k <= 250; k++ {
		s.Seek(k)
		queue = max(queue, len(s.Query().Nodes(0x80000C01, nil)))
	}
	res := s.Query().Expectations()
	got := map[string]int{}
	for _, r := range res[:4] {
		got[r.Check.Metric] = r.Got
		if !r.Holds || r.FromTick != 100 || r.ToTick != 250 {
			t.Errorf("%s", r.String())
		}
	}
	if blips == 0 || evictions == 0 {
		t.Fatalf("the window holds %d blips and %d evictions; the test wants some of each", blips, evictions)
	}
	if got["blips"] != blips || got["evictions"] != evictions || got["branch.interpolate"] != routes {
		t.Errorf("window counts %v; the event log has blips %d, evictions %d, routes %d", got, blips, evictions, routes)
	}
	// The peak also sees the queue right after an enqueue, before the tick
	// drains it; it never passes the cap of 20 (seed 000 §3).
	if got["queue_max"] < queue || got["queue_max"] > interp.MaxQueuedNodes {
		t.Errorf("queue_max %d; after-tick queues reach %d, the cap is %d", got["queue_max"], queue, interp.MaxQueuedNodes)
	}
	m := s.Query().Metrics()[0]
	whole := res[4:]
	if whole[0].Got != m.Blips || whole[1].Got != m.Hitches || whole[2].Got != m.Stops || whole[0].ToTick != s.LastTick() {
		t.Errorf("whole run: %v %v %v; metrics blips %d stops %d hitches %d", whole[0].String(), whole[1].String(), whole[2].String(), m.Blips, m.Stops, m.Hitches)
	}
	if m.Stops < m.Hitches || m.Hitches == 0 {
		t.Errorf("stops %d, hitches %d: every hitch is a stop, and this runner hitches", m.Stops, m.Hitches)
	}
}

// TestExpectations_AFalseClaimFails states that the courier never blips
// and never fills its queue: both claims must fail and a true claim next to
// them must hold (engine/report's tests check the report says so).
func TestExpectations_AFalseClaimFails(t *testing.T) {
	s := runExpect(t, enginetest.CourierClaims, 0)
	res := s.Query().Expectations()
	if len(res) != 3 {
		t.Fatalf("%d results, want 3", len(res))
	}
	if !res[0].Fails() || !res[1].Fails() || res[2].Fails() || !res[2].Holds {
		for _, r := range res {
			t.Log(r.String())
		}
		t.Fatal("want blips and queue_max to fail and snaps to hold")
	}
	if res[0].Got == 0 || res[1].Got != interp.MaxQueuedNodes {
		t.Errorf("blips %d, queue_max %d; want some blips and a full queue", res[0].Got, res[1].Got)
	}
}

// TestExpectations_WindowNotReached stops the run before a window ends: its
// checks are not judged, so they neither hold nor fail.
func TestExpectations_WindowNotReached(t *testing.T) {
	src := enginetest.Courier + "expect: {object: Courier, between: [5, 10], blips: 0}\n"
	s := runExpect(t, src, 200)
	r := s.Query().Expectations()[0]
	if r.Reached || r.Holds || r.Fails() {
		t.Errorf("window ends at tick 300, the run at 200: %s", r.String())
	}
}

// TestExpectations_ShippedScenariosHold runs every shipped scenario under
// the default reading and requires each to state expectations and every
// one of them to hold: a note that no longer says what the pipeline does
// fails the build.
//
// Each scenario's run is on one goroutine (none has enough objects to
// split by itself); what the race detector can find here is the runs side
// by side sharing the assets and physics' caches. Under the race detector
// (raceEnabled) every scenario but the crowd runs, side by side as before;
// the crowd's run alone (its 200 objects for 30 seconds, most of this
// test's cost there) is left to make test's second pass (Makefile
// RACE_LIGHT), where every scenario runs.
func TestExpectations_ShippedScenariosHold(t *testing.T) {
	ran := 0
	for _, e := range scenario.Catalog() {
		if raceEnabled && e.Name == "crowd" {
			continue
		}
		ran++
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			data, err := scenario.ReadAsset(assets.FS(), e.Name)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := scenario.Parse(e.Name+".yaml", data, assets.FS())
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Expectations()) == 0 {
				t.Fatalf("%s.yaml states no expectations; its notes are unchecked", e.Name)
			}
			rec, err := sc.Compile()
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(rec, Options{Assets: assets.FS(), Expect: sc.Expectations(), NoCheckpoints: true})
			if err != nil {
				t.Fatal(err)
			}
			s.RunAll(nil)
			for _, r := range s.Query().Expectations() {
				if !r.Holds {
					t.Errorf("%s", r.String())
				}
			}
		})
	}
	if want := len(scenario.Catalog()); raceEnabled {
		want--
		if ran != want || want < 2 {
			t.Errorf("%d scenarios ran side by side, want %d (every one but the crowd), at least 2", ran, want)
		}
	} else if ran != want {
		t.Errorf("%d scenarios ran, want all %d", ran, want)
	}
}

// TestExpectations_OnlyTheirReadingsFail states a false claim for the
// legacy reading and runs the seed reading: it is counted and reported as
// not holding, but it does not apply, so it does not fail.
func TestExpectations_OnlyTheirReadingsFail(t *testing.T) {
	src := enginetest.Courier + "expect:\n  - {object: Courier, blips: 0, readings: [legacy]}\n  - {object: Courier, blips: 0}\n"
	res := runExpect(t, src, 0).Query().Expectations()
	if res[0].Applies || res[0].Holds || res[0].Fails() {
		t.Errorf("a legacy claim under seed: %+v", res[0])
	}
	if !res[1].Applies || !res[1].Fails() {
		t.Errorf("a claim with no readings is made for the default reading: %+v", res[1])
	}
}
