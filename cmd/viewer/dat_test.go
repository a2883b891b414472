// viewer dat's flags and exit statuses on dat files written by the test
// writer (assets/dat/dattest): missing and damaged folders, hostile dats.
// The summary and the decoded entries are tested beside their code
// (internal/datcmd).

package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// datDirs writes the standard world into dir/dats and a damaged copy into
// dir/damaged (LandBlock 0xA9B4FFFF cut to 200 bytes), and makes an empty
// dir/nodats.
func datDirs(t *testing.T, dir string) (good, damaged, empty string) {
	t.Helper()
	good, damaged, empty = filepath.Join(dir, "dats"), filepath.Join(dir, "damaged"), filepath.Join(dir, "nodats")
	for _, d := range []string{good, damaged, empty} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := dattest.WriteStandard(good); err != nil {
		t.Fatal(err)
	}
	portal, cell := dattest.Standard()
	lb := dattest.LandBlock(dattest.HillLandBlock(dattest.HillBlock))
	cell.AddRaw(dattest.HillBlock, 0, lb[:200])
	if err := dattest.WriteDir(damaged, portal, cell); err != nil {
		t.Fatal(err)
	}
	return good, damaged, empty
}

func datExitCases(t *testing.T, dir string) []exitCase {
	good, damaged, empty := datDirs(t, dir)
	return []exitCase{
		{"dat help", []string{"dat", "-h"}, 0, ""},
		{"dat", []string{"dat", good}, 0, ""},
		{"dat json entry", []string{"dat", "-json", "-entry", "0xA9B4FFFF", good}, 0, ""},
		{"dat entry without 0x", []string{"dat", good, "-entry", "09000001"}, 0, ""},
		{"dat no folder", []string{"dat"}, 2, "want one DIR"},
		{"dat missing folder", []string{"dat", filepath.Join(dir, "no-such-dats")}, 2, "no-such-dats"},
		{"dat folder without dats", []string{"dat", empty}, 2, "neither client_portal.dat nor client_cell_1.dat"},
		{"dat unreadable dat file", []string{"dat", unreadableDats(t, dir)}, 2, filepath.Join(dir, "unreadable-dats")},
		{"run unreadable dat file", []string{"run", "-dat", unreadableDats(t, dir), farJump}, 2, filepath.Join(dir, "unreadable-dats")},
		{"dat bad entry id", []string{"dat", "-entry", "zz", good}, 2, `-entry "zz"`},
		{"dat absent entry", []string{"dat", "-entry", "0x02000002", good}, 2, "entry 0x02000002: in neither client_portal.dat nor client_cell_1.dat: not in the file"},
		{"dat damaged entry", []string{"dat", "-entry", "0xA9B4FFFF", damaged}, 2, "client_cell_1.dat: entry 0xA9B4FFFF: heights: entry is 200 bytes, want 252"},
	}
}

// unreadableDats is a dat folder whose client_portal.dat cannot be read
// (a directory: unreadable for every user, root too).
func unreadableDats(t *testing.T, dir string) string {
	t.Helper()
	d := filepath.Join(dir, "unreadable-dats")
	if err := os.MkdirAll(filepath.Join(d, "client_portal.dat"), 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}

func datJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errs := viewer(t, append([]string{"dat", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return v
}

// datBombDir writes a folder whose HumanSetup is a zlib bomb: it declares
// just under the 64 MiB entry limit and inflates to 256 MiB.
func datBombDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "dat-bomb")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	z.Write(binary.LittleEndian.AppendUint32(nil, dat.MaxEntrySize-1))
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	zeros := make([]byte, 1<<20)
	for i := 0; i < 256; i++ {
		zw.Write(zeros)
	}
	zw.Close()
	portal, _ := dattest.Standard()
	portal.AddRaw(dattest.HumanSetup, dat.CompressedFlag, z.Bytes())
	if err := dattest.WriteDir(out, portal, nil); err != nil {
		t.Fatal(err)
	}
	return out
}

// datLoopDir writes a folder whose cell dat's B-tree root lists itself as
// every child.
func datLoopDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "dat-loop")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	_, cell := dattest.Standard()
	b := cell.Bytes()
	root := binary.LittleEndian.Uint32(b[0x160:])
	count := binary.LittleEndian.Uint32(b[root+4+62*4:])
	for i := uint32(0); i <= count; i++ {
		binary.LittleEndian.PutUint32(b[root+4+i*4:], root)
	}
	if err := os.WriteFile(filepath.Join(out, "client_cell_1.dat"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}
