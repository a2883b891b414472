// Tests of the network model over seeded runs: latency and jitter bounds,
// loss, duplicates, reordering into stale stamps, outages and the burst after
// them, reliable ordering of motion events, and the seed's effect.

package scenario

import (
	"fmt"
	"math"
	"testing"

	"glidepath/engine/recording"
)

// netRun compiles a standing remote that sends every 0.05 s for 500 s
// (10 000 updates) through network, without truth events.
func netRun(t *testing.T, network string, seed int) []recording.Event {
	t.Helper()
	src := fmt.Sprintf("duration: 500\nseed: %d\nupdates: 0.05\nnetwork: %s\nremotes: [{guid: 1, position: [10, 10]}]\n", seed, network)
	rec := compileLimits(t, src, limits{maxEvents: MaxEvents, maxSteps: maxSteps, truth: false})
	return ofKind(rec, recording.KindPosition, 1)
}

const netSends = 10000

// sendTime is when update stamp n of netRun was sent: n × 0.05 s, on the
// tick at or after it.
func sendTime(n uint16) float64 { return math.Ceil(float64(n)*0.05*30-1e-6) / 30 }

// TestNetwork_LatencyAndJitter checks every update arrives latency plus a
// jitter sample in [0, jitter] after it was sent, and that the samples fill
// the range.
func TestNetwork_LatencyAndJitter(t *testing.T) {
	ups := netRun(t, "{latency: 0.2, jitter: 0.1}", 1)
	// Updates that would arrive after the capture's end (500 s) are not in
	// it; none is lost before that.
	if len(ups) < netSends-6 {
		t.Fatalf("%d updates, want all but the last few of %d", len(ups), netSends)
	}
	seen := make([]bool, netSends+1)
	lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
	for _, u := range ups {
		if n := u.Update.Seq.Position; n == 0 || int(n) > len(ups)+6 || seen[n] {
			t.Fatalf("stamp %d arrives twice or out of range", n)
		}
		seen[u.Update.Seq.Position] = true
		d := u.T - sendTime(u.Update.Seq.Position) - 0.2
		if d < -1e-9 || d > 0.1+1e-9 {
			t.Fatalf("stamp %d: jitter %v outside [0, 0.1]", u.Update.Seq.Position, d)
		}
		lo, hi, sum = math.Min(lo, d), math.Max(hi, d), sum+d
	}
	if mean := sum / float64(len(ups)); lo > 0.001 || hi < 0.099 || math.Abs(mean-0.05) > 0.002 {
		t.Errorf("jitter spans [%v, %v], mean %v; want uniform over [0, 0.1]", lo, hi, mean)
	}
}

// TestNetwork_Loss checks the fraction of updates lost is the loss
// probability within four standard deviations, and that the lost stamps are
// gaps (the survivors keep their stamps).
func TestNetwork_Loss(t *testing.T) {
	for _, p := range []float64{0.05, 0.3} {
		ups := netRun(t, fmt.Sprintf("{latency: 0.1, loss: %v}", p), 2)
		lost := float64(netSends - len(ups))
		sigma := math.Sqrt(netSends * p * (1 - p))
		if math.Abs(lost-p*netSends) > 4*sigma {
			t.Errorf("loss %v: lost %v of %d, want %v ± %.0f", p, lost, netSends, p*netSends, 4*sigma)
		}
		if last := ups[len(ups)-1].Update.Seq.Position; last < netSends-50 {
			t.Errorf("loss %v: the last stamp is %d; survivors should keep their stamps up to %d", p, last, netSends)
		}
	}
}

// TestNetwork_Duplicates checks duplicated updates arrive twice with the same
// stamps (the second copy is stale to the client, seed 004 §2), at about the
// duplicate probability.
func TestNetwork_Duplicates(t *testing.T) {
	const p = 0.1
	ups := netRun(t, fmt.Sprintf("{latency: 0.1, jitter: 0.04, duplicate: %v}", p), 3)
	seen := make([]int, netSends+1)
	for _, u := range ups {
		seen[u.Update.Seq.Position]++
	}
	dups := 0
	for _, n := range seen {
		if n > 2 {
			t.Fatalf("a stamp arrived %d times", n)
		}
		if n == 2 {
			dups++
		}
	}
	sigma := math.Sqrt(netSends * p * (1 - p))
	if math.Abs(float64(dups)-p*netSends) > 4*sigma {
		t.Errorf("%d duplicates, want %v ± %.0f", dups, p*netSends, 4*sigma)
	}
}

// TestNetwork_ReorderMakesStaleStamps checks reordering delivers older
// updates after newer ones: a client storing the newest position stamp
// (newer_event, seed 004 §2) would find them stale. Without reordering and
// with jitter below the send gap, nothing arrives out of order.
func TestNetwork_ReorderMakesStaleStamps(t *testing.T) {
	stale := func(ups []recording.Event) int {
		n := 0
		var newest uint16
		for _, u := range ups {
			if s := u.Update.Seq.Position; s > newest {
				newest = s
			} else {
				n++
			}
		}
		return n
	}
	// Sends are 1 or 2 ticks apart (0.05 s at 30 Hz), so jitter under a
	// tick never reorders.
	if n := stale(netRun(t, "{latency: 0.1, jitter: 0.03}", 4)); n != 0 {
		t.Errorf("%d stale arrivals without reordering, want 0", n)
	}
	const p = 0.2
	n := stale(netRun(t, fmt.Sprintf("{latency: 0.1, jitter: 0.03, reorder: %v}", p), 4))
	// A held-back update arrives after the next one unless that one is held
	// back too: about p(1-p) of the sends, and never more than p.
	if want := p * (1 - p) * netSends; float64(n) < 0.8*want || float64(n) > 1.2*p*netSends {
		t.Errorf("%d stale arrivals with reorder %v, want about %.0f", n, p, want)
	}
}

