// `viewer dat -entry` on the geometry entries: the fields docs/formats.md
// names, on the independent writer's geometry world (indepwriter, from the
// public layouts alone), and a damaged GfxObj an error naming the file,
// entry and field (exit 2).

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat/dattest"
	"glidepath/assets/dat/indepwriter"
)

func TestDat_GeometryEntriesJSON(t *testing.T) {
	dir := t.TempDir()
	if err := indepwriter.WriteGeometry(dir); err != nil {
		t.Fatal(err)
	}
	g := datJSON(t, "-entry", fmt.Sprintf("%08X", indepwriter.GeoPillarID), dir)
	polys := g["physics_polygons"].([]any)
	if g["type"] != "GfxObj" || len(polys) != 6 || g["physics_bsp_nodes"].(float64) != 13 || g["num_polygons"].(float64) != 0 {
		t.Errorf("pillar %v", g)
	}
	top := polys[0].(map[string]any)
	if v := top["vertices"].([]any)[2].([]any); v[0].(float64) != 0.3 || v[1].(float64) != 0.3 || v[2].(float64) != 4 || top["sides"].(float64) != 2 {
		t.Errorf("pillar top %v", top)
	}
	e := datJSON(t, "-entry", fmt.Sprintf("%08X", indepwriter.GeoEnvID), dir)
	cells := e["cells"].([]any)
	if e["type"] != "Environment" || len(cells) != 4 || cells[3].(map[string]any)["portals"].([]any)[0].(float64) != float64(indepwriter.GeoShapes()[3].Portals[0]) {
		t.Errorf("environment %v", e)
	}
	c := datJSON(t, "-entry", fmt.Sprintf("%08X", indepwriter.GeoHall), dir)
	p := c["portals"].([]any)[0].(map[string]any)
	if c["type"] != "EnvCell" || c["seen_outside"] != true || c["environment"] != "0x0D000A00" || c["restriction_obj"] != "0x7A000B00" ||
		p["other_cell"].(float64) != 0xFFFF || p["flags"].(float64) != 3 {
		t.Errorf("hall %v", c)
	}
	r := datJSON(t, "-entry", fmt.Sprintf("%08X", indepwriter.GeoRoom), dir)
	if s := r["static_objects"].([]any); len(s) != 1 || s[0].(map[string]any)["id"] != fmt.Sprintf("0x%08X", indepwriter.GeoPillarID) {
		t.Errorf("room %v", r)
	}
}

// datBadGfxObjDir writes the geometry world with the building's shell cut
// short.
func datBadGfxObjDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, "dat-bad-gfxobj")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	p, c := dattest.Geometry()
	b := dattest.GfxObj(dattest.GeoGfxObjs()[0])
	p.Add(dattest.BuildingShell, b[:60])
	if err := dattest.WriteDir(out, p, c); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDat_DamagedGfxObjExits2(t *testing.T) {
	dir := datBadGfxObjDir(t, t.TempDir())
	code, _, errs := viewer(t, "dat", "-entry", fmt.Sprintf("%08X", dattest.BuildingShell), dir)
	want := "client_portal.dat: entry 0x01000300: vertex_array.vertices count at byte 17: count 28 needs at least 784 bytes, 39 are left"
	if code != 2 || !strings.Contains(errs, want) {
		t.Errorf("exit %d, stderr %q, want 2 and %q", code, errs, want)
	}
}
