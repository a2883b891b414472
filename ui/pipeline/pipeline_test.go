// Tests of the pipeline panel's rows and the sub-tick stepper.

package pipeline

import (
	"strings"
	"testing"

	"glidepath/engine/eventlog"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/model"
)

// walking builds an object one tick into a walk north: root motion 0.1 m,
// adjust_offset replacing it with a 0.25 m step toward the head (seed 000
// §4 overwrite), no physics step, a successful transition and commit.
func walking() *engine.ObjectView {
	const cell = 0xA9B40013
	o := &engine.ObjectView{GUID: 1, Name: "Walker", Contact: true, OnWalkable: true,
		Radius: 0.35, Height: 1.8, CatchUpSpeed: 7.5}
	pre := physics.NewPosition(cell, mgl32.Vec3{100, 50, 0}, 0)
	r := &o.Stages
	id := mgl32.QuatIdent()
	set := func(s physics.Stage, p physics.Position) { r.Ran[s], r.Pos[s] = true, p }
	set(physics.StageRootMotion, physics.Position{Frame: physics.NewFrame(mgl32.Vec3{0, 0.1, 0}, id)})
	off := physics.NewFrame(mgl32.Vec3{0, 0.25, 0}, id)
	set(physics.StageAdjustOffset, physics.Position{Frame: off})
	comb := physics.Combine(&pre.Frame, &off)
	for _, s := range []physics.Stage{physics.StageCombine, physics.StagePhysics, physics.StageTransition, physics.StageCommit, physics.StageUseTime} {
		set(s, physics.Position{Cell: cell, Frame: comb})
	}
	r.Commit = physics.CommitTransition
	o.Position = r.Pos[physics.StageUseTime]
	head := o.Position
	head.Frame.Origin = head.Frame.Origin.Add(mgl32.Vec3{0, 3, 0})
	o.Queue = []interp.Node{{Type: interp.NodePosition, Position: head}}
	o.Interp = interp.InterpolationState{QueueLen: 1, FrameCounter: 3, OriginalDistance: 3.5,
		Window: interp.StallWindow{Frames: 3, HasBaseline: true, Cumulative: 0.5}}
	return o
}

func explain(o *engine.ObjectView, events ...model.Event) []Row {
	return Explain(&Tick{Object: o, Events: events, Reading: interp.SeedReading(), TickRate: 30})
}

