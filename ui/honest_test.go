package ui

import (
	"strings"
	"testing"
	"time"
)

// The rate achieved: measured over a second of wall clock; shown only when
// short of the speed asked for by more than 5 %; a pause or a jump back
// starts the measure over.
func TestRate_AchievedShownWhenShort(t *testing.T) {
	var m rateMeter
	t0 := time.Unix(1000, 0)
	m.note(t0, 0, true, 30)
	m.note(t0.Add(500*time.Millisecond), 9, true, 30)
	if m.label(1) != "" {
		t.Fatalf("a label before a whole second: %q", m.label(1))
	}
	m.note(t0.Add(time.Second), 18, true, 30) // 18 ticks at 30 Hz in 1 s
	if got := m.label(1); got != " (achieved 0.60×)" {
		t.Fatalf("18 ticks in a second at 30 Hz, playing 1×: %q", got)
	}
	if got := m.label(0.5); got != "" {
		t.Fatalf("0.6× achieved against ½× asked: %q, want nothing", got)
	}
	m.note(t0.Add(2*time.Second), 47, true, 30) // 29 ticks: 0.97×, within 5 %
	if got := m.label(1); got != "" {
		t.Fatalf("0.97× at 1×: %q, want nothing", got)
	}
	m.note(t0.Add(2500*time.Millisecond), 10, true, 30) // a jump back
	if m.on && m.c0 != 10 || m.achieved != 0 {
		t.Fatalf("a jump back kept the measure: %+v", m)
	}
	m.note(t0.Add(3*time.Second), 20, false, 30)
	if m.on || m.label(1) != "" {
		t.Fatal("a pause kept the measure")
	}
	if rateText(2.46) != "2.4" || rateText(0.333) != "0.33" {
		t.Fatalf("rateText: %s %s", rateText(2.46), rateText(0.333))
	}
}

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
	a.rate.achieved = 0.6
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
	a.marks.panel = true
	vp := a.lay.Viewport
	area := a.captionArea(vp)
	if area.Max.X > vp.Max.X-bookmarkListW {
		t.Fatalf("caption area %v reaches the bookmark list (from x %d)", area, vp.Max.X-bookmarkListW)
	}
	a.marks.panel = false
	if a.captionArea(vp) != vp {
		t.Fatalf("without the list the caption has %v of the viewport %v", a.captionArea(vp), vp)
	}
}
