// MoveToManager: what a client does with an UpdateMotion of a move-to type
// (MoveToObject, MoveToPosition, TurnToObject, TurnToHeading) — turn toward
// the goal, walk or run until within distance, turn to a final heading, and
// for a sticky MoveToObject end in PositionManager::StickTo. The seeds name
// it (seed 001 "L.3.3 MoveToManager", seed 004 §6 IsMovingTo) without
// describing it; every function here follows ACE's
// Physics/Managers/MoveToManager.cs, except the two lines ACE marks as its
// own server customisations (docs/readings.md, "MoveToManager").

package interp

import (
	"math"

	"glidepath/physics"
)

// MoveType is the movement type MoveToManager runs (ACE MovementType).
type MoveType uint8

const (
	MoveInvalid MoveType = iota
	MoveToObject
	MoveToPosition
	TurnToObject
	TurnToHeading
)

var moveTypeNames = [...]string{"Invalid", "MoveToObject", "MoveToPosition", "TurnToObject", "TurnToHeading"}

func (t MoveType) String() string {
	if int(t) < len(moveTypeNames) {
		return moveTypeNames[t]
	}
	return "MoveType(?)"
}

// MoveResult is how the last move-to ended (the WeenieError
// CleanUpAndCallWeenie reports).
type MoveResult uint8

const (
	MoveResultNone MoveResult = iota
	MoveResultDone
	MoveResultCancelled     // ActionCancelled: replaced, teleported, or an interpreted UpdateMotion
	MoveResultObjectGone    // the target left while followed
	MoveResultNoObject      // the target was never found
	MoveResultChargedTooFar // further than fail_distance from the start
	MoveResultNoMotion      // no motion interpreter
)

var moveResultNames = [...]string{"", "done", "cancelled", "object gone", "no object", "charged too far", "no motion interpreter"}

func (r MoveResult) String() string {
	if int(r) < len(moveResultNames) {
		return moveResultNames[r]
	}
	return "?"
}

// MoveNode is a MovementNode: one pending step, a MoveToPosition leg or a
// TurnToHeading to Heading.
type MoveNode struct {
	Type    MoveType
	Heading float32
}

// maxMoveNodes bounds the pending list. ACE's is a List; the longest any
// path builds is three nodes (turn, move, final turn), plus one a
// TurnToHeading may add after an unfinished list.
const maxMoveNodes = 4

// MoveToBody is the object MoveToManager moves: CPhysicsObj and its
// CMotionInterp as MoveToManager calls them. engine implements it.
type MoveToBody interface {
	Position() physics.Position
	// InContact is the Contact bit UseTime requires.
	InContact() bool
	Radius() float32
	Height() float32
	// SetHeading is CPhysicsObj::set_heading(deg, true).
	SetHeading(deg float32)
	// IsAnimating: a link or action animation is playing.
	IsAnimating() bool
	IsInterpolating() bool
	// DoMotion is _DoMotion: adjust_motion with hold, then
	// DoInterpretedMotion; false when there is no motion interpreter.
	DoMotion(cmd MoveCommand, speed float32, hold HoldKey) bool
	// StopMotion is _StopMotion: adjust_motion, then StopInterpretedMotion.
	StopMotion(cmd MoveCommand, hold HoldKey)
	// StopCompletely is CPhysicsObj::StopCompletely: the interpreted state
	// back to Ready, no sidestep, no turn.
	StopCompletely()
	// Unstick is unstick_from_object.
	Unstick()
	// StickTo is PositionManager::StickTo.
	StickTo(guid uint32, radius, height float32)
}

