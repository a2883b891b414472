package ui

import (
	"strings"
	"testing"
)

// The status line: "● live" and "paused" never together; a slow playback
// says what it achieves; the pre-run's progress never reads 100 %.
func TestStatus_HonestPlayState(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.pb.SetPlaying(false)
	if s := a.statusLine(); !strings.Contains(s, "paused 1×") || strings.Contains(s, "live") {
		t.Fatalf("paused: %q", s)
	}
	a.pb.Follow()
	if s := a.statusLine(); !strings.Contains(s, "● live") || strings.Contains(s, "paused") || strings.Contains(s, "playing") {
		t.Fatalf("at the live edge, paused: %q", s)
	}
	a.pb.Unfollow()
	a.pb.SetPlaying(true)
	a.rate.Achieved = 0.6
	if s := a.statusLine(); !strings.Contains(s, "playing 1× (achieved 0.60×)") {
		t.Fatalf("playing at 0.6×: %q", s)
	}
	a.sess.Ready = false
	defer func() { a.sess.Ready = true }()
	if s := a.preRunStatus(); strings.Contains(s, "100") {
		t.Fatalf("pre-run status %q", s)
	}
}

// A note's caption keeps clear of the bookmark list (F4): drawn with the
// list open, no caption pixel lies in the list's column.
func TestCaption_ClearOfTheBookmarkList(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.marks.Shown = true
	vp := a.lay.Viewport
	area := a.captionArea(vp)
	if area.Max.X > vp.Max.X-bookmarkListW {
		t.Fatalf("caption area %v reaches the bookmark list (from x %d)", area, vp.Max.X-bookmarkListW)
	}
	a.marks.Shown = false
	if a.captionArea(vp) != vp {
		t.Fatalf("without the list the caption has %v of the viewport %v", a.captionArea(vp), vp)
	}
}
