// Snapshot: a deep copy of a PositionManager's state for the engine's
// checkpoints (DESIGN.md "Time, snapshots and seeking"). The state is plain
// values — the queue is a fixed ring — so a snapshot is a copy, and restoring
// it makes the manager evolve bit-identically to the original.

package interp

import "glidepath/physics"

// Snapshot is a PositionManager's full state with no references: no body,
// lookup or sink. Its zero value restores a fresh manager.
type Snapshot struct {
	reading Reading
	now     float64

	hasInterp bool
	interp    interpState

	hasSticky bool
	sticky    StickyState

	hasConstraint bool
	constraint    ConstraintState
}

// Snapshot copies the manager's state.
func (pm *PositionManager) Snapshot() Snapshot {
	s := Snapshot{reading: pm.reading, now: pm.now}
	if pm.interp != nil {
		s.hasInterp, s.interp = true, pm.interp.st
	}
	if pm.sticky != nil {
		s.hasSticky, s.sticky = true, pm.sticky.st
	}
	if pm.constraint != nil {
		s.hasConstraint, s.constraint = true, pm.constraint.st
	}
	return s
}

// Restore replaces the manager's state with s, keeping the manager's own
// body, lookup and sink. A snapshot taken before a sub-manager existed
// removes it. The zero Snapshot keeps the manager's reading.
func (pm *PositionManager) Restore(s *Snapshot) {
	if s.reading != (Reading{}) {
		pm.reading = s.reading
	}
	pm.now = s.now
	if s.hasInterp {
		m := pm.makeInterpolation()
		m.reading = pm.reading
		m.st = s.interp
	} else {
		pm.interp = nil
	}
	if s.hasSticky {
		pm.makeSticky().st = s.sticky
	} else {
		pm.sticky = nil
	}
	if s.hasConstraint {
		c := pm.makeConstraint()
		c.reading = pm.reading
		c.st = s.constraint
	} else {
		pm.constraint = nil
	}
}

// Clone returns a new manager with pm's state, bound to body, lookup and
// sink (a checkpoint restored onto a copy of the world's objects).
func (pm *PositionManager) Clone(body Body, lookup ObjectLookup, sink Sink) *PositionManager {
	c := &PositionManager{reading: pm.reading, body: body, lookup: lookup, sink: sink}
	s := pm.Snapshot()
	c.Restore(&s)
	return c
}

// Packed is a Snapshot that keeps only the queue's live nodes, for holding
// many of them (the engine's checkpoints): the queue is a ring of
// MaxQueuedNodes+1 nodes, most of them empty on a typical remote, and it is
// most of a Snapshot's size.
type Packed struct {
	reading       Reading
	now           float64
	hasInterp     bool
	hasSticky     bool
	hasConstraint bool
	interp        packedInterp
	sticky        StickyState
	constraint    ConstraintState
	// nodes are the queue's nodes, head first.
	nodes []Node
}

// packedInterp is interpState without its queue (kept field for field; a
// test fails when interpState gains a field this does not carry).
type packedInterp struct {
	keepHeading      bool
	frameCounter     uint32
	originalDistance float32
	progressQuantum  float32
	nodeFailCounter  int32
	bliptoPosition   physics.Position
	useAdjustedSpeed bool
}

// Pack returns s with only its live queue nodes.
func (s *Snapshot) Pack() Packed {
	p := Packed{
		reading: s.reading, now: s.now,
		hasInterp: s.hasInterp, hasSticky: s.hasSticky, hasConstraint: s.hasConstraint,
		sticky: s.sticky, constraint: s.constraint,
	}
	if s.hasInterp {
		st := &s.interp
		p.interp = packedInterp{
			keepHeading: st.keepHeading, frameCounter: st.frameCounter,
			originalDistance: st.originalDistance, progressQuantum: st.progressQuantum,
			nodeFailCounter: st.nodeFailCounter, bliptoPosition: st.bliptoPosition,
			useAdjustedSpeed: st.useAdjustedSpeed,
		}
		if n := st.queue.Len(); n > 0 {
			p.nodes = make([]Node, n)
			for i := range n {
				p.nodes[i] = *st.queue.at(i)
			}
		}
	}
	return p
}

// NumNodes is how many queue nodes p holds.
func (p *Packed) NumNodes() int { return len(p.nodes) }

// Unpack makes dst the snapshot p was packed from (its queue's ring starts
// at the head; the manager reads it only from the head).
func (p *Packed) Unpack(dst *Snapshot) {
	*dst = Snapshot{
		reading: p.reading, now: p.now,
		hasInterp: p.hasInterp, hasSticky: p.hasSticky, hasConstraint: p.hasConstraint,
		sticky: p.sticky, constraint: p.constraint,
	}
	if p.hasInterp {
		st := &dst.interp
		pi := &p.interp
		st.keepHeading, st.frameCounter = pi.keepHeading, pi.frameCounter
		st.originalDistance, st.progressQuantum = pi.originalDistance, pi.progressQuantum
		st.nodeFailCounter, st.bliptoPosition = pi.nodeFailCounter, pi.bliptoPosition
		st.useAdjustedSpeed = pi.useAdjustedSpeed
		for _, n := range p.nodes {
			st.queue.pushBack(n)
		}
	}
}
