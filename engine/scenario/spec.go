// Scenario model: the checked, typed form of a scenario file that the
// compiler runs. Parsing (parse*.go) builds it and reports every problem with
// its place in the file; compiling (compile.go) only reads it.

package scenario

import (
	"glidepath/engine/recording"
	"glidepath/physics"
)

// Scenario is a parsed and checked scenario, ready to compile.
type Scenario struct {
	// Name is the file name the scenario was read from; it names the
	// compiled recording and prefixes every error.
	Name string
	// Description says what the scenario teaches.
	Description string
	// TickRate is the physics tick rate of server and client (Hz).
	TickRate int
	// Seed seeds the network model and the crowds.
	Seed uint64
	// Duration is how long the scenario runs (s).
	Duration float64

	// at and durationAt are where the file starts and where duration is,
	// for errors about the whole scenario.
	at, durationAt loc

	landblock uint16
	terrain   terrainSpec
	ground    *physics.Terrain
	observer  *observerSpec
	notes     []noteSpec
	remotes   []*remoteSpec
	// noTruth: write no truth events (synthetic crowds, whose truth would
	// dwarf their updates).
	noTruth bool
	expect  []Expectation
}

// point is a place on the ground: metres east (x) and north (y) of the
// scenario landblock's south-west corner. It may lie in another landblock.
type point struct{ x, y float64 }

// terrainSpec is the header's terrain.
type terrainSpec struct {
	asset bool
	z     float64 // flat
	name  string  // asset
	// obstacles are inline obstacles, in the scenario landblock.
	obstacles []physics.Obstacle
}

// observerSpec is the local player: where it stands and how it moves.
type observerSpec struct {
	loc
	start   point
	indoor  uint16
	every   int
	runRate float64
	script  []action
}

// noteSpec is an annotation at a time, optionally about one remote.
type noteSpec struct {
	loc
	t       float64
	text    string
	guid    uint32
	hasGUID bool
}

// remoteSpec is one remote object: its entity, its cadence, its network and
// its script.
type remoteSpec struct {
	loc
	guid        uint32
	name        string
	start       point
	heading     float64
	indoor      uint16
	motionTable string
	hasMotion   bool
	runRate     float64
	radius      float64
	height      float64
	instance    uint16
	cadence     cadence
	net         network
	script      []action
	// turnRate is degrees per second at turn speed 1, read from the motion
	// table's TurnRight omega.
	turnRate float64
}

// cadence is when the server sends UpdatePosition for a remote.
type cadence struct {
	onChange bool
	// interval and phase: sends at phase, phase + interval, … (s).
	interval, phase float64
	// minInterval and heartbeat (on change): at most one send per
	// minInterval; a send at least every heartbeat even when nothing
	// changed (0: never).
	minInterval, heartbeat float64
}

// network is what happens to the messages between server and client.
type network struct {
	latency, jitter          float64
	loss, duplicate, reorder float64
	// reorderDelay is the extra delay of a reordered update; without
	// hasReorderDelay it is DefaultReorderFactor × the send interval.
	reorderDelay    float64
	hasReorderDelay bool
	outages         []outage
}

// outage is a window of receive time in which nothing arrives: what would
// have arrived is held and arrives at its end (the burst), or is lost when
// drop is set (reliable messages are held either way).
type outage struct {
	from, to float64
	drop     bool
}

// actionKind is a script step's verb.
type actionKind uint8

const (
	actWalkTo actionKind = iota + 1
	actRunTo
	actStrafe
	actTurnTo
	actPath
	actJump
	actTeleportTo
	actBlipTo
	actStop
	actWait
	actAirborne
	actAttack
	actEmote
	actStickTo
	actMoveTo
	actTurnToObject
	actTurnToHeading

	// actLast is the last verb.
	actLast = actTurnToHeading
)

// actionNames are the verbs as the file spells them, indexed by kind.
var actionNames = [...]string{
	actWalkTo:     "walk_to",
	actRunTo:      "run_to",
	actStrafe:     "strafe",
	actTurnTo:     "turn_to",
	actPath:       "path",
	actJump:       "jump",
	actTeleportTo: "teleport_to",
	actBlipTo:     "blip_to",
	actStop:       "stop",
	actWait:       "wait",
	actAirborne:   "airborne_updates",
	actAttack:     "attack",
	actEmote:      "emote",
	actStickTo:    "stick_to",
	actMoveTo:     "move_to",
	// turn_to turns the server's truth; these send the client's
	// TurnToObject and TurnToHeading move-to types instead.
	actTurnToObject:  "turn_to_object",
	actTurnToHeading: "turn_to_heading",
}

func (k actionKind) String() string {
	if int(k) < len(actionNames) && actionNames[k] != "" {
		return actionNames[k]
	}
	return "action"
}

// action is one script step.
type action struct {
	loc
	kind actionKind
	// target: walk_to, run_to, teleport_to, blip_to.
	target point
	// waypoints, loop and laps (0: forever): path.
	waypoints []point
	loop      bool
	laps      int
	// run: path runs instead of walking.
	run bool
	// speed: the motion's speed multiplier (walk, run, strafe, turn, path).
	speed float64
	// backward: walk_to walks backwards, facing away from the target.
	backward bool
	// movingTo: what the motion events say IsMovingTo answers.
	movingTo bool
	// heading: turn_to's goal; teleport_to and blip_to when hasHeading.
	heading    float64
	hasHeading bool
	// right: strafe's direction.
	right bool
	// duration: strafe and wait (s).
	duration float64
	// vz and forward: jump's vertical and forward speeds (m/s).
	vz, forward float64
	// on: airborne_updates.
	on bool
	// emote: emote's action name (the recording's action command).
	emote recording.ActionCommand
	// stickTo: stick_to's target remote, and move_to's when it names one
	// (else move_to goes to target).
	stickTo uint32
	// sticky and distance: move_to's sticky flag and distance_to_object
	// (hasDistance: given).
	sticky      bool
	distance    float64
	hasDistance bool
	// note is shown on the timeline when the step starts.
	note string
}
