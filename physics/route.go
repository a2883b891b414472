// Route: what the client does with an UpdatePosition (0xF748) for a remote
// object (seed 004 §0–§6): the instance check in SmartBox::
// UnpackPositionEvent, the position-stamp check in HandleReceivedPosition,
// and CPhysicsObj::MoveOrTeleport's choice between teleport, interpolate,
// slide-snap and ignore. Each entry point returns the branch it took, named
// as trace-v1's route event names it. The stamps those checks compare
// (update_times, newer_event) follow.

package physics

import (
	"strconv"

	"github.com/go-gl/mathgl/mgl32"
)

// PositionUpdate is a decoded UpdatePosition's PositionPack (seed 004 §2).
type PositionUpdate struct {
	// Position is the received cell and frame.
	Position Position
	// Velocity is the packed velocity (zero when the flag is absent).
	Velocity mgl32.Vec3
	// PlacementID is the packed placement id (0 when absent).
	PlacementID uint32
	// HasContact is the IsGrounded flag (flags >> 2 & 1).
	HasContact bool
	// The four stamps, in wire order.
	InstanceStamp, PositionStamp, TeleportStamp, ForcePositionStamp uint16
}

// Route is the branch an UpdatePosition took.
type Route uint8

// Routes. String gives trace-v1's names for them.
const (
	// RouteTeleport: MoveOrTeleport's branch A — newer teleport stamp or no
	// cell; teleport_hook then SetPosition(0x1012).
	RouteTeleport Route = iota + 1
	// RouteInterpolate: branch B — grounded and player_distance < 96 m;
	// InterpolateTo queues the position.
	RouteInterpolate
	// RouteSlide: branch C — grounded beyond 96 m; StopInterpolating then
	// SetPositionSimple(slide = 1).
	RouteSlide
	// RouteAirborne: has_contact is 0; MoveOrTeleport returns 0.
	RouteAirborne
	// RouteStalePosition: HandleReceivedPosition dropped the update because
	// its position stamp was not newer.
	RouteStalePosition
	// RouteStaleTeleport: MoveOrTeleport returned 0 because the teleport
	// stamp was older.
	RouteStaleTeleport
	// RouteWrongInstance: UnpackPositionEvent dropped the update because its
	// instance stamp was not the object's (InstanceCheck says which way).
	RouteWrongInstance
)

var routeNames = [...]string{
	RouteTeleport:      "teleport",
	RouteInterpolate:   "interpolate",
	RouteSlide:         "slide",
	RouteAirborne:      "airborne",
	RouteStalePosition: "stale_position",
	RouteStaleTeleport: "stale_teleport",
	RouteWrongInstance: "wrong_instance",
}

// String is the trace-v1 route branch name.
func (r Route) String() string {
	if r >= RouteTeleport && int(r) < len(routeNames) {
		return routeNames[r]
	}
	return "Route(" + strconv.Itoa(int(r)) + ")"
}

// Moved reports whether MoveOrTeleport returned 1 for this branch, which is
// when HandleReceivedPosition goes on to ConstrainTo.
func (r Route) Moved() bool {
	return r == RouteTeleport || r == RouteInterpolate || r == RouteSlide
}

// InstanceCheck is the outcome of UnpackPositionEvent's instance test.
type InstanceCheck uint8

// Instance check outcomes.
const (
	// InstanceCurrent: the stamp equals update_times[INSTANCE_TS]; handled.
	InstanceCurrent InstanceCheck = iota
	// InstanceLoggedOut: the stamp is not the object's and not newer — an
	// older incarnation (NETBLOB_LOGGED_OUT).
	InstanceLoggedOut
	// InstanceNotYetCreated: the stamp is newer — meant for an incarnation
	// the client has not created yet (NETBLOB_QUEUED; retail parks the blob
	// until CreateObject, Glidepath drops it).
	InstanceNotYetCreated
)

// String names the outcome.
func (c InstanceCheck) String() string {
	switch c {
	case InstanceCurrent:
		return "current"
	case InstanceLoggedOut:
		return "logged_out"
	case InstanceNotYetCreated:
		return "not_yet_created"
	}
	return "InstanceCheck(" + strconv.Itoa(int(c)) + ")"
}

// CheckInstance is SmartBox::UnpackPositionEvent's instance test (0x004542C0,
// seed 004 §2): equal handles, newer is queued for a later incarnation, and
// anything else (older, or exactly 0x8000 apart) is a logged-out one.
func (o *Object) CheckInstance(stamp uint16) InstanceCheck {
	stored := o.UpdateTimes[StampInstance]
	switch {
	case stamp == stored:
		return InstanceCurrent
	case StampIsNewer(stamp, stored):
		return InstanceNotYetCreated
	default:
		return InstanceLoggedOut
	}
}

// UnpackPositionEvent is SmartBox::UnpackPositionEvent after the object
// lookup (seed 004 §2): the instance check, then HandleReceivedPosition.
func (o *Object) UnpackPositionEvent(u *PositionUpdate) Route {
	if o.CheckInstance(u.InstanceStamp) != InstanceCurrent {
		return RouteWrongInstance
	}
	return o.HandleReceivedPosition(u)
}

