// UseTime: the last stage of the tick — velocity nodes, and the blip that
// snaps the body to the tail, the last position node before a velocity tail,
// or blipto_position once node_fail_counter exceeds 3 (seed 000 §6).

package interp

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// UseTime is InterpolationManager::UseTime (0x00555F20, seed 000 §6).
//
// While node_fail_counter <= 3: a type-3 head sets the body's velocity and
// completes, a type-2 head completes, a position head waits for
// adjust_offset. With an empty queue and a counter above 0, or a counter
// above 3, it blips: SetPositionSimple(target, slide) to the tail, to the
// last position node before a velocity tail (then re-applying the tail's
// velocity), or to blipto_position. Only a successful SetPositionSimple
// stops interpolating; a rejected one keeps the state, to retry next tick.
func (m *InterpolationManager) UseTime() {
	if m.body == nil {
		return
	}
	q := &m.st.queue
	if m.st.nodeFailCounter <= StallFailCountThreshold {
		if q.Len() > 0 {
			switch head := q.front(); head.Type {
			case NodeVelocity:
				m.body.SetVelocity(head.Velocity, true)
				m.NodeCompleted(true)
			case NodeJump:
				m.NodeCompleted(true)
			}
			return
		}
		if m.st.nodeFailCounter <= 0 {
			return
		}
	}
	m.blip()
}

// useTimeIdle reports the two cases of nearly every tick, in which UseTime
// does nothing: a position node at the head with node_fail_counter at or
// below 3 (the switch matches no case and returns), and an empty queue
// with the counter at or below 0 (a remote that reached its last node and
// waits for the next update). Small enough to be inlined, so
// PositionManager.UseTime skips the call.
func (m *InterpolationManager) useTimeIdle() bool {
	q, c := &m.st.queue, m.st.nodeFailCounter
	if q.n == 0 {
		return c <= 0
	}
	return c <= StallFailCountThreshold && q.nodes[q.head].Type == NodePosition
}

// blip is UseTime's BLIP_BRANCH (seed 000 §6).
func (m *InterpolationManager) blip() {
	target, kind, reapply, vel := m.blipTarget()
	from := m.body.Position()
	if !m.body.SetPositionSimple(&target, true) {
		return
	}
	if reapply {
		m.body.SetVelocity(vel, true)
	}
	if m.sink != nil {
		m.emit(Event{Kind: EventBlip, From: from, To: target, Target: kind})
	}
	m.StopInterpolating()
}

// blipTarget picks the blip's position (seed 000 §6): no tail →
// blipto_position; a velocity tail → the last position node before it (and
// its velocity to re-apply), or blipto_position if there is none; a position
// tail → the tail.
func (m *InterpolationManager) blipTarget() (target physics.Position, kind BlipTarget, reapply bool, vel mgl32.Vec3) {
	q := &m.st.queue
	if q.Len() == 0 {
		return m.st.bliptoPosition, BlipToPosition, false, mgl32.Vec3{}
	}
	tail := q.back()
	if tail.Type != NodeJump && tail.Type != NodeVelocity {
		return tail.Position, BlipTail, false, mgl32.Vec3{}
	}
	found := false
	var last physics.Position
	for i := 0; i < q.Len()-1; i++ {
		if n := q.at(i); n.Type == NodePosition {
			last, found = n.Position, true
		}
	}
	if !found {
		return m.st.bliptoPosition, BlipToPosition, false, mgl32.Vec3{}
	}
	return last, BlipLastPositionNode, true, tail.Velocity
}
