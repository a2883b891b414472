package interp

import (
	"math/rand/v2"
	"testing"
)

// TestNodeQueue_ClearIsZero drives the ring through random pushes and pops
// (wrapping, overflowing, emptying) and checks the invariant clear relies
// on: every slot outside the live range is zero, so clearing only the live
// nodes leaves exactly nodeQueue{}.
func TestNodeQueue_ClearIsZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 7))
	var q nodeQueue
	for step := range 200_000 {
		switch op := rng.IntN(10); {
		case op < 5:
			q.pushBack(Node{Type: NodeType(1 + rng.IntN(3)), Position: at(rng.Float32()*100, 10, 0)})
		case op < 7 && q.Len() > 0:
			q.popFront()
		case op < 9 && q.Len() > 0:
			q.popBack()
		default:
			q.clear()
			if q != (nodeQueue{}) {
				t.Fatalf("step %d: clear left %+v", step, q)
			}
		}
		for i := range queueCapacity {
			live := (i-q.head+queueCapacity)%queueCapacity < q.n
			if !live && q.nodes[i] != (Node{}) {
				t.Fatalf("step %d: slot %d outside the live range [head %d, %d nodes) is not zero", step, i, q.head, q.n)
			}
		}
	}
}
