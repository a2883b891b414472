package dat_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// Once a File is closed, Lookup, Read and Entries each refuse with an
// error naming the file and wrapping ErrClosed.
func TestFile_ClosedRefusesEveryRead(t *testing.T) {
	dir := t.TempDir()
	if err := dattest.WriteStandard(dir); err != nil {
		t.Fatal(err)
	}
	f, err := dat.OpenFile(filepath.Join(dir, "client_cell_1.dat"))
	if err != nil {
		t.Fatal(err)
	}
	var first dat.Entry
	if err := f.Entries(func(e dat.Entry) error { first = e; return errors.New("stop") }); err == nil || first.ID == 0 {
		t.Fatalf("no entry read before closing: %v", err)
	}
	f.Close()
	_, lookup := f.Lookup(first.ID)
	_, read := f.Read(first)
	entries := f.Entries(func(dat.Entry) error { return nil })
	for name, err := range map[string]error{"Lookup": lookup, "Read": read, "Entries": entries} {
		if !errors.Is(err, dat.ErrClosed) || !strings.Contains(err.Error(), "client_cell_1.dat") || !strings.Contains(err.Error(), "file is closed") {
			t.Errorf("%s after Close: %v, want an error naming the file and wrapping ErrClosed", name, err)
		}
	}
}
