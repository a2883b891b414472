package scenario

import "testing"

// TestLink_SameDrawsAsAScenario: a redelivery's Link draws exactly what a
// scenario's link of the same seed, guid and network draws, so a what-if
// is the scenario network model itself (network.go).
func TestLink_SameDrawsAsAScenario(t *testing.T) {
	nw := network{latency: 0.1, jitter: 0.05, loss: 0.2, reorder: 0.1}
	own := newLink(nw, cadence{interval: 0.5}, 9, 0x80000A01)
	pub := NewLink(NetworkConditions{Latency: 0.1, Jitter: 0.05, Loss: 0.2, Reorder: 0.1, SendGap: 0.5}, 9, 0x80000A01)
	lost := 0
	for i := range 200 {
		send := float64(i) * 0.5
		want, _, n := own.unreliable(send)
		got, ok := pub.Unreliable(send)
		if ok != (n > 0) || (ok && got != want[0]) {
			t.Fatalf("update %d: got %v, %v; want %v, %v", i, got, ok, want[0], n > 0)
		}
		if !ok {
			lost++
		}
		if g, w := pub.Reliable(send), func() float64 { r, _ := own.reliable(send); return r }(); g != w {
			t.Fatalf("reliable %d: got %v, want %v", i, g, w)
		}
	}
	if lost == 0 || lost == 200 {
		t.Errorf("lost %d of 200 at loss 0.2", lost)
	}
}
