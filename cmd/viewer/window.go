// The window commands — the default subcommand, shot and export — live in
// ui/launch; here they are wired to the command line's flag helpers, the
// -dat flag every subcommand shares, and the window.

package main

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"runtime/debug"

	"glidepath/internal/cli"
	"glidepath/internal/hugepage"
	"glidepath/ui"
	"glidepath/ui/launch"
)

// runWindow opens the window (ui.Run); the tests of what the flags make of
// the options put a recorder here.
var runWindow = ui.Run

// packCommand makes the window's Shift+P child process (nil: this
// executable); the tests run their own binary's helper.
var packCommand func(args []string) (*exec.Cmd, error)

// wiring is what the window commands take from this package.
func wiring() launch.Wiring {
	return launch.Wiring{
		NewFlagSet:        newFlagSet,
		ParseFlags:        parseFlags,
		ParseInterspersed: parseInterspersed,
		AddDat:            addDat,
		Window:            runWindow,
		PackCommand:       packCommand,
	}
}

// addDat adds the -dat flag to fs.
func addDat(fs *flag.FlagSet) launch.OpenWorld {
	var d datFlags
	d.add(fs)
	return d.open
}

// pictureHeap is how much of the heap the window's, a picture's or an
// export's pre-run grows into memory advised for huge pages
// (hugepage.Heap): a 1000-object, 10-minute crowd's shot holds about
// 450 MiB of Go heap at its frame (docs/benchmarks.md, "The screenshot").
const pictureHeap = 512 << 20

// pictureGC is the collector's percent for the window's, a picture's or
// an export's pre-run where GOGC does not set it: the pre-run's heap is
// mostly what the picture keeps (the log, the history, the index), so
// collecting at twice the default's growth costs little memory (a
// 1000-object crowd's shot peaked 3 MiB higher) and about 5 % of the
// shot's CPU less (docs/benchmarks.md, "The screenshot").
const pictureGC = 200

// pictureMemory readies the heap for a pre-run that keeps most of what it
// allocates: huge pages under it and, unless GOGC says otherwise, fewer
// collections. The memory limit (internal/memguard) still bounds it.
func pictureMemory() {
	hugepage.Heap(pictureHeap)
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(pictureGC)
	}
}

func runOpen(args []string, stdout, stderr io.Writer) error {
	pictureMemory()
	return wiring().Open(args, stdout, stderr)
}

// parseInterspersed parses flags that may come before or after the
// positional arguments (viewer compile IN.yaml -o OUT.jsonl) and returns the
// positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	if err := checkRepeats(fs, args, true); err != nil {
		return nil, err
	}
	var pos []string
	for {
		if err := parseOnce(fs, args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// anyInput is what a subcommand that reads any input wants one of.
const anyInput = "FILE (a recording, a scenario or a capture)"

// parseOne parses args as parseInterspersed does and returns the one
// positional argument the subcommand takes; none or several print the
// usage and are a usage error, "NAME: want one WHAT, got N".
func parseOne(fs *flag.FlagSet, args []string, what string) (string, error) {
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return "", err
	}
	if len(pos) != 1 {
		fs.Usage()
		return "", cli.BadInput("%s: want one %s, got %d", fs.Name(), what, len(pos))
	}
	return pos[0], nil
}
