// Events: the typed form of a recording's event lines (Recording v1,
// "Events"). One value struct with a Kind and per-kind payload fields, so a
// driver iterates a []Event without interface dispatch or allocation.

package recording

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// Kind is an event's type. String returns the recording's type name.
type Kind uint8

// The event kinds of Recording v1.
const (
	// KindPosition is an UpdatePosition 0xF748 (seed 004).
	KindPosition Kind = iota + 1
	// KindMotion is the decoded subset of an UpdateMotion 0xF74C.
	KindMotion
	// KindVector is a VectorUpdate 0xF74E.
	KindVector
	// KindCreate is a CreateObject.
	KindCreate
	// KindDelete is a DeleteObject.
	KindDelete
	// KindObserver says the local player moved.
	KindObserver
	// KindTruth is the server-side truth of an object; never delivered to
	// the client pipeline.
	KindTruth
	// KindNote is an annotation shown on the timeline.
	KindNote
)

var kindNames = [...]string{
	KindPosition: "position",
	KindMotion:   "motion",
	KindVector:   "vector",
	KindCreate:   "create",
	KindDelete:   "delete",
	KindObserver: "observer",
	KindTruth:    "truth",
	KindNote:     "note",
}

func (k Kind) String() string {
	if k >= 1 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// kindOf returns the kind named s, or 0.
func kindOf(s []byte) Kind {
	for k := KindPosition; int(k) < len(kindNames); k++ {
		if string(s) == kindNames[k] {
			return k
		}
	}
	return 0
}

// Event is one event line. Kind says which payload fields are meaningful;
// the others are zero.
type Event struct {
	// T is the receive time in seconds since the recording started.
	T    float64
	Kind Kind
	// Line is the 1-based line the event was read from (0 for an event built
	// in memory). Writers ignore it.
	Line int
	// GUID is the object the event is about: for create it is Entity.GUID;
	// for note it is meaningful only when HasGUID; observer has none.
	GUID uint32
	// HasGUID is true for every kind but observer, and for a note only when
	// it names an object.
	HasGUID bool

	// Update is the decoded UpdatePosition (position). The reader sets
	// Update.GUID to GUID; the writer writes GUID and ignores Update.GUID.
	Update UpdatePosition
	// Raw says the position event was given as raw message bytes; the writer
	// then writes it as raw bytes again (re-encoded from Update).
	Raw bool
	// Motion is the motion state (motion).
	Motion Motion
	// Vector is the velocity update (vector).
	Vector Vector
	// Entity is the created object (create).
	Entity *Entity
	// Pos is the observer's position (observer) or the server-side truth
	// (truth). An observer position has the identity rotation.
	Pos physics.Position
	// Text is the annotation (note).
	Text string
	// Client is what a player's own client sent with a truth position it
	// reported (truth joined from that client's capture, -truth-from);
	// zero for any other truth.
	Client ClientReport
}

// ClientReport is a position as the player's own client reported it to the
// server: the game action it came in (MoveToState 0xF61C or
// AutonomousPosition 0xF753), the stamps the client sent with it and its
// contact flag (ACE MoveToState.cs, GameActionAutonomousPosition.cs: after
// the Position, u16 instance, server-control, teleport and force-position
// stamps, then a byte whose bit 0 is contact and, in MoveToState, bit 1 the
// standing long jump).
type ClientReport struct {
	// Action is ActionMoveToState or ActionAutonomousPosition; 0 says the
	// truth carries no client report (a scenario's, or an older recording's).
	Action uint16
	Seq    ClientSeq
	// Contact is the client's contact flag: the body was on the ground.
	Contact bool
	// LongJump is MoveToState's standing-long-jump bit.
	LongJump bool
}

// The game actions a client reports its position in.
const (
	ActionMoveToState        = 0xF61C
	ActionAutonomousPosition = 0xF753
)

// ClientSeq are the stamps a client sends with its position: the ones it
// last received from the server for its own object.
type ClientSeq struct {
	Instance, ServerControl, Teleport, ForcePosition uint16
}

// clientActions name ClientReport.Action in a recording.
var clientActions = [...]struct {
	action uint16
	name   string
}{
	{ActionMoveToState, "move_to_state"},
	{ActionAutonomousPosition, "autonomous_position"},
}

// clientActionName returns the recording's name of a client action ("" for
// none).
func clientActionName(a uint16) string {
	for _, c := range clientActions {
		if c.action == a {
			return c.name
		}
	}
	return ""
}

// Motion is the decoded subset of an UpdateMotion (0xF74C) a motion event
// carries: the interpreted commands (after run conversion) and speeds.
type Motion struct {
	Forward       ForwardCommand
	ForwardSpeed  float32
	Sidestep      SidestepCommand
	SidestepSpeed float32
	Turn          TurnCommand
	TurnSpeed     float32
	// HasRunRate says whether the event sets my_run_rate to RunRate.
	HasRunRate bool
	RunRate    float32
	// MovingTo is what CPhysicsObj::IsMovingTo returns (seed 004 §6).
	MovingTo bool
	// MovementType is the message's movement type; the interpreted fields
	// above and the actions are meaningful for InterpretedCommand only.
	MovementType MovementType
	// Target is the object a MoveToObject or TurnToObject names, or
	// ObserverTarget for the recording's observer (the local player, whom
	// monsters chase; the JSON form is "observer").
	Target uint32
	// Sticky is MovementParameters' sticky flag of a MoveToObject: on
	// arrival the mover sticks to the target (StickyManager).
	Sticky bool
	// Actions[:NumActions] is the InterpretedMotionState's action list;
	// Actions is nil when the message carries none. Held out of line so an
	// event without actions (nearly all) stays small.
	Actions    *[MaxActions]Action
	NumActions uint8
	// MoveTo is the MovementParameters a move-to message carries (its
	// MoveToParameters or TurnToParameters, defaults for the fields the
	// event leaves out) and MoveToPosition's destination. It is nil for
	// an interpreted state, and for a MoveToObject that names none of
	// those fields — how one was written before they were carried, which
	// keeps its earlier meaning (docs/formats.md "Movement types"). Held
	// out of line, like Actions.
	MoveTo *MoveToParams
	// Seq is the stamps the message came with (UpdateMotion's instance
	// stamp, MovementData's movement and server-control stamps); HasSeq
	// says the event carries them. An event without them is applied
	// ungated, as before they were carried.
	Seq    MotionSeq
	HasSeq bool
	// Autonomous is MovementData's autonomous byte: the motion is the
	// object's own client's, not the server's.
	Autonomous bool
	// StickTo is the object an interpreted UpdateMotion sticks the mover
	// to (MotionFlags StickToObject, 0x1), or ObserverTarget; 0 for none.
	StickTo uint32
}

// MotionSeq holds the stamps an UpdateMotion carries (ACE
// Network/Motion/MovementData.cs; the instance stamp from
// GameMessageUpdateMotion.cs).
type MotionSeq struct {
	Instance      uint16
	Movement      uint16
	ServerControl uint16
}

// MoveToParams is what a move-to UpdateMotion carries besides its target
// (ACE Network/Motion MoveToParameters, TurnToParameters, Origin).
type MoveToParams struct {
	// Flags is the MovementParams bit set (sticky is bit 0x80).
	Flags uint32
	// Distance is distance_to_object; MinDistance, FailDistance and
	// WalkRunThreshold as named. A TurnTo carries none of these four.
	Distance, MinDistance, FailDistance, WalkRunThreshold float32
	// Speed scales the walk, run or turn.
	Speed float32
	// DesiredHeading is the final heading (MoveTo with UseFinalHeading,
	// TurnToHeading), degrees.
	DesiredHeading float32
	// Position is MoveToPosition's destination (cell and origin).
	Position physics.Position
}

// Move-to defaults: what MoveToParameters.SetDefaults gives (ACE
// Network/Motion/MoveToParameters.cs).
const (
	DefaultMoveFlags        uint32  = 0x1EE0F
	DefaultMoveDistance     float32 = 0.6
	DefaultMoveFailDistance float32 = math.MaxFloat32
	DefaultWalkRunThreshold float32 = 15
	// MoveFlagsKnown is every MovementParams bit; others are bad input.
	MoveFlagsKnown uint32 = 0x3FFFF
	// MoveFlagSticky is MovementParams' sticky bit.
	MoveFlagSticky uint32 = 0x80
	// MoveFlagUseFinalHeading is MovementParams' use_final_heading bit.
	MoveFlagUseFinalHeading uint32 = 0x40
)

// DefaultMoveToParams returns the parameters a move-to message gives when
// it sets none of its own.
func DefaultMoveToParams() MoveToParams {
	return MoveToParams{Flags: DefaultMoveFlags, Distance: DefaultMoveDistance,
		FailDistance: DefaultMoveFailDistance, WalkRunThreshold: DefaultWalkRunThreshold, Speed: 1}
}

// MaxActions is the longest action list a motion event may carry: an
// interpreted state holds at most six actions (ACE MotionInterp.DoMotion
// refuses the next with TooManyActions).
const MaxActions = 6

// Action is one MotionItem of an InterpretedMotionState's action list: the
// command, its 15-bit action stamp, its speed and the autonomous flag (the
// stamp's top bit on the wire).
type Action struct {
	Command    ActionCommand
	Stamp      uint16
	Speed      float32
	Autonomous bool
}

// ActionList returns the motion's actions.
func (m *Motion) ActionList() []Action {
	if m.Actions == nil {
		return nil
	}
	return m.Actions[:m.NumActions]
}

// NewMotion returns a motion with the Recording v1 defaults: Ready, None,
// None, every speed 1, no run rate, not moving to.
func NewMotion() Motion {
	return Motion{ForwardSpeed: 1, SidestepSpeed: 1, TurnSpeed: 1}
}

// VectorSeq holds the stamps a VectorUpdate carries.
type VectorSeq struct {
	Instance uint16
	Vector   uint16
}

// Vector is a VectorUpdate (0xF74E): the object's velocity and angular
// velocity.
type Vector struct {
	Velocity mgl32.Vec3
	Omega    mgl32.Vec3
	Seq      VectorSeq
}

// Seq is an entity's update_times at creation (the five stamps Recording v1
// lets a header or create entity set).
type Seq struct {
	Instance      uint16
	Position      uint16
	Teleport      uint16
	ForcePosition uint16
	Vector        uint16
}

// Defaults for an entity's optional fields (Recording v1, "Header").
const (
	// DefaultRadius is an entity's radius when the recording gives none (m).
	DefaultRadius = 0.35
	// DefaultHeight is an entity's height when the recording gives none (m).
	DefaultHeight = 1.8
	// DefaultMotionTable is the motion table an entity uses when the
	// recording names none.
	DefaultMotionTable = "humanoid"
	// DefaultTickRate is the tick rate when the header gives none (Hz).
	DefaultTickRate = 30
	// MinTickRate and MaxTickRate bound the header's tick_rate.
	MinTickRate = 1
	MaxTickRate = 240
	// MaxSeconds bounds an event's time t, and so a run's length: 48
	// hours, far past any capture, short enough that tick numbers stay
	// small. The engine checks it when a run starts (engine.MaxRunSeconds);
	// a client trace's t and the synthetic crowd's length share it.
	MaxSeconds = 48 * 3600
)

// Entity is an object that exists at t = 0 (header) or is created (create).
type Entity struct {
	GUID uint32
	Name string
	Pos  physics.Position
	Seq  Seq
	// HasMotion says the object has a motion interpreter; without one the
	// catch-up speed falls back to 7.5 m/s (READINGS.md item 10).
	HasMotion bool
	// RunRate is the motion interpreter's my_run_rate (default 1).
	RunRate     float32
	Radius      float32
	Height      float32
	MotionTable string
	// Setup is the object's Setup dat id (0x02XXXXXX; 0 = none): with the
	// client's dat files its shape gives the body's radius and height
	// (docs/world.md).
	Setup uint32
	// MotionTableID is the object's MotionTable dat id (0x09XXXXXX; 0 =
	// none), written as "motion_table": "0x09XXXXXX". With dat files it
	// replaces MotionTable; without them, or where the dats lack it,
	// MotionTable (the shipped default) plays.
	MotionTableID uint32
	// Parent is the object that holds this one (a CreateObject's
	// PhysicsDesc parent: a wielded weapon, a shield), 0 for none, and
	// ParentLocation where it is held (ACE ParentLocation: 1 right hand,
	// 2 left hand, 3 shield …). A held object moves with its holder and is
	// never simulated on its own.
	Parent         uint32
	ParentLocation uint32
	// Static says the object is part of the world (a door, a chest, a
	// portal): it never moves and is not simulated as a remote.
	Static bool
}

// Dat id types of an entity's setup and motion_table (the id's top byte).
const (
	DatSetupType       = 0x02
	DatMotionTableType = 0x09
)

// NewEntity returns an entity at pos with the Recording v1 defaults: no
// motion interpreter, run rate 1, radius 0.35 m, height 1.8 m, the humanoid
// motion table.
func NewEntity(guid uint32, pos physics.Position) Entity {
	return Entity{
		GUID: guid, Pos: pos, RunRate: 1,
		Radius: DefaultRadius, Height: DefaultHeight, MotionTable: DefaultMotionTable,
	}
}

// TerrainKind says what the ground is.
type TerrainKind uint8

const (
	// TerrainFlat is a flat plane at Terrain.Z.
	TerrainFlat TerrainKind = iota
	// TerrainAsset is a terrain shipped in assets/, named by Terrain.Name.
	TerrainAsset
)

func (k TerrainKind) String() string {
	switch k {
	case TerrainFlat:
		return "flat"
	case TerrainAsset:
		return "asset"
	}
	return "TerrainKind(" + itoa(int(k)) + ")"
}

// Terrain is the header's terrain.
type Terrain struct {
	Kind TerrainKind
	// Z is the height of a flat terrain.
	Z float32
	// Name names an asset terrain.
	Name string
	// Obstacles are static obstacles placed in addition to whatever the
	// terrain asset places: a Glidepath extension of the header's terrain
	// object ("obstacles", the JSON array terrainjson.ParseObstacles reads;
	// docs/formats.md). Readers that do not know it ignore it.
	Obstacles []physics.Obstacle
	// ServerFloor ("floor": "server", a Glidepath extension written by a
	// capture's import) asks for the stand-in floor where the world has no
	// ground under a body: per cell, the height the server last put a body
	// at (physics/floors.go; docs/real-sessions.md). Readers that do not
	// know it ignore it.
	ServerFloor bool
}

// Format and version a recording's header must name.
const (
	FormatName = "glidepath-recording"
	Version    = 1
)

// Header is a recording's first line. Format and version are checked by the
// reader and written by the writer; they are not stored.
type Header struct {
	// TickRate is physics ticks per second, 1–240 (default 30).
	TickRate int
	// HasObserver says whether Observer, the local player's position, was
	// given. Without it every object's player_distance is 0.
	HasObserver bool
	Observer    physics.Position
	Terrain     Terrain
	// Entities are the objects that exist at t = 0, in header order.
	Entities []Entity
}

// NewHeader returns a header with the defaults: 30 ticks per second, no
// observer, flat terrain at z 0, no entities.
func NewHeader() Header {
	return Header{TickRate: DefaultTickRate}
}

// itoa formats a small int without fmt.
func itoa(v int) string {
	var b [20]byte
	return string(appendInt(b[:0], int64(v)))
}

// AppendEvent appends ev as its Recording v1 line, without the newline:
// the line Writer.Write writes (the imported-events table's detail).
func AppendEvent(b []byte, ev *Event) []byte { return appendEvent(b, ev) }
