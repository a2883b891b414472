// Tests of the motion stamp gate (CPhysics::SetObjectMovement 0x00509690,
// ACSmartBox::DispatchSmartBoxEvent's 0xF74C case; Hex-Rays decompilation of
// acclient.exe 11.4186, Mag-nus/acclient-AI-RE) and of stick-to-target
// from an UpdateMotion (MovementManager::unpack_movement 0x00524440,
// CPhysicsObj::stick_to_object, ACE StickyManager.cs).

package engine

import (
	"testing"

	"glidepath/engine/eventlog"
	"glidepath/engine/recording"
	"glidepath/interp"
	"glidepath/physics/anim"
)

// SetObjectMovement's comparison as decompiled: newer within half the
// ring, wrapping; equal is not newer; exactly 0x8000 apart the smaller is
// newer.
func TestMotionNewer_DecompiledComparison(t *testing.T) {
	for _, c := range []struct {
		s, r uint16
		want bool
	}{
		{5, 4, true}, {4, 5, false}, {4, 4, false},
		{0, 0xFFFF, true}, {0xFFFF, 0, false},
		{0x7FFF, 0, true}, {0, 0x7FFF, false},
		{0, 0x8000, true}, {0x8000, 0, false},
		{0x8001, 0, false}, {0, 0x8001, true},
	} {
		if got := motionNewer(c.s, c.r); got != c.want {
			t.Errorf("motionNewer(%#x, %#x) = %v, want %v", c.s, c.r, got, c.want)
		}
	}
}

// motionEvent is an interpreted UpdateMotion of testGUID at t with forward
// command f and, when seq is not nil, its stamps.
func motionEvent(t float64, f recording.ForwardCommand, seq *recording.MotionSeq) recording.Event {
	m := recording.NewMotion()
	m.Forward = f
	if seq != nil {
		m.Seq, m.HasSeq = *seq, true
	}
	return recording.Event{T: t, Kind: recording.KindMotion, GUID: testGUID, HasGUID: true, Motion: m}
}

// A stale or reordered UpdateMotion is dropped as retail drops it; one
// without stamps is applied as before. Each step's verdict and the forward
// command it leaves are checked.
func TestMotionGate_DropsStaleAndReordered(t *testing.T) {
	rec := testRecording(true)
	steps := []struct {
		seq  *recording.MotionSeq
		f    recording.ForwardCommand
		gate eventlog.MotionGate
		want anim.Motion
	}{
		{&recording.MotionSeq{Instance: 1, Movement: 5, ServerControl: 2}, recording.RunForward, eventlog.MotionSeeded, anim.RunForward},
		{&recording.MotionSeq{Instance: 1, Movement: 4, ServerControl: 2}, recording.WalkForward, eventlog.MotionStaleMovement, anim.RunForward},
		{&recording.MotionSeq{Instance: 1, Movement: 5, ServerControl: 2}, recording.WalkForward, eventlog.MotionStaleMovement, anim.RunForward},
		// Movement newer but server control older: dropped, and the
		// movement stamp 6 is taken all the same.
		{&recording.MotionSeq{Instance: 1, Movement: 6, ServerControl: 1}, recording.WalkForward, eventlog.MotionStaleServerControl, anim.RunForward},
		{&recording.MotionSeq{Instance: 1, Movement: 6, ServerControl: 2}, recording.WalkForward, eventlog.MotionStaleMovement, anim.RunForward},
		{&recording.MotionSeq{Instance: 1, Movement: 7, ServerControl: 2}, recording.WalkForward, eventlog.MotionApplied, anim.WalkForward},
		{&recording.MotionSeq{Instance: 2, Movement: 8, ServerControl: 2}, recording.Ready, eventlog.MotionInstanceNewer, anim.WalkForward},
		{&recording.MotionSeq{Instance: 0, Movement: 8, ServerControl: 2}, recording.Ready, eventlog.MotionInstanceOlder, anim.WalkForward},
		{nil, recording.RunForward, eventlog.MotionUngated, anim.RunForward},
		// The wrap: 0xFFFF is older than 7.
		{&recording.MotionSeq{Instance: 1, Movement: 0xFFFF, ServerControl: 3}, recording.Ready, eventlog.MotionStaleMovement, anim.RunForward},
	}
	for i, st := range steps {
		rec.Events = append(rec.Events, motionEvent(float64(i+1)/10, st.f, st.seq))
	}
	s := newSim(t, rec, Options{EventLog: true})
	o := s.find(testGUID)
	for i, st := range steps {
		runTo(s, 3*(i+1))
		if got := o.mi.State().Forward; got != st.want {
			t.Errorf("step %d: forward %v, want %v", i, got, st.want)
		}
	}
	evs := eventsOf(s, eventlog.EventMotion)
	if len(evs) != len(steps) {
		t.Fatalf("%d motion events, want %d", len(evs), len(steps))
	}
	for i, st := range steps {
		if evs[i].Gate != st.gate {
			t.Errorf("step %d: gate %v, want %v", i, evs[i].Gate, st.gate)
		}
	}
	// The stored stamps a dropped motion met: step 4 found movement 6
	// stored by step 3, server control 2.
	if got := evs[4].Stored; got != [3]uint16{1, 6, 2} {
		t.Errorf("step 4 stored %v, want [1 6 2]", got)
	}
}

