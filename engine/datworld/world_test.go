package datworld

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets"
	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
	"glidepath/engine"
	"glidepath/engine/recording"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// written is the world write writes into a temporary folder, opened (and
// closed when the test ends), and that folder.
func written(t testing.TB, write func(dir string) error) (*World, string) {
	t.Helper()
	dir := t.TempDir()
	if err := write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w, dir
}

// standard writes dattest's standard world into a temporary folder and
// opens it.
func standard(t testing.TB) (*World, string) {
	t.Helper()
	return written(t, dattest.WriteStandard)
}

// vertexHeight is the standard world's height at global vertex (gx, gy),
// from the writer's own numbers.
func vertexHeight(gx, gy int) float64 {
	return float64(dattest.HeightTable()[dattest.HillHeight(gx, gy)])
}

// terrainHeight is the standard world's terrain height at global metres
// (X, Y) — landblock x·192 + local x — computed independently of physics:
// the split rule written out in 64-bit arithmetic reduced mod 2^32 (retail
// CLandBlockStruct::ConstructPolygons), then barycentric weights.
func terrainHeight(X, Y float64) float64 {
	gx, gy := int(math.Floor(X/24)), int(math.Floor(Y/24))
	u, v := X/24-float64(gx), Y/24-float64(gy)
	z00, z10 := vertexHeight(gx, gy), vertexHeight(gx+1, gy)
	z01, z11 := vertexHeight(gx, gy+1), vertexHeight(gx+1, gy+1)
	const m = 1 << 32
	ux, uy := uint64(gx), uint64(gy)
	d := (uy*((214614067*ux+1813693831)%m) + 2*m - (1109124029*ux)%m - 1369149221) % m
	if float64(d)*2.3283064e-10 >= 0.5 { // SW–NE cut
		if u >= v {
			return z00*(1-u) + z10*(u-v) + z11*v
		}
		return z00*(1-v) + z01*(v-u) + z11*u
	}
	if u+v <= 1 {
		return z00*(1-u-v) + z10*u + z01*v
	}
	return z11*(u+v-1) + z01*(1-u) + z10*(1-v)
}

func TestOpen_Standard(t *testing.T) {
	w, _ := standard(t)
	if got, want := w.Describe(), "client_portal.dat iteration 982, client_cell_1.dat iteration 975"; got != want {
		t.Errorf("Describe %q, want %q", got, want)
	}
	h, err := w.Landblock(0xA9B4)
	if err != nil || h == nil {
		t.Fatalf("landblock A9B4: %v %v", h, err)
	}
	for x := 0; x <= 8; x++ {
		for y := 0; y <= 8; y++ {
			if got, want := float64(h.At(x, y)), vertexHeight(0xA9*8+x, 0xB4*8+y); got != want {
				t.Fatalf("vertex (%d,%d): %v, want %v", x, y, got, want)
			}
		}
	}
	if h, err := w.Landblock(0x0101); h != nil || err != nil {
		t.Errorf("absent landblock: %v %v", h, err)
	}
	for _, c := range []struct {
		id   uint32
		want engine.SetupShape
		ok   bool
	}{
		{dattest.BigSetup, engine.SetupShape{Radius: 1.2, Height: 3.5, StepUpHeight: 0.8, StepDown: 2.5}, true},
		{dattest.HumanSetup, engine.SetupShape{Radius: 0.35, Height: 1.8, StepUpHeight: 0.4, StepDown: 1.5,
			Spheres: []physics.Sphere{{Center: mgl32.Vec3{0, 0, 0.5}, Radius: 0.5}, {Center: mgl32.Vec3{0, 0, 1.3}, Radius: 0.5}}}, true},
		{dattest.SphereSetup, engine.SetupShape{Radius: 0.3, Height: 0.6, StepUpHeight: 0.1, StepDown: 0.1,
			Spheres: []physics.Sphere{{Center: mgl32.Vec3{0, 0, 0.3}, Radius: 0.3}}}, true},
		{0x02000999, engine.SetupShape{}, false},
	} {
		got, ok, err := w.Setup(c.id)
		if !reflect.DeepEqual(got, c.want) || ok != c.ok || err != nil {
			t.Errorf("Setup 0x%08X: %+v %v %v, want %+v %v", c.id, got, ok, err, c.want, c.ok)
		}
	}
	// Statics: the big creature's two cylspheres at its frame, turned 90°
	// about z; the GfxObj stab and the GfxObj building have no volume.
	obs, err := w.Statics(0xA9B4)
	if err != nil || len(obs) != 2 {
		t.Fatalf("statics %+v %v", obs, err)
	}
	// Cylsphere 0 at local (0, 0.25, 0) turned +90° about z is (−0.25, 0).
	if c := obs[0].Center; math.Abs(float64(c[0]-39.75)) > 1e-4 || math.Abs(float64(c[1]-60)) > 1e-4 || c[2] != 92 || obs[0].Radius != 1.2 || obs[0].Height != 3.5 {
		t.Errorf("static 0 %+v", obs[0])
	}
	if obs[1].Landblock != 0xA9B4 || obs[1].Name != "0x0200004E" || obs[1].Radius != 0.8 {
		t.Errorf("static 1 %+v", obs[1])
	}
}

