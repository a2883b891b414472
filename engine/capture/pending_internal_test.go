package capture

import "testing"

// The object held longest is the one whose create waits at the lowest
// slot, whatever order the map is walked in; both the bound check
// (checkHeld) and the capture's end (giveUpAll) give it up first.
func TestOldestPending_LowestSlot(t *testing.T) {
	for _, slots := range [][]int{{5, 2, 9}, {2, 9, 5}, {9, 5, 2}} {
		w := &world{pending: map[uint32]pend{}}
		for i, s := range slots {
			w.pending[0x80000001+uint32(i)] = pend{slot: s, t: float64(s)}
		}
		for range 20 {
			g, p := w.oldestPending()
			if p.slot != 2 || w.pending[g].slot != 2 || p.t != 2 {
				t.Fatalf("slots %v: oldest %#x at slot %d, want slot 2", slots, g, p.slot)
			}
		}
	}
}
