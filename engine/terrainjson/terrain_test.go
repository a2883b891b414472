package terrainjson

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// loadTerrain parses a terrain shipped in assets/terrain.
func loadTerrain(tb testing.TB, name string) *physics.Terrain {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "assets", "terrain", name))
	if err != nil {
		tb.Fatal(err)
	}
	tr, err := ParseTerrain(name, data)
	if err != nil {
		tb.Fatal(err)
	}
	return tr
}

func near(a, b, tol float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }

func finite32(v float32) bool { return v-v == 0 }

func finiteVec(v mgl32.Vec3) bool { return finite32(v[0]) && finite32(v[1]) && finite32(v[2]) }

// The shipped terrains parse, and their slopes are what their "source"
// fields say: some walkable, some steeper than floor_z.
func TestParseTerrain_Assets(t *testing.T) {
	hills := loadTerrain(t, "hills.json")
	ramp := loadTerrain(t, "ramp.json")
	if hills.Name != "hills" || ramp.Name != "ramp" || hills.Source == "" || ramp.Source == "" {
		t.Errorf("names %q %q, sources present %v %v", hills.Name, ramp.Name, hills.Source != "", ramp.Source != "")
	}
	if lbs := ramp.Landblocks(); len(lbs) != 2 || lbs[0] != 0xA9B4 || lbs[1] != 0xAAB4 {
		t.Errorf("ramp landblocks %04X", lbs)
	}
	cases := []struct {
		name     string
		tr       *physics.Terrain
		x, y     float32
		z, normZ float32
	}{
		{"hills level centre", hills, 96, 96, 0, 1},
		{"hills west slope", hills, 12, 50, 6.5, 0.9923},
		{"hills cliff", hills, 170, 156, 0, 0.6247},
		{"ramp flat west", ramp, 20, 20, 0, 1},
		{"ramp walkable ramp", ramp, 84, 48, 9, 0.9701},
		{"ramp steep north", ramp, 108, 150, 18, 0.5547},
		{"ramp south plateau", ramp, 150, 40, 18, 1},
	}
	for _, c := range cases {
		z, n := c.tr.Height(0xA9B40000, c.x, c.y)
		if !near(n[2], c.normZ, 1e-3) {
			t.Errorf("%s: normal.z = %v, want %v", c.name, n[2], c.normZ)
		}
		if c.name != "hills cliff" && !near(z, c.z, 1e-3) {
			t.Errorf("%s: z = %v, want %v", c.name, z, c.z)
		}
		if walkable := n[2] >= physics.FloorZ; walkable != (c.normZ >= physics.FloorZ) {
			t.Errorf("%s: walkable = %v", c.name, walkable)
		}
	}
}

