package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/ui"
)

// -follow is on with -select unless turned off, off without it unless
// asked for; -viewport is passed through.
func TestFraming_FollowDefaultsOnWithSelect(t *testing.T) {
	for _, c := range []struct {
		args           []string
		sel            string
		follow, vpOnly bool
	}{
		{nil, "", false, false},
		{nil, "0x80000E01", true, false},
		{[]string{"-follow=false"}, "0x80000E01", false, false},
		{[]string{"-follow"}, "", true, false},
		{[]string{"-viewport"}, "", false, true},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := addFraming(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		var o ui.Options
		f.apply(&o, c.sel, io.Discard)
		if o.FollowSelection != c.follow || o.ViewportOnly != c.vpOnly {
			t.Errorf("%v with -select %q: follow %v viewport %v, want %v %v", c.args, c.sel, o.FollowSelection, o.ViewportOnly, c.follow, c.vpOnly)
		}
	}
}

// -track is the follow camera's own name on shot and export (issue 37 item
// 2: -follow means following a growing file on viewer and viewer run); it
// overrides -follow, and -follow still works with a one-line notice naming
// -track.
func TestFraming_TrackIsTheCameraAndFollowSaysSo(t *testing.T) {
	for _, c := range []struct {
		args   []string
		sel    string
		follow bool
		notice bool
	}{
		{[]string{"-track"}, "", true, false},
		{[]string{"-track=false"}, "0x80000E01", false, false},
		{nil, "0x80000E01", true, false},
		{[]string{"-follow"}, "", true, true},
		{[]string{"-follow=false"}, "0x80000E01", false, true},
		{[]string{"-follow=false", "-track"}, "0x80000E01", true, true},
	} {
		fs := flag.NewFlagSet("shot", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := addFraming(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		var o ui.Options
		var errb bytes.Buffer
		f.apply(&o, c.sel, &errb)
		if o.FollowSelection != c.follow {
			t.Errorf("%v with -select %q: follow camera %v, want %v", c.args, c.sel, o.FollowSelection, c.follow)
		}
		notice := errb.String()
		if c.notice != (notice != "") || c.notice && (!strings.Contains(notice, "-track") || strings.Count(notice, "\n") != 1) {
			t.Errorf("%v: notice %q, want one line naming -track: %v", c.args, notice, c.notice)
		}
	}
}

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
