// Constants: the retail thresholds of the interpolation manager that a
// what-if may change (viewer whatif -set, docs/viewer.md "What-if, shrink
// and evidence packs"). Every run that does not ask otherwise uses
// RetailConstants, the values of constants.go.

package interp

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Constants are the interpolation manager's tunable retail thresholds,
// carried per manager beside its Reading. The zero value is not valid; a
// run's zero Constants stand for RetailConstants (engine.Options).
type Constants struct {
	// MaxInterpolatedVelocity is the catch-up speed, m/s, without a usable
	// max speed (MAX_INTERPOLATED_VELOCITY, 7.5; seed 000 §4).
	MaxInterpolatedVelocity float32
	// MaxInterpolatedVelocityMod is the catch-up speed's factor on the
	// motion interpreter's max speed (MAX_INTERPOLATED_VELOCITY_MOD, 2.0;
	// seed 000 §4).
	MaxInterpolatedVelocityMod float32
	// MinDistanceToReachPosition is the primary stall test's progress per
	// window, m (MIN_DISTANCE_TO_REACH_POSITION, 0.20; seed 000 §4).
	MinDistanceToReachPosition float32
	// CreatureFailedInterpolationPercentage is the secondary stall test's
	// ratio (CREATURE_FAILED_INTERPOLATION_PERCENTAGE, 0.30; seed 000 §4).
	CreatureFailedInterpolationPercentage float32
	// StallCheckFrameInterval is the stall window's length, frames
	// (frame_counter >= 5; seed 000 §4).
	StallCheckFrameInterval uint32
}

// RetailConstants are the retail values (constants.go).
func RetailConstants() Constants {
	return Constants{
		MaxInterpolatedVelocity:               MaxInterpolatedVelocity,
		MaxInterpolatedVelocityMod:            MaxInterpolatedVelocityMod,
		MinDistanceToReachPosition:            MinDistanceToReachPosition,
		CreatureFailedInterpolationPercentage: CreatureFailedInterpolationPercentage,
		StallCheckFrameInterval:               StallCheckFrameInterval,
	}
}

// MaxStallCheckFrameInterval bounds the stall window's length, frames.
const MaxStallCheckFrameInterval = 1000

// maxConstant bounds the float constants: beyond it a speed or distance is
// no longer a threshold but an overflow waiting to happen.
const maxConstant = 1e6

// constantField is one Constants field: its -set name and where it lives.
type constantField struct {
	name  string
	float func(k *Constants) *float32
	// frames is set for the one integer field.
	frames bool
}

var constantFields = []constantField{
	{name: "max_interpolated_velocity", float: func(k *Constants) *float32 { return &k.MaxInterpolatedVelocity }},
	{name: "max_interpolated_velocity_mod", float: func(k *Constants) *float32 { return &k.MaxInterpolatedVelocityMod }},
	{name: "min_distance_to_reach_position", float: func(k *Constants) *float32 { return &k.MinDistanceToReachPosition }},
	{name: "creature_failed_interpolation_percentage", float: func(k *Constants) *float32 { return &k.CreatureFailedInterpolationPercentage }},
	{name: "stall_check_frame_interval", frames: true},
}

// ConstantNames are the names Set takes, in Constants' field order.
func ConstantNames() []string {
	names := make([]string, len(constantFields))
	for i, f := range constantFields {
		names[i] = f.name
	}
	return names
}

// IsConstant reports whether name is one of ConstantNames.
func IsConstant(name string) bool {
	for _, f := range constantFields {
		if f.name == name {
			return true
		}
	}
	return false
}

// Set sets the constant called name (ConstantNames) to value, a decimal
// number: above 0 and at most 1e6, or for stall_check_frame_interval a whole
// number of frames from 1 to MaxStallCheckFrameInterval. An unknown name or
// a value out of range is an error naming it; k is unchanged then.
func (k *Constants) Set(name, value string) error {
	for _, f := range constantFields {
		if f.name != name {
			continue
		}
		if f.frames {
			n, err := strconv.ParseUint(value, 10, 32)
			if err != nil || n < 1 || n > MaxStallCheckFrameInterval {
				return fmt.Errorf("%s=%s: want a whole number of frames from 1 to %d", name, value, MaxStallCheckFrameInterval)
			}
			k.StallCheckFrameInterval = uint32(n)
			return nil
		}
		v, err := strconv.ParseFloat(value, 32)
		if err != nil || !(v > 0 && v <= maxConstant) {
			return fmt.Errorf("%s=%s: want a number above 0 and at most %g", name, value, float64(maxConstant))
		}
		*f.float(k) = float32(v)
		return nil
	}
	return fmt.Errorf("%s: not a constant; known: %s", name, strings.Join(ConstantNames(), ", "))
}

// Validate reports the first field out of the ranges Set accepts.
func (k Constants) Validate() error {
	for _, f := range constantFields {
		if f.frames {
			if n := k.StallCheckFrameInterval; n < 1 || n > MaxStallCheckFrameInterval {
				return fmt.Errorf("interp: constant %s = %d: want 1 to %d", f.name, n, MaxStallCheckFrameInterval)
			}
			continue
		}
		if v := *f.float(&k); !(v > 0 && v <= maxConstant) || math.IsInf(float64(v), 0) {
			return fmt.Errorf("interp: constant %s = %g: want above 0 and at most %g", f.name, v, float64(maxConstant))
		}
	}
	return nil
}
