// Tests of import and of run on a capture, called through run() as main
// does: the exit statuses, run on a capture, the pieces of a long one.
// Captures are generated at test time by capturetest; the import's own
// output is tested beside it (internal/importcmd).

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets"
	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/importcmd"
)

// captureFile writes the shipped scenario name as a capture in a
// temporary directory, under the file name given.
func captureFile(t *testing.T, name, file string, cfg capturetest.Config) (string, *recording.Recording) {
	t.Helper()
	rec, err := scenario.CompileAsset(assets.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := capturetest.FromRecording(&buf, rec, cfg); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), file)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, rec
}

func TestImport_NotACaptureExits2(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "notes.pcap")
	os.WriteFile(bad, []byte("these are notes, not packets\n"), 0o644)
	out := filepath.Join(t.TempDir(), "o.jsonl")
	code, _, errs := viewer(t, "import", bad, "-o", out)
	if code != 2 || !strings.Contains(errs, bad) || !strings.Contains(errs, "pcap or pcapng") {
		t.Fatalf("exit %d, stderr %q; want 2 naming the file and what was expected", code, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output written for a bad input")
	}
	code, _, errs = viewer(t, "import", bad)
	if code != 2 || !strings.Contains(errs, "-o") {
		t.Errorf("missing -o: exit %d, %q", code, errs)
	}
	code, _, _ = viewer(t, "import", bad, "-o", out, "-player", "zz")
	if code != 2 {
		t.Errorf("bad -player: exit %d", code)
	}
}

// TestRun_Capture: viewer run opens a capture directly — by extension, and
// by magic number when the name says nothing.
func TestRun_Capture(t *testing.T) {
	t.Setenv("DISPLAY", "")
	path, _ := captureFile(t, "far-blip", "far.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.SLL})
	code, out, errs := viewer(t, "run", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "far.pcap") || !strings.Contains(out, "0x80000") {
		t.Errorf("metrics lack the capture's objects:\n%s", out)
	}
	odd := filepath.Join(t.TempDir(), "far.dump")
	data, _ := os.ReadFile(path)
	os.WriteFile(odd, data, 0o644)
	if code, _, errs := viewer(t, "run", odd); code != 0 {
		t.Fatalf("by magic number: exit %d: %s", code, errs)
	}
}

// TestImport_LongCaptureInPieces: a capture with more events than one
// recording may hold is written as pieces, each a valid recording that
// goes on from where the one before ended; together they hold every event.
func TestImport_LongCaptureInPieces(t *testing.T) {
	defer func(n int) { importcmd.PieceEvents = n }(importcmd.PieceEvents)
	importcmd.PieceEvents = 60
	path, src := captureFile(t, "default", "default.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	out := filepath.Join(t.TempDir(), "default.jsonl.gz")
	code, stdout, errs := viewer(t, "import", path, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "pieces") {
		t.Errorf("summary does not name the pieces:\n%s", stdout)
	}
	want := 0
	for _, ev := range src.Events {
		if ev.Kind == recording.KindPosition {
			want++
		}
	}
	got, pieces := 0, 0
	for n := 1; ; n++ {
		p := importcmd.PiecePath(out, n)
		if _, err := os.Stat(p); err != nil {
			break
		}
		rec, err := recording.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pieces++
		if n > 1 && len(rec.Header.Entities) == 0 {
			t.Errorf("piece %d starts with no objects", n)
		}
		for _, ev := range rec.Events {
			if ev.Kind == recording.KindPosition {
				got++
			}
		}
		if code, _, errs := viewer(t, "run", "-quiet", p); code != 0 {
			t.Errorf("run %s: exit %d: %s", p, code, errs)
		}
	}
	if pieces < 2 || got != want {
		t.Errorf("%d pieces holding %d positions, want several holding %d", pieces, got, want)
	}
}
