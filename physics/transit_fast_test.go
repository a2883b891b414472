package physics

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
)

// The transition's shortcut over a bare LandCell (transit_fast.go) checked
// against the whole transition, sweep by sweep (checkShortcut and the
// shared random bodies and moves: transit_shortcut_test.go).

// randomTerrain is a landblock pair of random heights: gentle, steep or
// flat stretches, split either way.
func randomTerrain(r *rand.Rand) *Terrain {
	t := &Terrain{Name: "random", BaseZ: r.Float32() * 10, RetailSplit: r.Intn(2) == 0}
	for _, lb := range []uint16{0xA9B4, 0xA9B5, 0xAAB4} {
		var h Heightfield
		amp := []float32{0, 0.5, 3, 12}[r.Intn(4)]
		base := r.Float32() * 20
		for i := range h {
			h[i] = base + r.Float32()*amp
			if r.Intn(5) == 0 {
				h[i] = base
			}
		}
		t.SetLandblock(lb, &h)
	}
	return t
}

// randomSweep sets o up as a body somewhere on w's landblock 0xA9B4 (on,
// above or just below the ground, in contact or not, sliding or not) and
// returns a sweep for it.
func randomSweep(r *rand.Rand, w *World, o *Object) (from Position, to Frame) {
	randomBody(r, w, o, bodySpread{radius: 0.8, height: 2.5, sphereRadius: 0.6, scales: [3]float32{0, 0.5, 1.7}, scaledOneIn: 3, noGravityOneIn: 4, missileOneIn: 8})
	x, y := 1+r.Float32()*190, 1+r.Float32()*190
	if r.Intn(4) == 0 {
		// Near a cell line.
		x = float32(24*(1+r.Intn(7))) + (r.Float32()-0.5)*2
	}
	cell := uint32(0xA9B40000) | OutdoorCellIndex(x, y)
	gz, n := w.Ground(cell, x, y)
	z := gz
	switch r.Intn(5) {
	case 0:
		z += r.Float32() * 2
	case 1:
		z -= r.Float32() * 0.3
	case 2:
		z += (r.Float32() - 0.5) * 0.01
	}
	o.TransientState = TransientActive
	if r.Intn(4) != 0 {
		o.TransientState |= TransientContact
		if r.Intn(4) != 0 {
			o.TransientState |= TransientOnWalkable
		}
		o.ContactPlane = Plane{N: n, D: -n.Dot(mgl32.Vec3{x, y, gz})}
		o.ContactPlaneCellID = cell
		switch r.Intn(6) {
		case 0:
			o.ContactPlane = Plane{N: rvec(r, 1).Normalize(), D: r.Float32() * 5}
		case 1:
			// The plane as kept in the next landblock's frame.
			o.ContactPlaneCellID = 0xA9B50001
			o.ContactPlane.D += n[1] * LandblockLength
		case 2:
			o.ContactPlaneCellID = 0
		}
	}
	randomDrift(r, o, 3)
	return randomMove(r, cell, mgl32.Vec3{x, y, z}, 0.4)
}

// Random sweeps over random terrain: wherever the shortcut answers, the
// whole transition answers the same, bit for bit; and the shortcut takes
// every kind of sweep it is for (steps down, landings, bodies without
// contact, sliding normals carried in, several steps, contact planes kept
// in another landblock, scaled bodies, tilted ones).
func TestTransitFast_RandomSweepsMatchWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4040))
	n := checkShortcut(t)
	const worlds, perWorld = 60, 400
	var c sweepKinds
	otherBlock := 0
	for k := 0; k < worlds; k++ {
		w := &World{Terrain: randomTerrain(r)}
		if k%10 == 0 {
			w.Terrain = FlatTerrain(r.Float32() * 5)
		}
		o := NewObject()
		for i := 0; i < perWorld; i++ {
			from, to := randomSweep(r, w, o)
			if from.Frame.Origin == to.Origin {
				continue
			}
			if c.sweep(t, n, k, i, o, &from, &to) && o.ContactPlaneCellID>>16 == 0xA9B5 {
				otherBlock++
			}
		}
	}
	t.Logf("%d sweeps, %d by the shortcut: %d stepped down, %d landed, %d without contact after, %d with a sliding normal after; "+
		"%d carried a sliding normal in, %d took several steps, %d had a contact plane in another landblock, %d scaled, %d tilted",
		c.tried, n.sweeps, n.stepped, n.landed, n.noContact, n.slidingNormal, c.sliding, c.multi, otherBlock, c.scaled, c.tilted)
	if n.sweeps < c.tried/3 || n.stepped < 500 || n.landed < 100 || n.noContact < 500 || n.slidingNormal < 50 ||
		c.sliding < 200 || c.multi < 200 || otherBlock < 100 || c.scaled < 200 || c.tilted < 100 {
		t.Fatal("the shortcut took too few sweeps of some kind to compare")
	}
}