// HandleReceivedPosition is SmartBox::HandleReceivedPosition (0x00453FD0,
// seed 004 §0) for a remote object: drop the update unless its position
// stamp is newer (newer_event stores it even when MoveOrTeleport then ignores
// the update), else MoveOrTeleport, then ConstrainTo when that moved the
// object. The player-only branches (BlipPlayer, TeleportPlayer) are not
// ported: Glidepath's objects are remotes.
func (o *Object) HandleReceivedPosition(u *PositionUpdate) Route {
	if !o.NewerEvent(StampPosition, u.PositionStamp) {
		return RouteStalePosition
	}
	r := o.MoveOrTeleport(&u.Position, u.TeleportStamp, u.HasContact, u.Velocity)
	if r.Moved() {
		o.ConstrainTo(&u.Position, o.StartConstraintDistance(), o.MaxConstraintDistance())
	}
	return r
}

// MoveOrTeleport is CPhysicsObj::MoveOrTeleport (0x00516330, seed 004 §3).
// velocity is passed as retail passes it and, as in retail, not used.
func (o *Object) MoveOrTeleport(p *Position, teleportStamp uint16, hasContact bool, velocity mgl32.Vec3) Route {
	if StampIsOlder(teleportStamp, o.UpdateTimes[StampTeleport]) {
		return RouteStaleTeleport
	}
	// newer_event runs first and stores the stamp when it is newer.
	if o.NewerEvent(StampTeleport, teleportStamp) || o.pos.Cell == 0 {
		o.teleportHook()
		o.SetPosition(p, SetPositionSlideFlags)
		return RouteTeleport
	}
	if !hasContact {
		return RouteAirborne
	}
	// Retail line 284343 tests player_distance < 96, so exactly 96 m
	// slide-snaps; seed 001's prose says "> 96" (Choices).
	if o.PlayerDistance < MaxPhysicsDistance || o.Choices.InterpolateAtBubbleEdge && o.PlayerDistance == MaxPhysicsDistance {
		o.InterpolateTo(p, o.IsMovingTo())
		return RouteInterpolate
	}
	o.StopInterpolating()
	o.SetPositionSimple(p, true)
	return RouteSlide
}

// teleportHook is CPhysicsObj::teleport_hook (ACE): cancel any move-to,
// unstick, stop interpolating and unconstrain. (The target manager and
// collision reports it also touches are not modelled.)
func (o *Object) teleportHook() {
	if o.MovementManager != nil {
		o.MovementManager.CancelMoveTo()
	}
	if pm := o.PositionManager; pm != nil {
		pm.Unstick()
		pm.StopInterpolating()
		pm.Unconstrain()
	}
}

// InterpolateTo is CPhysicsObj::InterpolateTo (0x005104F0, seed 004 §4):
// forward to the position manager. Retail creates the manager on demand
// (MakePositionManager); physics cannot build one, so with none this does
// nothing — engine gives every object its manager.
func (o *Object) InterpolateTo(p *Position, isMovingTo bool) {
	if o.PositionManager != nil {
		o.PositionManager.InterpolateTo(p, isMovingTo)
	}
}

// StopInterpolating is CPhysicsObj::StopInterpolating.
func (o *Object) StopInterpolating() {
	if o.PositionManager != nil {
		o.PositionManager.StopInterpolating()
	}
}

// ConstrainTo is CPhysicsObj::ConstrainTo: keep the body within [start, max]
// metres of p (no-op without a position manager, as InterpolateTo).
func (o *Object) ConstrainTo(p *Position, start, max float32) {
	if o.PositionManager != nil {
		o.PositionManager.ConstrainTo(p, start, max)
	}
}

// Stamps: CPhysicsObj::update_times[9], the rolling u16 sequence stamps the
// server sends with each message, and CPhysicsObj::newer_event (0x00451B10,
// seed 004 §2, §8; spec/recording-v1.md "Delivery semantics").

// Stamp indexes update_times (retail enum PhysicsTimeStamp, acclient.h:6084).
type Stamp uint8

// PhysicsTimeStamp values.
const (
	StampPosition             Stamp = 0 // POSITION_TS
	StampMovement             Stamp = 1 // MOVEMENT_TS
	StampState                Stamp = 2 // STATE_TS
	StampVector               Stamp = 3 // VECTOR_TS
	StampTeleport             Stamp = 4 // TELEPORT_TS
	StampServerControlledMove Stamp = 5 // SERVER_CONTROLLED_MOVE_TS
	StampForcePosition        Stamp = 6 // FORCE_POSITION_TS
	StampObjDesc              Stamp = 7 // OBJDESC_TS
	StampInstance             Stamp = 8 // INSTANCE_TS
	NumStamps                       = 9 // NUM_PHYSICS_TS
)

// StampIsNewer reports whether stamp s is newer than the stored stamp r:
// (s − r) mod 65536 in [1, 0x7FFF]. Equal stamps, and stamps exactly 0x8000
// apart, are neither newer nor older (recording-v1 "Delivery semantics").
func StampIsNewer(s, r uint16) bool {
	d := s - r // u16 arithmetic wraps: this is (s − r) mod 65536
	return d >= 1 && d <= 0x7FFF
}

// StampIsOlder reports whether s is older than r: StampIsNewer(r, s).
func StampIsOlder(s, r uint16) bool { return StampIsNewer(r, s) }

// NewerEvent is CPhysicsObj::newer_event (0x00451B10): when s is newer than
// update_times[which] it stores s and reports true; otherwise it changes
// nothing and reports false.
func (o *Object) NewerEvent(which Stamp, s uint16) bool {
	if !StampIsNewer(s, o.UpdateTimes[which]) {
		return false
	}
	o.UpdateTimes[which] = s
	return true
}
