package engine

import (
	"testing"

	"glidepath/engine/recording"
)

// Held items and statics (object.go; a CreateObject's PhysicsDesc
// parent, ACE WorldObject_Networking): a held item is drawn at its holder
// and never stepped; a static object ignores the updates that would move
// it; the report leaves both out, statics back with Options.Statics.
func TestAttached_HeldAndStatic(t *testing.T) {
	rec := testRecording(true)
	held := recording.NewEntity(0x80000B01, posAt(10, 10, 0))
	held.Name, held.Parent, held.ParentLocation = "Sword", testGUID, 1
	door := recording.NewEntity(0x80000B02, posAt(50, 50, 0))
	door.Name, door.Static = "Door", true
	rec.Header.Entities = append(rec.Header.Entities, held, door)
	ev := positionEvent(0.1, 95, 90, 1)
	rec.Events = append(rec.Events, ev)
	move := positionEvent(0.2, 60, 60, 1)
	move.GUID, move.Update.GUID = door.GUID, door.GUID
	rec.Events = append(rec.Events, move)
	for _, statics := range []bool{false, true} {
		s := newSim(t, rec, Options{Metrics: true, EventLog: true, Statics: statics})
		runTo(s, 30)
		var views []ObjectView
		views = s.Query().Objects(views)
		if len(views) != 3 {
			t.Fatalf("%d objects", len(views))
		}
		if views[1].Position.Frame.Origin != views[0].Position.Frame.Origin || views[1].Parent != testGUID {
			t.Errorf("held item at %v, holder at %v", views[1].Position.Frame.Origin, views[0].Position.Frame.Origin)
		}
		if got := views[2].Position.Frame.Origin; got[0] != 50 || got[1] != 50 || !views[2].Static {
			t.Errorf("static door moved to %v", got)
		}
		// The per-object report (engine/report) lists neither; the door
		// with Options.Statics.
		sword, _ := s.Query().SlotBody(1)
		static, _ := s.Query().SlotBody(2)
		if sword.GUID != held.GUID || sword.Reported || static.GUID != door.GUID || static.Reported != statics {
			t.Errorf("statics %v: slot bodies %+v %+v; want neither reported, the door with statics", statics, sword, static)
		}
	}
}
