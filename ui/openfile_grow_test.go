package ui

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// A large file opened from the window opens as the command line opens it:
// openFile returns once the first frame's events are read, the rest is
// read behind the window (the status line says how far), and the
// timeline's length grows to the whole run once it is all read.
func TestOpen_LargeFileShowsItsFirstFrameWhileTheRestIsRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "large.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	// Half an hour of 80 remotes, 69 MB: reading it all takes the
	// background reader far longer than openFile takes to return (a few
	// milliseconds), even on a loaded machine; five minutes (11 MB) were
	// sometimes all read by then.
	if err := recording.Write(path, w, scenario.BenchRecording(80, 30, 0.5, 3)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	fi, _ := os.Stat(path)
	// simsource reads a file under 8 MiB whole before its first frame.
	if fi.Size() <= 8<<20 {
		t.Fatalf("the test's file is %d bytes: too small to be read in part", fi.Size())
	}

	a := openApp(t, "", nil, 0, 1280, 800)
	began := time.Now()
	a.open.openFile(a, path)
	t.Logf("openFile of %d bytes returned after %v", fi.Size(), time.Since(began))
	if a.opts.File != path {
		t.Fatalf("status %q: the file did not open", a.bar.status)
	}
	// Read on the window's loop: a share of the file (1/64, at most
	// 4 MiB), not all of it.
	on, read, size, err := a.sess.Growing()
	if err != nil || !on || read >= size {
		t.Fatalf("after openFile: growing %v, %d of %d bytes read, %v; want the rest read behind the window", on, read, size, err)
	}
	update := func() {
		t.Helper()
		if err := a.Update(); err != nil {
			t.Fatal(err)
		}
	}
	for update(); !a.started; update() {
		time.Sleep(time.Millisecond)
	}
	if n := a.sess.Cur().Src.Info().Objects; a.pb.Cursor() != 0 || n == 0 {
		t.Errorf("first frame: cursor %d, %d objects known; want tick 0 with the crowd", a.pb.Cursor(), n)
	}
	firstLast := a.pb.Last()
	deadline := time.Now().Add(2 * time.Minute)
	for on, _, _, _ = a.sess.Growing(); on; on, _, _, _ = a.sess.Growing() {
		if s := a.bar.statusLine(a); !strings.Contains(s, "reading") {
			t.Fatalf("status %q while reading: want the reading's progress", s)
		}
		if time.Now().After(deadline) {
			t.Fatal("the file was not read within two minutes")
		}
		time.Sleep(5 * time.Millisecond)
		update()
	}
	update()
	if want := a.sess.Cur().Info.LastTick; a.pb.Last() != want || want < 30*60*30 || firstLast >= want {
		t.Errorf("last tick %d at the first frame, %d read whole, the run's %d; want it grown to the whole half hour", firstLast, a.pb.Last(), want)
	}
}
