// Constants: the retail values the position managers use, in one table
// (seed 000 "Constants table", seed 001 "Bonus — the rest of the constants",
// ACE StickyManager.cs / ConstraintManager.cs for the sticky and constraint
// values the seeds do not give).

package interp

// Retail constants. Name in the comment, value source in brackets.
const (
	// DesiredDistance is DESIRED_DISTANCE: a node is reached, and a tail node
	// is a duplicate, within this many metres [seed 000 §3, §4; seed 001].
	DesiredDistance float32 = 0.05
	// MinDistanceToReachPosition is MIN_DISTANCE_TO_REACH_POSITION: the
	// primary stall test's progress per 5-frame window [seed 000 §4; seed 001].
	MinDistanceToReachPosition float32 = 0.20
	// CreatureFailedInterpolationPercentage is
	// CREATURE_FAILED_INTERPOLATION_PERCENTAGE: the secondary stall test's
	// ratio [seed 000 §4].
	CreatureFailedInterpolationPercentage float32 = 0.30
	// FEpsilon is F_EPSILON (0.000199999995f in the binary): the catch-up
	// speed floor and the secondary test's progress floor [seed 000 §4].
	FEpsilon float32 = 0.0002
	// MaxInterpolatedVelocityMod is MAX_INTERPOLATED_VELOCITY_MOD: the
	// catch-up speed is this times the motion interpreter's max speed
	// [seed 000 §4; seed 001].
	MaxInterpolatedVelocityMod float32 = 2.0
	// MaxInterpolatedVelocity is MAX_INTERPOLATED_VELOCITY (0x40F00000): the
	// catch-up speed, m/s, when there is no usable max speed [seed 000 §4;
	// seed 001].
	MaxInterpolatedVelocity float32 = 7.5
	// LargeDistance is BIG_DISTANCE, the original_distance sentinel the
	// constructor, StopInterpolating and an emptied NodeCompleted store, so
	// the first window after it always passes [seed 000 §2; seed 001].
	LargeDistance float32 = 999999
	// StallCheckFrameInterval is the stall window length, frames
	// (frame_counter >= 5) [seed 000 §4].
	StallCheckFrameInterval uint32 = 5
	// StallFailCountThreshold is the node_fail_counter value UseTime must
	// exceed to blip (fail > 3) [seed 000 §6].
	StallFailCountThreshold int32 = 3
	// FarBranchFailCounter is what InterpolateTo's far branch stores in
	// node_fail_counter so the next UseTime blips (4 > 3) [seed 000 §3].
	FarBranchFailCounter int32 = 4
	// MaxQueuedNodes is the position_queue cap (0x14): the near branch
	// drops the head when the queue already holds this many [seed 000 §3].
	MaxQueuedNodes = 20
	// UseAdjustedSpeed is fUseAdjustedSpeed_'s value in the binary: the
	// catch-up speed reads get_adjusted_max_speed, not get_max_speed
	// [seed 000 constants table, "static toggle 1"].
	UseAdjustedSpeed = true

	// StickyRadius is StickyManager's standoff: the pull stops this many
	// metres short of the target's cylinder [ACE StickyManager.cs].
	StickyRadius float32 = 0.3
	// StickyTime is how long, seconds, a StickTo lasts before UseTime clears
	// it [ACE StickyManager.cs].
	StickyTime float64 = 1.0
	// StickySpeedMod scales get_max_speed into the sticky pull speed [ACE
	// StickyManager.cs].
	StickySpeedMod float32 = 5.0
	// StickyFallbackSpeed is the sticky pull speed, m/s, when max speed ×5 is
	// below F_EPSILON or there is no motion interpreter [ACE StickyManager.cs].
	StickyFallbackSpeed float32 = 15.0
	// FullyConstrainedFraction: IsFullyConstrained is true once the running
	// offset passes this fraction of the max distance [ACE
	// ConstraintManager.cs].
	FullyConstrainedFraction float32 = 0.9

	// PlayerOutsideConstraintDistanceStart is
	// PLAYER_OUTSIDE_CONSTRAINT_DISTANCE_START [seed 001].
	PlayerOutsideConstraintDistanceStart float32 = 10
	// PlayerOutsideConstraintDistanceMax is
	// PLAYER_OUTSIDE_CONSTRAINT_DISTANCE_MAX [seed 001].
	PlayerOutsideConstraintDistanceMax float32 = 50
	// PlayerInsideConstraintDistanceStart is
	// PLAYER_INSIDE_CONSTRAINT_DISTANCE_START [seed 001].
	PlayerInsideConstraintDistanceStart float32 = 5
	// PlayerInsideConstraintDistanceMax is
	// PLAYER_INSIDE_CONSTRAINT_DISTANCE_MAX [seed 001].
	PlayerInsideConstraintDistanceMax float32 = 20
	// CreatureOutsideConstraintDistanceStart is
	// CREATURE_OUTSIDE_CONSTRAINT_DISTANCE_START [seed 001].
	CreatureOutsideConstraintDistanceStart float32 = 10
	// CreatureOutsideConstraintDistanceMax is
	// CREATURE_OUTSIDE_CONSTRAINT_DISTANCE_MAX [seed 001].
	CreatureOutsideConstraintDistanceMax float32 = 50
	// CreatureInsideConstraintDistanceStart is
	// CREATURE_INSIDE_CONSTRAINT_DISTANCE_START [seed 001].
	CreatureInsideConstraintDistanceStart float32 = 5
	// CreatureInsideConstraintDistanceMax is
	// CREATURE_INSIDE_CONSTRAINT_DISTANCE_MAX [seed 001].
	CreatureInsideConstraintDistanceMax float32 = 20
)

// queueCapacity is the fixed size of the node ring: the near branch keeps at
// most MaxQueuedNodes, and the far branch appends without the cap check
// (seed 000 §3), so one more slot covers it. Retail's linked list is
// unbounded; only a run of far enqueues with no successful blip between them
// could fill the ring, and then the head is dropped (reported as an
// eviction) rather than growing.
const queueCapacity = MaxQueuedNodes + 1

// ConstraintDistances returns the (start, max) distances retail passes to
// ConstrainTo for an object, by player/creature and indoor/outdoor cell
// (seed 001 "Constraint distances").
func ConstraintDistances(player, indoor bool) (start, max float32) {
	switch {
	case player && indoor:
		return PlayerInsideConstraintDistanceStart, PlayerInsideConstraintDistanceMax
	case player:
		return PlayerOutsideConstraintDistanceStart, PlayerOutsideConstraintDistanceMax
	case indoor:
		return CreatureInsideConstraintDistanceStart, CreatureInsideConstraintDistanceMax
	default:
		return CreatureOutsideConstraintDistanceStart, CreatureOutsideConstraintDistanceMax
	}
}
