package engine

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// fakeWorld is a WorldData held in memory: a hilly landblock 0xA9B4 around
// z ≈ 70 m, a big creature's Setup, one damaged Setup, and statics.
type fakeWorld struct {
	blocks  map[uint16]*physics.Heightfield
	setups  map[uint32]SetupShape
	statics map[uint16][]physics.Obstacle
	tables  map[uint32]*anim.MotionTable
	calls   int
}

func (f *fakeWorld) Describe() string {
	return "client_portal.dat iteration 7, client_cell_1.dat iteration 9"
}
func (f *fakeWorld) Landblock(id uint16) (*physics.Heightfield, error) {
	f.calls++
	return f.blocks[id], nil
}
func (f *fakeWorld) Statics(id uint16) ([]physics.Obstacle, error) { return f.statics[id], nil }
func (f *fakeWorld) Setup(id uint32) (SetupShape, bool, error) {
	if id == 0x020000FF {
		return SetupShape{}, false, errors.New("client_portal.dat: entry 0x020000FF: cylspheres count: 4000000000, more than the limit")
	}
	s, ok := f.setups[id]
	return s, ok, nil
}
func (f *fakeWorld) MotionTable(id uint32) (*anim.MotionTable, error) { return f.tables[id], nil }

// hills is landblock heights around 70 m with slopes in both directions
// (every cell walkable: rises under 17 m per 24 m).
func hills() *physics.Heightfield {
	var h physics.Heightfield
	for i := range h {
		x, y := float64(i/physics.VerticesPerSide), float64(i%physics.VerticesPerSide)
		h[i] = float32(70 + 3*math.Sin(x*1.3) + 2*math.Cos(y*0.9+x*0.4))
	}
	return &h
}

func newFakeWorld() *fakeWorld {
	return &fakeWorld{
		blocks: map[uint16]*physics.Heightfield{0xA9B4: hills()},
		setups: map[uint32]SetupShape{0x02000001: {Radius: 2.5, Height: 6}},
	}
}

// walkRecording is a remote walking east across landblock 0xA9B4 at y = 100,
// its UpdatePositions 9 m apart each second, each at the terrain's height
// (what the server sends), from x = 10 to x = 181.
func walkRecording(ground func(x, y float32) float32) *recording.Recording {
	h := recording.NewHeader()
	e := recording.NewEntity(testGUID, posAt(10, 100, 90))
	e.Pos.Frame.Origin[2] = ground(10, 100)
	e.Seq.Instance = 1
	e.HasMotion = true
	e.Setup = 0x02000001
	h.Entities = []recording.Entity{e}
	rec := &recording.Recording{Name: "walk.jsonl", Header: h}
	for i := 1; i <= 19; i++ {
		x := float32(10 + 9*i)
		ev := positionEvent(float64(i), x, 100, uint16(i))
		ev.Update.Pos.Frame.Origin[2] = ground(x, 100)
		rec.Events = append(rec.Events, ev)
	}
	return rec
}

