// The observer: the local player, whose position decides each remote's
// player_distance and so the 96 m bubble of MoveOrTeleport (seed 004 §3). It
// follows a script like a remote's; while it moves an observer event is
// written every few ticks, and once more where it stops.

package scenario

import (
	"glidepath/engine/recording"
	"glidepath/physics"
)

// observerRun is the observer while compiling.
type observerRun struct {
	spec  *observerSpec
	g     *geo
	mv    *mover
	lastX float64
	lastY float64
	lastZ float64
}

func newObserverRun(s *Scenario, g *geo, steps *int, maxSteps int) *observerRun {
	o := s.observer
	x, y := g.global(o.start)
	b := body{x: x, y: y, z: g.groundZ(x, y, o.indoor), grounded: true, indoor: o.indoor}
	return &observerRun{
		spec: o, g: g,
		mv:    newMover(s.Name, g, b, o.script, o.runRate, DefaultTurnRate, steps, maxSteps),
		lastX: b.x, lastY: b.y, lastZ: b.z,
	}
}

// position is where the observer stands, with the identity rotation an
// observer event carries.
func (o *observerRun) position() physics.Position {
	b := &o.mv.b
	return o.g.position(b.x, b.y, b.z, 0, b.indoor)
}

// tick moves the observer over tick k, (t0, t], and writes an observer event
// every spec.every ticks while it moves and when it has stopped.
func (o *observerRun) tick(c *compiler, k int, t0, t float64) error {
	if err := o.mv.advance(t0, t-t0); err != nil {
		return err
	}
	for _, hp := range o.mv.drain() {
		if hp.kind == hNote {
			if err := c.add(recording.Event{Kind: recording.KindNote, T: hp.t, Text: hp.text}, hp.t); err != nil {
				return err
			}
		}
	}
	b := &o.mv.b
	if b.x == o.lastX && b.y == o.lastY && b.z == o.lastZ {
		return nil
	}
	if k%o.spec.every != 0 && !o.mv.done() {
		return nil
	}
	o.lastX, o.lastY, o.lastZ = b.x, b.y, b.z
	return c.add(recording.Event{Kind: recording.KindObserver, T: t, Pos: o.position()}, t)
}
