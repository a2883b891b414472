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
