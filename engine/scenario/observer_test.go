// Tests of the observer's events and of notes: where the viewer's 96 m
// bubble is centred (seed 004 §3) and what the timeline shows.

package scenario

import (
	"math"
	"testing"

	"glidepath/engine/recording"
	"glidepath/physics/anim"
)

// TestObserver_EventsWhileMoving checks the observer's position is written
// every `every` ticks while it walks and once where it stops, with the
// identity rotation, and that the header holds where it starts.
func TestObserver_EventsWhileMoving(t *testing.T) {
	rec := compileText(t, `duration: 10
observer:
  position: [96, 96]
  every: 5
  script: [{wait: 1}, {walk_to: [106, 96]}]
remotes: []
`)
	if !rec.Header.HasObserver {
		t.Fatal("no observer in the header")
	}
	if x, _, _ := globalXY(rec.Header.Observer); x-baseX != 96 {
		t.Errorf("the header observer is at x %v, want 96", x-baseX)
	}
	// A 1 s wait, a 90° turn to face east at DefaultTurnRate, then 10 m.
	arrive := 1 + 90/DefaultTurnRate + 10/float64(anim.WalkAnimSpeed)
	var obs []recording.Event
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindObserver {
			obs = append(obs, ev)
		}
	}
	if len(obs) < 10 {
		t.Fatalf("%d observer events, want one every 5 ticks while walking", len(obs))
	}
	for i, ev := range obs {
		k := int(math.Round(ev.T * 30))
		if i < len(obs)-1 && k%5 != 0 {
			t.Errorf("observer event on tick %d, not a multiple of 5", k)
		}
		if ev.Pos.Frame.Rot.W != 1 {
			t.Errorf("observer rotation %v, want the identity", ev.Pos.Frame.Rot)
		}
	}
	last := obs[len(obs)-1]
	if x, _, _ := globalXY(last.Pos); x-baseX != 106 {
		t.Errorf("the last observer event is at x %v, want where it stopped, 106", x-baseX)
	}
	if last.T < arrive-1e-9 || last.T > arrive+1.0/30+1e-9 {
		t.Errorf("the last observer event is at %v s, want the first tick after it arrives at %v s", last.T, arrive)
	}
}

// TestNotes_WhereAndWhen checks the description is the first note at t = 0,
// a note by tick lands on the tick's time, and a step's note is about its
// remote at the moment the step starts.
func TestNotes_WhereAndWhen(t *testing.T) {
	rec := compileText(t, `description: What this teaches.
duration: 10
notes:
  - {tick: 45, text: by tick}
  - {t: 2.5, text: by time, object: 7}
remotes:
  - guid: 7
    position: [10, 10]
    script:
      - wait: 1.25
      - {wait: 1, note: second step}
`)
	type note struct {
		t    float64
		text string
		guid uint32
	}
	var got []note
	for _, ev := range rec.Events {
		if ev.Kind == recording.KindNote {
			got = append(got, note{ev.T, ev.Text, ev.GUID})
		}
	}
	want := []note{{0, "What this teaches.", 0}, {1.25, "second step", 7}, {1.5, "by tick", 0}, {2.5, "by time", 7}}
	if len(got) != len(want) {
		t.Fatalf("notes %v, want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i].t-want[i].t) > 1e-9 || got[i].text != want[i].text || got[i].guid != want[i].guid {
			t.Errorf("note %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestCrowd_MembersInTheArea checks a crowd's members get consecutive guids,
// start and walk inside the area, and differ from each other.
func TestCrowd_MembersInTheArea(t *testing.T) {
	rec := compileText(t, `duration: 20
crowds:
  - {count: 12, first_guid: 0x100, name: Rat, area: {min: [20, 30], max: [60, 50]}, legs: 3, gait: run}
`)
	if len(rec.Header.Entities) != 12 {
		t.Fatalf("%d members, want 12", len(rec.Header.Entities))
	}
	starts := map[[2]float32]bool{}
	for i, e := range rec.Header.Entities {
		if e.GUID != 0x100+uint32(i) || e.Name == "" {
			t.Errorf("member %d: guid 0x%X name %q", i, e.GUID, e.Name)
		}
		starts[[2]float32{e.Pos.Frame.Origin[0], e.Pos.Frame.Origin[1]}] = true
		for _, ev := range ofKind(rec, recording.KindTruth, e.GUID) {
			x, y, _ := globalXY(ev.Pos)
			if x-baseX < 20-1e-3 || x-baseX > 60+1e-3 || y-baseY < 30-1e-3 || y-baseY > 50+1e-3 {
				t.Fatalf("member %d at (%.2f, %.2f), outside the area", i, x-baseX, y-baseY)
			}
		}
		for _, m := range ofKind(rec, recording.KindMotion, e.GUID) {
			if m.Motion.Forward == recording.WalkForward {
				t.Errorf("member %d walks; the crowd's gait is run", i)
			}
		}
	}
	if len(starts) != 12 {
		t.Errorf("%d distinct starts among 12 members", len(starts))
	}
}
