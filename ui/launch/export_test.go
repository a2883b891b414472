//go:build !js

package launch

import (
	"image"
	"testing"
)

func TestExportName_BesideTheInput(t *testing.T) {
	for in, want := range map[string]string{
		"/data/run.jsonl":      "/data/run-ticks12-40.gif",
		"/data/run.jsonl.gz":   "/data/run-ticks12-40.gif",
		"scenarios/cliff.yaml": "scenarios/cliff-ticks12-40.gif",
	} {
		if got := exportName(in, 12, 40); got != want {
			t.Errorf("exportName(%q) = %q, want %q", in, got, want)
		}
	}
}

// What an export wrote counts its frames as counts read: "1 frame", "60
// frames".
func TestExportWrote_CountsFrames(t *testing.T) {
	if got, want := exportWrote("a.gif", true, 1, image.Pt(800, 500), 7, 7), "wrote a.gif (an animated GIF, 1 frame of 800x500, ticks 7–7)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := exportWrote("shots", false, 60, image.Pt(320, 240), 400, 459), "wrote shots (numbered PNGs, 60 frames of 320x240, ticks 400–459)\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// -from after -to is named as typed, a time with the tick it stands for:
// "-from 2.5s (tick 75) is after -to 2s (tick 60)", not "-from 75 is
// after -to 60", ticks the user never wrote.
func TestExportSpan_FromAfterToNamedAsGiven(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"2.5s", "2s", "-from 2.5s (tick 75) is after -to 2s (tick 60)"},
		{"50", "40", "-from 50 is after -to 40"},
		{"50", "1s", "-from 50 is after -to 1s (tick 30)"},
	} {
		f := exportFlags{from: c.from, to: c.to}
		if _, _, err := f.span(1260, 30); err == nil || err.Error() != c.want {
			t.Errorf("-from %s -to %s: %v, want %q", c.from, c.to, err, c.want)
		}
	}
}
