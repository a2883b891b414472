// Reading: the policy value that captures where public readings of the
// retail binary disagree about the position managers (READINGS.md items
// 1–11, docs/readings.md items 12–18). The code branches on these fields, never on a preset's name.

package interp

import (
	"fmt"
	"strings"
	"unicode"
)

// SecondaryDivisor is what the secondary stall test divides
// cumulative / progress_quantum by (READINGS.md item 1).
type SecondaryDivisor uint8

const (
	// DivideByFrameDt: the window fails when cumulative / progress_quantum /
	// dt < 0.30, dt the current frame's quantum (seed 000 §4, "port
	// verbatim": the disassembly's second fdiv).
	DivideByFrameDt SecondaryDivisor = iota
	// DivideByCatchUp: the window passes when cumulative / progress_quantum
	// / catch_up >= 0.30 (ACE InterpolationManager.adjust_offset; the
	// hexrays reading; seed 000's own fdiv reads a 4-byte local).
	DivideByCatchUp
	// DivideByNothing: the window fails when cumulative / progress_quantum
	// < 0.30 (acdream's port before seed 000, seed 000 §7).
	DivideByNothing
)

var secondaryDivisorNames = [...]string{
	DivideByFrameDt: "dt",
	DivideByCatchUp: "catch_up",
	DivideByNothing: "none",
}

// String names the divisor as the viewer and trace show it.
func (d SecondaryDivisor) String() string {
	return enumName(secondaryDivisorNames[:], d, "SecondaryDivisor")
}

// PrimaryTest is how MIN_DISTANCE_TO_REACH_POSITION (0.20 m) enters the stall
// window (READINGS.md item 2).
type PrimaryTest uint8

const (
	// PrimaryCumulative: a window passes when cumulative >= 0.20 (seed 000
	// §4).
	PrimaryCumulative PrimaryTest = iota
	// PrimaryNone: there is no 0.20 m test; only the secondary ratio judges
	// (ACE InterpolationManager.adjust_offset).
	PrimaryNone
	// PrimaryReachOnFail: no cumulative test, but when a window fails and
	// the head node is closer than 0.20 m it is completed as reached
	// (NodeCompleted(1)) instead of counting a failure (the hexrays reading,
	// merklejerk/holtburger position_manager).
	PrimaryReachOnFail
)

var primaryTestNames = [...]string{
	PrimaryCumulative:  "cumulative",
	PrimaryNone:        "none",
	PrimaryReachOnFail: "reach_on_fail",
}

// String names the primary test.
func (p PrimaryTest) String() string { return enumName(primaryTestNames[:], p, "PrimaryTest") }

// ProgressMeasure is what progress_quantum accumulates each frame
// (READINGS.md item 3).
type ProgressMeasure uint8

const (
	// ProgressTime: progress_quantum += dt (seed 000 §4 "NOTE on
	// progress_quantum", retail line 353140; ACE; hexrays).
	ProgressTime ProgressMeasure = iota
	// ProgressStepLength: progress_quantum += the frame's step length,
	// min(catch-up × dt, distance to the head) (the prior acdream port, seed
	// 000 §7 bug #1).
	ProgressStepLength
)

var progressMeasureNames = [...]string{
	ProgressTime:       "dt",
	ProgressStepLength: "step_length",
}

// String names the measure.
func (p ProgressMeasure) String() string {
	return enumName(progressMeasureNames[:], p, "ProgressMeasure")
}

// ConstraintOffsetUpdate is how ConstraintManager::adjust_offset updates its
// running constraint_pos_offset after scaling (READINGS.md item 8).
type ConstraintOffsetUpdate uint8

const (
	// ConstraintAssign: constraint_pos_offset = |offset| (ACE
	// ConstraintManager.cs, the only complete public port).
	ConstraintAssign ConstraintOffsetUpdate = iota
	// ConstraintAccumulate: constraint_pos_offset += |offset| (the hexrays
	// survey and holtburger's local-correction module).
	ConstraintAccumulate
)

var constraintOffsetUpdateNames = [...]string{
	ConstraintAssign:     "assign",
	ConstraintAccumulate: "accumulate",
}

// String names the update rule.
func (c ConstraintOffsetUpdate) String() string {
	return enumName(constraintOffsetUpdateNames[:], c, "ConstraintOffsetUpdate")
}

// HeadingTurn is how InterpolationManager::adjust_offset turns the body
// toward the head node's heading (docs/readings.md item 14).
type HeadingTurn uint8

