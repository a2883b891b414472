// The state at the cursor tick as the viewer draws it: every live object's
// body, its InterpolationManager state and queue (seed 000), constraint,
// last routing branch and stamps (seed 004), the stage record of its last
// tick (seed 003 §12) and the latest server truth, in global metres.

package model

import (
	"glidepath/engine/store"
	"glidepath/interp"
	"glidepath/physics"
	"glidepath/ui/draw"
)

// Vec3 is a point or vector in global metres (X east, Y north, Z up).
type Vec3 = draw.Vec3

// Snapshot is the state of a run at one tick. Sources fill it in place and
// reuse its slices, so a steady run fills it without allocating.
type Snapshot struct {
	// Tick is the tick the state is at.
	Tick int
	// Objects are the live objects, in creation order.
	Objects []Object
	// HasObserver says the run has an observer (the local player) at
	// Observer.
	HasObserver    bool
	Observer       Vec3
	ObserverIndoor bool
	// Brief asks a Source to fill only what History.Record reads: each
	// object's guid, name, cell, position, contact, InterpolationManager
	// state, its queue's head (Queue holds at most that; Interp.QueueLen is
	// the length) and the server truth.
	Brief bool
	// Briefs are the live objects of a brief snapshot, in creation order:
	// a Source asked for a Brief one may fill these instead of Objects
	// (a Brief is 120 bytes, an Object over 1.3 KB; the pre-run takes one
	// of every object every few ticks).
	Briefs []Brief

	// nodes backs every object's Queue.
	nodes []Node
	// recorded holds a full snapshot's objects as briefs while Record
	// hands them to a History.
	recorded []Brief
}

// Object is one live object at the snapshot's tick.
type Object struct {
	GUID uint32
	Name string

	// Cell is m_position's cell; Pos the committed body position (the base
	// of the body) and Heading its heading, degrees clockwise from north.
	Cell    uint32
	Pos     Vec3
	Heading float64
	// Velocity is m_velocityVector, m/s.
	Velocity Vec3
	// Contact, OnWalkable and Active are transient_state bits 0x1, 0x2 and
	// 0x80.
	Contact, OnWalkable, Active bool
	// Radius and Height are the body's cylinder, metres.
	Radius, Height float64
	// PlayerDistance is the observer's distance to the body, metres.
	PlayerDistance float64

	// Interp is the InterpolationManager's state; Queue its queue, head
	// first.
	Interp interp.InterpolationState
	Queue  []Node
	// CatchUpSpeed is adjust_offset's catch-up speed, m/s (seed 000 §4).
	CatchUpSpeed float64
	// Constraint is the ConstraintManager's state, when Constrained.
	Constrained bool
	Constraint  interp.ConstraintState
	// Stuck says the StickyManager holds a target: StickyTarget is where it
	// last saw it (global metres), StickyStandoff the distance between
	// centres the pull stops at (both radii and the 0.3 m standoff).
	Stuck          bool
	StickyID       uint32
	StickyTarget   Vec3
	StickyStandoff float64
	// MoveTo is the MoveToManager's state, when HasMoveTo (the object had a
	// move-to UpdateMotion).
	HasMoveTo bool
	MoveTo    interp.MoveToState

	// Motion names the interpreted motion, "" without a motion interpreter.
	Motion string

	// LastRoute is the branch of the last UpdatePosition, received at
	// LastRouteTick (0: none yet); Stamps are update_times now.
	LastRoute     physics.Route
	LastRouteTick int
	Stamps        [physics.NumStamps]uint16
	// StampsIn and StampsStored are the last UpdatePosition's instance,
	// position, teleport and force_position stamps and the ones stored
	// when it arrived, when HasStampCheck (seed 004 §2–§3).
	HasStampCheck          bool
	StampsIn, StampsStored [4]uint16

	// Stages is what each stage of the object's last tick produced, when
	// HasStages.
	HasStages bool
	Stages    physics.StageRecord

	// Truth is the latest server truth (received at TruthTick), when
	// HasTruth.
	HasTruth     bool
	Truth        Vec3
	TruthHeading float64
	TruthTick    int
}

// BriefOf is the Brief of a full snapshot's object.
func BriefOf(o *Object) Brief {
	b := Brief{
		GUID: o.GUID, Name: o.Name, Cell: o.Cell, Pos: o.Pos, Contact: o.Contact,
		QueueLen: max(len(o.Queue), o.Interp.QueueLen), FailCounter: int(o.Interp.FailCounter),
		HasTruth: o.HasTruth, Truth: o.Truth,
	}
	if len(o.Queue) > 0 && o.Queue[0].Type == interp.NodePosition {
		b.HeadPosition, b.HeadPos = true, o.Queue[0].Pos
	}
	return b
}

// Node is one interpolation node (seed 000 §1) in global metres.
type Node struct {
	Type     interp.NodeType
	Cell     uint32
	Pos      Vec3
	Heading  float64
	Velocity Vec3
}

// Reset empties the snapshot for a tick, keeping its storage.
func (s *Snapshot) Reset(tick int) {
	s.Tick = tick
	s.Objects = s.Objects[:0]
	s.Briefs = s.Briefs[:0]
	s.nodes = s.nodes[:0]
	s.HasObserver = false
}

// AddObject appends o and returns it for the caller to finish; its Queue is
// empty until AddNode.
func (s *Snapshot) AddObject(o Object) *Object {
	o.Queue = nil
	s.Objects = append(s.Objects, o)
	return &s.Objects[len(s.Objects)-1]
}

// AddNode appends n to the queue of the last object added. Nodes must be
// added object by object, head first.
func (s *Snapshot) AddNode(n Node) {
	o := &s.Objects[len(s.Objects)-1]
	grew := cap(s.nodes) == len(s.nodes)
	s.nodes = append(s.nodes, n)
	if grew {
		// The backing array moved: re-slice every queue onto it.
		off := 0
		for i := range s.Objects {
			k := len(s.Objects[i].Queue)
			if i == len(s.Objects)-1 {
				k = len(o.Queue) + 1
			}
			s.Objects[i].Queue = s.nodes[off : off+k : off+k]
			off += k
		}
		return
	}
	start := len(s.nodes) - len(o.Queue) - 1
	o.Queue = s.nodes[start:len(s.nodes):len(s.nodes)]
}

// Find returns the index of the object guid, or −1.
func (s *Snapshot) Find(guid uint32) int {
	for i := range s.Objects {
		if s.Objects[i].GUID == guid {
			return i
		}
	}
	return -1
}

// Global returns a position's global coordinates as a Vec3.
func Global(p *physics.Position) Vec3 { return store.Global(p) }

// Local returns a global point in the coordinates of cell's landblock, as a
// position's frame spells them.
func Local(cell uint32, p Vec3) Vec3 {
	return Vec3{p[0] - float64(cell>>24)*physics.LandblockLength, p[1] - float64(cell>>16&0xFF)*physics.LandblockLength, p[2]}
}
