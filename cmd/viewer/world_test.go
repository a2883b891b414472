package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat/dattest"
	"glidepath/engine/datworld"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// datDir writes dattest's standard world into a folder.
func datDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "dats")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := dattest.WriteStandard(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// damagedDatDir is datDir with client_cell_1.dat's header broken.
func damagedDatDir(t *testing.T) string {
	t.Helper()
	dir := datDir(t)
	p := filepath.Join(dir, "client_cell_1.dat")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[0x140:], []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// walkFile writes the acceptance recording: a remote with the big
// creature's Setup walking east across landblock 0xA9B4 at y = 100, its
// updates 9 m apart each second at the height given by ground.
func walkFile(t *testing.T, ground func(x, y float32) float32) string {
	t.Helper()
	h := recording.NewHeader()
	pos := func(x float32) physics.Position {
		p := physics.NewPosition(0xA9B40001, mgl32.Vec3{x, 100, ground(x, 100)}, 90)
		p.Normalize()
		return p
	}
	e := recording.NewEntity(0x80000A01, pos(10))
	e.Seq.Instance, e.HasMotion, e.Setup = 1, true, dattest.BigSetup
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "walk.jsonl", Header: h}
	for i := 1; i <= 19; i++ {
		rec.Events = append(rec.Events, recording.Event{T: float64(i), Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
			Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(float32(10 + 9*i)), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i)}}})
	}
	path := filepath.Join(t.TempDir(), "walk.jsonl")
	if err := recording.WriteFile(path, rec); err != nil {
		t.Fatal(err)
	}
	return path
}

// noDatFolder leaves the test no dat folder but one its command line
// names: none from $GLIDEPATH_DAT, none remembered (a fresh configuration
// folder), none installed under the home folder.
func noDatFolder(t *testing.T) {
	t.Helper()
	t.Setenv(datworld.EnvVar, "")
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
}