// stickRecording: the sticker (testGUID, with motion) at (90, 90) and its
// target 0x80000B02 at (93, 90); at t 0.1 an interpreted UpdateMotion with
// the target's guid as its sticky object.
func stickRecording() *recording.Recording {
	rec := testRecording(true)
	tg := recording.NewEntity(0x80000B02, posAt(93, 90, 270))
	tg.Seq.Instance = 1
	rec.Header.Entities = append(rec.Header.Entities, tg)
	m := motionEvent(0.1, recording.Ready, &recording.MotionSeq{Instance: 1, Movement: 1, ServerControl: 1})
	m.Motion.StickTo = 0x80000B02
	rec.Events = append(rec.Events, m)
	return rec
}

// An UpdateMotion's sticky object sticks the mover (MovementManager::
// unpack_movement → CPhysicsObj::stick_to_object → PositionManager::
// StickTo): the StickyManager pulls it to 0.3 m from the target's cylinder
// (1.0 m centre to centre for two 0.35 m radii) and lets go after its 1 s
// timeout (ACE StickyManager.cs).
func TestStickTo_FromUpdateMotionPullsThenTimesOut(t *testing.T) {
	s := newSim(t, stickRecording(), Options{EventLog: true})
	o := s.find(testGUID)
	runTo(s, 4)
	if g := o.pm.StickyObjectID(); g != 0x80000B02 {
		t.Fatalf("sticky object %#x, want 0x80000B02", g)
	}
	runTo(s, 20)
	tp := s.find(0x80000B02).phys.Position()
	op := o.phys.Position()
	if d := op.Distance(&tp); d < 0.99 || d > 1.01 {
		t.Errorf("stuck at %.3f m from the target, want 1.0 (0.35 + 0.35 + StickyRadius 0.3)", d)
	}
	runTo(s, 3+int(interp.StickyTime*30)+3)
	if g := o.pm.StickyObjectID(); g != 0 {
		t.Errorf("still stuck to %#x after the 1 s timeout", g)
	}
}

// Without the sticky object the same motion does not stick: the pull
// above is the message's doing.
func TestStickTo_WithoutStickToNothingSticks(t *testing.T) {
	rec := stickRecording()
	rec.Events[0].Motion.StickTo = 0
	s := newSim(t, rec, Options{})
	runTo(s, 20)
	if g := s.find(testGUID).pm.StickyObjectID(); g != 0 {
		t.Errorf("stuck to %#x", g)
	}
}

// The sticky target leaving the world clears the StickyManager at once
// (TargetManager's ExitWorld → StickyManager::HandleUpdateTarget →
// ClearTarget, ACE), not at the timeout.
func TestStickTo_TargetDeletedClearsTarget(t *testing.T) {
	rec := stickRecording()
	rec.Events = append(rec.Events, recording.Event{T: 0.2, Kind: recording.KindDelete, GUID: 0x80000B02, HasGUID: true})
	s := newSim(t, rec, Options{})
	o := s.find(testGUID)
	runTo(s, 5)
	if o.pm.StickyObjectID() == 0 {
		t.Fatal("not stuck before the delete")
	}
	runTo(s, 7)
	if g := o.pm.StickyObjectID(); g != 0 {
		t.Errorf("still stuck to the deleted %#x", g)
	}
}

