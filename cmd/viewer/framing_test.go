package main

import (
	"flag"
	"io"
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
		f.apply(&o, c.sel)
		if o.FollowSelection != c.follow || o.ViewportOnly != c.vpOnly {
			t.Errorf("%v with -select %q: follow %v viewport %v, want %v %v", c.args, c.sel, o.FollowSelection, o.ViewportOnly, c.follow, c.vpOnly)
		}
	}
}
