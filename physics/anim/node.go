// AnimSequenceNode: one animation queued on a CSequence, with its signed
// framerate and frame range, and the accessors update_internal reads
// (seed 002 §3, §6, §7).

package anim

import "glidepath/physics"

// AnimSequenceNode is retail AnimSequenceNode {anim, framerate, low_frame,
// high_frame} (acclient.h:31063, seed 002 header note). The framerate's sign
// is the play direction: there is no separate "play backward" flag
// (seed 002 §6).
type AnimSequenceNode struct {
	Anim      *Animation
	Framerate float32
	LowFrame  int32
	HighFrame int32
}

// newAnimSequenceNode builds the node append_animation queues for d,
// clamping the frame range to the animation as
// AnimSequenceNode::set_animation_id does (ACE AnimSequenceNode.cs): a
// negative high frame means the last frame, both ends are limited to the
// last frame, and high is raised to low when below it.
func newAnimSequenceNode(d AnimData) AnimSequenceNode {
	n := AnimSequenceNode(d)
	if n.Anim == nil {
		return n
	}
	last := int32(n.Anim.NumFrames() - 1)
	if n.HighFrame < 0 || n.HighFrame > last {
		n.HighFrame = last
	}
	if n.LowFrame < 0 {
		n.LowFrame = 0
	}
	if n.LowFrame > last {
		n.LowFrame = last
	}
	if n.LowFrame > n.HighFrame {
		n.HighFrame = n.LowFrame
	}
	return n
}

// StartingFrame is AnimSequenceNode::get_starting_frame (0x00525C80,
// seed 002 §6): low_frame when the framerate is ≥ 0, high_frame + 1 when it
// is negative (reverse play starts past the last frame).
func (n *AnimSequenceNode) StartingFrame() float64 {
	if n.Framerate >= 0 {
		return float64(n.LowFrame)
	}
	return float64(n.HighFrame) + 1
}

// EndingFrame is AnimSequenceNode::get_ending_frame (0x00525CB0, seed 002
// §6): high_frame + 1 when the framerate is ≥ 0, low_frame when it is
// negative.
func (n *AnimSequenceNode) EndingFrame() float64 {
	if n.Framerate >= 0 {
		return float64(n.HighFrame) + 1
	}
	return float64(n.LowFrame)
}

// PosFrame is AnimSequenceNode::get_pos_frame (0x00525C10, seed 002 §7):
// the baked root offset of frame i, or nil when the animation has no
// pos_frames or i is outside [0, num_frames).
func (n *AnimSequenceNode) PosFrame(i int) *physics.Frame {
	if n.Anim == nil || n.Anim.posFrames == nil || i < 0 || i >= len(n.Anim.posFrames) {
		return nil
	}
	return &n.Anim.posFrames[i]
}

// PartFrame is AnimSequenceNode::get_part_frame (0x00525C40, seed 002 §3):
// frame i of the animation, or nil outside [0, num_frames).
func (n *AnimSequenceNode) PartFrame(i int) *PartFrame {
	if n.Anim == nil || i < 0 || i >= len(n.Anim.partFrames) {
		return nil
	}
	return &n.Anim.partFrames[i]
}

// MultiplyFramerate is AnimSequenceNode::multiply_framerate (0x00525BE0,
// seed 002 §6): framerate *= r. A negative r turns the node around; the
// frame range is left as it is.
func (n *AnimSequenceNode) MultiplyFramerate(r float32) {
	n.Framerate = float32(n.Framerate * r)
}
