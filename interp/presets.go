// Presets: the four named readings of READINGS.md ("Presets" table), looked
// up by name. Each is built fresh on every call, so no caller can change
// another's copy.

package interp

import (
	"fmt"
	"strings"
)

// Preset names, in the order ReadingNames lists them.
const (
	ReadingSeed    = "seed"
	ReadingACE     = "ace"
	ReadingHexRays = "hexrays"
	ReadingLegacy  = "legacy"
)

// DefaultReadingName is the reading Glidepath runs unless told otherwise:
// exactly what the seed documents specify.
const DefaultReadingName = ReadingSeed

// ReadingNames lists the preset names in a fixed order.
func ReadingNames() []string {
	return []string{ReadingSeed, ReadingACE, ReadingHexRays, ReadingLegacy}
}

// SeedReading is the default preset: exactly what the seeds specify.
func SeedReading() Reading {
	return Reading{
		Name:                         ReadingSeed,
		SecondaryDivisor:             DivideByFrameDt,
		PrimaryTest:                  PrimaryCumulative,
		Progress:                     ProgressTime,
		FarBranchPrearm:              true,
		PruneLoop:                    true,
		StallPopsHead:                true,
		OverwriteOffset:              true,
		ConstraintOffset:             ConstraintAssign,
		ContactGate:                  true,
		DriveWithStateVelocity:       false,
		FarBranchHeadingFromArgument: false,
		PosFramesCombineForward:      false,
		HeadingTurn:                  HeadingInOneTick,
		RootMotionOffWalkable:        false,
		DeadbandAfterFriction:        false,
		InterpolateAtBubbleEdge:      false,
		LeaveGroundVelocity:          false,
	}
}

// ReadingByName returns the preset called name ("seed", "ace", "hexrays",
// "legacy"), optionally followed by "+option" suffixes that flip the
// choices no preset differs on (options.go). An unknown name is an error
// that lists the known ones.
func ReadingByName(name string) (Reading, error) {
	if strings.Contains(name, "+") {
		return withOptions(name)
	}
	return presetByName(name)
}

// presetByName returns the preset called name.
func presetByName(name string) (Reading, error) {
	r := SeedReading()
	switch name {
	case ReadingSeed:
	case ReadingACE:
		r.Name = ReadingACE
		r.SecondaryDivisor = DivideByCatchUp
		r.PrimaryTest = PrimaryNone
		r.FarBranchHeadingFromArgument = true
		r.PosFramesCombineForward = true
	case ReadingHexRays:
		r.Name = ReadingHexRays
		r.SecondaryDivisor = DivideByCatchUp
		r.PrimaryTest = PrimaryReachOnFail
		r.ConstraintOffset = ConstraintAccumulate
	case ReadingLegacy:
		r.Name = ReadingLegacy
		r.SecondaryDivisor = DivideByNothing
		r.Progress = ProgressStepLength
		r.FarBranchPrearm = false
		r.PruneLoop = false
		r.StallPopsHead = false
		r.OverwriteOffset = false
		r.ContactGate = false
		r.DriveWithStateVelocity = true
	default:
		return Reading{}, fmt.Errorf("interp: unknown reading %q (known: %s)", name, strings.Join(ReadingNames(), ", "))
	}
	return r, nil
}
