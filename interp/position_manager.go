// PositionManager: the owner of the interpolation, sticky and constraint
// managers, created lazily, and the order they run in each tick (seed 003
// §10, §12; seed 004 §0, §4; ACE PositionManager.cs).

package interp

import (
	"fmt"
	"math"

	"glidepath/physics"
)

// PositionManager is retail's PositionManager. *PositionManager implements
// physics.PositionManager; engine hands it to the physics object.
type PositionManager struct {
	reading Reading
	body    Body
	lookup  ObjectLookup
	sink    Sink
	// now is the manager's clock, seconds: the sum of the dt values
	// AdjustOffset has seen. The sticky timeout reads it (retail reads
	// Timer::cur_time; Glidepath never reads a wall clock).
	now float64

	interp     *InterpolationManager
	sticky     *StickyManager
	constraint *ConstraintManager

	// k are the interpolation thresholds (RetailConstants unless a what-if
	// overrides them).
	k Constants
}

// NewPositionManager is PositionManager::Create for body under reading r.
// The sub-managers are created on first use, as CPhysicsObj::
// MakePositionManager and PositionManager::InterpolateTo do (seed 004 §4).
// It returns an error for an invalid reading.
func NewPositionManager(body Body, r Reading) (*PositionManager, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &PositionManager{reading: r, k: RetailConstants(), body: body}, nil
}

// NewPositionManagerConstants is NewPositionManager with the interpolation
// thresholds k instead of the retail ones (a what-if's -set). It returns an
// error for an invalid reading or constants.
func NewPositionManagerConstants(body Body, r Reading, k Constants) (*PositionManager, error) {
	if err := k.Validate(); err != nil {
		return nil, err
	}
	pm, err := NewPositionManager(body, r)
	if err != nil {
		return nil, err
	}
	pm.k = k
	return pm, nil
}

// Policy is a reading and the interpolation thresholds, checked once for a
// whole run (CheckPolicy): every object's position manager is then made
// from it (NewPositionManagerFor) without checking them again.
type Policy struct {
	reading Reading
	k       Constants
}

// CheckPolicy checks r and k (Reading.Validate, Constants.Validate); a
// reading's error names it.
func CheckPolicy(r Reading, k Constants) (Policy, error) {
	if err := r.Validate(); err != nil {
		return Policy{}, fmt.Errorf("reading %q: %w", r.Name, err)
	}
	if err := k.Validate(); err != nil {
		return Policy{}, err
	}
	return Policy{reading: r, k: k}, nil
}

// NewPositionManagerFor is NewPositionManagerConstants under a policy
// already checked: it cannot fail.
func NewPositionManagerFor(body Body, p Policy) *PositionManager {
	return &PositionManager{reading: p.reading, k: p.k, body: body}
}

// Constants are the interpolation thresholds the manager runs.
func (pm *PositionManager) Constants() Constants { return pm.k }

// CatchUpConstants are the two thresholds of the catch-up speed:
// MaxInterpolatedVelocityMod and MaxInterpolatedVelocity.
func (pm *PositionManager) CatchUpConstants() (mod, fallback float32) {
	return pm.k.MaxInterpolatedVelocityMod, pm.k.MaxInterpolatedVelocity
}

// SetSink sets where the interpolation decisions are reported; nil reports
// nothing.
func (pm *PositionManager) SetSink(s Sink) {
	pm.sink = s
	if pm.interp != nil {
		pm.interp.sink = s
	}
}

// SetLookup sets how the sticky manager finds its target; nil disables
// sticking.
func (pm *PositionManager) SetLookup(l ObjectLookup) {
	pm.lookup = l
	if pm.sticky != nil {
		pm.sticky.lookup = l
	}
}

// Reading is the reading the manager runs.
func (pm *PositionManager) Reading() Reading { return pm.reading }

// Now is the manager's clock (the sum of AdjustOffset's dt values).
func (pm *PositionManager) Now() float64 { return pm.now }

// Interpolation is the InterpolationManager, or nil before the first
// InterpolateTo.
func (pm *PositionManager) Interpolation() *InterpolationManager { return pm.interp }

// Constraint is the ConstraintManager, or nil before the first ConstrainTo.
func (pm *PositionManager) Constraint() *ConstraintManager { return pm.constraint }

// Sticky is the StickyManager, or nil before the first StickTo.
func (pm *PositionManager) Sticky() *StickyManager { return pm.sticky }

func (pm *PositionManager) makeInterpolation() *InterpolationManager {
	if pm.interp == nil {
		pm.interp = newInterpolationManager(pm.body, pm.reading, pm.k, pm)
		pm.interp.sink = pm.sink
	}
	return pm.interp
}

func (pm *PositionManager) makeConstraint() *ConstraintManager {
	if pm.constraint == nil {
		pm.constraint = &ConstraintManager{reading: pm.reading, body: pm.body, read: newBodyReader(pm.body)}
	}
	return pm.constraint
}

func (pm *PositionManager) makeSticky() *StickyManager {
	if pm.sticky == nil {
		pm.sticky = &StickyManager{body: pm.body, lookup: pm.lookup}
	}
	return pm.sticky
}

