// The stamp side log (stamps.go): each delivered UpdatePosition's four
// stamps against the stored ones, and newer_event's verdict (seed 004 §2–§3),
// through testdata/stamp_edges.jsonl's u16 edges.

package engine

import (
	"reflect"
	"strings"
	"testing"

	"glidepath/assets"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/physics"
)

func TestStampChecks_StampEdges(t *testing.T) {
	rec, err := recording.ReadFile("testdata/stamp_edges.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, Options{EventLog: true})
	stored := [NumChecked]uint16{rec.Header.Entities[0].Seq.Instance, rec.Header.Entities[0].Seq.Position,
		rec.Header.Entities[0].Seq.Teleport, rec.Header.Entities[0].Seq.ForcePosition}
	for s.Tick() < s.LastTick() {
		s.Step()
	}
	var routes, dropped int
	for i := 0; i < s.Query().NumEvents(); i++ {
		e := s.Query().EventAt(i)
		c, ok := s.Query().StampCheckAt(i)
		if ok != (e.Kind == eventlog.EventRoute) {
			t.Fatalf("entry %d (%v): stamp check %v", i, e.Kind, ok)
		}
		if !ok {
			continue
		}
		routes++
		u := rec.Events[e.Source].Update
		if c.Incoming != [NumChecked]uint16{u.Seq.Instance, u.Seq.Position, u.Seq.Teleport, u.Seq.ForcePosition} {
			t.Errorf("entry %d: incoming %v, want the message's %+v", i, c.Incoming, u.Seq)
		}
		if c.Stored != stored {
			t.Errorf("entry %d: stored %v, want %v (update_times before it)", i, c.Stored, stored)
		}
		// newer_event: the position stamp is dropped unless newer, and is
		// stored when newer; the teleport stamp is stored when newer.
		pos := c.Relation(CheckPosition)
		if (e.Route == physics.RouteStalePosition) != (pos != StampNewer && e.Route != physics.RouteWrongInstance) {
			t.Errorf("entry %d: route %v with position %v", i, e.Route, pos)
		}
		if Dropped(e.Route) {
			dropped++
			if !strings.HasPrefix(c.Verdict(e.Route), "dropped") {
				t.Errorf("entry %d: verdict %q for %v", i, c.Verdict(e.Route), e.Route)
			}
		}
		if e.Route != physics.RouteWrongInstance && pos == StampNewer {
			stored[CheckPosition] = c.Incoming[CheckPosition]
			if e.Route != physics.RouteStaleTeleport && c.Relation(CheckTeleport) == StampNewer {
				stored[CheckTeleport] = c.Incoming[CheckTeleport]
			}
		}
	}
	want := 0
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindPosition {
			want++
		}
	}
	if routes != want || dropped == 0 {
		t.Errorf("%d routes (want %d), %d dropped", routes, want, dropped)
	}
	var halfway bool
	for i := 0; i < s.Query().NumEvents(); i++ {
		st, ok := s.Query().LogView().StoredStamps(i)
		c, _ := s.Query().StampCheckAt(i)
		if ok && st != c.Stored {
			t.Fatalf("entry %d: the LogView's stored stamps %v differ from %v", i, st, c.Stored)
		}
		if ok && c.Relation(CheckPosition) == StampHalfway {
			halfway = true
		}
	}
	if !halfway {
		t.Error("no position stamp exactly 0x8000 away seen through the LogView")
	}
}

// StampCheck.Relation is newer_event's order (recording-v1 "Delivery
// semantics").
func TestStampCheck_Relation(t *testing.T) {
	c := StampCheck{Incoming: [NumChecked]uint16{5, 0x8063, 0xFFFF, 7}, Stored: [NumChecked]uint16{5, 0x63, 0, 8}}
	want := [NumChecked]StampRelation{StampEqual, StampHalfway, StampOlder, StampOlder}
	for i := range want {
		if got := c.Relation(i); got != want[i] {
			t.Errorf("stamp %d: %v, want %v", i, got, want[i])
		}
	}
	c.Incoming[CheckForcePosition] = 9
	if c.Relation(CheckForcePosition) != StampNewer {
		t.Error("9 after 8 is newer")
	}
}

// A streamed Sim keeps only the current tick's log, and the messages'
// stamps beside the stored ones: each tick's checks equal the in-memory
// run's.
func TestStampChecks_Streamed(t *testing.T) {
	rec, err := recording.ReadFile("testdata/stamp_edges.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	mem := newSim(t, rec, Options{EventLog: true})
	for mem.Tick() < mem.LastTick() {
		mem.Step()
	}
	var want []StampCheck
	for i := 0; i < mem.Query().NumEvents(); i++ {
		if c, ok := mem.Query().StampCheckAt(i); ok {
			want = append(want, c)
		}
	}
	s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []StampCheck
	for !s.Done() {
		s.Step()
		for i := 0; i < s.Query().NumEvents(); i++ {
			if c, ok := s.Query().StampCheckAt(i); ok {
				got = append(got, c)
			}
		}
	}
	if !reflect.DeepEqual(got, want) || len(want) == 0 {
		t.Errorf("streamed %v, want %v", got, want)
	}
}
