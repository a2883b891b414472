// Tests of the divergence lane in the app: , and . on it step between the
// ticks D finds.

package ui

import (
	"image"
	"strings"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/timeline"
)

func TestAgainst_DivergenceLaneStepsLikeD(t *testing.T) {
	a := openAppWith(t, "../recordings/corner.yaml", nil, Options{Camera: camera.TopDown, Paused: true,
		Size: image.Pt(1280, 800), Client: cornerTrack(t)})
	a.sel.GUID = 0x80001701
	a.tl.Lane = timeline.LaneDivergence
	a.apply(cmdNextEvent)
	if a.pb.Cursor() != 315 || !strings.Contains(a.bar.status, "queue 1, retail 12") {
		t.Fatalf(". on the divergence lane: cursor %d, status %q; want tick 315 as Shift+D", a.pb.Cursor(), a.bar.status)
	}
	a.apply(cmdNextEvent)
	if a.pb.Cursor() != 316 {
		t.Errorf(". again: cursor %d, want 316 as D", a.pb.Cursor())
	}
	a.apply(cmdPrevEvent)
	if a.pb.Cursor() != 315 {
		t.Errorf(", : cursor %d, want back at 315", a.pb.Cursor())
	}
	a.apply(cmdPrevEvent)
	if a.pb.Cursor() != 315 || !strings.Contains(a.bar.status, "no earlier divergence") {
		t.Errorf(", before the first: cursor %d, status %q", a.pb.Cursor(), a.bar.status)
	}
}
