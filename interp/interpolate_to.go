// InterpolateTo: queueing a server position — the far, arrived and near
// branches, the tail-prune loop and the cap of 20 (seed 000 §3, seed 004 §4).

package interp

import "glidepath/physics"

// InterpolateTo is InterpolationManager::InterpolateTo (0x00555B20, seed 000
// §3, seed 004 §4). keepHeading is arg3 (CPhysicsObj::IsMovingTo at the
// MoveOrTeleport call site): keep the body's heading instead of the wire's.
//
// The distance is measured from the tail when it is a position node, else
// from the body. Beyond GetAutonomyBlipDistance the node is appended and
// node_fail_counter = 4 pre-arms a blip on the next UseTime (far). Within it,
// a body already within 0.05 m of p takes p's heading (unless keepHeading)
// and stops interpolating (arrived); otherwise tail nodes within 0.05 m of p
// are pruned, the head is dropped if 20 are queued, keep_heading is stored
// and the node appended (near).
//
// A nil p, or one with a non-finite origin or rotation, is ignored.
func (m *InterpolationManager) InterpolateTo(p *physics.Position, keepHeading bool) {
	if m.body == nil || p == nil || !finitePosition(p) {
		return
	}
	q := &m.st.queue
	bodyPos := m.body.Position()
	ref := &bodyPos
	if q.Len() > 0 && q.back().Type == NodePosition {
		ref = &q.back().Position
	}
	dist := ref.Distance(p)

	if dist > m.body.AutonomyBlipDistance() {
		// Far branch: the server is so far ahead that retail gives up on
		// gliding and, via the counter, teleports on the next UseTime. The
		// heading override reads the stored keep_heading (seed 004 §4 line
		// 352932), which this branch does not update.
		kh := m.st.keepHeading
		if m.reading.FarBranchHeadingFromArgument {
			kh = keepHeading
		}
		evicted := q.pushBack(m.newPositionNode(p, kh))
		if m.reading.FarBranchPrearm {
			m.st.nodeFailCounter = FarBranchFailCounter
		}
		if m.sink != nil {
			m.emit(Event{Kind: EventEnqueue, Branch: BranchFar, Evicted: evicted})
		}
		return
	}

	if bodyPos.Distance(p) <= DesiredDistance {
		// Arrived branch: nothing to walk to. get_heading of the call's
		// frame, read from a freshly cached copy: physics.Frame.Heading reads
		// the matrix cache, which a Position built as a literal never filled.
		if !keepHeading {
			f := p.Frame
			f.Cache()
			m.body.SetHeading(f.Heading(), true)
		}
		m.StopInterpolating()
		if m.sink != nil {
			m.emit(Event{Kind: EventEnqueue, Branch: BranchArrived})
		}
		return
	}

	// Near branch. The prune is a loop over the tail (retail line 352977):
	// several stale nodes that all sit on the new target collapse together.
	pruned := 0
	for q.Len() > 0 && q.back().Type == NodePosition && q.back().Position.Distance(p) <= DesiredDistance {
		q.popBack()
		pruned++
		if !m.reading.PruneLoop {
			break
		}
	}
	evicted := false
	if q.Len() >= MaxQueuedNodes {
		q.popFront()
		evicted = true
	}
	m.st.keepHeading = keepHeading
	if q.pushBack(m.newPositionNode(p, keepHeading)) {
		evicted = true
	}
	if m.sink != nil {
		m.emit(Event{Kind: EventEnqueue, Branch: BranchNear, Pruned: pruned, Evicted: evicted})
	}
}

// newPositionNode builds a type-1 node at p, its heading replaced by the
// body's when keepHeading (seed 000 §3).
func (m *InterpolationManager) newPositionNode(p *physics.Position, keepHeading bool) Node {
	n := Node{Type: NodePosition, Position: *p}
	n.Position.Frame.Cache()
	if keepHeading {
		n.Position.Frame.SetHeading(m.body.Heading())
	}
	return n
}

// appendVelocityNode queues a type-2 or type-3 node (seed 000 §1). No seed
// names the retail call that creates them; tests and the fuzzer use this to
// exercise UseTime's velocity branches.
func (m *InterpolationManager) appendVelocityNode(n Node) {
	m.st.queue.pushBack(n)
}
