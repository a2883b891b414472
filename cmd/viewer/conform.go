//go:build !js

// The conform subcommand: `conform init DIR` writes the canonical corpus;
// `conform DIR -client TRACES_DIR` checks a client's traces of it behaviour
// by behaviour (internal/conformcmd, docs/clients.md). Exit 0 when every
// behaviour compared passes, 1 when one fails, 2 on bad input.

package main

import (
	"io"
	"path/filepath"
	"strings"

	"glidepath/engine/clientdiff"
	"glidepath/internal/cli"
	"glidepath/internal/conformcmd"
	"glidepath/interp"
)

const conformSynopsis = "viewer conform init DIR\n       viewer conform DIR -client TRACES_DIR [-reading R] [-tol METRES] [-junit FILE] [-md FILE] [-json] [-strict]"

func runConform(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "init" {
		fs := newFlagSet("conform init", conformSynopsis, stderr)
		files, err := parseInterspersed(fs, args[1:])
		if err != nil {
			return err
		}
		if len(files) != 1 {
			fs.Usage()
			return cli.BadInput("conform init: want one folder DIR, got %d arguments", len(files))
		}
		return conformcmd.Init(files[0], stdout)
	}
	fs := newFlagSet("conform", conformSynopsis, stderr)
	client := fs.String("client", "", "the folder of the client's traces, `TRACES_DIR`/NAME.jsonl (Client trace v1) for each input NAME")
	reading := fs.String("reading", interp.DefaultReadingName, "the reading retail runs under: "+strings.Join(interp.ReadingNames(), ", ")+", optionally +OPTION... (docs/readings.md)")
	tol := fs.Float64("tol", clientdiff.DefaultTolerance, "the largest position error, `METRES`, that agrees")
	junit := fs.String("junit", "", "write JUnit XML, one test case per behaviour, to `FILE`")
	md := fs.String("md", "", "write a Markdown summary to `FILE`")
	asJSON := fs.Bool("json", false, "print the result as JSON instead of the table")
	strict := fs.Bool("strict", false, "an input without a trace is bad input (exit 2) instead of leaving its behaviours not covered")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		fs.Usage()
		return cli.BadInput("conform: want the corpus folder DIR, got %d arguments", len(files))
	}
	if *client == "" {
		fs.Usage()
		return cli.BadInput("conform: -client TRACES_DIR is required")
	}
	if !(*tol >= 0) {
		return cli.BadInput("conform: -tol %v: want a distance of 0 m or more", *tol)
	}
	rs, err := interp.ReadingChoice{Reading: *reading}.Resolve()
	if err != nil {
		return cli.BadInput("conform: %v", err)
	}
	if len(rs) != 1 {
		return cli.BadInput("conform: -reading %s: want one reading", *reading)
	}
	if err := cli.CheckOutputs("conform", []string{filepath.Join(files[0], conformcmd.ManifestName)},
		cli.Output{Flag: "-junit", Path: *junit}, cli.Output{Flag: "-md", Path: *md}); err != nil {
		return err
	}
	// The table (or JSON) goes to standard error when -junit or -md is
	// standard output.
	return conformcmd.Run(conformcmd.Options{Dir: files[0], Client: *client, Reading: rs[0], Tolerance: *tol,
		Strict: *strict, JUnit: *junit, Markdown: *md, JSON: *asJSON}, cli.ReportTo(stdout, stderr, *junit, *md), stderr)
}
