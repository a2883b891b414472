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
