// Statics loaded per landblock: the static objects and buildings of the
// client's world (LandBlockInfo, docs/world.md) read on first use of a
// landblock and kept, so a body meets the statics of every landblock it
// reaches without the world listing them all up front.

package physics

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl32"
)

// StaticsLoader reads landblock XXYY's static obstacles (in that
// landblock's frame) on first use; it is called at most once per landblock,
// under a lock, and must be a pure function of its argument.
type StaticsLoader func(landblock uint16) []Obstacle

// staticsRange is how far past a landblock's edge, metres, a body looks
// for the neighbouring landblock's statics: a static standing within this
// of the edge is met from the other side (the largest statics' radius).
const staticsRange = 24

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

// staticsMemo is an object's memo of its last statics test that met none:
// the lazyStatics asked and the landblocks it looked in (the landblock
// holding the point and the neighbours within staticsRange of it), every
// one of them loaded and empty. A landblock's statics never change once
// loaded, so a test that would look in the same landblocks again meets
// none either, and loads nothing: skipping it changes no result.
type staticsMemo struct {
	l   *lazyStatics
	key uint32
}

// hit is obstacleHit over the loaded statics of the landblock holding p (in
// the frame of landblock lbx, lby) and of its neighbours within
// staticsRange of p, in a fixed order (west to east, south to north). memo,
// when not nil, is the asking object's memo (staticsMemo).
func (l *lazyStatics) hit(memo *staticsMemo, lbx, lby int32, p mgl32.Vec3, r, h, stepUp float32) (n mgl32.Vec3, depth float32, hit bool) {
	bx, by, lx, ly := lbx, lby, p[0], p[1]
	if !(lx >= 0 && lx < LandblockLength) { // NaN too
		if !finite32(p[0]) || !finite32(p[1]) {
			return n, 0, false
		}
		bx = lbx + int32(math.Floor(float64(p[0])/LandblockLength))
		lx = p[0] - float32((bx-lbx)*LandblockLength)
	}
	if !(ly >= 0 && ly < LandblockLength) {
		if !finite32(p[0]) || !finite32(p[1]) {
			return n, 0, false
		}
		by = lby + int32(math.Floor(float64(p[1])/LandblockLength))
		ly = p[1] - float32((by-lby)*LandblockLength)
	}
	x0, x1 := bx, bx
	var key uint32
	if lx < staticsRange {
		x0--
		key |= 1
	}
	if lx > LandblockLength-staticsRange {
		x1++
		key |= 2
	}
	y0, y1 := by, by
	if ly < staticsRange {
		y0--
		key |= 4
	}
	if ly > LandblockLength-staticsRange {
		y1++
		key |= 8
	}
	inMap := bx >= 0 && bx <= 0xFF && by >= 0 && by <= 0xFF
	key |= uint32(bx)<<12 | uint32(by)<<4 | 1<<31
	if memo != nil && inMap && memo.l == l && memo.key == key {
		return n, 0, false
	}
	empty := true
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			if x < 0 || x > 0xFF || y < 0 || y > 0xFF {
				continue
			}
			obs := *l.get(uint16(x<<8 | y))
			empty = empty && len(obs) == 0
			for i := range obs {
				if n, depth, hit = obs[i].overlap(lbx, lby, p, r, h, stepUp); hit {
					return n, depth, true
				}
			}
		}
	}
	if memo != nil {
		if empty && inMap {
			memo.l, memo.key = l, key
		} else {
			memo.l = nil
		}
	}
	return n, 0, false
}
