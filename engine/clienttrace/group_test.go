// The tick's guid index: find gives the row a linear search of the tick's
// rows gives, whatever it remembers from the ticks before.

package clienttrace

import (
	"math/rand/v2"
	"testing"
)

func TestGroupIndex_FindIsTheRowOfTheTick(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 41))
	var g groupIndex
	order := []uint32{1, 2, 3, 4, 5, 6}
	for tick := range 400 {
		// Now and then an object goes, comes back at the end, or two
		// swap; most ticks repeat the order before.
		switch rng.IntN(8) {
		case 0:
			if len(order) > 1 {
				k := rng.IntN(len(order))
				order = append(order[:k:k], order[k+1:]...)
			}
		case 1:
			order = append(order, uint32(1+rng.IntN(9)))
		case 2:
			i, j := rng.IntN(len(order)), rng.IntN(len(order))
			order[i], order[j] = order[j], order[i]
		}
		g.reset()
		var rows []uint32
		for _, guid := range order {
			if _, dup := g.add(guid); !dup {
				rows = append(rows, guid)
			}
		}
		for guid := uint32(0); guid <= 10; guid++ {
			want, wantOK := -1, false
			for k, x := range rows {
				if x == guid {
					want, wantOK = k, true
					break
				}
			}
			if got, ok := g.find(guid); ok != wantOK || (ok && got != want) {
				t.Fatalf("tick %d, rows %v: find(%d) = %d, %v; want %d, %v", tick, rows, guid, got, ok, want, wantOK)
			}
		}
	}
}
