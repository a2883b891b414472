// The work of viewer dat, beside it: the summary and the decoded entries
// of dat files written by the test writer (assets/dat/dattest), and their
// JSON contract (docs/formats.md "viewer dat JSON"). The flags and exit
// statuses are cmd/viewer's (dat_test.go there).

package datcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
	"glidepath/assets/dat/indepwriter"
	"glidepath/engine/hexid"
)

// datRun is viewer dat on dir: the summary, or the entry id (hex, as
// -entry takes it) when id is not "", as JSON when asJSON; code is 0, or
// 1 when Write failed (its error in errs).
func datRun(t *testing.T, asJSON bool, dir, id string) (code int, out, errs string) {
	t.Helper()
	var v uint32
	if id != "" {
		var err error
		if v, err = hexid.Parse(id); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, dir, id != "", v, asJSON); err != nil {
		return 1, b.String(), err.Error()
	}
	return 0, b.String(), ""
}

// datJSON is the JSON of viewer dat -json (of entry id when not "").
func datJSON(t *testing.T, id, dir string) map[string]any {
	t.Helper()
	code, out, errs := datRun(t, true, dir, id)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	return v
}

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

func datSortedStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

func TestDat_LandBlockJSONIsTheContract(t *testing.T) {
	good, _, _ := datDirs(t, t.TempDir())
	v := datJSON(t, "A9B4FFFF", good)
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	if got := strings.Join(datSortedStrings(keys), ","); got != "has_objects,heights,id,terrain,type" {
		t.Errorf("keys %s", got)
	}
	if v["id"] != "0xA9B4FFFF" || v["type"] != "LandBlock" || v["has_objects"] != true {
		t.Errorf("id/type/has_objects: %v %v %v", v["id"], v["type"], v["has_objects"])
	}
	heights := v["heights"].([]any)
	table := dattest.HeightTable()
	// x-major: index x*9 + y, each height byte through the height table.
	for _, xy := range [][2]int{{0, 0}, {0, 8}, {8, 0}, {3, 5}} {
		x, y := xy[0], xy[1]
		want := float64(table[dattest.HillHeight(0xA9*8+x, 0xB4*8+y)])
		if got := heights[x*9+y].(float64); got != want {
			t.Errorf("heights[%d*9+%d] = %v, want %v", x, y, got, want)
		}
	}
	if n := len(v["terrain"].([]any)); n != 81 {
		t.Errorf("%d terrain words", n)
	}
}

func TestDat_SetupMotionTableAnimationJSON(t *testing.T) {
	good, _, _ := datDirs(t, t.TempDir())
	s := datJSON(t, "0x0200004E", good)
	cyl := s["cylspheres"].([]any)[0].(map[string]any)
	if cyl["radius"] != 1.2 || cyl["height"] != 3.5 || s["height"] != 3.5 || s["radius"] != 1.6 || s["step_up_height"] != 0.8 || s["step_down_height"] != 2.5 {
		t.Errorf("setup %v", s)
	}
	if o := cyl["origin"].([]any); o[1] != 0.25 {
		t.Errorf("cylsphere origin %v", o)
	}
	m := datJSON(t, "0x09000001", good)
	if m["default_style"] != "0x8000003D" {
		t.Errorf("default_style %v", m["default_style"])
	}
	var walk map[string]any
	for _, c := range m["cycles"].([]any) {
		if c.(map[string]any)["motion"] == "0x45000005" {
			walk = c.(map[string]any)
		}
	}
	if walk == nil {
		t.Fatalf("no WalkForward cycle in %v", m["cycles"])
	}
	// Floats print as float32 values: 3.12, not 3.119999885559082.
	if walk["style"] != "0x8000003D" || walk["framerate"] != 30.0 || walk["velocity"].([]any)[1] != 3.12 {
		t.Errorf("walk cycle %v", walk)
	}
	anim := walk["animations"].([]any)[0].(map[string]any)
	if anim["id"] != "0x03000002" || anim["low_frame"] != 0.0 || anim["high_frame"] != -1.0 || anim["framerate"] != 30.0 {
		t.Errorf("walk animation %v", anim)
	}
	if n := len(m["links"].([]any)); n != 2 {
		t.Errorf("%d links", n)
	}
	a := datJSON(t, "0x03000002", good)
	pf := a["pos_frames"].([]any)
	if len(pf) != 16 || len(a["frames"].([]any)) != 16 {
		t.Fatalf("%d pos_frames", len(pf))
	}
	p0 := pf[0].(map[string]any)
	if p0["origin"].([]any)[1] != 0.104 || p0["rotation"].([]any)[0] != 1.0 {
		t.Errorf("pos_frames[0] %v", p0)
	}
	f0 := a["frames"].([]any)[0].(map[string]any)
	if len(f0["parts"].([]any)) != 3 || f0["hooks"].([]any)[0].(map[string]any)["type"] != "Sound" {
		t.Errorf("frames[0] %v", f0)
	}
	h := datJSON(t, "0x03000010", good)
	hooks := h["frames"].([]any)[1].(map[string]any)["hooks"].([]any)
	if len(hooks) != len(dattest.AllHooks()) {
		t.Errorf("%d hooks, want %d", len(hooks), len(dattest.AllHooks()))
	}
}

