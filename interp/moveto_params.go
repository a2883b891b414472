// MovementParameters: the flags and distances a move-to UpdateMotion carries
// and the small decisions MoveToManager takes from them (which command to
// walk with, which heading to hold, the turn direction tests). The seeds
// name MoveToManager (seed 001 "L.3.3", seed 004 §6) but do not describe it;
// this follows ACE's Physics/Animation/MovementParameters.cs and
// Physics/Managers/MoveToManager.cs (docs/readings.md, "MoveToManager").

package interp

import (
	"math"

	"glidepath/physics"
)

// MovementParams flag bits (ACE MovementParamFlags; the u32 of
// MoveToParameters and TurnToParameters on the wire).
const (
	MoveCanWalk               uint32 = 0x00001
	MoveCanRun                uint32 = 0x00002
	MoveCanSidestep           uint32 = 0x00004
	MoveCanWalkBackwards      uint32 = 0x00008
	MoveCanCharge             uint32 = 0x00010
	MoveFailWalk              uint32 = 0x00020
	MoveUseFinalHeading       uint32 = 0x00040
	MoveSticky                uint32 = 0x00080
	MoveAway                  uint32 = 0x00100
	MoveTowards               uint32 = 0x00200
	MoveUseSpheres            uint32 = 0x00400
	MoveSetHoldKey            uint32 = 0x00800
	MoveAutonomous            uint32 = 0x01000
	MoveModifyRawState        uint32 = 0x02000
	MoveModifyInterpreted     uint32 = 0x04000
	MoveCancelMoveTo          uint32 = 0x08000
	MoveStopCompletely        uint32 = 0x10000
	MoveDisableJumpDuringLink uint32 = 0x20000

	// MoveFlagsKnown is every defined bit; a flags word with others set is
	// bad input.
	MoveFlagsKnown uint32 = 0x3FFFF
	// MoveFlagsDefault is MoveToParameters.SetDefaults' flags: walk, run,
	// sidestep, walk backwards, towards, spheres, hold key, modify raw and
	// interpreted state, cancel move-to, stop completely (0x1EE0F) [ACE
	// Network/Motion/MoveToParameters.cs].
	MoveFlagsDefault uint32 = 0x1EE0F
)

// MoveTo parameter defaults [ACE Network/Motion/MoveToParameters.cs
// SetDefaults].
const (
	DefaultDistanceToObject float32 = 0.6
	DefaultMinDistance      float32 = 0
	DefaultFailDistance     float32 = math.MaxFloat32
	DefaultMoveSpeed        float32 = 1
	DefaultWalkRunThreshold float32 = 15
)

// MoveTo constants [ACE MoveToManager.cs].
const (
	// MoveToTurnSlack: while walking, a heading error above this many
	// degrees (and below 360 − it) starts an aux turn (HandleMoveToPosition).
	MoveToTurnSlack float32 = 20
	// MoveToProgressWindow is how long, seconds, CheckProgressMade waits
	// between progress checks.
	MoveToProgressWindow float64 = 1.0
	// MoveToMinProgressRate is the approach speed, m/s, below which a
	// window counts as no progress.
	MoveToMinProgressRate float64 = 0.25
	// MoveToTargetRadius is the voyeur radius set_target asks for: the
	// target's position is re-sent once it has moved this far (ACE
	// MoveToObject: set_target(0, id, 0.5, 0)).
	MoveToTargetRadius float32 = 0.5
)

// HoldKey is the hold key a motion is adjusted with (ACE HoldKey).
type HoldKey uint8

const (
	HoldKeyInvalid HoldKey = iota
	HoldKeyNone
	HoldKeyRun
)

// MoveCommand is a motion command MoveToManager issues, before
// adjust_motion (which the body applies).
type MoveCommand uint8

const (
	MoveCmdNone MoveCommand = iota
	MoveCmdWalkForward
	MoveCmdWalkBackward
	MoveCmdTurnRight
	MoveCmdTurnLeft
)

var moveCmdNames = [...]string{"None", "WalkForward", "WalkBackward", "TurnRight", "TurnLeft"}

func (c MoveCommand) String() string {
	if int(c) < len(moveCmdNames) {
		return moveCmdNames[c]
	}
	return "MoveCommand(?)"
}

// MovementParams is MovementParameters as MoveToManager keeps it.
type MovementParams struct {
	Flags            uint32
	DistanceToObject float32
	MinDistance      float32
	FailDistance     float32
	Speed            float32
	WalkRunThreshold float32
	DesiredHeading   float32
	// HoldKeyToApply is set by BeginMoveForward from get_command.
	HoldKeyToApply HoldKey
}

