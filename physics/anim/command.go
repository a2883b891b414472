// Motion commands: the retail MotionCommand values Glidepath's motion tables
// and the recording's motion event name (spec/recording-v1.md, "motion"),
// with their names, parsing and the categories CMotionInterp's interpreted
// state keeps them in (forward, sidestep, turn; seed 002 §5).

package anim

import "fmt"

// Motion is a retail motion command (MotionCommand): a key of a motion
// table and a value of the interpreted state.
type Motion uint8

// Motion commands, by the names the recording format and the motion tables
// use.
const (
	// MotionNone is no command: the sidestep or turn slot is empty
	// (recording name "None").
	MotionNone Motion = iota
	// Ready is the default standing cycle (MotionCommand Ready).
	Ready
	// WalkForward is MotionCommand WalkForward.
	WalkForward
	// RunForward is MotionCommand RunForward.
	RunForward
	// WalkBackward is MotionCommand WalkBackwards.
	WalkBackward
	// SideStepRight is MotionCommand SideStepRight.
	SideStepRight
	// SideStepLeft is MotionCommand SideStepLeft.
	SideStepLeft
	// TurnRight is MotionCommand TurnRight.
	TurnRight
	// TurnLeft is MotionCommand TurnLeft.
	TurnLeft
	// Jump is MotionCommand Jump.
	Jump
	// Attack is a lunging attack action, the motion tables' example of
	// root motion baked into pos_frames (seed 002 §5, last paragraph).
	Attack
	// Wave is an emote action (MotionCommand Wave): played in place.
	Wave

	numMotions
)

var motionNames = [numMotions]string{
	MotionNone:    "None",
	Ready:         "Ready",
	WalkForward:   "WalkForward",
	RunForward:    "RunForward",
	WalkBackward:  "WalkBackward",
	SideStepRight: "SideStepRight",
	SideStepLeft:  "SideStepLeft",
	TurnRight:     "TurnRight",
	TurnLeft:      "TurnLeft",
	Jump:          "Jump",
	Attack:        "Attack",
	Wave:          "Wave",
}

// String returns the command's name as the recording format and the motion
// tables spell it.
func (m Motion) String() string {
	if m < numMotions {
		return motionNames[m]
	}
	return fmt.Sprintf("Motion(%d)", uint8(m))
}

// Valid reports whether m is one of the commands above.
func (m Motion) Valid() bool { return m < numMotions }

// IsForward reports whether m may stand in the interpreted state's forward
// slot: Ready, WalkForward, RunForward or WalkBackward.
func (m Motion) IsForward() bool {
	return m == Ready || m == WalkForward || m == RunForward || m == WalkBackward
}

// IsSidestep reports whether m may stand in the sidestep slot: None,
// SideStepRight or SideStepLeft.
func (m Motion) IsSidestep() bool {
	return m == MotionNone || m == SideStepRight || m == SideStepLeft
}

// IsTurn reports whether m may stand in the turn slot: None, TurnRight or
// TurnLeft.
func (m Motion) IsTurn() bool {
	return m == MotionNone || m == TurnRight || m == TurnLeft
}

// IsAction reports whether m is an action — a motion played once from an
// InterpretedMotionState's action list (CommandMask Action or ChatEmote):
// Jump, Attack or Wave.
func (m Motion) IsAction() bool { return m == Jump || m == Attack || m == Wave }

// ParseMotion returns the command with the given name (exact spelling, as
// String returns it).
func ParseMotion(name string) (Motion, error) {
	for m := range numMotions {
		if motionNames[m] == name {
			return m, nil
		}
	}
	return MotionNone, fmt.Errorf("unknown motion %q", name)
}

// ParseForward parses the recording's forward field: Ready, WalkForward,
// RunForward or WalkBackward.
func ParseForward(name string) (Motion, error) {
	return parseIn(name, "forward", Motion.IsForward)
}

// ParseSidestep parses the recording's sidestep field: None, SideStepRight
// or SideStepLeft.
func ParseSidestep(name string) (Motion, error) {
	return parseIn(name, "sidestep", Motion.IsSidestep)
}

// ParseTurn parses the recording's turn field: None, TurnRight or TurnLeft.
func ParseTurn(name string) (Motion, error) {
	return parseIn(name, "turn", Motion.IsTurn)
}

func parseIn(name, slot string, ok func(Motion) bool) (Motion, error) {
	m, err := ParseMotion(name)
	if err != nil || !ok(m) {
		return MotionNone, fmt.Errorf("%q is not a %s command", name, slot)
	}
	return m, nil
}