// The standard MotionTable converted: cycles with the dat's framerates,
// velocities and frame ranges, animations with their pos_frames, the
// mirrored motions adjust_motion would make.
func TestMotionTable_Converted(t *testing.T) {
	w, _ := standard(t)
	tb, err := w.MotionTable(dattest.HumanTable)
	if err != nil || tb == nil {
		t.Fatalf("%v %v", tb, err)
	}
	walk := tb.Motion(anim.WalkForward)
	if walk == nil || walk.Velocity != (mgl32.Vec3{0, 3.12, 0}) || len(walk.Anims) != 1 || walk.Anims[0].Framerate != 30 || walk.Anims[0].HighFrame != -1 {
		t.Fatalf("WalkForward %+v", walk)
	}
	if a := walk.Anims[0].Anim; a.Name() != "0x03000002" || a.NumFrames() != 16 {
		t.Errorf("walk animation %s with %d frames", a.Name(), a.NumFrames())
	}
	if back := tb.Motion(anim.WalkBackward); back == nil || back.Anims[0].Framerate != -19.5 || back.Velocity[1] != -2.028 {
		t.Errorf("WalkBackward (the dat's own) %+v", back)
	}
	if left := tb.Motion(anim.TurnLeft); left == nil || left.Omega != (mgl32.Vec3{0, 0, 1.5}) || left.Anims[0].Framerate != -30 {
		t.Errorf("TurnLeft (TurnRight × −1) %+v", left)
	}
	ss := tb.Motion(anim.SideStepRight)
	if ss == nil || ss.Anims[0].LowFrame != 2 || ss.Anims[0].HighFrame != 9 || ss.Anims[0].Framerate != 25 {
		t.Errorf("SideStepRight %+v", ss)
	}
	if tb.Motion(anim.Jump) != nil || tb.Motion(anim.Attack) != nil {
		t.Error("the table has no Jump or Attack")
	}
	if tb.Motion(anim.Ready) == nil || tb.Motion(anim.RunForward).Anims[0].Framerate != 37.5 {
		t.Error("Ready or RunForward wrong")
	}
	// The links out of Ready, played before the new cycle.
	if l := tb.Link(anim.Ready, anim.WalkForward); l == nil || len(l.Anims) != 2 || l.Anims[0].Anim.Name() != "0x03000004" || l.Anims[1].Framerate != 45 || l.Anims[1].HighFrame != 3 {
		t.Errorf("link Ready → WalkForward %+v", l)
	}
	if l := tb.Link(anim.Ready, anim.RunForward); l == nil || l.Anims[0].LowFrame != 1 || l.Anims[0].HighFrame != 4 {
		t.Errorf("link Ready → RunForward %+v", l)
	}
	if tb.Link(anim.WalkForward, anim.Ready) != nil {
		t.Error("a link the table does not hold")
	}
	if tb2, err := w.MotionTable(0x09000999); tb2 != nil || err != nil {
		t.Errorf("absent table: %v %v", tb2, err)
	}
	// A table whose animation is missing is an error naming both.
	mt := dattest.StandardMotionTable()
	mt.Cycles[1].Data.Anims[0].AnimID = 0x03000999
	_, err = ConvertMotionTable(mt, w.Dats().Animation)
	if err == nil || !strings.Contains(err.Error(), "motion table 0x09000001") || !strings.Contains(err.Error(), "0x03000999") {
		t.Errorf("missing animation: %v", err)
	}
}