// The benchmark's walker (BenchmarkTransit_ObjectTick, outdoor/hills)
// through the whole tick for 6000 ticks: every transition the shortcut
// answers is the whole transition's.
func TestTransitFast_HillsWalkerMatchesWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	w := &World{Terrain: loadTerrain(t, "hills.json")}
	gz, _ := w.Ground(testCell, 12, 45)
	n := paceChecked(t, pacer(t, w, testCell, mgl32.Vec3{12, 45, gz}), 6000)
	if n.sweeps < 5000 || n.stepped < 5000 {
		t.Fatalf("the shortcut answered %d of 6000 ticks (%d stepped down)", n.sweeps, n.stepped)
	}
}

// The shortcut's find_terrain_poly (the diagonal edges alone for a point
// inside the cell's square) finds the triangle a fresh find_terrain_poly
// finds, at random points of random cells of both splits — many on or a
// rounding away from the diagonal, some near the square's sides.
func TestTransitFast_TerrainPolyMatchesFindTerrainPoly(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4041))
	inner, onDiagonal := 0, 0
	for k := 0; k < 40; k++ {
		w := &World{Terrain: randomTerrain(r)}
		o := NewObject()
		o.World = w
		tr := o.begin(testCell, &Frame{Rot: mgl32.QuatIdent()}, false)
		for j := 0; j < 20; j++ {
			c := tr.cells.get(tr, testLB|uint32(1+r.Intn(64)))
			s := terrainSweep{t: tr, cell: c}
			for i := 0; i < 500; i++ {
				var p mgl32.Vec3
				u := r.Float32()
				switch i % 3 {
				case 0:
					p = mgl32.Vec3{c.lo[0] + r.Float32()*CellLength, c.lo[1] + r.Float32()*CellLength, 0}
				case 1:
					// On the diagonal of either split, nudged by ulps.
					if r.Intn(2) == 0 {
						p = mgl32.Vec3{c.lo[0] + u*CellLength, c.lo[1] + u*CellLength, 0}
					} else {
						p = mgl32.Vec3{c.lo[0] + u*CellLength, c.hi[1] - u*CellLength, 0}
					}
					for n := r.Intn(3); n > 0; n-- {
						a := r.Intn(2)
						p[a] = math.Nextafter32(p[a], float32(r.Intn(2)*400-200))
					}
				default:
					// Near a side.
					p = mgl32.Vec3{c.lo[0] + cellMargin*(r.Float32()*4-1), c.lo[1] + r.Float32()*CellLength, 0}
					if r.Intn(2) == 0 {
						p[0], p[1] = p[1]-c.lo[1]+c.lo[0], p[0]-c.lo[0]+c.lo[1]
					}
				}
				got := s.terrainPoly(&p)
				fresh := *c
				fresh.polyMemo = false
				want := fresh.findTerrainPoly(&p)
				if got != nil && want != nil {
					got, want = &c.polys[got.ID], &c.polys[want.ID]
				}
				if (got == nil) != (want == nil) || (got != nil && got.ID != want.ID) {
					t.Fatalf("cell %08X at %v: shortcut %v, find_terrain_poly %v", c.id, p, got, want)
				}
				if p[0] >= c.lo[0]+cellMargin && p[0] <= c.hi[0]-cellMargin && p[1] >= c.lo[1]+cellMargin && p[1] <= c.hi[1]-cellMargin {
					inner++
					if i%3 == 1 {
						onDiagonal++
					}
				}
			}
		}
	}
	if inner < 200000 || onDiagonal < 60000 {
		t.Fatalf("too few points inside the cells: %d, %d on a diagonal", inner, onDiagonal)
	}
}

