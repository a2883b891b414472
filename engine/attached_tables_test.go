package engine

import (
	"testing"

	"glidepath/engine/recording"
	"glidepath/engine/tables"
	"glidepath/interp"
)

// eventMem is an events sink that keeps the rows.
type eventMem struct{ rows []tables.Event }

func (m *eventMem) Write(rows []tables.Event) error {
	m.rows = append(m.rows, rows...)
	return nil
}

// attachedRecording is testRecording with a sword its walker holds, a
// bow the player holds and a static door, and the walker's updates.
func attachedRecording() *recording.Recording {
	rec := testRecording(true)
	sword := recording.NewEntity(0x80000B01, posAt(10, 10, 0))
	sword.Name, sword.Parent, sword.ParentLocation = "Sword", testGUID, 1
	door := recording.NewEntity(0x80000B02, posAt(50, 50, 0))
	door.Name, door.Static = "Door", true
	bow := recording.NewEntity(0x80000B03, posAt(20, 20, 0))
	bow.Name, bow.Parent = "Bow", recording.ObserverTarget
	rec.Header.Entities = append(rec.Header.Entities, sword, door, bow)
	for i := 1; i <= 8; i++ {
		rec.Events = append(rec.Events, positionEvent(0.1*float64(i), 90+float32(i), 90, uint16(i)))
	}
	return rec
}

// The states and events tables (Tables v1) hold the objects of the
// per-object report: never a held item, a static only with
// Options.Statics (`viewer run -statics`) — its row every tick, where it
// stands — and every row names a live object (an attached object is never
// stepped, so the pass writes no row of its own for it).
func TestTables_LeaveOutHeldItemsAndStatics(t *testing.T) {
	rec := attachedRecording()
	for _, statics := range []bool{false, true} {
		c, err := compareOf(rec, []interp.Reading{interp.SeedReading()},
			Options{Assets: testAssets(), EventLog: true, Explain: true, Metrics: true, Statics: statics})
		if err != nil {
			t.Fatal(err)
		}
		var states stateMem
		var events eventMem
		tw, err := NewTableWriter(c, "t", &states, &events)
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.WriteTick(); err != nil {
			t.Fatal(err)
		}
		const ticks = 40
		for k := 1; k <= ticks; k++ {
			c.Step()
			if err := tw.WriteTick(); err != nil {
				t.Fatal(err)
			}
		}
		if err := tw.Flush(); err != nil {
			t.Fatal(err)
		}
		perGUID := map[string]int{}
		for _, r := range states.rows {
			perGUID[r.GUID]++
			if r.GUID == "0x80000B02" && (r.X != 50 || r.Y != 50) {
				t.Errorf("the door's row at tick %d: (%v, %v), want (50, 50)", r.Tick, r.X, r.Y)
			}
		}
		want := map[string]int{"0x80000A01": ticks + 1}
		if statics {
			want["0x80000B02"] = ticks + 1
		}
		if len(perGUID) != len(want) || perGUID["0x80000A01"] != want["0x80000A01"] || perGUID["0x80000B02"] != want["0x80000B02"] {
			t.Errorf("statics %v: state rows by guid %v, want %v", statics, perGUID, want)
		}
		routes := 0
		for _, r := range events.rows {
			if r.GUID != "0x80000A01" {
				t.Errorf("statics %v: an event row of %s: %+v", statics, r.GUID, r)
			}
			if r.Event == "route" {
				routes++
			}
		}
		if routes != 8 {
			t.Errorf("statics %v: %d route rows, want the walker's 8", statics, routes)
		}
	}
}

// An object's events go into the events table by what the object is when
// they happen: a guid used again — a free sword deleted and created again
// held (ParentEvent 0xF749) — has its rows while free and none once held.
func TestTables_GuidCreatedAgainHeld(t *testing.T) {
	rec := testRecording(true)
	sword := recording.NewEntity(0x80000B05, posAt(10, 10, 0))
	rec.Header.Entities = append(rec.Header.Entities, sword)
	held := sword
	held.Parent, held.ParentLocation = testGUID, 1
	rec.Events = append(rec.Events,
		recording.Event{T: 0.5, Kind: recording.KindDelete, GUID: sword.GUID, HasGUID: true},
		recording.Event{T: 0.5, Kind: recording.KindCreate, GUID: sword.GUID, HasGUID: true, Entity: &held})
	s := newSim(t, rec, Options{})
	if !s.Query().tabledGUID(sword.GUID) || !s.Query().tabledGUID(testGUID) {
		t.Fatal("the free sword's events are left out")
	}
	runTo(s, 20)
	if s.Query().tabledGUID(sword.GUID) || !s.Query().tabledGUID(testGUID) {
		t.Error("the held sword's events are kept")
	}
}
