// The typed readers' behaviours beyond the round trip: error messages that
// name the entry and field, unknown hooks, the height table, motion table
// lookups and key splitting, case-insensitive file names.

package dat_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

// A LandBlock shorter than 252 bytes names the field it cuts into
// (the message docs/world.md quotes).
func TestLandBlock_ShortEntryNamesTheField(t *testing.T) {
	dir := t.TempDir()
	portal, cell := dattest.Standard()
	lb := dattest.LandBlock(dattest.HillLandBlock(dattest.HillBlock))
	cell.AddRaw(dattest.HillBlock, 0, lb[:200])
	if err := dattest.WriteDir(dir, portal, cell); err != nil {
		t.Fatal(err)
	}
	d, err := dat.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	_, err = d.LandBlock(dattest.HillBlock)
	if want := "client_cell_1.dat: entry 0xA9B4FFFF: heights: entry is 200 bytes, want 252"; err == nil || err.Error() != want {
		t.Fatalf("err %v, want %q", err, want)
	}
	var de *dat.Error
	if !errors.As(err, &de) || de.ID != dattest.HillBlock || de.Field != "heights" {
		t.Errorf("error fields %+v", de)
	}
}

// Hooks carry no length (ACE AnimationHook.ReadHook): an unknown type
// fails the entry, naming the frame and hook, and nothing panics.
func TestAnimation_UnknownHookTypeFailsTheEntry(t *testing.T) {
	a := dattest.StepAnimation(0x03000099, 2, 3, 0.1)
	a.PartFrames[1].Hooks = []dat.Hook{{Type: dat.HookSound, ID: 1}, {Type: 99}}
	_, err := dat.ParseAnimation(dattest.Animation(a), a.ID)
	if err == nil || !strings.Contains(err.Error(), "frames[1].hooks[1].type at byte") || !strings.Contains(err.Error(), "unknown hook type 99") {
		t.Fatalf("err %v", err)
	}
	// NoOp (0) is not in ACE's hook switch either.
	a.PartFrames[1].Hooks = []dat.Hook{{Type: dat.HookNoOp}}
	if _, err := dat.ParseAnimation(dattest.Animation(a), a.ID); err == nil {
		t.Fatal("a NoOp hook read without error")
	}
}

func TestParse_IDMustBeTheEntrys(t *testing.T) {
	b := dattest.Setup(dattest.StandardSetups()[0])
	_, err := dat.ParseSetup(b, 0x02000002)
	if err == nil || !strings.Contains(err.Error(), "id at byte 0: entry holds id 0x02000001") {
		t.Fatalf("err %v", err)
	}
}

func TestParse_NonFiniteFloatIsAnError(t *testing.T) {
	s := dattest.StandardSetups()[0]
	s.CylSpheres[0].Radius = float32(math.Inf(1))
	_, err := dat.ParseSetup(dattest.Setup(s), s.ID)
	if err == nil || !strings.Contains(err.Error(), "cylspheres.radius") || !strings.Contains(err.Error(), "not a finite number") {
		t.Fatalf("err %v", err)
	}
}

// A count that the rest of the entry cannot hold is an error before any
// allocation.
func TestParse_LyingCountIsAnError(t *testing.T) {
	b := dattest.Setup(dattest.StandardSetups()[2])
	b[8], b[9], b[10], b[11] = 0xFF, 0xFF, 0xFF, 0x0F // parts count
	_, err := dat.ParseSetup(b, dattest.SphereSetup)
	if err == nil || !strings.Contains(err.Error(), "parts count at byte 8: count 268435455 needs at least") {
		t.Fatalf("err %v", err)
	}
}

// Heights go through the Region's height table, x-major (ACE
// CellLandblock.cs: "Height 0-9 is Western most edge").
func TestRegion_HeightsThroughTheTable(t *testing.T) {
	d := openStandard(t)
	r, err := d.Region()
	if err != nil {
		t.Fatal(err)
	}
	lb, err := d.LandBlock(dattest.EastBlock)
	if err != nil {
		t.Fatal(err)
	}
	h := r.Heights(lb)
	table := dattest.HeightTable()
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			want := table[dattest.HillHeight(0xAA*8+x, 0xB4*8+y)]
			if h[x*9+y] != want {
				t.Fatalf("height (%d, %d) = %v, want %v", x, y, h[x*9+y], want)
			}
		}
	}
	// The shared edge with the block to the west agrees.
	west, _ := d.LandBlock(dattest.HillBlock)
	hw := r.Heights(west)
	for y := 0; y < 9; y++ {
		if hw[8*9+y] != h[0*9+y] {
			t.Errorf("edge y=%d: west %v, east %v", y, hw[8*9+y], h[y])
		}
	}
}

