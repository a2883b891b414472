// The window commands — the default subcommand, shot and export — live in
// ui/launch; here they are wired to the command line's flag helpers, the
// -dat flag every subcommand shares, and the window.

package main

import (
	"flag"
	"io"
	"os/exec"

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

func runOpen(args []string, stdout, stderr io.Writer) error {
	return wiring().Open(args, stdout, stderr)
}

// parseInterspersed parses flags that may come before or after the
// positional arguments (viewer compile IN.yaml -o OUT.jsonl) and returns the
// positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, args); err != nil {
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
