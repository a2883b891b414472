// viewer dat and viewer run on dat files from indepwriter, a second writer
// built from the public layouts alone (ACE DatLoader, DatReaderWriter's
// dats.xml): `viewer dat DIR -json -entry ID` equals the writer's manifest
// field by field for landblocks, a LandBlockInfo, setups, the motion table,
// the animations and the Region; a remote walking across its hilly
// landblock keeps the terrain's height as the writer computes it.

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/indepwriter"
	"glidepath/engine/recording"
	"glidepath/physics"
)

func indepDir(t *testing.T) (string, *indepwriter.Manifest) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "indep")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	m, err := indepwriter.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir, m
}

// sameJSON compares the viewer's value got with the manifest's want: the
// same keys, the same lengths, numbers equal as float32 (the manifest holds
// float32 values; the viewer prints their shortest form).
func sameJSON(path string, want, got any) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: %v, want an object", path, got)
		}
		var wk, gk []string
		for k := range w {
			wk = append(wk, k)
		}
		for k := range g {
			gk = append(gk, k)
		}
		sort.Strings(wk)
		sort.Strings(gk)
		if strings.Join(wk, ",") != strings.Join(gk, ",") {
			return fmt.Errorf("%s: keys %v, want %v", path, gk, wk)
		}
		for _, k := range wk {
			if err := sameJSON(path+"."+k, w[k], g[k]); err != nil {
				return err
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Errorf("%s: %v, want %d items", path, got, len(w))
		}
		for i := range w {
			if err := sameJSON(fmt.Sprintf("%s[%d]", path, i), w[i], g[i]); err != nil {
				return err
			}
		}
	case float64:
		g, ok := got.(float64)
		if !ok || float32(g) != float32(w) {
			return fmt.Errorf("%s: %v, want %v", path, got, float32(w))
		}
	default:
		if want != got {
			return fmt.Errorf("%s: %v, want %v", path, got, want)
		}
	}
	return nil
}

func TestDat_IndependentWriterEntries(t *testing.T) {
	dir, m := indepDir(t)
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man struct {
		Entries map[string]any `json:"entries"`
	}
	if err := json.Unmarshal(raw, &man); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for id := range man.Entries {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	kinds := map[string]int{}
	for _, id := range ids {
		want := man.Entries[id].(map[string]any)
		typ := want["type"].(string)
		// Every portal entry; of the 81 landblocks, the walk's, the
		// compressed one and a few others.
		if typ == "LandBlock" && id != fmt.Sprintf("0x%08X", indepwriter.HillBlock) && id != fmt.Sprintf("0x%08X", indepwriter.CompressedLB) && id[5] != '4' {
			continue
		}
		got := datJSON(t, "-entry", id, dir)
		if err := sameJSON(id, want, any(got)); err != nil {
			t.Error(err)
		}
		kinds[typ]++
	}
	// The built binary, as a user runs it: the same output for the walk's
	// landblock, the big creature's Setup and the compressed motion table.
	for _, id := range []uint32{indepwriter.HillBlock, indepwriter.BigSetup, indepwriter.Table} {
		hid := fmt.Sprintf("0x%08X", id)
		out, err := exec.Command(viewerBinary(t), "dat", dir, "-json", "-entry", hid).Output()
		if err != nil {
			t.Fatalf("viewer dat -entry %s: %v", hid, err)
		}
		var got map[string]any
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%s: %v", hid, err)
		}
		if err := sameJSON(hid, man.Entries[hid], any(got)); err != nil {
			t.Error("binary: ", err)
		}
	}
	if kinds["LandBlock"] < 5 || kinds["Setup"] < 3 || kinds["MotionTable"] != 1 || kinds["Animation"] != 3 || kinds["Region"] != 1 || kinds["LandBlockInfo"] != 1 {
		t.Errorf("entries compared by type: %v", kinds)
	}
	if len(m.Compressed) == 0 {
		t.Error("nothing compressed")
	}
}

// indepWalkFile is the acceptance walk on the writer's hilly landblock: a
// remote with the big creature's Setup walking east at y = 100, updates 9 m
// apart each second at the writer's own terrain height.
func indepWalkFile(t *testing.T) string {
	t.Helper()
	const gx0, gy0 = indepwriter.HillX * 192, indepwriter.HillY * 192
	h := recording.NewHeader()
	pos := func(x float32) physics.Position {
		z := float32(indepwriter.TerrainHeight(gx0+float64(x), gy0+100))
		p := physics.NewPosition(indepwriter.HillX<<24|indepwriter.HillY<<16|1, mgl32.Vec3{x, 100, z}, 90)
		p.Normalize()
		return p
	}
	e := recording.NewEntity(0x80000A01, pos(10))
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, indepwriter.BigSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "indepwalk.jsonl", Header: h}
	for i := 1; i <= 19; i++ {
		rec.Events = append(rec.Events, recording.Event{T: float64(i), Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
			Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(float32(10 + 9*i)), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i)}}})
	}
	// A second big creature, created by an event, standing on the hill.
	c := recording.NewEntity(0x80000A02, pos(60))
	c.Seq.Instance, c.HasMotion, c.Setup = 1, true, indepwriter.BigSetup
	rec.Events = append(rec.Events, recording.Event{T: 0.5, Kind: recording.KindCreate, GUID: c.GUID, HasGUID: true, Entity: &c})
	sort.SliceStable(rec.Events, func(i, j int) bool { return rec.Events[i].T < rec.Events[j].T })
	path := filepath.Join(t.TempDir(), "indepwalk.jsonl")
	if err := recording.WriteFile(path, rec); err != nil {
		t.Fatal(err)
	}
	return path
}

