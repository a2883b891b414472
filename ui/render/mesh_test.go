// Tests of how a pass's buffers grow (room): a frame filled from empty
// moves its vertices to a new array a doubling at a time, keeping them.

package render

import (
	"math"
	"testing"
)

// TestMesh_GrowsByDoubling: 100 000 vertices and their quads added one at
// a time move to a new array a doubling at a time from 256 (10 moves for
// the vertices, 13 for the indices), where append's quarter steps moved
// them about twice as often, each move a fresh array to fault in; nothing
// is lost on the way.
func TestMesh_GrowsByDoubling(t *testing.T) {
	const n = 100_000
	var m mesh
	movesV, movesI := 0, 0
	for k := range n {
		cv, ci := cap(m.v), cap(m.i)
		v := m.vert(float32(k), 0, rgba{1, 1, 1, 1})
		m.quad(v, v, v, v)
		if cap(m.v) != cv {
			movesV++
		}
		if cap(m.i) != ci {
			movesI++
		}
	}
	doublings := func(k int) int { return int(math.Ceil(math.Log2(float64(k)/minRoom))) + 1 }
	if movesV > doublings(n) || movesI > doublings(6*n) {
		t.Errorf("the buffers moved %d (vertices) and %d (indices) times for %d vertices, want at most %d and %d",
			movesV, movesI, n, doublings(n), doublings(6*n))
	}
	if cap(m.v) > 2*len(m.v) || cap(m.i) > 2*len(m.i) {
		t.Errorf("capacities %d and %d for %d vertices and %d indices, want at most twice", cap(m.v), cap(m.i), len(m.v), len(m.i))
	}
	for k := range m.v {
		if m.v[k].DstX != float32(k) || m.i[6*k] != uint32(k) || m.i[6*k+5] != uint32(k) {
			t.Fatalf("vertex %d: x %v, quad %v, want %d", k, m.v[k].DstX, m.i[6*k:6*k+6], k)
		}
	}
}

// TestRoom_KeepsWhatFits: room keeps the array while n more fit, and
// makes room for a batch larger than the doubling.
func TestRoom_KeepsWhatFits(t *testing.T) {
	s := make([]uint32, 3, 300)
	if r := room(s, 297); &r[:1][0] != &s[:1][0] {
		t.Error("room moved a buffer that had room")
	}
	r := room(s, 1000)
	if len(r) != 3 || cap(r) < 1003 {
		t.Errorf("room(len 3 cap 300, 1000): len %d cap %d, want len 3 and cap at least 1003", len(r), cap(r))
	}
}
