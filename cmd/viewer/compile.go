//go:build !js

// The compile subcommand: compile a scenario into the recording it stands
// for (DESIGN.md, "The one direction data flows") and write it with the
// recording Writer, so it can be replayed, shared or edited like a capture.

package main

import (
	"io"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/internal/cli"
)

const compileSynopsis = "viewer compile SCENARIO.yaml -o OUT.jsonl[.gz]"

func runCompile(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("compile", compileSynopsis, stderr)
	out := fs.String("o", "", "write the recording to `FILE` (gzip when it ends in .gz)")
	file, err := parseOne(fs, args, "SCENARIO.yaml")
	if err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return cli.BadInput("compile: -o OUT.jsonl[.gz] is required")
	}
	if err := cli.CheckOutputs("compile", []string{file}, cli.Output{Flag: "-o", Path: *out}); err != nil {
		return err
	}
	rec, err := scenario.CompileFile(file, assets.FS())
	if err != nil {
		return cli.UsageError{Err: err}
	}
	// Writing is atomic; failing to create or write the file is a failure
	// of the environment (exit 1), as for run -trace.
	return recording.WriteFile(*out, rec)
}
