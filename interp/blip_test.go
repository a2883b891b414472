// Tests of NodeCompleted and UseTime: velocity nodes and the three blip
// targets (seed 000 §5, §6).

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// seed 000 §5: a stall completion whose next head is a velocity node does
// not re-baseline, and snapshots the popped node into blipto_position; a
// successful one leaves blipto_position alone.
func TestNodeCompleted_BeforeVelocityNode(t *testing.T) {
	for _, success := range []bool{false, true} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		m := pm.makeInterpolation()
		p := at(10, 12, 0)
		pm.InterpolateTo(&p, false)
		m.appendVelocityNode(Node{Type: NodeVelocity, Position: at(10, 13, 0)})
		m.st.originalDistance = 1.5
		m.NodeCompleted(success)
		if m.QueueLen() != 1 || m.OriginalDistance() != 1.5 {
			t.Errorf("success=%v: queue %d original %v, want 1 and unchanged 1.5", success, m.QueueLen(), m.OriginalDistance())
		}
		bp := m.BliptoPosition()
		snap := bp.Distance(&p) < 1e-6
		if snap == success {
			t.Errorf("success=%v: blipto_position snapshotted=%v", success, snap)
		}
	}
}

// seed 000 §5: a successful completion that empties the queue stops
// interpolating, which also clears the fail counter; a stall one keeps the
// counter for UseTime.
func TestNodeCompleted_EmptyQueue(t *testing.T) {
	for _, success := range []bool{false, true} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		m := pm.makeInterpolation()
		p := at(10, 12, 0)
		pm.InterpolateTo(&p, false)
		m.st.nodeFailCounter = 2
		m.NodeCompleted(success)
		if m.QueueLen() != 0 || m.OriginalDistance() != LargeDistance {
			t.Errorf("success=%v: queue %d original %v", success, m.QueueLen(), m.OriginalDistance())
		}
		wantFail := int32(2)
		if success {
			wantFail = 0
		}
		if m.FailCounter() != wantFail {
			t.Errorf("success=%v: fail counter %d, want %d", success, m.FailCounter(), wantFail)
		}
	}
}

// seed 000 §6: a type-3 head sets the body's velocity and completes; a type-2
// head only completes; a position head waits.
func TestUseTime_VelocityNodes(t *testing.T) {
	v := mgl32.Vec3{0, 4, 0}
	for _, c := range []struct {
		typ      NodeType
		wantSets int
		wantLen  int
	}{
		{NodeVelocity, 1, 1},
		{NodeJump, 0, 1},
		{NodePosition, 0, 2},
	} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		m := pm.makeInterpolation()
		m.appendVelocityNode(Node{Type: c.typ, Position: at(10, 12, 0), Velocity: v})
		m.appendVelocityNode(Node{Type: NodePosition, Position: at(10, 14, 0)})
		pm.UseTime()
		if b.velocitySets != c.wantSets || m.QueueLen() != c.wantLen {
			t.Errorf("%v head: %d velocity sets, queue %d; want %d and %d", c.typ, b.velocitySets, m.QueueLen(), c.wantSets, c.wantLen)
		}
		if c.wantSets == 1 && b.velocity != v {
			t.Errorf("velocity %v, want %v", b.velocity, v)
		}
	}
}

// seed 000 §6: with a velocity tail the blip goes to the last position node
// before it and re-applies the tail's velocity; with no position node it
// falls back to blipto_position.
func TestUseTime_BlipTargets(t *testing.T) {
	v := mgl32.Vec3{1, 2, 0}
	t.Run("last position node before a velocity tail", func(t *testing.T) {
		b := newBody(at(10, 10, 0))
		pm, rec := newPM(b, ReadingSeed)
		m := pm.makeInterpolation()
		m.appendVelocityNode(Node{Type: NodePosition, Position: at(10, 12, 0)})
		m.appendVelocityNode(Node{Type: NodePosition, Position: at(10, 14, 0)})
		m.appendVelocityNode(Node{Type: NodeJump, Position: at(10, 15, 0)})
		m.appendVelocityNode(Node{Type: NodeVelocity, Position: at(10, 16, 0), Velocity: v})
		m.st.nodeFailCounter = 4
		pm.UseTime()
		want := at(10, 14, 0)
		if d := b.pos.Distance(&want); d > 1e-5 {
			t.Errorf("body at %v, want %v", b.pos.Frame.Origin, want.Frame.Origin)
		}
		if b.velocity != v {
			t.Errorf("velocity %v, want the tail's %v re-applied", b.velocity, v)
		}
		if e := rec.of(EventBlip); len(e) != 1 || e[0].Target != BlipLastPositionNode {
			t.Errorf("blip events %+v", e)
		}
		if m.QueueLen() != 0 || m.FailCounter() != 0 {
			t.Errorf("not stopped: queue %d fail %d", m.QueueLen(), m.FailCounter())
		}
	})
	t.Run("velocity tail without a position node", func(t *testing.T) {
		b := newBody(at(10, 10, 0))
		pm, rec := newPM(b, ReadingSeed)
		m := pm.makeInterpolation()
		m.st.bliptoPosition = at(30, 30, 0)
		m.appendVelocityNode(Node{Type: NodeVelocity, Position: at(10, 16, 0), Velocity: v})
		m.st.nodeFailCounter = 5
		pm.UseTime()
		if e := rec.of(EventBlip); len(e) != 1 || e[0].Target != BlipToPosition {
			t.Fatalf("blip events %+v", e)
		}
		if b.velocitySets != 0 {
			t.Error("velocity re-applied for a blipto_position blip")
		}
	})
}

// seed 000 §6: StopInterpolating runs only after SetPositionSimple succeeds;
// a rejected placement keeps the state and retries on the next UseTime.
func TestUseTime_FailedSetPositionSimpleRetries(t *testing.T) {
	b := newBody(at(10, 10, 0))
	b.rejectSPS = true
	pm, rec := newPM(b, ReadingSeed)
	far := at(150, 150, 0)
	pm.InterpolateTo(&far, false)
	pm.UseTime()
	pm.UseTime()
	if b.spsCalls != 2 || !pm.IsInterpolating() || pm.InterpolationState().FailCounter != FarBranchFailCounter {
		t.Fatalf("after rejected blips: %d calls, queue %d, fail %d", b.spsCalls, pm.InterpolationState().QueueLen, pm.InterpolationState().FailCounter)
	}
	if len(rec.of(EventBlip)) != 0 {
		t.Error("a rejected blip was reported")
	}
	b.rejectSPS = false
	pm.UseTime()
	if pm.IsInterpolating() || len(rec.of(EventBlip)) != 1 {
		t.Errorf("accepted blip did not stop interpolating")
	}
}

// seed 000 §6: no queue and no failures → nothing to do.
func TestUseTime_IdleDoesNothing(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	pm.makeInterpolation()
	pm.UseTime()
	if b.spsCalls != 0 || len(rec.events) != 0 {
		t.Errorf("idle UseTime acted: %d placements, %d events", b.spsCalls, len(rec.events))
	}
}
