// Tests of PartArray: the CPartArray::Update forwarder, the default state,
// actions draining into the cycle, and checkpoint copies (seed 002 §1, §3).

package anim

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seed 002 §1: CPartArray::Update is a one-line forwarder to
// CSequence::update — the part array's offset equals the bare sequence's.
func TestPartArrayUpdate_ForwardsToSequence(t *testing.T) {
	tbl := loadTable(t, "humanoid-baked")
	pa := NewPartArray(tbl)
	m := NewMotionInterp()
	st := state(RunForward, 1.2)
	st.Turn, st.TurnSpeed = TurnLeft, 1
	if err := m.ApplyInterpreted(st, pa); err != nil {
		t.Fatal(err)
	}
	bare := pa.Sequence().Clone()
	var viaPA, viaSeq physics.Frame = physics.IdentityFrame(), physics.IdentityFrame()
	for range 17 {
		pa.Update(1.0/30, &viaPA)
		bare.Update(1.0/30, &viaSeq)
	}
	if viaPA != viaSeq {
		t.Errorf("part array %v, sequence %v", viaPA, viaSeq)
	}
	if viaPA.Origin == (mgl32.Vec3{}) {
		t.Error("no root motion at all")
	}
}

// A new part array plays the table's default state, Ready at speed 1
// (CMotionTable::SetDefaultState).
func TestNewPartArray_DefaultStateIsReady(t *testing.T) {
	pa := NewPartArray(loadTable(t, "humanoid"))
	if c, s := pa.Cycle(); c != Ready || s != 1 {
		t.Errorf("cycle %v %v", c, s)
	}
	seq := pa.Sequence()
	if seq.NumNodes() != 1 || seq.Node(0).Anim.Name() != "ready" || seq.Velocity() != (mgl32.Vec3{}) {
		t.Errorf("sequence %d nodes", seq.NumNodes())
	}
	empty := NewPartArray(nil)
	if empty.Sequence().HasAnims() || empty.Table() != nil {
		t.Error("nil table gave animations")
	}
	if err := empty.PlayAction(Attack, 1); err == nil {
		t.Error("PlayAction without a table succeeded")
	}
}

// seed 002 §3, §5: an action's nodes are links; its baked pos_frames move
// the offset (subtract1 going forward: the lunge's +Y steps move the body
// back), the anim-done hook fires when it drains into the cycle, and
// apricot leaves only the cycle.
func TestPlayAction_AttackLungeDrainsIntoCycle(t *testing.T) {
	tbl := loadTable(t, "humanoid")
	pa := NewPartArray(tbl)
	rec := &recorder{}
	pa.Sequence().SetHookTarget(rec)
	if err := pa.PlayAction(Attack, 1); err != nil {
		t.Fatal(err)
	}
	seq := pa.Sequence()
	if seq.NumNodes() != 2 || seq.Node(seq.CurrentIndex()).Anim.Name() != "attack-lunge" || seq.FirstCyclicIndex() != 1 {
		t.Fatalf("after PlayAction: %d nodes, curr %d", seq.NumNodes(), seq.CurrentIndex())
	}
	off := physics.IdentityFrame()
	for range 30 { // 1 s: the 20-frame lunge plus 10 frames of Ready
		pa.Update(1.0/30, &off)
	}
	var lunge mgl32.Vec3
	a := tbl.Motion(Attack).Anims[0].Anim
	for i := range a.NumFrames() {
		lunge = lunge.Add(a.posFrames[i].Origin)
	}
	if !vecNear(off.Origin, lunge.Mul(-1), 1e-5) {
		t.Errorf("root motion %v, want %v (pos_frames subtracted)", off.Origin, lunge.Mul(-1))
	}
	if rec.doneCount() != 1 {
		t.Errorf("anim-done fired %d times", rec.doneCount())
	}
	if seq.NumNodes() != 1 || seq.Node(0).Anim.Name() != "ready" {
		t.Errorf("after the action: %d nodes, head %s", seq.NumNodes(), seq.Node(0).Anim.Name())
	}
	if err := pa.PlayAction(Motion(77), 1); err == nil {
		t.Error("unknown motion accepted")
	}
}

