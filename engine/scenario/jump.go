// Jumps: the server-side truth of a jump is a ballistic flight under
// physics.Gravity from the ground, at the given vertical speed and forward
// speed along the body's heading, until it meets the terrain again; its peak
// is v²/2g above the launch point. The server sends the launch velocity as a
// VectorUpdate (0xF74E; seed 001 "HandleVectorUpdate … 4 jumps"), which is
// what lifts the client's body off the ground; updates sent during the
// flight are flagged not grounded (seed 004 §3, the airborne no-op).

package scenario

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// gravity is physics.Gravity widened: the vertical acceleration of the
// flight (m/s², negative).
var gravity = float64(physics.Gravity)

// jumpAt is the flight's position after e seconds.
func (st *stepState) jumpAt(e float64) (x, y, z float64) {
	x = st.x0 + float64(st.vx*e)
	y = st.y0 + float64(st.vy*e)
	z = st.z0 + float64(st.vz*e) + float64(0.5*gravity*e*e)
	return x, y, z
}

// runJump launches on the step's first call, then flies until the body
// meets the ground, finding that instant by bisection within the tick.
func (m *mover) runJump(a *action, now, left float64) (float64, bool, error) {
	st := &m.st
	if !m.b.grounded && st.vz == 0 {
		return 0, true, nil // cannot launch from the air; never happens from a script
	}
	if st.vz == 0 {
		m.setMotion(now, m.ready())
		fx, fy := headingDir(m.b.heading)
		st.x0, st.y0, st.z0 = m.b.x, m.b.y, m.b.z
		st.vx, st.vy, st.vz = float64(a.forward*fx), float64(a.forward*fy), a.vz
		m.b.grounded = false
		v := mgl32.Vec3{float32(st.vx), float32(st.vy), float32(st.vz)}
		m.out = append(m.out, happening{kind: hVector, t: now, velocity: v})
	}
	e1 := st.elapsed + left
	x, y, z := st.jumpAt(e1)
	if !onMap(x, y) {
		return 0, false, a.errorf(m.file, "the jump leaves the landblock map (global x %.1f, y %.1f)", x, y)
	}
	if z > m.g.groundZ(x, y, m.b.indoor) {
		st.elapsed = e1
		m.b.x, m.b.y, m.b.z = x, y, z
		return left, false, nil
	}
	// Landed within this tick: bisect for the first instant at or below the
	// ground. lo is in the air (or the launch instant); hi is on the ground.
	lo, hi := st.elapsed, e1
	for range landingIterations {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		mx, my, mz := st.jumpAt(mid)
		if mz > m.g.groundZ(mx, my, m.b.indoor) {
			lo = mid
		} else {
			hi = mid
		}
	}
	x, y, _ = st.jumpAt(hi)
	if err := m.place(a, x, y, true); err != nil {
		return 0, false, err
	}
	used := hi - st.elapsed
	st.elapsed = hi
	return used, true, nil
}
