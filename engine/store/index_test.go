package store

import (
	"slices"
	"testing"
	"unsafe"

	"glidepath/engine/eventlog"
)

// entry is a log entry as a test writes it.
type entry struct {
	tick          int32
	guid          uint32
	kind          eventlog.EventKind
	pass, success bool
}

// entries is a Log of hand-written entries, converted to themselves.
type entries []entry

func (l entries) Len() int                               { return len(l) }
func (l entries) At(i int) entry                         { return l[i] }
func (l entries) Tick(i int) int32                       { return l[i].tick }
func (l entries) Who(i int) (uint32, eventlog.EventKind) { return l[i].guid, l[i].kind }
func (l entries) Entry(i int) (int32, uint32, eventlog.EventKind, bool, bool) {
	e := &l[i]
	return e.tick, e.guid, e.kind, e.pass, e.success
}

var _ Log[entry] = entries(nil)

// TestIndex_SearchesByObjectKindAndVerdict: the index finds an object's
// events, the next and previous of a kind, failed stall windows only when
// asked, and counts blips, snaps and failures per density bucket; a clone
// keeps what was indexed when the log grows.
func TestIndex_SearchesByObjectKindAndVerdict(t *testing.T) {
	log := entries{
		{tick: 1, guid: 0xA, kind: eventlog.EventRoute},
		{tick: 2, guid: 0xA, kind: eventlog.EventStallWindow, pass: true},
		{tick: 3, guid: 0xB, kind: eventlog.EventStallWindow},
		{tick: 3, guid: 0xA, kind: eventlog.EventBlip},
		{tick: 20, guid: 0xA, kind: eventlog.EventStallWindow},
		{tick: 21, guid: 0xB, kind: eventlog.EventSnap},
	}
	x := IndexLog[entry](log[:4])
	old := x.Clone()
	x.Extend(log)
	if got := x.Of(0xA); !slices.Equal(got, []int32{0, 1, 3, 4}) {
		t.Errorf("Of(A) = %v", got)
	}
	if x.Blips(0xA) != 1 || x.Blips(0xB) != 1 {
		t.Errorf("blips A %d, B %d; want 1 each", x.Blips(0xA), x.Blips(0xB))
	}
	stall := Filter{Kinds: KindSet(eventlog.EventStallWindow)}
	if i, ok := x.Next(1, stall); !ok || i != 1 {
		t.Errorf("next stall window after tick 1: %d %v, want 1", i, ok)
	}
	stall.FailOnly = true
	if i, ok := x.Next(1, stall); !ok || i != 2 {
		t.Errorf("next failed stall window after tick 1: %d %v, want 2", i, ok)
	}
	stall.OneObject, stall.GUID = true, 0xA
	if i, ok := x.Prev(30, stall); !ok || i != 4 {
		t.Errorf("last failed stall window of A before tick 30: %d %v, want 4", i, ok)
	}
	if n, f := x.Density(eventlog.EventStallWindow, 0); n != 2 || f != 1 {
		t.Errorf("stall windows in bucket 0: %d, %d failed; want 2, 1", n, f)
	}
	if n, f := x.Density(eventlog.EventStallWindow, 20/DensityTicks); n != 1 || f != 1 {
		t.Errorf("stall windows in bucket 1: %d, %d failed; want 1, 1", n, f)
	}
	if old.Len() != 4 || len(old.Of(0xA)) != 3 {
		t.Errorf("the clone saw the log grow: %d entries, A %v", old.Len(), old.Of(0xA))
	}
	if got := x.Event(5); got != log[5] {
		t.Errorf("Event(5) = %+v", got)
	}
}

// An object's list of events grows by doubling as the log is indexed a
// run of ticks at a time (Extend): it moves a few times over a long run,
// not every quarter of its length, and holds every entry in order.
func TestIndex_ObjectListsDouble(t *testing.T) {
	const n, step = 1 << 17, 100
	log := make(entries, n)
	for i := range log {
		log[i] = entry{tick: int32(i / 4), guid: 0xA + uint32(i%2), kind: eventlog.EventRoute}
	}
	x := IndexLog[entry](log[:0])
	var arrays []*int32
	for end := step; end <= n; end += step {
		x.Extend(log[:end])
		if a := unsafe.SliceData(x.Of(0xA)); len(arrays) == 0 || arrays[len(arrays)-1] != a {
			arrays = append(arrays, a)
		}
	}
	of := x.Of(0xA)
	if len(of) != n/step*step/2 || of[0] != 0 || of[len(of)-1] != int32(n/step*step-2) {
		t.Fatalf("A's list has %d entries, %v … %v", len(of), of[:1], of[len(of)-1:])
	}
	for i := range of {
		if of[i] != int32(2*i) {
			t.Fatalf("A's entry %d is %d, want %d", i, of[i], 2*i)
		}
	}
	// From 16 to 65 536 entries by doubling: 13 arrays.
	if len(arrays) > 13 {
		t.Errorf("A's list of %d entries moved %d times: want it doubled as it grows", len(of), len(arrays)-1)
	}
}