// Each parse error names the file and the field at fault.
func TestParseTerrain_ErrorsNameFileAndField(t *testing.T) {
	row := "[0,0,0,0,0,0,0,0,0]"
	rows := "[" + strings.Repeat(row+",", 8) + row + "]"
	block := func(lb, heights string) string {
		return `{"format":"glidepath-terrain","version":1,"landblocks":[{"landblock":` + lb + `,"heights":` + heights + `}]}`
	}
	short, _ := os.ReadFile(filepath.Join("testdata", "terrain", "short_row.json"))
	cases := []struct {
		name, data, want string
	}{
		{"syntax", "{\n\"format\": }", "bad.json: line 2: invalid character '}'"},
		{"empty", "", "bad.json: empty document"},
		{"no format", `{"version":1}`, "bad.json: format: missing"},
		{"wrong format", `{"format":"x","version":1}`, `bad.json: format: want "glidepath-terrain", got "x"`},
		{"no version", `{"format":"glidepath-terrain"}`, "bad.json: version: missing"},
		{"wrong version", `{"format":"glidepath-terrain","version":2}`, "bad.json: version: want 1, got 2"},
		{"unknown field", `{"format":"glidepath-terrain","version":1,"basez":3}`, `bad.json: unknown field "basez"`},
		{"base_z range", `{"format":"glidepath-terrain","version":1,"base_z":1e9}`, "bad.json: base_z: 1e+09 is outside ±10000 m"},
		{"type", `{"format":"glidepath-terrain","version":"1"}`, "bad.json: line 1: version: want an integer, got string"},
		{"trailing", `{"format":"glidepath-terrain","version":1} {}`, "bad.json: data after the JSON value"},
		{"missing landblock", `{"format":"glidepath-terrain","version":1,"landblocks":[{"heights":[]}]}`, "bad.json: landblocks[0].landblock: missing"},
		{"bad landblock", block(`"A9B4"`, rows), `bad.json: landblocks[0].landblock: want "0x" and 1–8 hex digits, got "A9B4"`},
		{"negative landblock", block(`-4`, rows), "bad.json: landblocks[0].landblock: want a \"0x…\" string or an integer in [0, 2^32), got -4"},
		{"rows", block(`"0xA9B4"`, "["+row+"]"), "bad.json: landblocks[0].heights: want 9 rows, got 1"},
		{"row not array", block(`"0xA9B4"`, "["+strings.Repeat("1,", 8)+"1]"), "bad.json: landblocks[0].heights[0]: want an array of 9 numbers"},
		{"height type", block(`"0xA9B4"`, strings.Replace(rows, "0", `"0"`, 1)), `bad.json: landblocks[0].heights[0][0]: want a number, got "0"`},
		{"height range", block(`"0xA9B4"`, strings.Replace(rows, "0", "-2e4", 1)), "bad.json: landblocks[0].heights[0][0]: -20000 is outside ±10000 m"},
		{"height overflow", block(`"0xA9B4"`, strings.Replace(rows, "0", "1e999", 1)), "bad.json: landblocks[0].heights[0][0]: 1e999 is outside ±10000 m"},
		{"landblock field typo", `{"format":"glidepath-terrain","version":1,"landblocks":[{"landblok":1}]}`, `bad.json: landblocks[0]: unknown field "landblok"`},
	}
	for _, c := range cases {
		_, err := ParseTerrain("bad.json", []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v\nwant prefix %s", c.name, err, c.want)
		}
	}
	dup := `{"format":"glidepath-terrain","version":1,"landblocks":[{"landblock":"0xA9B4","heights":` + rows + `},{"landblock":"0xA9B4FFFF","heights":` + rows + `}]}`
	if _, err := ParseTerrain("dup.json", []byte(dup)); err == nil || err.Error() != "dup.json: landblocks[1].landblock: 0xA9B4 appears twice" {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := ParseTerrain("short_row.json", short); err == nil || err.Error() != "short_row.json: landblocks[0].heights[2]: want 9 numbers, got 8" {
		t.Errorf("short row: %v", err)
	}
}

// Fuzzing the terrain decoder: any input gives an error or a terrain whose
// every sample is finite, never a panic.
func FuzzParseTerrain(f *testing.F) {
	for _, dir := range []string{filepath.Join("..", "..", "assets", "terrain"), filepath.Join("testdata", "terrain")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"glidepath-terrain","version":1,"landblocks":[{"landblock":"0x0","heights":[]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseTerrain("fuzz.json", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.json: ") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		for _, lb := range tr.Landblocks() {
			cell := uint32(lb) << 16
			for _, p := range [][2]float32{{0, 0}, {12, 100}, {191.9, 191.9}, {-5, 200}} {
				z, n := tr.Height(cell, p[0], p[1])
				if !finite32(z) || !finiteVec(n) || !near(n.Len(), 1, 1e-4) {
					t.Fatalf("landblock %04X at %v: z %v n %v", lb, p, z, n)
				}
			}
		}
	})
}

// Obstacles parse from JSON, and errors name the element and field.
func TestParseObstacles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "obstacles", "town.json"))
	if err != nil {
		t.Fatal(err)
	}
	obs, err := ParseObstacles("town.json", data)
	if err != nil {
		t.Fatal(err)
	}
	want := []physics.Obstacle{
		{Kind: physics.ObstacleCylinder, Name: "well", Landblock: 0xA9B4, Center: mgl32.Vec3{96, 100, 0}, Radius: 1.5, Height: 2},
		{Kind: physics.ObstacleBox, Name: "wall", Landblock: 0xA9B4, Min: mgl32.Vec3{80, 110, 0}, Max: mgl32.Vec3{112, 111, 3}},
	}
	if len(obs) != len(want) || obs[0] != want[0] || obs[1] != want[1] {
		t.Errorf("got %+v\nwant %+v", obs, want)
	}
	cases := []struct{ data, want string }{
		{`{}`, "o.json: line 1: want an array, got object"},
		{`[{"kind":"cone","landblock":1}]`, `o.json: [0].kind: want "cylinder" or "box", got "cone"`},
		{`[{"landblock":1}]`, `o.json: [0].kind: missing`},
		{`[{"kind":"box"}]`, "o.json: [0].landblock: missing"},
		{`[{"kind":"cylinder","landblock":1,"center":[1,2],"radius":1,"height":1}]`, "o.json: [0].center: want 3 numbers, got 2"},
		{`[{"kind":"cylinder","landblock":1,"center":[1,2,3],"height":1}]`, "o.json: [0].radius: missing"},
		{`[{"kind":"cylinder","landblock":1,"center":[1,2,3],"radius":0,"height":1}]`, "o.json: [0].radius: want a positive number, got 0"},
		{`[{"kind":"box","landblock":1,"min":[0,0,0],"max":[1,0,1]}]`, "o.json: [0].max: y (0) must exceed min's (0)"},
		{`[{"kind":"box","landblock":1,"min":[0,0,0],"max":[1,1,1e300]}]`, "o.json: [0].max: 1e+300 is outside ±100000"},
		{`[{"kind":"box","landblock":1,"min":[0,0,0],"max":[1,1,1],"colour":2}]`, `o.json: [0].unknown field "colour"`},
	}
	for _, c := range cases {
		if _, err := ParseObstacles("o.json", []byte(c.data)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v\nwant prefix %s", c.data, err, c.want)
		}
	}
}

