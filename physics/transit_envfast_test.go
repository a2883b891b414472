package physics

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/internal/goroutines"
)

// The transition's shortcut inside an EnvCell (transit_cells.go's last
// section) must answer every sweep it takes exactly as the whole
// transition does (CPhysicsObj::transition through
// find_transitional_position, ACE Transition.cs, EnvCell.cs, BSPTree.cs):
// these tests run both on the same sweep (checkShortcut, with the random
// bodies and moves the bare-terrain shortcut's tests draw too:
// transit_shortcut_test.go) and compare every bit of the result — position,
// cell, contact plane, sliding and collision normals, the events — and the
// velocity the whole transition leaves.

// randomRooms is a world of two adjoining rooms, 0x0100 and 0x0101, in
// landblock 0xA9B4: random sizes, the pair turned about z (sometimes
// tilted a little), the first with a doorway into the second in its east
// wall and sometimes one outdoors in its south wall, its physics BSP a
// single leaf or a chain of planes over a solid leaf, statics in the
// second.
func randomRooms(t testing.TB, r *rand.Rand) (*World, *EnvCell) {
	w := 3 + r.Float32()*15
	l := 3 + r.Float32()*25
	h := 2.5 + r.Float32()*4
	floor := r.Float32()*30 - 10
	main := roomSpec{lo: mgl32.Vec3{0, 0, floor}, hi: mgl32.Vec3{w, l, floor + h}}
	if r.Intn(4) != 0 {
		a := r.Float32() * (l - 1.5)
		main.doors = append(main.doors, doorSpec{side: 'E', a: a, b: a + 1 + r.Float32()*(l-a-1), h: 1.5 + r.Float32()*(h-1.5), otherCell: 0x0101})
	}
	if r.Intn(3) == 0 {
		a := r.Float32() * (w - 1.5)
		main.doors = append(main.doors, doorSpec{side: 'S', a: a, b: a + 1 + r.Float32()*(w-a-1), h: 1.5 + r.Float32()*(h-1.5), otherCell: OutsidePortal})
	}
	other := roomSpec{lo: mgl32.Vec3{w, 0, floor}, hi: mgl32.Vec3{w + 2 + r.Float32()*8, l, floor + h}}
	q := mgl32.QuatRotate(r.Float32()*2*math.Pi, mgl32.Vec3{0, 0, 1})
	if r.Intn(5) == 0 {
		q = mgl32.QuatRotate(r.Float32()*0.05, rvec(r, 1).Normalize()).Mul(q)
	}
	origin := mgl32.Vec3{40 + r.Float32()*100, 40 + r.Float32()*100, r.Float32() * 20}
	mk := func(id uint32, spec roomSpec) *EnvCell {
		cs, portals := buildRoom(t, spec)
		if r.Intn(3) == 0 {
			// A chain of the walls' planes (the room's inside on their
			// positive side, nothing behind them) down to a leaf holding
			// every polygon.
			ps := polyPtrs(cs.Polygons)
			sph := boundingSphere(ps)
			node := &BSPNode{Kind: BSPLeafNode, Polys: ps, Sphere: sph}
			for i := len(ps) - 1; i >= 2; i-- {
				node = &BSPNode{Kind: BSPInternal, Plane: ps[i].Plane, Pos: node, Sphere: sph}
			}
			cs.PhysicsBSP = &BSPTree{Root: node}
		}
		return &EnvCell{ID: id, Frame: NewFrame(origin, q), Struct: cs, Portals: portals}
	}
	a := mk(testLB|0x0100, main)
	b := mk(testLB|0x0101, other)
	if r.Intn(3) == 0 {
		post := ObstacleObject(&Obstacle{Kind: ObstacleCylinder, Landblock: 0xA9B4, Center: origin, Radius: 0.3, Height: 2})
		b.Statics = append(b.Statics, post)
	}
	geom := &fakeGeometry{env: map[uint32]*EnvCell{a.ID: a, b.ID: b}}
	return &World{Terrain: FlatTerrain(floor - 1), Geometry: geom}, a
}