// Checkpoints: a clone (CopyFrom / Clone) of the part array and the motion
// interpreter evolves bit-identically to the original, and changing one
// does not touch the other.
func TestClone_EvolvesIdentically(t *testing.T) {
	tbl := loadTable(t, "humanoid-baked")
	events := []struct {
		tick int
		st   InterpretedState
	}{
		{0, state(WalkForward, 1)},
		{10, state(RunForward, 1.3)},
		{25, func() InterpretedState { s := state(RunForward, 1.3); s.Turn, s.TurnSpeed = TurnRight, 1; return s }()},
		{40, func() InterpretedState {
			s := state(WalkBackward, 1)
			s.Sidestep, s.SidestepSpeed = SideStepLeft, 0.7
			return s
		}()},
		{55, state(Ready, 1)},
	}
	type world struct {
		pa  *PartArray
		mi  *MotionInterp
		off physics.Frame
		rec *recorder
	}
	step := func(w *world, tick int) {
		for _, ev := range events {
			if ev.tick == tick {
				if err := w.mi.ApplyInterpreted(ev.st, w.pa); err != nil {
					t.Fatal(err)
				}
			}
		}
		if tick == 30 {
			if err := w.pa.PlayAction(Attack, 1); err != nil {
				t.Fatal(err)
			}
		}
		w.pa.Update(1.0/30, &w.off)
	}
	orig := &world{pa: NewPartArray(tbl), mi: NewMotionInterp(), off: physics.IdentityFrame(), rec: &recorder{}}
	orig.pa.Sequence().SetHookTarget(orig.rec)
	for tick := range 28 {
		step(orig, tick)
	}
	// Checkpoint at tick 28, two ways.
	cl := &world{pa: orig.pa.Clone(), mi: orig.mi.Clone(), off: orig.off, rec: &recorder{}}
	cl.pa.Sequence().SetHookTarget(cl.rec)
	cp := &world{pa: NewPartArray(nil), mi: NewMotionInterp(), off: orig.off, rec: &recorder{}}
	cp.pa.CopyFrom(orig.pa)
	cp.mi.CopyFrom(orig.mi)
	cp.pa.Sequence().SetHookTarget(cp.rec)
	orig.rec.events = nil

	for tick := 28; tick < 80; tick++ {
		step(orig, tick)
		step(cl, tick)
		step(cp, tick)
		for _, w := range []*world{cl, cp} {
			if w.off != orig.off || *w.mi != *orig.mi || w.pa.state != orig.pa.state {
				t.Fatalf("tick %d: copy diverged: %v vs %v", tick, w.off, orig.off)
			}
		}
	}
	if !slices.Equal(cl.rec.events, orig.rec.events) || !slices.Equal(cp.rec.events, orig.rec.events) {
		t.Errorf("hook events diverged")
	}
	// Independence: driving the clone leaves the original alone.
	before := orig.pa.Sequence().FrameNumber()
	cl.pa.Update(0.5, &cl.off)
	if err := cl.mi.ApplyInterpreted(state(RunForward, 2), cl.pa); err != nil {
		t.Fatal(err)
	}
	if orig.pa.Sequence().FrameNumber() != before || orig.mi.State().Forward != Ready {
		t.Error("clone shares state with the original")
	}
}

// A table's link plays before the new cycle (CMotionTable::get_link, ACE
// MotionTable.cs GetObjectSequence): Ready → WalkForward with a two-
// animation link leaves the link's two nodes ahead of the walk cycle, and
// the cycle's velocity (add_motion assigns it last); without the link only
// the cycle is there.
func TestSetCycle_PlaysTheLink(t *testing.T) {
	ready, _ := NewAnimation("ready", 10, nil)
	walk, _ := NewAnimation("walk", 16, nil)
	link, _ := NewAnimation("link", 5, nil)
	motions := make([]*MotionData, numMotions)
	motions[Ready] = &MotionData{Anims: []AnimData{{Anim: ready, Framerate: 30, HighFrame: -1}}}
	motions[WalkForward] = &MotionData{Velocity: mgl32.Vec3{0, 3.12, 0}, Anims: []AnimData{{Anim: walk, Framerate: 30, HighFrame: -1}}}
	linkData := &MotionData{Velocity: mgl32.Vec3{0, 9, 0}, Anims: []AnimData{{Anim: link, Framerate: 30, HighFrame: -1}, {Anim: ready, Framerate: 45, HighFrame: 3}}}
	nodes := func(links []Link) (int, mgl32.Vec3) {
		tb, err := NewMotionTable("t", "test", motions, links)
		if err != nil {
			t.Fatal(err)
		}
		pa := NewPartArray(tb)
		var mi MotionInterp
		st := InterpretedState{Forward: WalkForward, ForwardSpeed: 1}
		if err := mi.ApplyInterpreted(st, pa); err != nil {
			t.Fatal(err)
		}
		return pa.Sequence().NumNodes(), pa.Sequence().Velocity()
	}
	plain, v0 := nodes(nil)
	linked, v1 := nodes([]Link{{From: Ready, To: WalkForward, Data: linkData}})
	if linked != plain+2 {
		t.Errorf("%d nodes with the link, %d without; want 2 more", linked, plain)
	}
	if v0 != v1 || v1 != (mgl32.Vec3{0, 3.12, 0}) {
		t.Errorf("velocity %v with the link, %v without; want the cycle's (0, 3.12, 0)", v1, v0)
	}
	if _, err := NewMotionTable("t", "test", motions, []Link{{From: Ready, To: RunForward, Data: linkData}}); err == nil {
		t.Error("a link to a motion the table lacks was accepted")
	}
}