// The walk across the independent writer's hilly landblock: with -dat the
// big creature reports radius 1.2 and height 3.5 and on every tick in
// contact its z is within 5 cm of the terrain height the writer computes
// (ACE's triangulation of the height bytes); without -dat it ends on the
// flat ground, 70 m and more below.
func TestViewerRun_IndependentDatWalk(t *testing.T) {
	noDatFolder(t)
	dir, _ := indepDir(t)
	in := indepWalkFile(t)
	const gx0, gy0 = indepwriter.HillX * 192, indepwriter.HillY * 192

	code, out, errs := viewer(t, "run", "-dat", dir, "-json", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		World   string `json:"world"`
		Objects []struct {
			Radius, Height float32
			Setup          string
		} `json:"objects"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := fmt.Sprintf("client_portal.dat iteration %d, client_cell_1.dat iteration %d", indepwriter.PortalIter, indepwriter.CellIter); rep.World != want {
		t.Errorf("world %q, want %q", rep.World, want)
	}
	if len(rep.Objects) != 2 {
		t.Errorf("objects %+v, want the walker and the created one", rep.Objects)
	}
	for _, o := range rep.Objects {
		if o.Radius != 1.2 || o.Height != 3.5 || o.Setup != fmt.Sprintf("0x%08X", indepwriter.BigSetup) {
			t.Errorf("object %+v, want the big creature's radius 1.2 and height 3.5", o)
		}
	}

	trace := filepath.Join(t.TempDir(), "indepwalk.trace.jsonl")
	if code, _, errs := viewer(t, "run", "-dat", dir, "-quiet", "-trace", trace, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	checked, worst := 0, 0.0
	for _, r := range walkRows(t, trace) {
		if !r.contact {
			continue
		}
		want := indepwriter.TerrainHeight(gx0+float64(r.x), gy0+float64(r.y))
		d := math.Abs(float64(r.z) - want)
		worst = max(worst, d)
		if d > 0.05 {
			t.Fatalf("tick %d at (%.2f, %.2f): z %.3f, terrain %.3f", r.tick, r.x, r.y, r.z, want)
		}
		checked++
	}
	if checked < 500 {
		t.Errorf("%d ticks in contact checked", checked)
	}
	t.Logf("%d ticks in contact, worst |z − terrain| %.4f m", checked, worst)

	flat := filepath.Join(t.TempDir(), "flat.trace.jsonl")
	if code, _, errs := viewer(t, "run", "-quiet", "-trace", flat, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := walkRows(t, flat)
	if last := rows[len(rows)-1]; math.Abs(float64(last.z)) > 0.05 || !last.contact {
		t.Errorf("without dats the walk ends at z %v (contact %v), want the flat ground at 0", last.z, last.contact)
	}
	// The terrain is 70 m and more above the flat ground along the walk.
	for x := 10.0; x <= 181; x += 9 {
		if z := indepwriter.TerrainHeight(gx0+x, gy0+100); z < 70 {
			t.Fatalf("terrain at x %.0f is %.1f m, want the walk 70 m and more up", x, z)
		}
	}
}

// The independent writer's cell dat cut short: viewer run -dat exits 2
// naming the file.
func TestViewerRun_IndependentDatDamaged(t *testing.T) {
	noDatFolder(t)
	dir, _ := indepDir(t)
	in := indepWalkFile(t)
	p := filepath.Join(dir, "client_cell_1.dat")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := viewer(t, "run", "-dat", dir, "-json", in); code != 2 || !strings.Contains(errs, "client_cell_1.dat") {
		t.Errorf("exit %d, stderr %q; want 2 naming client_cell_1.dat", code, errs)
	}
	var stderr strings.Builder
	cmd := exec.Command(viewerBinary(t), "run", "-dat", dir, "-json", in)
	cmd.Stderr = &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), "client_cell_1.dat") {
		t.Errorf("the binary: %v, stderr %q; want exit 2 naming client_cell_1.dat", err, stderr.String())
	}
}