// randomRoomSweep sets o up as a body in room (on its floor, a little
// above or below it, near a wall or a doorway, in contact or not, sliding
// or not) and returns a sweep for it.
func randomRoomSweep(r *rand.Rand, w *World, room *EnvCell, o *Object) (from Position, to Frame) {
	// The transit (and the shortcut's memos in it) carried from sweep to
	// sweep, as an object's are from tick to tick.
	tr := o.tr
	randomBody(r, w, o, bodySpread{radius: 0.6, height: 2.2, sphereRadius: 0.5, standard: true, scales: [3]float32{0, 0.5, 1.3}, scaledOneIn: 4, noGravityOneIn: 5, missileOneIn: 10})
	o.tr = tr
	cs := room.Struct
	// The room's box in its frame, from its floor and ceiling polygons.
	lo, hi := cs.Polygons[0].Vertices[0], cs.Polygons[1].Vertices[2]
	x := lo[0] + 0.2 + r.Float32()*(hi[0]-lo[0]-0.4)
	y := lo[1] + 0.2 + r.Float32()*(hi[1]-lo[1]-0.4)
	switch r.Intn(5) {
	case 0:
		x = hi[0] - r.Float32()*1.2 // by the east wall (or its doorway)
	case 1:
		y = lo[1] + r.Float32()*1.2 // by the south wall
	}
	z := lo[2]
	switch r.Intn(6) {
	case 0:
		z += r.Float32() * 1.5
	case 1:
		z -= r.Float32() * 0.1
	case 2:
		z += (r.Float32() - 0.5) * 0.01
	}
	origin := room.Frame.LocalToGlobal(mgl32.Vec3{x, y, z})
	n := room.Frame.LocalToGlobalVec(mgl32.Vec3{0, 0, 1})
	o.TransientState = TransientActive
	if r.Intn(6) != 0 {
		o.TransientState |= TransientContact
		if r.Intn(5) != 0 {
			o.TransientState |= TransientOnWalkable
		}
		floorPt := room.Frame.LocalToGlobal(mgl32.Vec3{x, y, lo[2]})
		o.ContactPlane = Plane{N: n, D: -n.Dot(floorPt)}
		o.ContactPlaneCellID = room.ID
		switch r.Intn(8) {
		case 0:
			o.ContactPlane = Plane{N: rvec(r, 1).Normalize(), D: r.Float32() * 5}
		case 1:
			o.ContactPlaneCellID = 0
		}
	}
	randomDrift(r, o, 4)
	return randomMove(r, room.ID, origin, 0.5)
}

// Random sweeps in random rooms: wherever the indoor shortcut answers, the
// whole transition answers the same, bit for bit; and the shortcut takes
// enough of each kind of sweep (several steps, sliding normals carried in,
// scaled and tilted bodies, rooms with portals, chained BSPs).
func TestTransitEnvFast_RandomSweepsMatchWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4042))
	n := checkShortcut(t)
	const worlds, perWorld = 80, 400
	var c sweepKinds
	portals, chained := 0, 0
	for k := 0; k < worlds; k++ {
		w, room := randomRooms(t, r)
		o := NewObject()
		for i := 0; i < perWorld; i++ {
			from, to := randomRoomSweep(r, w, room, o)
			if from.Frame.Origin == to.Origin || !c.sweep(t, n, k, i, o, &from, &to) {
				continue
			}
			if len(room.Portals) > 0 {
				portals++
			}
			if room.Struct.PhysicsBSP.Root.Kind != BSPLeafNode {
				chained++
			}
		}
	}
	t.Logf("%d sweeps, %d by the shortcut: %d stepped down, %d without contact after, %d with a sliding normal after; "+
		"%d carried a sliding normal in, %d took several steps, %d scaled, %d tilted, %d in a room with portals, %d over a chained BSP",
		c.tried, n.sweeps, n.stepped, n.noContact, n.slidingNormal, c.sliding, c.multi, c.scaled, c.tilted, portals, chained)
	if n.sweeps < c.tried/5 || n.stepped < 1000 || c.sliding < 100 || c.multi < 100 || c.scaled < 200 || c.tilted < 100 || portals < 1000 || chained < 500 {
		t.Fatal("the shortcut took too few sweeps of some kind to compare")
	}
}