// MoveToState is MoveToManager's data, plain values (a checkpoint copies
// it whole).
type MoveToState struct {
	Type                                   MoveType
	SoughtPosition, CurrentTargetPosition  physics.Position
	StartingPosition                       physics.Position
	Params                                 MovementParams
	PreviousHeading                        float32
	PreviousDistance, OriginalDistance     float32
	PreviousDistanceTime                   float64
	OriginalDistanceTime                   float64
	FailProgressCount                      int32
	SoughtObjectID, TopLevelObjectID       uint32
	SoughtObjectRadius, SoughtObjectHeight float32
	CurrentCommand, AuxCommand             MoveCommand
	MovingAway, Initialized                bool
	Pending                                [maxMoveNodes]MoveNode
	NumPending                             uint8
	// LastResult is how the last move-to ended; Stuck says it ended in
	// StickTo.
	LastResult MoveResult
	Stuck      bool
}

// MoveToRequest is a MovementStruct of a move-to type: what the message
// carries, with the target object's cylinder looked up.
type MoveToRequest struct {
	Type MoveType
	// Object is the target of MoveToObject / TurnToObject (its top-level
	// object: remotes have no parents); Radius and Height its cylinder.
	Object         uint32
	Radius, Height float32
	// Position is MoveToPosition's destination.
	Position physics.Position
	Params   MovementParams
}

// MoveToManager is retail's MoveToManager for one object.
type MoveToManager struct {
	St   MoveToState
	now  float64
	body MoveToBody
	self uint32
}

// Bind points the manager at its body for the calls that follow; now is
// PhysicsTimer::cur_time (the simulation clock) and self the body's guid.
func (m *MoveToManager) Bind(b MoveToBody, self uint32, now float64) {
	m.body, m.self, m.now = b, self, now
}

// IsMovingTo is MoveToManager::is_moving_to (what MovementManager::
// IsMovingTo answers, seed 004 §6).
func (m *MoveToManager) IsMovingTo() bool { return m.St.Type != MoveInvalid }

// Head is the first pending node; ok is false when there is none.
func (m *MoveToManager) Head() (MoveNode, bool) {
	if m.St.NumPending == 0 {
		return MoveNode{}, false
	}
	return m.St.Pending[0], true
}

func (m *MoveToManager) heading() float32 {
	p := m.body.Position()
	return p.Frame.Heading()
}

// bearing is Position::heading from the body to p.
func (m *MoveToManager) bearing(p *physics.Position) float32 {
	bp := m.body.Position()
	return positionHeading(bp.Offset(p))
}

func (m *MoveToManager) addNode(t MoveType, h float32) {
	if int(m.St.NumPending) < maxMoveNodes {
		m.St.Pending[m.St.NumPending] = MoveNode{Type: t, Heading: h}
		m.St.NumPending++
	}
}

func (m *MoveToManager) removeHead() {
	if m.St.NumPending == 0 {
		return
	}
	copy(m.St.Pending[:], m.St.Pending[1:m.St.NumPending])
	m.St.NumPending--
	m.St.Pending[m.St.NumPending] = MoveNode{}
}

// initializeLocalVars is MoveToManager::InitializeLocalVars. The pending
// list and the parameters other than distance_to_object survive, as in ACE.
func (m *MoveToManager) initializeLocalVars() {
	st := &m.St
	st.Type = MoveInvalid
	st.Params.DistanceToObject = 0
	st.PreviousDistanceTime, st.OriginalDistanceTime = m.now, m.now
	st.PreviousHeading = 0
	st.FailProgressCount = 0
	st.CurrentCommand, st.AuxCommand = MoveCmdNone, MoveCmdNone
	st.MovingAway, st.Initialized = false, false
	st.SoughtPosition, st.CurrentTargetPosition = physics.Position{}, physics.Position{}
	st.SoughtObjectID, st.TopLevelObjectID = 0, 0
	st.SoughtObjectRadius, st.SoughtObjectHeight = 0, 0
}