// The acceptance run (issue 28): with dats, a remote walking across a hilly
// landblock with updates 9 m apart keeps the terrain's height between them:
// on every tick in contact its z is within 5 cm of the terrain height
// computed independently from the triangle that holds it (retail's split,
// physics.SplitSWtoNE); without dats it falls to the flat ground 70 m
// below. Its Setup gives its radius and height.
func TestWorldData_WalkAcrossHills(t *testing.T) {
	fw := newFakeWorld()
	hf := fw.blocks[0xA9B4]
	ground := func(x, y float32) float32 {
		return float32(triangleHeight(hf, 0xA9, 0xB4, float64(x), float64(y)))
	}
	rec := walkRecording(ground)

	s := newSim(t, rec, Options{World: fw})
	if got := s.Query().WorldDescription(); got != fw.Describe() {
		t.Errorf("world %q", got)
	}
	var inContact, checked int
	var worst float64
	for s.Tick() < 20*30 {
		s.Step()
		v, ok := s.Query().Object(testGUID)
		if !ok {
			t.Fatal("object gone")
		}
		if s.Tick() == 1 && (v.Radius != 2.5 || v.Height != 6) {
			t.Errorf("radius %v height %v, want the Setup's 2.5 and 6", v.Radius, v.Height)
		}
		if !v.Contact {
			continue
		}
		inContact++
		o := v.Position.Frame.Origin
		if v.Position.Cell>>16 != 0xA9B4 {
			continue
		}
		checked++
		d := math.Abs(float64(o[2] - ground(o[0], o[1])))
		worst = max(worst, d)
		if d > 0.05 {
			t.Fatalf("tick %d: z %.3f at (%.2f, %.2f), terrain %.3f: %.3f m off", s.Tick(), o[2], o[0], o[1], ground(o[0], o[1]), d)
		}
	}
	if checked < 300 {
		t.Errorf("only %d ticks in contact on the landblock (of %d in contact)", checked, inContact)
	}
	t.Logf("%d ticks in contact on the hills, worst |z − terrain| %.4f m", checked, worst)
	if fb := s.Query().WorldFallbacks(); len(fb) != 0 {
		t.Errorf("fallbacks %+v, want none: the walk stays on landblock 0xA9B4", fb)
	}

	// Without dats: the recording's flat ground at z = 0, 70 m below.
	s = newSim(t, walkRecording(ground), Options{})
	if got := s.Query().WorldDescription(); got != IllustrativeWorld {
		t.Errorf("world %q", got)
	}
	runTo(s, 20*30)
	v, _ := s.Query().Object(testGUID)
	if z := v.Position.Frame.Origin[2]; z > 0.05 || z < -0.05 || !v.Contact {
		t.Errorf("without dats: z %v contact %v, want on the flat ground at 0", z, v.Contact)
	}
	if v.Radius != recording.DefaultRadius || v.Height != recording.DefaultHeight {
		t.Errorf("without dats: radius %v height %v, want the entity's", v.Radius, v.Height)
	}
}

