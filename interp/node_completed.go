// NodeCompleted: popping the head, with the blipto_position snapshot on a
// stall and the re-baseline on the next head (seed 000 §5).

package interp

import "glidepath/physics"

// NodeCompleted is InterpolationManager::NodeCompleted (0x005559A0, seed 000
// §5). success is arg2: true when the head was reached, false when a stall
// window gave up on it. The head is popped either way and the window
// counters reset. Then:
//   - queue now empty: original_distance = 999999; on success
//     StopInterpolating; on a stall the popped node becomes blipto_position,
//     the target UseTime blips to.
//   - next head a velocity node: no re-baseline; on a stall the popped node
//     becomes blipto_position.
//   - next head a position node: original_distance = the body's distance to
//     it, the new window's baseline.
func (m *InterpolationManager) NodeCompleted(success bool) {
	if m.body == nil {
		return
	}
	q := &m.st.queue
	m.st.frameCounter = 0
	m.st.progressQuantum = 0
	var popped Node
	hadHead := q.Len() > 0
	if hadHead {
		popped = q.popFront()
	}
	switch {
	case q.Len() == 0:
		m.st.originalDistance = LargeDistance
		if success {
			m.StopInterpolating()
		} else if hadHead {
			m.st.bliptoPosition = popped.Position
		}
	case q.front().Type != NodePosition:
		if !success && hadHead {
			m.st.bliptoPosition = popped.Position
		}
	default:
		var buf physics.Position
		_, m.st.originalDistance = offsetDistance(m.read.position(m.body, &buf), &q.front().Position)
	}
	if m.sink != nil {
		m.emit(Event{Kind: EventNodeComplete, Success: success})
	}
}