// The viewer end to end with dattest's dat files (issue 28's acceptance):
// viewer run -dat DIR -json reports the world, the big creature's radius
// and height, and its trace keeps the terrain's height (within 5 cm on
// every tick in contact); without -dat the same input is on the flat
// ground 80 m and more below and the world is illustrative.
func TestViewerRun_DatWorld(t *testing.T) {
	noDatFolder(t)
	dir := datDir(t)
	w, err := datworld.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	hf, err := w.Landblock(0xA9B4)
	w.Close()
	if err != nil || hf == nil {
		t.Fatal(err)
	}
	tr := physics.NewLoadedTerrain("t", "", 0, true, func(uint16) (*physics.Heightfield, bool) { return hf, true })
	ground := func(x, y float32) float32 { z, _ := tr.Height(0xA9B40001, x, y); return z }
	in := walkFile(t, ground)

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
	if rep.World != "client_portal.dat iteration 982, client_cell_1.dat iteration 975" {
		t.Errorf("world %q", rep.World)
	}
	if len(rep.Objects) != 1 || rep.Objects[0].Radius != 1.2 || rep.Objects[0].Height != 3.5 || rep.Objects[0].Setup != "0x0200004E" {
		t.Errorf("objects %+v", rep.Objects)
	}

	// The trace: z against the terrain on every tick in contact.
	trace := filepath.Join(t.TempDir(), "walk.trace.jsonl")
	if code, _, errs := viewer(t, "run", "-dat", dir, "-quiet", "-trace", trace, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows := walkRows(t, trace)
	checked := 0
	for _, r := range rows {
		if !r.contact {
			continue
		}
		if d := math.Abs(float64(r.z - ground(r.x, r.y))); d > 0.05 {
			t.Fatalf("tick %d at (%.2f, %.2f): z %.3f, terrain %.3f", r.tick, r.x, r.y, r.z, ground(r.x, r.y))
		}
		checked++
	}
	if checked < 500 {
		t.Errorf("%d ticks in contact checked of %d rows", checked, len(rows))
	}

	// Without -dat: the flat ground, the entity's own size, the line on stderr.
	code, out, errs = viewer(t, "run", in)
	if code != 0 || !strings.Contains(errs, "world: illustrative (no dat files; see docs/world.md)") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	flat := filepath.Join(t.TempDir(), "flat.trace.jsonl")
	if code, _, errs := viewer(t, "run", "-quiet", "-trace", flat, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows = walkRows(t, flat)
	if last := rows[len(rows)-1]; math.Abs(float64(last.z)) > 0.05 || !last.contact {
		t.Errorf("without dats the walk ends at z %v (contact %v), want on the flat ground at 0", last.z, last.contact)
	}
	_ = out
}

// A bad or damaged dat folder is exit status 2 naming the file, from -dat
// and from $GLIDEPATH_DAT; a remembered or installed one would only warn.
func TestViewer_BadDatFolder(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	in := scenarioFile(t, "jump")
	bad := damagedDatDir(t)
	t.Setenv(datworld.EnvVar, "")
	if code, _, errs := viewer(t, "run", "-dat", bad, in); code != 2 || !strings.Contains(errs, "client_cell_1.dat") || !strings.Contains(errs, "-dat") {
		t.Errorf("-dat damaged: exit %d, %q", code, errs)
	}
	t.Setenv(datworld.EnvVar, bad)
	if code, _, errs := viewer(t, "run", in); code != 2 || !strings.Contains(errs, "$GLIDEPATH_DAT") || !strings.Contains(errs, "client_cell_1.dat") {
		t.Errorf("$GLIDEPATH_DAT damaged: exit %d, %q", code, errs)
	}
	good := datDir(t)
	if code, _, errs := viewer(t, "run", in); code != 2 {
		t.Errorf("-dat overrides the environment: exit %d, %q", code, errs)
	}
	// (The jump scenario's claims were made on flat ground: in the dats'
	// hills some fail, exit 1 — the world is read, not refused.)
	if code, _, errs := viewer(t, "run", "-dat", good, "-quiet", in); code == 2 || strings.Contains(errs, "client_cell_1.dat") {
		t.Errorf("-dat over a damaged $GLIDEPATH_DAT: exit %d, %q", code, errs)
	}
}

// walkRow is one object row of a Trace v1 file.
type walkRow struct {
	tick    int
	x, y, z float32
	contact bool
}

func walkRows(t *testing.T, path string) []walkRow {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []walkRow
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		var r struct {
			Tick    int        `json:"tick"`
			Origin  [3]float32 `json:"origin"`
			Contact *bool      `json:"contact"`
			Queue   *int       `json:"queue"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Contact == nil || r.Queue == nil {
			continue
		}
		out = append(out, walkRow{tick: r.Tick, x: r.Origin[0], y: r.Origin[1], z: r.Origin[2], contact: *r.Contact})
	}
	if len(out) == 0 {
		t.Fatalf("no object rows in %s: %.300s", path, data)
	}
	return out
}

// A usage error prints the error and the usage only: the world line comes
// once the command line is accepted.
func TestRun_WorldLineOnlyAfterTheCommandLineIsAccepted(t *testing.T) {
	t.Setenv("GLIDEPATH_DAT", "")
	for _, args := range [][]string{
		{"run"},
		{"run", "-bogus", farJump},
		{"run", "-ticks", "0", farJump},
		{"run", "-follow", "-idle", "1s", "-"},
	} {
		code, _, errs := viewer(t, args...)
		if code != 2 || strings.Contains(errs, "world:") {
			t.Errorf("viewer %s: exit %d, stderr has the world line:\n%s", strings.Join(args, " "), code, errs)
		}
	}
	if _, _, errs := viewer(t, "run", "-ticks", "1", farJump); !strings.Contains(errs, "world: ") {
		t.Errorf("an accepted run lacks the world line: %s", errs)
	}
}

// The window's usage errors (a bad flag value, a missing input, a flag
// after the files, a tick outside the run) print only the error, no world
// line, as shot's and export's do; the window says its world once its
// command line and inputs are accepted, just before it opens.
func TestWindow_WorldLineOnlyAfterTheCommandLineIsAccepted(t *testing.T) {
	t.Setenv("GLIDEPATH_DAT", "")
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	for _, args := range [][]string{
		{"-camera", "fisheye", farJump},
		{missing},
		{farJump, "-tick", "3"},
		{"-tick", "99999", farJump},
		{"-select", "0x80009999", farJump},
		{"shot", "-size", "10x10", farJump},
		{"shot", missing},
		{"shot", farJump, "-tick", "3"},
		{"export", "-size", "wide", farJump},
		{"export", missing},
		{"export"},
	} {
		code, errs, _ := windowOptions(t, args...)
		if code != exitUsage || strings.Contains(errs, "world:") {
			t.Errorf("viewer %s: exit %d, stderr has the world line:\n%s", strings.Join(args, " "), code, errs)
		}
	}
	code, errs, o := windowOptions(t, farJump)
	if code != exitOK || len(o.Sources) == 0 || errs != "world: illustrative (no dat files; see docs/world.md)\n" {
		t.Errorf("an accepted window: exit %d, stderr %q, want the world line alone", code, errs)
	}
}
