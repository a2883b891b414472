// Locomotion steps: walk_to, run_to, path, turn_to and strafe. A move first
// turns in place toward its target at the motion table's turn rate, then goes
// straight at the motion's speed — anim.WalkAnimSpeed × speed walking
// (× anim.BackwardsFactor backwards), anim.RunAnimSpeed × run rate × speed
// running, anim.SidestepAnimSpeed × speed strafing — the speeds
// CMotionInterp gives those commands (seed 002 §5, READINGS.md item 10).
// Positions along a segment are computed from its start, never accumulated,
// so arrival is exact.

package scenario

import (
	"math"

	"glidepath/engine/recording"
	"glidepath/physics/anim"
)

// gait is the motion a move uses and the speed (m/s) it gives.
func (m *mover) gait(a *action, run bool) (recording.Motion, float64) {
	mo := recording.NewMotion()
	mo.MovingTo = a.movingTo
	switch {
	case run:
		mo.Forward = recording.RunForward
		mo.ForwardSpeed = float32(m.runRate * a.speed)
		return m.withRunRate(mo), float64(anim.RunAnimSpeed) * float64(mo.ForwardSpeed)
	case a.backward:
		mo.Forward = recording.WalkBackward
		mo.ForwardSpeed = float32(a.speed)
		return m.withRunRate(mo), float64(anim.WalkAnimSpeed) * float64(anim.BackwardsFactor) * float64(mo.ForwardSpeed)
	}
	mo.Forward = recording.WalkForward
	mo.ForwardSpeed = float32(a.speed)
	return m.withRunRate(mo), float64(anim.WalkAnimSpeed) * float64(mo.ForwardSpeed)
}

// turnMotion is turning in place at speed, clockwise when right. movingTo
// is kept through the turns of a goal-following move.
func (m *mover) turnMotion(right bool, speed float64, movingTo bool) recording.Motion {
	mo := recording.NewMotion()
	mo.MovingTo = movingTo
	mo.Turn = recording.TurnLeft
	if right {
		mo.Turn = recording.TurnRight
	}
	mo.TurnSpeed = float32(speed)
	return m.withRunRate(mo)
}

// beginSegment sets up a straight segment from the body to global (tx, ty):
// the heading to hold on it (facing away when walking backwards) and the turn
// to make first. It reports false when the body is already there.
func (m *mover) beginSegment(tx, ty float64, backward bool, speed float64) bool {
	st := &m.st
	dx, dy := tx-m.b.x, ty-m.b.y
	length := math.Hypot(dx, dy)
	if length == 0 {
		return false
	}
	st.sx, st.sy = m.b.x, m.b.y
	st.ux, st.uy = dx/length, dy/length
	st.length, st.traveled, st.speed = length, 0, speed
	st.face = bearing(m.b.x, m.b.y, tx, ty)
	if backward {
		st.face = wrapHeading(st.face + 180)
	}
	st.turnLeft = turnDelta(m.b.heading, st.face)
	st.turnRate = m.turnRate
	st.turning = math.Abs(st.turnLeft) > turnEpsilon
	if !st.turning {
		m.b.heading = st.face
	}
	return true
}

// turn spends up to left seconds turning; it returns the time used and
// whether the turn is complete.
func (m *mover) turn(now, left, speed float64, movingTo bool) (float64, bool) {
	st := &m.st
	m.setMotion(now, m.turnMotion(st.turnLeft > 0, speed, movingTo))
	rate := st.turnRate * speed
	need := math.Abs(st.turnLeft) / rate
	if need <= left {
		m.b.heading = wrapHeading(m.b.heading + st.turnLeft)
		st.turnLeft = 0
		return need, true
	}
	step := math.Copysign(float64(rate*left), st.turnLeft)
	m.b.heading = wrapHeading(m.b.heading + step)
	st.turnLeft -= step
	return left, false
}

