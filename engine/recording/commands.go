// Motion commands: the enumerated command names a motion event may carry
// (Recording v1, "Events", motion row). Each enum's String is the name the
// recording spells.

package recording

// ForwardCommand is the interpreted forward command, after run conversion.
type ForwardCommand uint8

// Forward commands.
const (
	Ready ForwardCommand = iota
	WalkForward
	RunForward
	WalkBackward
)

var forwardNames = [...]string{Ready: "Ready", WalkForward: "WalkForward", RunForward: "RunForward", WalkBackward: "WalkBackward"}

func (c ForwardCommand) String() string {
	if int(c) < len(forwardNames) {
		return forwardNames[c]
	}
	return "ForwardCommand(" + itoa(int(c)) + ")"
}

// SidestepCommand is the interpreted sidestep command.
type SidestepCommand uint8

// Sidestep commands.
const (
	NoSidestep SidestepCommand = iota
	SideStepRight
	SideStepLeft
)

var sidestepNames = [...]string{NoSidestep: "None", SideStepRight: "SideStepRight", SideStepLeft: "SideStepLeft"}

func (c SidestepCommand) String() string {
	if int(c) < len(sidestepNames) {
		return sidestepNames[c]
	}
	return "SidestepCommand(" + itoa(int(c)) + ")"
}

// TurnCommand is the interpreted turn command.
type TurnCommand uint8

// Turn commands.
const (
	NoTurn TurnCommand = iota
	TurnRight
	TurnLeft
)

var turnNames = [...]string{NoTurn: "None", TurnRight: "TurnRight", TurnLeft: "TurnLeft"}

func (c TurnCommand) String() string {
	if int(c) < len(turnNames) {
		return turnNames[c]
	}
	return "TurnCommand(" + itoa(int(c)) + ")"
}

// lookupName returns the index of s in names, or -1.
func lookupName(names []string, s []byte) int {
	for i, n := range names {
		if string(s) == n {
			return i
		}
	}
	return -1
}