// DefaultMovementParams is what a move-to message carries when it sets
// nothing (MoveToParameters.SetDefaults).
func DefaultMovementParams() MovementParams {
	return MovementParams{
		Flags:            MoveFlagsDefault,
		DistanceToObject: DefaultDistanceToObject,
		MinDistance:      DefaultMinDistance,
		FailDistance:     DefaultFailDistance,
		Speed:            DefaultMoveSpeed,
		WalkRunThreshold: DefaultWalkRunThreshold,
	}
}

func (p *MovementParams) has(bit uint32) bool { return p.Flags&bit != 0 }

// command is MovementParameters::get_command: the command that closes (or,
// moving away, opens) the distance, whether it moves away, and the hold key
// — Run when running is allowed and either walking is not or the distance
// left exceeds walk_run_threshold.
func (p *MovementParams) command(dist, heading float32) (cmd MoveCommand, hold HoldKey, away bool) {
	switch {
	case p.has(MoveTowards) || !p.has(MoveAway):
		if p.has(MoveAway) {
			cmd, away = p.towardsAndAway(dist)
		} else if dist > p.DistanceToObject {
			cmd = MoveCmdWalkForward
		}
	default: // MoveAway only
		if dist < p.MinDistance {
			cmd, away = MoveCmdWalkForward, true
		}
	}
	hold = HoldKeyNone
	if p.has(MoveCanRun) && (!p.has(MoveCanWalk) || dist-p.DistanceToObject > p.WalkRunThreshold) {
		hold = HoldKeyRun
	}
	return cmd, hold, away
}

// towardsAndAway is MovementParameters::towards_and_away.
func (p *MovementParams) towardsAndAway(dist float32) (MoveCommand, bool) {
	switch {
	case dist > p.DistanceToObject:
		return MoveCmdWalkForward, false
	case dist-p.MinDistance < FEpsilon:
		return MoveCmdWalkBackward, true
	}
	return MoveCmdNone, false
}

// desiredHeading is MovementParameters::get_desired_heading: the heading,
// relative to the bearing of the target, the body holds while cmd runs.
func desiredHeading(cmd MoveCommand, away bool) float32 {
	switch cmd {
	case MoveCmdWalkForward:
		if away {
			return 180
		}
	case MoveCmdWalkBackward:
		if !away {
			return 180
		}
	}
	return 0
}

// headingDelta is the "to − from" heading difference folded into [0, 360)
// with MoveToManager's F_EPSILON rounding (the lines every Begin/Handle
// function repeats).
func headingDelta(to, from float32) float32 {
	d := to - from
	if float32(math.Abs(float64(d))) < FEpsilon {
		d = 0
	}
	if d < -FEpsilon {
		d += 360
	}
	return d
}

// headingDiff is MoveToManager::heading_diff: h1 − h2 in [0, 360), turned
// into the left-hand angle unless the turn is TurnRight.
func headingDiff(h1, h2 float32, turn MoveCommand) float32 {
	r := headingDelta(h1, h2)
	if r > FEpsilon && turn != MoveCmdTurnRight {
		r = 360 - r
	}
	return r
}

// headingGreater is MoveToManager::heading_greater: whether h1 is past h2
// in the direction of the turn (the shorter way round decides which is
// ahead).
func headingGreater(h1, h2 float32, turn MoveCommand) bool {
	var v1, v2 float32
	if float32(math.Abs(float64(h1-h2))) <= 180 {
		v1, v2 = h2, h1
	} else {
		v1, v2 = h1, h2
	}
	r := v2 > v1
	if turn != MoveCmdTurnRight {
		r = !r
	}
	return r
}

// cylinderDistance is Position::CylinderDistance: the gap between two
// upright cylinders — the 3-D centre distance less both radii, combined
// with the vertical gap when both are positive (or both negative) [ACE
// Physics/Common/Position.cs].
func cylinderDistance(r1, h1 float32, p1 *physics.Position, r2, h2 float32, p2 *physics.Position) float32 {
	off := p1.Offset(p2)
	reach := off.Len() - (r1 + r2)
	z1, z2 := p1.Frame.Origin[2], p2.Frame.Origin[2]
	var dz float32
	if z1 <= z2 {
		dz = z2 - (z1 + h1)
	} else {
		dz = z1 - (z2 + h2)
	}
	switch {
	case dz > 0 && reach > 0:
		return float32(math.Sqrt(float64(dz*dz + reach*reach)))
	case dz < 0 && reach < 0:
		return -float32(math.Sqrt(float64(dz*dz + reach*reach)))
	}
	return reach
}
