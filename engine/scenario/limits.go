// Limits and defaults: the numbers the scenario format assumes when a field is
// absent, and the bounds that keep any input — a fuzzer's included — from
// making the compiler run for minutes or exhaust memory. None of these are
// retail values; the retail speeds and gravity come from physics/anim and
// physics.

package scenario

import (
	"glidepath/engine/recording"

	"fmt"
)

// Defaults for absent fields (docs/scenarios.md).
const (
	// DefaultTickRate is the tick rate when the scenario gives none (Hz):
	// the recording format's own default, so that a scenario and a
	// recording that give none run alike.
	DefaultTickRate = recording.DefaultTickRate
	// DefaultSeed seeds the network model and crowds when the scenario gives
	// no seed.
	DefaultSeed = 1
	// DefaultLandblock is the landblock scenario coordinates are relative to
	// when the scenario names none (0xA9B4, the recording examples').
	DefaultLandblock = 0xA9B4
	// DefaultInterval is the update cadence when neither the remote nor the
	// scenario gives one: one UpdatePosition per second.
	DefaultInterval = 1.0
	// DefaultInstance is a remote's instance stamp (update_times[INSTANCE_TS])
	// when it gives none.
	DefaultInstance = 1
	// DefaultObserverEvery is how many ticks apart observer events are while
	// the observer moves.
	DefaultObserverEvery = 3
	// DefaultTurnRate is the turn rate at turn speed 1 (degrees per second)
	// when the remote's motion table has no TurnRight motion to read it from.
	DefaultTurnRate = 90.0
	// DefaultReorderFactor times the remote's send interval is the extra delay
	// of a reordered update when the network gives no reorder_delay, so that
	// it usually arrives after the next update.
	DefaultReorderFactor = 1.5
	// DefaultCrowdLegs is how many walks each crowd member makes.
	DefaultCrowdLegs = 10
	// DefaultCrowdWait is the longest pause between a crowd member's walks (s).
	DefaultCrowdWait = 2.0
)

// Thresholds of the compiler's own decisions.
const (
	// turnEpsilon is the smallest heading change (degrees) a move turns in
	// place for before it starts walking; smaller ones are taken at once.
	turnEpsilon = 0.5
	// onChangeDistance is how far (m) the truth must have moved since the
	// last sent update for an on-change cadence to send again.
	onChangeDistance = 0.001
	// onChangeHeading is how far (degrees) the truth must have turned since
	// the last sent update for an on-change cadence to send again.
	onChangeHeading = 0.01
	// dueTolerance absorbs float error when comparing a tick's time with an
	// interval cadence's due time (the recording format's 1e-9 s).
	dueTolerance = 1e-9
	// landingIterations is how many bisection steps find the instant a jump
	// lands within one tick.
	landingIterations = 48
)

// Bounds on input. Each is reported as an error naming the field.
const (
	// MaxDuration is the longest scenario (s): two hours.
	MaxDuration = 7200
	// MaxRemotes bounds the number of remotes, crowds included.
	MaxRemotes = 1000
	// MaxEvents bounds the events one compile may produce.
	MaxEvents = 2_000_000
	// MaxScriptActions bounds one script's length.
	MaxScriptActions = 10000
	// MaxCrowdWalks bounds the walks all of one crowd's members make
	// (count × legs).
	MaxCrowdWalks = 200_000
	// MaxWaypoints bounds one path's waypoints.
	MaxWaypoints = 10000
	// MaxNotes bounds the scenario's notes.
	MaxNotes = 10000
	// MaxOutages bounds a network's outages.
	MaxOutages = 1000
	// MaxSpeed bounds an action's speed multiplier and a remote's run rate.
	MaxSpeed = 10
	// MaxJumpSpeed bounds a jump's vertical and forward speeds (m/s): the
	// retail max_velocity 50 (physics.MaxVelocity).
	MaxJumpSpeed = 50
	// MaxNetworkDelay bounds latency, jitter and reorder_delay (s).
	MaxNetworkDelay = 60
	// MaxTextLength bounds a note, name or description (bytes).
	MaxTextLength = recording.MaxTextLength
	// MinLoopLength is the shortest looping path (m), so that a lap takes
	// time.
	MinLoopLength = 0.5
	// maxCoordinate bounds a point's coordinates (m from the scenario
	// landblock's corner): the width of the 256×256-landblock map.
	maxCoordinate = mapSize
	// maxSteps bounds the script steps (segments, turns, laps) one compile
	// may take in total.
	maxSteps = 50_000_000
)

// limits are the bounds one compile runs under; tests lower them.
type limits struct {
	maxEvents int
	maxSteps  int
	truth     bool
}

func defaultLimits() limits {
	return limits{maxEvents: MaxEvents, maxSteps: maxSteps, truth: true}
}

// Errors: every problem with a scenario, syntax or meaning, reported as
// FILE:LINE:COLUMN: field: problem so an editor can jump to it.
// Error is a problem with a scenario file. Line and Column are 1-based and
// point at the offending value (or at the mapping that lacks a required
// field). Field is the path of the field, such as "remotes[1].script[3].walk_to";
// "yaml" names a syntax error.
type Error struct {
	File    string
	Line    int
	Column  int
	Field   string
	Problem string
}

func (e *Error) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Problem)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Line, e.Column, e.Field, e.Problem)
}

// loc is where a value was written: its line, column and field path. The
// compiler keeps one with every remote and action so that a problem found
// while running the script (leaving the map, too many steps) still names the
// line that caused it.
type loc struct {
	line, col int
	field     string
}

// errorf builds an *Error at l.
func (l loc) errorf(file, format string, args ...any) *Error {
	return &Error{File: file, Line: l.line, Column: l.col, Field: l.field, Problem: fmt.Sprintf(format, args...)}
}
