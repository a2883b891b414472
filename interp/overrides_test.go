package interp

import (
	"strings"
	"testing"
)

// RetailConstants are constants.go's values (seed 000 §4), and a manager
// made without Constants runs them.
func TestRetailConstants(t *testing.T) {
	k := RetailConstants()
	if k.MaxInterpolatedVelocity != 7.5 || k.MaxInterpolatedVelocityMod != 2 || k.MinDistanceToReachPosition != 0.20 ||
		k.CreatureFailedInterpolationPercentage != 0.30 || k.StallCheckFrameInterval != 5 {
		t.Errorf("retail constants %+v", k)
	}
	if err := k.Validate(); err != nil {
		t.Error(err)
	}
	pm, _ := newPM(newBody(at(0, 0, 0)), ReadingSeed)
	if pm.Constants() != k {
		t.Errorf("NewPositionManager runs %+v", pm.Constants())
	}
}

// The sub-managers, a clone and a restored snapshot keep the manager's
// Constants; invalid ones are refused by name.
func TestConstants_Carried(t *testing.T) {
	k := RetailConstants()
	k.MaxInterpolatedVelocity, k.StallCheckFrameInterval = 10, 9
	pm, err := NewPositionManagerConstants(newBody(at(0, 0, 0)), mustReading(ReadingSeed), k)
	if err != nil {
		t.Fatal(err)
	}
	if m := pm.makeInterpolation(); m.k != k {
		t.Errorf("interpolation manager runs %+v", m.k)
	}
	c := pm.Clone(newBody(at(0, 0, 0)), nil, nil)
	if c.Constants() != k || c.Interpolation() == nil || c.Interpolation().k != k {
		t.Errorf("clone runs %+v", c.Constants())
	}
	s := pm.Snapshot()
	pm.interp = nil
	pm.Restore(&s)
	if pm.Interpolation().k != k {
		t.Errorf("restored interpolation manager runs %+v", pm.Interpolation().k)
	}

	k.StallCheckFrameInterval = 0
	if _, err := NewPositionManagerConstants(newBody(at(0, 0, 0)), mustReading(ReadingSeed), k); err == nil ||
		!strings.Contains(err.Error(), "stall_check_frame_interval") {
		t.Errorf("0 frames: %v", err)
	}
}

// Set parses a value in range and refuses the rest, naming it, leaving the
// constants as they were.
func TestConstants_Set(t *testing.T) {
	k := RetailConstants()
	if err := k.Set("max_interpolated_velocity_mod", "2.5"); err != nil || k.MaxInterpolatedVelocityMod != 2.5 {
		t.Errorf("mod 2.5: %v %+v", err, k)
	}
	if err := k.Set("stall_check_frame_interval", "12"); err != nil || k.StallCheckFrameInterval != 12 {
		t.Errorf("frames 12: %v %+v", err, k)
	}
	before := k
	for _, c := range [][2]string{{"max_interpolated_velocity", "-2"}, {"max_interpolated_velocity", "nan"},
		{"min_distance_to_reach_position", "+Inf"}, {"stall_check_frame_interval", "1001"}, {"desired_distance", "1"}} {
		if err := k.Set(c[0], c[1]); err == nil || !strings.Contains(err.Error(), c[0]) {
			t.Errorf("%s=%s: %v", c[0], c[1], err)
		}
	}
	if k != before {
		t.Errorf("a refused value changed the constants: %+v", k)
	}
}

// CheckPolicy checks a run's reading and constants once; a manager made
// under the policy runs them, and a bad reading or bad constants are
// refused, the reading by name.
func TestCheckPolicy(t *testing.T) {
	k := RetailConstants()
	k.MaxInterpolatedVelocity = 9
	p, err := CheckPolicy(mustReading(ReadingHexRays), k)
	if err != nil {
		t.Fatal(err)
	}
	pm := NewPositionManagerFor(newBody(at(0, 0, 0)), p)
	if pm.Constants() != k || pm.Reading().Name != ReadingHexRays {
		t.Errorf("manager under the policy runs %q with %+v", pm.Reading().Name, pm.Constants())
	}
	bad := mustReading(ReadingSeed)
	bad.HeadingTurn = HeadingSlerp + 1
	if _, err := CheckPolicy(bad, k); err == nil || !strings.Contains(err.Error(), `reading "seed"`) || !strings.Contains(err.Error(), "HeadingTurn") {
		t.Errorf("a bad reading: %v", err)
	}
	k.StallCheckFrameInterval = 0
	if _, err := CheckPolicy(mustReading(ReadingSeed), k); err == nil || !strings.Contains(err.Error(), "stall_check_frame_interval") {
		t.Errorf("0 frames: %v", err)
	}
}