// Perform is MoveToManager::PerformMovement: cancel what runs, unstick,
// then start the request. For a target object, the first target update
// (set_target's) follows through HandleUpdateTarget.
func (m *MoveToManager) Perform(req *MoveToRequest) {
	m.CancelMoveTo(MoveResultCancelled)
	m.body.Unstick()
	m.St.Stuck = false
	m.St.LastResult = MoveResultNone
	switch req.Type {
	case MoveToObject:
		m.moveToObject(req)
	case MoveToPosition:
		m.moveToPosition(req)
	case TurnToObject:
		m.turnToObject(req)
	case TurnToHeading:
		m.turnToHeading(&req.Params)
	}
}

// moveToObject is MoveToManager::MoveToObject.
func (m *MoveToManager) moveToObject(req *MoveToRequest) {
	m.body.StopCompletely()
	st := &m.St
	st.StartingPosition = m.body.Position()
	st.SoughtObjectID = req.Object
	st.SoughtObjectRadius, st.SoughtObjectHeight = req.Radius, req.Height
	st.Type = MoveToObject
	st.TopLevelObjectID = req.Object
	st.Params = req.Params
	st.Initialized = false
	if m.self != req.Object {
		return // set_target: the engine sends the first target update
	}
	m.cleanUp()
	m.body.StopCompletely()
}

// moveToObjectInternal is MoveToManager::MoveToObject_Internal: the first
// target update of a MoveToObject plans the nodes.
func (m *MoveToManager) moveToObjectInternal(target, interpolated physics.Position) {
	st := &m.St
	st.SoughtPosition, st.CurrentTargetPosition = interpolated, target
	iHeading := m.bearing(&interpolated)
	heading := headingDelta(iHeading, m.heading())
	dist := m.currentDistance()
	if cmd, _, _ := st.Params.command(dist, heading); cmd != MoveCmdNone {
		m.addNode(TurnToHeading, iHeading)
		m.addNode(MoveToPosition, 0)
	}
	if st.Params.has(MoveUseFinalHeading) {
		h := iHeading + st.Params.DesiredHeading
		if h >= 360 {
			h -= 360
		}
		m.addNode(TurnToHeading, h)
	}
	st.Initialized = true
	m.beginNextNode()
}

// moveToPosition is MoveToManager::MoveToPosition. ACE tests the final
// heading flag on the parameters the manager held before this call; the
// request's own are used here (docs/readings.md, "MoveToManager").
func (m *MoveToManager) moveToPosition(req *MoveToRequest) {
	m.body.StopCompletely()
	st := &m.St
	st.CurrentTargetPosition = req.Position
	st.SoughtObjectRadius = 0
	p := req.Params
	// get_command on the request's parameters, as ACE does, before they
	// are stored.
	saved := st.Params
	st.Params = p
	dist := m.currentDistance()
	st.Params = saved
	bearing := m.bearing(&req.Position)
	if cmd, _, _ := p.command(dist, headingDelta(bearing, m.heading())); cmd != MoveCmdNone {
		m.addNode(TurnToHeading, bearing)
		m.addNode(MoveToPosition, 0)
	}
	if p.has(MoveUseFinalHeading) {
		m.addNode(TurnToHeading, p.DesiredHeading)
	}
	st.SoughtPosition = req.Position
	st.StartingPosition = m.body.Position()
	st.Type = MoveToPosition
	st.Params = p
	st.Params.Flags &^= MoveSticky
	m.beginNextNode()
}

// turnToObject is MoveToManager::TurnToObject.
func (m *MoveToManager) turnToObject(req *MoveToRequest) {
	if req.Params.has(MoveStopCompletely) {
		m.body.StopCompletely()
	}
	st := &m.St
	st.Type = TurnToObject
	st.SoughtObjectID = req.Object
	st.CurrentTargetPosition.Frame.SetHeading(req.Params.DesiredHeading)
	st.TopLevelObjectID = req.Object
	st.Params = req.Params
	if m.self != req.Object {
		st.Initialized = false
		return
	}
	m.cleanUp()
	m.body.StopCompletely()
}

