package engine

import (
	"bytes"
	"reflect"
	"runtime"
	"testing"
	"unsafe"

	"glidepath/engine/eventlog"
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
		views = s.Query().Objects(views[:0])
		if len(views) == 0 {
			t.Fatalf("tick %d: no live objects", k)
		}
		for _, v := range views {
			a = s.Query().NodesAt(v.Slot, a[:0])
			b = s.Query().Nodes(v.GUID, b[:0])
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("tick %d, 0x%08X: NodesAt %v, Nodes %v", k, v.GUID, a, b)
			}
			queued += len(a)
		}
	}
	if queued == 0 {
		t.Fatal("no object ever had a queue: the comparison proved nothing")
	}
	if got := s.Query().NodesAt(-1, nil); len(got) != 0 {
		t.Fatal("slot −1 gave nodes")
	}
	if got := s.Query().NodesAt(1<<20, nil); len(got) != 0 {
		t.Fatal("a slot past the end gave nodes")
	}
}

// ObjectsQueued gives the views of Objects, each with its queue as Nodes
// gives it, however the node buffer it is handed has to grow, and leaves
// what the buffers held before alone.
func TestObjectsQueued_EachViewHoldsItsOwnQueue(t *testing.T) {
	rec := scenario.BenchRecording(12, 1, 0.5, 1)
	s := newSim(t, rec, Options{CheckpointInterval: 64})
	keep := ObjectView{GUID: 0xDEADBEEF}
	nodes := make([]interp.Node, 1, 2) // a node ahead, room for one more
	nodes[0].Type = interp.NodeVelocity
	var plain []ObjectView
	var want []interp.Node
	queued := 0
	for _, k := range []int{40, 300, 150, 1000} {
		s.Seek(k)
		views, got := s.Query().ObjectsQueued([]ObjectView{keep}, nodes)
		plain = s.Query().Objects(plain[:0])
		if len(views) != len(plain)+1 || views[0].GUID != keep.GUID || got[0].Type != interp.NodeVelocity {
			t.Fatalf("tick %d: %d views after the one kept (want %d), first node %v", k, len(views)-1, len(plain), got[0])
		}
		total := 1
		for i, v := range views[1:] {
			want = s.Query().Nodes(v.GUID, want[:0])
			if len(v.Queue) != len(want) || (len(want) > 0 && !reflect.DeepEqual(v.Queue, want)) {
				t.Fatalf("tick %d, 0x%08X: queue %v, want %v", k, v.GUID, v.Queue, want)
			}
			if len(v.Queue) > 0 && &v.Queue[0] != &got[total] {
				t.Fatalf("tick %d, 0x%08X: the queue is not the returned nodes' slice", k, v.GUID)
			}
			total += len(v.Queue)
			v.Queue = nil
			if !reflect.DeepEqual(v, plain[i]) {
				t.Fatalf("tick %d, 0x%08X: view differs from Objects'", k, v.GUID)
			}
			queued += len(want)
		}
		if total != len(got) {
			t.Fatalf("tick %d: %d nodes returned, the queues hold %d", k, len(got), total)
		}
	}
	if queued == 0 {
		t.Fatal("no object ever had a queue: the comparison proved nothing")
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
			want[k] = straight.Query().Objects(nil)
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
		if got := follower.Query().Objects(nil); !reflect.DeepEqual(got, want[k]) {
			t.Fatalf("tick %d: the seeking Sim's state differs from the straight run's", k)
		}
	}
	<-done
	if !reflect.DeepEqual(leader.Query().AllEvents(), straight.Query().AllEvents()) {
		t.Fatal("the pre-run's event log differs from the straight run's")
	}
	other := newSim(t, scenario.BenchRecording(8, 1, 0.5, 2), Options{})
	if err := other.ShareCheckpoints(leader); err == nil {
		t.Fatal("sharing checkpoints across recordings was allowed")
	}
}

