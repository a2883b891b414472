package ui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
	"glidepath/ui/panel"
)

// scenarioCopy copies a shipped scenario into a fresh directory, where its
// sidecar can be written.
func scenarioCopy(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../assets/scenarios/" + name)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func openFile(t *testing.T, path string, tick int) *app {
	t.Helper()
	return openAppWith(t, path, nil, Options{File: path, Camera: camera.Isometric, Tick: tick, Paused: true, Size: image.Pt(1280, 800)})
}

// L opens the label box, what is typed becomes the label, Enter keeps it
// and saves the sidecar; Page Up / Page Down jump between the marks; the
// marks come back when the file is opened again; the timeline shows them.
func TestBookmarks_MarkLabelJumpAndRoundTrip(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	a := openFile(t, path, 100)
	a.apply(cmdBookmark)
	if !a.marks.Editing {
		t.Fatal("L did not open the label box")
	}
	a.marks.typeLabel(a, []rune("stall herex"), false, false, false)
	a.marks.typeLabel(a, nil, true, false, false) // Backspace
	a.marks.typeLabel(a, nil, false, true, false) // Enter
	if a.marks.Editing {
		t.Fatal("Enter did not close the label box")
	}
	a.pb.Seek(300)
	a.apply(cmdBookmark)
	a.marks.typeLabel(a, []rune("dropped"), false, false, true) // Esc: nothing kept
	a.apply(cmdBookmark)
	a.marks.typeLabel(a, []rune("second"), false, true, false)

	sc, err := bookmarks.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []bookmarks.Bookmark{{Tick: 100, Label: "stall here"}, {Tick: 300, Label: "second"}}
	if got := sc.Bookmarks.List(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("sidecar holds %v, want %v", got, want)
	}

	a.pb.Seek(0)
	for _, step := range []struct {
		cmd  command
		want int
	}{{cmdNextBookmark, 100}, {cmdNextBookmark, 300}, {cmdNextBookmark, 300}, {cmdPrevBookmark, 100}, {cmdPrevBookmark, 100}} {
		a.apply(step.cmd)
		if a.pb.Cursor() != step.want {
			t.Fatalf("after %v the cursor is at %d, want %d", step.cmd, a.pb.Cursor(), step.want)
		}
	}

	b := openFile(t, path, 0)
	if got := b.marks.List(); len(got) != 2 || got[1] != want[1] {
		t.Fatalf("reopened: %v, want %v", got, want)
	}
	px := frame(t, b)
	x := int(b.tl.View.XOf(300)) + 3
	y := b.lay.Timeline.Min.Y + 3
	if c := px.RGBAAt(x, y); c != panel.BookmarkColor {
		t.Errorf("the timeline at (%d, %d) is %v, want the bookmark flag %v", x, y, c, panel.BookmarkColor)
	}

	b.pb.Seek(300)
	b.apply(cmdUnbookmark)
	sc, _ = bookmarks.Load(path)
	if got := sc.Bookmarks.List(); len(got) != 1 || got[0].Tick != 100 {
		t.Errorf("after Shift+L at 300 the sidecar holds %v", got)
	}
}

// A sidecar that cannot be read turns the bookmarks off with a message
// naming it, and no key writes over it.
func TestBookmarks_UnreadableSidecarIsLeftAlone(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	body := "{\"version\": 1, \"bookmarks\": [{\"tick\": \"x\"}]}"
	os.WriteFile(bookmarks.Path(path), []byte(body), 0o644)
	a := openFile(t, path, 100)
	if !strings.Contains(a.bar.status, "bookmarks off") || !strings.Contains(a.bar.status, bookmarks.Path(path)) {
		t.Errorf("status %q does not say why the bookmarks are off", a.bar.status)
	}
	a.apply(cmdBookmark)
	if a.marks.Editing {
		t.Error("the label box opened without a readable sidecar")
	}
	a.apply(cmdUnbookmark)
	a.apply(cmdNextBookmark)
	if got, _ := os.ReadFile(bookmarks.Path(path)); string(got) != body {
		t.Errorf("the sidecar changed: %s", got)
	}
}

// The built-in scenario has no file to keep a sidecar beside.
func TestBookmarks_BuiltInScenarioHasNone(t *testing.T) {
	a := openApp(t, "", nil, 10, 1280, 800)
	a.apply(cmdBookmark)
	if a.marks.Editing || !strings.Contains(a.bar.status, "need an input file") {
		t.Errorf("editing %v, status %q", a.marks.Editing, a.bar.status)
	}
}

// E asks for the range between the bookmarks around the cursor, with the
// camera and the selection, and shows the answer in the status line.
func TestBookmarks_ExportBetweenMarks(t *testing.T) {
	path := scenarioCopy(t, "cliff.yaml")
	sc, _ := bookmarks.Load(path)
	sc.Bookmarks.Add(120, "a")
	sc.Bookmarks.Add(200, "b")
	sc.Save()
	got := make(chan ExportRequest, 1)
	a := openAppWith(t, path, nil, Options{File: path, Camera: camera.TopDown, Tick: 150, Paused: true, Select: 0x80001201, Size: image.Pt(1280, 800),
		ExportRange: func(r ExportRequest) string { got <- r; return "exported it" }})
	a.apply(cmdExportMarks)
	r := <-got
	if r != (ExportRequest{File: path, From: 120, To: 200, Camera: camera.TopDown, Select: 0x80001201}) {
		t.Errorf("request %+v", r)
	}
	for i := 0; i < 100 && !strings.Contains(a.bar.status, "exported it"); i++ {
		a.marks.pollExports(a)
	}
	if !strings.Contains(a.bar.status, "exported it") {
		t.Errorf("status %q lacks the export's message", a.bar.status)
	}
	a.pb.Seek(250)
	a.apply(cmdExportMarks)
	if !strings.Contains(a.bar.status, "between two bookmarks") {
		t.Errorf("past the last mark: status %q", a.bar.status)
	}
}
