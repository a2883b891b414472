// Command writeworld writes dattest's standard world — the small dat files
// the tests use (hilly landblocks around 0xA9B4, a humanoid and a big
// creature's Setups, a motion table) — into a folder, so anyone can run
// recordings/hills.jsonl with -dat without a retail client's dat files:
//
//	go run ./assets/dat/dattest/writeworld DIR
//	viewer run -dat DIR recordings/hills.jsonl
//
// With -geometry it writes dattest's geometry world instead — a town
// landblock with a building, a dungeon landblock with a corridor and a
// stair room (dattest.Geometry) — for the scenarios that teach the
// transition (recordings/transition-*.jsonl, docs/collision.md):
//
//	go run ./assets/dat/dattest/writeworld -geometry DIR
//	viewer run -dat DIR -explain recordings/transition-doorway.jsonl
//
// DIR is made if it does not exist; client_portal.dat and client_cell_1.dat
// in it are replaced (docs/world.md, "Tests without anyone's dat files").
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"glidepath/assets/dat/dattest"
	"glidepath/internal/atomicfile"
)

func main() {
	args := os.Args[1:]
	geometry := len(args) == 2 && args[0] == "-geometry"
	if geometry {
		args = args[1:]
	}
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: go run ./assets/dat/dattest/writeworld [-geometry] DIR")
		os.Exit(2)
	}
	dir := args[0]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "writeworld: %v\n", err)
		os.Exit(1)
	}
	portal, cell := dattest.Standard()
	what := "standard world"
	if geometry {
		portal, cell = dattest.Geometry()
		what = "geometry world"
	}
	for _, f := range []struct {
		name string
		w    *dattest.Writer
	}{{"client_portal.dat", portal}, {"client_cell_1.dat", cell}} {
		data := f.w.Bytes()
		err := atomicfile.Write(filepath.Join(dir, f.name), func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
		if err != nil {
			fmt.Fprintf(os.Stderr, "writeworld: %v\n", err)
			os.Exit(1)
		}
	}
	fmt.Printf("wrote dattest's %s into %s (client_portal.dat, client_cell_1.dat)\n", what, dir)
}
