package interp

import "testing"

// useTimeIdle is a promise that UseTime would do nothing: over every fail
// counter around the thresholds, queue length and head type, wherever it
// says idle, UseTime leaves the state, the body and the sink untouched —
// and in each of its two cases (a position head, an empty queue) it does
// say idle, so the skip is taken.
func TestUseTimeIdle_UseTimeDoesNothing(t *testing.T) {
	idleSeen := map[bool]int{}
	for fail := int32(-2); fail <= 6; fail++ {
		for n := 0; n <= 3; n++ {
			for _, head := range []NodeType{NodePosition, NodeJump, NodeVelocity} {
				if n == 0 && head != NodePosition {
					continue
				}
				b := newBody(at(10, 10, 0))
				rec := &recorder{}
				m := newInterpolationManager(b, mustReading(ReadingSeed), RetailConstants(), nil)
				m.sink = rec
				for i := range n {
					typ := NodePosition
					if i == 0 {
						typ = head
					}
					m.st.queue.pushBack(Node{Type: typ, Position: at(20+float32(i), 10, 0)})
				}
				m.st.nodeFailCounter = fail
				m.st.bliptoPosition = at(30, 10, 0)
				if !m.useTimeIdle() {
					continue
				}
				idleSeen[n == 0]++
				before, pos := m.st, b.pos
				m.UseTime()
				if m.st != before || b.pos != pos || b.spsCalls != 0 || b.velocitySets != 0 || len(rec.events) != 0 {
					t.Errorf("fail %d, %d nodes, head %v: idle, but UseTime acted", fail, n, head)
				}
			}
		}
	}
	if idleSeen[true] == 0 || idleSeen[false] == 0 {
		t.Errorf("idle cases seen: empty queue %d, position head %d; want both", idleSeen[true], idleSeen[false])
	}
}
