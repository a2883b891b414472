// Fuzz targets (scripts/fuzz.sh): the container and every parser take
// hostile bytes. The property is an error or a value, never a panic; a
// parser's value encodes (dattest) and decodes back to itself.

package dat_test

import (
	"encoding/binary"
	"errors"
	"reflect"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// FuzzOpen opens a file, walks its directory, reads every entry it lists
// (a bounded number) and looks up a few ids; every failure is a *dat.Error.
func FuzzOpen(f *testing.F) {
	p, c := dattest.Standard()
	f.Add(p.Bytes())
	f.Add(c.Bytes())
	small := dattest.New(64, 2)
	small.NodeEntries = 1
	small.Add(0x10, []byte("abc"))
	small.Add(0x20, make([]byte, 200))
	small.AddCompressed(0x30, make([]byte, 300))
	f.Add(small.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		df, err := dat.OpenBytes("fuzz.dat", data)
		if err != nil {
			checkErr(t, err)
			return
		}
		n := 0
		err = df.Entries(func(e dat.Entry) error {
			n++
			if n > 64 {
				return errStop
			}
			if _, err := df.Read(e); err != nil {
				checkErr(t, err)
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStop) {
			checkErr(t, err)
		}
		for _, id := range []uint32{0x10, 0x13000000, 0xA9B4FFFF, 0xFFFF0001} {
			if _, err := df.Get(id); err != nil {
				checkErr(t, err)
			}
		}
		df.Iteration()
	})
}

var errStop = errors.New("stop")

func checkErr(t *testing.T, err error) {
	t.Helper()
	var de *dat.Error
	if !errors.As(err, &de) {
		t.Fatalf("error %v (%T) is not a *dat.Error", err, err)
	}
	if de.File != "fuzz.dat" {
		t.Fatalf("error %v names file %q", err, de.File)
	}
}

// roundTrip checks a parser: error or value; a value encodes and decodes
// to itself.
func roundTrip[T any](t *testing.T, data []byte, parse func([]byte, uint32) (T, error), encode func(T) []byte) {
	if len(data) < 4 {
		return
	}
	id := binary.LittleEndian.Uint32(data)
	v, err := parse(data, id)
	if err != nil {
		return
	}
	again, err := parse(encode(v), id)
	if err != nil {
		t.Fatalf("re-encoded value does not parse: %v", err)
	}
	if !reflect.DeepEqual(v, again) {
		t.Fatalf("round trip\n got %+v\nwant %+v", again, v)
	}
}

func FuzzRegion(f *testing.F) {
	f.Add(dattest.Region(dattest.StandardRegion(), true))
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseRegion, func(r *dat.Region) []byte { return dattest.Region(r, false) })
	})
}

func FuzzLandBlock(f *testing.F) {
	f.Add(dattest.LandBlock(dattest.HillLandBlock(dattest.HillBlock)))
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseLandBlock, dattest.LandBlock)
	})
}

func FuzzLandBlockInfo(f *testing.F) {
	f.Add(dattest.LandBlockInfo(dattest.StandardInfo()))
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseLandBlockInfo, dattest.LandBlockInfo)
	})
}

func FuzzSetup(f *testing.F) {
	for _, s := range dattest.StandardSetups() {
		f.Add(dattest.Setup(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseSetup, dattest.Setup)
	})
}

func FuzzMotionTable(f *testing.F) {
	f.Add(dattest.MotionTable(dattest.StandardMotionTable()))
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseMotionTable, dattest.MotionTable)
	})
}

func FuzzAnimation(f *testing.F) {
	for _, a := range dattest.StandardAnimations() {
		f.Add(dattest.Animation(a))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseAnimation, dattest.Animation)
	})
}

func FuzzGfxObj(f *testing.F) {
	for _, g := range dattest.GeoGfxObjs() {
		f.Add(dattest.GfxObj(g))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseGfxObj, dattest.GfxObj)
	})
}

func FuzzEnvironment(f *testing.F) {
	e := dattest.GeoEnvironment()
	f.Add(dattest.Environment(e))
	e.Cells = e.Cells[:1]
	f.Add(dattest.Environment(e))
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseEnvironment, dattest.Environment)
	})
}

func FuzzEnvCell(f *testing.F) {
	for _, e := range dattest.GeoEnvCells(dattest.GeoEnvironment()) {
		f.Add(dattest.EnvCell(e))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		roundTrip(t, data, dat.ParseEnvCell, dattest.EnvCell)
	})
}
