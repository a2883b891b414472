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

// ActionCommand is a command of a motion event's action list: a motion
// played once (Recording v1 extension, docs/formats.md "motion actions").
type ActionCommand uint8

// Action commands, by the names the motion tables use.
const (
	ActionJump ActionCommand = iota + 1
	ActionAttack
	ActionWave
)

// actionCommands names each action command and gives the retail
// MotionCommand it stands for (ACE MotionCommand.cs: Jump 0x2500003B,
// AttackHigh1 0x10000062, Wave 0x13000087). A recording may give the name,
// the 32-bit MotionCommand or its low 16 bits (what UpdateMotion's
// MotionItem carries).
var actionCommands = [...]struct {
	name string
	id   uint32
}{
	ActionJump:   {"Jump", 0x2500003B},
	ActionAttack: {"Attack", 0x10000062},
	ActionWave:   {"Wave", 0x13000087},
}

func (c ActionCommand) String() string {
	if c >= ActionJump && int(c) < len(actionCommands) {
		return actionCommands[c].name
	}
	return "ActionCommand(" + itoa(int(c)) + ")"
}

// MotionCommand is the retail MotionCommand the action stands for.
func (c ActionCommand) MotionCommand() uint32 {
	if c >= ActionJump && int(c) < len(actionCommands) {
		return actionCommands[c].id
	}
	return 0
}

// actionByName returns the action command called s, or 0.
func actionByName(s []byte) ActionCommand {
	for c := ActionJump; int(c) < len(actionCommands); c++ {
		if string(s) == actionCommands[c].name {
			return c
		}
	}
	return 0
}

// ActionCommandByID returns the action command whose retail MotionCommand
// is id — the 32-bit value, or its low 16 bits as UpdateMotion's MotionItem
// carries them — or 0 when a motion event cannot carry it.
func ActionCommandByID(id uint32) ActionCommand { return actionByID(id) }

// actionByID returns the action command whose MotionCommand is id, or whose
// low 16 bits are id when id fits 16 bits; 0 when none.
func actionByID(id uint32) ActionCommand {
	for c := ActionJump; int(c) < len(actionCommands); c++ {
		full := actionCommands[c].id
		if id == full || id <= 0xFFFF && id == full&0xFFFF {
			return c
		}
	}
	return 0
}

// MovementType is an UpdateMotion's movement type (ACE MovementType): the
// interpreted state, or one of the move-to kinds MoveToManager runs.
type MovementType uint8

// Movement types a motion event may name. The zero value is the
// interpreted state every motion event carried before movement_type.
const (
	InterpretedCommand MovementType = iota
	MoveToObject
	MoveToPosition
	TurnToObject
	TurnToHeading
)

var movementTypeNames = [...]string{
	InterpretedCommand: "InterpretedCommand",
	MoveToObject:       "MoveToObject",
	MoveToPosition:     "MoveToPosition",
	TurnToObject:       "TurnToObject",
	TurnToHeading:      "TurnToHeading",
}

func (t MovementType) String() string {
	if int(t) < len(movementTypeNames) {
		return movementTypeNames[t]
	}
	return "MovementType(" + itoa(int(t)) + ")"
}

// WireValue is the type's value in MovementData (ACE MovementType:
// InterpretedCommand 2 as Glidepath reads it, MoveToObject 6,
// MoveToPosition 7, TurnToObject 8, TurnToHeading 9). A message of type 0
// (Invalid) carries the interpreted state too.
func (t MovementType) WireValue() uint8 {
	switch t {
	case MoveToObject:
		return 6
	case MoveToPosition:
		return 7
	case TurnToObject:
		return 8
	case TurnToHeading:
		return 9
	}
	return 0
}

// ObserverTarget is a move-to's Target when it is the recording's
// observer: the local player, who is no object of the recording (its
// positions are the observer events). A MoveToObject or TurnToObject toward
// the player — a monster chasing it, the commonest move-to of a capture —
// follows the observer's position. The guid is reserved: a numeric target
// with this value is refused, so the one spelling is "observer".
const ObserverTarget uint32 = 0xFFFFFFFF

// NeedsTarget reports whether the type names an object (MoveToObject,
// TurnToObject).
func (t MovementType) NeedsTarget() bool { return t == MoveToObject || t == TurnToObject }

// movementTypeByName returns the type called s; "TurnToPosition" is
// accepted for TurnToHeading (the same message type 9). ok is false when
// none.
func movementTypeByName(s []byte) (MovementType, bool) {
	if string(s) == "TurnToPosition" {
		return TurnToHeading, true
	}
	for i, n := range movementTypeNames {
		if string(s) == n {
			return MovementType(i), true
		}
	}
	return 0, false
}
