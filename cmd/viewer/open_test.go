// Tests of the viewer's own subcommands (open, shot): bad input is an error
// on stderr and exit status 2 before any window opens, so these need no
// display; shot_test.go runs shot end to end under a display.

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// viewerCmd runs the command line args through run, as main does.
func viewerCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestOpenAndShot_BadInputExitsTwoBeforeAnyWindow(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"format\":\"glidepath-recording\",\"version\":1}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badYAML := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badYAML, []byte("duration: -3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.jsonl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{missing}, "missing.jsonl"},
		{[]string{bad}, "bad.jsonl"},
		{[]string{badYAML}, "bad.yaml"},
		{[]string{"-reading", "nope"}, "nope"},
		{[]string{"-compare", "seed,seed"}, "twice"},
		{[]string{"-tick", "-1"}, "-tick -1"},
		{[]string{"-tick", "99999999"}, "-tick 99999999"},
		{[]string{"-camera", "fisheye"}, "fisheye"},
		{[]string{"-select", "walker"}, "-select"},
		{[]string{"-select", "0x80009999"}, "-select 0x80009999: the built-in scenario has no object with this guid"},
		{[]string{"shot", "-select", "0x80000A01", "../../assets/scenarios/runner.yaml"}, "-select 0x80000A01: ../../assets/scenarios/runner.yaml has no object with this guid"},
		// Several inputs: each is read and checked before any window.
		{[]string{"../../assets/scenarios/runner.yaml", missing}, "missing.jsonl"},
		{[]string{"shot", "../../assets/scenarios/runner.yaml", badYAML}, "bad.yaml"},
		{[]string{"-follow", "../../assets/scenarios/runner.yaml", "../../assets/scenarios/cliff.yaml"}, "-follow follows one FILE, got 2"},
		{[]string{"-against", bad, "../../assets/scenarios/runner.yaml", "../../assets/scenarios/cliff.yaml"}, "-against compares one INPUT"},
		{[]string{"-tick", "99999", "../../assets/scenarios/runner.yaml", "../../assets/scenarios/cliff.yaml"}, "-tick 99999: the run has ticks 0 to 1260"}, // the longer input,
		{[]string{"-nosuchflag"}, "nosuchflag"},
		{[]string{"shot", missing}, "missing.jsonl"},
		{[]string{"shot", "-size", "10x10"}, "-size"},
		{[]string{"shot", "-size", "wide"}, "-size"},
		{[]string{"shot", "-o", filepath.Join(dir, "x.jpg")}, ".png"},
		{[]string{"shot", "-tick", "-5"}, "-tick -5"},
		{[]string{"shot", "-reading", "nope"}, "nope"},
	} {
		code, _, stderr := viewerCmd(c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || !strings.HasPrefix(stderr, "viewer: ") && !strings.Contains(stderr, "usage") {
			t.Errorf("viewer %q: exit %d, stderr %q; want 2 and a message mentioning %q", c.args, code, stderr, c.want)
		}
	}
}

func TestOpenAndShot_Help(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"shot", "-h"}} {
		code, _, stderr := viewerCmd(args...)
		if code != exitOK || !strings.Contains(stderr, "usage:") {
			t.Errorf("viewer %q: exit %d, stderr %q", args, code, stderr)
		}
	}
	_, _, stderr := viewerCmd("shot", "-h")
	for _, flag := range []string{"-tick", "-o", "-size", "-reading", "-compare", "-select"} {
		if !strings.Contains(stderr, flag) {
			t.Errorf("shot usage lacks %s:\n%s", flag, stderr)
		}
	}
}
