//go:build js

// The web viewer (docs/web.md "What the web build holds") is the window
// alone: the page starts it on a recording, scenario, capture or evidence
// pack, and every headless subcommand's code — Parquet tables, the live
// session's capture from an interface, the client-trace comparisons, the
// subcommands' encoders — is left out of the WebAssembly, which makes it a
// third smaller and quicker to compile and start. The subcommands' names
// stay in the table (main.go) and say so when named, exit status 2.

package main

import (
	"io"

	"glidepath/internal/cli"
)

// notInBrowser is a subcommand the web build does not hold.
func notInBrowser(name string) func(args []string, stdout, stderr io.Writer) error {
	return func([]string, io.Writer, io.Writer) error {
		return cli.BadInput("%s: not in the web viewer, which opens the window only; run the desktop viewer (docs/web.md)", name)
	}
}

var (
	runRun     = notInBrowser("run")
	runCompile = notInBrowser("compile")
	runSynth   = notInBrowser("synth")
	runImport  = notInBrowser("import")
	runDiff    = notInBrowser("diff")
	runConform = notInBrowser("conform")
	runWhatif  = notInBrowser("whatif")
	runShrink  = notInBrowser("shrink")
	runPack    = notInBrowser("pack")
	runDat     = notInBrowser("dat")
	runLive    = notInBrowser("live")
	runShot    = notInBrowser("shot")
	runExport  = notInBrowser("export")
)
