package physics

import "testing"

// Floors keeps, per cell, the height the server last put a body at, from
// the tick that message is delivered on (docs/real-sessions.md, "Never
// through the world").
func TestFloors_LastHeightFromItsTick(t *testing.T) {
	f := NewFloors()
	const hall, yard = 0x860201AD, 0xA9B4001F
	f.Learn(hall, 0, 10, 0.005)
	f.Learn(yard, 0, 12, 20)
	f.Learn(hall, 0, 40, 1.5)
	for _, c := range []struct {
		cell uint32
		tick int32
		z    float32
		ok   bool
	}{
		{hall, 9, 0, false}, // nothing delivered there yet
		{hall, 10, 0.005, true},
		{hall, 39, 0.005, true},
		{hall, 40, 1.5, true}, // the last one by then
		{yard, 100, 20, true},
		{0x860201AE, 100, 0, false}, // another cell
	} {
		z, ok := f.At(c.cell, 0, c.tick)
		if ok != c.ok || z != c.z {
			t.Errorf("At(0x%08X, %d) = %v, %v; want %v, %v", c.cell, c.tick, z, ok, c.z, c.ok)
		}
	}
	if n := f.Cells(11, false); n != 1 {
		t.Errorf("Cells(11) = %d, want 1", n)
	}
	if n := f.Cells(100, true); n != 1 {
		t.Errorf("indoor Cells(100) = %d, want 1", n)
	}
	// A sample of an earlier tick than the cell's last counts from the
	// last's tick: the record never changes what a tick already saw.
	f.Learn(hall, 0, 5, -3)
	if z, _ := f.At(hall, 0, 39); z != 0.005 {
		t.Errorf("tick 39 saw %v after a late sample, want 0.005", z)
	}
	if z, _ := f.At(hall, 0, 40); z != -3 {
		t.Errorf("tick 40: %v, want the late sample's -3", z)
	}
}

// World.FloorAt: indoors always when the world keeps floors; outdoors only
// while no dat terrain is the ground (FloorsOutdoors).
func TestWorld_FloorAtIndoorsAndOutdoors(t *testing.T) {
	w := &World{Floors: NewFloors(), FloorTick: 5}
	w.Floors.Learn(0x860201AD, 0, 1, 2)
	w.Floors.Learn(0xA9B4001F, 0, 1, 7)
	if z, ok := w.FloorAt(0x860201AD); !ok || z != 2 {
		t.Errorf("indoor: %v %v", z, ok)
	}
	if _, ok := w.FloorAt(0xA9B4001F); ok {
		t.Error("outdoor floor used while the terrain is the ground")
	}
	w.FloorsOutdoors = true
	if z, ok := w.FloorAt(0xA9B4001F); !ok || z != 7 {
		t.Errorf("outdoor: %v %v", z, ok)
	}
	var none *World
	if _, ok := none.FloorAt(0x860201AD); ok {
		t.Error("a nil world has a floor")
	}
}

// On a sloped outdoor cell two bodies stand at different heights: each
// keeps its own level (the height the server last put it at there), and a
// body the server never put in the cell gets the cell's last.
func TestFloors_EachBodyItsOwnLevel(t *testing.T) {
	f := NewFloors()
	const cell, low, high, other = 0xA9B4001F, 0x80000A01, 0x80000A02, 0x80000A03
	f.Learn(cell, low, 1, 10)
	f.Learn(cell, high, 2, 14)
	if z, _ := f.At(cell, low, 5); z != 10 {
		t.Errorf("the low body's floor %v, want its own 10 (not the last body's 14)", z)
	}
	if z, _ := f.At(cell, high, 5); z != 14 {
		t.Errorf("the high body's floor %v, want 14", z)
	}
	if z, _ := f.At(cell, other, 5); z != 14 {
		t.Errorf("a body never put there: %v, want the cell's last, 14", z)
	}
	if n := f.Cells(5, false); n != 1 {
		t.Errorf("Cells = %d, want 1 (bodies are not cells)", n)
	}
	w := &World{Floors: f, FloorsOutdoors: true, FloorTick: 5}
	if z, ok := w.FloorUnder(cell, low); !ok || z != 10 {
		t.Errorf("FloorUnder: %v %v", z, ok)
	}
}
