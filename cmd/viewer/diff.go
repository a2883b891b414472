//go:build !js

// The diff subcommand: run INPUT under a reading and compare it, tick by
// tick and object by object, with the client's own trace (Client trace v1,
// docs/formats.md); print each object's error and first divergence with
// what retail did there and why. Exit 0 when nothing diverged, 1 when
// something did, 2 on bad input — like diff(1).

package main

import (
	"io"
	"strings"

	"glidepath/engine/clientdiff"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/diffcmd"
	"glidepath/internal/plural"
	"glidepath/internal/tablesroute"
	"glidepath/interp"
)

const diffSynopsis = "viewer diff [-reading R] [-tol METRES] [-json] [-context N] [-strict-objects] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [-states FILE] [-events FILE] [-metrics FILE] [-snappy] [-dat DIR] INPUT CLIENT_TRACE\n       viewer diff -vs [-tol METRES] [-json] [-context N] [-strict-objects] TRACE_A TRACE_B"

func runDiff(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("diff", diffSynopsis, stderr)
	reading := fs.String("reading", interp.DefaultReadingName, "the reading to run: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... ("+strings.Join(interp.ReadingOptionNames(), ", ")+"; docs/readings.md)")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "the largest position error, `METRES`, that is not a divergence")
	asJSON := fs.Bool("json", false, "print the comparison as JSON")
	context := fs.Int("context", 5, "show `N` ticks before each first divergence")
	strict := fs.Bool("strict-objects", false, "count a client object the run never has as a divergence (exit 1); without it such objects are only listed")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	var tabs tablesroute.Options
	tabs.AddFlags(fs)
	var df datFlags
	df.add(fs)
	vs := fs.Bool("vs", false, "compare TRACE_B with TRACE_A (two client traces or Glidepath traces) instead of INPUT's run with CLIENT_TRACE")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 2 && files[0] == "-" && files[1] == "-" {
		return cli.BadInput("diff: - and -: standard input can be read once; give one of the two as a file")
	}
	if *vs {
		if !(*tol >= 0) {
			return cli.BadInput("diff: -tol %v: want a distance of 0 m or more", *tol)
		}
		if *context < 0 || *context > 1000 {
			return cli.BadInput("diff: -context %d: want 0 to 1000 ticks", *context)
		}
		return diffcmd.Versus(fs, files, clientdiff.Options{Tolerance: *tol, Context: *context, StrictObjects: *strict}, *asJSON, stdout)
	}
	world, err := df.open(stderr, true)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		fs.Usage()
		return cli.BadInput("diff: want INPUT (a recording or scenario) and CLIENT_TRACE, got %s", plural.Count(len(files), "file"))
	}
	if !(*tol >= 0) {
		return cli.BadInput("diff: -tol %v: want a distance of 0 m or more", *tol)
	}
	if *context < 0 || *context > 1000 {
		return cli.BadInput("diff: -context %d: want 0 to 1000 ticks", *context)
	}
	rs, err := interp.ReadingChoice{Reading: *reading}.Resolve()
	if err != nil {
		return cli.BadInput("diff: %v", err)
	}
	r := rs[0]
	if err := tabs.Check("diff", cf.Inputs(files)); err != nil {
		return err
	}
	copts, err := cf.Options()
	if err != nil {
		return err
	}
	return diffcmd.Run(files[0], files[1], diffcmd.Options{Reading: r, World: world, Capture: copts, Tables: &tabs,
		Compare: clientdiff.Options{Tolerance: *tol, Context: *context, StrictObjects: *strict}, JSON: *asJSON, Stderr: stderr}, stdout)
}
