// Flags: CPhysicsObj::state and ::transient_state with their retail values
// (ACE's PhysicsState and TransientStateFlags enums, Source/ACE.Server/Physics/
// PhysicsObj.cs), and how the seeds' byte-indexed tests map onto them.
//
// Seed 003 reads the decompile's byte accesses literally: state[1] is bits
// 8–15 and transient_state[1] bits 8–15 of the 32-bit field. So:
//
//	state[1] & 0x01           = 0x0100  StateAlignPath (seed: "Hooks?")
//	state[1] & 0x04           = 0x0400  StateGravity
//	state[1] & 0x10           = 0x1000  StateParticleEmitter (seed: "Particle flag")
//	state[1] & 0x40           = 0x4000  StateHidden (seed: "Frozen", see below)
//	state & ScaledVel         =         StateSledding (ACE's reading of the same test)
//	transient_state[1] & 0x01 = 0x0100  TransientCheckEthereal
//	transient_state & 2       = 0x0002  TransientOnWalkable (seed: "Stuck/Active?")
//	transient_state high bit  = 0x0080  TransientActive (the dormant test)
//
// The seed's "Frozen" gate in UpdatePositionInternal (state[1] & 0x40) is bit
// 0x4000, which ACE names Hidden, and ACE's UpdatePositionInternal gates on
// Hidden at that point. ACE's Frozen (0x01000000) is a different bit, tested
// by update_object before UpdateObjectInternal is ever called.

package physics

import "strings"

// PhysicsState is CPhysicsObj::state.
type PhysicsState uint32

// PhysicsState bits (ACE PhysicsState).
const (
	StateStatic                        PhysicsState = 0x00000001
	StateEthereal                      PhysicsState = 0x00000004
	StateReportCollisions              PhysicsState = 0x00000008
	StateIgnoreCollisions              PhysicsState = 0x00000010
	StateNoDraw                        PhysicsState = 0x00000020
	StateMissile                       PhysicsState = 0x00000040
	StatePushable                      PhysicsState = 0x00000080
	StateAlignPath                     PhysicsState = 0x00000100
	StatePathClipped                   PhysicsState = 0x00000200
	StateGravity                       PhysicsState = 0x00000400
	StateLightingOn                    PhysicsState = 0x00000800
	StateParticleEmitter               PhysicsState = 0x00001000
	StateHidden                        PhysicsState = 0x00004000
	StateScriptedCollision             PhysicsState = 0x00008000
	StateHasPhysicsBSP                 PhysicsState = 0x00010000
	StateInelastic                     PhysicsState = 0x00020000
	StateHasDefaultAnim                PhysicsState = 0x00040000
	StateHasDefaultScript              PhysicsState = 0x00080000
	StateCloaked                       PhysicsState = 0x00100000
	StateReportCollisionsAsEnvironment PhysicsState = 0x00200000
	StateEdgeSlide                     PhysicsState = 0x00400000
	StateSledding                      PhysicsState = 0x00800000
	StateFrozen                        PhysicsState = 0x01000000

	// DefaultState is PhysicsGlobals::default_state (ACE): EdgeSlide,
	// LightingOn, Gravity, ReportCollisions.
	DefaultState = StateEdgeSlide | StateLightingOn | StateGravity | StateReportCollisions
)

// TransientState is CPhysicsObj::transient_state.
type TransientState uint32

// TransientState bits (ACE TransientStateFlags).
const (
	// TransientContact is set by SetPositionInternal exactly when the
	// transition found a valid contact plane (seed 003 §6 row 6; READINGS.md
	// item 9 calls it the contact gate).
	TransientContact TransientState = 0x001
	// TransientOnWalkable: the contact plane's normal.z >= FloorZ.
	TransientOnWalkable TransientState = 0x002
	// TransientSliding: the transition reported a sliding normal.
	TransientSliding        TransientState = 0x004
	TransientWaterContact   TransientState = 0x008
	TransientStationaryFall TransientState = 0x010
	TransientStationaryStop TransientState = 0x020
	// TransientStationaryStuck is the third "frames stationary fall" bit
	// (seed 003 §5 row 5: 0x40→3, 0x20→2, 0x10→1).
	TransientStationaryStuck TransientState = 0x040
	// TransientActive is the high bit of the low byte; clear means dormant
	// (seed 003 §1).
	TransientActive        TransientState = 0x080
	TransientCheckEthereal TransientState = 0x100
)

var stateNames = [...]bitName[PhysicsState]{
	{StateStatic, "Static"}, {StateEthereal, "Ethereal"}, {StateReportCollisions, "ReportCollisions"},
	{StateIgnoreCollisions, "IgnoreCollisions"}, {StateNoDraw, "NoDraw"}, {StateMissile, "Missile"},
	{StatePushable, "Pushable"}, {StateAlignPath, "AlignPath"}, {StatePathClipped, "PathClipped"},
	{StateGravity, "Gravity"}, {StateLightingOn, "LightingOn"}, {StateParticleEmitter, "ParticleEmitter"},
	{StateHidden, "Hidden"}, {StateScriptedCollision, "ScriptedCollision"}, {StateHasPhysicsBSP, "HasPhysicsBSP"},
	{StateInelastic, "Inelastic"}, {StateHasDefaultAnim, "HasDefaultAnim"}, {StateHasDefaultScript, "HasDefaultScript"},
	{StateCloaked, "Cloaked"}, {StateReportCollisionsAsEnvironment, "ReportCollisionsAsEnvironment"},
	{StateEdgeSlide, "EdgeSlide"}, {StateSledding, "Sledding"}, {StateFrozen, "Frozen"},
}

var transientNames = [...]bitName[TransientState]{
	{TransientContact, "Contact"}, {TransientOnWalkable, "OnWalkable"}, {TransientSliding, "Sliding"},
	{TransientWaterContact, "WaterContact"}, {TransientStationaryFall, "StationaryFall"},
	{TransientStationaryStop, "StationaryStop"}, {TransientStationaryStuck, "StationaryStuck"},
	{TransientActive, "Active"}, {TransientCheckEthereal, "CheckEthereal"},
}

// String lists the set bits by their ACE names, joined with "|".
func (s PhysicsState) String() string { return joinBitNames(s, stateNames[:]) }

// String lists the set bits by their ACE names, joined with "|".
func (t TransientState) String() string { return joinBitNames(t, transientNames[:]) }

// bitName is one flag bit and its ACE name.
type bitName[T ~uint32] struct {
	bit  T
	name string
}

// joinBitNames lists the bits of v that names name, in the table's order,
// joined with "|"; "0" when none is set.
func joinBitNames[T ~uint32](v T, names []bitName[T]) string {
	var b strings.Builder
	for _, n := range names {
		if v&n.bit != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(n.name)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}
