// Stall window: every 5th frame adjust_offset judges the progress made
// toward the head since the window opened, and gives up on a head the body
// is not reaching (seed 000 §4; READINGS.md items 1, 2, 6).

package interp

import "glidepath/physics"

// judgeWindow runs the 5-frame window of adjust_offset (seed 000 §4, retail
// lines 353146–353199). cumulative = original_distance − dist; while the
// body has a sticky target the window passes untested. A pass re-baselines
// the window on dist. A failure, under StallPopsHead, does
// node_fail_counter++ and NodeCompleted(0) (which pops the head) and ends
// the call; under PrimaryReachOnFail a head closer than 0.20 m is completed
// as reached instead. With StallPopsHead false (the prior port, seed 000 §7)
// the head stays, the window re-baselines, and once the counter exceeds 3
// the body is snapped to the tail from here. done reports that
// adjust_offset must return without stepping.
func (m *InterpolationManager) judgeWindow(offset *physics.Frame, bodyPos *physics.Position, dist float32, dt float64, catchUp float32) (done bool) {
	cumulative := m.st.originalDistance - dist
	pass := true
	if m.stickyObjectID() == 0 {
		pass = m.windowPasses(cumulative, dt, catchUp)
	}
	if m.sink != nil {
		m.emit(Event{Kind: EventStallWindow, Pass: pass, Cumulative: cumulative, ProgressQuantum: m.st.progressQuantum})
	}
	if !pass {
		if m.reading.PrimaryTest == PrimaryReachOnFail && dist < m.k.MinDistanceToReachPosition {
			m.NodeCompleted(true)
			return true
		}
		m.st.nodeFailCounter++
		if m.reading.StallPopsHead {
			m.NodeCompleted(false)
			return true
		}
		if m.st.nodeFailCounter > StallFailCountThreshold {
			m.snapInAdjustOffset(offset, bodyPos)
			return true
		}
	}
	m.st.frameCounter = 0
	m.st.progressQuantum = 0
	m.st.originalDistance = dist
	return false
}

// windowPasses is the window's verdict: the primary test (cumulative >=
// 0.20, under PrimaryCumulative) or the secondary one (cumulative > F_EPSILON
// and cumulative / progress_quantum / divisor >= 0.30). The divisions run in
// double, as the x87 code does; a zero quantum gives +Inf, which passes.
func (m *InterpolationManager) windowPasses(cumulative float32, dt float64, catchUp float32) bool {
	if m.reading.PrimaryTest == PrimaryCumulative && cumulative >= m.k.MinDistanceToReachPosition {
		return true
	}
	if !(cumulative > FEpsilon) {
		return false
	}
	ratio := float64(cumulative) / float64(m.st.progressQuantum)
	switch m.reading.SecondaryDivisor {
	case DivideByFrameDt:
		ratio /= dt
	case DivideByCatchUp:
		ratio /= float64(catchUp)
	case DivideByNothing:
	}
	return ratio >= float64(m.k.CreatureFailedInterpolationPercentage)
}

// snapInAdjustOffset is the prior port's stall consequence (seed 000 §7:
// "only blips when threshold exceeded INSIDE adjust_offset", "AdjustOffset
// returns the snap delta itself", blip target the tail): the offset carries
// the body the whole way to the blip target — through the caller's combine
// and transition, not SetPositionSimple — and the queue is stopped.
func (m *InterpolationManager) snapInAdjustOffset(offset *physics.Frame, bodyPos *physics.Position) {
	target, kind, _, _ := m.blipTarget()
	m.writeOffset(offset, bodyPos, bodyPos.Offset(&target), &target, 1)
	if m.sink != nil {
		m.emit(Event{Kind: EventBlip, From: *bodyPos, To: target, Target: kind})
	}
	m.StopInterpolating()
}
