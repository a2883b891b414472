package dattest_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// With Gap the blocks start past a hole: WriteFile leaves it unwritten and
// writes the same bytes Bytes returns, and the reader finds every entry.
func TestWriter_GapMakesTheSameFileWithAHole(t *testing.T) {
	_, cell := dattest.Standard()
	cell.Gap = 1 << 20
	path := filepath.Join(t.TempDir(), "client_cell_1.dat")
	if err := cell.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := cell.Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("file %d bytes differs from Bytes (%d)", len(got), len(want))
	}
	if len(got) < 1<<20 {
		t.Fatalf("file is %d bytes", len(got))
	}
	f, err := dat.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Header().Root < 1<<20 {
		t.Errorf("root at 0x%X, before the gap", f.Header().Root)
	}
	n := 0
	if err := f.Entries(func(e dat.Entry) error { n++; _, err := f.Read(e); return err }); err != nil {
		t.Fatal(err)
	}
	if n != 7 {
		t.Errorf("%d entries, want 7", n)
	}
}
