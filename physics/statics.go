// Statics loaded per landblock: the static objects and buildings of the
// client's world (LandBlockInfo, docs/world.md) read on first use of a
// landblock and kept, so a body meets the statics of every landblock it
// reaches without the world listing them all up front.

package physics

import (
	"sync"
	"sync/atomic"
)

// StaticsLoader reads landblock XXYY's static obstacles (in that
// landblock's frame) on first use; it is called at most once per landblock,
// under a lock, and must be a pure function of its argument.
type StaticsLoader func(landblock uint16) []Obstacle

// lazyStatics is one slot per landblock: nil until loaded, then the list
// (noStatics when empty).
type lazyStatics struct {
	mu    sync.Mutex
	load  StaticsLoader
	slots [1 << 16]atomic.Pointer[[]Obstacle]
}

var noStatics = new([]Obstacle)

// SetStaticsLoader makes w read each landblock's statics with load on first
// use (after its Obstacles, which are always tested first).
func (w *World) SetStaticsLoader(load StaticsLoader) {
	w.statics = &lazyStatics{load: load}
}

// StaticsOf returns landblock XXYY's statics, loading them on first use
// (nil without a statics loader).
func (w *World) StaticsOf(landblock uint16) []Obstacle {
	if w == nil || w.statics == nil {
		return nil
	}
	return *w.statics.get(landblock)
}

func (l *lazyStatics) get(id uint16) *[]Obstacle {
	if p := l.slots[id].Load(); p != nil {
		return p
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.slots[id].Load(); p != nil {
		return p
	}
	p := noStatics
	if obs := l.load(id); len(obs) > 0 {
		c := append([]Obstacle(nil), obs...)
		p = &c
	}
	l.slots[id].Store(p)
	return p
}
