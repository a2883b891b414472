package ui

import (
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"glidepath/engine/bookmarks"
	"glidepath/ui/camera"
	"glidepath/ui/overlay"
	"glidepath/ui/panel"
	"glidepath/ui/settings"
)

// droppedFS is what Ebitengine hands over for a drop on the desktop: a
// directory of the dropped files whose entries know their real path.
type droppedFS struct{ paths []string }

type droppedEntry struct {
	fs.DirEntry
	abs string
}

func (e droppedEntry) AbsPath() string { return e.abs }

func (d droppedFS) Open(name string) (fs.File, error) { return os.Open(name) }

func (d droppedFS) ReadDir(string) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	for _, p := range d.paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		out = append(out, droppedEntry{fs.FileInfoToDirEntry(fi), p})
	}
	return out, nil
}

// A file dropped on the window replaces the input: new runs, the title and
// status name it, its bookmarks load, the cursor starts over.
func TestOpen_DroppedFileReplacesTheInput(t *testing.T) {
	a := openApp(t, "", nil, 100, 1280, 800)
	path := scenarioCopy(t, "wall.yaml")
	sc, _ := bookmarks.Load(path)
	sc.Bookmarks.Add(42, "push")
	sc.Save()
	a.open.handleDrop(a, droppedFS{[]string{path}})
	if a.opts.File != path || !strings.Contains(a.opts.Title, path) {
		t.Fatalf("file %q, title %q; want the dropped %s", a.opts.File, a.opts.Title, path)
	}
	if got := a.sess.Cur().Info.File; got != path {
		t.Errorf("the session views %q", got)
	}
	if got := a.marks.List(); len(got) != 1 || got[0].Tick != 42 {
		t.Errorf("bookmarks %v, want the dropped file's", got)
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	if a.pb.Cursor() != 0 {
		t.Errorf("cursor at %d after opening", a.pb.Cursor())
	}
	if !strings.Contains(a.bar.statusLine(a), "wall.yaml") {
		t.Errorf("status %q does not name the new input", a.bar.statusLine(a))
	}
	frame(t, a) // draws without trouble
}

// A file that cannot be opened is reported and the input stays.
func TestOpen_BadFileKeepsTheInput(t *testing.T) {
	a := openApp(t, "", nil, 100, 1280, 800)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	os.WriteFile(bad, []byte("{\"format\":\"nope\"}\n"), 0o644)
	sess := a.sess
	a.open.handleDrop(a, droppedFS{[]string{bad}})
	if a.sess != sess || a.opts.File != "" {
		t.Fatal("a bad file replaced the input")
	}
	if !strings.Contains(a.bar.status, "cannot open") || !strings.Contains(a.bar.status, "bad.jsonl") {
		t.Errorf("status %q", a.bar.status)
	}
	a.open.handleDrop(a, droppedFS{[]string{t.TempDir()}})
	if !strings.Contains(a.bar.status, "not a directory") {
		t.Errorf("a dropped directory: status %q", a.bar.status)
	}
}

// The open box: typing, Tab completion to one name or to the common prefix
// of several (listed), Enter opens.
func TestOpen_BoxCompletesAndOpens(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"cliff.yaml", "climb.yaml", "crowd.yaml"} {
		data, _ := os.ReadFile("../assets/scenarios/cliff.yaml")
		os.WriteFile(filepath.Join(dir, n), data, 0o644)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	sep := string(filepath.Separator)
	if got, c := panel.Complete(filepath.Join(dir, "cl")); got != filepath.Join(dir, "cli") || !reflect.DeepEqual(c, []string{"cliff.yaml", "climb.yaml"}) {
		t.Errorf("complete cl: %q %v", got, c)
	}
	if got, _ := panel.Complete(filepath.Join(dir, "cr")); got != filepath.Join(dir, "crowd.yaml") {
		t.Errorf("complete cr: %q", got)
	}
	if got, _ := panel.Complete(filepath.Join(dir, "su")); got != filepath.Join(dir, "sub")+sep {
		t.Errorf("complete su: %q", got)
	}
	if got, c := panel.Complete(filepath.Join(dir, "zz")); got != filepath.Join(dir, "zz") || c != nil {
		t.Errorf("complete zz: %q %v", got, c)
	}

	a := openApp(t, "", nil, 0, 1280, 800)
	a.apply(cmdOpen)
	if !a.open.Active {
		t.Fatal("Shift+O did not open the box")
	}
	a.open.Text = nil
	a.open.typeOpen(a, []rune(filepath.Join(dir, "cr")), false, false, false, false)
	a.open.typeOpen(a, nil, false, true, false, false) // Tab
	a.open.typeOpen(a, nil, false, false, true, false) // Enter
	if a.open.Active || a.opts.File != filepath.Join(dir, "crowd.yaml") {
		t.Fatalf("box %v, file %q", a.open.Active, a.opts.File)
	}
	deadline := time.Now().Add(time.Minute)
	for !a.sess.Poll() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// The view of an input is remembered when another is opened and restored
// when it is opened again: camera, overlays, panels and selection.
func TestRemember_ViewPerInput(t *testing.T) {
	cliff := scenarioCopy(t, "cliff.yaml")
	wall := scenarioCopy(t, "wall.yaml")
	st := filepath.Join(t.TempDir(), "cfg", "viewer.json")
	a := openAppWith(t, cliff, nil, Options{File: cliff, Paused: true, Size: image.Pt(1280, 800), Settings: st, RestoreView: true})
	a.cam.SetMode(camera.Perspective)
	a.cam.Span, a.cam.Yaw = 77, 33
	a.apply(cmdLayer + command(overlay.Trails))
	a.apply(cmdToggleLeft)
	a.sel.GUID = 0x80001201
	want := a.cam
	a.open.openFile(a, wall)
	if a.opts.File != wall {
		t.Fatalf("did not open %s: %s", wall, a.bar.status)
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	a.Update()
	a.open.openFile(a, cliff)
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	a.Update()
	if a.cam.Mode != camera.Perspective || a.cam.Span != want.Span || a.cam.Yaw != want.Yaw || a.cam.Target != want.Target {
		t.Errorf("camera %+v, want %+v", a.cam, want)
	}
	if a.layers.Has(overlay.Trails) || !a.layers.Has(overlay.Queue) {
		t.Errorf("overlays %b: trails should be off, the queue on", a.layers)
	}
	if a.panels.Open.Left || !a.panels.Open.Right || a.sel.GUID != 0x80001201 {
		t.Errorf("panels %+v, selection %#x", a.panels.Open, a.sel.GUID)
	}
	s, err := settings.Load(st)
	if err != nil || s.LastFile != wall && s.LastFile != cliff {
		t.Errorf("settings %+v, %v", s, err)
	}
}
