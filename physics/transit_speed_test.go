package physics

import (
	"math"
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// The transition's speed work (docs/benchmarks.md "The transition") keeps
// every result bit for bit: these tests hold the scalar rewrites to the
// Vec3 forms they replaced (kept here as references) and the memos to a
// fresh computation, on random inputs.

// refHitsSpherePrecise is polygon_hits_sphere_precise as first written on
// mgl32's Vec3 (ACE Polygon.polygon_hits_sphere_precise).
func refHitsSpherePrecise(p *Polygon, s *Sphere, contact *mgl32.Vec3) bool {
	n := len(p.Vertices)
	if n == 0 {
		return true
	}
	dp := p.Plane.N.Dot(s.Center) + p.Plane.D
	rad := s.Radius - Epsilon
	if abs32(dp) > rad {
		return false
	}
	diff := rad*rad - dp*dp
	c := s.Center.Sub(p.Plane.N.Mul(dp))
	*contact = c
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := p.Vertices[i], p.Vertices[prev]
		prev = i
		edge := v.Sub(last)
		disp := c.Sub(last)
		cross := p.Plane.N.Cross(edge)
		if disp.Dot(cross) >= 0 {
			continue
		}
		prev2 := n - 1
		for j := 0; j < n; j++ {
			v, last := p.Vertices[j], p.Vertices[prev2]
			prev2 = j
			edge := v.Sub(last)
			disp := c.Sub(last)
			cross := p.Plane.N.Cross(edge)
			dd := disp.Dot(cross)
			if dd < 0 {
				if cross.Dot(cross)*diff < dd*dd {
					return false
				}
				if de := disp.Dot(edge); de >= 0 && de <= edge.Dot(edge) {
					return true
				}
			}
			if disp.Dot(disp) <= diff {
				return true
			}
		}
		return false
	}
	return true
}

// refCheckWalkable is CPolygon::check_walkable as first written on Vec3.
func refCheckWalkable(p *Polygon, s *Sphere, up mgl32.Vec3, small bool) bool {
	angleUp := p.Plane.N.Dot(up)
	if angleUp < Epsilon {
		return false
	}
	center := s.Center.Sub(up.Mul((p.Plane.N.Dot(s.Center) + p.Plane.D) / angleUp))
	radsum := s.Radius * s.Radius
	if small {
		radsum *= 0.25
	}
	n := len(p.Vertices)
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := p.Vertices[i], p.Vertices[prev]
		prev = i
		edge := v.Sub(last)
		disp := center.Sub(last)
		cross := p.Plane.N.Cross(edge)
		diff := disp.Dot(cross)
		if diff < 0 {
			if cross.Dot(cross)*radsum < diff*diff {
				return false
			}
			de := disp.Dot(edge)
			return de >= 0 && de <= edge.Dot(edge)
		}
		if disp.Dot(disp) <= radsum {
			return true
		}
	}
	return true
}

func rvec(r *rand.Rand, scale float32) mgl32.Vec3 {
	return mgl32.Vec3{(r.Float32()*2 - 1) * scale, (r.Float32()*2 - 1) * scale, (r.Float32()*2 - 1) * scale}
}

