// The default subcommand: open the visual debugger on a file or the built-in
// default scenario.
package main

import (
	"io"

	"glidepath/ui"
)

func runOpen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("viewer", "viewer [flags] [FILE]", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return badInput("too many arguments: want at most one FILE, got %d", fs.NArg())
	}
	return ui.Run(ui.Options{Title: "Glidepath"})
}
