// Tests of import and of run on a capture, called through run() as main
// does: the exit statuses and run on a capture. Captures are generated at
// test time by capturetest; the import's own output, a long capture's
// pieces included, is tested beside it (internal/importcmd).

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
)

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
	path, _ := enginetest.CaptureFile(t, "far-blip", "far.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.SLL})
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

// A capture that holds no AC packet — none on an AC server port, or no
// frame at all — imports to nothing: exit 2 saying so, and no recording or
// table is written (an empty recording read as a session where nothing
// moved, and the warning asked for -player). A run of it says the same
// in its warning.
func TestImport_NoACPacketsIsBadInput(t *testing.T) {
	dir := t.TempDir()
	pcap, _ := enginetest.CaptureFile(t, "teleport", "teleport.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	bare := filepath.Join(dir, "bare.pcap")
	data, err := os.ReadFile(pcap)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bare, data[:24], 0o644); err != nil { // the pcap file header alone
		t.Fatal(err)
	}
	out, events := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "events.csv")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"server on another port", []string{"import", pcap, "-server-port", "8000", "-o", out, "-events", events}, "teleport.pcap: no AC packets: "},
		{"no frame", []string{"import", bare, "-o", out}, "bare.pcap: no AC packets: 0 frames, 0 UDP datagrams"},
	} {
		code, _, errs := viewer(t, c.args...)
		if code != exitUsage || !strings.Contains(errs, c.want) || !strings.Contains(errs, "nothing to import") || strings.Contains(errs, "-player 0xGUID") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 with %q", c.name, code, errs, c.want)
		}
		for _, p := range []string{out, events} {
			if _, err := os.Stat(p); !os.IsNotExist(err) {
				t.Errorf("%s: %s: %v, want no file", c.name, p, err)
			}
		}
	}
	code, _, errs := viewer(t, "run", "-quiet", "-server-port", "8000", pcap)
	if code != 0 || !strings.Contains(errs, "WARNING: "+pcap+": no AC packets: ") || strings.Contains(errs, "-player 0xGUID") {
		t.Errorf("run: exit %d, stderr %q; want the no-AC-packets warning, not -player's", code, errs)
	}
}
