// Tests of StickyManager's pull, standoff, turn and timeout (ACE
// StickyManager.cs).

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// stuck returns a body stuck to object 9 at target, radius 0.5.
func stuck(t *testing.T, target physics.Position, mi *fakeMinterp) (*PositionManager, *fakeBody) {
	t.Helper()
	b := newBody(at(10, 10, 0))
	b.minterp = mi
	b.radius = 0.4
	pm, err := NewPositionManager(radiusBody{b}, SeedReading())
	if err != nil {
		t.Fatal(err)
	}
	pm.SetLookup(lookup{9: target})
	pm.StickTo(9, 0.5)
	return pm, b
}

// ACE StickyManager.adjust_offset: a planar step toward the target at
// max_speed × 5, or 15 m/s without a usable max speed.
func TestStickyAdjustOffset_PullSpeed(t *testing.T) {
	for _, c := range []struct {
		name string
		mi   *fakeMinterp
		want float32
	}{
		{"max speed × 5", &fakeMinterp{adjusted: 9, max: 2}, 10 * float32(dt30)},
		{"no motion interpreter → 15", nil, 15 * float32(dt30)},
		{"zero max speed → 15", &fakeMinterp{}, 15 * float32(dt30)},
	} {
		pm, _ := stuck(t, at(10, 20, 0), c.mi)
		off := physics.IdentityFrame()
		pm.AdjustOffset(&off, dt30)
		if !vecNear(off.Origin, mgl32.Vec3{0, c.want, 0}, 1e-5) {
			t.Errorf("%s: offset %v, want (0, %v, 0)", c.name, off.Origin, c.want)
		}
	}
}

// ACE StickyManager: the pull ignores height and stops 0.3 m short of the
// two cylinders (0.4 + 0.5 radii).
func TestStickyAdjustOffset_StandoffAndPlanar(t *testing.T) {
	target := at(10, 20, 0)
	target.Frame.Origin[2] = 3
	pm, b := stuck(t, target, nil)
	for range 40 {
		tick(pm, b, dt30)
		if pm.StickyObjectID() == 0 {
			pm.StickTo(9, 0.5) // re-stick past the 1 s timeout
		}
	}
	if z := b.pos.Frame.Origin[2]; z != 0 {
		t.Errorf("body climbed to z=%v", z)
	}
	if y := b.pos.Frame.Origin[1]; absf(y-(20-0.4-0.5-0.3)) > 1e-4 {
		t.Errorf("body stopped at y=%v, want %v", y, 20-0.4-0.5-0.3)
	}
}

// ACE StickyManager.adjust_offset: the offset also turns the body to face the
// target.
func TestStickyAdjustOffset_TurnsToFaceTarget(t *testing.T) {
	pm, b := stuck(t, at(20, 10, 0), nil) // due east
	tick(pm, b, dt30)
	if h := b.Heading(); absf(h-90) > 0.01 {
		t.Errorf("heading %v, want 90", h)
	}
	if x := b.pos.Frame.Origin[0]; absf(x-10.5) > 1e-4 {
		t.Errorf("body at x=%v, want 10.5", x)
	}
}

// ACE StickyManager.UseTime: the target clears 1 s after StickTo.
func TestSticky_TimesOutAfterOneSecond(t *testing.T) {
	pm, b := stuck(t, at(10, 20, 0), nil)
	for range 29 {
		tick(pm, b, dt30)
	}
	if pm.StickyObjectID() != 9 {
		t.Fatalf("cleared early, at %v s", pm.Now())
	}
	for range 2 {
		tick(pm, b, dt30)
	}
	if pm.StickyObjectID() != 0 {
		t.Errorf("still stuck at %v s", pm.Now())
	}
}

// No lookup, an unknown target, or Unstick: nothing moves.
func TestSticky_InactiveCases(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	pm.StickTo(9, 0.5) // no lookup
	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, dt30)
	if off != physics.IdentityFrame() {
		t.Error("stuck without a lookup")
	}
	pm.SetLookup(lookup{})
	pm.StickTo(9, 0.5) // unknown object
	pm.AdjustOffset(&off, dt30)
	if off != physics.IdentityFrame() || pm.Sticky().State().Initialized {
		t.Error("stuck to an unknown object")
	}
	pm2, _ := stuck(t, at(10, 20, 0), nil)
	pm2.Unstick()
	pm2.AdjustOffset(&off, dt30)
	if off != physics.IdentityFrame() || pm2.StickyObjectID() != 0 {
		t.Error("Unstick did not clear the target")
	}
}

// ACE StickyManager.adjust_offset turns by Position::heading(target) minus
// the body's heading; Position::heading gives 0 when the planar offset is
// below F_EPSILON (NormalizeCheckSmall), not the bearing of a vanishing
// vector. A target 0.1 mm due east of a body facing 30 gives heading 0 − 30
// → 330, so the body ends up facing north.
func TestStickyAdjustOffset_TinyOffsetHeadingIsNorth(t *testing.T) {
	b := newBody(at(10, 10, 30))
	pm, err := NewPositionManager(b, SeedReading())
	if err != nil {
		t.Fatal(err)
	}
	target := at(10.0001, 10, 0)
	pm.SetLookup(lookup{9: target})
	pm.StickTo(9, 0)
	tick(pm, b, dt30)
	if h := b.Heading(); absf(h) > 0.01 && absf(h-360) > 0.01 {
		t.Errorf("heading %.4f, want 0 (Position::heading of a sub-F_EPSILON offset)", h)
	}
}
