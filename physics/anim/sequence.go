// Sequence: CSequence's state (animation list, first cyclic node, current
// node, fractional frame_number, velocity, omega, hook object) and the list
// and physics operations around update (seed 002 §2, §5, §6; list handling
// after ACE Sequence.cs where seed 002 only names the function).

package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// Sequence is a CSequence (acclient.h:30747). The animation list is a slice
// (retail: a doubly linked list); curr and firstCyclic index it, −1 when the
// list is empty. All state is plain values plus pointers to immutable
// animations, so copying a Sequence with CopyFrom or Clone is a deep copy.
//
// The zero value is an empty sequence with no hook target.
type Sequence struct {
	nodes       []AnimSequenceNode
	firstCyclic int
	curr        int
	// frameNumber is CSequence::frame_number, a double in retail (update
	// passes &this->frame_number as double*, seed 002 §3).
	frameNumber float64
	velocity    mgl32.Vec3
	omega       mgl32.Vec3
	// still is set when velocity and omega are zeros (of either sign): a
	// still cycle, whose frame crossings add nothing (quietAdvance). Every
	// write of velocity or omega goes through physicsChanged, which keeps
	// it; false only sends update the long way.
	still     bool
	hook      HookTarget
	posFrames PosFrameRule
	// rotMemo caches apply_physics' Frame::rotate: a cycle with omega
	// rotates the identity offset by the same vector every tick.
	rotMemo physics.RotateMemo
	// invRate is 1/invRateOf, apply_physics' frame time for the last
	// framerate (a cache: never compared or copied as state).
	invRate, invRateOf float64
}

// PosFrameRule is how update_internal applies the pos_frame of each crossed
// keyframe to the root-motion offset: the sources disagree (docs/readings.md,
// item 13).
type PosFrameRule uint8

const (
	// SubtractLeavingForward: playing forward, subtract1 the leaving
	// keyframe's pos_frame; playing backward, combine it (seed 002 §3, §9).
	SubtractLeavingForward PosFrameRule = iota
	// CombineLeavingForward: playing forward, combine it; backward, subtract
	// it (ACE Sequence.update_internal).
	CombineLeavingForward
)

// String names the rule as the readings table does.
func (r PosFrameRule) String() string {
	if r == CombineLeavingForward {
		return "combine"
	}
	return "subtract"
}

// SetPosFrameRule chooses how crossed keyframes' pos_frames are applied.
func (s *Sequence) SetPosFrameRule(r PosFrameRule) { s.posFrames = r }

// PosFrameRule returns the rule in force.
func (s *Sequence) PosFrameRule() PosFrameRule { return s.posFrames }

// SetHookTarget sets hook_obj (CSequence::set_object); nil removes it.
func (s *Sequence) SetHookTarget(h HookTarget) { s.hook = h }

// HookTarget returns hook_obj.
func (s *Sequence) HookTarget() HookTarget { return s.hook }

// Velocity is CSequence::velocity, body-local metres per second.
func (s *Sequence) Velocity() mgl32.Vec3 { return s.velocity }

// Omega is CSequence::omega, body-local radians per second (axis-angle).
func (s *Sequence) Omega() mgl32.Vec3 { return s.omega }

// FrameNumber is CSequence::frame_number, the fractional cursor in the
// current node.
func (s *Sequence) FrameNumber() float64 { return s.frameNumber }

// HasAnims reports whether the animation list is non-empty (anim_list.head_
// != 0, seed 002 §2).
func (s *Sequence) HasAnims() bool { return len(s.nodes) > 0 }

// NumNodes is the length of the animation list.
func (s *Sequence) NumNodes() int { return len(s.nodes) }

// Node returns node i of the animation list (0 is the head).
func (s *Sequence) Node(i int) AnimSequenceNode { return s.nodes[i] }

// CurrentIndex is the index of curr_anim, or −1 when the list is empty.
func (s *Sequence) CurrentIndex() int {
	if len(s.nodes) == 0 {
		return -1
	}
	return s.curr
}

// FirstCyclicIndex is the index of first_cyclic, or −1 when the list is
// empty.
func (s *Sequence) FirstCyclicIndex() int {
	if len(s.nodes) == 0 {
		return -1
	}
	return s.firstCyclic
}

// SetVelocity is CSequence::set_velocity (0x00524880, seed 002 §5, §6):
// assignment, not accumulation.
func (s *Sequence) SetVelocity(v mgl32.Vec3) {
	s.velocity = v
	s.physicsChanged()
}

// SetOmega is CSequence::set_omega (0x005248A0, seed 002 §5, §6):
// assignment.
func (s *Sequence) SetOmega(w mgl32.Vec3) {
	s.omega = w
	s.physicsChanged()
}

