// Animation 0x03xxxxxx in the portal dat (ACE FileTypes/Animation.cs,
// Entity/AnimationFrame.cs): flags, part count, frame count, pos_frames
// (the root motion, one Frame per frame, when flags bit 0), then per frame
// one Frame per part and the frame's hooks.

package dat

import "fmt"

// AnimationPosFrames is the Animation flag for pos_frames (ACE
// AnimationFlags.PosFrames).
const AnimationPosFrames = 0x1

// maxFrames bounds an animation's frame count.
const maxFrames = 1 << 16

// Animation is an animation's frames.
type Animation struct {
	ID                         uint32
	Flags, NumParts, NumFrames uint32
	// PosFrames is the root motion per frame; empty without the flag.
	PosFrames []Frame
	// PartFrames holds each frame's part frames and hooks.
	PartFrames []AnimFrame
}

// AnimFrame is one frame: a Frame per part, then its hooks.
type AnimFrame struct {
	Parts []Frame
	Hooks []Hook
}

// ParseAnimation decodes Animation entry id; an unknown hook type is an
// error naming the frame and hook.
func ParseAnimation(b []byte, id uint32) (*Animation, error) {
	c := &cursor{b: b}
	a := &Animation{ID: id}
	c.id(id)
	a.Flags = c.u32("flags")
	a.NumParts = c.u32("num_parts")
	a.NumFrames = c.u32("num_frames")
	c.overLimit("num_parts", 8, int(a.NumParts), maxParts)
	perFrame := int(a.NumParts)*frameSize + 4
	if a.Flags&AnimationPosFrames != 0 {
		perFrame += frameSize
	}
	nf := c.checkCount("num_frames", c.off-4, uint64(a.NumFrames), perFrame)
	c.overLimit("num_frames", 4, nf, maxFrames)
	if c.err != nil {
		return nil, c.err
	}
	if a.Flags&AnimationPosFrames != 0 {
		a.PosFrames = make([]Frame, nf)
		for i := range a.PosFrames {
			a.PosFrames[i] = c.frame("pos_frames")
			if c.err != nil {
				c.wrap(fmt.Sprintf("pos_frames[%d]", i))
				return nil, c.err
			}
		}
	}
	a.PartFrames = make([]AnimFrame, nf)
	for i := range a.PartFrames {
		f := &a.PartFrames[i]
		f.Parts = make([]Frame, a.NumParts)
		for p := range f.Parts {
			f.Parts[p] = c.frame("parts")
			if c.err != nil {
				c.wrap(fmt.Sprintf("parts[%d]", p))
				break
			}
		}
		nh := c.count("hooks count", 8)
		f.Hooks = make([]Hook, nh)
		for h := range f.Hooks {
			f.Hooks[h] = c.hook()
			if c.err != nil {
				c.wrap(fmt.Sprintf("hooks[%d]", h))
				break
			}
		}
		if c.err != nil {
			c.wrap(fmt.Sprintf("frames[%d]", i))
			return nil, c.err
		}
	}
	return a, nil
}
