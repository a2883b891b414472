package interp

import (
	"strings"
	"testing"

	"glidepath/physics"
)

// docs/readings.md "Options": PRESET+OPTION flips one choice of the preset
// and keeps the whole string as the reading's name; the bare presets keep
// the decompile's choice on every item no preset differs on.
func TestReadingByName_Options(t *testing.T) {
	for _, name := range ReadingNames() {
		r := mustReading(name)
		if r.HeadingTurn != HeadingInOneTick || r.RootMotionOffWalkable || r.DeadbandAfterFriction || r.InterpolateAtBubbleEdge || r.LeaveGroundVelocity {
			t.Errorf("preset %s changes an items 14–18 choice: %+v", name, r)
		}
	}
	r, err := ReadingByName("ace+heading_slerp+deadband_after_friction")
	if err != nil {
		t.Fatal(err)
	}
	if r.Name != "ace+heading_slerp+deadband_after_friction" || r.HeadingTurn != HeadingSlerp || !r.DeadbandAfterFriction || r.RootMotionOffWalkable || !r.PosFramesCombineForward {
		t.Errorf("got %+v", r)
	}
	for opt, check := range map[string]func(Reading) bool{
		"root_motion_off_walkable": func(r Reading) bool { return r.RootMotionOffWalkable },
		"interpolate_at_96":        func(r Reading) bool { return r.InterpolateAtBubbleEdge },
		"leave_ground_velocity":    func(r Reading) bool { return r.LeaveGroundVelocity },
	} {
		r, err := ReadingByName("seed+" + opt)
		if err != nil || !check(r) {
			t.Errorf("seed+%s: %+v, %v", opt, r, err)
		}
	}
	for _, bad := range []string{"seed+nope", "retail+heading_slerp", "seed+", "+heading_slerp"} {
		_, err := ReadingByName(bad)
		if err == nil {
			t.Errorf("%q: no error", bad)
		} else if strings.HasPrefix(bad, "seed+") && !strings.Contains(err.Error(), "heading_slerp") {
			t.Errorf("%q: error %q does not list the options", bad, err)
		}
	}
	if HeadingSlerp.String() != "slerp" || HeadingInOneTick.String() != "one_tick" || HeadingTurn(9).String() != "HeadingTurn(9)" {
		t.Error("HeadingTurn strings")
	}
	bad := SeedReading()
	bad.HeadingTurn = 2
	if bad.Validate() == nil {
		t.Error("HeadingTurn 2 validated")
	}
}

// docs/readings.md item 14: seed 000 §4's offset frame carries the whole
// turn to the head's heading on the first tick; seed 004 §9's slerp turns
// by the share of the way this step covers.
func TestAdjustOffset_HeadingOneTickOrSlerp(t *testing.T) {
	for _, c := range []struct {
		reading string
		want    float32
	}{
		{ReadingSeed, 90},
		{"seed+heading_slerp", 90 * (7.5 / 30.0) / 10}, // no motion interpreter: catch-up 7.5 m/s; 10 m away
	} {
		b := newBody(at(10, 10, 0))
		pm, _ := newPM(b, c.reading)
		p := at(20, 10, 90)
		pm.InterpolateTo(&p, false)
		off := physics.IdentityFrame()
		pm.AdjustOffset(&off, dt30)
		if h := off.Heading(); h < c.want-0.05 || h > c.want+0.05 {
			t.Errorf("%s: the offset turns the body to heading %v, want %v", c.reading, h, c.want)
		}
	}
}