// AdjustOffset is PositionManager::adjust_offset (0x00555190, seed 003 §10):
// interpolation, then sticky, then constraint, each on the same offset
// frame, each skipped when not created.
func (pm *PositionManager) AdjustOffset(offset *physics.Frame, dt float64) {
	if dt > 0 && !math.IsInf(dt, 0) {
		pm.now += dt
	}
	// With an empty queue the InterpolationManager returns at once, so
	// its call is skipped then (a remote waiting for its next update).
	if pm.interp != nil && pm.interp.st.queue.Len() > 0 {
		pm.interp.AdjustOffset(offset, dt)
	}
	if pm.sticky != nil {
		pm.sticky.AdjustOffset(offset, dt)
	}
	if pm.constraint != nil {
		pm.constraint.AdjustOffset(offset, dt)
	}
}

// UseTime is PositionManager::UseTime, the last stage of the tick (seed 003
// §1 row 12): interpolation (where blips happen, seed 000 §6), sticky,
// constraint — the order of adjust_offset (seed 003 §10) and of ACE
// PositionManager.UseTime; the seeds do not list it. ConstraintManager's
// UseTime does nothing, so the order of the last two cannot be observed.
func (pm *PositionManager) UseTime() {
	if pm.interp != nil && !pm.interp.useTimeIdle() {
		pm.interp.UseTime()
	}
	if pm.sticky != nil {
		pm.sticky.useTime(pm.now)
	}
	if pm.constraint != nil {
		pm.constraint.UseTime()
	}
}

// InterpolateTo is PositionManager::InterpolateTo (0x005551F0, seed 004 §4):
// create the InterpolationManager if needed and forward.
func (pm *PositionManager) InterpolateTo(p *physics.Position, keepHeading bool) {
	pm.makeInterpolation().InterpolateTo(p, keepHeading)
}

// StopInterpolating is PositionManager::StopInterpolating (seed 004 §3
// branch C).
func (pm *PositionManager) StopInterpolating() {
	if pm.interp != nil {
		pm.interp.StopInterpolating()
	}
}

// IsInterpolating is PositionManager::IsInterpolating.
func (pm *PositionManager) IsInterpolating() bool {
	return pm.interp != nil && pm.interp.IsInterpolating()
}

// ConstrainTo is PositionManager::ConstrainTo (seed 004 §0, after every
// successful MoveOrTeleport of a remote).
func (pm *PositionManager) ConstrainTo(p *physics.Position, start, max float32) {
	pm.makeConstraint().ConstrainTo(p, start, max)
}

// Unconstrain is PositionManager::UnConstrain.
func (pm *PositionManager) Unconstrain() {
	if pm.constraint != nil {
		pm.constraint.Unconstrain()
	}
}

// IsFullyConstrained is PositionManager::IsFullyConstrained.
func (pm *PositionManager) IsFullyConstrained() bool {
	return pm.constraint != nil && pm.constraint.IsFullyConstrained()
}

// StickTo is PositionManager::StickTo: stick to object guid, whose cylinder
// radius is radius, for StickyTime seconds of this manager's clock.
func (pm *PositionManager) StickTo(guid uint32, radius float32) {
	pm.makeSticky().stickTo(guid, radius, pm.now)
}

// Unstick is PositionManager::UnStick (StickyManager::HandleExitWorld).
func (pm *PositionManager) Unstick() {
	if pm.sticky != nil {
		pm.sticky.clearTarget()
	}
}

// StickyObjectID is PositionManager::GetStickyObjectID (what
// CPhysicsObj::get_sticky_object_id returns): 0 when not stuck.
func (pm *PositionManager) StickyObjectID() uint32 {
	if pm.sticky == nil {
		return 0
	}
	return pm.sticky.st.TargetID
}

// ConstraintState reports the constraint manager's data; ok is false before
// the first ConstrainTo.
func (pm *PositionManager) ConstraintState() (st ConstraintState, ok bool) {
	if pm.constraint == nil {
		return ConstraintState{}, false
	}
	return pm.constraint.st, true
}

// StickyState reports the sticky manager's data; ok is false before the
// first StickTo.
func (pm *PositionManager) StickyState() (st StickyState, ok bool) {
	if pm.sticky == nil {
		return StickyState{}, false
	}
	return pm.sticky.st, true
}

// InterpolationState is the InterpolationManager's state for a trace row or
// the viewer's panels, by value. It is the zero value (with
// OriginalDistance = LargeDistance) before the first InterpolateTo.
type InterpolationState struct {
	QueueLen         int
	FailCounter      int32
	FrameCounter     uint32
	OriginalDistance float32
	ProgressQuantum  float32
	KeepHeading      bool
	BliptoPosition   physics.Position
	Window           StallWindow
}

// InterpolationState reports the interpolation state.
func (pm *PositionManager) InterpolationState() InterpolationState {
	if pm.interp == nil {
		return InterpolationState{OriginalDistance: LargeDistance, BliptoPosition: physics.Position{Frame: physics.IdentityFrame()}}
	}
	m := pm.interp
	return InterpolationState{
		QueueLen:         m.QueueLen(),
		FailCounter:      m.FailCounter(),
		FrameCounter:     m.FrameCounter(),
		OriginalDistance: m.OriginalDistance(),
		ProgressQuantum:  m.ProgressQuantum(),
		KeepHeading:      m.KeepHeading(),
		BliptoPosition:   m.BliptoPosition(),
		Window:           m.Window(),
	}
}

// Nodes appends the interpolation queue, head first, to dst (see
// InterpolationManager.Nodes).
func (pm *PositionManager) Nodes(dst []Node) []Node {
	if pm.interp == nil {
		return dst
	}
	return pm.interp.Nodes(dst)
}
