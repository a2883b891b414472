// One compiled tick of one remote: run its script over the tick, turn what
// happened into motion, vector and note events, write its truth, and send an
// UpdatePosition when the cadence says so — each message through the
// remote's network link.

package scenario

import (
	"glidepath/engine/recording"
)

// tick runs remote run over the tick (t0, t].
func (c *compiler) tick(run *remoteRun, t0, t float64, g *geo) error {
	if err := run.mv.advance(t0, t-t0); err != nil {
		return err
	}
	for _, hp := range run.mv.drain() {
		if err := c.happened(run, hp); err != nil {
			return err
		}
	}
	if err := c.truth(t, run, g); err != nil {
		return err
	}
	b := &run.mv.b
	grounded := b.grounded && !run.airborne
	if !run.snd.due(t, b, grounded) {
		return nil
	}
	seq := run.snd.sent(t, b, grounded)
	ev := recording.Event{
		Kind: recording.KindPosition, GUID: run.spec.guid, HasGUID: true,
		Update: recording.UpdatePosition{
			GUID:     run.spec.guid,
			Pos:      g.position(b.x, b.y, b.z, b.heading, b.indoor),
			Grounded: grounded,
			Seq:      seq,
		},
	}
	at, orig, n := run.net.unreliable(t)
	for i := range n {
		ev.T = at[i]
		if err := c.add(ev, orig[i]); err != nil {
			return err
		}
	}
	return nil
}

// happened turns one happening of a remote's script into events.
func (c *compiler) happened(run *remoteRun, hp happening) error {
	r := run.spec
	switch hp.kind {
	case hMotion:
		if !r.hasMotion {
			return nil // no motion interpreter: the server sends no UpdateMotion
		}
		t, orig := run.net.reliable(hp.t)
		return c.add(recording.Event{Kind: recording.KindMotion, T: t, GUID: r.guid, HasGUID: true, Motion: hp.motion}, orig)
	case hVector:
		run.vector++
		t, orig := run.net.reliable(hp.t)
		return c.add(recording.Event{
			Kind: recording.KindVector, T: t, GUID: r.guid, HasGUID: true,
			Vector: recording.Vector{Velocity: hp.velocity, Seq: recording.VectorSeq{Instance: r.instance, Vector: run.vector}},
		}, orig)
	case hTeleport:
		run.snd.teleported()
	case hBlip:
		run.snd.blipped()
	case hAirborne:
		run.airborne = hp.on
	case hNote:
		return c.add(recording.Event{Kind: recording.KindNote, T: hp.t, Text: hp.text, GUID: r.guid, HasGUID: true}, hp.t)
	}
	return nil
}

// truth writes the server's truth of a remote at tick time t.
func (c *compiler) truth(t float64, run *remoteRun, g *geo) error {
	if !c.lim.truth {
		return nil
	}
	b := &run.mv.b
	return c.add(recording.Event{
		Kind: recording.KindTruth, T: t, GUID: run.spec.guid, HasGUID: true,
		Pos: g.position(b.x, b.y, b.z, b.heading, b.indoor),
	}, t)
}
