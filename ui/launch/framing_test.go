package launch

import (
	"bytes"
	"flag"
	"glidepath/ui"
	"glidepath/ui/model"
	"io"
	"strings"
	"testing"
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

// -layout split with one run to show (one input, one reading) says so in
// one line — one view is drawn — instead of being taken in silence; with
// two runs it splits without a word.
func TestFraming_LoneSplitSaysSo(t *testing.T) {
	for _, runs := range []int{1, 2} {
		fs := flag.NewFlagSet("shot", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f := addFraming(fs)
		if err := fs.Parse([]string{"-layout", "split"}); err != nil {
			t.Fatal(err)
		}
		o := ui.Options{Sources: make([]model.Source, runs)}
		var errb bytes.Buffer
		f.apply(&o, "", &errb)
		want := ""
		if runs == 1 {
			want = "viewer: shot: -layout split: side by side needs -compare or several inputs; one view is drawn\n"
		}
		if !o.Split || errb.String() != want {
			t.Errorf("-layout split over %d runs: split %v, stderr %q, want %q", runs, o.Split, errb.String(), want)
		}
	}
}