// turnToObjectInternal is MoveToManager::TurnToObject_Internal: face the
// target, offset by the heading the sought position holds.
func (m *MoveToManager) turnToObjectInternal(target physics.Position) {
	st := &m.St
	st.CurrentTargetPosition = target
	th := m.bearing(&target)
	sh := st.SoughtPosition.Frame.Heading()
	h := float32(math.Mod(float64(th+sh), 360))
	st.SoughtPosition.Frame.SetHeading(h)
	m.addNode(TurnToHeading, h)
	st.Initialized = true
	m.beginNextNode()
}

// turnToHeading is MoveToManager::TurnToHeading. As in ACE it only queues
// the node; UseTime's HandleTurnToHeading begins the turn.
func (m *MoveToManager) turnToHeading(p *MovementParams) {
	if p.has(MoveStopCompletely) {
		m.body.StopCompletely()
	}
	st := &m.St
	st.Params = *p
	st.Params.Flags &^= MoveSticky
	st.SoughtPosition.Frame.SetHeading(p.DesiredHeading)
	st.Type = TurnToHeading
	m.addNode(TurnToHeading, p.DesiredHeading)
}

// beginNextNode is MoveToManager::BeginNextNode: start the head node, or,
// with none left, finish — a sticky move ends in StickTo.
func (m *MoveToManager) beginNextNode() {
	if n, ok := m.Head(); ok {
		switch n.Type {
		case MoveToPosition:
			m.beginMoveForward()
		case TurnToHeading:
			m.beginTurnToHeading()
		}
		return
	}
	st := &m.St
	if st.Params.has(MoveSticky) {
		r, h, id := st.SoughtObjectRadius, st.SoughtObjectHeight, st.TopLevelObjectID
		m.cleanUpAndCallWeenie(MoveResultDone)
		m.body.StickTo(id, r, h)
		st.Stuck = true
		return
	}
	m.cleanUpAndCallWeenie(MoveResultDone)
}

// beginMoveForward is MoveToManager::BeginMoveForward.
func (m *MoveToManager) beginMoveForward() {
	st := &m.St
	dist := m.currentDistance()
	heading := headingDelta(m.bearing(&st.CurrentTargetPosition), m.heading())
	cmd, hold, away := st.Params.command(dist, heading)
	if cmd == MoveCmdNone {
		m.removeHead()
		m.beginNextNode()
		return
	}
	if !m.body.DoMotion(cmd, st.Params.Speed, hold) {
		m.CancelMoveTo(MoveResultNoMotion)
		return
	}
	st.CurrentCommand = cmd
	st.MovingAway = away
	st.Params.HoldKeyToApply = hold
	st.PreviousDistance, st.PreviousDistanceTime = dist, m.now
	st.OriginalDistance, st.OriginalDistanceTime = dist, m.now
}

// handleMoveToPosition is MoveToManager::HandleMoveToPosition, each tick
// of a MoveToPosition node: steer with an aux turn while off heading by
// more than 20°, and stop when within distance (or, moving away, beyond
// min_distance). Two lines ACE marks "custom" are left out: snapping the
// heading when the aux turn stops, and arriving when the distance grows
// inside 1 m.
func (m *MoveToManager) handleMoveToPosition() {
	st := &m.St
	speed, hold := st.Params.Speed, st.Params.HoldKeyToApply
	if !m.body.IsAnimating() {
		bp := m.body.Position()
		h := desiredHeading(st.CurrentCommand, st.MovingAway) + positionHeading(bp.Offset(&st.CurrentTargetPosition))
		if h >= 360 {
			h -= 360
		}
		diff := headingDelta(h, m.heading())
		if diff > MoveToTurnSlack && diff < 360-MoveToTurnSlack {
			turn := MoveCmdTurnRight
			if diff >= 180 {
				turn = MoveCmdTurnLeft
			}
			if turn != st.AuxCommand {
				m.body.DoMotion(turn, speed, hold)
				st.AuxCommand = turn
			}
		} else {
			m.stopAux()
		}
	} else {
		m.stopAux()
	}

	dist := m.currentDistance()
	if !m.checkProgressMade(dist) {
		if !m.body.IsInterpolating() && !m.body.IsAnimating() {
			st.FailProgressCount++
		}
		return
	}
	st.FailProgressCount = 0
	if st.MovingAway && dist >= st.Params.MinDistance || !st.MovingAway && dist <= st.Params.DistanceToObject {
		m.removeHead()
		m.body.StopMotion(st.CurrentCommand, hold)
		st.CurrentCommand = MoveCmdNone
		m.stopAux()
		m.beginNextNode()
		return
	}
	bp := m.body.Position()
	if st.StartingPosition.Distance(&bp) > st.Params.FailDistance {
		m.CancelMoveTo(MoveResultChargedTooFar)
	}
}

