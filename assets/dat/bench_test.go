// Benchmarks of the dat reader (docs/benchmarks.md, "Dat reader"): opening
// a file, finding and reading an entry, parsing each type. The ≥ 1 GB file
// is built only when asked for (-dat.big or GLIDEPATH_DAT_BIG=1): a sparse
// file in b.TempDir with 20 000 landblocks a gigabyte in, under a B-tree
// of 61-entry nodes (three levels).

package dat_test

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

var bigDat = flag.Bool("dat.big", false, "benchmark a writer-made dat of more than 1 GB (sparse, in a temporary folder)")

const bigLandBlocks = 20_000

// bigCell writes the big cell dat and returns its path and the ids it
// holds.
func bigCell(b *testing.B) (string, []uint32) {
	if !*bigDat && os.Getenv("GLIDEPATH_DAT_BIG") != "1" {
		b.Skip("the 1 GB dat is built only with -dat.big or GLIDEPATH_DAT_BIG=1")
	}
	w := dattest.New(256, dattest.CellDataSet)
	w.Gap = 1 << 30
	ids := make([]uint32, 0, bigLandBlocks)
	for i := 0; i < bigLandBlocks; i++ {
		id := uint32(i/255)<<24 | uint32(i%255)<<16 | 0xFFFF
		ids = append(ids, id)
		w.Add(id, dattest.LandBlock(dattest.HillLandBlock(id)))
	}
	path := filepath.Join(b.TempDir(), "client_cell_1.dat")
	if err := w.WriteFile(path); err != nil {
		b.Fatal(err)
	}
	return path, ids
}

func BenchmarkOpen(b *testing.B) {
	b.Run("standard", func(b *testing.B) {
		dir := b.TempDir()
		if err := dattest.WriteStandard(dir); err != nil {
			b.Fatal(err)
		}
		path := filepath.Join(dir, "client_cell_1.dat")
		b.ReportAllocs()
		for b.Loop() {
			f, err := dat.OpenFile(path)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
	})
	b.Run("1GB", func(b *testing.B) {
		path, _ := bigCell(b)
		info, _ := os.Stat(path)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.ReportAllocs()
		for b.Loop() {
			f, err := dat.OpenFile(path)
			if err != nil {
				b.Fatal(err)
			}
			f.Close()
		}
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(info.Size())/(1<<30), "file-GiB")
		b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-MiB")
	})
}

func BenchmarkGet(b *testing.B) {
	b.Run("1GB/landblock", func(b *testing.B) {
		path, ids := bigCell(b)
		f, err := dat.OpenFile(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if _, err := f.Get(ids[i%len(ids)]); err != nil {
				b.Fatal(err)
			}
			i += 7919
		}
	})
	b.Run("1GB/walk", func(b *testing.B) {
		path, _ := bigCell(b)
		f, err := dat.OpenFile(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		b.ReportAllocs()
		for b.Loop() {
			n := 0
			if err := f.Entries(func(dat.Entry) error { n++; return nil }); err != nil || n != bigLandBlocks {
				b.Fatal(err, n)
			}
		}
	})
	b.Run("standard/animation", func(b *testing.B) {
		d := openStandard(b)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := d.Portal.Get(dattest.WalkAnim); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("standard/compressed", func(b *testing.B) {
		d := openStandard(b)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := d.Portal.Get(dattest.HooksAnim); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	cases := []struct {
		name  string
		id    uint32
		data  []byte
		parse func([]byte, uint32) error
	}{
		{"LandBlock", dattest.HillBlock, dattest.LandBlock(dattest.HillLandBlock(dattest.HillBlock)),
			func(b []byte, id uint32) error { _, err := dat.ParseLandBlock(b, id); return err }},
		{"Region", dat.RegionID, dattest.Region(dattest.StandardRegion(), true),
			func(b []byte, id uint32) error { _, err := dat.ParseRegion(b, id); return err }},
		{"Setup", dattest.BigSetup, dattest.Setup(dattest.StandardSetups()[1]),
			func(b []byte, id uint32) error { _, err := dat.ParseSetup(b, id); return err }},
		{"MotionTable", dattest.HumanTable, dattest.MotionTable(dattest.StandardMotionTable()),
			func(b []byte, id uint32) error { _, err := dat.ParseMotionTable(b, id); return err }},
		{"Animation", dattest.WalkAnim, dattest.Animation(dattest.StandardAnimations()[1]),
			func(b []byte, id uint32) error { _, err := dat.ParseAnimation(b, id); return err }},
		{"GfxObj", dattest.BuildingShell, dattest.GfxObj(dattest.GeoGfxObjs()[0]),
			func(b []byte, id uint32) error { _, err := dat.ParseGfxObj(b, id); return err }},
		{"Environment", dattest.GeoEnv, dattest.Environment(dattest.GeoEnvironment()),
			func(b []byte, id uint32) error { _, err := dat.ParseEnvironment(b, id); return err }},
		{"EnvCell", dattest.StairRoom, dattest.EnvCell(dattest.GeoEnvCells(dattest.GeoEnvironment())[2]),
			func(b []byte, id uint32) error { _, err := dat.ParseEnvCell(b, id); return err }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if err := c.parse(c.data, c.id); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLandBlockCached is the typed reader's cost once an entry is
// cached (what a per-tick terrain lookup pays to reach its landblock).
func BenchmarkLandBlockCached(b *testing.B) {
	d := openStandard(b)
	if _, err := d.LandBlock(dattest.HillBlock); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.LandBlock(dattest.HillBlock); err != nil {
			b.Fatal(err)
		}
	}
}
