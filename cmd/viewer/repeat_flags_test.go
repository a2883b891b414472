// A flag given twice is refused before any work (checkRepeats): the flag
// package would keep the last value and drop the first without a word —
// `viewer compile IN -o a.jsonl -o b.jsonl` wrote b.jsonl only.

package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlags_GivenTwiceIsRefused(t *testing.T) {
	t.Setenv("DISPLAY", "") // no case may open a window
	dir := t.TempDir()
	first, second := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"compile -o after the file", []string{"compile", scenarioFile(t, "jump"), "-o", first, "-o", second}, `compile: -o is given twice ("` + first + `", then "` + second + `")`},
		{"run -ticks, = and space", []string{"run", "-ticks", "5", farJump, "-ticks=6"}, `run: -ticks is given twice ("5", then "6")`},
		{"run -quiet, then -quiet=false", []string{"run", "-quiet", "--quiet=false", farJump}, `run: -quiet is given twice ("", then "false")`},
		{"run -explain bare then with kinds", []string{"run", "-explain", "-explain=blip", farJump}, `run: -explain is given twice ("", then "blip")`},
		{"diff -tol", []string{"diff", "-tol", "1", "-tol", "2", farJump, farJump}, "diff: -tol is given twice"},
		{"the window's -tick", []string{"-tick", "3", "-tick", "4", farJump}, `viewer: -tick is given twice ("3", then "4")`},
		{"shot -size", []string{"shot", "-size", "10x10", "-size", "20x20", farJump}, "shot: -size is given twice"},
		{"whatif -latency", []string{"whatif", "-latency", "10ms", "-latency", "20ms", farJump}, "whatif: -latency is given twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errs := viewer(t, c.args...)
			if code != exitUsage || !strings.Contains(errs, c.want) {
				t.Fatalf("exit %d, want 2 with %q; stderr %s", code, c.want, errs)
			}
			if _, err := os.Stat(first); err == nil {
				t.Fatalf("%s was written", first)
			}
		})
	}
	// The same value given again drops nothing: the run goes on.
	for _, args := range [][]string{
		{"run", "-quiet", "--quiet", "-ticks", "5", farJump},
		{"run", "-quiet", "-ticks", "5", "-ticks=5", farJump},
	} {
		if code, _, errs := viewer(t, args...); code != 0 {
			t.Fatalf("%q: exit %d, want 0; stderr %s", args, code, errs)
		}
	}
	// (repeatable) flags collect every value: the command goes on to the
	// files they name.
	code, _, errs := viewer(t, "run", "-quiet", "-truth-from", filepath.Join(dir, "x.pcap"), "-truth-from", filepath.Join(dir, "y.pcap"), farJump)
	if code == 0 || strings.Contains(errs, "given twice") || !strings.Contains(errs, "x.pcap") {
		t.Fatalf("-truth-from twice: exit %d, stderr %s", code, errs)
	}
}

// checkRepeats reads a flag's value as the flag package does: a value that
// looks like a flag is still the value, and after -- the next argument is
// a file.
func TestFlags_RepeatsReadValuesAsValues(t *testing.T) {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.String("o", "", "")
	fs.Bool("json", false, "")
	for _, c := range []struct {
		args         []string
		interspersed bool
		repeat       bool
	}{
		{[]string{"-o", "-o", "in.yaml"}, true, false},
		{[]string{"-o", "a", "--", "-o", "in.yaml"}, true, false},
		{[]string{"-o", "a", "--", "-o", "in.yaml", "-o", "b"}, true, true},
		{[]string{"-json", "-o", "a", "in.yaml", "-json"}, false, false},
		{[]string{"-json", "-o", "a", "in.yaml", "-json=false"}, true, true},
		{[]string{"-json", "-o", "a", "in.yaml", "-json"}, true, false},
		{[]string{"-json=false", "-json"}, true, true},
	} {
		err := checkRepeats(fs, c.args, c.interspersed)
		if (err != nil) != c.repeat {
			t.Errorf("%q (interspersed %v): %v, want a repeat %v", c.args, c.interspersed, err, c.repeat)
		}
	}
}

// The window and shot end their flags at the first file, as the flag
// package does: a flag after a file is said to be one, not opened as a
// file ("open -tick: no such file or directory").
func TestFlags_AfterTheFilesNamedAsFlags(t *testing.T) {
	t.Setenv("DISPLAY", "")
	for _, args := range [][]string{
		{farJump, "-tick", "5"},
		{"shot", farJump, "--tick=5"},
	} {
		code, _, errs := viewer(t, args...)
		flagArg := args[len(args)-1]
		if args[0] == farJump {
			flagArg = args[1]
		}
		if code != exitUsage || !strings.Contains(errs, flagArg+" comes after the files: give the flags before them") {
			t.Errorf("%q: exit %d, stderr %s", args, code, errs)
		}
	}
}
