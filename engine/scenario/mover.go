// Server truth: a mover runs one script — a remote's or the observer's —
// tick by tick, spending each tick's time on its steps in order, so a step
// that ends mid-tick hands the rest of the tick to the next one and arrivals
// happen at their exact times. Besides moving the body it reports what the
// server would send about it: motion changes, jump vectors, teleports, blips
// and notes (happenings), which the compiler turns into events.

package scenario

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/recording"
	"glidepath/physics"
)

// body is the server-side truth of one object.
type body struct {
	// x, y are global metres; z is the height.
	x, y, z  float64
	heading  float64
	grounded bool
	indoor   uint16
}

// happeningKind says what a happening reports.
type happeningKind uint8

const (
	// hMotion: the interpreted motion changed (an UpdateMotion).
	hMotion happeningKind = iota + 1
	// hVector: a jump started with this velocity (a VectorUpdate).
	hVector
	// hTeleport: teleport_to moved the body; the teleport stamp advances.
	hTeleport
	// hBlip: blip_to moved the body; the teleport stamp stays.
	hBlip
	// hAirborne: airborne_updates switched the grounded flag's override.
	hAirborne
	// hNote: a step with a note started.
	hNote
)

// happening is one thing the server does besides moving the body, at time t.
type happening struct {
	kind     happeningKind
	t        float64
	motion   recording.Motion
	velocity mgl32.Vec3
	on       bool
	text     string
}

// stepState is the progress of the current step.
type stepState struct {
	started bool
	turning bool
	// turnLeft is the signed turn still to make (degrees); turnRate how fast.
	turnLeft, turnRate float64
	// the current straight segment: start, unit direction, length, distance
	// travelled, speed (m/s) and the heading the body holds on it.
	sx, sy, ux, uy   float64
	length, traveled float64
	speed            float64
	face             float64
	// seg and lap: the path's current waypoint and lap.
	seg, lap int
	// elapsed: time spent in a timed step (strafe, wait, jump).
	elapsed float64
	// jump: launch point and velocity.
	x0, y0, z0, vx, vy, vz float64
}

// mover runs a script over a body.
type mover struct {
	file     string
	g        *geo
	b        body
	script   []action
	runRate  float64
	turnRate float64
	idx      int
	st       stepState
	motion   recording.Motion
	// actionStamp is the stamp of the last action sent (15 bits).
	actionStamp uint16
	out         []happening
	// steps counts script steps over the whole compile; maxSteps bounds it.
	steps    *int
	maxSteps int
}

func newMover(file string, g *geo, b body, script []action, runRate, turnRate float64, steps *int, maxSteps int) *mover {
	return &mover{
		file: file, g: g, b: b, script: script, runRate: runRate, turnRate: turnRate,
		motion: recording.NewMotion(), steps: steps, maxSteps: maxSteps,
	}
}

// done reports whether the script has ended.
func (m *mover) done() bool { return m.idx >= len(m.script) }

// advance spends the tick (t0, t0 + dt] on the script.
func (m *mover) advance(t0, dt float64) error {
	left := dt
	for left > 0 {
		if m.done() {
			m.setMotion(t0+(dt-left), m.ready())
			return nil
		}
		*m.steps++
		if *m.steps > m.maxSteps {
			a := &m.script[m.idx]
			return a.errorf(m.file, "the script takes more than %d steps in all; make loops longer or slower", m.maxSteps)
		}
		a := &m.script[m.idx]
		now := t0 + (dt - left)
		if !m.st.started {
			m.st = stepState{started: true}
			if a.note != "" {
				m.out = append(m.out, happening{kind: hNote, t: now, text: a.note})
			}
		}
		used, done, err := m.run(a, now, left)
		if err != nil {
			return err
		}
		if !done {
			return nil // the step took the rest of the tick
		}
		left -= used
		m.idx++
		m.st = stepState{}
	}
	// A step that ends exactly at the tick's end: let the zero-time steps
	// after it (stop, teleport, notes) happen in this tick too.
	for !m.done() && isInstant(m.script[m.idx].kind) {
		*m.steps++
		if *m.steps > m.maxSteps {
			return m.script[m.idx].errorf(m.file, "the script takes more than %d steps in all", m.maxSteps)
		}
		a := &m.script[m.idx]
		if a.note != "" {
			m.out = append(m.out, happening{kind: hNote, t: t0 + dt, text: a.note})
		}
		if _, _, err := m.run(a, t0+dt, 0); err != nil {
			return err
		}
		m.idx++
		m.st = stepState{}
	}
	if m.done() {
		m.setMotion(t0+dt, m.ready())
	}
	return nil
}

// isInstant reports whether a step takes no time.
func isInstant(k actionKind) bool {
	return k == actTeleportTo || k == actBlipTo || k == actStop || k == actAirborne || k == actAttack || k == actEmote || k == actStickTo || k == actMoveTo ||
		k == actTurnToObject || k == actTurnToHeading
}