// Fuzzing the obstacle decoder: error or valid obstacles, never a panic.
func FuzzParseObstacles(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "obstacles", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`[{"kind":"cylinder","landblock":"0x1","center":[0,0,0],"radius":1,"height":1}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		obs, err := ParseObstacles("fuzz.json", data)
		if err != nil {
			return
		}
		for i := range obs {
			if err := obs[i].Validate(); err != nil {
				t.Fatalf("parsed an invalid obstacle %+v: %v", obs[i], err)
			}
			physics.ObstacleObject(&obs[i])
		}
	})
}

// TestParseTerrain_CarriesObstacles: a terrain asset may place static
// obstacles (the walled asset's wall and well); a bad one names its index.
func TestParseTerrain_CarriesObstacles(t *testing.T) {
	data, err := os.ReadFile("../../assets/terrain/walled.json")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ParseTerrain("walled.json", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Obstacles) != 2 || tr.Obstacles[0].Kind != physics.ObstacleBox || tr.Obstacles[1].Kind != physics.ObstacleCylinder {
		t.Fatalf("obstacles = %+v, want a box then a cylinder", tr.Obstacles)
	}
	bad := []byte(`{"format":"glidepath-terrain","version":1,"obstacles":[{"kind":"box","landblock":"0xA9B4","min":[1,1,0]}]}`)
	_, err = ParseTerrain("bad.json", bad)
	if err == nil || !strings.Contains(err.Error(), "bad.json: obstacles[0]: max") {
		t.Fatalf("ParseTerrain(bad) error = %v, want it to name obstacles[0].max", err)
	}
}

// TestAppendObstaclesJSON_RoundTrips: what AppendObstaclesJSON writes,
// ParseObstacles reads back to the same obstacles (recordings carry inline
// obstacles in this form).
func TestAppendObstaclesJSON_RoundTrips(t *testing.T) {
	in := []physics.Obstacle{
		{Kind: physics.ObstacleBox, Name: "wall \"north\"", Landblock: 0xA9B4, Min: mgl32.Vec3{110, 60.1, 0}, Max: mgl32.Vec3{111, 140, 4}},
		{Kind: physics.ObstacleCylinder, Landblock: 0x0102, Center: mgl32.Vec3{80.333, 120, -1.5}, Radius: 1.5, Height: 2},
	}
	data := AppendObstaclesJSON(nil, in)
	out, err := ParseObstacles("x.json", data)
	if err != nil {
		t.Fatalf("ParseObstacles(%s): %v", data, err)
	}
	if len(out) != len(in) {
		t.Fatalf("got %d obstacles, want %d", len(out), len(in))
	}
	for i := range in {
		if out[i] != in[i] {
			t.Errorf("obstacle %d: got %+v, want %+v", i, out[i], in[i])
		}
	}
}
