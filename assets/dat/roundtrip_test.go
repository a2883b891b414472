// The reader against the test writer (dattest): every entry of the
// standard world reads back as it was written, through a B-tree several
// levels deep, chains that span blocks in reverse order and a compressed
// entry.

package dat_test

import (
	"errors"
	"reflect"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

func openStandard(t testing.TB) *dat.Dats {
	t.Helper()
	return openWritten(t, dattest.WriteStandard)
}

// openWritten opens the dat folder a writer (dattest's, the independent
// one's) writes into a temporary folder.
func openWritten(t testing.TB, write func(dir string) error) *dat.Dats {
	t.Helper()
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	d, err := dat.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestStandardWorld_ReadsBackWhatWasWritten(t *testing.T) {
	d := openStandard(t)
	if got := d.Portal.Iteration(); got != dattest.PortalIteration {
		t.Errorf("portal iteration %d, want %d", got, dattest.PortalIteration)
	}
	if got := d.Cell.Iteration(); got != dattest.CellIteration {
		t.Errorf("cell iteration %d, want %d", got, dattest.CellIteration)
	}
	if h := d.Cell.Header(); h.BlockSize != 256 || h.DataSet != dattest.CellDataSet || h.Magic != dat.Magic {
		t.Errorf("cell header %+v", h)
	}
	r, err := d.Region()
	if err != nil {
		t.Fatal(err)
	}
	if want := dattest.StandardRegion(); !reflect.DeepEqual(r, want) {
		t.Errorf("region\n got %+v\nwant %+v", r, want)
	}
	for _, id := range []uint32{dattest.HillBlock, dattest.EastBlock, dattest.NorthBlock, dattest.NorthEastBlock} {
		lb, err := d.LandBlock(id)
		if err != nil {
			t.Fatal(err)
		}
		if want := dattest.HillLandBlock(id); !reflect.DeepEqual(lb, want) {
			t.Errorf("landblock 0x%08X\n got %+v\nwant %+v", id, lb, want)
		}
	}
	li, err := d.LandBlockInfo(dattest.HillBlockInfo)
	if err != nil {
		t.Fatal(err)
	}
	if want := dattest.StandardInfo(); !reflect.DeepEqual(li, want) {
		t.Errorf("landblock info\n got %+v\nwant %+v", li, want)
	}
	for _, want := range dattest.StandardSetups() {
		s, err := d.Setup(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if want.Parts == nil {
			want.Parts = []uint32{}
		}
		if want.CylSpheres == nil {
			want.CylSpheres = []dat.CylSphere{}
		}
		if want.Spheres == nil {
			want.Spheres = []dat.Sphere{}
		}
		if !reflect.DeepEqual(s, want) {
			t.Errorf("setup 0x%08X\n got %+v\nwant %+v", want.ID, s, want)
		}
	}
	m, err := d.MotionTable(dattest.HumanTable)
	if err != nil {
		t.Fatal(err)
	}
	want := dattest.StandardMotionTable()
	for i := range want.Modifiers {
		if want.Modifiers[i].Data.Anims == nil {
			want.Modifiers[i].Data.Anims = []dat.AnimData{}
		}
	}
	// The file's link table lists WalkForward (0x45000005) before
	// RunForward (0x44000007); the reader sorts by id.
	lm := want.Links[0].Motions
	lm[0], lm[1] = lm[1], lm[0]
	if !reflect.DeepEqual(m, want) {
		t.Errorf("motion table\n got %+v\nwant %+v", m, want)
	}
	for _, want := range dattest.StandardAnimations() {
		a, err := d.Animation(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.PartFrames {
			if want.PartFrames[i].Hooks == nil {
				want.PartFrames[i].Hooks = []dat.Hook{}
			}
		}
		if !reflect.DeepEqual(a, want) {
			t.Errorf("animation 0x%08X\n got %+v\nwant %+v", want.ID, a, want)
		}
	}
}

func TestStandardWorld_MissingEntryIsNotFound(t *testing.T) {
	d := openStandard(t)
	_, err := d.Setup(0x02000002)
	if !errors.Is(err, dat.ErrNotFound) {
		t.Fatalf("err %v, want ErrNotFound", err)
	}
	if want := "client_portal.dat: entry 0x02000002: not in the file"; err.Error() != want {
		t.Errorf("err %q, want %q", err, want)
	}
	if _, err := d.LandBlock(0xA9B3FFFF); !errors.Is(err, dat.ErrNotFound) {
		t.Errorf("landblock err %v, want ErrNotFound", err)
	}
}
