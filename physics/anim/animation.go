// Animation data: CAnimation (frame count, baked root pos_frames, part
// frames), AnimData (an animation reference with framerate and frame range)
// and MotionData (velocity, omega and the animations one motion plays).
// These are the immutable pieces of a motion table (seed 002 §5, §7).

package anim

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// Animation is a CAnimation: a number of frames and, optionally, one baked
// root offset (pos_frame) per frame. It is immutable once built and may be
// shared by any number of sequences.
type Animation struct {
	name       string
	posFrames  []physics.Frame
	partFrames []PartFrame
}

// PartFrame is an AnimFrame: what CSequence::execute_hooks receives for one
// frame of an animation (seed 002 §3). Glidepath keeps no per-part poses or
// hook lists; a hook target learns which animation frame was crossed.
type PartFrame struct {
	// Anim is the animation the frame belongs to.
	Anim *Animation
	// Index is the frame's index in Anim.
	Index int
}

// NewAnimation builds an animation of numFrames frames. posFrames is nil (no
// baked root motion) or holds exactly numFrames valid frames, each the root
// offset of that frame (AFrame, seed 002 §7). The slice is copied.
func NewAnimation(name string, numFrames int, posFrames []physics.Frame) (*Animation, error) {
	if numFrames < 1 || numFrames > MaxAnimationFrames {
		return nil, fmt.Errorf("animation %q: frame count %d not in [1, %d]", name, numFrames, MaxAnimationFrames)
	}
	if posFrames != nil && len(posFrames) != numFrames {
		return nil, fmt.Errorf("animation %q: %d pos_frames for %d frames", name, len(posFrames), numFrames)
	}
	a := &Animation{name: name, partFrames: make([]PartFrame, numFrames)}
	for i := range a.partFrames {
		a.partFrames[i] = PartFrame{Anim: a, Index: i}
	}
	if posFrames != nil {
		a.posFrames = make([]physics.Frame, numFrames)
		for i, f := range posFrames {
			if !f.IsValid() {
				return nil, fmt.Errorf("animation %q: pos_frames[%d] is not a valid frame", name, i)
			}
			// Refresh the cache: the caller may have edited Rot.
			f.Cache()
			a.posFrames[i] = f
		}
	}
	return a, nil
}

// Name is the animation's name in its motion table.
func (a *Animation) Name() string { return a.name }

// NumFrames is CAnimation::num_frames.
func (a *Animation) NumFrames() int { return len(a.partFrames) }

// HasPosFrames reports whether the animation bakes root motion
// (anim->pos_frames != 0, seed 002 §3).
func (a *Animation) HasPosFrames() bool { return a.posFrames != nil }

// AnimData is retail AnimData: an animation with the framerate (frames per
// second; its sign is the play direction) and the inclusive frame range to
// play. HighFrame −1 means the animation's last frame.
type AnimData struct {
	Anim      *Animation
	Framerate float32
	LowFrame  int32
	HighFrame int32
}

// Scaled is operator*(AnimData, float) (0x00525D00, seed 002 §5): a copy
// with the framerate multiplied by speed; the frame range and animation are
// copied verbatim.
func (d AnimData) Scaled(speed float32) AnimData {
	d.Framerate = float32(d.Framerate * speed)
	return d
}

// MotionData is retail MotionData: the velocity and omega a motion gives the
// sequence (body-local, per unit speed) and the animations it appends, the
// last of which is the cycle (seed 002 §5). A table's MotionData is shared
// by every object using the table and must not be modified.
type MotionData struct {
	Velocity mgl32.Vec3
	Omega    mgl32.Vec3
	Anims    []AnimData
	// Source says where the numbers come from, as the table file states.
	Source string
}
