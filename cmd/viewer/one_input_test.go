// The subcommands that take one positional argument read it through one
// parseOne: none or several print the usage and exit 2 naming what the
// subcommand wants and how many it got.

package main

import (
	"flag"
	"io"
	"strings"
	"testing"
)

func TestSubcommands_WantOnePositional(t *testing.T) {
	t.Setenv("DISPLAY", "") // no case may open a window
	for _, c := range []struct{ name, want string }{
		{"compile", "SCENARIO.yaml"},
		{"dat", "DIR"},
		{"import", "CAPTURE (.pcap, .pcapng or datagram JSONL)"},
		{"pack", "FILE (a recording, a scenario or a capture)"},
		{"shrink", "FILE (a recording, a scenario or a capture)"},
		{"whatif", "FILE (a recording, a scenario or a capture)"},
	} {
		for _, args := range [][]string{{c.name}, {c.name, "a.jsonl", "b.jsonl"}} {
			code, _, errs := viewer(t, args...)
			want := c.name + ": want one " + c.want + ", got " + map[int]string{1: "0", 3: "2"}[len(args)] + "\n"
			if code != exitUsage || !strings.Contains(errs, want) || !strings.HasPrefix(errs, "usage: viewer "+c.name) {
				t.Errorf("%q: exit %d, want 2 with the usage and %q; stderr %s", args, code, want, errs)
			}
		}
	}
}

func TestParseOne_FlagsOnEitherSide(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	n := fs.Int("n", 0, "")
	q := fs.Bool("q", false, "")
	got, err := parseOne(fs, []string{"-q", "in.jsonl", "-n", "3"}, "FILE")
	if err != nil || got != "in.jsonl" || *n != 3 || !*q {
		t.Fatalf("parseOne = %q, %v; -n %d -q %v, want in.jsonl, nil, 3, true", got, err, *n, *q)
	}
}
