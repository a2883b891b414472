// Tests of the packed log, and the cause chains of a whole run that the
// engine's tests read (engine/explain's tests check the chains themselves).

package engine

import (
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/explain"
	"glidepath/physics"
)

// explained runs the shipped scenario name with the log, metrics and stage
// records on, and returns the Sim and its causes.
func explainedRun(t *testing.T, name string) (*Sim, []explain.Cause) {
	t.Helper()
	s := newSim(t, compiled(t, name), Options{EventLog: true, Metrics: true, RecordStages: true})
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

// The packed log keeps what the cause chains read: a route's
// player_distance, the fail counter and queue length of the manager's
// decisions, and a pop's or hitch's places, stage and distance.
func TestLogStore_KeepsTheCauseFields(t *testing.T) {
	from := eventlog.Place{Cell: 0xA9B40011, Origin: [3]float32{1, 2, 3}}
	to := eventlog.Place{Cell: 0xA9B40012, Origin: [3]float32{4, 5, 6}}
	events := []eventlog.Event{
		{Tick: 1, GUID: 7, Kind: eventlog.EventRoute, Route: physics.RouteSlide, Distance: 97.25, Source: 3},
		{Tick: 1, GUID: 7, Kind: eventlog.EventEnqueue, Branch: 1, Fail: 4, Queue: 2, Source: 3},
		{Tick: 2, GUID: 7, Kind: eventlog.EventStallWindow, Cumulative: 0.01, ProgressQuantum: 0.16, Fail: 1, Queue: 1, Source: -1},
		{Tick: 2, GUID: 7, Kind: eventlog.EventBlip, From: from, To: to, Target: 3, Fail: 1, Source: -1},
		{Tick: 3, GUID: 7, Kind: eventlog.EventPop, From: from, To: to, Stage: physics.StagePhysics, Distance: 0.75, Contact: true, Source: -1},
		{Tick: 4, GUID: 7, Kind: eventlog.EventHitch, From: to, Queue: 3, Contact: true, Source: -1},
	}
	var s Sim
	for i := range events {
		s.pack(&events[i])
	}
	for i, want := range events {
		if got := s.Query().EventAt(i); got != want {
			t.Errorf("entry %d: %+v, want %+v", i, got, want)
		}
	}
}
