package ui

import (
	"glidepath/ui/panel"
	"strings"
	"testing"
)

// The status line: "● live" and "paused" never together; a slow playback
// says what it achieves; the follow camera says whom it follows; the
// pre-run's progress never reads 100 %.
func TestStatus_HonestPlayState(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.pb.SetPlaying(false)
	if s := a.bar.statusLine(a); !strings.Contains(s, "paused 1×") || strings.Contains(s, "live") {
		t.Fatalf("paused: %q", s)
	}
	a.pb.Follow()
	if s := a.bar.statusLine(a); !strings.Contains(s, "● live") || strings.Contains(s, "paused") || strings.Contains(s, "playing") {
		t.Fatalf("at the live edge, paused: %q", s)
	}
	a.pb.Unfollow()
	a.pb.SetPlaying(true)
	a.rate.Achieved = 0.6
	if s := a.bar.statusLine(a); !strings.Contains(s, "playing 1× (achieved 0.60×)") {
		t.Fatalf("playing at 0.6×: %q", s)
	}
	// The follow camera is named as the selection's, not "following"
	// alone, which a file followed as it grows (-follow, "● live") also is.
	a.sel.Follow = true
	if s := a.bar.statusLine(a); !strings.Contains(s, "following the selection") {
		t.Fatalf("the camera following the selection: %q", s)
	}
	a.sel.Follow = false
	a.sess.Ready = false
	defer func() { a.sess.Ready = true }()
	if s := a.bar.preRunStatus(a); strings.Contains(s, "100") {
		t.Fatalf("pre-run status %q", s)
	}
}

// A note's caption keeps clear of the bookmark list (F4): drawn with the
// list open, no caption pixel lies in the list's column.
func TestCaption_ClearOfTheBookmarkList(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	a.marks.Shown = true
	vp := a.lay.Viewport
	area := a.marks.captionArea(a, vp)
	if area.Max.X > vp.Max.X-bookmarkListW {
		t.Fatalf("caption area %v reaches the bookmark list (from x %d)", area, vp.Max.X-bookmarkListW)
	}
	a.marks.Shown = false
	if a.marks.captionArea(a, vp) != vp {
		t.Fatalf("without the list the caption has %v of the viewport %v", a.marks.captionArea(a, vp), vp)
	}
}

// A typing box (Ctrl+F, Ctrl+G, Shift+O) hides the caption: at tick 0 of
// the runner the description runs down over the box, and its words showed
// through the box's text.
func TestCaption_HiddenUnderATextBox(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 1280, 800)
	captionShown := func() bool {
		a.top.Reset()
		a.drawOverlays()
		for _, l := range a.top.Labels() {
			if strings.Contains(l.Text, "motion interpreter") {
				return true
			}
		}
		return false
	}
	if !captionShown() {
		t.Fatal("no caption at tick 0: the test does not see the description")
	}
	for name, on := range map[string]*bool{"filter": &a.filt.BoxOn, "go-to": &a.nav.box.On, "open": &a.open.Active} {
		*on = true
		if captionShown() {
			t.Errorf("the %s box is open and the caption is drawn under it", name)
		}
		*on = false
	}
}

// While the camera follows the selection, a note's caption keeps to the
// viewport's top third, the middle third being where the follow camera
// keeps the body: in an export's small view (800×500) the runner's long
// description at tick 0 would otherwise cover the Courier followed. Not
// following, the whole note is shown.
func TestCaption_KeepsToTheTopThirdWhileFollowing(t *testing.T) {
	a := openApp(t, "../assets/scenarios/runner.yaml", nil, 0, 800, 500)
	vp := a.lay.Viewport
	caption := func() (lines int, bottom float32, last string) {
		a.top.Reset()
		a.drawOverlays()
		for _, l := range a.top.Labels() {
			if l.Y < float32(vp.Min.Y) || l.Y > float32(vp.Max.Y) || l.X < float32(vp.Min.X) || l.X > float32(vp.Max.X) || l.Text == "" {
				continue
			}
			if l.Color == panel.NoteColor {
				lines++
				bottom = max(bottom, l.Y+a.top.LineHeight())
				last = l.Text
			}
		}
		return lines, bottom, last
	}
	a.sel.GUID, a.sel.Follow = 0, false
	whole, wholeBottom, _ := caption()
	third := float32(vp.Min.Y) + float32(vp.Dy())/3
	if wholeBottom <= third {
		t.Fatalf("the runner's note ends at y %.0f, above the third (%.0f) of a %v view: the test sees no long caption", wholeBottom, third, vp)
	}
	a.sel.GUID, a.sel.Follow = 0x80000C01, true
	n, bottom, last := caption()
	if n == 0 || n >= whole {
		t.Fatalf("following: %d caption lines, want fewer than the %d shown unfollowed (and some)", n, whole)
	}
	if bottom > third {
		t.Errorf("following: the caption reaches y %.0f, past the view's top third (%.0f)", bottom, third)
	}
	if !strings.HasSuffix(last, panel.Ellipsis) {
		t.Errorf("following: the shortened caption's last line %q does not end with %q", last, panel.Ellipsis)
	}
}
