//go:build !js

// The import subcommand: read a network capture (pcap, pcapng) of AC
// traffic and write the recording it stands for (docs/formats.md, "Capture
// input"), then print what was read, used, skipped and broken. The output
// is written to a temporary file beside the target and renamed on success.

package main

import (
	"io"

	"glidepath/engine/tables"
	"glidepath/internal/cli"
	"glidepath/internal/cmdinput"
	"glidepath/internal/importcmd"
)

const importSynopsis = "viewer import CAPTURE -o OUT.jsonl[.gz] [-json] [-server-port N] [-player GUID] [-truth-from CAPTURE]... [-events FILE]"

func runImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", importSynopsis, stderr)
	out := fs.String("o", "", "write the recording to `FILE` (gzip when it ends in .gz)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	events := fs.String("events", "", "also write the imported events as a table to `FILE` (.csv, .csv.gz or .parquet)")
	var cf cmdinput.CaptureFlags
	cf.Add(fs)
	file, err := parseOne(fs, args, "CAPTURE (.pcap, .pcapng or datagram JSONL)")
	if err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return cli.BadInput("import: -o OUT.jsonl[.gz] is required")
	}
	if *events != "" {
		if _, err := tables.FormatOf(*events); err != nil {
			return cli.BadInput("import: %v", err)
		}
	}
	// Before the -truth-from captures are read (cf.Options): an output
	// may not name one.
	if err := cli.CheckOutputs("import", cf.Inputs([]string{file}), cli.Output{Flag: "-o", Path: *out}, cli.Output{Flag: "-events", Path: *events}); err != nil {
		return err
	}
	opts, err := cf.Options()
	if err != nil {
		return err
	}
	return importcmd.Run(file, *out, *events, *asJSON, opts, stdout, stderr)
}
