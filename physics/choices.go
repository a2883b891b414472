// Choices: the places where the seeds' text supports more than one reading
// of the physics object's own code (docs/readings.md items 14–18). Engine
// sets them from interp.Reading; the zero value is the decompile's reading,
// which every preset uses.

package physics

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