// triangleHeight is the terrain height at landblock-local (x, y), computed
// from the cell's triangles by barycentric weights (independent of
// physics.Terrain's plane arithmetic).
func triangleHeight(h *physics.Heightfield, lbx, lby int, x, y float64) float64 {
	cx, cy := min(int(x/24), 7), min(int(y/24), 7)
	u, v := x/24-float64(cx), y/24-float64(cy)
	z00, z10 := float64(h.At(cx, cy)), float64(h.At(cx+1, cy))
	z01, z11 := float64(h.At(cx, cy+1)), float64(h.At(cx+1, cy+1))
	if physics.SplitSWtoNE(uint32(lbx*8+cx), uint32(lby*8+cy)) {
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

// Fallbacks: a Setup the dats lack, a damaged one and a motion table they
// lack are each replaced for that object alone, counted once and listed.
func TestWorldData_Fallbacks(t *testing.T) {
	fw := newFakeWorld()
	rec := testRecording(true)
	e := rec.Header.Entities[0]
	var ents []recording.Entity
	for i, setup := range []uint32{0x02000001, 0x02000002, 0x020000FF, 0x02000002} {
		x := e
		x.GUID = testGUID + uint32(i)
		x.Setup = setup
		x.MotionTableID = 0x09000001
		ents = append(ents, x)
	}
	// One more stands in landblock 0x0101, which the dats lack: the
	// recording's flat ground holds it there.
	far := e
	far.GUID, far.Pos = testGUID+9, physics.NewPosition(0x01010001, mgl32.Vec3{100, 100, 0}, 0)
	ents = append(ents, far)
	rec.Header.Entities = ents
	s := newSim(t, rec, Options{World: fw})
	runTo(s, 2)
	if v, _ := s.Query().Object(testGUID + 9); v.Position.Frame.Origin[2] != 0 || !v.Contact {
		t.Errorf("in the missing landblock: z %v contact %v, want on the flat ground", v.Position.Frame.Origin[2], v.Contact)
	}
	want := map[uint32][2]float32{testGUID: {2.5, 6}, testGUID + 1: {0.35, 1.8}, testGUID + 2: {0.35, 1.8}, testGUID + 3: {0.35, 1.8}}
	for g, rh := range want {
		v, _ := s.Query().Object(g)
		if v.Radius != rh[0] || v.Height != rh[1] {
			t.Errorf("0x%08X: radius %v height %v, want %v", g, v.Radius, v.Height, rh)
		}
	}
	var got []string
	for _, f := range s.Query().WorldFallbacks() {
		got = append(got, fmt.Sprintf("%s %s %q", f.Kind, f.ID, f.Problem))
	}
	wantList := []string{
		`landblock 0x0101FFFF ""`,
		`motion_table 0x09000001 ""`,
		`setup 0x02000002 ""`,
		`setup 0x020000FF "client_portal.dat: entry 0x020000FF: cylspheres count: 4000000000, more than the limit"`,
	}
	if fmt.Sprint(got) != fmt.Sprint(wantList) {
		t.Errorf("fallbacks\n got %q\nwant %q", got, wantList)
	}
}

// A dat MotionTable plays: its cycle's velocity moves the body (seed 002 §5:
// add_motion assigns MotionData velocity to the sequence).
func TestWorldData_MotionTablePlays(t *testing.T) {
	a, err := anim.NewAnimation("0x03000001", 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	motions := make([]*anim.MotionData, anim.Wave+1)
	motions[anim.Ready] = &anim.MotionData{Anims: []anim.AnimData{{Anim: a, Framerate: 30, HighFrame: -1}}}
	motions[anim.WalkForward] = &anim.MotionData{Velocity: mgl32.Vec3{0, 3.1, 0}, Anims: []anim.AnimData{{Anim: a, Framerate: 30, HighFrame: -1}}}
	tbl, err := anim.NewMotionTable("0x09000001", "test", motions, nil)
	if err != nil {
		t.Fatal(err)
	}
	fw := newFakeWorld()
	fw.blocks = nil
	fw.tables = map[uint32]*anim.MotionTable{0x09000001: tbl}
	rec := testRecording(true)
	rec.Header.Entities[0].MotionTableID = 0x09000001
	m := recording.NewMotion()
	m.Forward = recording.WalkForward
	rec.Events = append(rec.Events, recording.Event{T: 0.1, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m})
	s := newSim(t, rec, Options{World: fw})
	runTo(s, 33)
	v, _ := s.Query().Object(testGUID)
	moved := v.Position.Frame.Origin.Sub(rec.Header.Entities[0].Pos.Frame.Origin).Len()
	if moved < 2.5 || moved > 3.5 {
		t.Errorf("moved %.3f m in 1 s of the dat table's walk at 3.1 m/s", moved)
	}
	for _, f := range s.Query().WorldFallbacks() {
		if f.Kind == "motion_table" {
			t.Errorf("fallback %+v", f)
		}
	}
}

// Statics are part of the world, read per landblock as a body reaches it:
// a remote sent through a static cylinder of a LandBlockInfo stops against
// it, never inside.
func TestWorldData_StaticsBlock(t *testing.T) {
	fw := newFakeWorld()
	fw.blocks = nil // flat ground
	fw.statics = map[uint16][]physics.Obstacle{0xA9B4: {{Kind: physics.ObstacleCylinder, Name: "0x0200004E", Landblock: 0xA9B4,
		Center: mgl32.Vec3{120, 90, 0}, Radius: 2, Height: 6}}}
	rec := testRecording(true)
	for i := 1; i <= 6; i++ {
		rec.Events = append(rec.Events, positionEvent(float64(i)*0.5, 90+float32(i)*8, 90, uint16(i)))
	}
	s := newSim(t, rec, Options{World: fw})
	stopped := false
	for s.Tick() < 5*30 {
		s.Step()
		v, _ := s.Query().Object(testGUID)
		o := v.Position.Frame.Origin
		d := float32(math.Hypot(float64(o[0]-120), float64(o[1]-90)))
		if d < 2+v.Radius-0.01 {
			t.Fatalf("tick %d: the body at %v is inside the static (%.3f m from its axis)", s.Tick(), o, d)
		}
		stopped = stopped || o[0] > 110 && o[0] < 120
	}
	if !stopped {
		t.Error("the body never reached the static")
	}
	// Without dats there is no static: it walks on past it.
	s = newSim(t, rec, Options{})
	runTo(s, 5*30)
	if v, _ := s.Query().Object(testGUID); v.Position.Frame.Origin[0] < 122 {
		t.Errorf("without dats the body ended at %v, want past the static's place (x > 122)", v.Position.Frame.Origin)
	}
}