// The benchmark's indoor walker (BenchmarkTransit_ObjectTick, indoor/room)
// through the whole tick for 6000 ticks, and a walker pacing through the
// doorway between two rooms: every transition the shortcut answers is the
// whole transition's, and the shortcut answers most of the room's.
func TestTransitEnvFast_WalkersMatchWholeTransition(t *testing.T) {
	goroutines.NoneStarted(t)
	room := uint32(testLB | 0x0100)
	geom := &fakeGeometry{env: map[uint32]*EnvCell{
		room: envCell(t, room, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 40, 4}}),
	}}
	walk := func(t *testing.T, w *World, cell uint32, at mgl32.Vec3, ticks int) *shortcutTally {
		return paceChecked(t, pacer(t, w, cell, at), ticks)
	}
	t.Run("room", func(t *testing.T) {
		goroutines.NoneStarted(t)
		n := walk(t, &World{Terrain: FlatTerrain(0), Geometry: geom}, room, mgl32.Vec3{65, 40, 0}, 6000)
		if n.sweeps < 5900 || n.stepped < 5900 {
			t.Fatalf("the shortcut answered %d of 6000 ticks (%d stepped down)", n.sweeps, n.stepped)
		}
	})
	t.Run("doorway", func(t *testing.T) {
		goroutines.NoneStarted(t)
		// Two rooms end to end along y, a doorway between them; the
		// walker paces 30 m along y across it (pacingPM: 0.1 m a tick,
		// 300 ticks each way).
		a, b := uint32(testLB|0x0100), uint32(testLB|0x0101)
		g := &fakeGeometry{env: map[uint32]*EnvCell{
			a: envCell(t, a, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{6, 20, 3}, doors: []doorSpec{{side: 'N', a: -4, b: -2, h: 2.5, otherCell: 0x0101}}}),
			b: envCell(t, b, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 20, 0}, hi: mgl32.Vec3{6, 40, 3}, doors: []doorSpec{{side: 'S', a: 2, b: 4, h: 2.5, otherCell: 0x0100}}}),
		}}
		n := walk(t, &World{Terrain: FlatTerrain(0), Geometry: g}, a, mgl32.Vec3{63, 35, 0}, 3000)
		if n.sweeps < 1000 {
			t.Fatalf("the shortcut answered %d of 3000 ticks", n.sweeps)
		}
		t.Logf("%d of 3000 ticks by the shortcut", n.sweeps)
	})
}

// refAdjustSphereToPlane is CPolygon::adjust_sphere_to_plane as first
// written on Vec3 (ACE Polygon.adjust_sphere_to_plane).
func refAdjustSphereToPlane(p *Polygon, path *spherePath, s *Sphere, movement mgl32.Vec3) bool {
	dpPos := p.dist(s.Center)
	dpMove := movement.Dot(p.Plane.N)
	var dist float32
	if dpMove <= Epsilon {
		if dpMove >= -Epsilon {
			return false
		}
		dist = dpPos - s.Radius
	} else {
		dist = -s.Radius - dpPos
	}
	iDist := dist / dpMove
	interp := (1 - iDist) * path.walkInterp
	if interp >= path.walkInterp || interp < -0.5 {
		return false
	}
	s.Center = s.Center.Sub(movement.Mul(iDist))
	path.walkInterp = interp
	return true
}

// adjust_sphere_to_plane and walkable_hits_sphere on scalars and pointers
// give the Vec3 forms' answers, bit for bit, on random polygons, spheres
// and movements (many of them along the plane's normal, as step_down's).
func TestTransitEnvFast_AdjustSphereToPlaneMatchesVectorForm(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4043))
	adjusted := 0
	for i := 0; i < 200000; i++ {
		n := rvec(r, 1).Normalize()
		if i%3 == 0 {
			n = mgl32.Vec3{0, 0, 1}
		}
		p := Polygon{Vertices: []mgl32.Vec3{{0, 0, 0}}, Plane: Plane{N: n, D: (r.Float32() - 0.5) * 40}}
		s := Sphere{Center: rvec(r, 20), Radius: r.Float32()}
		move := rvec(r, 2)
		if i%2 == 0 {
			move = n.Mul(-r.Float32() * 2)
		}
		a, b := s, s
		pa := spherePath{walkInterp: r.Float32()*1.2 - 0.1, walkableAllowance: r.Float32()}
		pb := pa
		okA := p.adjustSphereToPlane(&pa, &a, &move)
		okB := refAdjustSphereToPlane(&p, &pb, &b, move)
		if okA != okB || !sameVecBits(a.Center, b.Center) || math.Float32bits(pa.walkInterp) != math.Float32bits(pb.walkInterp) {
			t.Fatalf("case %d: scalar %v %v %v, vector %v %v %v", i, okA, a, pa.walkInterp, okB, b, pb.walkInterp)
		}
		if okA {
			adjusted++
		}
		up := rvec(r, 1).Normalize()
		if got, want := p.walkableHitsSphere(&pa, &s, &up), up.Dot(p.Plane.N) > pa.walkableAllowance && p.hitsSphere(&s); got != want {
			t.Fatalf("case %d: walkable_hits_sphere %v, want %v", i, got, want)
		}
	}
	if adjusted < 10000 {
		t.Fatalf("only %d adjustments", adjusted)
	}
}

