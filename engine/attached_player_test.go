package engine

import (
	"testing"

	"glidepath/engine/recording"
)

// An item the player holds (entity parent "observer": a capture's player
// is no entity of the recording, its positions are the observer events;
// ACE WorldObject_Networking SerializePhysicsData writes the wielder's
// guid) is drawn where the observer is, following each observer event —
// in the views the window and `viewer shot` draw, and in the briefs the
// viewer's history records — never where it was created. Before the
// recording places the observer it stays where it was created.
func TestAttached_HeldByThePlayerFollowsTheObserver(t *testing.T) {
	for _, withObserver := range []bool{true, false} {
		rec := testRecording(true)
		rec.Header.HasObserver = withObserver
		bow := recording.NewEntity(0x80000B03, posAt(10, 10, 0))
		bow.Name, bow.Parent, bow.ParentLocation = "Ancient Arbalest", recording.ObserverTarget, 2
		rec.Header.Entities = append(rec.Header.Entities, bow)
		if withObserver {
			rec.Events = append(rec.Events, recording.Event{T: 0.5, Kind: recording.KindObserver, Pos: posAt(70, 75, 0)})
		}
		s := newSim(t, rec, Options{})
		for _, at := range []struct {
			tick int
			x, y float32
		}{{5, 96, 96}, {30, 70, 75}} {
			runTo(s, at.tick)
			v, ok := s.Query().Object(bow.GUID)
			if !ok {
				t.Fatal("the held item is not live")
			}
			want := [2]float32{at.x, at.y}
			if !withObserver {
				want = [2]float32{10, 10} // no observer: where it was created
			}
			if got := v.Position.Frame.Origin; got[0] != want[0] || got[1] != want[1] {
				t.Errorf("observer %v, tick %d: held item drawn at %v, want %v", withObserver, at.tick, got, want)
			}
			var brief BriefView
			for _, b := range s.Query().Briefs(nil) {
				if b.GUID == bow.GUID {
					brief = b
				}
			}
			if got := brief.Position.Frame.Origin; got[0] != want[0] || got[1] != want[1] {
				t.Errorf("observer %v, tick %d: held item's brief at %v, want %v", withObserver, at.tick, got, want)
			}
		}
	}
}