func sameVecBits(a, b mgl32.Vec3) bool {
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// Random convex polygons (a quad or triangle, tilted) against spheres near
// them: the scalar tests agree with the Vec3 ones, contact point included.
func TestTransitSpeed_PolygonTestsMatchVec3Forms(t *testing.T) {
	r := rand.New(rand.NewSource(40))
	hits, walk := 0, 0
	for k := 0; k < 20000; k++ {
		nv := 3 + r.Intn(2)
		rot := mgl32.QuatRotate(r.Float32()*6.3, rvec(r, 1).Normalize())
		base := rvec(r, 3)
		var verts []mgl32.Vec3
		for i := 0; i < nv; i++ {
			a := float64(i) * 2 * math.Pi / float64(nv)
			verts = append(verts, base.Add(rot.Rotate(mgl32.Vec3{float32(math.Cos(a)) * 1.5, float32(math.Sin(a)) * 1.5, 0})))
		}
		p := Polygon{Vertices: verts}
		if !p.MakePlane() {
			continue
		}
		s := Sphere{Center: base.Add(rvec(r, 2)), Radius: 0.1 + r.Float32()}
		var c1, c2 mgl32.Vec3
		h1, h2 := p.hitsSpherePrecise(&s, &c1), refHitsSpherePrecise(&p, &s, &c2)
		if h1 != h2 || !sameVecBits(c1, c2) {
			t.Fatalf("case %d: hitsSpherePrecise %v %v, reference %v %v", k, h1, c1, h2, c2)
		}
		if h1 {
			hits++
		}
		up := rvec(r, 1).Normalize()
		if k%2 == 0 {
			up = mgl32.Vec3{0, 0, 1}
		}
		for _, small := range []bool{false, true} {
			w1, w2 := p.checkWalkable(&s, up, small), refCheckWalkable(&p, &s, up, small)
			if w1 != w2 {
				t.Fatalf("case %d: checkWalkable(small %v) %v, reference %v", k, small, w1, w2)
			}
			if w1 {
				walk++
			}
		}
	}
	if hits < 1000 || walk < 1000 {
		t.Fatalf("too few positive cases to compare: %d hits, %d walkable", hits, walk)
	}
}

// The scalar sphere–sphere test and plane distance against Vec3's.
func TestTransitSpeed_IntersectsAndDistMatchVec3Forms(t *testing.T) {
	r := rand.New(rand.NewSource(41))
	for k := 0; k < 20000; k++ {
		a := Sphere{Center: rvec(r, 3), Radius: r.Float32() * 2}
		b := Sphere{Center: rvec(r, 3), Radius: r.Float32() * 2}
		d := b.Center.Sub(a.Center)
		rr := a.Radius + b.Radius
		if a.intersects(&b) != (d.Dot(d) < rr*rr) {
			t.Fatalf("case %d: intersects differs from |d|² < r²", k)
		}
		pl := Plane{N: rvec(r, 1).Normalize(), D: r.Float32()*4 - 2}
		if got, want := pl.dist(&a.Center), pl.N.Dot(a.Center)+pl.D; math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("case %d: dist %v, N·p + D %v", k, got, want)
		}
	}
}

// find_terrain_poly's memo answers as a fresh search does, at random
// points of the hills' cells, asked in an order that repeats some.
func TestTransitSpeed_TerrainPolyMemo(t *testing.T) {
	w := &World{Terrain: loadTerrain(t, "hills.json")}
	o := placed(t, w, 12, 45, 0, 0)
	tr := o.begin(testCell, &Frame{Rot: mgl32.QuatIdent()}, false)
	r := rand.New(rand.NewSource(42))
	for _, id := range []uint32{testCell, testCell + 1, testCell + 9} {
		c := tr.cells.get(tr, id)
		if c == nil {
			t.Fatalf("no cell %08X", id)
		}
		var p mgl32.Vec3
		for k := 0; k < 2000; k++ {
			// A new point, the last again, or the last's x (or y) with a
			// new y (x).
			x, y := c.lo[0]-1+r.Float32()*(CellLength+2), c.lo[1]-1+r.Float32()*(CellLength+2)
			switch k % 4 {
			case 0:
				p = mgl32.Vec3{x, y, r.Float32() * 50}
			case 2:
				p[1] = y
			case 3:
				p[0] = x
			}
			got := c.findTerrainPoly(&p)
			fresh := *c
			fresh.polyMemo = false
			want := fresh.findTerrainPoly(&p)
			if (got == nil) != (want == nil) || (got != nil && got.ID != want.ID) {
				t.Fatalf("cell %08X at %v: memo %v, fresh %v", id, p, got, want)
			}
		}
	}
}