// TestNetwork_OutageHoldsThenBursts checks nothing arrives during an outage,
// what was held arrives at its end in send order, and a dropping outage loses
// what falls in it.
func TestNetwork_OutageHoldsThenBursts(t *testing.T) {
	ups := netRun(t, "{latency: 0.1, outages: [{from: 100, to: 110}, {from: 200, to: 205, drop: true}]}", 5)
	var burst []uint16
	for _, u := range ups {
		switch {
		case u.T >= 100 && u.T < 110, u.T >= 200 && u.T < 205:
			t.Fatalf("stamp %d arrives at %v, inside an outage", u.Update.Seq.Position, u.T)
		case u.T == 110:
			burst = append(burst, u.Update.Seq.Position)
		}
	}
	// Sent from 99.9 s to 109.9 s: 200 updates.
	if len(burst) < 199 || len(burst) > 201 {
		t.Errorf("a burst of %d at 110 s, want about 200", len(burst))
	}
	for i := 1; i < len(burst); i++ {
		if burst[i] != burst[i-1]+1 {
			t.Fatalf("the burst is out of send order at %d: %v", i, burst[i-1:i+1])
		}
	}
	// Sent from 199.9 s to 204.9 s: 100 updates lost (the last two of the
	// run arrive after the capture ends and are not counted).
	lost := 0
	for i, n := 0, uint16(1); n < netSends-2; n++ {
		if i < len(ups) && ups[i].Update.Seq.Position == n {
			i++
		} else {
			lost++
		}
	}
	if lost != 100 {
		t.Errorf("%d updates lost, want the 100 the dropping outage swallowed", lost)
	}
}

// TestNetwork_MotionIsReliableAndOrdered checks motion events are never lost,
// duplicated or reordered, however bad the link: the sequence the client
// receives equals the one a perfect link delivers.
func TestNetwork_MotionIsReliableAndOrdered(t *testing.T) {
	script := `remotes:
  - guid: 1
    position: [10, 10]
    heading: 90
    script: [{walk_to: [14, 10]}, {turn_to: 0, speed: 3}, {run_to: [10, 20]}, {strafe: left, duration: 0.1}, stop, {walk_to: [10, 14], backward: true}]
`
	clean := ofKind(compileText(t, "duration: 20\n"+script), recording.KindMotion, 1)
	bad := ofKind(compileText(t, "duration: 20\nnetwork: {latency: 0.3, jitter: 2, loss: 0.5, duplicate: 0.5, reorder: 0.5, outages: [{from: 2, to: 4, drop: true}]}\n"+script), recording.KindMotion, 1)
	if len(clean) < 6 || len(bad) != len(clean) {
		t.Fatalf("%d motions over a bad link, %d over a clean one", len(bad), len(clean))
	}
	for i := range clean {
		if bad[i].Motion != clean[i].Motion {
			t.Errorf("motion %d is %+v over a bad link, %+v over a clean one", i, bad[i].Motion, clean[i].Motion)
		}
		if bad[i].T < clean[i].T+0.3-1e-9 {
			t.Errorf("motion %d arrives at %v, before its send time %v + latency", i, bad[i].T, clean[i].T)
		}
	}
}

// TestNetwork_SeedDecides checks the same seed gives the same arrivals and a
// different seed different ones.
func TestNetwork_SeedDecides(t *testing.T) {
	const nw = "{latency: 0.1, jitter: 0.05, loss: 0.1}"
	a, b, c := netRun(t, nw, 7), netRun(t, nw, 7), netRun(t, nw, 8)
	same := func(x, y []recording.Event) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i].T != y[i].T || x[i].Update.Seq != y[i].Update.Seq {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Error("the same seed gave different arrivals")
	}
	if same(a, c) {
		t.Error("seeds 7 and 8 gave the same arrivals")
	}
}

// TestNetwork_RemotesDrawIndependently checks adding a remote does not change
// another remote's arrivals (each draws from its own seeded streams).
func TestNetwork_RemotesDrawIndependently(t *testing.T) {
	one := "duration: 60\nupdates: 0.2\nnetwork: {jitter: 0.3, loss: 0.2}\nremotes:\n  - {guid: 1, position: [10, 10]}\n"
	two := one + "  - {guid: 2, position: [20, 10], network: {loss: 0.9}}\n"
	a := ofKind(compileText(t, one), recording.KindPosition, 1)
	b := ofKind(compileText(t, two), recording.KindPosition, 1)
	if len(a) != len(b) {
		t.Fatalf("remote 1 got %d updates alone, %d with a second remote", len(a), len(b))
	}
	for i := range a {
		if a[i].T != b[i].T || a[i].Update.Seq != b[i].Update.Seq {
			t.Fatalf("update %d differs when a second remote is added", i)
		}
	}
}
