package ui

import (
	"os"
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
)

// A live session's alarms reach the window (viewer live with a display):
// each is said in the status line and bookmarks its tick in the input's
// sidecar, saved; a tick already marked keeps its own label; a closed
// channel ends the polling.
func TestLiveAlarms_SaidAndBookmarked(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	a := openFile(t, path, 100)
	ch := make(chan LiveAlarm, 4)
	a.opts.LiveAlarms = ch
	a.pollLiveAlarms() // nothing yet
	if a.marks.Sidecar.Bookmarks.Len() != 0 {
		t.Fatal("a bookmark with no alarm")
	}
	ch <- LiveAlarm{Tick: 120, Label: "divergence 0x80001201", Text: "divergence of 0x80001201: position (1.000 m off)"}
	a.pollLiveAlarms()
	if !strings.Contains(a.bar.status, "tick 120") || !strings.Contains(a.bar.status, "divergence of 0x80001201") {
		t.Errorf("status %q does not say the alarm", a.bar.status)
	}
	sc, err := bookmarks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := sc.Bookmarks.At(120); !ok || b.Label != "divergence 0x80001201" {
		t.Errorf("the sidecar's mark at tick 120: %+v %v", b, ok)
	}
	ch <- LiveAlarm{Tick: 120, Label: "blip 0x80001201", Text: "blip of 0x80001201"}
	close(ch)
	a.pollLiveAlarms()
	if b, _ := a.marks.Sidecar.Bookmarks.At(120); b.Label != "divergence 0x80001201" {
		t.Errorf("a second alarm at a marked tick relabelled it: %q", b.Label)
	}
	if a.opts.LiveAlarms != nil {
		t.Error("a closed channel is still polled")
	}
	if _, err := os.Stat(bookmarks.Path(path)); err != nil {
		t.Error(err)
	}
}
