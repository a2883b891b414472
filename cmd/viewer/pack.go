//go:build !js

// The pack subcommand: an evidence pack for one moment of an input — the
// shrunk recording that still shows it, the states and events tables of
// that recording, the cause chain, the input messages at the moment, the
// reading and version, a GIF when a display is there, and a README with the
// exact commands that made each file (docs/viewer.md "What-if, shrink and
// evidence packs"). Each file but messages.jsonl, reading.json and
// version.txt is made by running another viewer subcommand in process, with
// the arguments the README lists, so the README's commands remake them byte
// for byte.

package main

import (
	"fmt"
	"io"
	"strings"

	"glidepath/internal/cli"
	"glidepath/internal/packcmd"
	"glidepath/interp"
	"glidepath/ui/launch"
)

const packSynopsis = "viewer pack (-at TICK | -bookmark NAME) [-select GUID] [-reading NAME] [-window N] [-o DIR|FILE.zip] FILE"

func runPack(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("pack", packSynopsis, stderr)
	at := fs.Int("at", -1, "the moment: tick `TICK`")
	mark := fs.String("bookmark", "", "the moment: the input's bookmark labelled `NAME`")
	sel := fs.String("select", "", "the object (`GUID`); default the one whose event is nearest the moment")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	window := fs.Int("window", 30, "look for the event within `N` ticks of the moment, and show N ticks either side of it in the GIF")
	out := fs.String("o", "", "write the pack to the directory `DIR`, or to FILE.zip (default pack-TICK)")
	input, err := parseOne(fs, args, anyInput)
	if err != nil {
		return err
	}
	// -at is checked first: -at -1 is the flag's default, so the test
	// below would read it as no -at at all.
	if cli.IsSet(fs, "at") && *at < 0 {
		return cli.BadInput("pack: -at %d: want a tick of 0 or more", *at)
	}
	if (*at >= 0) == (*mark != "") {
		return cli.BadInput("pack: name the moment with one of -at TICK or -bookmark NAME")
	}
	if *window < 1 || *window > 10000 {
		return cli.BadInput("pack: -window %d: want 1 to 10000 ticks", *window)
	}
	r, err := interp.One(*reading)
	if err != nil {
		return cli.BadInput("pack: -reading: %v", err)
	}
	var guid uint32
	if *sel != "" {
		if guid, err = launch.ParseGUID(*sel); err != nil {
			return cli.BadInput("pack: -select %q: %v", *sel, err)
		}
	}
	return packcmd.Run(input, packcmd.Options{At: *at, Bookmark: *mark, Window: *window, Select: *sel, GUID: guid,
		Reading: r, Out: *out, Display: !launch.NoDisplay(), Run: runSubcommand}, stdout, stderr)
}

// runSubcommand runs the subcommand args[0] with the rest of args, as
// viewer would.
func runSubcommand(args []string, stdout, stderr io.Writer) error {
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdout, stderr)
		}
	}
	return fmt.Errorf("no subcommand %q", args[0])
}
