// The state at the cursor tick as the viewer draws it: every live object as
// the engine views it (engine.ObjectView) — its body, InterpolationManager
// state and queue (seed 000), constraint, last routing branch and stamps
// (seed 004), the stage record of its last tick (seed 003 §12) and the
// latest server truth — and the observer.

package model

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
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
	// Objects are the live objects, in creation order, as the engine views
	// them (engine.Query.ObjectsQueued): positions landblock-local (Global
	// puts them in global metres), each with its queue.
	Objects []engine.ObjectView
	// Nodes backs every object's Queue.
	Nodes []interp.Node
	// HasObserver says the run has an observer (the local player) at
	// Observer.
	HasObserver    bool
	Observer       Vec3
	ObserverIndoor bool
	// Brief asks a Source to fill only what History.Record reads: each
	// object's guid, name, cell, position, contact, InterpolationManager
	// queue length, head and fail counter, and the server truth.
	Brief bool
	// Briefs are the live objects of a brief snapshot, in creation order:
	// a Source asked for a Brief one may fill these instead of Objects
	// (a Brief is under 150 bytes, an object's view over 1.1 KB; the
	// pre-run takes one of every object every few ticks).
	Briefs []store.Brief

	// recorded holds a full snapshot's objects as briefs while Record
	// hands them to a History.
	recorded []store.Brief
}

// Reset empties the snapshot for a tick, keeping its storage.
func (s *Snapshot) Reset(tick int) {
	s.Tick = tick
	s.Objects = s.Objects[:0]
	s.Briefs = s.Briefs[:0]
	s.Nodes = s.Nodes[:0]
	s.HasObserver = false
}

// AddObject appends o and returns it for the caller to finish; its Queue is
// empty until AddNode.
func (s *Snapshot) AddObject(o engine.ObjectView) *engine.ObjectView {
	o.Queue = nil
	s.Objects = append(s.Objects, o)
	return &s.Objects[len(s.Objects)-1]
}

// AddNode appends n to the queue of the last object added. Nodes must be
// added object by object, head first.
func (s *Snapshot) AddNode(n interp.Node) {
	o := &s.Objects[len(s.Objects)-1]
	grew := cap(s.Nodes) == len(s.Nodes)
	s.Nodes = append(s.Nodes, n)
	if grew {
		// The backing array moved: re-slice every queue onto it.
		off := 0
		for i := range s.Objects {
			k := len(s.Objects[i].Queue)
			if i == len(s.Objects)-1 {
				k = len(o.Queue) + 1
			}
			s.Objects[i].Queue = s.Nodes[off : off+k : off+k]
			off += k
		}
		return
	}
	start := len(s.Nodes) - len(o.Queue) - 1
	o.Queue = s.Nodes[start:len(s.Nodes):len(s.Nodes)]
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

// Vec returns a float32 vector (a velocity) as a Vec3.
func Vec(v mgl32.Vec3) Vec3 { return Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// Local returns a global point in the coordinates of cell's landblock, as a
// position's frame spells them.
func Local(cell uint32, p Vec3) Vec3 {
	return Vec3{p[0] - float64(cell>>24)*physics.LandblockLength, p[1] - float64(cell>>16&0xFF)*physics.LandblockLength, p[2]}
}
