// Tests of ConstraintManager (seed 004 §0, seed 001 distances, ACE
// ConstraintManager.cs, READINGS.md item 8).

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// constrained returns a PositionManager whose body is off metres from the
// constraint anchor, constrained to [10, 50] (seed 001's creature-outside
// distances).
func constrained(t *testing.T, reading string, off float32) (*PositionManager, *fakeBody) {
	t.Helper()
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, reading)
	start, max := ConstraintDistances(false, false)
	anchor := at(10, 10+off, 0)
	pm.ConstrainTo(&anchor, start, max)
	return pm, b
}

// ACE ConstraintManager.ConstrainTo, seed 004 §0: the running offset starts
// at the body's distance to the anchor.
func TestConstrainTo_SeedsRunningOffset(t *testing.T) {
	pm, _ := constrained(t, ReadingSeed, 30)
	st := pm.Constraint().State()
	if !st.Constrained || absf(st.Offset-30) > 1e-4 || st.Start != 10 || st.Max != 50 {
		t.Errorf("state %+v", st)
	}
}

// ACE ConstraintManager.adjust_offset: in contact, 1 up to start, (max −
// off)/(max − start) between, 0 at and past max.
func TestConstraintAdjustOffset_ScalesBetweenStartAndMax(t *testing.T) {
	for _, c := range []struct {
		off, want float32
	}{
		{5, 1},
		{10, 1},
		{30, 0.5},
		{40, 0.25},
		{50, 0},
		{60, 0},
	} {
		pm, _ := constrained(t, ReadingSeed, c.off)
		off := physics.NewFrame(mgl32.Vec3{0, 2, 0}, mgl32.QuatIdent())
		pm.AdjustOffset(&off, dt30)
		if got := off.Origin.Len(); absf(got-2*c.want) > 1e-5 {
			t.Errorf("offset %v: step scaled to %v, want %v", c.off, got, 2*c.want)
		}
		if s := pm.Constraint().State().LastScale; absf(s-c.want) > 1e-6 {
			t.Errorf("offset %v: LastScale %v, want %v", c.off, s, c.want)
		}
	}
}

// ACE: without contact the offset is not scaled, but the running offset is
// still updated.
func TestConstraintAdjustOffset_NoContactNoScale(t *testing.T) {
	pm, b := constrained(t, ReadingSeed, 60)
	b.contact = false
	off := physics.NewFrame(mgl32.Vec3{0, 2, 0}, mgl32.QuatIdent())
	pm.AdjustOffset(&off, dt30)
	if got := off.Origin.Len(); got != 2 {
		t.Errorf("airborne step scaled to %v", got)
	}
	if got := pm.Constraint().State().Offset; got != 2 {
		t.Errorf("running offset %v, want 2 (assigned)", got)
	}
}

// READINGS item 8: assign (seed, ace) vs accumulate (hexrays).
func TestConstraintAdjustOffset_AssignVsAccumulate(t *testing.T) {
	for name, want := range map[string]float32{ReadingSeed: 0.5, ReadingACE: 0.5, ReadingHexRays: 3 + 0.5 + 0.5} {
		pm, _ := constrained(t, name, 3)
		for range 2 {
			off := physics.NewFrame(mgl32.Vec3{0.5, 0, 0}, mgl32.QuatIdent())
			pm.AdjustOffset(&off, dt30)
		}
		if got := pm.Constraint().State().Offset; absf(got-want) > 1e-5 {
			t.Errorf("%s: running offset %v, want %v", name, got, want)
		}
	}
}

// ACE IsFullyConstrained: past 90 % of max; Unconstrain stops the scaling.
func TestConstraint_FullyConstrainedAndUnconstrain(t *testing.T) {
	pm, _ := constrained(t, ReadingSeed, 46)
	if !pm.IsFullyConstrained() {
		t.Error("46 m of 50 is not fully constrained")
	}
	pm.Unconstrain()
	off := physics.NewFrame(mgl32.Vec3{0, 2, 0}, mgl32.QuatIdent())
	pm.AdjustOffset(&off, dt30)
	if off.Origin.Len() != 2 {
		t.Error("unconstrained manager scaled the offset")
	}
	pm2, _ := constrained(t, ReadingSeed, 44)
	if pm2.IsFullyConstrained() {
		t.Error("44 m of 50 is fully constrained")
	}
}

// seed 001: the constraint distances by player/creature and inside/outside.
func TestConstraintDistances(t *testing.T) {
	for _, c := range []struct {
		player, indoor bool
		start, max     float32
	}{
		{false, false, 10, 50},
		{false, true, 5, 20},
		{true, false, 10, 50},
		{true, true, 5, 20},
	} {
		if s, m := ConstraintDistances(c.player, c.indoor); s != c.start || m != c.max {
			t.Errorf("player=%v indoor=%v: %v, %v", c.player, c.indoor, s, m)
		}
	}
}
