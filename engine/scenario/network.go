// Network model: what happens to a remote's messages between server and
// client. Every message arrives at send time + latency + a jitter sample
// drawn uniformly from [0, jitter]. UpdatePositions are unreliable: each may
// be lost, duplicated (the copy carries the same stamps and its own jitter)
// or held back by reorder_delay so that it arrives after a newer one, which
// the client then drops as stale (recording-v1 "Sequence stamps compare…").
// UpdateMotion and VectorUpdate are reliable and ordered: never lost or
// duplicated, never overtaking each other. During an outage nothing arrives:
// what would have arrived is held to the outage's end (the burst), or lost
// when the outage drops (reliable messages are always held).
//
// Randomness comes only from math/rand/v2 PCG generators seeded with the
// scenario's seed and the remote's guid, one stream for unreliable and one
// for reliable messages, and every unreliable message draws the same five
// numbers whatever happens to it — so changing one probability, or adding a
// remote, does not reshuffle the draws of the others.

package scenario

import (
	"math/rand/v2"
)

// Streams of a remote's generators (the PCG's second seed word).
const (
	streamUnreliable = 1
	streamReliable   = 2
	streamCrowd      = 3
)

// streamSeed is the PCG's second seed word for a guid and stream.
func streamSeed(guid uint32, stream uint64) uint64 { return uint64(guid)<<8 | stream }

// link carries one remote's messages.
type link struct {
	nw           network
	reorderDelay float64
	unreliableR  *rand.Rand
	reliableR    *rand.Rand
	// lastReliable and lastReliableOrig are the receive time and pre-outage
	// time of the previous reliable message.
	lastReliable, lastReliableOrig float64
}

func newLink(nw network, c cadence, seed uint64, guid uint32) *link {
	l := &link{
		nw:          nw,
		unreliableR: rand.New(rand.NewPCG(seed, streamSeed(guid, streamUnreliable))),
		reliableR:   rand.New(rand.NewPCG(seed, streamSeed(guid, streamReliable))),
	}
	l.reorderDelay = nw.reorderDelay
	if !nw.hasReorderDelay {
		gap := c.interval
		if c.onChange {
			gap = c.minInterval
		}
		l.reorderDelay = DefaultReorderFactor * gap
	}
	return l
}

// unreliable returns the receive times of an UpdatePosition sent at send:
// none when it is lost, two when it is duplicated. orig are the times before
// any outage held them.
func (l *link) unreliable(send float64) (t, orig [2]float64, n int) {
	r := l.unreliableR
	uLoss, uJitter, uDup, uDupJitter, uReorder := r.Float64(), r.Float64(), r.Float64(), r.Float64(), r.Float64()
	if uLoss < l.nw.loss {
		return t, orig, 0
	}
	first := send + l.nw.latency + float64(uJitter*l.nw.jitter)
	if uReorder < l.nw.reorder {
		first += l.reorderDelay
	}
	copies := [2]float64{first, send + l.nw.latency + float64(uDupJitter*l.nw.jitter)}
	count := 1
	if uDup < l.nw.duplicate {
		count = 2
	}
	for i := range count {
		at, ok := l.throughOutages(copies[i], true)
		if ok {
			t[n], orig[n] = at, copies[i]
			n++
		}
	}
	return t, orig, n
}

// reliable returns the receive time of an UpdateMotion or VectorUpdate sent
// at send, and the time before an outage held it.
func (l *link) reliable(send float64) (t, orig float64) {
	orig = send + l.nw.latency + float64(l.reliableR.Float64()*l.nw.jitter)
	t, _ = l.throughOutages(orig, false)
	// Ordered delivery: never before the previous reliable message (both
	// keys, so that the compiler's sort keeps them in order).
	t, orig = max(t, l.lastReliable), max(orig, l.lastReliableOrig)
	l.lastReliable, l.lastReliableOrig = t, orig
	return t, orig
}

// throughOutages applies the outages to a receive time: one that falls in an
// outage is held to its end, or lost when the outage drops and the message
// may be lost. Outages may overlap or chain, so it repeats until no outage
// holds the time (at most once per outage, since each hold moves it later).
func (l *link) throughOutages(at float64, mayDrop bool) (float64, bool) {
	for range len(l.nw.outages) + 1 {
		held := false
		for _, o := range l.nw.outages {
			if at >= o.from && at < o.to {
				if o.drop && mayDrop {
					return 0, false
				}
				at, held = o.to, true
			}
		}
		if !held {
			break
		}
	}
	return at, true
}

// Redelivery: the scenario network model (network.go) offered to inputs
// that were not compiled from a scenario — a recording or capture whose
// events are delivered again under changed conditions (engine/whatif).
// NetworkConditions are the network.go knobs a redelivery sets: latency
// and jitter (s), the loss and reorder probabilities, and the extra delay of
// a reordered update (s; 0 gives DefaultReorderFactor × SendGap).
type NetworkConditions struct {
	Latency, Jitter float64
	Loss, Reorder   float64
	ReorderDelay    float64
	// SendGap is the remote's typical interval between updates (s), the
	// base of the default reorder delay.
	SendGap float64
}

// Link carries one remote's messages under NetworkConditions, with the
// same draws as a scenario's link for the same seed and guid.
type Link struct{ l *link }

// NewLink returns the link of the remote guid under c, seeded with seed.
func NewLink(c NetworkConditions, seed uint64, guid uint32) *Link {
	nw := network{latency: c.Latency, jitter: c.Jitter, loss: c.Loss, reorder: c.Reorder,
		reorderDelay: c.ReorderDelay, hasReorderDelay: c.ReorderDelay > 0}
	return &Link{newLink(nw, cadence{interval: c.SendGap}, seed, guid)}
}

// Unreliable is the receive time of an UpdatePosition sent at send, and
// false when it is lost (network.go "unreliable"; duplication is not
// offered, so at most one copy arrives).
func (l *Link) Unreliable(send float64) (float64, bool) {
	t, _, n := l.l.unreliable(send)
	return t[0], n > 0
}

// Reliable is the receive time of an ordered, reliable message sent at send
// (UpdateMotion, VectorUpdate, DeleteObject): never before the previous one.
func (l *Link) Reliable(send float64) float64 {
	t, _ := l.l.reliable(send)
	return t
}
