// Redelivery: the scenario network model (network.go) offered to inputs
// that were not compiled from a scenario — a recording or capture whose
// events are delivered again under changed conditions (engine/whatif).

package scenario

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
