// Floors: the stand-in floor of a world without geometry under a body. Without
// dat files Glidepath's ground is one flat plane at the observer's height,
// and an indoor cell has no ground at all; a real session (a capture of the
// retail client) then drops bodies through the world — a player jumping
// indoors falls until the next UpdatePosition snaps him back. The server
// knows where the floor is: it puts every body on it. Floors keeps, per
// cell, the height the server last put a body at (a grounded UpdatePosition,
// or a creation), from the tick that message is delivered on; a sweep in a
// cell with a floor takes it as the ground there (transition.go).
//
// It is a small, separate piece of the world model, queried through
// World.FloorAt (cell → height), so that a transition over real geometry can
// ask it where the geometry is missing (indoors before the cell's EnvCell
// is read). docs/real-sessions.md, "Never through the world".

package physics

import (
	"sort"
	"sync"
)

// floorSample is one server height in a cell, valid from a tick on.
type floorSample struct {
	tick int32
	z    float32
}

// Floors is the per-cell record of the heights the server put bodies at.
// Learn and At may run concurrently (a store still being read while a run
// ticks); each cell's samples are in tick order, as the events are.
type Floors struct {
	mu    sync.RWMutex
	cells []uint32 // sorted
	hist  [][]floorSample
}

// NewFloors returns an empty record.
func NewFloors() *Floors { return &Floors{} }

// Learn notes that the server put a body at height z in cell, delivered in
// tick. A sample earlier than the cell's last is taken as at the last's
// tick (events arrive in time order; a seek never learns).
func (f *Floors) Learn(cell uint32, tick int32, z float32) {
	if f == nil || z != z {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	i := sort.Search(len(f.cells), func(i int) bool { return f.cells[i] >= cell })
	if i == len(f.cells) || f.cells[i] != cell {
		f.cells = append(f.cells, 0)
		copy(f.cells[i+1:], f.cells[i:])
		f.cells[i] = cell
		f.hist = append(f.hist, nil)
		copy(f.hist[i+1:], f.hist[i:])
		f.hist[i] = nil
	}
	h := f.hist[i]
	if n := len(h); n > 0 && h[n-1].tick >= tick {
		if h[n-1].tick == tick {
			h[n-1].z = z
			return
		}
		tick = h[n-1].tick
	}
	f.hist[i] = append(h, floorSample{tick, z})
}

// At is the floor of cell at tick: the height of the last body the server
// put there by then; false when it put none there yet.
func (f *Floors) At(cell uint32, tick int32) (float32, bool) {
	if f == nil {
		return 0, false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	i := sort.Search(len(f.cells), func(i int) bool { return f.cells[i] >= cell })
	if i == len(f.cells) || f.cells[i] != cell {
		return 0, false
	}
	h := f.hist[i]
	j := sort.Search(len(h), func(j int) bool { return h[j].tick > tick })
	if j == 0 {
		return 0, false
	}
	return h[j-1].z, true
}

// Cells is how many cells have a floor by tick (indoor cells only, with
// indoorOnly).
func (f *Floors) Cells(tick int32, indoorOnly bool) int {
	if f == nil {
		return 0
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	n := 0
	for i, h := range f.hist {
		if len(h) > 0 && h[0].tick <= tick && (!indoorOnly || IsIndoorCell(f.cells[i])) {
			n++
		}
	}
	return n
}

// FloorAt is the stand-in floor under a body in cell at the world's current
// tick (World.FloorTick): only when the world keeps Floors, and outdoors
// only when FloorsOutdoors (no dat terrain).
func (w *World) FloorAt(cell uint32) (float32, bool) {
	if w == nil || w.Floors == nil || (!IsIndoorCell(cell) && !w.FloorsOutdoors) {
		return 0, false
	}
	return w.Floors.At(cell, w.FloorTick)
}