// CombinePhysics is CSequence::combine_physics (0x005248C0, seed 002 §6):
// velocity += v, omega += w.
func (s *Sequence) CombinePhysics(v, w mgl32.Vec3) {
	s.velocity = s.velocity.Add(v)
	s.omega = s.omega.Add(w)
	s.physicsChanged()
}

// SubtractPhysics is CSequence::subtract_physics (0x00524900, seed 002 §6):
// velocity −= v, omega −= w.
func (s *Sequence) SubtractPhysics(v, w mgl32.Vec3) {
	s.velocity = s.velocity.Sub(v)
	s.omega = s.omega.Sub(w)
	s.physicsChanged()
}

// ClearPhysics is CSequence::clear_physics: velocity and omega to zero.
func (s *Sequence) ClearPhysics() {
	s.velocity = mgl32.Vec3{}
	s.omega = mgl32.Vec3{}
	s.physicsChanged()
}

// physicsChanged recomputes still after a write of velocity or omega. A
// float32 is ±0 exactly when its bits without the sign are zero.
func (s *Sequence) physicsChanged() {
	v, w := &s.velocity, &s.omega
	bits := math.Float32bits(v[0]) | math.Float32bits(v[1]) | math.Float32bits(v[2]) |
		math.Float32bits(w[0]) | math.Float32bits(w[1]) | math.Float32bits(w[2])
	s.still = bits<<1 == 0
}

// AppendAnimation is CSequence::append_animation: queue d as a new last
// node, which becomes first_cyclic; an empty sequence starts playing it at
// its starting frame. Data without an animation is ignored
// (AnimSequenceNode::has_anim).
func (s *Sequence) AppendAnimation(d AnimData) {
	if d.Anim == nil {
		return
	}
	s.nodes = append(s.nodes, newAnimSequenceNode(d))
	s.firstCyclic = len(s.nodes) - 1
	if len(s.nodes) == 1 {
		s.curr = 0
		s.frameNumber = s.nodes[0].StartingFrame()
	}
}

// ClearAnimations is CSequence::clear_animations: empty the list and reset
// the cursor.
func (s *Sequence) ClearAnimations() {
	clear(s.nodes)
	s.nodes = s.nodes[:0]
	s.firstCyclic, s.curr, s.frameNumber = 0, 0, 0
}

// RemoveCyclicAnims is CSequence::remove_cyclic_anims: drop first_cyclic and
// everything after it. If the current node goes, the cursor moves to the
// ending frame of the node before it (or to an empty list). The last
// remaining node becomes first_cyclic.
func (s *Sequence) RemoveCyclicAnims() {
	if len(s.nodes) == 0 {
		return
	}
	fc := s.firstCyclic
	if s.curr >= fc {
		s.curr = fc - 1
		if s.curr >= 0 {
			s.frameNumber = s.nodes[s.curr].EndingFrame()
		} else {
			s.curr, s.frameNumber = 0, 0
		}
	}
	clear(s.nodes[fc:])
	s.nodes = s.nodes[:fc]
	s.firstCyclic = max(len(s.nodes)-1, 0)
}

// MultiplyCyclicAnimationFramerate is
// CSequence::multiply_cyclic_animation_fr (0x00524940, seed 002 §6): every
// node from first_cyclic to the end gets framerate *= r.
func (s *Sequence) MultiplyCyclicAnimationFramerate(r float32) {
	if len(s.nodes) == 0 {
		return
	}
	for i := s.firstCyclic; i < len(s.nodes); i++ {
		s.nodes[i].MultiplyFramerate(r)
	}
}

// apricot is CSequence::apricot (0x00524B40, seed 002 §2): delete the
// drained link nodes at the head of the list, stopping at curr_anim or at
// first_cyclic, whichever comes first.
func (s *Sequence) apricot() {
	k := min(s.curr, s.firstCyclic)
	if k <= 0 {
		return
	}
	n := copy(s.nodes, s.nodes[k:])
	clear(s.nodes[n:])
	s.nodes = s.nodes[:n]
	s.curr -= k
	s.firstCyclic -= k
}

// CopyFrom makes s a deep copy of src's animation list, cursor, velocity and
// omega, reusing s's storage. s keeps its own hook target.
func (s *Sequence) CopyFrom(src *Sequence) {
	s.nodes = append(s.nodes[:0], src.nodes...)
	s.firstCyclic = src.firstCyclic
	s.curr = src.curr
	s.frameNumber = src.frameNumber
	s.velocity = src.velocity
	s.omega = src.omega
	s.physicsChanged()
	s.posFrames = src.posFrames
}

// Clone returns a deep copy of s with no hook target; the animations it
// points to are shared, being immutable.
func (s *Sequence) Clone() *Sequence {
	c := &Sequence{}
	c.CopyFrom(s)
	return c
}
