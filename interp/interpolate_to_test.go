// Tests of InterpolateTo: the far, arrived and near branches, the tail prune
// and the cap (seed 000 §3, seed 004 §4).

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seed 000 §3 far branch, §6 blip; acdream's
// Enqueue_FarBranch_PrearmsImmediateBlipOnNextAdjustOffset: a far enqueue
// pre-arms a blip on the next tick, and the queue clears.
func TestInterpolateTo_FarBranchPrearmsBlip(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	far := at(160, 130, 90) // 186 m away
	pm.InterpolateTo(&far, false)

	st := pm.InterpolationState()
	if st.QueueLen != 1 || st.FailCounter != FarBranchFailCounter {
		t.Fatalf("after far enqueue: queue %d fail %d, want 1 and %d", st.QueueLen, st.FailCounter, FarBranchFailCounter)
	}
	if e := rec.of(EventEnqueue); len(e) != 1 || e[0].Branch != BranchFar {
		t.Fatalf("enqueue events %+v, want one far", e)
	}

	tick(pm, b, dt30)

	if pm.IsInterpolating() {
		t.Errorf("queue not cleared after the blip: %d nodes", pm.InterpolationState().QueueLen)
	}
	if d := b.pos.Distance(&far); d > 1e-3 {
		t.Errorf("body %.3f m from the far target after the blip", d)
	}
	if got := pm.InterpolationState().FailCounter; got != 0 {
		t.Errorf("fail counter %d after the blip, want 0", got)
	}
	blips := rec.of(EventBlip)
	if len(blips) != 1 || blips[0].Target != BlipTail {
		t.Fatalf("blip events %+v, want one to the tail", blips)
	}
	if d := blips[0].From.Distance(&far); d < 150 {
		t.Errorf("blip from %.1f m away, want the ~186 m jump", d)
	}
}

// seed 000 §3: the distance is measured from the tail when it is a position
// node, so a target near the body but far from the tail takes the far branch.
func TestInterpolateTo_DistanceFromPositionTail(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	tail := at(10, 105, 0) // 95 m from the body: near
	pm.InterpolateTo(&tail, false)
	back := at(10, 4, 0) // 6 m from the body, 101 m from the tail: far
	pm.InterpolateTo(&back, false)
	next := at(10, 6, 0) // 2 m from the new tail: near
	pm.InterpolateTo(&next, false)

	branches := []EnqueueBranch{}
	for _, e := range rec.of(EventEnqueue) {
		branches = append(branches, e.Branch)
	}
	want := []EnqueueBranch{BranchNear, BranchFar, BranchNear}
	if len(branches) != len(want) {
		t.Fatalf("branches %v, want %v", branches, want)
	}
	for i := range want {
		if branches[i] != want[i] {
			t.Fatalf("branches %v, want %v", branches, want)
		}
	}
}

// seed 000 §3: with a velocity node at the tail the distance is from the
// body, not the tail.
func TestInterpolateTo_DistanceFromBodyWhenTailIsVelocityNode(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	m := pm.makeInterpolation()
	m.appendVelocityNode(Node{Type: NodeVelocity, Position: at(150, 150, 0), Velocity: mgl32.Vec3{1, 0, 0}})
	p := at(12, 10, 0) // 2 m from the body; the velocity node's position is ~198 m away
	pm.InterpolateTo(&p, false)
	if e := rec.of(EventEnqueue); len(e) != 1 || e[0].Branch != BranchNear {
		t.Fatalf("enqueue %+v, want near (measured from the body)", e)
	}
}

