// Constants: the retail numbers the animation sequence and the motion
// interpreter use, in one table, each with its retail name and where the
// value comes from (seed 002, READINGS.md item 10, ACE MotionInterp.cs).

package anim

// Retail constants.
const (
	// FEpsilon is F_EPSILON (ACE PhysicsGlobals.EPSILON = 0.0002): below
	// this framerate magnitude update_internal skips apply_physics for a
	// crossed frame and takes the overflow time as 0 (seed 002 §3).
	FEpsilon = 0.0002

	// RunAnimSpeed is CMotionInterp RunAnimSpeed = 4.0 m/s, the state
	// velocity of RunForward at speed 1 and the factor of get_max_speed
	// (seed 002 §5 "_DAT_007c96e0/e4/e8"; ACE MotionInterp.cs).
	RunAnimSpeed float32 = 4.0
	// WalkAnimSpeed is CMotionInterp WalkAnimSpeed = 3.12 m/s
	// (3.1199999f in ACE MotionInterp.cs; seed 002 §5).
	WalkAnimSpeed float32 = 3.1199999
	// SidestepAnimSpeed is CMotionInterp SidestepAnimSpeed = 1.25 m/s
	// (ACE MotionInterp.cs; seed 002 §5).
	SidestepAnimSpeed float32 = 1.25
	// BackwardsFactor is CMotionInterp BackwardsFactor = 0.65
	// (6.4999998e-1f in ACE MotionInterp.cs): adjust_motion turns
	// WalkBackwards into WalkForward at speed × −0.65.
	BackwardsFactor float32 = 0.64999998
	// RunTurnFactor is CMotionInterp RunTurnFactor = 1.5: apply_run_to_command
	// scales a TurnRight's speed by it under the Run hold key (ACE
	// MotionInterp.cs).
	RunTurnFactor float32 = 1.5
	// AdjustedMaxSpeedScale is the literal 4.0 of
	// CMotionInterp::get_adjusted_max_speed (READINGS.md item 10; ACE
	// MotionInterp.cs get_adjusted_max_speed).
	AdjustedMaxSpeedScale float32 = 4.0
	// DefaultRunRate is my_run_rate as the CMotionInterp constructor sets it
	// (1.0, ACE MotionInterp.cs).
	DefaultRunRate float32 = 1.0
	// DefaultSpeedFactor is current_speed_factor as the CMotionInterp
	// constructor sets it (1.0, ACE MotionInterp.cs).
	DefaultSpeedFactor float32 = 1.0
)

// Glidepath limits, not retail: they keep bad input from hanging or
// exhausting memory.
const (
	// maxAdvancesPerUpdate bounds how many times one Sequence.Update may
	// move to the next animation node. Retail loops until the time is
	// spent; at 30 frames/s a one-frame node needs a dt above 34 s to hit
	// this bound.
	maxAdvancesPerUpdate = 1024
	// MaxAnimationFrames is the largest frame count a motion table may give
	// an animation.
	MaxAnimationFrames = 4096
	// MaxAnimsPerMotion is the largest number of animations one MotionData
	// in a motion table may list.
	MaxAnimsPerMotion = 16
)