// The clearance memo (transit_bsp.go's last section) answers as the tests
// it stands for: at random centres around a memo's own, many of them at the edge of
// its reach, "every polygon misses" is polygon_hits_sphere_precise false
// for each polygon of the physics BSP, the point test is
// point_inside_cell_bsp, the outside-portal test find_transit_cells' reach
// test, wherever the memo says it answers.
func TestTransitEnvFast_ClearMemoMatchesTests(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4044))
	answered, near, outside := 0, 0, 0
	for k := 0; k < 300; k++ {
		_, room := randomRooms(t, r)
		var polys []*Polygon
		var leaves func(n *BSPNode)
		leaves = func(n *BSPNode) {
			if n == nil {
				return
			}
			if n.Kind == BSPLeafNode {
				polys = append(polys, n.Polys...)
				return
			}
			leaves(n.Pos)
			leaves(n.Neg)
		}
		leaves(room.Struct.PhysicsBSP.Root)
		lo, hi := room.Struct.Polygons[0].Vertices[0], room.Struct.Polygons[1].Vertices[2]
		for j := 0; j < 40; j++ {
			rad := 0.05 + r.Float32()*0.8
			c0 := mgl32.Vec3{lo[0] + (r.Float32()*1.2-0.1)*(hi[0]-lo[0]), lo[1] + (r.Float32()*1.2-0.1)*(hi[1]-lo[1]), lo[2] + (r.Float32()*1.2-0.1)*(hi[2]-lo[2])}
			var m clearMemo
			if !m.make(room, rad, &c0, true) {
				continue
			}
			reach := float32(math.Sqrt(float64(m.rr)))
			for i := 0; i < 200; i++ {
				c := c0
				if !math.IsInf(float64(reach), 0) {
					d := rvec(r, 1).Normalize().Mul(reach * (0.9 + r.Float32()*0.2))
					if i%4 == 0 {
						d = d.Mul(r.Float32())
					}
					c = c.Add(d)
				}
				if !m.within(room, rad, &c) {
					outside++
					continue
				}
				answered++
				s := Sphere{Center: c, Radius: rad}
				all := true
				for _, p := range polys {
					if p.hitsSphere(&s) {
						all = false
					}
				}
				if m.polysMiss(&s) != all {
					t.Fatalf("room %d: sphere %v: memo says all miss %v, the polygons %v", k, s, !all, all)
				}
				if !all {
					near++
				}
				if got, want := m.pointInside(&c), room.Struct.CellBSP.Root.pointInsideCellBSP(&c); got != want {
					t.Fatalf("room %d: point %v: memo %v, point_inside_cell_bsp %v", k, c, got, want)
				}
				reached := false
				for pi := range room.Portals {
					pt := &room.Portals[pi]
					if pt.OtherCellID == OutsidePortal {
						if d := pt.Poly.dist(c); d > -(rad+Epsilon) && d < rad+Epsilon {
							reached = true
						}
					}
				}
				if got := m.outsideReached(rad, &c); got != reached {
					t.Fatalf("room %d: sphere %v: memo says an outside portal reached %v, the test %v", k, s, got, reached)
				}
			}
		}
	}
	t.Logf("%d centres answered by a memo (%d touching a near polygon), %d past a reach", answered, near, outside)
	if answered < 100000 || near < 1000 || outside < 10000 {
		t.Fatal("too few centres of some kind")
	}
}

// The check_walkable memo answers as CPolygon::check_walkable, at dropped
// centres wandering over random polygons (flat and tilted floors, many
// centres near an edge or outside), with random ups.
func TestTransitEnvFast_WalkMemoMatchesCheckWalkable(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4045))
	var m walkMemo
	remembered, calls := 0, 0
	for k := 0; k < 2000; k++ {
		w, l := 0.5+r.Float32()*20, 0.5+r.Float32()*20
		z := (r.Float32() - 0.5) * 50
		p := quad(t, 0, mgl32.Vec3{0, 0, z}, mgl32.Vec3{w, 0, z + r.Float32()*0.3}, mgl32.Vec3{w, l, z}, mgl32.Vec3{0, l, z - r.Float32()*0.3})
		up := mgl32.Vec3{0, 0, 1}
		if r.Intn(3) == 0 {
			up = up.Add(rvec(r, 0.3)).Normalize()
		}
		c := mgl32.Vec3{r.Float32() * w, r.Float32() * l, z + r.Float32()}
		for i := 0; i < 300; i++ {
			c = c.Add(mgl32.Vec3{(r.Float32() - 0.5) * 0.3, (r.Float32() - 0.5) * 0.3, (r.Float32() - 0.5) * 0.05})
			s := Sphere{Center: c, Radius: r.Float32() * 0.5}
			small := r.Intn(2) == 0
			before := m
			got := m.checkWalkable(&p, &s, &up, small)
			want := p.checkWalkable(&s, up, small)
			calls++
			if before.poly == &p && m == before {
				remembered++
			}
			if got != want {
				t.Fatalf("polygon %d, centre %v radius %v: memo %v, check_walkable %v", k, c, s.Radius, got, want)
			}
		}
	}
	t.Logf("%d of %d answered by the memo", remembered, calls)
	if remembered < calls/4 {
		t.Fatal("the memo answered too few")
	}
}

