package panel

import "testing"

// A stop before its object exists is shown at the object's first tick
// (up to maxTourWait on); Enter past the last stop ends the tour, Backspace
// goes back, a tour not shown starts at its first stop on Enter, and
// Backspace there goes nowhere.
func TestTour_GoFindsTheObjectAndStepEnds(t *testing.T) {
	tr := Tour{Stops: []TourStop{{Tick: 0, GUID: 7, Caption: "first"}, {Tick: 200, GUID: 0, Caption: "second"}}}
	if i, more := tr.Step(true); i != 0 || !more {
		t.Fatalf("a tour not shown steps to %d (more %v), want its first stop", i, more)
	}
	born := 12 // object 7 exists from tick 12
	s := tr.Go(0, 1000, func(tick int, guid uint32) bool { return guid == 7 && tick >= born })
	if s.Tick != born || !tr.Active() || tr.At() != 0 {
		t.Fatalf("stop shown at tick %d (active %v, at %d), want %d", s.Tick, tr.Active(), tr.At(), born)
	}
	if head, body, _ := tr.Caption(); head != "Tour 1/2 · tick 12" || body != "first" {
		t.Errorf("caption %q %q", head, body)
	}
	born = 500 // past maxTourWait: the stop keeps its own tick
	if s := tr.Go(0, 1000, func(tick int, guid uint32) bool { return tick >= born }); s.Tick != 0 {
		t.Errorf("an object not there within %d ticks moved the stop to %d", maxTourWait, s.Tick)
	}
	if i, more := tr.Step(true); i != 1 || !more {
		t.Fatalf("Enter on stop 1 steps to %d (more %v)", i, more)
	}
	tr.Go(1, 1000, func(int, uint32) bool { return false })
	if i, more := tr.Step(false); i != 0 || !more {
		t.Errorf("Backspace on stop 2 steps to %d (more %v)", i, more)
	}
	if _, more := tr.Step(true); more || tr.Active() {
		t.Errorf("Enter past the last stop: more %v, active %v; want the tour ended", more, tr.Active())
	}
	// docs/viewer.md: after the tour, Enter starts it again; Backspace
	// has no stop to go back to.
	if _, more := tr.Step(false); more {
		t.Errorf("Backspace after the tour ended restarts it; want nowhere to go")
	}
	if i, more := tr.Step(true); i != 0 || !more {
		t.Errorf("Enter after the tour ended steps to %d (more %v), want its first stop", i, more)
	}
}