// An EnvCell's local-space spheres kept across the inserts of one step
// equal a fresh cacheLocalSpaceSphere after the checked spheres move, and
// are rebuilt when the current centres move.
func TestTransitSpeed_LocalSpaceCellMemo(t *testing.T) {
	room := uint32(testLB | 0x0100)
	geom := &fakeGeometry{env: map[uint32]*EnvCell{
		room: envCell(t, room, mgl32.Vec3{60, 30, 0}, roomSpec{lo: mgl32.Vec3{0, 0, 0}, hi: mgl32.Vec3{10, 40, 4}}),
	}}
	w := &World{Terrain: FlatTerrain(0), Geometry: geom}
	o := placed(t, w, 65, 40, 0, 0)
	o.Radius, o.Height = 0.35, 1.8
	rot := NewFrame(mgl32.Vec3{}, mgl32.QuatRotate(0.7, mgl32.Vec3{0, 0, 1}))
	tr := o.begin(room, &rot, false)
	c := tr.cells.get(tr, room)
	if c == nil || c.kind != cellEnv {
		t.Fatal("the room is not an EnvCell")
	}
	path := &tr.path
	path.curPos = tpos{o: mgl32.Vec3{65, 40, 0.01}, cell: room}
	path.cacheGlobalCurrCenter()
	path.setCheckPos(path.curPos, c)
	r := rand.New(rand.NewSource(43))
	for k := 0; k < 200; k++ {
		switch k % 4 {
		case 0:
			path.curPos.o = path.curPos.o.Add(rvec(r, 0.1))
			path.cacheGlobalCurrCenter()
		default:
			path.addOffsetToCheckPos(rvec(r, 0.2))
		}
		path.cacheLocalSpaceSphereCell(c)
		got := *path
		var fresh spherePath = *path
		fresh.cacheLocalSpaceSphere(&c.frame, 1)
		for i := 0; i < path.numSphere; i++ {
			if !sameVecBits(got.localSpaceSphere[i].Center, fresh.localSpaceSphere[i].Center) || got.localSpaceSphere[i].Radius != fresh.localSpaceSphere[i].Radius ||
				!sameVecBits(got.localSpaceCurrCenter[i], fresh.localSpaceCurrCenter[i]) {
				t.Fatalf("step %d sphere %d: kept %v / %v, fresh %v / %v", k, i, got.localSpaceSphere[i], got.localSpaceCurrCenter[i], fresh.localSpaceSphere[i], fresh.localSpaceCurrCenter[i])
			}
		}
		if !sameVecBits(got.localSpaceZ, fresh.localSpaceZ) || got.localSpacePos != fresh.localSpacePos {
			t.Fatalf("step %d: kept frame or up differs from a fresh one", k)
		}
	}
}

// refAdjustOffset is CTransition::adjust_offset as first written on Vec3
// (ACE Transition.AdjustOffset, the block offset zero: one sweep frame):
// the adjusted offset, and the lift addOffsetToCheckPos is given (lift
// false: not called).
func refAdjustOffset(c *collisionInfo, off mgl32.Vec3, g *Sphere) (mgl32.Vec3, mgl32.Vec3, bool) {
	slidingAngle := off.Dot(c.slidingNormal)
	checkSlide := false
	if c.slidingNormalValid {
		if slidingAngle < 0 {
			checkSlide = true
		} else {
			c.slidingNormalValid = false
		}
	}
	if !c.contactPlaneValid {
		if checkSlide {
			off = off.Sub(c.slidingNormal.Mul(slidingAngle))
		}
	} else {
		n := c.contactPlane.N
		collisionAngle := off.Dot(n)
		slide := n.Cross(c.slidingNormal)
		switch {
		case checkSlide:
			if normalizeCheckSmall(&slide) {
				off = mgl32.Vec3{}
			} else {
				off = slide.Mul(slide.Dot(off))
			}
		case collisionAngle <= 0:
			off = off.Sub(n.Mul(collisionAngle))
		default:
			// Plane::snap_to_plane.
			if abs32(n[2]) > Epsilon {
				off[2] = -(off[0]*n[0] + off[1]*n[1]) / n[2]
			}
		}
	}
	if c.contactPlaneCellID == 0 || !c.contactPlaneValid {
		return off, mgl32.Vec3{}, false
	}
	dist := g.Center.Dot(c.contactPlane.N) + c.contactPlane.D
	if dist >= g.Radius-Epsilon {
		return off, mgl32.Vec3{}, false
	}
	zDist := (g.Radius - dist) / c.contactPlane.N[2]
	if g.Radius > abs32(zDist) {
		return off, mgl32.Vec3{0, 0, zDist}, true
	}
	return off, mgl32.Vec3{}, false
}

