package capture

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/capture/capturetest"
	"glidepath/engine/recording"
	"glidepath/physics"
)

// The UpdateMotion header's stamps and autonomous byte are kept (ACE
// MovementData.Write: movement stamp, server-control stamp, autonomous),
// and the sticky guid is read after the interpreted state's alignment
// (ACE MovementInvalid.Write: State, then StickyObject; the state ends
// aligned, InterpretedMotionState.Write). Style, forward and turn are
// three u16s: the state's end needs two bytes of padding.
func TestDecodeUpdateMotion_StampsAndStickyAfterAlignment(t *testing.T) {
	m := recording.NewMotion()
	m.Forward, m.Turn = recording.RunForward, recording.TurnLeft
	msg := capturetest.UpdateMotionWith(0x80000010,
		capturetest.MotionHeader{Instance: 7, Movement: 0x1234, ServerControl: 0x0456, Autonomous: true},
		capturetest.Movement{Motion: m, StickTo: 0x80000022, Style: 0x003C})
	guid, mv, err := decodeUpdateMotion(msg)
	if err != nil {
		t.Fatal(err)
	}
	want := motionStamps{instance: 7, movement: 0x1234, serverControl: 0x0456, autonomous: true}
	if guid != 0x80000010 || mv.stamps != want {
		t.Errorf("guid %08X stamps %+v, want %+v", guid, mv.stamps, want)
	}
	if !mv.hasSticky || mv.sticky != 0x80000022 {
		t.Errorf("sticky %08X (%v), want 0x80000022", mv.sticky, mv.hasSticky)
	}
	if mv.style != 0x003C || mv.state.Forward != recording.RunForward || mv.state.Turn != recording.TurnLeft {
		t.Errorf("style %04X state %+v", mv.style, mv.state)
	}
}

// A sidestep command at its default speed sends no sidestep speed: flag
// 0x10, not the command's 0x08, announces the speed (ACE
// MovementStateFlag SideStepSpeed; InterpretedMotionState.cs).
func TestDecodeMovement_SidestepSpeedHasItsOwnFlag(t *testing.T) {
	m := recording.NewMotion()
	m.Sidestep, m.TurnSpeed = recording.SideStepRight, 1.5
	_, mv, err := decodeUpdateMotion(capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, capturetest.Movement{Motion: m}))
	if err != nil {
		t.Fatal(err)
	}
	if mv.state.Sidestep != recording.SideStepRight || mv.state.SidestepSpeed != 1 || mv.state.TurnSpeed != 1.5 {
		t.Errorf("state %+v, want SideStepRight at speed 1, turn speed 1.5", mv.state)
	}
}

// The action count is the five bits above bit 7 (retail
// InterpretedMotionState::UnPack; aclogview CM_Movement.cs reads
// (flags >> 7) & 0x1F): a bit above them is no action.
func TestDecodeMovement_ActionCountMasked(t *testing.T) {
	m := recording.NewMotion()
	acts := []capturetest.Action{{Command: 0x0087, Stamp: 5, Speed: 1}}
	msg := capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, capturetest.Movement{Motion: m, Actions: acts, ExtraStateFlags: 1 << 12})
	_, mv, err := decodeUpdateMotion(msg)
	if err != nil {
		t.Fatal(err)
	}
	if len(mv.actions) != 1 || mv.actions[0].stamp != 5 {
		t.Errorf("actions %+v, want the one", mv.actions)
	}
}

func moveToMovement(typ uint8, sticky bool, runRate float32) capturetest.Movement {
	m := recording.NewMotion()
	m.Target = 0x80000030
	p := recording.DefaultMoveToParams()
	if sticky {
		p.Flags |= recording.MoveFlagSticky
	}
	p.Position = physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{1, 2, 3}, mgl32.QuatIdent())}
	m.MoveTo = &p
	return capturetest.Movement{Type: typ, Motion: m, RunRate: runRate}
}

