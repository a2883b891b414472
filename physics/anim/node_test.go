// Tests of AnimSequenceNode: starting and ending frames by framerate sign,
// pos/part frame lookup, multiply_framerate (seed 002 §6, §7).

package anim

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// seed 002 §6: framerate < 0 starts at high_frame + 1 and ends at
// low_frame; framerate ≥ 0 starts at low_frame and ends at high_frame + 1.
func TestAnimSequenceNode_StartingEndingFrameFollowFramerateSign(t *testing.T) {
	a := mkAnim(t, "a", 10)
	tests := []struct {
		name       string
		framerate  float32
		low, high  int32
		start, end float64
	}{
		{"forward", 30, 2, 7, 2, 8},
		{"zero counts as forward", 0, 2, 7, 2, 8},
		{"reverse", -30, 2, 7, 8, 2},
		{"reverse whole", -15, 0, 9, 10, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := newAnimSequenceNode(AnimData{Anim: a, Framerate: tc.framerate, LowFrame: tc.low, HighFrame: tc.high})
			if got := n.StartingFrame(); got != tc.start {
				t.Errorf("StartingFrame = %v, want %v", got, tc.start)
			}
			if got := n.EndingFrame(); got != tc.end {
				t.Errorf("EndingFrame = %v, want %v", got, tc.end)
			}
		})
	}
}

// seed 002 §7: get_pos_frame returns null outside [0, num_frames) and when
// the animation bakes no pos_frames; get_part_frame likewise (seed 002 §3).
func TestAnimSequenceNode_PosFrameAndPartFrameNilOutsideRange(t *testing.T) {
	withPos := newAnimSequenceNode(AnimData{Anim: mkPosAnim(t, "p", 4, mgl32.Vec3{0, 1, 0}), Framerate: 30, HighFrame: -1})
	noPos := newAnimSequenceNode(AnimData{Anim: mkAnim(t, "n", 4), Framerate: 30, HighFrame: -1})
	for _, i := range []int{-1, 4, 100} {
		if withPos.PosFrame(i) != nil {
			t.Errorf("PosFrame(%d) != nil", i)
		}
		if withPos.PartFrame(i) != nil {
			t.Errorf("PartFrame(%d) != nil", i)
		}
	}
	for i := range 4 {
		pf := withPos.PosFrame(i)
		if pf == nil || pf.Origin != (mgl32.Vec3{0, 1, 0}) {
			t.Errorf("PosFrame(%d) = %v", i, pf)
		}
		if noPos.PosFrame(i) != nil {
			t.Errorf("no-pos PosFrame(%d) != nil", i)
		}
		if p := noPos.PartFrame(i); p == nil || p.Index != i || p.Anim.Name() != "n" {
			t.Errorf("PartFrame(%d) = %+v", i, p)
		}
	}
}

// seed 002 §6: multiply_framerate is framerate *= r; a negative factor turns
// the node around (its starting frame becomes high_frame + 1).
func TestAnimSequenceNode_MultiplyFramerate(t *testing.T) {
	n := newAnimSequenceNode(AnimData{Anim: mkAnim(t, "a", 10), Framerate: 30, HighFrame: -1})
	n.MultiplyFramerate(1.5)
	if n.Framerate != 45 {
		t.Fatalf("framerate = %v, want 45", n.Framerate)
	}
	n.MultiplyFramerate(-2)
	if n.Framerate != -90 || n.StartingFrame() != 10 || n.LowFrame != 0 || n.HighFrame != 9 {
		t.Fatalf("after -2: %+v start %v", n, n.StartingFrame())
	}
}

// AnimSequenceNode::set_animation_id clamps the frame range to the
// animation (ACE AnimSequenceNode.cs); a high frame of -1 means the last.
func TestNewAnimSequenceNode_ClampsFrameRange(t *testing.T) {
	a := mkAnim(t, "a", 5)
	tests := []struct {
		low, high, wantLow, wantHigh int32
	}{
		{0, -1, 0, 4},
		{1, 3, 1, 3},
		{2, 99, 2, 4},
		{7, 9, 4, 4},
		{3, 1, 3, 3},
		{-2, 2, 0, 2},
	}
	for _, tc := range tests {
		n := newAnimSequenceNode(AnimData{Anim: a, Framerate: 30, LowFrame: tc.low, HighFrame: tc.high})
		if n.LowFrame != tc.wantLow || n.HighFrame != tc.wantHigh {
			t.Errorf("(%d, %d) -> (%d, %d), want (%d, %d)", tc.low, tc.high, n.LowFrame, n.HighFrame, tc.wantLow, tc.wantHigh)
		}
	}
}