// collisionInfo.adjustOffset, which the whole transition and both
// shortcuts call, against the Vec3 form on random collision infos: every
// branch (sliding normal kept or forgotten, no contact plane, the slide
// along the crease, a crease too short, into the plane, snapped to it, no
// cell, sunk and lifted, sunk past the radius, clear) compared bit for
// bit, the sliding normal's validity after it too.
func TestTransitSpeed_AdjustOffsetMatchesVec3Form(t *testing.T) {
	r := rand.New(rand.NewSource(41))
	names := [...]string{"no contact plane", "crease too short", "along the crease", "into the plane", "snapped to it", "no cell", "lifted", "sunk past the radius", "clear"}
	var seen [len(names)]int
	for k := 0; k < 40000; k++ {
		var c collisionInfo
		c.slidingNormalValid = r.Intn(3) > 0
		c.slidingNormal = rvec(r, 1).Normalize()
		c.contactPlaneValid = r.Intn(4) > 0
		n := rvec(r, 1)
		n[2] = abs32(n[2]) + 0.05*float32(r.Intn(2))
		n = n.Normalize()
		switch r.Intn(6) {
		case 0:
			// The crease of the plane and the sliding normal is too
			// short to normalise.
			c.slidingNormal = n
		case 1:
			// A vertical wall: snap_to_plane cannot.
			n[2] = 0
			n = n.Normalize()
		}
		g := Sphere{Center: rvec(r, 2), Radius: 0.1 + r.Float32()}
		// The plane through a point within the radius of the centre
		// (sunk), near it, or far off.
		d := (r.Float32()*2 - 1) * g.Radius * 1.5
		c.contactPlane = Plane{N: n, D: -n.Dot(g.Center) + d}
		if r.Intn(5) > 0 {
			c.contactPlaneCellID = 0xA9B40001
		}
		off := rvec(r, 0.5)
		want := c
		wOff, wLift, wOK := refAdjustOffset(&want, off, &g)
		x, y, z, lz, lift := c.adjustOffset(off[0], off[1], off[2], g.Center[0], g.Center[1], g.Center[2], g.Radius)
		if !sameVecBits(mgl32.Vec3{x, y, z}, wOff) || lift != wOK || (lift && !sameVecBits(mgl32.Vec3{0, 0, lz}, wLift)) || c != want {
			t.Fatalf("case %d: adjustOffset (%v %v %v) lift %v %v, sliding valid %v; reference %v lift %v %v, sliding valid %v",
				k, x, y, z, lift, lz, c.slidingNormalValid, wOff, wOK, wLift[2], want.slidingNormalValid)
		}
		switch {
		case !c.contactPlaneValid:
			seen[0]++
		case c.slidingNormalValid && wOff == (mgl32.Vec3{}):
			seen[1]++
		case c.slidingNormalValid:
			seen[2]++
		case off.Dot(n) <= 0:
			seen[3]++
		default:
			seen[4]++
		}
		if c.contactPlaneValid {
			dist := g.Center.Dot(n) + c.contactPlane.D
			switch {
			case c.contactPlaneCellID == 0:
				seen[5]++
			case lift:
				seen[6]++
			case dist < g.Radius-Epsilon:
				seen[7]++
			default:
				seen[8]++
			}
		}
	}
	for i, n := range seen {
		if n < 100 {
			t.Fatalf("%s compared only %d times", names[i], n)
		}
	}
	t.Logf("compared: %v %v", names, seen)
}

// refPlaneToGlobal is Plane::localtoglobal as first written on Vec3
// (Frame.LocalToGlobalVec, LocalToGlobal, Vec3.Dot; ACE
// Plane.LocalToGlobal), the distance scaled.
func refPlaneToGlobal(pl Plane, f *Frame, scale float32) Plane {
	n := f.LocalToGlobalVec(pl.N)
	pt := f.LocalToGlobal(pl.N.Mul(-pl.D))
	return Plane{N: n, D: -n.Dot(pt) * scale}
}

// planeToGlobalFrame, which the whole transition (planeToGlobal,
// planeToGlobalInto) and the indoor shortcut's floor memo call, against
// the Vec3 form on random frames, planes and scales, bit for bit, and the
// transit's two forms from the path's local-space frame.
func TestTransitSpeed_PlaneToGlobalMatchesVec3Form(t *testing.T) {
	r := rand.New(rand.NewSource(42))
	for k := 0; k < 20000; k++ {
		f := NewFrame(rvec(r, 200), mgl32.QuatRotate(r.Float32()*6.3, rvec(r, 1).Normalize()))
		n := rvec(r, 1).Normalize()
		pl := Plane{N: n, D: (r.Float32()*2 - 1) * 50}
		scale := float32(1)
		if k%3 == 0 {
			scale = 0.25 + r.Float32()*2
		}
		want := refPlaneToGlobal(pl, &f, scale)
		var got Plane
		planeToGlobalFrame(&got, &pl, &f, scale)
		if !sameVecBits(got.N, want.N) || math.Float32bits(got.D) != math.Float32bits(want.D) {
			t.Fatalf("case %d: planeToGlobalFrame %v, reference %v", k, got, want)
		}
		var tr transit
		tr.path.localSpacePos = f
		var into Plane
		tr.planeToGlobalInto(&into, &pl, scale)
		if g := tr.planeToGlobal(pl, scale); g != into || into != got {
			t.Fatalf("case %d: planeToGlobal %v, planeToGlobalInto %v, planeToGlobalFrame %v", k, g, into, got)
		}
	}
}
