// Tests of viewer -tour's stops.

package launch

import (
	"strings"
	"testing"
)

// The default scenario's tour has stops in tick order with captions and
// docs links; the runner's ends at a blip.
func TestTourStops_DefaultAndRunner(t *testing.T) {
	stops, err := tourStops("", "seed")
	if err != nil || len(stops) < 3 {
		t.Fatalf("default tour: %d stops, %v", len(stops), err)
	}
	for i, s := range stops {
		if s.Caption == "" || !strings.HasPrefix(s.Doc, "docs/pipeline.md#") || s.GUID == 0 || i > 0 && s.Tick < stops[i-1].Tick {
			t.Errorf("stop %d: %+v", i+1, s)
		}
	}
	stops, err = tourStops("../../assets/scenarios/runner.yaml", "seed")
	if err != nil || len(stops) == 0 {
		t.Fatalf("runner tour: %v", err)
	}
	if last := stops[len(stops)-1]; last.Doc != "docs/pipeline.md#blip" {
		t.Errorf("the runner's tour ends at %+v, want a blip", last)
	}
	if _, err := tourStops("missing.yaml", "seed"); err == nil {
		t.Error("a missing input gave a tour")
	}
}