// seed 003 §1, §12: the rows are UpdateObjectInternal then its stages in
// retail order, each with its retail name and address.
func TestExplain_StagesInRetailOrderWithNamesAndAddresses(t *testing.T) {
	rows := explain(walking())
	want := []struct{ name, addr string }{
		{"CPhysicsObj::UpdateObjectInternal", "0x005156B0"},
		{"CPartArray::Update", "0x00517DB0"},
		{"PositionManager::adjust_offset", "0x00555190"},
		{"Frame::combine", "0x005122E0"},
		{"CPhysicsObj::UpdatePhysicsInternal", "0x00510700"},
		{"CPhysicsObj::transition", "0x00512DC0"},
		{"CPhysicsObj::SetPositionInternal", "0x00515330"},
		{"PositionManager::UseTime", "0x00555F20"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i, w := range want {
		if rows[i].Step.Name != w.name || !strings.Contains(rows[i].Step.Addr, w.addr) {
			t.Errorf("row %d is %s %s, want %s %s", i, rows[i].Step.Name, rows[i].Step.Addr, w.name, w.addr)
		}
		if !rows[i].Ran || rows[i].Value == "" || rows[i].Why == "" {
			t.Errorf("row %d (%s): ran %v, value %q, why %q", i, w.name, rows[i].Ran, rows[i].Value, rows[i].Why)
		}
	}
	if got := rows[1].Value; !strings.Contains(got, "(0.000, 0.100, 0.000) m → 3.00 m/s") {
		t.Errorf("root motion %q", got)
	}
	if got := rows[2].Why; !strings.Contains(got, "window 3/5") || !strings.Contains(got, "step 0.250 m toward the head at catch-up 7.50 m/s") {
		t.Errorf("adjust_offset reason %q", got)
	}
	if got := rows[6].Why; !strings.Contains(got, "SetPositionInternal") || !strings.Contains(got, "0.250 m") {
		t.Errorf("commit reason %q", got)
	}
	if got := rows[7].Why; !strings.Contains(got, "node_fail_counter 0 ≤ 3: no blip") {
		t.Errorf("use-time reason %q", got)
	}
}

// seed 000 §4: a judged window is explained with its cumulative progress
// against MIN_DISTANCE_TO_REACH_POSITION and its verdict.
func TestExplain_StallWindowVerdict(t *testing.T) {
	pass := explain(walking(), model.Event{Kind: eventlog.EventStallWindow, Pass: true, Cumulative: 1.2, ProgressQuantum: 0.1667})
	if got := pass[2].Why; !strings.Contains(got, "window 5/5, cumulative 1.20 m ≥ 0.20 m") || !strings.HasSuffix(got, "pass: the window re-baselines") {
		t.Errorf("pass reason %q", got)
	}
	fail := explain(walking(), model.Event{Kind: eventlog.EventStallWindow, Pass: false, Cumulative: 0.05, ProgressQuantum: 0.1667})
	if got := fail[2].Why; !strings.Contains(got, "cumulative 0.05 m < 0.20 m") || !strings.Contains(got, "fail: node_fail_counter++ and NodeCompleted(0)") {
		t.Errorf("fail reason %q", got)
	}
}

// seed 000 §6: a blip at the end of the tick is UseTime's outcome.
func TestExplain_UseTimeBlip(t *testing.T) {
	o := walking()
	at := model.Global(&o.Position)
	rows := explain(o, model.Event{Kind: eventlog.EventBlip, Target: interp.BlipTail, From: at, To: at.Add(model.Vec3{30, 40, 0})})
	if got := rows[7].Why; !strings.Contains(got, "BLIP to tail: SetPositionSimple 50.00 m") {
		t.Errorf("use-time reason %q", got)
	}
}

// The transition row names the tick's transition events (CPhysicsObj::
// transition, docs/pipeline.md "Transition events"): the wall slid along
// with its polygon and cell, the cell crossed; other kinds are left out.
func TestExplain_TransitionNamesItsEvents(t *testing.T) {
	o := walking()
	hit := eventlog.Hit{Kind: eventlog.HitCellStruct, ID: 3, Cell: 0x01D90108, Poly: 12}
	rows := explain(o,
		model.Event{Kind: eventlog.EventWall, Hit: hit, Slid: true},
		model.Event{Kind: eventlog.EventCell, FromCell: 0x01D90107, ToCell: 0x01D90108},
		model.Event{Kind: eventlog.EventBlip, Target: interp.BlipTail})
	var tr Row
	for _, r := range rows {
		if r.Step == Steps[physics.StageTransition] {
			tr = r
		}
	}
	want := "wall: slid along wall polygon 12 of cell 0x01D90108's CellStruct 3; cell: crossed from cell 0x01D90107 to 0x01D90108"
	if !strings.Contains(tr.Why, want) || strings.Contains(tr.Why, "blip") || tr.Doc != "docs/pipeline.md#transition-events" {
		t.Errorf("transition row %+v, want it to name %q", tr, want)
	}
	if got := explain(walking()); strings.Contains(got[5].Why, "wall") {
		t.Errorf("no events, yet %q", got[5].Why)
	}
}

// seed 000 §4 (line 353080): without contact the interpolation is gated.
func TestExplain_ContactGateAndEmptyQueue(t *testing.T) {
	o := walking()
	o.Contact = false
	if got := explain(o)[2].Why; !strings.Contains(got, "not in contact") {
		t.Errorf("reason without contact %q", got)
	}
	o = walking()
	o.Queue, o.Interp.QueueLen = nil, 0
	if got := explain(o)[2].Why; !strings.Contains(got, "queue empty") {
		t.Errorf("reason with an empty queue %q", got)
	}
}

func TestExplain_DormantObject(t *testing.T) {
	rows := explain(&engine.ObjectView{GUID: 1})
	if rows[0].Ran || rows[0].Value != "dormant" {
		t.Errorf("header %+v", rows[0])
	}
	for _, r := range rows[1:] {
		if r.Ran {
			t.Errorf("%s ran on a dormant object", r.Step.Name)
		}
	}
}

// Z/X walk deliver (the panel's stage 1) and then the stages that ran.
func TestStepper_WalksTheStagesThatRan(t *testing.T) {
	var ran [physics.NumStages]bool
	for _, s := range []physics.Stage{physics.StageRootMotion, physics.StageCombine, physics.StageUseTime} {
		ran[s] = true
	}
	st := NewStepper()
	var seen []int
	var nums []int
	for range 5 {
		st.Next(ran)
		seen = append(seen, st.Stage())
		nums = append(nums, st.Number())
	}
	if want := []int{StageDeliver, 0, 2, 6, -1}; !equal(seen, want) {
		t.Errorf("next: %v, want %v", seen, want)
	}
	// The panel numbers deliver 1, root motion 2, … use time 8.
	if want := []int{1, 2, 4, 8, 0}; !equal(nums, want) {
		t.Errorf("numbers: %v, want %v", nums, want)
	}
	seen = seen[:0]
	for range 5 {
		st.Prev(ran)
		seen = append(seen, st.Stage())
	}
	if want := []int{6, 2, 0, StageDeliver, -1}; !equal(seen, want) {
		t.Errorf("prev: %v, want %v", seen, want)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A body that left its landblock this tick (a blip, a snap, a walk over the
// edge): the stages' earlier positions are given in the landblock and
// outdoor cell that hold them, not beside the cell it ended in with a
// negative origin (0xA9B50001 (100.00, -142.00, 0.00)).
func TestExplain_PlaceBeforeALandblockChange(t *testing.T) {
	o := walking()
	o.Position = physics.NewPosition(0xA9B50001, mgl32.Vec3{100, 10, 0}, 0)
	rows := explain(o)
	if got, want := rows[0].Value, "active, from 0xA9B40023 (100.00, 50.00, 0.00)"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	if got, want := rows[6].Value, "0xA9B40023 (100.00, 50.25, 0.00)"; got != want {
		t.Errorf("commit %q, want %q", got, want)
	}
	if got := explain(walking())[0].Value; got != "active, from 0xA9B40013 (100.00, 50.00, 0.00)" {
		t.Errorf("within its landblock: %q", got)
	}
}
