// Command writeworld writes dattest's standard world — the small dat files
// the tests use (hilly landblocks around 0xA9B4, a humanoid and a big
// creature's Setups, a motion table) — into a folder, so anyone can run
// recordings/hills.jsonl with -dat without a retail client's dat files:
//
//	go run ./assets/dat/dattest/writeworld DIR
//	viewer run -dat DIR recordings/hills.jsonl
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
	if len(os.Args) != 2 || os.Args[1] == "" || os.Args[1][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: go run ./assets/dat/dattest/writeworld DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "writeworld: %v\n", err)
		os.Exit(1)
	}
	portal, cell := dattest.Standard()
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
	fmt.Printf("wrote dattest's standard world into %s (client_portal.dat, client_cell_1.dat)\n", dir)
}
