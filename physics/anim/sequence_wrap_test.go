// Tests of the end of a node in update_internal: the overflow clamp, the
// leftover time, the anim-done hook and advance_to_next_animation
// (seed 002 §2, §3).

package anim

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seed 002 §2, §3: a non-cyclic link node drains into the cyclic node; the
// time left over after the link's end plays on in the cycle in the same
// update, the anim-done hook fires (the head is not first_cyclic), and
// apricot then drops the drained link.
func TestUpdateInternal_LinkDrainsIntoCycleWithLeftover(t *testing.T) {
	var s Sequence
	rec := &recorder{}
	s.SetHookTarget(rec)
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "link", 5), Framerate: 10, HighFrame: -1})
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle", 10), Framerate: 10, HighFrame: -1})
	v := mgl32.Vec3{1, 0, 0}
	s.SetVelocity(v)
	if s.CurrentIndex() != 0 || s.FirstCyclicIndex() != 1 {
		t.Fatalf("curr %d firstCyclic %d", s.CurrentIndex(), s.FirstCyclicIndex())
	}
	f := physics.IdentityFrame()
	s.Update(0.73, &f)

	want := []string{
		"link[0]forward(-1)", "link[1]forward(-1)", "link[2]forward(-1)", "link[3]forward(-1)", "link[4]forward(-1)",
		"done",
		"cycle[0]forward(-1)", "cycle[1]forward(-1)",
	}
	var got []string
	for _, e := range rec.events {
		got = append(got, e.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	// 0.73 s: 0.5 s in the link, 0.23 s (2.3 frames) in the cycle.
	if !near(s.FrameNumber(), 2.3, 1e-9) {
		t.Errorf("cursor %v, want 2.3", s.FrameNumber())
	}
	if !vecNear(f.Origin, v.Mul(0.7), 1e-6) {
		t.Errorf("origin %v, want 7 frames of velocity %v", f.Origin, v.Mul(0.7))
	}
	if s.NumNodes() != 1 || s.CurrentIndex() != 0 || s.FirstCyclicIndex() != 0 || s.Node(0).Anim.Name() != "cycle" {
		t.Errorf("after apricot: %d nodes, curr %d, firstCyclic %d", s.NumNodes(), s.CurrentIndex(), s.FirstCyclicIndex())
	}
}

// seed 002 §3: a cursor overflowing the cyclic node's end is clamped, the
// leftover time loops back to first_cyclic, and no anim-done hook fires
// because the head is first_cyclic.
func TestUpdateInternal_OverflowWrapsCycleWithoutAnimDone(t *testing.T) {
	var s Sequence
	rec := &recorder{}
	s.SetHookTarget(rec)
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 10), Framerate: 10, HighFrame: -1})
	v := mgl32.Vec3{0, 4, 0}
	s.SetVelocity(v)
	f := physics.IdentityFrame()
	s.Update(1.35, &f) // 13.5 frames: 0..9, then 0..2
	if rec.doneCount() != 0 {
		t.Errorf("anim-done fired for the cyclic head")
	}
	want := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}
	if got := rec.frames(HookForwardPlay); !slices.Equal(got, want) {
		t.Errorf("frames %v, want %v", got, want)
	}
	if !near(s.FrameNumber(), 3.5, 1e-9) {
		t.Errorf("cursor %v, want 3.5", s.FrameNumber())
	}
	if !vecNear(f.Origin, v.Mul(1.3), 1e-5) {
		t.Errorf("origin %v, want %v", f.Origin, v.Mul(1.3))
	}
}

// seed 002 §3 compares strictly ("*arg4 > end_int"): a cursor that lands
// exactly on the node's end has crossed every frame but stays there; the
// next update moves on. A reverse node resting on its starting frame with a
// zero step does not wrap either.
func TestUpdateInternal_ExactLandingWrapsOnNextUpdate(t *testing.T) {
	var s Sequence
	rec := &recorder{}
	s.SetHookTarget(rec)
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 8), Framerate: 8, HighFrame: -1})
	s.Update(1, nil)
	if s.FrameNumber() != 8 || len(rec.frames(HookForwardPlay)) != 8 {
		t.Fatalf("after exactly one cycle: cursor %v, %d frames", s.FrameNumber(), len(rec.frames(HookForwardPlay)))
	}
	s.Update(0.0625, nil)
	if s.FrameNumber() != 0.5 || len(rec.frames(HookForwardPlay)) != 8 {
		t.Fatalf("next update: cursor %v, %d frames", s.FrameNumber(), len(rec.frames(HookForwardPlay)))
	}

	var r Sequence
	r.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 8), Framerate: -8, HighFrame: -1})
	r.Update(0, nil)
	if r.FrameNumber() != 8 {
		t.Fatalf("zero step moved a reverse node to %v", r.FrameNumber())
	}
}

// seed 002 §3: the reverse branch's bound is low_frame, also compared
// strictly: landing exactly on it stays until the next update.
func TestUpdateInternal_ReverseExactLandingWrapsOnNextUpdate(t *testing.T) {
	var s Sequence
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "c", 8), Framerate: -8, HighFrame: -1})
	s.Update(1, nil)
	if s.FrameNumber() != 0 {
		t.Fatalf("cursor %v, want 0 (resting on low_frame)", s.FrameNumber())
	}
	s.Update(0.0625, nil)
	if s.FrameNumber() != 7.5 {
		t.Fatalf("cursor %v, want 7.5 (wrapped)", s.FrameNumber())
	}
}

// seed 002 §2, §3: past the last node the sequence loops to first_cyclic,
// not to the head; apricot runs only after the whole update, so while the
// drained link is still the head every node end fires anim-done.
func TestUpdateInternal_LoopsToFirstCyclicNotHead(t *testing.T) {
	var s Sequence
	rec := &recorder{}
	s.SetHookTarget(rec)
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "link", 5), Framerate: 10, HighFrame: -1})
	s.AppendAnimation(AnimData{Anim: mkAnim(t, "cycle", 10), Framerate: 10, HighFrame: -1})
	s.Update(1.75, nil) // 0.5 s link, 1 s cycle, 0.25 s cycle again
	var got []string
	for _, e := range rec.events {
		got = append(got, e.String())
	}
	var want []string
	for i := range 5 {
		want = append(want, hookEvent{anim: "link", frame: i, dir: HookForwardPlay}.String())
	}
	want = append(want, "done")
	for i := range 10 {
		want = append(want, hookEvent{anim: "cycle", frame: i, dir: HookForwardPlay}.String())
	}
	want = append(want, "done", "cycle[0]forward(-1)", "cycle[1]forward(-1)")
	if !slices.Equal(got, want) {
		t.Errorf("events\n%v\nwant\n%v", got, want)
	}
	if s.NumNodes() != 1 || !near(s.FrameNumber(), 2.5, 1e-9) {
		t.Errorf("%d nodes, cursor %v", s.NumNodes(), s.FrameNumber())
	}
}