// seed 000 §3 arrived branch: within 0.05 m of the body, the heading is set
// from the target unless keepHeading, and interpolation stops.
func TestInterpolateTo_ArrivedBranchSetsHeadingAndStops(t *testing.T) {
	for _, keep := range []bool{false, true} {
		b := newBody(at(10, 10, 0))
		pm, rec := newPM(b, ReadingSeed)
		first := at(20, 10, 0)
		pm.InterpolateTo(&first, false)
		pm.Interpolation().st.nodeFailCounter = 2
		here := at(10.03, 10, 135)
		pm.InterpolateTo(&here, keep)

		if pm.IsInterpolating() || pm.InterpolationState().FailCounter != 0 {
			t.Errorf("keep=%v: still interpolating (queue %d, fail %d)", keep, pm.InterpolationState().QueueLen, pm.InterpolationState().FailCounter)
		}
		wantHeading := float32(135)
		if keep {
			wantHeading = 0
		}
		if h := b.Heading(); absf(h-wantHeading) > 0.01 {
			t.Errorf("keep=%v: heading %.2f, want %.2f", keep, h, wantHeading)
		}
		if e := rec.of(EventEnqueue); e[len(e)-1].Branch != BranchArrived {
			t.Errorf("keep=%v: last branch %v, want arrived", keep, e[len(e)-1].Branch)
		}
	}
}

// seed 000 §3 near branch: appended at the tail, keep_heading stored.
func TestInterpolateTo_NearBranchAppends(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	for i := 1; i <= 3; i++ {
		p := at(10+float32(i), 10, 90)
		pm.InterpolateTo(&p, i == 3)
	}
	nodes := pm.Nodes(nil)
	if len(nodes) != 3 {
		t.Fatalf("queue %d, want 3", len(nodes))
	}
	for i, n := range nodes {
		if n.Type != NodePosition || absf(n.Position.Frame.Origin[0]-float32(11+i)) > 1e-5 {
			t.Errorf("node %d = %v at %v, want position at x=%d", i, n.Type, n.Position.Frame.Origin, 11+i)
		}
	}
	if !pm.InterpolationState().KeepHeading {
		t.Error("keep_heading not stored by the near branch")
	}
	// The third node kept the body's heading (0), not the wire's (90).
	if h := nodes[2].Position.Frame.Heading(); absf(h) > 0.01 && absf(h-360) > 0.01 {
		t.Errorf("kept-heading node faces %.2f, want the body's 0", h)
	}
	if h := nodes[0].Position.Frame.Heading(); absf(h-90) > 0.01 {
		t.Errorf("first node faces %.2f, want the wire's 90", h)
	}
}

// seed 000 §3 (retail line 352977): the prune is a loop — several tail nodes
// within 0.05 m of the new target all go.
func TestInterpolateTo_PruneLoopCollapsesTail(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	m := pm.makeInterpolation()
	keepP := at(15, 10, 0)
	pm.InterpolateTo(&keepP, false)
	// Three stale nodes sitting on the coming target (appended directly: the
	// near branch itself would have collapsed them one by one).
	for _, dx := range []float32{0.01, 0.02, 0.03} {
		m.st.queue.pushBack(Node{Type: NodePosition, Position: at(20+dx, 10, 0)})
	}
	target := at(20, 10, 0)
	pm.InterpolateTo(&target, false)

	if got := pm.InterpolationState().QueueLen; got != 2 {
		t.Fatalf("queue %d, want 2 (the 15 m node and the new one)", got)
	}
	e := rec.of(EventEnqueue)
	if last := e[len(e)-1]; last.Pruned != 3 || last.Branch != BranchNear {
		t.Errorf("last enqueue %+v, want near with 3 pruned", last)
	}
}

// seed 000 §3: the prune loop stops at a tail that is not a position node.
func TestInterpolateTo_PruneStopsAtVelocityNode(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	m := pm.makeInterpolation()
	m.st.queue.pushBack(Node{Type: NodePosition, Position: at(20.01, 10, 0)})
	m.st.queue.pushBack(Node{Type: NodeVelocity, Position: at(20.02, 10, 0)})
	target := at(20, 10, 0)
	pm.InterpolateTo(&target, false)
	if got := pm.InterpolationState().QueueLen; got != 3 {
		t.Fatalf("queue %d, want 3 (nothing pruned behind a velocity tail)", got)
	}
}

