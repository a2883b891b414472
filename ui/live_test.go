package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"

	"glidepath/engine"
	"glidepath/ui/camera"
	"glidepath/ui/session"
)

// settle waits for the pre-run of the runs just swapped in and starts them.
func settle(t *testing.T, a *app) {
	t.Helper()
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	if err := a.Update(); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(s)
	f.Close()
}

// viewer -follow: the window follows the file as it grows, the cursor at
// the live edge; a torn last line waits; scrubbing back leaves the cursor
// where the user put it, End returns to live; a truncated file stops the
// follow with a message.
func TestLive_FollowsAGrowingRecording(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	half := len(lines) / 2
	os.WriteFile(path, []byte(strings.Join(lines[:half], "")), 0o644)
	a := openAppWith(t, path, nil, Options{File: path, Follow: true, Paused: true, Camera: camera.TopDown, Size: image.Pt(1280, 800)})
	a.apply(cmdLast)
	first := a.pb.Last()
	a.cam.Span = 77 // the user's zoom, to be kept

	torn := lines[half]
	events := session.StoreOf(a.sess.Runs[0].Src).(*engine.EventStore).Len()
	appendFile(t, path, torn[:len(torn)/2])
	a.pollLive(true)
	settle(t, a)
	if n := session.StoreOf(a.sess.Runs[0].Src).(*engine.EventStore).Len(); a.pb.Last() != first || n != events {
		t.Fatalf("a torn line was read: last tick %d (was %d), %d events (was %d)", a.pb.Last(), first, n, events)
	}
	appendFile(t, path, torn[len(torn)/2:]+strings.Join(lines[half+1:], ""))
	a.pollLive(true)
	settle(t, a)
	if a.pb.Last() <= first {
		t.Fatalf("last tick %d after the file grew, was %d", a.pb.Last(), first)
	}
	if a.pb.Cursor() != a.pb.Last() || !strings.Contains(a.bar.statusLine(a), "● live") {
		t.Errorf("cursor %d of %d, status %q: want the live edge", a.pb.Cursor(), a.pb.Last(), a.bar.statusLine(a))
	}
	if a.cam.Span != 77 {
		t.Errorf("the reload reframed the camera (span %v)", a.cam.Span)
	}

	a.pb.Seek(10) // the user scrubs back
	a.pollLive(false)
	appendFile(t, path, `{"t":9,"type":"note","text":"later"}`+"\n")
	a.pollLive(true)
	settle(t, a)
	if a.pb.Cursor() != 10 || !strings.Contains(a.bar.statusLine(a), "behind the live edge") {
		t.Errorf("cursor %d, status %q: want it left at 10", a.pb.Cursor(), a.bar.statusLine(a))
	}
	a.apply(cmdLast)
	if !a.pb.AtEdge() || a.pb.Cursor() != a.pb.Last() {
		t.Error("End did not return to the live edge")
	}

	os.Truncate(path, 10)
	a.pollLive(true)
	if a.pb.Following() || !strings.Contains(a.bar.status, "truncated") {
		t.Errorf("following %v, status %q: want the truncation reported", a.pb.Following(), a.bar.status)
	}
}

// A followed file rotated — renamed away, then its successor created at
// the path — is said to be replaced, not gone, though a look between the
// two finds no file.
func TestLive_RotatedIsReplacedNotGone(t *testing.T) {
	a, path, data := followingWhole(t)
	os.Rename(path, path+".1")
	a.pollLive(true)
	if !a.pb.Following() {
		t.Fatalf("stopped following between the rename and the new file: %q", a.bar.status)
	}
	os.WriteFile(path, data, 0o644)
	a.pollLive(true)
	if a.pb.Following() || !strings.Contains(a.bar.status, "replaced") {
		t.Errorf("following %v, status %q: want the rotation reported as a replaced file", a.pb.Following(), a.bar.status)
	}
}

// With -follow the top bar has a Live button that returns to the live edge.
func TestLive_ButtonReturnsToTheLiveEdge(t *testing.T) {
	a, _, _ := followingWhole(t)
	if a.gui.live == nil {
		t.Fatal("no Live button while following")
	}
	a.pb.Seek(5)
	a.pollLive(false)
	a.gui.live.Click()
	event.ExecuteDeferred() // ebitenui delivers clicks on its next update
	// The queued click; no keys.
	for _, c := range a.in.commands(false) {
		a.apply(c)
	}
	if !a.pb.AtEdge() || a.pb.Cursor() != a.pb.Last() {
		t.Errorf("cursor %d of %d, live %v after the Live button", a.pb.Cursor(), a.pb.Last(), a.pb.AtEdge())
	}
	b := openApp(t, "", nil, 0, 1280, 800)
	if b.gui.live != nil {
		t.Error("a Live button without -follow")
	}
}

// Following appends what is written to the runs' event store: the file is
// never read again, the runs and their store stay the same objects, and
// the records already made are kept and extended.
func TestLive_AppendsWithoutRereading(t *testing.T) {
	data, err := os.ReadFile("../engine/testdata/create_delete.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	path := filepath.Join(t.TempDir(), "live.jsonl")
	third := len(lines) / 3
	os.WriteFile(path, []byte(strings.Join(lines[:third], "")), 0o644)
	a := openAppWith(t, path, nil, Options{File: path, Follow: true, Paused: true, Size: image.Pt(1280, 800)})
	run, src := a.sess.Runs[0], a.sess.Runs[0].Src
	st := session.StoreOf(src).(*engine.EventStore)
	before, last := st.Len(), a.pb.Last()
	readBefore, _ := st.Progress()
	if readBefore != int64(len(strings.Join(lines[:third], ""))) {
		t.Fatalf("read %d bytes of %d", readBefore, len(strings.Join(lines[:third], "")))
	}
	appendFile(t, path, strings.Join(lines[third:], ""))
	a.pollLive(true)
	settle(t, a)
	if a.sess.Runs[0] != run || a.sess.Runs[0].Src != src || session.StoreOf(a.sess.Runs[0].Src) != st {
		t.Fatal("the runs were replaced: the file was read again")
	}
	read, _ := st.Progress()
	if read != int64(len(data)) {
		t.Errorf("read %d bytes in all, want the file's %d once", read, len(data))
	}
	if st.Len() <= before || a.pb.Last() <= last {
		t.Errorf("events %d → %d, last tick %d → %d: want both to grow", before, st.Len(), last, a.pb.Last())
	}
	// The grown run is the whole file's: its records reach the live edge
	// and hold the objects the appended lines created.
	if a.pb.Cursor() != a.pb.Last() || run.Info.Objects < 2 {
		t.Errorf("cursor %d of %d, %d objects", a.pb.Cursor(), a.pb.Last(), run.Info.Objects)
	}
}

// followingWhole opens the window following a file that holds the whole of
// far_jump.jsonl (-follow), paused; it returns the file's path and bytes.
func followingWhole(t *testing.T) (a *app, path string, data []byte) {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/far_jump.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "live.jsonl")
	os.WriteFile(path, data, 0o644)
	return openAppWith(t, path, nil, Options{File: path, Follow: true, Paused: true, Size: image.Pt(1280, 800)}), path, data
}
