//go:build !js

// The shrink subcommand: delta debugging over an input's events down to the
// smallest recording that still shows a condition (engine/shrink), written
// atomically as a Recording v1.

package main

import (
	"io"
	"os"
	"strings"

	"glidepath/engine/clientdiff"
	"glidepath/engine/filter"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/shrinkcmd"
	"glidepath/interp"
)

const shrinkSynopsis = "viewer shrink (-keep EXPR | -keep-divergence CLIENT_TRACE [-tol METRES]) -o SMALL.jsonl [-reading NAME] [-jobs N] [-server-port N] [-player GUID] [-truth-from CAPTURE]... FILE"

func runShrink(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("shrink", shrinkSynopsis, stderr)
	keepSrc := fs.String("keep", "", "the condition to keep, in the filter grammar (docs/viewer.md \"Filters\"), matched against the run's pipeline events: `EXPR` such as 'blip guid=0x80000A01 tick~30'")
	keepDiv := fs.String("keep-divergence", "", "keep instead the first divergence of the client trace `CLIENT_TRACE` from retail (viewer diff): the same object at the same tick")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "with -keep-divergence: the largest position error, `METRES`, that is not a divergence")
	out := fs.String("o", "", "write the smallest recording found to `FILE` (Recording v1; gzip when it ends in .gz)")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading every trial runs under: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION...")
	jobs := fs.Int("jobs", 1, "run `N` trials at once (the result is the same for any N)")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	file, err := parseOne(fs, args, anyInput)
	if err != nil {
		return err
	}
	if (strings.TrimSpace(*keepSrc) == "") == (*keepDiv == "") {
		return cli.BadInput("shrink: name the condition the smaller recording must still show: one of -keep EXPR or -keep-divergence CLIENT_TRACE")
	}
	var expr *filter.Expr
	if *keepDiv == "" {
		if expr, err = filter.Parse(*keepSrc, filter.Kinds()); err != nil {
			return cli.BadInput("shrink: -keep: %v", err)
		}
	} else if _, err := os.Stat(*keepDiv); err != nil {
		return cli.BadInput("shrink: -keep-divergence %s: %v", *keepDiv, cli.UnwrapPath(err))
	}
	if !(*tol >= 0) {
		return cli.BadInput("shrink: -tol %v: want 0 or more metres", *tol)
	}
	if *out == "" {
		return cli.BadInput("shrink: -o FILE is needed: where the smaller recording goes")
	}
	if !strings.HasSuffix(*out, ".jsonl") && !strings.HasSuffix(*out, ".jsonl.gz") {
		return cli.BadInput("shrink: -o %s: want a recording name ending in .jsonl or .jsonl.gz", *out)
	}
	// A directory, a loop of links, the input itself, the client trace of
	// -keep-divergence or a -truth-from capture is refused before any
	// trial (cli.CheckOutputs), not when the result is written.
	inputs := cf.Inputs([]string{file})
	if *keepDiv != "" {
		inputs = append(inputs, *keepDiv)
	}
	if err := cli.CheckOutputs("shrink", inputs, cli.Output{Flag: "-o", Path: *out}); err != nil {
		return err
	}
	if *jobs < 1 || *jobs > 256 {
		return cli.BadInput("shrink: -jobs %d: want 1 to 256", *jobs)
	}
	r, err := interp.One(*reading)
	if err != nil {
		return cli.BadInput("shrink: -reading: %v", err)
	}
	copts, err := cf.Options()
	if err != nil {
		return err
	}
	return shrinkcmd.Run(file, shrinkcmd.Options{Keep: *keepSrc, Expr: expr, KeepDivergence: *keepDiv, Tol: *tol,
		Out: *out, Reading: r, Jobs: *jobs, Capture: copts}, stdout, stderr)
}
