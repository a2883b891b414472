// The reader on dat files from indepwriter, a second writer built from the
// public layouts alone (ACE DatLoader, DatReaderWriter's dats.xml), not from
// this package or dattest: every entry the manifest lists is found and
// decodes, and the decoded numbers are the ones written.

package dat_test

import (
	"errors"
	"fmt"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/indepwriter"
)

func openIndep(t *testing.T) (*dat.Dats, *indepwriter.Manifest) {
	t.Helper()
	dir := t.TempDir()
	m, err := indepwriter.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	d, err := dat.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, m
}

func TestIndep_TheContainer(t *testing.T) {
	d, m := openIndep(t)
	if m.PortalDepth < 3 || m.CellDepth < 2 || len(m.Compressed) < 2 || len(m.Spanning) < 1 {
		t.Fatalf("the writer's world is too simple: %+v", m)
	}
	if got := d.Portal.Iteration(); got != int(m.PortalIteration) {
		t.Errorf("portal iteration %d, want %d", got, m.PortalIteration)
	}
	if got := d.Cell.Iteration(); got != int(m.CellIteration) {
		t.Errorf("cell iteration %d, want %d", got, m.CellIteration)
	}
	if h := d.Portal.Header(); h.BlockSize != indepwriter.PortalBlock || h.DataSet != 1 || h.FileSize != uint32(d.Portal.Size()) {
		t.Errorf("portal header %+v", h)
	}
	if h := d.Cell.Header(); h.BlockSize != indepwriter.CellBlock || h.DataSet != 2 {
		t.Errorf("cell header %+v", h)
	}
	// Every entry is listed once, in id order, by a walk of either tree.
	seen, listed := map[uint32]bool{}, 0
	for _, f := range []*dat.File{d.Portal, d.Cell} {
		if err := f.Entries(func(e dat.Entry) error { seen[e.ID] = true; listed++; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	for id := range m.Entries {
		var v uint32
		if _, err := fmt.Sscanf(id, "0x%X", &v); err != nil || !seen[v] {
			t.Errorf("entry %s not listed by the walk", id)
		}
	}
	if want := len(m.Entries) + 2; listed != want { // + each file's iteration entry
		t.Errorf("the walks list %d entries, want %d", listed, want)
	}
	// An id the files do not hold is not found, whichever leaf the search
	// ends in (a leaf's branch slots hold DatReaderWriter's filler).
	for _, id := range []uint32{0x02000A00, 0x02000C08 + 0x100, 0x0300FFFF, 0x13000001} {
		if _, err := d.Portal.Lookup(id); !errors.Is(err, dat.ErrNotFound) {
			t.Errorf("0x%08X: %v, want not found", id, err)
		}
	}
	for _, id := range []uint32{0x5F5FFFFF, 0x6464FFFD, 0x6565FFFE, 0x7000FFFF} {
		if _, err := d.Cell.Lookup(id); !errors.Is(err, dat.ErrNotFound) {
			t.Errorf("0x%08X: %v, want not found", id, err)
		}
	}
}

func TestIndep_LandBlockHeights(t *testing.T) {
	d, _ := openIndep(t)
	r, err := d.Region()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []uint32{indepwriter.HillBlock, indepwriter.CompressedLB} {
		lb, err := d.LandBlock(id)
		if err != nil {
			t.Fatal(err)
		}
		hs := r.Heights(lb)
		bx, by := int(id>>24), int(id>>16&0xFF)
		for x := 0; x <= 8; x++ {
			for y := 0; y <= 8; y++ {
				if got, want := float64(hs[x*9+y]), indepwriter.VertexHeight(bx*8+x, by*8+y); got != want {
					t.Fatalf("0x%08X vertex (%d, %d): %v, want %v", id, x, y, got, want)
				}
			}
		}
	}
	s, err := d.Setup(indepwriter.BigSetup)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.CylSpheres) != 2 || s.CylSpheres[0].Radius != 1.2 || s.CylSpheres[0].Height != 3.5 || s.Radius != 1.2 || s.Height != 3.5 || s.StepDownHeight != 2.5 {
		t.Errorf("big setup %+v", s)
	}
}