// seed 000 §3: at 20 queued nodes the near branch drops the head.
func TestInterpolateTo_CapEvictsHead(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	for i := 1; i <= MaxQueuedNodes+3; i++ {
		p := at(10, 10+float32(i), 0)
		pm.InterpolateTo(&p, false)
	}
	nodes := pm.Nodes(nil)
	if len(nodes) != MaxQueuedNodes {
		t.Fatalf("queue %d, want %d", len(nodes), MaxQueuedNodes)
	}
	// Heads 11, 12, 13 were evicted; the head is now y = 14.
	if y := nodes[0].Position.Frame.Origin[1]; absf(y-14) > 1e-4 {
		t.Errorf("head at y=%.2f, want 14", y)
	}
	if y := nodes[len(nodes)-1].Position.Frame.Origin[1]; absf(y-33) > 1e-4 {
		t.Errorf("tail at y=%.2f, want 33", y)
	}
	evicted := 0
	for _, e := range rec.of(EventEnqueue) {
		if e.Evicted {
			evicted++
		}
	}
	if evicted != 3 {
		t.Errorf("%d evictions reported, want 3", evicted)
	}
}

// seed 004 §4 (line 352932): the far branch's heading override reads the
// stored keep_heading; ACE's port reads the argument.
func TestInterpolateTo_FarBranchHeadingOverride(t *testing.T) {
	cases := []struct {
		reading     string
		stored, arg bool
		wantKept    bool
	}{
		{ReadingSeed, true, false, true},
		{ReadingSeed, false, true, false},
		{ReadingACE, true, false, false},
		{ReadingACE, false, true, true},
	}
	for _, c := range cases {
		b := newBody(at(10, 10, 45))
		pm, _ := newPM(b, c.reading)
		pm.makeInterpolation().st.keepHeading = c.stored
		far := at(150, 150, 270)
		pm.InterpolateTo(&far, c.arg)
		n, _ := pm.Interpolation().Node(0)
		h := n.Position.Frame.Heading()
		kept := absf(h-45) < 0.01
		if kept != c.wantKept {
			t.Errorf("%s stored=%v arg=%v: node heading %.2f, kept=%v want %v", c.reading, c.stored, c.arg, h, kept, c.wantKept)
		}
		if got := pm.Interpolation().KeepHeading(); got != c.stored {
			t.Errorf("%s: far branch changed keep_heading to %v", c.reading, got)
		}
	}
}

// Bad input: a nil or non-finite position is ignored, never a panic.
func TestInterpolateTo_RejectsNonFinitePosition(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	pm.InterpolateTo(nil, false)
	bad := at(11, 10, 0)
	bad.Frame.Origin[0] = float32(nan())
	pm.InterpolateTo(&bad, false)
	if pm.IsInterpolating() || len(rec.events) != 0 {
		t.Errorf("bad positions were queued: %d nodes, %d events", pm.InterpolationState().QueueLen, len(rec.events))
	}
}

func absf(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

func nan() float64 {
	var z float64
	return z / z
}

// seed 000 §3, seed 004 §4 (line 352968): the arrived branch turns the body
// to get_heading of the call's own frame, whatever the caller did to its
// matrix cache. A Position built as a literal, its rotation set without
// Frame.Cache, must still turn the body to its rotation's heading.
func TestInterpolateTo_ArrivedBranchHeadingFromUncachedFrame(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	here := physics.Position{Cell: b.pos.Cell, Frame: physics.Frame{
		Origin: mgl32.Vec3{10.02, 10, 0},
		Rot:    physics.HeadingQuat(135),
	}}
	pm.InterpolateTo(&here, false)
	if h := b.Heading(); absf(h-135) > 0.01 {
		t.Errorf("heading %.2f, want 135 (the target frame's heading)", h)
	}
}
