// Sequence update: CSequence::update, the per-keyframe loop of
// update_internal, advance_to_next_animation and apply_physics — how an
// animation sequence writes root motion into the tick's local offset frame
// (seed 002 §2, §3, §4, §9).

package anim

import (
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// Update is CSequence::update (0x00525B80, seed 002 §2): with animations
// queued, update_internal advances the cursor and writes root motion into
// offset, then apricot drops the drained link nodes; with none, apply_physics
// integrates velocity and omega over the whole dt. offset may be nil (the
// cursor still advances and hooks still fire).
//
// A non-finite dt changes nothing: retail would poison the cursor.
func (s *Sequence) Update(dt float64, offset *physics.Frame) {
	if dt-dt != 0 { // NaN or ±Inf
		return
	}
	if len(s.nodes) > 0 {
		if !s.quietAdvance(dt, offset) {
			s.updateInternal(dt, offset)
		}
		s.apricot()
		return
	}
	if offset != nil {
		s.applyPhysics(offset, dt, dt)
	}
}

// updateInternal is CSequence::update_internal (0x005255D0, seed 002 §3).
//
// Per pass: frame_number += framerate·dt; every frame the cursor crossed is
// handled in play order (seed 002 §9): going forward, subtract1 the frame's
// pos_frame from offset, apply_physics(1/framerate, sign of dt), and
// execute_hooks with −1; going backward, combine the pos_frame, the same
// apply_physics, execute_hooks with +1. A cursor that ran past the node's
// end is clamped to it, the time left over is computed, the anim-done hook
// fires unless the list's head is the first cyclic node, and the loop goes
// on in the next node with the leftover.
//
// Seed 002 §3 is a reconstruction of x87 code whose loop conditions do not
// terminate as printed ("while floor(*arg4) > ebx" with ebx decremented).
// Glidepath's reading, which keeps the seed's per-frame operations:
//   - frames are half-open [k, k+1); going forward the cursor crosses frame
//     k when it reaches k+1, going backward when it drops below k+1, so
//     frames floor(f0)..floor(f1)−1 (forward) or floor(f0)−1..floor(f1)
//     (backward) are handled, and a forward step followed by the same step
//     back handles the same frames and undoes the pos_frames exactly;
//   - a node is done when the cursor passes high_frame+1 going forward or
//     low_frame going backward (strictly, so a cursor resting on a bound
//     after an exact landing moves on in the next call); the leftover time
//     is (overshoot)/framerate, the dt that was not spent in this node;
//   - over a whole forward node every frame low..high is crossed once, so
//     velocity is integrated for exactly the node's duration
//     ((high−low+1)/framerate, seed 002 §9).
func (s *Sequence) updateInternal(dt float64, offset *physics.Frame) {
	for advances := 0; ; advances++ {
		node := &s.nodes[s.curr]
		framerate := float64(node.Framerate)
		delta := framerate * dt
		if delta-delta != 0 { // NaN or ±Inf
			return
		}
		start := s.frameNumber
		s.frameNumber = start + delta
		wrapped := false
		leftover := 0.0

		if delta >= 0 {
			// Forward: the node ends at high_frame + 1.
			end := float64(node.HighFrame) + 1
			if s.frameNumber > end {
				if math.Abs(framerate) >= FEpsilon {
					leftover = (s.frameNumber - end) / framerate
				}
				s.frameNumber = end
				wrapped = true
			}
			first, last := floorInt(start), floorInt(s.frameNumber)
			if first < last && s.crossingsChangeNothing(node, offset) {
				first = last
			}
			for k := first; k < last; k++ {
				if offset != nil {
					if pf := node.PosFrame(k); pf != nil {
						*offset = s.leaveKeyframe(offset, pf, true)
					}
					if math.Abs(framerate) >= FEpsilon {
						s.applyPhysics(offset, s.reciprocal(framerate), dt)
					}
				}
				s.executeHooks(node.PartFrame(k), HookForwardPlay)
			}
		} else {
			// Backward: the node ends at low_frame.
			low := float64(node.LowFrame)
			if s.frameNumber < low {
				if math.Abs(framerate) >= FEpsilon {
					leftover = (s.frameNumber - low) / framerate
				}
				s.frameNumber = low
				wrapped = true
			}
			first, last := floorInt(start)-1, floorInt(s.frameNumber)
			if first >= last && s.crossingsChangeNothing(node, offset) {
				first = last - 1
			}
			for k := first; k >= last; k-- {
				if offset != nil {
					if pf := node.PosFrame(k); pf != nil {
						*offset = s.leaveKeyframe(offset, pf, false)
					}
					if math.Abs(framerate) >= FEpsilon {
						s.applyPhysics(offset, s.reciprocal(framerate), dt)
					}
				}
				s.executeHooks(node.PartFrame(k), HookReversePlay)
			}
		}

		if !wrapped || advances >= maxAdvancesPerUpdate {
			return
		}
		// Notify the hook object while a link node is still at the head
		// (anim_list.head_ != first_cyclic, 0x0052594E).
		if s.hook != nil && s.firstCyclic != 0 {
			s.hook.AnimDone()
		}
		s.advanceToNextAnimation(leftover)
		dt = leftover
	}
}

// quietAdvance is updateInternal's first pass in the case that covers
// nearly every tick of a remote's cycle, done in a small function with no
// calls: the cursor stays inside the current node, and the frames it
// crosses change nothing (crossingsChangeNothing). Then update_internal
// only moves the cursor — frame_number += framerate·dt, computed as
// updateInternal computes it — and returns without a second pass. It
// reports false, changing nothing, in every other case (the cursor leaves
// the node, dt·framerate is not finite, or a crossing would act), for
// updateInternal to do the whole work.
func (s *Sequence) quietAdvance(dt float64, offset *physics.Frame) bool {
	node := &s.nodes[s.curr]
	start := s.frameNumber
	f := start + float64(node.Framerate)*dt
	// The cursor stays in [low_frame, high_frame + 1], so the node ends in
	// neither direction (a NaN or infinite cursor fails the test too), and
	// both cursors are in [0, 2⁶²), where floorInt is the conversion.
	if !(float64(node.LowFrame) <= f && f <= float64(node.HighFrame)+1 && f >= 0 && start >= 0 && start < 1<<62) {
		return false
	}
	// Frames are crossed exactly when the cursor's floor changes (both
	// directions, see updateInternal).
	if int(start) != int(f) && !s.crossingsChangeNothing(node, offset) {
		return false
	}
	s.frameNumber = f
	return true
}

// crossingsChangeNothing reports whether crossing frames of node would
// leave everything as it is, so updateInternal can move the cursor without
// visiting them: no hook object to call, and either no offset or one that
// no crossing can touch — the animation has no pos_frames, velocity and
// omega are zeros (a still cycle, the Humanoid's locomotion, seed 002 §5)
// and the offset's origin has no −0 component. Then each crossing's
// apply_physics adds signed zeros to components that are not −0 (no
// change) and does not rotate, which is most cycles of most remotes every
// tick.
func (s *Sequence) crossingsChangeNothing(node *AnimSequenceNode, offset *physics.Frame) bool {
	if s.hook != nil {
		return false
	}
	if offset == nil {
		return true
	}
	if node.Anim != nil && node.Anim.posFrames != nil {
		return false
	}
	if !s.still {
		return false
	}
	// The origin's bit patterns read in place (math.Float32bits of a float
	// in memory is a float load and a move; this is one integer compare).
	o := (*[3]uint32)(unsafe.Pointer(&offset.Origin))
	return o[0] != negZero && o[1] != negZero && o[2] != negZero
}

// advanceToNextAnimation is CSequence::advance_to_next_animation
// (0x005252B0, seed 002 §3 names it; the body follows ACE Sequence.cs).
// Time running forward moves to the next node, or back to first_cyclic after
// the last; time running backward moves to the previous node, or to the last
// after the head. The cursor goes to the new node's starting frame (its
// ending frame when time runs backward), seed 002 §6.
//
// ACE's version also applies one frame of pos_frame and physics on entering
// and leaving some nodes, because its loop stops one frame short of the end;
// Glidepath's loop crosses every frame of the node (see updateInternal), so
// nothing is applied here and the totals agree.
func (s *Sequence) advanceToNextAnimation(leftover float64) {
	if leftover >= 0 {
		if s.curr+1 < len(s.nodes) {
			s.curr++
		} else {
			s.curr = s.firstCyclic
		}
		s.frameNumber = s.nodes[s.curr].StartingFrame()
		return
	}
	if s.curr > 0 {
		s.curr--
	} else {
		s.curr = len(s.nodes) - 1
	}
	s.frameNumber = s.nodes[s.curr].EndingFrame()
}

// reciprocal is 1/framerate, remembered for the last framerate: a cycle
// crosses a frame or two of the same node every tick.
func (s *Sequence) reciprocal(framerate float64) float64 {
	if framerate != s.invRateOf {
		s.invRateOf, s.invRate = framerate, 1/framerate
	}
	return s.invRate
}

// applyPhysics is CSequence::apply_physics (0x00524AB0, seed 002 §4): the
// step's magnitude is |frameDt|, its sign is sign's; origin += step·velocity
// and the frame rotates by step·omega about its local axes (Frame::rotate).
// The products are taken in double and stored as float, as retail does.
func (s *Sequence) applyPhysics(offset *physics.Frame, frameDt, sign float64) {
	d := math.Abs(frameDt)
	if sign < 0 {
		d = -d
	}
	v, w := &s.velocity, &s.omega
	o := &offset.Origin
	if v[0] == 0 && v[1] == 0 && v[2] == 0 {
		// A still cycle (Humanoid locomotion, seed 002 §5): each step
		// d·v is a signed zero, and adding a zero changes only a −0
		// component (to +0 when the step is +0), so only those add.
		for i := range o {
			if math.Float32bits(o[i]) == negZero {
				o[i] += float32(d * float64(v[i]))
			}
		}
	} else {
		*o = mgl32.Vec3{
			o[0] + float32(d*float64(v[0])),
			o[1] + float32(d*float64(v[1])),
			o[2] + float32(d*float64(v[2])),
		}
	}
	if w[0] == 0 && w[1] == 0 && w[2] == 0 {
		return // d·ω is zero: Frame::rotate would not turn
	}
	if r := (mgl32.Vec3{
		float32(d * float64(w[0])),
		float32(d * float64(w[1])),
		float32(d * float64(w[2])),
	}); r != (mgl32.Vec3{}) {
		offset.RotateMemo(r, &s.rotMemo)
	}
}

// negZero is the bit pattern of float32 −0.
const negZero = 0x80000000

// floorInt is int(math.Floor(x)): a frame cursor is never negative, and
// for a non-negative x below 2⁶² the conversion's truncation is the floor.
func floorInt(x float64) int {
	if x >= 0 && x < 1<<62 {
		return int(x)
	}
	return int(math.Floor(x))
}

// executeHooks is CSequence::execute_hooks (0x00524830, seed 002 §3): hand
// a crossed part frame to the hook object. Nothing happens without a hook
// object or outside the animation (a nil part frame).
func (s *Sequence) executeHooks(pf *PartFrame, dir HookDirection) {
	if pf == nil || s.hook == nil {
		return
	}
	s.hook.ExecuteHooks(pf, dir)
}

// leaveKeyframe applies a crossed keyframe's pos_frame to the offset: by
// seed 002 §3 subtract1 going forward and combine going backward; under
// CombineLeavingForward (ACE) the other way round.
func (s *Sequence) leaveKeyframe(offset, pf *physics.Frame, forward bool) physics.Frame {
	if forward == (s.posFrames == SubtractLeavingForward) {
		return physics.Subtract1(offset, pf)
	}
	return physics.Combine(offset, pf)
}
