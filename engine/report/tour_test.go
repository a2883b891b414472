// Tests of the guided tour: it follows the first blipping object through
// each stage of its story in tick order and ends at its blip; a run with no
// blip ends with a stop that says so.

package report

import (
	"fmt"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/eventlog"
	"glidepath/engine/scenario"
)

// tourOf runs the shipped scenario name with the event log and returns its
// Sim and tour.
func tourOf(t *testing.T, name string) (*engine.Sim, []TourStop) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	s := newSim(t, rec, engine.Options{EventLog: true, NoCheckpoints: true})
	s.RunAll(nil)
	return s, Tour(s)
}

func TestTour_EndsAtTheFirstBlip(t *testing.T) {
	s, stops := tourOf(t, "runner")
	blips := eventsOf(s, eventlog.EventBlip)
	if len(blips) == 0 || len(stops) < 4 {
		t.Fatalf("%d blips, %d stops", len(blips), len(stops))
	}
	last := stops[len(stops)-1]
	if last.Tick != int(blips[0].Tick) || last.GUID != blips[0].GUID || last.Doc != "docs/pipeline.md#blip" || !strings.Contains(last.Caption, "blips the body to the queue's tail") {
		t.Errorf("last stop %+v; the first blip is at tick %d", last, blips[0].Tick)
	}
	for i, st := range stops {
		if st.GUID != blips[0].GUID || st.Caption == "" || !strings.HasPrefix(st.Doc, eventlog.PipelineDoc+"#") {
			t.Errorf("stop %d: %+v", i, st)
		}
		if i > 0 && st.Tick < stops[i-1].Tick {
			t.Errorf("stop %d at tick %d comes after tick %d", i, st.Tick, stops[i-1].Tick)
		}
	}
	// The story's stages: routing and queueing once; the stall windows
	// twice here, the first judged and the failure that led to the blip,
	// at the blip's own tick.
	count := func(doc string) int {
		n := 0
		for _, st := range stops {
			if strings.HasSuffix(st.Doc, doc) {
				n++
			}
		}
		return n
	}
	for _, doc := range []string{"#deliver", "#move-or-teleport", "#interpolate-to"} {
		if n := count(doc); n != 1 {
			t.Errorf("%d stops explain %s; want 1", n, doc)
		}
	}
	if n := count("#stall-window"); n != 2 || stops[len(stops)-2].Tick != last.Tick || !strings.Contains(stops[len(stops)-2].Caption, "fails") {
		t.Errorf("%d stall-window stops, the one before the blip %+v; want the failure that led to it", n, stops[len(stops)-2])
	}
}

func TestTour_NoBlipSaysSo(t *testing.T) {
	s, stops := tourOf(t, "default")
	if len(eventsOf(s, eventlog.EventBlip)) != 0 {
		t.Fatal("the default scenario blips; its expectations say it does not, and this test wants a run without a blip")
	}
	last := stops[len(stops)-1]
	if !strings.Contains(last.Caption, "Nothing blips") || last.Tick != s.Furthest() {
		t.Errorf("last stop %+v", last)
	}
	if stops[0].Tick != 0 || stops[1].Doc != "docs/pipeline.md#move-or-teleport" {
		t.Errorf("first stops %+v", stops[:2])
	}
}

// A run that snaps but never blips does not end its tour saying nothing
// jumped: the last stop counts the snaps (teleport.yaml's placements).
func TestTour_SnapsButNoBlipSaysSo(t *testing.T) {
	s, stops := tourOf(t, "teleport")
	if len(eventsOf(s, eventlog.EventBlip)) != 0 || len(eventsOf(s, eventlog.EventSnap)) == 0 {
		t.Fatalf("teleport.yaml: %d blips, %d snaps; this test wants snaps and no blip", len(eventsOf(s, eventlog.EventBlip)), len(eventsOf(s, eventlog.EventSnap)))
	}
	last := stops[len(stops)-1]
	want := fmt.Sprintf("jump %d time(s) by a snap", len(eventsOf(s, eventlog.EventSnap)))
	if strings.Contains(last.Caption, "Nothing blips") || !strings.Contains(last.Caption, want) {
		t.Errorf("last stop %q; want %q", last.Caption, want)
	}
}