// A damaged file is an error naming it; a folder without dats names the
// folder.
func TestOpen_Damaged(t *testing.T) {
	_, dir := standard(t)
	p := filepath.Join(dir, "client_cell_1.dat")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[0x140:], []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "client_cell_1.dat") {
		t.Errorf("damaged cell dat: %v", err)
	}
	empty := t.TempDir()
	if _, err := Open(empty); err == nil || !strings.Contains(err.Error(), empty) {
		t.Errorf("empty folder: %v", err)
	}
}

// walk is the acceptance recording (issue 28): a remote walking east across
// the hilly landblock 0xA9B4 at y = 100, its UpdatePositions 9 m apart each
// second at the terrain's height, made with the big creature's Setup.
func walk() *recording.Recording {
	h := recording.NewHeader()
	pos := func(x float32) physics.Position {
		p := physics.NewPosition(0xA9B40001, mgl32.Vec3{x, 100, float32(terrainHeight(0xA9*192+float64(x), 0xB4*192+100))}, 90)
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
	return rec
}

// End to end with dattest's dat files: on every tick in contact the body's
// z is within 5 cm of the independently computed terrain height; the
// Setup gives radius 1.2 m and height 3.5 m; without the dats it falls to
// the flat ground 80 m and more below.
func TestWalk_DatTerrain(t *testing.T) {
	w, _ := standard(t)
	s, err := engine.New(walk(), engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	var worst float64
	for s.Tick() < 20*30 {
		s.Step()
		v, _ := s.Query().Object(0x80000A01)
		if v.Radius != 1.2 || v.Height != 3.5 {
			t.Fatalf("radius %v height %v", v.Radius, v.Height)
		}
		if !v.Contact || v.Position.Cell>>16 != 0xA9B4 {
			continue
		}
		o := v.Position.Frame.Origin
		want := terrainHeight(0xA9*192+float64(o[0]), 0xB4*192+float64(o[1]))
		d := math.Abs(float64(o[2]) - want)
		worst = max(worst, d)
		if d > 0.05 {
			t.Fatalf("tick %d at (%.2f, %.2f): z %.3f, terrain %.3f", s.Tick(), o[0], o[1], o[2], want)
		}
		checked++
	}
	if checked < 500 {
		t.Errorf("%d ticks checked", checked)
	}
	t.Logf("%d ticks in contact, worst |z − terrain| = %.4f m", checked, worst)
	// The standard world lacks every GfxObj its statics name: each is
	// listed, once, as geometry left out (the big creature still collides
	// through its cylspheres).
	fb := s.Query().WorldFallbacks()
	want := []string{"0x01000101", "0x01000102", "0x01000103", "0x01000104", "0x01000777", "0x01001234"}
	if len(fb) != len(want) {
		t.Fatalf("fallbacks %+v", fb)
	}
	for i, f := range fb {
		if f.Kind != "geometry" || f.ID != want[i] || f.Problem != "" {
			t.Errorf("fallback %d: %+v, want geometry %s", i, f, want[i])
		}
	}

	s, err = engine.New(walk(), engine.Options{Assets: assets.FS()})
	if err != nil {
		t.Fatal(err)
	}
	for s.Tick() < 20*30 {
		s.Step()
	}
	if v, _ := s.Query().Object(0x80000A01); math.Abs(float64(v.Position.Frame.Origin[2])) > 0.05 || v.Radius != 0.35 {
		t.Errorf("without dats: z %v radius %v, want the flat ground at 0 and the entity's 0.35", v.Position.Frame.Origin[2], v.Radius)
	}
}

// A walk across the edge between landblocks 0xA9B4 and 0xAAB4 (and on into
// 0xAAB5) keeps the terrain's height on both sides: the neighbours share
// their edge heights, and the body in contact follows whichever landblock
// it is in.
func TestWalk_AcrossLandblockEdges(t *testing.T) {
	w, _ := standard(t)
	const gx0, gy0 = 0xA9 * 192, 0xB4 * 192
	pos := func(X, Y float64) physics.Position {
		p := physics.NewPosition(0xA9B40001, mgl32.Vec3{float32(X - gx0), float32(Y - gy0), float32(terrainHeight(X, Y))}, 45)
		p.Normalize()
		return p
	}
	h := recording.NewHeader()
	e := recording.NewEntity(0x80000A01, pos(gx0+150, gy0+150))
	e.Seq.Instance, e.HasMotion = 1, true
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "edge.jsonl", Header: h}
	for i := 1; i <= 12; i++ {
		X, Y := gx0+150+6.0*float64(i), gy0+150+6.0*float64(i)
		rec.Events = append(rec.Events, recording.Event{T: float64(i), Kind: recording.KindPosition, GUID: e.GUID, HasGUID: true,
			Update: recording.UpdatePosition{GUID: e.GUID, Pos: pos(X, Y), Grounded: true,
				Seq: recording.PositionSeq{Instance: 1, Position: uint16(i)}}})
	}
	s, err := engine.New(rec, engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[uint32]int{}
	for s.Tick() < 13*30 {
		s.Step()
		v, _ := s.Query().Object(0x80000A01)
		if !v.Contact {
			continue
		}
		lb := v.Position.Cell >> 16
		o := v.Position.Frame.Origin
		X, Y := float64(lb>>8)*192+float64(o[0]), float64(lb&0xFF)*192+float64(o[1])
		if d := math.Abs(float64(o[2]) - terrainHeight(X, Y)); d > 0.05 {
			t.Fatalf("tick %d in 0x%04X at (%.2f, %.2f): z %.3f, terrain %.3f", s.Tick(), lb, o[0], o[1], o[2], terrainHeight(X, Y))
		}
		seen[lb]++
	}
	if seen[0xA9B4] == 0 || seen[0xAAB5] == 0 {
		t.Errorf("landblocks visited in contact: %v", seen)
	}
}

// A hostile MotionTable — a framerate or a velocity that is not a sane
// finite number — is refused, naming the table and the entry; the engine
// then falls back to the shipped table for that object.
func TestMotionTable_RefusesInsaneNumbers(t *testing.T) {
	w, _ := standard(t)
	for _, c := range []struct {
		name string
		edit func(*dat.MotionTable)
		want string
	}{
		{"NaN framerate", func(m *dat.MotionTable) { m.Cycles[1].Data.Anims[0].Framerate = float32(math.NaN()) }, "framerate NaN"},
		{"huge velocity", func(m *dat.MotionTable) { m.Cycles[1].Data.Velocity[1] = 1e30 }, "velocity"},
		{"infinite omega", func(m *dat.MotionTable) { m.Cycles[4].Data.Omega[2] = float32(math.Inf(-1)) }, "omega"},
	} {
		mt := dattest.StandardMotionTable()
		c.edit(mt)
		_, err := ConvertMotionTable(mt, w.Dats().Animation)
		if err == nil || !strings.Contains(err.Error(), "motion table 0x09000001") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// A portal dat without the Region (issue 37 item 9): the landblocks are
// there but their height bytes cannot become metres (retail
// LandblockStruct::ConstructVertices reads LandDefs.Land_Height_Table), so
// the run falls back once naming the Region — "no Region 0x13000000, so
// no height table" — not each landblock as though the cell dat lacked it.
func TestWalk_NoRegionFallsBackNamingTheRegion(t *testing.T) {
	dir := t.TempDir()
	_, cell := dattest.Standard()
	portal := dattest.New(1024, dattest.PortalDataSet)
	for _, s := range dattest.StandardSetups() {
		portal.Add(s.ID, dattest.Setup(s))
	}
	if err := dattest.WriteDir(dir, portal, cell); err != nil {
		t.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	s, err := engine.New(walk(), engine.Options{Assets: assets.FS(), World: w})
	if err != nil {
		t.Fatal(err)
	}
	for s.Tick() < 60 {
		s.Step()
	}
	fb := s.Query().WorldFallbacks()
	var region []engine.Fallback
	for _, f := range fb {
		switch f.Kind {
		case "region":
			region = append(region, f)
		case "landblock":
			t.Errorf("a landblock fallback without a Region: %+v", f)
		}
	}
	if len(region) != 1 || region[0].ID != "0x13000000" || !strings.Contains(region[0].Problem, "no Region 0x13000000, so no height table") {
		t.Errorf("fallbacks %+v, want one naming Region 0x13000000 and the height table", fb)
	}
}