// The shortcut's memos (transit_fast.go's fastMemo: the body's turned
// spheres, the cell's slot in the pool) live in the object's transit from
// one sweep to the next. One body sweeps again and again, its rotation,
// scale or spheres (changed in place) changing one at a time or not at
// all, from places and worlds that change under the same transit: every
// answer is still the whole transition's, and the memo is both reused and
// remade for each kind of change.
func TestTransitFast_MemosMatchWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4042))
	n := checkShortcut(t)
	var reused, remade [4]int // by what changed: nothing, rotation, scale, a sphere
	o := NewObject()
	var tr *transit
	var from Position
	var to Frame
	for k := 0; k < 30; k++ {
		w := &World{Terrain: randomTerrain(r)}
		for i := 0; i < 400; i++ {
			if i%25 == 0 {
				// Somewhere else, the transit (and its memos) kept.
				from, to = randomSweep(r, w, o)
				o.tr = tr
				o.Spheres = []Sphere{{Center: mgl32.Vec3{0.2, -0.1, 0.5}, Radius: 0.4}, {Center: mgl32.Vec3{-0.1, 0.15, 1.2}, Radius: 0.35}}
			}
			what := r.Intn(4)
			switch what {
			case 1:
				q := mgl32.QuatRotate(r.Float32()*6, mgl32.Vec3{0, 0, -1})
				if r.Intn(4) == 0 {
					q = mgl32.QuatRotate(r.Float32()*0.5, rvec(r, 1).Normalize()).Mul(q)
				}
				to = NewFrame(to.Origin, q)
			case 2:
				o.Scale = []float32{0, 0.5, 1, 1.7}[r.Intn(4)]
			case 3:
				sp := &o.Spheres[r.Intn(len(o.Spheres))]
				sp.Radius = 0.2 + r.Float32()*0.4
				sp.Center[r.Intn(3)] += (r.Float32() - 0.5) * 0.2
			}
			to.Origin = from.Frame.Origin.Add(mgl32.Vec3{(r.Float32() - 0.5) * 0.6, (r.Float32() - 0.5) * 0.6, (r.Float32() - 0.5) * 0.05})
			var sph [maxSpheres]Sphere
			ns := o.bodySpheres(&sph)
			scale := o.Scale
			if scale == 0 {
				scale = 1
			}
			hit := o.tr != nil && o.tr.fast.body.same(&sph, ns, scale, &to.m)
			before := n.sweeps
			o.retailTransition(&from, &to)
			if n.mismatches > 0 {
				t.Fatalf("world %d sweep %d (change %d, memo reused %v):\n%s", k, i, what, hit, n.first)
			}
			tr = o.tr
			if n.sweeps == before {
				continue
			}
			if hit {
				reused[what]++
			} else {
				remade[what]++
			}
		}
	}
	t.Logf("%d sweeps by the shortcut; body memo reused %v, remade %v (unchanged, turned, rescaled, reshaped)", n.sweeps, reused, remade)
	if reused[0] < 500 || remade[1] < 300 || remade[2] < 100 || remade[3] < 300 {
		t.Fatal("too few sweeps reused or remade the memo")
	}
}

// The body memo's key (turnedBody.same) tells apart inputs that differ in
// any one bit of any word: each sphere's centre and radius, the scale,
// each of the rotation matrix's nine entries — −0 from +0 included.
func TestTransitFast_BodyMemoKeySeesEveryWord(t *testing.T) {
	r := rand.New(rand.NewSource(4043))
	for k := 0; k < 200; k++ {
		var sph [maxSpheres]Sphere
		for i := range sph {
			sph[i] = Sphere{Center: rvec(r, 1), Radius: r.Float32()}
		}
		scale := r.Float32() * 2
		f := NewFrame(mgl32.Vec3{}, mgl32.QuatRotate(r.Float32()*6, rvec(r, 1).Normalize()))
		var b turnedBody
		b.set(&sph, maxSpheres, scale, &f.m)
		if !b.same(&sph, maxSpheres, scale, &f.m) {
			t.Fatal("the same body is not the memo's")
		}
		flip := func(p *float32) {
			bit := uint(r.Intn(32))
			if r.Intn(4) == 0 {
				bit = 31 // the sign: −0 against +0 where the word is 0
			}
			*p = math.Float32frombits(math.Float32bits(*p) ^ 1<<bit)
		}
		for w := 0; w < maxSpheres*4+1+9; w++ {
			s2, sc2, m2 := sph, scale, f.m
			switch {
			case w < maxSpheres*4:
				if w%4 == 3 {
					flip(&s2[w/4].Radius)
				} else {
					flip(&s2[w/4].Center[w%4])
				}
			case w == maxSpheres*4:
				flip(&sc2)
			default:
				flip(&m2[w-maxSpheres*4-1])
			}
			if b.same(&s2, maxSpheres, sc2, &m2) {
				t.Fatalf("word %d changed, the memo still answers", w)
			}
		}
		if b.same(&sph, 1, scale, &f.m) {
			t.Fatal("a body of one sphere is the memo of two")
		}
	}
}
