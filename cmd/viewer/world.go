// The client's world: the -dat flag every subcommand that runs the
// pipeline shares, the one resolver of where the dat files come from
// (engine/datworld.Resolve: -dat, $GLIDEPATH_DAT, the remembered folder,
// the install folders) and the world line a run prints once
// (docs/world.md).

package main

import (
	"flag"
	"fmt"
	"io"

	"glidepath/engine"
	"glidepath/engine/datworld"
	"glidepath/internal/cli"
	"glidepath/ui/settings"
)

// datFlags is the -dat flag.
type datFlags struct{ dir string }

func (d *datFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&d.dir, "dat", "", "read the client's world (terrain, shapes, motion tables) from the dat files client_portal.dat and client_cell_1.dat in `DIR` (default: $"+datworld.EnvVar+", the folder the viewer remembers, then the usual install folders; docs/world.md)")
}

// rememberedDatDir is the dat folder the viewer remembers ("" when none or
// the settings cannot be read).
func rememberedDatDir() string {
	path, err := settings.DefaultPath()
	if err != nil {
		return ""
	}
	s, err := settings.Load(path)
	if err != nil {
		return ""
	}
	return s.DatDir
}

// open resolves and opens the dat folder. A folder named by -dat or
// $GLIDEPATH_DAT that cannot be opened is bad input (exit status 2) naming
// the file; a remembered or installed one is warned of and the run is in
// the illustrative world. nil, nil: no dat files.
func (d *datFlags) open(stderr io.Writer, remembered bool) (engine.WorldData, error) {
	rem := ""
	if remembered {
		rem = rememberedDatDir()
	}
	dir, origin := datworld.Resolve(d.dir, rem, datworld.OSEnv())
	if origin == datworld.None {
		return nil, nil
	}
	w, err := datworld.Open(dir)
	if err != nil {
		if origin.Explicit() {
			return nil, cli.BadInput("%s %s: %v", origin, dir, err)
		}
		fmt.Fprintf(stderr, "viewer: warning: %s %s: %v; the world is illustrative\n", origin, dir, err)
		return nil, nil
	}
	return w, nil
}
