package physics

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// The statics memo skips only tests that could meet nothing: along random
// walks over landblocks with and without statics, an object's memoised
// tests give exactly the results of unmemoised ones, and the landblocks
// load in the same order.
func TestStaticsMemo_ChangesNoResult(t *testing.T) {
	// Landblock 0x4040 and 0x4140 hold a cylinder near their shared edge;
	// the rest are empty.
	statics := func(id uint16) []Obstacle {
		switch id {
		case 0x4040:
			return []Obstacle{{Kind: ObstacleCylinder, Landblock: id, Center: mgl32.Vec3{180, 96, 0}, Radius: 2, Height: 4}}
		case 0x4141:
			return []Obstacle{{Kind: ObstacleCylinder, Landblock: id, Center: mgl32.Vec3{30, 10, 0}, Radius: 3, Height: 4}}
		}
		return nil
	}
	rng := rand.New(rand.NewPCG(1, 2))
	hits := 0
	for walk := 0; walk < 50; walk++ {
		var loadsA, loadsB []uint16
		var a, b World
		a.SetStaticsLoader(func(id uint16) []Obstacle { loadsA = append(loadsA, id); return statics(id) })
		b.SetStaticsLoader(func(id uint16) []Obstacle { loadsB = append(loadsB, id); return statics(id) })
		o := &Object{World: &b, Radius: 0.5, Height: 1.8, StepUpHeight: 0.4}
		p := mgl32.Vec3{rng.Float32() * 192, rng.Float32() * 192, 0}
		for i := 0; i < 2000; i++ {
			p = p.Add(mgl32.Vec3{rng.Float32()*8 - 4, rng.Float32()*8 - 4, 0})
			p[0], p[1] = min(max(p[0], -150), 340), min(max(p[1], -150), 340)
			n1, d1, h1 := a.obstacleHit(0x40, 0x40, p, o.Radius, o.Height, o.StepUpHeight)
			n2, d2, h2 := o.obstacleHit(0x40, 0x40, p)
			if n1 != n2 || d1 != d2 || h1 != h2 {
				t.Fatalf("walk %d step %d at %v: memo %v %v %v, without %v %v %v", walk, i, p, n2, d2, h2, n1, d1, h1)
			}
			if h1 {
				hits++
			}
		}
		if len(loadsA) != len(loadsB) {
			t.Fatalf("walk %d: loads %v with the memo, %v without", walk, loadsB, loadsA)
		}
		for i := range loadsA {
			if loadsA[i] != loadsB[i] {
				t.Fatalf("walk %d: loads %v with the memo, %v without", walk, loadsB, loadsA)
			}
		}
	}
	if hits == 0 {
		t.Fatal("no walk met a static: the comparison tested nothing")
	}
	// The memo is used: a body standing still in an empty landblock's
	// middle is tested once and then remembered.
	var w World
	calls := 0
	w.SetStaticsLoader(func(uint16) []Obstacle { calls++; return nil })
	o := &Object{World: &w, Radius: 0.5, Height: 1.8}
	for range 3 {
		o.obstacleHit(0x40, 0x40, mgl32.Vec3{96, 96, 0})
	}
	if calls != 1 || o.staticsMemo.l != w.statics {
		t.Errorf("%d loads, memo %+v", calls, o.staticsMemo)
	}
	// A memo from another world's statics is not trusted.
	var w2 World
	w2.SetStaticsLoader(func(uint16) []Obstacle {
		return []Obstacle{{Kind: ObstacleCylinder, Landblock: 0x4040, Center: mgl32.Vec3{96, 96, 0}, Radius: 2, Height: 4}}
	})
	o.World = &w2
	if _, _, hit := o.obstacleHit(0x40, 0x40, mgl32.Vec3{96, 96, 0}); !hit {
		t.Error("the memo of another world's statics hid an obstacle")
	}
}