// run spends up to left seconds, starting at now, on step a. It returns the
// time used and whether the step ended; a step that has not ended used all
// of left.
func (m *mover) run(a *action, now, left float64) (float64, bool, error) {
	switch a.kind {
	case actWalkTo, actRunTo:
		return m.runMove(a, now, left)
	case actPath:
		return m.runPath(a, now, left)
	case actTurnTo:
		return m.runTurnTo(a, now, left)
	case actStrafe:
		return m.runStrafe(a, now, left)
	case actJump:
		return m.runJump(a, now, left)
	case actWait:
		m.setMotion(now, m.ready())
		need := a.duration - m.st.elapsed
		if need <= left {
			return need, true, nil
		}
		m.st.elapsed += left
		return left, false, nil
	case actStop:
		m.setMotion(now, m.ready())
	case actAirborne:
		m.out = append(m.out, happening{kind: hAirborne, t: now, on: a.on})
	case actStickTo:
		// A sticky MoveToObject (docs/formats.md "Movement types"): the
		// client's StickyManager pulls the body to the target. The server's
		// truth stands where it is.
		m.setMotion(now, m.ready())
		mo := m.ready()
		mo.MovementType, mo.Target, mo.Sticky = recording.MoveToObject, a.stickTo, true
		m.out = append(m.out, happening{kind: hMotion, t: now, motion: mo})
	case actMoveTo:
		// A MoveToObject or MoveToPosition with its parameters
		// (docs/formats.md "Movement types"): the client's MoveToManager
		// turns and walks the body. The server's truth stands where it is.
		m.setMotion(now, m.ready())
		mo := m.ready()
		p := recording.DefaultMoveToParams()
		p.Speed = float32(a.speed)
		if a.hasDistance {
			p.Distance = float32(a.distance)
		}
		if a.hasHeading {
			p.Flags |= recording.MoveFlagUseFinalHeading
			p.DesiredHeading = float32(a.heading)
		}
		if a.stickTo != 0 {
			mo.MovementType, mo.Target, mo.Sticky = recording.MoveToObject, a.stickTo, a.sticky
			if a.sticky {
				p.Flags |= recording.MoveFlagSticky
			}
		} else {
			x, y := m.g.global(a.target)
			if !onMap(x, y) {
				return 0, false, a.errorf(m.file, "the destination leaves the landblock map (global x %.1f, y %.1f)", x, y)
			}
			cell, ox, oy := m.g.cellAt(x, y, m.b.indoor)
			mo.MovementType = recording.MoveToPosition
			p.Position = physics.Position{Cell: cell, Frame: physics.NewFrame(mgl32.Vec3{ox, oy, float32(m.g.groundZ(x, y, m.b.indoor))}, mgl32.QuatIdent())}
		}
		mo.MoveTo = &p
		m.out = append(m.out, happening{kind: hMotion, t: now, motion: mo})
	case actTurnToObject, actTurnToHeading:
		// A TurnToObject or TurnToHeading (docs/formats.md "Movement
		// types"): the client's MoveToManager turns the body in place to
		// face the remote or to the heading. The server's truth stands.
		m.setMotion(now, m.ready())
		mo := m.ready()
		p := recording.DefaultMoveToParams()
		p.Speed = float32(a.speed)
		if a.kind == actTurnToObject {
			mo.MovementType, mo.Target = recording.TurnToObject, a.stickTo
		} else {
			mo.MovementType = recording.TurnToHeading
			p.DesiredHeading = float32(a.heading)
		}
		mo.MoveTo = &p
		m.out = append(m.out, happening{kind: hMotion, t: now, motion: mo})
	case actAttack, actEmote:
		// The server stops the body and sends an UpdateMotion whose action
		// list holds the action under the next action stamp (docs/formats.md
		// "Motion actions"). Its truth does not move: a lunge's root motion
		// is the client's alone.
		m.actionStamp = (m.actionStamp + 1) & 0x7FFF
		mo := m.ready()
		mo.Actions = &[recording.MaxActions]recording.Action{{Command: a.emote, Stamp: m.actionStamp, Speed: float32(a.speed)}}
		mo.NumActions = 1
		m.out = append(m.out, happening{kind: hMotion, t: now, motion: mo})
		// The list is sent once; the state it leaves is the standing one.
		m.motion = m.ready()
	case actTeleportTo, actBlipTo:
		x, y := m.g.global(a.target)
		if err := m.place(a, x, y, true); err != nil {
			return 0, false, err
		}
		if a.hasHeading {
			m.b.heading = a.heading
		}
		kind := hBlip
		if a.kind == actTeleportTo {
			kind = hTeleport
		}
		m.out = append(m.out, happening{kind: kind, t: now})
	}
	return 0, true, nil
}

// place moves the body to global (x, y); a grounded body stands on the
// terrain there. Leaving the landblock map is an error of step a.
func (m *mover) place(a *action, x, y float64, grounded bool) error {
	if !onMap(x, y) {
		return a.errorf(m.file, "the body leaves the landblock map (global x %.1f, y %.1f)", x, y)
	}
	m.b.x, m.b.y = x, y
	if grounded {
		m.b.grounded = true
		m.b.z = m.g.groundZ(x, y, m.b.indoor)
	}
	return nil
}

// ready is the standing motion state.
func (m *mover) ready() recording.Motion {
	return m.withRunRate(recording.NewMotion())
}

// withRunRate stamps the remote's run rate on a motion, so every motion event
// restates my_run_rate.
func (m *mover) withRunRate(mo recording.Motion) recording.Motion {
	mo.HasRunRate, mo.RunRate = true, float32(m.runRate)
	return mo
}

// setMotion reports a motion change at t; an unchanged motion is not sent.
func (m *mover) setMotion(t float64, mo recording.Motion) {
	if mo == m.motion {
		return
	}
	// The client starts at Ready with the header's run rate: the first
	// Ready needs no event.
	if m.motion == recording.NewMotion() && mo == m.ready() {
		m.motion = mo
		return
	}
	m.motion = mo
	m.out = append(m.out, happening{kind: hMotion, t: t, motion: mo})
}

// drain returns the happenings so far and forgets them. The slice is reused
// by the next advance: use it before advancing again.
func (m *mover) drain() []happening {
	out := m.out
	m.out = m.out[:0]
	return out
}
