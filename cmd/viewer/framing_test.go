package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/ui"
)

// windowOptions runs the window's command line with the window replaced by
// a recorder of its options, and stops the reading of the inputs.
func windowOptions(t *testing.T, args ...string) (code int, stderr string, opts ui.Options) {
	t.Helper()
	saved := runWindow
	t.Cleanup(func() { runWindow = saved })
	runWindow = func(o ui.Options) error {
		opts = o
		for _, src := range o.Sources {
			if s, ok := src.(interface{ StopReading() }); ok {
				s.StopReading()
			}
		}
		return nil
	}
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	code, _, stderr = viewerCmd(args...)
	return code, stderr, opts
}

// In the window, -select alone turns the follow camera on (-track=false
// keeps it off), and viewer -follow -select G FILE works: on a scenario,
// which cannot grow, -follow is read as the camera with a notice; on a
// recording being written whose object is not written yet, the object is
// selected when it appears instead of exit status 2.
func TestOpen_SelectTracksAndFollowSelectWorks(t *testing.T) {
	runner := "../../assets/scenarios/runner.yaml"
	code, errs, o := windowOptions(t, "-select", "0x80000C01", runner)
	if code != 0 || !o.FollowSelection || o.Select != 0x80000C01 {
		t.Errorf("-select alone: exit %d (%s), follow camera %v, select %#x", code, errs, o.FollowSelection, o.Select)
	}
	if code, errs, o = windowOptions(t, "-select", "0x80000C01", "-track=false", runner); code != 0 || o.FollowSelection {
		t.Errorf("-track=false: exit %d (%s), follow camera %v", code, errs, o.FollowSelection)
	}
	if code, errs, o = windowOptions(t, "-track", runner); code != 0 || !o.FollowSelection {
		t.Errorf("-track: exit %d (%s), follow camera %v", code, errs, o.FollowSelection)
	}
	code, errs, o = windowOptions(t, "-follow", "-select", "0x80000C01", runner)
	if code != 0 || !o.FollowSelection || o.Follow || !strings.Contains(errs, "as -track does") {
		t.Errorf("-follow -select on a scenario: exit %d, follow camera %v, file follow %v, stderr %q", code, o.FollowSelection, o.Follow, errs)
	}
	// Without -select, -follow on a scenario is still refused.
	if code, errs, _ = windowOptions(t, "-follow", runner); code != 2 || !strings.Contains(errs, "follow reads a recording") {
		t.Errorf("-follow on a scenario: exit %d, %q", code, errs)
	}

	// A recording being written: only its header so far.
	growing := filepath.Join(t.TempDir(), "live.jsonl")
	head := `{"format":"glidepath-recording","version":1,"tick_rate":30,"entities":[{"guid":"0x80000A01","position":{"cell":"0xA9B40014","origin":[60,90,0]}}]}` + "\n"
	if err := os.WriteFile(growing, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	code, errs, o = windowOptions(t, "-follow", "-select", "0x80000A07", growing)
	if code != 0 || !o.Follow || !o.FollowSelection || o.Select != 0x80000A07 || !strings.Contains(errs, "selected when it appears") {
		t.Errorf("-follow -select of an object not written yet: exit %d, follow %v, camera %v, select %#x, stderr %q", code, o.Follow, o.FollowSelection, o.Select, errs)
	}
	if code, errs, o = windowOptions(t, "-follow", "-select", "0x80000A01", growing); code != 0 || !o.Follow || !o.FollowSelection {
		t.Errorf("-follow -select: exit %d (%s), follow %v, camera %v", code, errs, o.Follow, o.FollowSelection)
	}
}