// The packed log gives back every field of every kind of event, and a
// LogView taken earlier keeps reading the same entries while the log grows.
func TestLogStore_PackedEventsRoundTrip(t *testing.T) {
	from := eventlog.Place{Cell: 0xA9B40011, Origin: [3]float32{1, 2, 3}}
	to := eventlog.Place{Cell: 0xA9B40012, Origin: [3]float32{4, 5, 6}}
	events := []eventlog.Event{
		{Tick: 1, GUID: 7, Kind: eventlog.EventRoute, Route: 3, Source: 12},
		{Tick: 1, GUID: 7, Kind: eventlog.EventEnqueue, Branch: 2, Pruned: 200, Evicted: true, Source: 12},
		{Tick: 2, GUID: 8, Kind: eventlog.EventNodeComplete, Success: true, Source: -1},
		{Tick: 3, GUID: 8, Kind: eventlog.EventStallWindow, Pass: true, Cumulative: 0.25, ProgressQuantum: -1.5, Source: -1},
		{Tick: 4, GUID: 9, Kind: eventlog.EventBlip, From: from, To: to, Target: 1, Source: -1},
		{Tick: 5, GUID: 9, Kind: eventlog.EventSnap, From: to, To: from, Source: 30},
		{Tick: 6, GUID: 9, Kind: eventlog.EventContact, Contact: true, Source: -1},
		{Tick: 7, GUID: 9, Kind: eventlog.EventVector, Applied: true, Source: 31},
		{Tick: 8, GUID: 0, Kind: eventlog.EventNote, Source: 40},
	}
	var s Sim
	for i := range events[:4] {
		s.pack(&events[i])
	}
	early := s.Query().LogView()
	for i := range events[4:] {
		s.pack(&events[4+i])
	}
	for i, want := range events {
		if got := s.Query().EventAt(i); got != want {
			t.Errorf("entry %d: %+v, want %+v", i, got, want)
		}
		if guid, kind := s.Query().EventWho(i); s.Query().EventTick(i) != want.Tick || guid != want.GUID || kind != want.Kind {
			t.Errorf("entry %d: tick, object and kind read %d %d %v", i, s.Query().EventTick(i), guid, kind)
		}
	}
	if early.Len() != 4 || early.At(3) != events[3] {
		t.Errorf("the early view holds %d entries, its last %+v", early.Len(), early.At(3))
	}
	if n := unsafe.Sizeof(logEntry{}); n > 32 {
		t.Errorf("a log entry is %d bytes; the packing is meant to keep it within 32", n)
	}
}

// The viewer's pre-run writes the same trace, byte for byte, whether it
// runs alone on one core or on several while another run seeks through the
// checkpoints it shares: sharing never perturbs the run that saves them.
func TestShareCheckpoints_TraceIdenticalOnOneCoreAndSeveral(t *testing.T) {
	rec := scenario.BenchRecording(8, 1, 0.5, 1)
	trace := func(shared bool) []byte {
		leader := newSim(t, rec, Options{EventLog: true, CheckpointInterval: 64})
		done := make(chan struct{})
		if shared {
			follower := newSim(t, rec, Options{RecordStages: true, CheckpointInterval: 64})
			if err := follower.ShareCheckpoints(leader); err != nil {
				t.Fatal(err)
			}
			go func() {
				defer close(done)
				for k := range 40 {
					follower.Seek(k * 97 % leader.LastTick())
				}
			}()
		} else {
			close(done)
		}
		var buf bytes.Buffer
		if err := writeTrace(&buf, leader, "bench", leader.LastTick()); err != nil {
			t.Fatal(err)
		}
		<-done
		return buf.Bytes()
	}
	prev := runtime.GOMAXPROCS(1)
	alone := trace(false)
	runtime.GOMAXPROCS(max(prev, 2))
	several := trace(true)
	runtime.GOMAXPROCS(prev)
	if len(alone) == 0 || !bytes.Equal(alone, several) {
		t.Fatalf("traces differ: %d bytes alone on one core, %d shared on several", len(alone), len(several))
	}
}
