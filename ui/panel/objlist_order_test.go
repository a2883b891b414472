package panel

import (
	"testing"

	"glidepath/engine"
)

// Held items are listed under their holder (engine object.go); one whose
// holder is not live, and a cycle of holders, keep creation order.
func TestListOrder_HeldUnderHolder(t *testing.T) {
	objs := []engine.ObjectView{
		{GUID: 1}, {GUID: 2}, {GUID: 3, Parent: 1}, {GUID: 4, Parent: 9}, {GUID: 5, Parent: 3},
		{GUID: 6, Parent: 7}, {GUID: 7, Parent: 6},
	}
	got := listOrder(objs, nil)
	want := []int{0, 2, 4, 1, 3, 5, 6}
	if len(got) != len(want) {
		t.Fatalf("order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
	if !heldUnder(objs, got, 1) || heldUnder(objs, got, 4) {
		t.Errorf("held-under marks wrong for %v", got)
	}
}