// BenchmarkTransit_ObjectTickIndoorDoors is BenchmarkTransit_ObjectTick's
// indoor walker in a room with doorways — one into a second room in its
// east wall, one outdoors in its south wall, both out of the walker's
// reach — so every fill of the cell array tests the portals
// (EnvCell::find_transit_cells: the second room's cell BSP, the outside
// portal's plane). It reports cpu-ns/op as that benchmark does.
func BenchmarkTransit_ObjectTickIndoorDoors(b *testing.B) {
	room, next := uint32(testLB|0x0100), uint32(testLB|0x0101)
	geom := &fakeGeometry{env: map[uint32]*EnvCell{
		room: envCell(b, room, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 40, 4}, doors: []doorSpec{
			{side: 'E', a: 20, b: 22, h: 2.5, otherCell: 0x0101},
			{side: 'S', a: 7, b: 9, h: 2.5, otherCell: OutsidePortal},
		}}),
		next: envCell(b, next, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{10, 0, 0}, hi: mgl32.Vec3{20, 40, 4}, doors: []doorSpec{{side: 'W', a: -22, b: -20, h: 2.5, otherCell: 0x0100}}}),
	}}
	o := pacer(b, &World{Terrain: FlatTerrain(0), Geometry: geom}, room, mgl32.Vec3{65, 40, 0})
	benchTicks(b, o)
	if !o.InContact() || !o.OnWalkable() || o.Position().Cell != room {
		b.Fatalf("the walker left the ground or its room: %08X %v", o.Position().Cell, o.Position().Frame.Origin)
	}
}

// The neighbour memo answers as BSPNODE::sphere_intersects_cell_bsp
// (outside or not) at random centres around the memo's own in a random
// room's frame, many of them at the edge of its reach.
func TestTransitEnvFast_PortalMemoMatchesCellBSP(t *testing.T) {
	goroutines.NoneStarted(t)
	r := rand.New(rand.NewSource(4046))
	var tr transit
	answered, calls := 0, 0
	for k := 0; k < 300; k++ {
		_, room := randomRooms(t, r)
		root := room.Struct.CellBSP.Root
		lo, hi := room.Struct.Polygons[0].Vertices[0], room.Struct.Polygons[1].Vertices[2]
		for j := 0; j < 40; j++ {
			rad := 0.05 + r.Float32()*0.8
			// Mostly outside the room, some inside or straddling a wall.
			c0 := mgl32.Vec3{lo[0] + (r.Float32()*3-1)*(hi[0]-lo[0]), lo[1] + (r.Float32()*3-1)*(hi[1]-lo[1]), lo[2] + (r.Float32()*1.4-0.2)*(hi[2]-lo[2])}
			s := Sphere{Center: c0, Radius: rad}
			tr.neighbourOutside(0, 0, room, &s)
			reach := float32(math.Sqrt(float64(tr.portals[0][0].rr)))
			for i := 0; i < 100; i++ {
				c := c0
				if i > 0 {
					d := rvec(r, 1).Normalize().Mul((reach + 0.01) * (0.9 + r.Float32()*0.2))
					if i%4 == 0 {
						d = d.Mul(r.Float32())
					}
					c = c.Add(d)
				}
				s := Sphere{Center: c, Radius: rad}
				m := tr.portals[0][0]
				dx, dy, dz := c[0]-m.c[0], c[1]-m.c[1], c[2]-m.c[2]
				if m.env == room && dx*dx+dy*dy+dz*dz < m.rr {
					answered++
				}
				calls++
				got := tr.neighbourOutside(0, 0, room, &s)
				if want := root.sphereIntersectsCellBSP(&s) == boundOutside; got != want {
					t.Fatalf("room %d: sphere %v: memo says outside %v, sphere_intersects_cell_bsp %v", k, s, got, want)
				}
				tr.portals[0][0] = m // keep the memo made at c0
			}
		}
	}
	t.Logf("%d of %d answered by a memo", answered, calls)
	if answered < calls/4 {
		t.Fatal("too few answered by a memo")
	}
}
