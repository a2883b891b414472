// Queue: InterpolationNode and the position_queue (seed 000 §1, §8). Retail
// keeps a singly linked FIFO list; here it is a fixed ring, so enqueueing,
// popping and copying for a checkpoint never allocate.

package interp

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// NodeType is InterpolationNode::type (seed 000 §1).
type NodeType uint8

const (
	// NodePosition (1) is a position waypoint; adjust_offset walks toward it.
	NodePosition NodeType = 1
	// NodeJump (2) is a velocity-bearing node UseTime just completes (ACE
	// names it JumpType).
	NodeJump NodeType = 2
	// NodeVelocity (3) is a velocity-bearing node UseTime applies with
	// set_velocity, then completes (ACE VelocityType).
	NodeVelocity NodeType = 3
)

// String names the node type.
func (t NodeType) String() string {
	switch t {
	case NodePosition:
		return "position"
	case NodeJump:
		return "jump"
	case NodeVelocity:
		return "velocity"
	}
	return fmt.Sprintf("NodeType(%d)", uint8(t))
}

// Node is InterpolationNode (0x60 bytes in retail, seed 000 §1): its type,
// its position (objcell_id + frame) and, for types 2 and 3, a velocity
// (+0x50..+0x58).
type Node struct {
	Type     NodeType
	Position physics.Position
	Velocity mgl32.Vec3
}

// nodeQueue is position_queue: head is the node walked toward first, tail
// the most recent enqueue (seed 000 §1, §8).
type nodeQueue struct {
	head  int
	n     int
	nodes [queueCapacity]Node
}

// Len is the number of queued nodes.
func (q *nodeQueue) Len() int { return q.n }

// at returns the i-th node from the head (0 = head), by pointer into the ring.
func (q *nodeQueue) at(i int) *Node { return &q.nodes[(q.head+i)%queueCapacity] }

// front is head_; only valid when Len() > 0.
func (q *nodeQueue) front() *Node { return q.at(0) }

// back is tail_; only valid when Len() > 0.
func (q *nodeQueue) back() *Node { return q.at(q.n - 1) }

// pushBack appends at the tail (seed 000 §8 "Enqueue tail"). A full ring
// drops its head first and reports it.
func (q *nodeQueue) pushBack(n Node) (dropped bool) {
	if q.n == queueCapacity {
		q.popFront()
		dropped = true
	}
	q.nodes[(q.head+q.n)%queueCapacity] = n
	q.n++
	return dropped
}

// popFront removes the head (seed 000 §8 "Pop head"); the caller has checked
// Len() > 0.
func (q *nodeQueue) popFront() Node {
	n := q.nodes[q.head]
	q.nodes[q.head] = Node{}
	q.head = (q.head + 1) % queueCapacity
	q.n--
	if q.n == 0 {
		q.head = 0
	}
	return n
}

// popBack is LListBase::RemoveTail (seed 000 §8); the caller has checked
// Len() > 0.
func (q *nodeQueue) popBack() {
	*q.back() = Node{}
	q.n--
	if q.n == 0 {
		q.head = 0
	}
}

// clear drains the queue (StopInterpolating's node loop, seed 000 §2),
// leaving it equal to nodeQueue{}. Every slot outside the live range is
// already zero — pushBack writes only the slot it fills, and popFront,
// popBack and clear zero the slots they free — so zeroing the live nodes is
// enough: StopInterpolating runs every time a remote reaches its last node,
// and zeroing the whole 2 KB ring there cost more than the tick's
// interpolation step (TestNodeQueue_ClearIsZero).
func (q *nodeQueue) clear() {
	for i := range q.n {
		*q.at(i) = Node{}
	}
	q.head, q.n = 0, 0
}
