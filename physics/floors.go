// Floors: the stand-in floor of a world without geometry under a body. Without
// dat files Glidepath's ground is one flat plane at the observer's height,
// and an indoor cell has no ground at all; a real session (a capture of the
// retail client) then drops bodies through the world — a player jumping
// indoors falls until the next UpdatePosition snaps him back. The server
// knows where the floor is: it puts every body on it. Floors keeps, per
// cell, the height the server last put a body at (a grounded UpdatePosition,
// or a creation), from the tick that message is delivered on — and, per
// body, the height it last put that body at in that cell. A sweep in a cell
// with a floor takes as the ground there the body's own height in that cell
// when the server gave it one, else the cell's (transition.go): on a sloped
// outdoor cell a body keeps its own level rather than another body's.
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

// Floors is the per-cell (and per body and cell) record of the heights the
// server put bodies at. Learn and At may run concurrently (a store still
// being read while a run ticks); each key's samples are in tick order, as
// the events are.
type Floors struct {
	mu   sync.RWMutex
	keys []uint64 // sorted: cell<<32 | body guid, 0 for the cell's own
	hist [][]floorSample
}

func floorKey(cell, body uint32) uint64 { return uint64(cell)<<32 | uint64(body) }

// NewFloors returns an empty record.
func NewFloors() *Floors { return &Floors{} }

// Learn notes that the server put body (its guid) at height z in cell,
// delivered in tick. A sample earlier than the key's last is taken as at
// the last's tick (events arrive in time order; a seek never learns).
func (f *Floors) Learn(cell, body uint32, tick int32, z float32) {
	if f == nil || z != z {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.learn(floorKey(cell, 0), tick, z)
	if body != 0 {
		f.learn(floorKey(cell, body), tick, z)
	}
}

func (f *Floors) learn(key uint64, tick int32, z float32) {
	i := sort.Search(len(f.keys), func(i int) bool { return f.keys[i] >= key })
	if i == len(f.keys) || f.keys[i] != key {
		f.keys = append(f.keys, 0)
		copy(f.keys[i+1:], f.keys[i:])
		f.keys[i] = key
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

// At is the floor under body in cell at tick: the height the server last
// put that body at there by then, else the height of the last body it put
// there (body 0 asks for the cell's); false when it put none there yet.
func (f *Floors) At(cell, body uint32, tick int32) (float32, bool) {
	if f == nil {
		return 0, false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	if body != 0 {
		if z, ok := f.at(floorKey(cell, body), tick); ok {
			return z, true
		}
	}
	return f.at(floorKey(cell, 0), tick)
}

func (f *Floors) at(key uint64, tick int32) (float32, bool) {
	i := sort.Search(len(f.keys), func(i int) bool { return f.keys[i] >= key })
	if i == len(f.keys) || f.keys[i] != key {
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
		cell := uint32(f.keys[i] >> 32)
		if uint32(f.keys[i]) == 0 && len(h) > 0 && h[0].tick <= tick && (!indoorOnly || IsIndoorCell(cell)) {
			n++
		}
	}
	return n
}

// FloorAt is the stand-in floor of cell at the world's current tick
// (World.FloorTick): only when the world keeps Floors, and outdoors only
// when FloorsOutdoors (no dat terrain).
func (w *World) FloorAt(cell uint32) (float32, bool) { return w.FloorUnder(cell, 0) }

// FloorUnder is FloorAt for the body whose floor is kept under key
// (Object.FloorKey, its guid): its own height in cell when the server gave
// it one there, else the cell's.
func (w *World) FloorUnder(cell, key uint32) (float32, bool) {
	if w == nil || w.Floors == nil || (!IsIndoorCell(cell) && !w.FloorsOutdoors) {
		return 0, false
	}
	return w.Floors.At(cell, key, w.FloorTick)
}
