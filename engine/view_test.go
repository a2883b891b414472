package engine

import (
	"reflect"
	"testing"

	"glidepath/engine/scenario"
	"glidepath/interp"
)

// NodesAt, by an object's slot, gives the same queue as Nodes by guid, for
// every live object and after a seek; an empty slot gives nothing.
func TestNodesAt_MatchesNodesByGUID(t *testing.T) {
	rec := scenario.BenchRecording(12, 1, 0.5, 1)
	s := newSim(t, rec, Options{CheckpointInterval: 64})
	var views []ObjectView
	var a, b []interp.Node
	queued := 0
	for _, k := range []int{40, 300, 150, 1000} {
		s.Seek(k)
		views = s.Objects(views[:0])
		if len(views) == 0 {
			t.Fatalf("tick %d: no live objects", k)
		}
		for _, v := range views {
			a = s.NodesAt(v.Slot, a[:0])
			b = s.Nodes(v.GUID, b[:0])
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("tick %d, 0x%08X: NodesAt %v, Nodes %v", k, v.GUID, a, b)
			}
			queued += len(a)
		}
	}
	if queued == 0 {
		t.Fatal("no object ever had a queue: the comparison proved nothing")
	}
	if got := s.NodesAt(-1, nil); len(got) != 0 {
		t.Fatal("slot −1 gave nodes")
	}
	if got := s.NodesAt(1<<20, nil); len(got) != 0 {
		t.Fatal("a slot past the end gave nodes")
	}
}

// Two Sims sharing checkpoints: one pre-runs on another goroutine (event
// log on, no stage record) while the other seeks back and forth (stage
// record on, no log); every state the seeking Sim shows, stage record
// included, is the straight run's, and the pre-run's log is a straight
// run's log.
func TestShareCheckpoints_SeekWhilePrerunning(t *testing.T) {
	rec := scenario.BenchRecording(8, 1, 0.5, 1)
	straight := newSim(t, rec, Options{RecordStages: true, EventLog: true, NoCheckpoints: true})
	want := map[int][]ObjectView{}
	ticks := []int{1, 63, 64, 65, 200, 129, 900, 5, 128, 1500}
	need := map[int]bool{}
	for _, k := range ticks {
		need[k] = true
	}
	for k := 0; k <= straight.LastTick(); k++ {
		if need[k] {
			want[k] = straight.Objects(nil)
		}
		if k < straight.LastTick() {
			straight.Step()
		}
	}
	leader := newSim(t, rec, Options{EventLog: true, CheckpointInterval: 64})
	follower := newSim(t, rec, Options{RecordStages: true, CheckpointInterval: 64})
	if err := follower.ShareCheckpoints(leader); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for leader.Tick() < leader.LastTick() {
			leader.Step()
		}
	}()
	for _, k := range ticks {
		follower.Seek(k)
		if got := follower.Objects(nil); !reflect.DeepEqual(got, want[k]) {
			t.Fatalf("tick %d: the seeking Sim's state differs from the straight run's", k)
		}
	}
	<-done
	if !reflect.DeepEqual(leader.AllEvents(), straight.AllEvents()) {
		t.Fatal("the pre-run's event log differs from the straight run's")
	}
	other := newSim(t, scenario.BenchRecording(8, 1, 0.5, 2), Options{})
	if err := other.ShareCheckpoints(leader); err == nil {
		t.Fatal("sharing checkpoints across recordings was allowed")
	}
}
