// Constants: the retail physics globals and distance thresholds the physics
// object uses, in one table (DESIGN.md "Faithfulness"). Values are from the
// seeds where they give them (001 thresholds, 003 pipeline, 004 routing) and
// otherwise from ACE's PhysicsGlobals.cs, which names its source for each.
// The reading switches of the physics object's own code (Choices) follow.

package physics

// Retail physics globals (PhysicsGlobals).
const (
	// Gravity is PhysicsGlobals::gravity, m/s² along +Z (seed 003 §4
	// "acceleration.z = PhysicsGlobals::gravity"; ACE −9.8).
	Gravity float32 = -9.8
	// FloorZ is PhysicsGlobals::floor_z, the cosine of the steepest walkable
	// slope (seed 003 §6: ≈ cos 49°). A contact plane with normal.z below it
	// is not walkable.
	FloorZ float32 = 0.66417414
	// LandingZ is PhysicsGlobals::landing_z: the smallest normal.z an airborne
	// body accepts as a contact plane when it lands (ACE; used by the
	// transition, docs/collision.md).
	LandingZ float32 = 0.0871557
	// MaxVelocity is max_velocity, the speed cap (seed 001 "max_velocity 50",
	// seed 003 §4 row 2a).
	MaxVelocity float32 = 50
	// SmallVelocity is the deadband below which UpdatePhysicsInternal zeroes
	// the velocity (seed 003 §4 row 2c: v² < 0.25² + F_EPSILON).
	SmallVelocity float32 = 0.25
	// Epsilon is F_EPSILON (PhysicsGlobals::EPSILON, 0.0002).
	Epsilon float32 = 0.0002
	// DefaultFriction is PhysicsGlobals::default_friction (ACE 0.95).
	DefaultFriction float32 = 0.95
	// DefaultElasticity is PhysicsGlobals::default_elasticity (ACE 0.05).
	DefaultElasticity float32 = 0.05
	// DefaultScale is m_scale's default (ACE 1).
	DefaultScale float32 = 1
)

// Distance thresholds on the routing and placement paths (seed 001, seed 004).
const (
	// MaxPhysicsDistance is MAX_PHYSICS_DISTANCE, the 96 m bubble inside
	// which MoveOrTeleport interpolates instead of slide-snapping (seed 001
	// Question 1, seed 004 §3).
	MaxPhysicsDistance float32 = 96
	// CreatureOutsideBlipDistance is CREATURE_OUTSIDE_BLIP_DISTANCE (seed 001).
	CreatureOutsideBlipDistance float32 = 100
	// CreatureInsideBlipDistance is CREATURE_INSIDE_BLIP_DISTANCE (seed 001).
	CreatureInsideBlipDistance float32 = 20
	// PlayerOutsideBlipDistance is PLAYER_OUTSIDE_BLIP_DISTANCE (seed 001).
	PlayerOutsideBlipDistance float32 = 100
	// PlayerInsideBlipDistance is PLAYER_INSIDE_BLIP_DISTANCE (seed 001).
	PlayerInsideBlipDistance float32 = 25

	// The constraint distances (seed 001 "Constraint distances"): players and
	// creatures share the values. ACE's GetStartConstraintDistance returns 5
	// outdoors and 10 indoors, the reverse of seed 001; the seed's live
	// values are used here.

	// OutsideConstraintDistanceStart is *_OUTSIDE_CONSTRAINT_DISTANCE_START.
	OutsideConstraintDistanceStart float32 = 10
	// OutsideConstraintDistanceMax is *_OUTSIDE_CONSTRAINT_DISTANCE_MAX.
	OutsideConstraintDistanceMax float32 = 50
	// InsideConstraintDistanceStart is *_INSIDE_CONSTRAINT_DISTANCE_START.
	InsideConstraintDistanceStart float32 = 5
	// InsideConstraintDistanceMax is *_INSIDE_CONSTRAINT_DISTANCE_MAX.
	InsideConstraintDistanceMax float32 = 20
)

// Body shape defaults. Radius and height are the recording format's entity
// defaults (spec/recording-v1.md); retail reads all four from the object's
// Setup in the dat, which Glidepath does not have, so the step heights are a
// project choice, not retail data.
const (
	DefaultRadius         float32 = 0.35
	DefaultHeight         float32 = 1.8
	DefaultStepUpHeight   float32 = 0.4
	DefaultStepDownHeight float32 = 0.4
)

// Choices: the places where the seeds' text supports more than one reading
// of the physics object's own code (docs/readings.md items 14–18). Engine
// sets them from interp.Reading; the zero value is the decompile's reading,
// which every preset uses.

// Choices are the physics-side reading switches.
type Choices struct {
	// RootMotionOffWalkable keeps the tick's animation root motion when the
	// body is not on walkable ground. false: UpdatePositionInternal row 3b
	// zeroes the offset frame's origin off walkable ground (seed 003 §2; ACE
	// reads the same lines as offsetFrame.Origin). true: the seed's other
	// reading of those lines, "possibly dead/diagnostic code", under which
	// a remote running off a ledge keeps running in the air.
	RootMotionOffWalkable bool
	// DeadbandAfterFriction measures the 0.25 m/s deadband on the speed
	// friction left. false: the v² taken before calc_friction (seed 003 §4
	// row 2c, var_28; ACE). true: seed 003 §4 observation 4, "applies AFTER
	// friction".
	DeadbandAfterFriction bool
	// InterpolateAtBubbleEdge sends an update from exactly 96 m down the
	// interpolate branch. false: player_distance < 96 interpolates, so 96.0
	// slide-snaps (seed 004 §3, retail line 284343). true: only beyond 96 m
	// slides (seed 001's prose, "> 96").
	InterpolateAtBubbleEdge bool
}
