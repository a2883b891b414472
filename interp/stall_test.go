// Tests of the 5-frame stall window and what its failures lead to (seed 000
// §4–§6).

package interp

import "testing"

// seed 000 §2 and §4: the 999999 sentinel makes the first window pass even
// for a body that has not moved.
func TestAdjustOffset_SentinelPassesFirstWindow(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, rec := newPM(b, ReadingSeed)
	p := at(10, 20, 0)
	pm.InterpolateTo(&p, false)
	for range StallCheckFrameInterval {
		tick(pm, b, dt30)
	}
	w := rec.of(EventStallWindow)
	if len(w) != 1 || !w[0].Pass {
		t.Fatalf("stall windows %+v, want one pass", w)
	}
	if want := LargeDistance - 10; absf(w[0].Cumulative-want) > 1 {
		t.Errorf("cumulative %v, want ~%v", w[0].Cumulative, want)
	}
	st := pm.InterpolationState()
	if st.OriginalDistance != b.pos.Distance(&p) || st.FrameCounter != 0 || st.FailCounter != 0 {
		t.Errorf("after the first window: %+v", st)
	}
	if !st.Window.HasBaseline {
		t.Error("window still reports no baseline after re-baselining")
	}
}

// seed 000 §4, §5, §6: a blocked body fails every window after the first;
// each failure counts and pops the head, and the 4th failure's UseTime
// blips to the tail.
func TestAdjustOffset_BlockedBodyFailsWindowsAndBlipsToTail(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, rec := newPM(b, ReadingSeed)
	for i := 1; i <= 6; i++ {
		p := at(10, 10+float32(i), 0)
		pm.InterpolateTo(&p, false)
	}
	tail, _ := pm.Interpolation().Node(5)
	for i := 0; i < 5*int(StallCheckFrameInterval) && len(rec.of(EventBlip)) == 0; i++ {
		tick(pm, b, dt30)
	}
	windows := rec.of(EventStallWindow)
	if len(windows) != 5 {
		t.Fatalf("%d windows before the blip, want 5 (1 sentinel pass + 4 failures)", len(windows))
	}
	for i, w := range windows {
		if w.Pass != (i == 0) {
			t.Errorf("window %d pass=%v", i, w.Pass)
		}
	}
	var fails []int32
	for _, e := range rec.events {
		if e.Kind == EventNodeComplete {
			if e.Success {
				t.Errorf("unexpected successful completion")
			}
			fails = append(fails, e.FailCounter)
		}
	}
	if len(fails) != 4 || fails[3] != 4 {
		t.Errorf("failed completions with counters %v, want 1..4", fails)
	}
	blips := rec.of(EventBlip)
	if len(blips) != 1 || blips[0].Target != BlipTail {
		t.Fatalf("blips %+v, want one to the tail", blips)
	}
	if d := b.pos.Distance(&tail.Position); d > 1e-5 {
		t.Errorf("body %v m from the tail after the blip", d)
	}
	if st := pm.InterpolationState(); st.QueueLen != 0 || st.FailCounter != 0 {
		t.Errorf("after the blip: queue %d fail %d", st.QueueLen, st.FailCounter)
	}
}

// seed 000 §5, §6: when stalls empty the queue, the last popped node is
// snapshotted into blipto_position and UseTime blips there.
func TestAdjustOffset_EmptiedQueueBlipsToBliptoPosition(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, rec := newPM(b, ReadingSeed)
	p1, p2 := at(10, 12, 0), at(10, 14, 0)
	pm.InterpolateTo(&p1, false)
	pm.InterpolateTo(&p2, false)
	for i := 0; i < 3*int(StallCheckFrameInterval); i++ {
		tick(pm, b, dt30)
	}
	blips := rec.of(EventBlip)
	if len(blips) != 1 || blips[0].Target != BlipToPosition {
		t.Fatalf("blips %+v, want one to blipto_position", blips)
	}
	if d := blips[0].To.Distance(&p2); d > 1e-5 {
		t.Errorf("blipped to %v, want the last popped node %v", blips[0].To.Frame.Origin, p2.Frame.Origin)
	}
	if d := b.pos.Distance(&p2); d > 1e-5 {
		t.Errorf("body at %v, want %v", b.pos.Frame.Origin, p2.Frame.Origin)
	}
	if bp := pm.InterpolationState().BliptoPosition; bp.Distance(&p2) > 1e-5 {
		t.Errorf("blipto_position %v", bp.Frame.Origin)
	}
}

// seed 000 §4: while the body has a sticky target the window is not tested;
// once the 1 s sticky timeout clears it, a blocked body fails again.
func TestAdjustOffset_StickyTargetExemptsWindow(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.blocked = true
	pm, rec := newPM(b, ReadingSeed)
	pm.SetLookup(lookup{7: at(10, 40, 0)})
	p1, p2 := at(10, 15, 0), at(10, 16, 0)
	pm.InterpolateTo(&p1, false)
	pm.InterpolateTo(&p2, false)
	pm.StickTo(7, 0.5)
	for range 25 {
		tick(pm, b, dt30)
	}
	for _, w := range rec.of(EventStallWindow) {
		if !w.Pass {
			t.Fatalf("window failed while stuck: %+v", w)
		}
	}
	if n := len(rec.of(EventStallWindow)); n != 5 {
		t.Fatalf("%d windows in 25 frames, want 5", n)
	}
	for range 15 {
		tick(pm, b, dt30)
	}
	if pm.StickyObjectID() != 0 {
		t.Fatal("sticky target not cleared after 1 s")
	}
	failed := 0
	for _, w := range rec.of(EventStallWindow) {
		if !w.Pass {
			failed++
		}
	}
	if failed == 0 {
		t.Error("no window failed after the sticky target timed out")
	}
}

// seed 000 §4: progress_quantum adds each frame's dt (retail line 353140).
func TestAdjustOffset_ProgressQuantumSumsDt(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	p := at(10, 30, 0)
	pm.InterpolateTo(&p, false)
	var want float32
	for _, dt := range []float64{0.01, 0.02, 0.04} {
		tick(pm, b, dt)
		want = float32(dt + float64(want))
	}
	st := pm.InterpolationState()
	if st.ProgressQuantum != want || st.FrameCounter != 3 {
		t.Errorf("progress_quantum %v frames %d, want %v and 3", st.ProgressQuantum, st.FrameCounter, want)
	}
	if w := st.Window; w.Frames != 3 || !w.HasBaseline == (st.OriginalDistance != LargeDistance) {
		t.Errorf("window view %+v", w)
	}
}