// segment spends up to left seconds on the current segment (turning first);
// it returns the time used and whether the segment's end was reached.
func (m *mover) segment(a *action, now, left float64, mo recording.Motion) (float64, bool, error) {
	st := &m.st
	used := 0.0
	if st.turning {
		u, done := m.turn(now, left, 1, mo.MovingTo)
		used += u
		if !done {
			return used, false, nil
		}
		st.turning = false
		m.b.heading = st.face
	}
	m.setMotion(now+used, mo)
	avail := left - used
	need := (st.length - st.traveled) / st.speed
	if need <= avail {
		st.traveled = st.length
		err := m.place(a, st.sx+float64(st.ux*st.length), st.sy+float64(st.uy*st.length), true)
		return used + need, true, err
	}
	st.traveled += float64(st.speed * avail)
	err := m.place(a, st.sx+float64(st.ux*st.traveled), st.sy+float64(st.uy*st.traveled), true)
	return left, false, err
}

// runMove is walk_to and run_to.
func (m *mover) runMove(a *action, now, left float64) (float64, bool, error) {
	mo, speed := m.gait(a, a.kind == actRunTo)
	if m.st.length == 0 {
		tx, ty := m.g.global(a.target)
		if !m.beginSegment(tx, ty, a.backward, speed) {
			return 0, true, nil
		}
	}
	used, done, err := m.segment(a, now, left, mo)
	if done {
		m.snapTo(a.target)
	}
	return used, done, err
}

// snapTo puts the body exactly on a scenario point, so that float error of
// the segment does not build up over laps.
func (m *mover) snapTo(p point) {
	m.b.x, m.b.y = m.g.global(p)
	m.b.z = m.g.groundZ(m.b.x, m.b.y, m.b.indoor)
}

// runPath follows a path's waypoints, lap after lap when it loops.
func (m *mover) runPath(a *action, now, left float64) (float64, bool, error) {
	mo, speed := m.gait(a, a.run)
	used := 0.0
	for {
		st := &m.st
		if st.length == 0 {
			if st.seg >= len(a.waypoints) {
				if !a.loop || (a.laps > 0 && st.lap+1 >= a.laps) {
					return used, true, nil
				}
				st.seg, st.lap = 0, st.lap+1
			}
			tx, ty := m.g.global(a.waypoints[st.seg])
			if !m.beginSegment(tx, ty, false, speed) {
				st.seg++
				if err := m.countStep(a); err != nil {
					return used, false, err
				}
				continue
			}
		}
		u, done, err := m.segment(a, now+used, left-used, mo)
		used += u
		if err != nil || !done {
			return left, false, err
		}
		m.snapTo(a.waypoints[st.seg])
		seg, lap := st.seg+1, st.lap
		m.st = stepState{started: true, seg: seg, lap: lap}
		if err := m.countStep(a); err != nil {
			return used, false, err
		}
	}
}

// countStep charges one step (a path segment) to the compile's budget.
func (m *mover) countStep(a *action) error {
	*m.steps++
	if *m.steps > m.maxSteps {
		return a.errorf(m.file, "the script takes more than %d steps in all; make loops longer or slower", m.maxSteps)
	}
	return nil
}

// runTurnTo turns in place to a heading at the motion table's rate × speed.
func (m *mover) runTurnTo(a *action, now, left float64) (float64, bool, error) {
	st := &m.st
	if st.turnRate == 0 {
		st.turnLeft = turnDelta(m.b.heading, a.heading)
		st.turnRate = m.turnRate
		if st.turnLeft == 0 {
			return 0, true, nil
		}
	}
	used, done := m.turn(now, left, a.speed, false)
	if done {
		m.b.heading = a.heading
	}
	return used, done, nil
}

// runStrafe sidesteps for a duration, facing where the body faces.
func (m *mover) runStrafe(a *action, now, left float64) (float64, bool, error) {
	st := &m.st
	mo := recording.NewMotion()
	mo.Sidestep = recording.SideStepLeft
	side := -90.0
	if a.right {
		mo.Sidestep, side = recording.SideStepRight, 90
	}
	mo.SidestepSpeed = float32(a.speed)
	m.setMotion(now, m.withRunRate(mo))
	if st.speed == 0 {
		st.ux, st.uy = headingDir(wrapHeading(m.b.heading + side))
		st.sx, st.sy = m.b.x, m.b.y
		st.speed = float64(anim.SidestepAnimSpeed) * float64(mo.SidestepSpeed)
	}
	dt, done := left, false
	if need := a.duration - st.elapsed; need <= left {
		dt, done = need, true
	}
	st.elapsed += dt
	d := float64(st.speed * st.elapsed)
	err := m.place(a, st.sx+float64(st.ux*d), st.sy+float64(st.uy*d), true)
	return dt, done, err
}
