//go:build !js

// The run subcommand: replay a recording or scenario headless under one
// reading (or several side by side), optionally writing its trace, and print
// each object's glide metrics. It needs no display.

package main

import (
	"io"
	"strings"

	"glidepath/engine/loader"

	"glidepath/internal/batch"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/inputfile"
	"glidepath/internal/runcmd"
	"glidepath/interp"
)

const runSynopsis = "viewer run [-reading NAME | -compare NAME,NAME... [-select GUIDS]] [-ticks N] [-trace FILE] [-states FILE] [-events FILE] [-metrics FILE] [-snappy] [-jobs N] [-explain[=KINDS]] [-explain-kinds KINDS] [-filter EXPR] [-statics] [-json] [-long] [-quiet] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [-follow [-idle D]] [-dat DIR] FILE..."

func runRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runSynopsis, stderr)
	var o runcmd.Options
	var dat datFlags
	fs.StringVar(&o.Reading, "reading", interp.DefaultReadingName, "the reading to run: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... ("+strings.Join(interp.ReadingOptionNames(), ", ")+"; docs/readings.md)")
	fs.StringVar(&o.Compare, "compare", "", "run these readings (comma-separated) side by side and print their metrics together, and per object the first tick they differ with the reading field whose choice made them")
	fs.StringVar(&o.Select, "select", "", "with -compare: list the first difference of these objects only (`GUIDS`, comma-separated)")
	fs.IntVar(&o.Ticks, "ticks", 0, "run ticks 1 to `N` (default: until 2 s after the last event; at most 48 h of ticks)")
	fs.StringVar(&o.Trace, "trace", "", "write the trace (trace v1) to `FILE` (- for standard output)")
	fs.BoolVar(&o.JSON, "json", false, "print the metrics as JSON")
	fs.BoolVar(&o.Long, "long", false, "print the metrics as a table per object, a row per metric (the one table has a row per object)")
	fs.BoolVar(&o.Quiet, "quiet", false, "print no report: no metrics, no -explain cause chains, no bookmarks (outputs named by -trace, -states, -events, -metrics are still written; warnings are still printed)")
	fs.BoolVar(&o.Statics, "statics", false, "list static objects (doors, chests, portals: Recording v1 entity static) in the per-object report and the -states, -events and -metrics tables; held items are never listed")
	o.AddFilterFlags(fs)
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	o.Tables.AddFlags(fs)
	fs.IntVar(&o.Jobs, "jobs", 0, "run several FILEs on `N` workers (default: the number of cores)")
	o.Follow.Add(fs)
	dat.add(fs)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if o.World, err = dat.open(stderr, true); err != nil {
		return err
	}
	if err := o.Tables.Check("run", cf.Inputs(files), cli.Output{Flag: "-trace", Path: o.Trace}); err != nil {
		return err
	}
	if err := o.ParseFilters(fs); err != nil {
		return err
	}
	if o.Long && (o.JSON || o.Quiet) {
		// -long lays out the text report; JSON has no layout and -quiet
		// prints no report: said, not dropped.
		return cli.BadInput("run: -long lays out the text report, which -json and -quiet do not print: give -long or them")
	}
	if !o.Follow.On && cli.IsSet(fs, "idle") {
		// Without -follow the input is read to its end: an -idle would be
		// silently ignored, and the user expects a follow.
		return cli.BadInput("run: -idle works with -follow only")
	}
	if o.Follow.On && (len(files) > 1 || o.Jobs != 0) {
		return cli.BadInput("run: -follow follows one FILE; it cannot be combined with several inputs or -jobs")
	}
	if err := runcmd.ExplainKindsAsFile(&o, files); err != nil {
		return err
	}
	if len(files) > 1 || o.Jobs != 0 {
		if o.Tables.Filter != nil && o.Tables.Events == "" {
			// A batch lists no cause chains: the filter would do nothing.
			return cli.BadInput("run: -filter narrows -events when several FILEs run; give -events FILE")
		}
		if o.Select != "" {
			// Nor the readings' first difference, which -select narrows.
			return cli.BadInput("run: -select %s narrows one input's first difference of the readings, and several FILEs or -jobs run a batch, which lists none: run each input alone", o.Select)
		}
		if o.Explain.On {
			// A batch lists no cause chains: -explain would do nothing.
			return cli.BadInput("run: -explain lists one input's cause chains, and several FILEs or -jobs run a batch, which lists none: run each input alone, or give -events FILE for the events table (its cause column)")
		}
		copts, err := cf.Options()
		if err != nil {
			return err
		}
		printWorldLine(&o, stderr)
		return batch.Run(files, &o, loader.LoadOptions{Capture: copts}, fs, stdout, stderr)
	}
	if len(files) != 1 {
		fs.Usage()
		return cli.BadInput("run: want one FILE (a recording .jsonl[.gz], a scenario .yaml or a capture .pcap/.pcapng), got %d", len(files))
	}
	if o.Ticks < 0 || (o.Ticks == 0 && cli.IsSet(fs, "ticks")) {
		return cli.BadInput("run: -ticks %d: want a positive number of ticks", o.Ticks)
	}
	readings, err := o.Readings(fs)
	if err != nil {
		return err
	}
	if o.Select != "" && len(readings) < 2 {
		return cli.BadInput("run: -select %s lists the first difference of readings: give -compare", o.Select)
	}
	if len(readings) > 1 && o.Trace != "" {
		return cli.BadInput("run: -trace writes one reading's trace; it cannot be combined with -compare")
	}
	copts, err := cf.Options()
	if err != nil {
		return err
	}
	if o.Follow.On && cmdinput.IsStream(files[0]) {
		// A FIFO or standard input is read as it is written already, to
		// its writer's end: there is no file to watch grow or be cut, so
		// no growth to wait -idle for. Said, never silently dropped.
		if cli.IsSet(fs, "idle") {
			return cli.BadInput("run: -idle %v: %s is a stream, read to its writer's end; -idle waits for a file to stop growing: drop -idle, or follow a file", o.Follow.Idle, streamName(files[0]))
		}
		o.Follow.On = false
	}
	printWorldLine(&o, stderr)
	if o.Follow.On {
		return runcmd.Follow(files[0], &o, readings, copts, stdout, stderr)
	}
	return runcmd.Run(files[0], &o, readings, copts, stdout, stderr)
}

// printWorldLine says which world the run is in, once the command line is
// accepted: a usage error prints only the error and the usage.
func printWorldLine(o *runcmd.Options, stderr io.Writer) {
	if !o.JSON && !o.Quiet {
		cmdinput.SayWorld(stderr, o.World)
	}
}

// streamName names a stream input as the user knows it.
func streamName(file string) string {
	if file == inputfile.Stdin {
		return "standard input"
	}
	return file
}