func TestDat_SummaryCountsEntriesByType(t *testing.T) {
	good, _, _ := datDirs(t, t.TempDir())
	code, out, errs := datRun(t, false, good, "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"client_portal.dat: ", "block size 1024", "iteration 982", "0x02         Setup            3",
		"client_cell_1.dat: ", "block size 256", "iteration 975", "0x????FFFF   LandBlock        5",
		"height table: 0 m to 950 m",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	v := datJSON(t, "", good)
	files := v["files"].([]any)
	if len(files) != 2 || files[1].(map[string]any)["entries"] != 7.0 {
		t.Errorf("files %v", files)
	}
}

// A folder with only the cell dat still decodes landblocks, without
// heights (they need the portal dat's height table).
func TestDat_CellOnlyFolder(t *testing.T) {
	dir := t.TempDir()
	_, cell := dattest.Standard()
	if err := dattest.WriteDir(dir, nil, cell); err != nil {
		t.Fatal(err)
	}
	v := datJSON(t, "0x1234FFFF", dir)
	if _, ok := v["heights"]; ok {
		t.Errorf("heights without a Region: %v", v)
	}
	if _, err := dat.Open(dir); err != nil {
		t.Fatal(err)
	}
}

// The JSON of a small Setup, byte for byte: the field order, float32
// numbers in their shortest form, ids as 0x%08X strings, empty lists as [].
func TestDat_SetupJSONExactly(t *testing.T) {
	good, _, _ := datDirs(t, t.TempDir())
	code, out, errs := datRun(t, true, good, "0x02000100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := `{
  "id": "0x02000100",
  "type": "Setup",
  "flags": 0,
  "parts": ["0x01000200"],
  "cylspheres": [],
  "spheres": [
    {
      "origin": [0, 0, 0.3],
      "radius": 0.3
    }
  ],
  "height": 0.6,
  "radius": 0.3,
  "step_up_height": 0.1,
  "step_down_height": 0.1,
  "default_motion_table": "0x00000000"
}
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// The text forms say what each entry is, for reading at a terminal.
func TestDat_EntryText(t *testing.T) {
	good, _, _ := datDirs(t, t.TempDir())
	for _, c := range []struct{ id, want string }{
		{"A9B4FFFF", "LandBlock 0xA9B4FFFF, has objects true\nheights (m), a row per x (west to east), y south to north:\n     104     108"},
		{"A9B4FFFE", "object 0x0200004E at (40, 60, 92)"},
		{"0200004E", "cylsphere 0: origin (0, 0.25, 0) radius 1.2 height 3.5"},
		{"09000001", "cycle 0x8000003D NonCombat -> 0x45000005 WalkForward: velocity (0, 3.12, 0)"},
		{"03000010", "hook CreateBlockingParticle"},
		{"13000000", `Region 0x13000000 "Dereth": 255 x 255 landblocks of 8 cells, 24 m squares`},
		// Counts read as counts do: one of a thing is singular.
		{"A9B4FFFE", "LandBlockInfo 0xA9B4FFFE: 3 cells, 2 objects, 1 building\n"},
		{"13000000", "24 m squares, 1 vertex per cell\n"},
		{"03000010", "Animation 0x03000010: 2 frames of 2 parts, flags 0x0, 0 pos_frames\n"},
	} {
		code, out, errs := datRun(t, false, good, c.id)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("-entry %s: exit %d, output lacks %q:\n%s%s", c.id, code, c.want, out, errs)
		}
	}
}

// The geometry entries' text forms, their counts read as counts do: "BSP
// of 1 node", "1 cell", "1 portal", "24 vertices".
func TestDat_GeometryEntryText(t *testing.T) {
	dir := t.TempDir()
	if err := indepwriter.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   uint32
		want string
	}{
		{indepwriter.GeoEnvID, "Environment 0x0D000A00: 4 cell structures\n  0: 52 vertices, 7 polygons, portals [4], cell BSP 6 nodes, 6 physics polygons (BSP of 1 node)\n"},
		{indepwriter.GeoShellID, "GfxObj 0x01000B00: flags 0xB, 28 vertices, 7 physics polygons (BSP of 1 node), 7 drawing polygons,"},
		{indepwriter.GeoPillarID, "GfxObj 0x01000B01: flags 0x1, 24 vertices, 6 physics polygons (BSP of 13 nodes), 0 drawing polygons,"},
		{indepwriter.GeoTownInfo, "LandBlockInfo 0x2B2BFFFE: 1 cell, 0 objects, 1 building\n"},
		{indepwriter.GeoTownInfo, "rot (0.70710677, 0, 0, 0.70710677), 1 portal\n"},
	} {
		code, out, errs := datRun(t, false, dir, fmt.Sprintf("%08X", c.id))
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("-entry %08X: exit %d, output lacks %q:\n%s%s", c.id, code, c.want, out, errs)
		}
	}
}

// An EnvCell's visible cells are written in hex, as its portals' cells are:
// in the geometry world's corridor 0xC1C10100 the portal leads to cell
// 0x0101 and the visible cells say 0x0101 too, not 257.
func TestDat_EnvCellTextCellsInHex(t *testing.T) {
	dir := t.TempDir()
	portal, cell := dattest.Geometry()
	if err := portal.WriteFile(filepath.Join(dir, "client_portal.dat")); err != nil {
		t.Fatal(err)
	}
	if err := cell.WriteFile(filepath.Join(dir, "client_cell_1.dat")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := datRun(t, false, dir, "C1C10100")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "to cell 0x0101 ") || !strings.Contains(out, "  visible cells 0x0101\n") {
		t.Errorf("the visible cells are not in the portals' hex:\n%s", out)
	}
}
