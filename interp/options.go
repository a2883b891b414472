// Options: a preset with some of its choices flipped, named on the command
// line as PRESET+OPTION+OPTION (docs/readings.md "Options"), so that
// `viewer run -compare seed,seed+heading_slerp` shows what one choice does
// when no preset differs on it.

package interp

import (
	"fmt"
	"strings"
)

// readingOptions are the choices an option name flips, in the order
// docs/readings.md numbers them.
var readingOptions = []struct {
	name string
	set  func(*Reading)
}{
	{"heading_slerp", func(r *Reading) { r.HeadingTurn = HeadingSlerp }},
	{"root_motion_off_walkable", func(r *Reading) { r.RootMotionOffWalkable = true }},
	{"deadband_after_friction", func(r *Reading) { r.DeadbandAfterFriction = true }},
	{"interpolate_at_96", func(r *Reading) { r.InterpolateAtBubbleEdge = true }},
	{"leave_ground_velocity", func(r *Reading) { r.LeaveGroundVelocity = true }},
}

// ReadingOptionNames lists the option names ReadingByName accepts after a
// preset.
func ReadingOptionNames() []string {
	names := make([]string, len(readingOptions))
	for i, o := range readingOptions {
		names[i] = o.name
	}
	return names
}

// withOptions applies name's "+option" suffixes to the preset before them.
func withOptions(name string) (Reading, error) {
	parts := strings.Split(name, "+")
	r, err := presetByName(parts[0])
	if err != nil {
		return Reading{}, err
	}
	for _, opt := range parts[1:] {
		found := false
		for _, o := range readingOptions {
			if o.name == opt {
				o.set(&r)
				found = true
				break
			}
		}
		if !found {
			return Reading{}, fmt.Errorf("interp: reading %q: unknown option %q (known: %s)", name, opt, strings.Join(ReadingOptionNames(), ", "))
		}
	}
	r.Name = name
	return r, nil
}