// beginTurnToHeading is MoveToManager::BeginTurnToHeading: turn the short
// way to the head node's heading, or drop the node when already there.
func (m *MoveToManager) beginTurnToHeading() {
	if m.body.IsAnimating() {
		return
	}
	st := &m.St
	n, _ := m.Head()
	diff := headingDiff(n.Heading, m.heading(), MoveCmdTurnRight)
	var turn MoveCommand
	switch {
	case diff <= 180 && diff > FEpsilon:
		turn = MoveCmdTurnRight
	case diff > 180 && diff+FEpsilon <= 360:
		turn = MoveCmdTurnLeft
	default:
		m.removeHead()
		m.beginNextNode()
		return
	}
	if !m.body.DoMotion(turn, st.Params.Speed, st.Params.HoldKeyToApply) {
		m.CancelMoveTo(MoveResultNoMotion)
		return
	}
	st.CurrentCommand = turn
	st.PreviousHeading = diff
}

// handleTurnToHeading is MoveToManager::HandleTurnToHeading, each tick of
// a TurnToHeading node: once the heading passes the goal, set it exactly,
// stop the turn and go on.
func (m *MoveToManager) handleTurnToHeading() {
	st := &m.St
	if st.CurrentCommand != MoveCmdTurnRight && st.CurrentCommand != MoveCmdTurnLeft {
		m.beginTurnToHeading()
		return
	}
	n, _ := m.Head()
	h := m.heading()
	if headingGreater(h, n.Heading, st.CurrentCommand) {
		st.FailProgressCount = 0
		m.body.SetHeading(n.Heading)
		m.removeHead()
		m.body.StopMotion(st.CurrentCommand, st.Params.HoldKeyToApply)
		st.CurrentCommand = MoveCmdNone
		m.beginNextNode()
		return
	}
	diff := headingDiff(h, st.PreviousHeading, st.CurrentCommand)
	st.PreviousHeading = h
	if diff > FEpsilon && diff < 180 {
		st.FailProgressCount = 0
	} else if !m.body.IsInterpolating() && !m.body.IsAnimating() {
		st.FailProgressCount++
	}
}

// HandleUpdateTarget is MoveToManager::HandleUpdateTarget: a target
// position from the TargetManager (ok false: the target is gone).
func (m *MoveToManager) HandleUpdateTarget(id uint32, ok bool, target, interpolated physics.Position) {
	st := &m.St
	if st.TopLevelObjectID != id {
		return
	}
	switch {
	case st.Initialized:
		if !ok {
			m.CancelMoveTo(MoveResultObjectGone)
			return
		}
		if st.Type == MoveToObject {
			st.SoughtPosition, st.CurrentTargetPosition = interpolated, target
			st.PreviousDistance, st.PreviousDistanceTime = maxFloat32, m.now
			st.OriginalDistance, st.OriginalDistanceTime = maxFloat32, m.now
		}
	case id == m.self:
		st.SoughtPosition = m.body.Position()
		st.CurrentTargetPosition = st.SoughtPosition
		m.cleanUpAndCallWeenie(MoveResultDone)
	case ok:
		switch st.Type {
		case MoveToObject:
			m.moveToObjectInternal(target, interpolated)
		case TurnToObject:
			m.turnToObjectInternal(target)
		}
	default:
		m.CancelMoveTo(MoveResultNoObject)
	}
}

