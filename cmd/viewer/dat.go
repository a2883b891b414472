//go:build !js

// The dat subcommand: what a dat folder holds (each file's block size,
// iteration and entries by type, the height table's range) and, with
// -entry, one entry decoded as JSON or text (docs/world.md, docs/formats.md
// "viewer dat JSON").

package main

import (
	"io"

	"glidepath/engine/hexid"
	"glidepath/internal/cli"
	"glidepath/internal/datcmd"
)

const datSynopsis = "viewer dat DIR [-json] [-entry ID]"

func runDat(args []string, stdout, stderr io.Writer) error {
	fset := newFlagSet("dat", datSynopsis, stderr)
	asJSON := fset.Bool("json", false, "print JSON instead of text")
	entry := fset.String("entry", "", "decode one entry, `ID` in hex (0x optional)")
	dir, err := parseOne(fset, args, "DIR")
	if err != nil {
		return err
	}
	var id uint32
	if cli.IsSet(fset, "entry") && *entry == "" {
		return cli.BadInput("dat: -entry \"\": want a hex id such as 0xA9B4FFFF")
	}
	if *entry != "" {
		v, err := hexid.Parse(*entry)
		if err != nil {
			return cli.BadInput("dat: -entry %q: want a hex id such as 0xA9B4FFFF", *entry)
		}
		id = v
	}
	return datcmd.Write(stdout, dir, *entry != "", id, *asJSON)
}
