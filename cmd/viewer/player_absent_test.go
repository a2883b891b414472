// -player naming nothing in the input exits 2 naming the flag and the
// guid (README, "Exit status"): a guid no message of the capture names
// (import, run, run -jobs, diff), and -player given for an input that is
// not a capture.

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/enginetest"
)

func TestPlayer_AbsentGuidExits2(t *testing.T) {
	path, _ := enginetest.CaptureFile(t, "teleport", "t.pcap", capturetest.Config{Format: capturetest.Pcap, Link: capturetest.Ethernet})
	out := filepath.Join(t.TempDir(), "out.jsonl")
	tab := filepath.Join(t.TempDir(), "events.csv")
	const want = "-player 0x12345678: "
	for _, args := range [][]string{
		{"import", path, "-o", out, "-player", "0x12345678"},
		{"import", path, "-o", out, "-events", tab, "-player", "0x12345678"},
		{"run", "-player", "0x12345678", path},
		{"run", "-player", "0x12345678", "-jobs", "1", path, path},
		{"diff", "-player", "0x12345678", path, filepath.Join(t.TempDir(), "never-read.jsonl")},
	} {
		code, stdout, errs := viewer(t, args...)
		if code != 2 || !strings.Contains(errs, want) || !strings.Contains(errs, path) || !strings.Contains(errs, "0x50000001") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming -player, the guid, the capture and its own player", args, code, errs)
		}
		if args[0] == "import" && stdout != "" {
			t.Errorf("%v: printed a summary: %q", args, stdout)
		}
	}
	for _, p := range []string{out, tab} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s written (%v)", p, err)
		}
	}
	// The capture's own player, given, is fine.
	if code, _, errs := viewer(t, "import", path, "-o", out, "-player", "0x50000001"); code != 0 {
		t.Errorf("-player of the capture's player: exit %d: %s", code, errs)
	}
}

func TestPlayer_GivenForARecordingExits2(t *testing.T) {
	input := scenarioFile(t, "sparse-walk")
	for _, args := range [][]string{
		{"run", "-player", "0x50000001", input},
		{"run", "-player", "0x50000001", "-follow", farJump},
		{"diff", "-player", "0x50000001", input, input},
	} {
		code, _, errs := viewer(t, args...)
		if code != 2 || !strings.Contains(errs, "-player 0x50000001: "+args[len(args)-1-boolInt(args[0] == "diff")]+" is not a capture") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