func TestMotionTable_Lookups(t *testing.T) {
	d := openStandard(t)
	m, err := d.MotionTable(dattest.HumanTable)
	if err != nil {
		t.Fatal(err)
	}
	walk, ok := m.Cycle(dattest.NonCombat, dattest.WalkForward)
	if !ok || walk.Velocity[1] != 3.12 || walk.Anims[0].AnimID != dattest.WalkAnim || walk.Anims[0].Framerate != 30 {
		t.Errorf("walk cycle %+v %v", walk, ok)
	}
	back, _ := m.Cycle(dattest.NonCombat, dattest.WalkBackward)
	if back.Anims[0].Framerate >= 0 {
		t.Errorf("walking backwards plays at %v, want a negative framerate", back.Anims[0].Framerate)
	}
	if _, ok := m.Cycle(dattest.NonCombat, 0x45000099); ok {
		t.Error("found an absent cycle")
	}
	turn, ok := m.Modifier(dattest.NonCombat, dattest.TurnRight)
	if !ok || turn.Omega[2] != -1.5 {
		t.Errorf("turn modifier %+v %v", turn, ok)
	}
	link, ok := m.Link(dattest.NonCombat, dattest.Ready, dattest.WalkForward)
	if !ok || len(link.Anims) != 2 || link.Anims[1].HighFrame != 3 {
		t.Errorf("link %+v %v", link, ok)
	}
	if _, ok := m.Link(dattest.NonCombat, dattest.Ready, dattest.TurnRight); ok {
		t.Error("found an absent link")
	}
	if s, ok := m.StyleDefault(dattest.NonCombat); !ok || s != dattest.Ready {
		t.Errorf("style default %08X %v", s, ok)
	}
}

func TestSplitKey_GivesBackFullCommandIDs(t *testing.T) {
	for _, c := range []struct{ style, motion uint32 }{
		{dattest.NonCombat, dattest.WalkForward},
		{dattest.NonCombat, dattest.RunForward},
		{0x8000003C, dattest.TurnRight},
		{dattest.NonCombat, dattest.Ready},
	} {
		key := c.style<<16 | c.motion&0xFFFFFF
		s, m := dat.SplitKey(key)
		if s != c.style || m != c.motion {
			t.Errorf("SplitKey(0x%08X) = 0x%08X, 0x%08X, want 0x%08X, 0x%08X", key, s, m, c.style, c.motion)
		}
	}
	if n := dat.CommandName(0x45000005); n != "WalkForward" {
		t.Errorf("CommandName %q", n)
	}
	if _, m := dat.SplitKey(0xFFEE); m != 0xFFEE {
		t.Errorf("unknown low word: 0x%08X", m)
	}
}

func TestOpen_FindsFilesCaseInsensitively(t *testing.T) {
	dir := t.TempDir()
	portal, cell := dattest.Standard()
	if err := portal.WriteFile(filepath.Join(dir, "CLIENT_PORTAL.DAT")); err != nil {
		t.Fatal(err)
	}
	d, err := dat.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d.Portal == nil || d.Cell != nil {
		t.Fatalf("portal %v, cell %v", d.Portal, d.Cell)
	}
	_, err = d.LandBlock(dattest.HillBlock)
	if !errors.Is(err, dat.ErrNoFile) {
		t.Errorf("landblock without a cell dat: %v", err)
	}
	d.Close()
	if err := cell.WriteFile(filepath.Join(dir, "Client_Cell_1.dat")); err != nil {
		t.Fatal(err)
	}
	d, err = dat.Open(dir)
	if err != nil || d.Cell == nil {
		t.Fatalf("%v %v", d, err)
	}
	d.Close()
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "client_highres.dat"), []byte("x"), 0o644)
	if _, err := dat.Open(empty); err == nil || !strings.Contains(err.Error(), "neither client_portal.dat nor client_cell_1.dat") {
		t.Errorf("empty folder: %v", err)
	}
	if _, err := dat.Open(filepath.Join(empty, "missing")); err == nil {
		t.Error("a missing folder opened")
	}
}

// A damaged file fails Open with an error naming it.
func TestOpen_DamagedFileNamesIt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "client_cell_1.dat"), make([]byte, 1024), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := dat.Open(dir)
	if err == nil || !strings.HasPrefix(err.Error(), "client_cell_1.dat: header magic") {
		t.Fatalf("err %v", err)
	}
}