const maxFloat32 float32 = 3.40282346638528859811704183484516925440e+38

// checkProgressMade is MoveToManager::CheckProgressMade: once a second,
// the approach must have closed at 0.25 m/s since the last check and
// since the start of the leg.
func (m *MoveToManager) checkProgressMade(dist float32) bool {
	st := &m.St
	dt := m.now - st.PreviousDistanceTime
	if !(dt > MoveToProgressWindow) {
		return true
	}
	d := st.PreviousDistance - dist
	if st.MovingAway {
		d = dist - st.PreviousDistance
	}
	if float64(d)/dt < MoveToMinProgressRate {
		return false
	}
	st.PreviousDistance, st.PreviousDistanceTime = dist, m.now
	o := st.OriginalDistance - dist
	if st.MovingAway {
		o = dist - st.OriginalDistance
	}
	return !(float64(o)/(m.now-st.OriginalDistanceTime) < MoveToMinProgressRate)
}

// CancelMoveTo is MoveToManager::CancelMoveTo.
func (m *MoveToManager) CancelMoveTo(r MoveResult) {
	if m.St.Type == MoveInvalid {
		return
	}
	m.St.NumPending = 0
	m.St.Pending = [maxMoveNodes]MoveNode{}
	m.cleanUpAndCallWeenie(r)
}

// cleanUp is MoveToManager::CleanUp: stop the commands it started.
// (clear_target is the engine's: it stops following once Type is Invalid.)
func (m *MoveToManager) cleanUp() {
	st := &m.St
	if st.CurrentCommand != MoveCmdNone {
		m.body.StopMotion(st.CurrentCommand, st.Params.HoldKeyToApply)
	}
	if st.AuxCommand != MoveCmdNone {
		m.body.StopMotion(st.AuxCommand, st.Params.HoldKeyToApply)
	}
	m.initializeLocalVars()
}

// cleanUpAndCallWeenie is MoveToManager::CleanUpAndCallWeenie.
func (m *MoveToManager) cleanUpAndCallWeenie(r MoveResult) {
	m.cleanUp()
	m.body.StopCompletely()
	m.St.LastResult = r
}

// currentDistance is MoveToManager::GetCurrentDistance: the 3-D distance,
// or with use_spheres the cylinder distance, to the current target.
func (m *MoveToManager) currentDistance() float32 {
	st := &m.St
	bp := m.body.Position()
	if !st.Params.has(MoveUseSpheres) {
		return bp.Distance(&st.CurrentTargetPosition)
	}
	return cylinderDistance(m.body.Radius(), m.body.Height(), &bp,
		st.SoughtObjectRadius, st.SoughtObjectHeight, &st.CurrentTargetPosition)
}

// HitGround is MoveToManager::HitGround: landing restarts the head node.
func (m *MoveToManager) HitGround() {
	if m.St.Type != MoveInvalid {
		m.beginNextNode()
	}
}

// UseTime is MoveToManager::UseTime (MovementManager::UseTime, seed 003 §1
// row 10): advance the head node, only while in contact.
func (m *MoveToManager) UseTime() {
	if !m.body.InContact() || m.St.NumPending == 0 {
		return
	}
	st := &m.St
	if st.TopLevelObjectID == 0 && st.Type == MoveInvalid && !st.Initialized {
		return
	}
	switch st.Pending[0].Type {
	case MoveToPosition:
		m.handleMoveToPosition()
	case TurnToHeading:
		m.handleTurnToHeading()
	}
}

// stopAux is MoveToManager::stop_aux_command.
func (m *MoveToManager) stopAux() {
	st := &m.St
	if st.AuxCommand != MoveCmdNone {
		m.body.StopMotion(st.AuxCommand, st.Params.HoldKeyToApply)
		st.AuxCommand = MoveCmdNone
	}
}