// Sticky is MoveToObject's alone: the MovementParams sticky bit on a
// MoveToPosition sticks to nothing (ACE MoveToManager.MoveToPosition never
// calls StickTo; MoveToObject's arrival does).
func TestDecodeMoveTo_StickyOnlyForMoveToObject(t *testing.T) {
	for _, tc := range []struct {
		typ  uint8
		want bool
	}{{mtMoveToObject, true}, {mtMoveToPosition, false}} {
		_, mv, err := decodeUpdateMotion(capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, moveToMovement(tc.typ, true, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if mv.state.Sticky != tc.want || mv.state.MoveTo.Flags&recording.MoveFlagSticky == 0 {
			t.Errorf("type %d: sticky %v, want %v (flags %X)", tc.typ, mv.state.Sticky, tc.want, mv.state.MoveTo.Flags)
		}
	}
}

// A server's run rate of 0 on a MoveToObject is a rate of 0 (retail
// unpack_movement stores it into my_run_rate as it comes; ACE
// MoveToObject.cs writes motion.RunRate), not "no run rate"; a negative
// one is dropped and counted.
func TestDecodeMoveTo_RunRateZeroIsARate(t *testing.T) {
	_, mv, err := decodeUpdateMotion(capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, moveToMovement(mtMoveToObject, false, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if !mv.state.HasRunRate || mv.state.RunRate != 0 {
		t.Errorf("run rate %v (has %v), want a rate of 0", mv.state.RunRate, mv.state.HasRunRate)
	}
	_, mv, err = decodeUpdateMotion(capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, moveToMovement(mtMoveToPosition, false, -2)))
	if err != nil {
		t.Fatal(err)
	}
	if mv.state.HasRunRate || len(mv.notCarried) != 1 {
		t.Errorf("negative run rate: has %v, not carried %v", mv.state.HasRunRate, mv.notCarried)
	}
}

// TurnToObject's own heading is the one used (ACE Network/Motion/
// TurnToObject.cs: "used instead of the DesiredHeading in the
// TurnToParameters").
func TestDecodeMoveTo_TurnToObjectOwnHeading(t *testing.T) {
	mv := moveToMovement(mtTurnToObject, false, 1)
	mv.ObjectHeading, mv.ParamsHeading = 90, 45
	_, got, err := decodeUpdateMotion(capturetest.UpdateMotionWith(1, capturetest.MotionHeader{}, mv))
	if err != nil {
		t.Fatal(err)
	}
	if got.state.MovementType != recording.TurnToObject || got.state.MoveTo.DesiredHeading != 90 {
		t.Errorf("%v heading %v, want TurnToObject at its own 90", got.state.MovementType, got.state.MoveTo.DesiredHeading)
	}
}

// The nine CreateObject stamps are read by slot (ACE SerializePhysicsData:
// position 0, movement 1, state 2, vector 3, teleport 4, server control 5,
// force position 6, objdesc 7, instance 8), with the PhysicsDesc's state,
// setup, motion table and parent, and the movement block's autonomous flag.
func TestDecodeCreateObject_StampSlotsAndPhysicsDesc(t *testing.T) {
	pos := physics.Position{Cell: 0xA9B4001F, Frame: physics.NewFrame(mgl32.Vec3{1, 2, 3}, mgl32.QuatIdent())}
	m := recording.NewMotion()
	m.Forward = recording.WalkForward
	msg := capturetest.CreateObjectWith(capturetest.Create{
		GUID: 0x80000040, Name: "Sword", Pos: &pos, State: 0x408, MotionTable: 0x09000123, Setup: 0x02000456,
		Parent: 0x50000001, ParentLocation: 1, Stamps: [9]uint16{10, 11, 12, 13, 14, 15, 16, 17, 18},
		Movement: &capturetest.Movement{Motion: m}, Autonomous: true,
	})
	c, err := decodeCreateObject(msg)
	if err != nil {
		t.Fatal(err)
	}
	if want := (recording.Seq{Position: 10, Vector: 13, Teleport: 14, ForcePosition: 16, Instance: 18}); c.seq != want {
		t.Errorf("seq %+v, want %+v", c.seq, want)
	}
	if want := (motionStamps{instance: 18, movement: 11, serverControl: 15, autonomous: true}); c.movement.stamps != want {
		t.Errorf("movement stamps %+v, want %+v", c.movement.stamps, want)
	}
	if c.state != 0x408 || c.motionTable != 0x09000123 || c.setup != 0x02000456 || !c.hasParent || c.parent != 0x50000001 || c.parentLocation != 1 {
		t.Errorf("physics desc %+v", c)
	}
	if !c.hasMovement || c.movement.state.Forward != recording.WalkForward || c.name != "Sword" {
		t.Errorf("movement %+v name %q", c.movement, c.name)
	}
}

// Statics (ACE PhysicsState.cs): Static or HasPhysicsBSP (a door with its
// motion table, a chest); ethereal or gravity-less without a motion table
// (a portal, a fountain); never a creature or a missile.
func TestStaticObject_PhysicsState(t *testing.T) {
	for _, tc := range []struct {
		name   string
		state  uint32
		mtable bool
		want   bool
	}{
		{"door (BSP, motion table)", psHasPhysicsBSP | 0x8 | psGravity, true, true},
		{"static flag", psStatic, false, true},
		{"portal (ethereal, no motion table)", psEthereal | 0x8 | 0x800, false, true},
		{"fountain (no gravity, no motion table)", 0x8, false, true},
		{"creature", 0x8 | psGravity | 0x400000, true, false},
		{"item on the ground", 0x8 | psGravity, false, false},
		{"ethereal creature", psEthereal | psGravity, true, false},
		{"missile", psEthereal | psMissile, false, false},
	} {
		if got := staticObject(tc.state, tc.mtable); got != tc.want {
			t.Errorf("%s: static %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestReasonOf(t *testing.T) {
	for in, want := range map[string]string{
		"message 0000ABCD:00001234 (0xF74C UpdateMotion): the capture ended; missing fragment index [1 2 3] of 4": "message N:N (N UpdateMotion): the capture ended; missing fragment index [N] of N",
		"ipv4: truncated":                                        "ipv4: truncated",
		"AC fragment: count 900 exceeds 5":                       "AC fragment: count N exceeds N",
		"0xF745 ObjectCreate: guid at byte 4: message too short": "N ObjectCreate: guid at byte N: message too short",
	} {
		if got := reasonOf(in); got != want {
			t.Errorf("reasonOf(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReasons_CountsAndFirstFiveFrames(t *testing.T) {
	rs := reasons{}
	for _, f := range []int{9, 3, 7, 3, 1, 12, 5, 2} {
		rs.add(f, "lost at byte 4")
	}
	rs.add(4, "other")
	l := rs.list()
	if len(l) != 2 || l[0].Reason != "lost at byte N" || l[0].Count != 8 || len(l[0].Frames) != 5 ||
		l[0].Frames[0] != 1 || l[0].Frames[4] != 7 || l[1].Count != 1 {
		t.Errorf("groups %+v", l)
	}
}

// The held items remembered while their holders have no position are
// bounded (maxHeldWaiting); past it the oldest is forgotten.
func TestRememberHeld_Bounded(t *testing.T) {
	w := newWorld(&Reader{sum: newSummary("t")})
	for g := uint32(1); g <= maxHeldWaiting+10; g++ {
		w.rememberHeld(g, 0x50000001, 1)
	}
	if len(w.heldWaiting) != maxHeldWaiting || len(w.heldOrder) != maxHeldWaiting {
		t.Fatalf("%d remembered (%d in order), want %d", len(w.heldWaiting), len(w.heldOrder), maxHeldWaiting)
	}
	if _, ok := w.heldWaiting[1]; ok {
		t.Error("the oldest was kept")
	}
	if _, ok := w.heldWaiting[maxHeldWaiting+10]; !ok {
		t.Error("the newest was forgotten")
	}
}
