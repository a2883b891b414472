package anim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// ACE MotionInterp.move_to_interpreted_state: 15-bit action stamps, newer
// when ahead by at most 0x3FFF (the shorter way round).
func TestActionStampNewer(t *testing.T) {
	for _, c := range []struct {
		s, last uint16
		want    bool
	}{
		{1, 0, true}, {0, 0, false}, {0, 1, false},
		{0x3FFF, 0, true}, {0x4000, 0, false}, // 0x4000 ahead is the long way: older
		{0, 0x7FFF, true}, {5, 0x7FF0, true}, // across the 15-bit wrap
		{0x7FF0, 5, false},
	} {
		if got := actionStampNewer(c.s, c.last); got != c.want {
			t.Errorf("newer(%#x, %#x) = %v, want %v", c.s, c.last, got, c.want)
		}
	}
}

// Seed 002 (DoInterpretedMotion → PlayAction), ACE move_to_interpreted_state:
// an action with a new stamp plays once — the lunge's baked pos_frames move
// the offset — and the same list again (UpdateMotion repeats its actions)
// plays nothing; an airborne body takes the stamp but does not play.
func TestPlayActions(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	pa := NewPartArray(tbl)
	mi := NewMotionInterp()
	list := []Action{{Command: Attack, Stamp: 1, Speed: 1}}
	if n, err := mi.PlayActions(list, pa, true); n != 1 || err != nil {
		t.Fatalf("played %d, %v", n, err)
	}
	if mi.ServerActionStamp() != 1 {
		t.Errorf("server_action_stamp %d", mi.ServerActionStamp())
	}
	if n, _ := mi.PlayActions(list, pa, true); n != 0 {
		t.Errorf("the same stamp played again")
	}
	off := physics.IdentityFrame()
	for range 30 {
		pa.Update(1.0/30, &off)
	}
	if !vecNear(off.Origin, mgl32.Vec3{0, -0.8, 0}, 1e-4) {
		t.Errorf("root motion %v, want the lunge's 0.8 m (subtracted going forward)", off.Origin)
	}

	air := NewPartArray(tbl)
	mi2 := NewMotionInterp()
	if n, _ := mi2.PlayActions([]Action{{Command: Wave, Stamp: 3, Speed: 1}}, air, false); n != 0 || mi2.ServerActionStamp() != 3 {
		t.Errorf("airborne: played %d, stamp %d; want 0 played, stamp 3 taken", n, mi2.ServerActionStamp())
	}
	if air.Sequence().NumNodes() != 1 {
		t.Errorf("airborne: sequence has %d nodes", air.Sequence().NumNodes())
	}

	for _, bad := range []Action{{Command: RunForward, Stamp: 9, Speed: 1}, {Command: Wave, Stamp: 0x8000, Speed: 1}} {
		if _, err := NewMotionInterp().PlayActions([]Action{bad}, pa, true); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if !Jump.IsAction() || !Wave.IsAction() || RunForward.IsAction() || MaxActions != 6 {
		t.Error("IsAction / MaxActions")
	}
}