// Every UpdateMotion unsticks first (unpack_movement's
// unstick_from_object): a later motion without a sticky object ends the
// stick before its timeout.
func TestStickTo_NextUpdateMotionUnsticks(t *testing.T) {
	rec := stickRecording()
	rec.Events = append(rec.Events, motionEvent(0.3, recording.Ready, &recording.MotionSeq{Instance: 1, Movement: 2, ServerControl: 1}))
	s := newSim(t, rec, Options{})
	o := s.find(testGUID)
	runTo(s, 5)
	if o.pm.StickyObjectID() == 0 {
		t.Fatal("not stuck by the first motion")
	}
	runTo(s, 10)
	if g := o.pm.StickyObjectID(); g != 0 {
		t.Errorf("still stuck to %#x after the next UpdateMotion", g)
	}
}

// A dropped motion does not unstick or change anything: the stale one
// after the stick leaves it stuck.
func TestStickTo_DroppedMotionLeavesStick(t *testing.T) {
	rec := stickRecording()
	rec.Events = append(rec.Events, motionEvent(0.3, recording.Ready, &recording.MotionSeq{Instance: 1, Movement: 1, ServerControl: 1}))
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 12)
	if g := s.find(testGUID).pm.StickyObjectID(); g != 0x80000B02 {
		t.Errorf("sticky object %#x after a stale motion, want 0x80000B02", g)
	}
	if evs := eventsOf(s, eventlog.EventMotion); len(evs) != 2 || evs[1].Gate != eventlog.MotionStaleMovement {
		t.Errorf("motion events %+v", evs)
	}
}

// A CreateObject's movement block (the motion event right after its
// create, with the CreateObject's MOVEMENT_TS and SERVER_CONTROLLED_MOVE_TS)
// is applied and sets the stored stamps (SmartBox::HandleCreateObject →
// SetObjectMovement): its sticky object sticks the new object, and a later
// UpdateMotion older than the CreateObject's movement stamp is dropped.
func TestStickTo_FromCreateObjectMovement(t *testing.T) {
	rec := testRecording(true)
	const created = 0x80000C03
	e := recording.NewEntity(created, posAt(95, 90, 270))
	e.Seq.Instance, e.HasMotion = 4, true
	m := recording.NewMotion()
	m.Seq, m.HasSeq, m.StickTo = recording.MotionSeq{Instance: 4, Movement: 9, ServerControl: 3}, true, testGUID
	stale := recording.NewMotion()
	stale.Forward = recording.RunForward
	stale.Seq, stale.HasSeq = recording.MotionSeq{Instance: 4, Movement: 8, ServerControl: 3}, true
	rec.Events = append(rec.Events,
		recording.Event{T: 0.1, Kind: recording.KindCreate, GUID: created, HasGUID: true, Entity: &e},
		recording.Event{T: 0.1, Kind: recording.KindMotion, GUID: created, HasGUID: true, Motion: m},
		recording.Event{T: 0.2, Kind: recording.KindMotion, GUID: created, HasGUID: true, Motion: stale})
	s := newSim(t, rec, Options{EventLog: true})
	runTo(s, 8)
	o := s.find(created)
	if g := o.pm.StickyObjectID(); g != testGUID {
		t.Errorf("sticky object %#x, want %#x (the CreateObject's sticky object)", g, testGUID)
	}
	if f := o.mi.State().Forward; f != anim.Ready {
		t.Errorf("forward %v: the UpdateMotion older than the CreateObject's movement was applied", f)
	}
	evs := eventsOf(s, eventlog.EventMotion)
	if len(evs) != 2 || evs[0].Gate != eventlog.MotionSeeded || evs[1].Gate != eventlog.MotionStaleMovement || evs[1].Stored != [3]uint16{4, 9, 3} {
		t.Errorf("motion events %+v", evs)
	}
}
