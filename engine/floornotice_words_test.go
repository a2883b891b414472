package engine

import (
	"testing"

	"glidepath/engine/enginetest"
)

// The floor notice counts its cells as counts read: one object standing in
// one cell on the server's floor is "in 1 cell"; a second cell makes it
// "in 2 cells".
func TestFloorNotice_CountsCells(t *testing.T) {
	for _, c := range []struct {
		x    float32
		want string
	}{
		{91, "no dat files: ground from the server's positions in 1 cell"},
		{130, "no dat files: ground from the server's positions in 2 cells"},
	} {
		rec := enginetest.OneObject(false)
		rec.Header.Terrain.ServerFloor = true
		rec.Events = append(rec.Events, enginetest.PositionEvent(0.1, c.x, 90, 1))
		s, err := New(rec, Options{Assets: testAssets(), NoCheckpoints: true})
		if err != nil {
			t.Fatal(err)
		}
		for s.Tick() < s.LastTick() {
			s.Step()
		}
		if got := s.Query().FloorNotice(); got != c.want {
			t.Errorf("update at x %v: notice %q, want %q", c.x, got, c.want)
		}
	}
}
