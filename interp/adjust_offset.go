// AdjustOffset: the per-tick walk toward the head node — contact gate, reach
// test, catch-up speed, the stall window (stall.go), the step clamped to
// catch-up × dt, expressed in the body's local frame, written over the
// caller's offset frame (seed 000 §4).

package interp

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// AdjustOffset is InterpolationManager::adjust_offset (0x00555D30, seed 000
// §4). offset is the local offset frame CPhysicsObj::UpdatePositionInternal
// built (animation root motion); dt is the frame's quantum in seconds.
//
// It returns with offset unchanged when the queue is empty, there is no
// body, the body is not in contact (under Reading.ContactGate), or the head
// is a velocity node. A body within 0.05 m of the head completes it. Every
// frame adds to progress_quantum and frame_counter; every 5th frame the
// stall window is judged (stall.go) and a failure pops the head and returns.
// Otherwise the step toward the head, at most catch-up × dt and never past
// it, is written over offset (Reading.OverwriteOffset; added to it
// otherwise) as a translation in the body's local frame — Frame::combine
// rotates it by the body's frame — with the rotation that turns the body to
// the head's heading, or none when keep_heading.
//
// A dt that is not a positive finite number leaves everything unchanged: a
// zero-length frame would count toward the stall window without any time
// for progress (retail's tick driver never passes one).
func (m *InterpolationManager) AdjustOffset(offset *physics.Frame, dt float64) {
	if offset == nil || m.st.queue.Len() == 0 || m.body == nil {
		return
	}
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	// Retail line 353080: transient_state & 1 (Contact) — an airborne remote
	// does not interpolate (READINGS.md item 9).
	if m.reading.ContactGate && !m.read.inContact(m.body) {
		return
	}
	head := m.st.queue.front()
	if head.Type == NodeJump || head.Type == NodeVelocity {
		return
	}
	target := &head.Position

	// Nothing below moves the body (NodeCompleted, the stall window and
	// the sink only change the manager), so its position is read in place.
	var buf physics.Position
	bodyPos := m.read.position(m.body, &buf)
	// Position::subtract2's vector and Position::distance share one
	// cell-aware offset.
	delta, dist := offsetDistance(bodyPos, target)
	// Retail line 353089: dist <= DESIRED_DISTANCE. ACE and the prior port
	// (seed 000 §7) test dist < 0.05; the two differ only at exactly 0.05 m,
	// so no reading carries it.
	if dist <= DesiredDistance {
		m.NodeCompleted(true)
		return
	}

	catchUp := m.catchUpSpeed()
	// step = catchUp * (float)arg3 in the seed's pseudo-C. Ambiguous: the
	// same "(float)" appears on progress_quantum += (float)arg3, where the
	// disassembly shows the double dt used as is (fld qword) and only the
	// result stored as float. Read the same way here: the product of the
	// float speed and the double dt, rounded once to float32.
	maxStep := float32(float64(catchUp) * dt)

	switch m.reading.Progress {
	case ProgressTime:
		// fld qword dt; fadd dword progress_quantum; fstp dword: the sum is
		// taken in extended precision and stored as float.
		m.st.progressQuantum = float32(dt + float64(m.st.progressQuantum))
	case ProgressStepLength:
		m.st.progressQuantum = float32(m.st.progressQuantum + min(maxStep, dist))
	}
	m.st.frameCounter++

	if m.st.frameCounter >= m.k.StallCheckFrameInterval {
		if done := m.judgeWindow(offset, bodyPos, dist, dt, catchUp); done {
			return
		}
	}

	// AC1Legacy::Vector3::magnitude of subtract2's vector, in float.
	mag := delta.Len()
	// Retail line 353222: a second reach test on the same distance, inside
	// the step branch, with no return — the step below still heads for the
	// node just completed, so keep a copy of it before it is popped.
	if mag <= DesiredDistance {
		saved := *target
		target = &saved
		m.NodeCompleted(true)
	}
	// turn is the share of the way to the head this step covers, which
	// Reading.HeadingTurn's slerp turns the body by.
	turn := float32(1)
	if maxStep < mag {
		delta = delta.Mul(maxStep / mag)
		turn = maxStep / mag
	}
	m.writeOffset(offset, bodyPos, delta, target, turn)
}

// offsetDistance is Position::get_offset and Position::distance of the same
// pair: the cell-aware global vector from a to b and its length, computed as
// physics.Position.Distance does. The interpolation code takes every
// body-to-node distance from here, so a window's baseline and its later
// distance always come from the same arithmetic.
func offsetDistance(a, b *physics.Position) (mgl32.Vec3, float32) {
	o := a.Offset(b)
	x, y, z := float64(o[0]), float64(o[1]), float64(o[2])
	return o, float32(math.Sqrt(x*x + y*y + z*z))
}

// writeOffset expresses the global step delta in the body's local frame and
// writes it into offset: overwriting it with a translation plus the turn to
// the head's rotation (Frame::set_heading(0) when keep_heading), or, under
// Reading.OverwriteOffset false, adding the translation to what the caller
// had (the prior port's Vector3 delta, which carried no rotation).
//
// turn is the fraction of the rotation to apply under HeadingSlerp
// (docs/readings.md item 14); HeadingInOneTick applies all of it.
func (m *InterpolationManager) writeOffset(offset *physics.Frame, bodyPos *physics.Position, delta mgl32.Vec3, target *physics.Position, turn float32) {
	// Frame::globaltolocalvec: each product rounded to float32, summed
	// left to right (physics.Frame.GlobalToLocalVec).
	local := bodyPos.Frame.GlobalToLocalVec(delta)
	if !m.reading.OverwriteOffset {
		offset.Origin = offset.Origin.Add(local)
		return
	}
	// keep_heading zeroes the rotation, and a body already facing as the
	// head does needs none: both give the identity, exactly.
	if m.st.keepHeading || bodyPos.Frame.Rot == target.Frame.Rot {
		*offset = physics.IdentityFrame()
		offset.Origin = local
		return
	}
	// subtract2's rotation: combine(body, offset) has the head's rotation.
	// The true inverse, not the conjugate, so a body quaternion a hair off
	// unit length is not squared again every tick.
	t := &m.turn
	bb, hb := quatBits(bodyPos.Frame.Rot), quatBits(target.Frame.Rot)
	if !t.valid || t.body != bb || t.head != hb {
		rot := bodyPos.Frame.Rot.Inverse().Mul(target.Frame.Rot)
		if !finite(rot.W) || !finiteVec(rot.V) {
			rot = mgl32.QuatIdent() // a zero body quaternion; set_frame repairs it
		}
		t.valid, t.body, t.head, t.rot = true, bb, hb, rot
	}
	if m.reading.HeadingTurn == HeadingSlerp && turn < 1 {
		*offset = physics.NewFrame(local, mgl32.QuatSlerp(mgl32.QuatIdent(), t.rot, turn))
		return
	}
	*offset = physics.NewFrameMemo(local, t.rot, &t.cache)
}

// quatBits is q's exact bit pattern, the key of turnMemo.
func quatBits(q mgl32.Quat) [4]uint32 {
	return [4]uint32{math.Float32bits(q.W), math.Float32bits(q.V[0]), math.Float32bits(q.V[1]), math.Float32bits(q.V[2])}
}
