package ui

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"glidepath/assets"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/ui/camera"
	"glidepath/ui/model"
	"glidepath/ui/session"
	"glidepath/ui/simsource"
)

// A large input opens at its first frame while the rest is read: the
// timeline's length grows with what is read, playing into the part not yet
// read waits there ("reading…") instead of stopping or showing a state
// computed without its events, and a problem in the tail is reported in
// the status line with its file and line while the window goes on showing
// what was read.
func TestGrow_OpensBeforeTheInputIsReadAndWaitsPastIt(t *testing.T) {
	var buf bytes.Buffer
	if err := recording.Write("crowd.jsonl", &buf, scenario.BenchRecording(6, 1, 0.5, 2)); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	lines := bytes.SplitAfter(data, []byte("\n"))
	part := bytes.Join(lines[:len(lines)/3], nil)
	path := filepath.Join(t.TempDir(), "crowd.jsonl")
	if err := os.WriteFile(path, part, 0o644); err != nil {
		t.Fatal(err)
	}
	// The reading waits at the end of what is written, as a slow read of
	// a large file would, until the test writes the rest.
	a, _ := followedApp(t, path)
	update := func() {
		t.Helper()
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	for update(); !a.started; update() {
		time.Sleep(time.Millisecond)
	}
	// Wait for the part written to be read, for an update to bring the
	// runs' length up to it (the reading can go idle between an update's
	// poll and the next), and for it to be pre-run.
	for !session.FollowIdle(a.sess.Runs[0].Src, path) {
		time.Sleep(time.Millisecond)
		update()
	}
	update()
	for a.sess.Frontier < a.pb.Last() {
		time.Sleep(time.Millisecond)
		update()
	}
	partLast := a.pb.Last()
	if partLast <= 0 || partLast >= 60*30 {
		t.Fatalf("last tick %d with a third of a minute's file read", partLast)
	}
	if s := a.bar.statusLine(a); !strings.Contains(s, "reading") {
		t.Errorf("status %q: want the reading's progress", s)
	}

	// Play into the end of what is read: playback waits there.
	a.pb.Seek(partLast - 2)
	a.pb.SetPlaying(true)
	for range 10 {
		a.pb.Advance(1)
		update()
	}
	if a.pb.Cursor() != partLast || !a.pb.Playing() || !strings.Contains(a.bar.statusLine(a), "reading…") {
		t.Errorf("cursor %d of %d, playing %v, status %q: want playback waiting at what is read", a.pb.Cursor(), partLast, a.pb.Playing(), a.bar.statusLine(a))
	}
	if snap := a.sess.Cur().Snap; snap.Tick != partLast {
		t.Errorf("snapshot at tick %d, cursor at %d", snap.Tick, partLast)
	}

	// The rest arrives, with a bad last line: the runs grow to it and the
	// problem is reported with its file and line, not crashed on.
	rest := bytes.Join(lines[len(lines)/3:], nil)
	bad := `{"t":61,"type":"position","guid":"0x7FFFFFFF"}` + "\n"
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(rest)
	f.WriteString(bad)
	f.Close()
	badLine := strings.Count(string(data), "\n") + 1
	want := path + ":" + strconv.Itoa(badLine) + ":"
	for i := 0; !strings.Contains(a.bar.statusLine(a), want); i++ {
		if i > 10000 {
			t.Fatalf("status %q: want the bad line %s reported", a.bar.statusLine(a), want)
		}
		time.Sleep(time.Millisecond)
		update()
	}
	if err := a.sess.Wait(); err != nil {
		t.Fatal(err)
	}
	update()
	if a.pb.Last() <= partLast {
		t.Errorf("last tick %d after the rest was read, was %d", a.pb.Last(), partLast)
	}
	s := a.bar.statusLine(a)
	if !strings.Contains(s, "reading stopped at "+want) {
		t.Errorf("status %q: want %q", s, "reading stopped at "+want)
	}
}

// sourcesOf is runs as the viewer's sources.
// followedApp is the window, paused, on the file at path read as it grows
// into st (simsource.GrowEvents with Follow), laid out at 1280×800; its
// session closes when the test ends.
func followedApp(t *testing.T, path string) (*app, *engine.EventStore) {
	t.Helper()
	st, err := simsource.GrowEvents(simsource.Spec{Path: path, Assets: assets.FS(), Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	runs, err := simsource.NewFromStore(st, path, nil, assets.FS())
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(Options{Sources: sourcesOf(runs), File: path, Camera: camera.TopDown, Paused: true, Size: image.Pt(1280, 800)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.sess.Close() })
	a.Layout(1280, 800)
	return a, st
}

func sourcesOf(runs []*simsource.Source) []model.Source {
	out := make([]model.Source, len(runs))
	for i, r := range runs {
		out[i] = r
	}
	return out
}