const (
	// HeadingInOneTick: the offset frame carries the whole rotation from the
	// body's to the head's, so the body faces the node on the first tick
	// (seed 000 §4: the output frame is subtract2's, whose rotation is the
	// difference).
	HeadingInOneTick HeadingTurn = iota
	// HeadingSlerp: the offset carries the fraction of that rotation the
	// tick's step covers of the distance to the head, so the body turns as
	// it walks and faces the node on arrival (seed 004 §9, "the body slerps
	// toward the queued rotation as it walks").
	HeadingSlerp
)

var headingTurnNames = [...]string{
	HeadingInOneTick: "one_tick",
	HeadingSlerp:     "slerp",
}

// String names the turn rule.
func (h HeadingTurn) String() string { return enumName(headingTurnNames[:], h, "HeadingTurn") }

// Reading is one consistent answer to every point where the sources disagree
// (READINGS.md). Get a preset with ReadingByName; a hand-built Reading must
// pass Validate. Fields are ordered as READINGS.md numbers the items.
type Reading struct {
	// Name labels the reading in traces and the viewer ("seed", "ace",
	// "hexrays", "legacy" for the presets).
	Name string

	// SecondaryDivisor is item 1, the secondary stall test's last divisor.
	// seed: DivideByFrameDt (seed 000 §4 verbatim). ace, hexrays:
	// DivideByCatchUp (ACE InterpolationManager.cs; holtburger). legacy:
	// DivideByNothing (seed 000 §7, "Secondary stall: cumulative /
	// progress_quantum < 0.30").
	SecondaryDivisor SecondaryDivisor

	// PrimaryTest is item 2, MIN_DISTANCE_TO_REACH_POSITION. seed, legacy:
	// PrimaryCumulative (seed 000 §4; seed 000 §7 lists no difference for
	// the prior port). ace: PrimaryNone (ACE InterpolationManager.cs).
	// hexrays: PrimaryReachOnFail (READINGS.md item 2).
	PrimaryTest PrimaryTest

	// Progress is item 3, what progress_quantum accumulates. seed, ace,
	// hexrays: ProgressTime (seed 000 §4, retail line 353140). legacy:
	// ProgressStepLength (seed 000 §7 bug #1).
	Progress ProgressMeasure

	// FarBranchPrearm is item 4: InterpolateTo's far branch sets
	// node_fail_counter = 4 so the next UseTime blips to the tail. seed,
	// ace, hexrays: true (seed 000 §3, retail line 352944; ACE). legacy:
	// false, the body drifts toward the far node (seed 000 §7 bug #3).
	FarBranchPrearm bool

	// PruneLoop is item 5: the near branch removes every tail node within
	// 0.05 m of the new target (true), or compares the last node only
	// (false). seed, ace, hexrays: true (seed 000 §3, retail line 352977;
	// ACE). legacy: false (seed 000 §7 bug #5).
	PruneLoop bool

	// StallPopsHead is item 6: a failed window does node_fail_counter++ and
	// NodeCompleted(0), which pops the head, and UseTime blips once the
	// counter exceeds 3 (true); or the head stays, the window re-baselines,
	// and once the counter exceeds 3 AdjustOffset itself snaps (false): it
	// writes the whole vector to the blip target (the tail, chosen as UseTime
	// would) into the offset — added to the root motion when OverwriteOffset
	// is false — reports a blip and stops interpolating, with no
	// SetPositionSimple, as the prior port returned the snap delta. seed,
	// ace, hexrays: true (seed 000 §4, §5, §6; ACE). legacy: false (seed 000
	// §7, "Stall fail action", "Blip target on threshold").
	StallPopsHead bool

	// OverwriteOffset is item 7: adjust_offset replaces the caller's offset
	// frame, discarding the tick's animation root motion (true), or adds its
	// translation to it (false). seed, ace, hexrays: true (seed 000 §4, "arg2
	// is MUTATED IN PLACE"; ACE "frame = offset"). legacy: false (seed 000
	// §7, the Vector3 delta the caller added).
	OverwriteOffset bool

	// ConstraintOffset is item 8, ConstraintManager's running offset update.
	// seed: ConstraintAssign (the seeds do not say; the only complete public
	// port). ace: ConstraintAssign (ACE ConstraintManager.cs). hexrays:
	// ConstraintAccumulate (holtburger's survey of the Hex-Rays output).
	// legacy: ConstraintAssign.
	ConstraintOffset ConstraintOffsetUpdate

	// ContactGate is item 9: adjust_offset returns at once unless
	// transient_state & 1 (Contact). seed, ace, hexrays: true (seed 000 §4,
	// line 353080; seed 003 §6 sets bit 0 exactly when the contact plane is
	// valid; ACE names it Contact). legacy: false (seed 000 §7, "None").
	ContactGate bool

	// DriveWithStateVelocity is item 11, read by engine, not interp: the
	// remote's body is also driven every tick by get_state_velocity through
	// set_velocity and the Euler step (the prior acdream chain, seed 003
	// §13). seed, ace, hexrays: false (seed 001: walking remotes never call
	// set_velocity). legacy: true.
	DriveWithStateVelocity bool

	// FarBranchHeadingFromArgument is item 12 (found while porting; numbered
	// in docs/readings.md, not in the original survey): which keep_heading the far branch of
	// InterpolateTo reads before overwriting the node's heading with the
	// body's. false: the stored this->keep_heading, which the far branch does
	// not update (seed 004 §4, retail line 352932). true: the call's own
	// argument (ACE InterpolationManager.InterpolateTo). seed, hexrays,
	// legacy: false. ace: true.
	FarBranchHeadingFromArgument bool

	// PosFramesCombineForward is item 13, read by engine for the animation
	// sequence: how CSequence::update_internal applies the pos_frame of each
	// keyframe it crosses. false: subtract1 it playing forward and combine
	// it playing backward (seed 002 §3, §9); a baked forward lunge then moves
	// the body backwards. true: combine forward, subtract backward (ACE
	// Sequence.update_internal). seed, hexrays, legacy: false. ace: true.
	PosFramesCombineForward bool

	// HeadingTurn is item 14: the heading taken in one tick or slerped over
	// the step to the node. Every preset: HeadingInOneTick (seed 000 §4).
	HeadingTurn HeadingTurn

	// RootMotionOffWalkable is item 15, read by engine for physics: root
	// motion also counts off walkable ground (seed 003 §2 row 3b's "possibly
	// dead" reading). Every preset: false, the decompile's zeroing (ACE).
	RootMotionOffWalkable bool

	// DeadbandAfterFriction is item 16, read by engine for physics: the
	// 0.25 m/s deadband tests the speed friction left (seed 003 §4
	// observation 4). Every preset: false, var_28 before friction (row 2c;
	// ACE).
	DeadbandAfterFriction bool

	// InterpolateAtBubbleEdge is item 17, read by engine for physics: an
	// update from exactly 96 m interpolates (seed 001's "> 96" prose).
	// Every preset: false, retail line 284343's "< 96" (seed 004 §3).
	InterpolateAtBubbleEdge bool

	// LeaveGroundVelocity is item 18, read by engine: when a remote leaves
	// walkable ground, MovementManager::LeaveGround reaches
	// CMotionInterp::LeaveGround, which sets the body's velocity to the
	// interpreted state's velocity in the body frame (ACE
	// MotionInterp.LeaveGround, get_leave_ground_velocity with no jump). Every
	// preset: false — seed 001's live trace shows remotes never calling
	// set_velocity (engine/moveto.go).
	LeaveGroundVelocity bool
}

