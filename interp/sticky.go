// StickyManager: the planar pull that keeps a body a fixed standoff from a
// target object, and the 1 s timeout (ACE StickyManager.cs; seed 003 §10
// names it between interpolation and constraint). Remotes rarely use it, but
// adjust_offset's stall window is skipped while a sticky target is set
// (seed 000 §4, get_sticky_object_id).

package interp

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// ObjectLookup is how the StickyManager finds its target (retail reaches it
// through the object maintainer and the TargetManager's updates). engine
// provides it; without one, sticking does nothing.
type ObjectLookup interface {
	// StickyTarget reports the target object's current position; ok is
	// false when the object is not known.
	StickyTarget(guid uint32) (pos physics.Position, ok bool)
}

// RadiusBody is implemented by a Body that knows its cylinder radius
// (CPhysicsObj::GetRadius). The sticky standoff is measured between the two
// cylinders; a Body without it counts as radius 0.
type RadiusBody interface {
	Radius() float32
}

// StickyState is StickyManager's data (ACE StickyManager.cs).
type StickyState struct {
	// TargetID is target_id; 0 means not stuck.
	TargetID uint32
	// TargetRadius is the target's cylinder radius given to StickTo.
	TargetRadius float32
	// TargetPosition is the target's last known position (what
	// HandleUpdateTarget stashes).
	TargetPosition physics.Position
	// Initialized is true once the target's position is known.
	Initialized bool
	// TimeoutTime is sticky_timeout_time, on the position manager's clock.
	TimeoutTime float64
}

// StickyManager is retail's StickyManager.
type StickyManager struct {
	st     StickyState
	body   Body
	lookup ObjectLookup
}

// State returns the sticky data.
func (s *StickyManager) State() StickyState { return s.st }

// TargetID is the sticky object id (0 when none).
func (s *StickyManager) TargetID() uint32 { return s.st.TargetID }

// stickTo is StickyManager::StickTo: replace any target, arm the 1 s timeout
// from now, and (standing in for set_target and the first
// HandleUpdateTarget) stash the target's position if the lookup knows it.
func (s *StickyManager) stickTo(guid uint32, radius float32, now float64) {
	if s.st.TargetID != 0 {
		s.clearTarget()
	}
	if guid == 0 || !finite(radius) {
		return
	}
	s.st.TargetID = guid
	s.st.Initialized = false
	s.st.TargetRadius = radius
	s.st.TimeoutTime = now + StickyTime
	s.refreshTarget()
}

// refreshTarget is HandleUpdateTarget with an OK status: stash the target's
// current position.
func (s *StickyManager) refreshTarget() {
	if s.lookup == nil {
		return
	}
	if p, ok := s.lookup.StickyTarget(s.st.TargetID); ok && finitePosition(&p) {
		s.st.TargetPosition = p
		s.st.Initialized = true
	}
}

// clearTarget is StickyManager::ClearTarget.
func (s *StickyManager) clearTarget() {
	if s.st.TargetID == 0 {
		return
	}
	s.st.TargetID = 0
	s.st.Initialized = false
}

// useTime is StickyManager::UseTime: clear the target once the timeout has
// passed.
func (s *StickyManager) useTime(now float64) {
	if now > s.st.TimeoutTime {
		s.clearTarget()
	}
}

// AdjustOffset is StickyManager::adjust_offset: overwrite the offset with a
// planar step toward the target, at max_speed × 5 (15 m/s when that is below
// F_EPSILON or there is no motion interpreter), stopping 0.3 m short of the
// target's cylinder, plus the turn to face it.
func (s *StickyManager) AdjustOffset(offset *physics.Frame, dt float64) {
	if s.body == nil || s.st.TargetID == 0 || !s.st.Initialized || offset == nil {
		return
	}
	if !(dt > 0) || math.IsInf(dt, 0) {
		return
	}
	s.refreshTarget()
	target := s.st.TargetPosition
	bp := s.body.Position()
	g := bp.Offset(&target)
	local := bp.Frame.GlobalToLocalVec(g)
	local[2] = 0

	var selfRadius float32
	if rb, ok := s.body.(RadiusBody); ok {
		selfRadius = rb.Radius()
	}
	planar := float32(math.Hypot(float64(g[0]), float64(g[1])))
	// Position::CylinderDistanceNoZ minus the standoff. Ambiguous: ACE's
	// Position.CylinderDistanceNoZ takes the length of the full 3-D offset;
	// the retail name says the height is left out, and that is what is done
	// here (the planar distance between the cylinders' axes).
	dist := planar - (selfRadius + s.st.TargetRadius) - StickyRadius

	if l := local.Len(); l < FEpsilon {
		local = mgl32.Vec3{}
	} else {
		local = local.Mul(1 / l)
	}
	var speed float32
	if mi := s.body.MotionInterp(); mi != nil {
		speed = mi.MaxSpeed() * StickySpeedMod
	}
	if !(speed >= FEpsilon) {
		speed = StickyFallbackSpeed
	}
	delta := float32(float64(speed) * dt)
	if delta >= float32(math.Abs(float64(dist))) {
		delta = dist
	}
	local = local.Mul(delta)

	heading := positionHeading(g) - bp.Frame.Heading()
	if float32(math.Abs(float64(heading))) < FEpsilon {
		heading = 0
	}
	if heading < -FEpsilon {
		heading += 360
	}
	*offset = physics.NewFrame(local, physics.HeadingQuat(heading))
}

// positionHeading is Position::heading (ACE Position.heading): the heading of
// the planar offset g to the target, or 0 when that offset is shorter than
// F_EPSILON (NormalizeCheckSmall), not the bearing of a vanishing vector.
func positionHeading(g mgl32.Vec3) float32 {
	planar := mgl32.Vec3{g[0], g[1], 0}
	if planar.Len() < FEpsilon {
		return 0
	}
	return physics.HeadingFromVector(planar)
}
