// Tests of PositionManager: lazy sub-managers, the adjust_offset chain, the
// clock and sink wiring (seed 003 §10).

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// *PositionManager is what physics calls (physics/object.go).
var _ physics.PositionManager = (*PositionManager)(nil)

// seed 004 §4, ACE PositionManager: sub-managers exist only once used, and
// the stop/unconstrain/unstick calls do not create them.
func TestPositionManager_LazySubManagers(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	pm.StopInterpolating()
	pm.Unconstrain()
	pm.Unstick()
	pm.UseTime()
	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, dt30)
	if pm.Interpolation() != nil || pm.Constraint() != nil || pm.Sticky() != nil {
		t.Fatal("a sub-manager was created without being used")
	}
	if pm.IsInterpolating() || pm.IsFullyConstrained() || pm.StickyObjectID() != 0 || len(pm.Nodes(nil)) != 0 {
		t.Error("empty manager reports state")
	}
	if st := pm.InterpolationState(); st.OriginalDistance != LargeDistance || st.QueueLen != 0 {
		t.Errorf("empty state %+v", st)
	}
	if _, ok := pm.ConstraintState(); ok {
		t.Error("constraint state reported before ConstrainTo")
	}
	if _, ok := pm.StickyState(); ok {
		t.Error("sticky state reported before StickTo")
	}
	p := at(12, 10, 0)
	pm.InterpolateTo(&p, false)
	pm.ConstrainTo(&p, 10, 50)
	pm.StickTo(3, 1)
	if pm.Interpolation() == nil || pm.Constraint() == nil || pm.Sticky() == nil {
		t.Error("a sub-manager was not created on use")
	}
	if cs, ok := pm.ConstraintState(); !ok || !cs.Constrained || cs.Max != 50 {
		t.Errorf("constraint state %+v, %v", cs, ok)
	}
	if ss, ok := pm.StickyState(); !ok || ss.TargetID != 3 || ss.TimeoutTime != pm.Now()+StickyTime {
		t.Errorf("sticky state %+v, %v", ss, ok)
	}
}

// seed 003 §10: interpolation, then sticky, then constraint, on the same
// offset frame — sticky overwrites the interpolation step, and the
// constraint scales whatever is left.
func TestPositionManager_AdjustOffsetChainOrder(t *testing.T) {
	setup := func(withSticky bool) physics.Frame {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, ReadingSeed)
		pm.SetLookup(lookup{5: at(20, 10, 0)}) // east
		head := at(10, 20, 0)                  // north
		pm.InterpolateTo(&head, false)
		anchor := at(10, 40, 0) // 30 m: scale 0.5 in [10, 50]
		pm.ConstrainTo(&anchor, 10, 50)
		if withSticky {
			pm.StickTo(5, 0.5)
		}
		off := physics.IdentityFrame()
		pm.AdjustOffset(&off, dt30)
		return off
	}
	if off := setup(false); !vecNear(off.Origin, mgl32.Vec3{0, 0.125, 0}, 1e-5) {
		t.Errorf("interpolation + constraint: %v, want half of the 0.25 m step north", off.Origin)
	}
	// Facing north, east is the body's local +X; the 15 m/s pull (no motion
	// interpreter) is 0.5 m at 1/30 s, halved by the constraint.
	if off := setup(true); !vecNear(off.Origin, mgl32.Vec3{0.25, 0, 0}, 1e-5) {
		t.Errorf("interpolation + sticky + constraint: %v, want half of the 0.5 m sticky pull east", off.Origin)
	}
}

// The manager's clock is the sum of the dt values AdjustOffset saw.
func TestPositionManager_Clock(t *testing.T) {
	pm, _ := newPM(newBody(at(10, 10, 0)), ReadingSeed)
	off := physics.IdentityFrame()
	for _, dt := range []float64{0.25, 0.5, 0} {
		pm.AdjustOffset(&off, dt)
	}
	if pm.Now() != 0.75 {
		t.Errorf("clock %v, want 0.75", pm.Now())
	}
}

// SetSink and SetLookup reach sub-managers created before and after them.
func TestPositionManager_SinkRebinding(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, first := newPM(b, ReadingSeed)
	p := at(12, 10, 0)
	pm.InterpolateTo(&p, false)
	second := &recorder{}
	pm.SetSink(second)
	q := at(14, 10, 0)
	pm.InterpolateTo(&q, false)
	pm.SetSink(nil)
	r := at(16, 10, 0)
	pm.InterpolateTo(&r, false)
	if len(first.events) != 1 || len(second.events) != 1 {
		t.Errorf("events: first %d, second %d; want 1 and 1", len(first.events), len(second.events))
	}
}