// Validate reports a hand-built Reading whose enumerations are out of range.
func (r *Reading) Validate() error {
	switch {
	case r.SecondaryDivisor > DivideByNothing:
		return fmt.Errorf("interp: reading %q: SecondaryDivisor %d out of range", r.Name, r.SecondaryDivisor)
	case r.PrimaryTest > PrimaryReachOnFail:
		return fmt.Errorf("interp: reading %q: PrimaryTest %d out of range", r.Name, r.PrimaryTest)
	case r.Progress > ProgressStepLength:
		return fmt.Errorf("interp: reading %q: Progress %d out of range", r.Name, r.Progress)
	case r.ConstraintOffset > ConstraintAccumulate:
		return fmt.Errorf("interp: reading %q: ConstraintOffset %d out of range", r.Name, r.ConstraintOffset)
	case r.HeadingTurn > HeadingSlerp:
		return fmt.Errorf("interp: reading %q: HeadingTurn %d out of range", r.Name, r.HeadingTurn)
	}
	return nil
}

// SettingName is the name a Reading field is set and compared by
// (`viewer whatif -set`, the readings' comparison): its Go name in
// snake_case, FarBranchPrearm → far_branch_prearm.
func SettingName(field string) string {
	var b strings.Builder
	for i, r := range field {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
