// Tests of the guided tour's walk.

package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/inspect"
	"glidepath/ui/panel"
)

// The tour opens at its first stop, paused, with the stop's object selected
// (a stop before the object exists shows its first tick); Enter walks on,
// Backspace back, Enter past the last stop ends it, and Esc ends it before
// it clears the selection.
func TestTour_WalksTheStops(t *testing.T) {
	probe := openApp(t, "", nil, 0, 1280, 800)
	tr := probe.sess.Cur().Hist.Tracks()
	if len(tr) < 2 {
		t.Fatal("the default scenario has fewer than two objects")
	}
	stops := []panel.TourStop{
		{Tick: 0, GUID: tr[0].GUID, Caption: "first", Doc: "docs/pipeline.md#deliver"},
		{Tick: 200, GUID: tr[1].GUID, Caption: "second", Doc: "docs/pipeline.md#blip"},
	}
	a := openAppWith(t, "", nil, Options{Camera: camera.Isometric, Size: image.Pt(1280, 800), Tour: stops})
	if !a.tour.Active() || a.pb.Playing() || a.sel.GUID != stops[0].GUID || a.pb.Cursor() > 90 {
		t.Fatalf("start: tour %v playing %v selected %#x cursor %d; want stop 1 near tick 0 (%d)",
			a.tour.Active(), a.pb.Playing(), a.sel.GUID, a.pb.Cursor(), tr[0].First)
	}
	if a.selectedObject() == nil {
		t.Error("the first stop's object does not exist where it is shown")
	}
	a.apply(cmdTourNext)
	if a.tour.At() != 1 || a.pb.Cursor() != 200 || a.sel.GUID != stops[1].GUID {
		t.Errorf("Enter: stop %d cursor %d selected %#x", a.tour.At()+1, a.pb.Cursor(), a.sel.GUID)
	}
	if head, body, doc := a.tour.Caption(); head != "Tour 2/2 · tick 200" || body != "second" || doc != stops[1].Doc {
		t.Errorf("caption %q %q %q", head, body, doc)
	}
	a.apply(cmdTourPrev)
	if a.tour.At() != 0 {
		t.Errorf("Backspace went to stop %d", a.tour.At()+1)
	}
	a.apply(cmdTourNext)
	a.apply(cmdTourNext)
	if a.tour.Active() {
		t.Error("Enter at the last stop did not end the tour")
	}
	a.apply(cmdTourNext)
	if !a.tour.Active() || a.tour.At() != 0 {
		t.Error("Enter after the tour did not start it again")
	}
	a.apply(cmdDeselect)
	if a.tour.Active() || a.sel.GUID == 0 {
		t.Errorf("Esc: tour %v, selection %#x; want the tour ended first", a.tour.Active(), a.sel.GUID)
	}
	// Backspace after the tour has no stop to go back to: it stays ended
	// and says Enter starts it again (docs/viewer.md, Keys).
	at := a.pb.Cursor()
	a.apply(cmdTourPrev)
	if a.tour.Active() || a.pb.Cursor() != at || !strings.Contains(a.bar.status, "Enter starts it again") {
		t.Errorf("Backspace after the tour: tour %v, cursor %d (was %d), status %q", a.tour.Active(), a.pb.Cursor(), at, a.bar.status)
	}
	// Without a tour, Backspace says how to get one.
	probe.apply(cmdTourPrev)
	if !strings.Contains(probe.bar.status, "-tour") {
		t.Errorf("Backspace without a tour says %q", probe.bar.status)
	}
}

// Under -compare, C switches the reading and the object list's rows show
// the new reading's values at once (they used to stay stale), as do the
// inspector and the pipeline panel.
func TestCompare_SwitchingReadingRecomputesThePanels(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", []string{"seed", "legacy"}, 300, 1280, 800)
	want := func() string {
		r := a.sess.Cur()
		o := &r.Snap.Objects[0]
		return inspect.MakeRow(o, inspect.Count(r.Index, o.GUID, r.Snap.Tick)).Stats
	}
	before := a.list.Rows[0].Stats
	if before != want() {
		t.Fatalf("seed row %q, want %q", before, want())
	}
	a.apply(cmdNextReading)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if got := a.list.Rows[0].Stats; got != want() || got == before {
		t.Errorf("after C the row is %q (seed's was %q), want legacy's %q", got, before, want())
	}
	if a.panels.Insp.BuiltFor() != 1 || a.panels.Pipe.BuiltFor() != 1 {
		t.Errorf("inspector and pipeline keyed on reading %d and %d, want 1", a.panels.Insp.BuiltFor(), a.panels.Pipe.BuiltFor())
	}
}

// seed 000 §6: at the runner's first blip (tick 79) the inspector shows the
// state after the blip with a hint; V shows the state before it — the body
// where the previous tick left it, short of the blip's target — and leaves
// the run at the cursor; V again returns.
func TestBeforeAfter_InspectorAtABlip(t *testing.T) {
	a := openAppWith(t, "../assets/scenarios/runner.yaml", nil, Options{Camera: camera.Isometric, Tick: 79, Paused: true, Size: image.Pt(1280, 800), Select: 0x80000C01})
	value := func(label string) string {
		for _, l := range a.panels.Insp.Lines {
			if l.Label == label {
				return l.Value
			}
		}
		return ""
	}
	after := value("m_position")
	if len(a.panels.Insp.Lines) == 0 || !strings.Contains(a.panels.Insp.Lines[0].Value, "V shows the state before") {
		t.Fatalf("no before/after hint at the blip: %+v", a.panels.Insp.Lines[:min(2, len(a.panels.Insp.Lines))])
	}
	a.apply(cmdBeforeAfter)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.panels.Insp.Lines[0].Value, "BEFORE tick 79") {
		t.Errorf("before mode heads %q", a.panels.Insp.Lines[0].Value)
	}
	if before := value("m_position"); before == after || before == "" {
		t.Errorf("m_position before %q, after %q: want them to differ across the blip", before, after)
	}
	if r := a.sess.Cur(); r.Src.Tick() != 79 || r.Snap.Tick != 79 {
		t.Errorf("the run moved to tick %d (snapshot %d)", r.Src.Tick(), r.Snap.Tick)
	}
	a.apply(cmdBeforeAfter)
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
	if value("m_position") != after {
		t.Errorf("V again shows %q, want the after state %q", value("m_position"), after)
	}
}
