// The transition's shortcut for its commonest sweep: a body on outdoor
// terrain, inside one LandCell with nothing standing in it (no building,
// no static, no obstacle), whose spheres reach no other cell. There the
// cell array ObjCell::find_cell_list fills holds that cell alone, its
// find_collisions is OBJECTINFO::validate_walkable on the terrain triangle
// under the lowest point, and check_other_cells has no other cell to test,
// so CTransition's find_transitional_position, transitional_insert,
// insert_into_cell, step_down and validate_transition reduce to the
// arithmetic below: the same float32 operations in the same order as the
// whole transition (transit.go) does them, on scalars held in one place
// instead of the SPHEREPATH and the cell array's bookkeeping. Where a sweep
// leaves that case — a sphere comes within a millimetre of the distance
// at which it would reach a neighbouring cell, the centre is in no
// triangle of the cell, a step fails, is cut to nothing, would slide at
// an edge or collides — the shortcut gives up before it has changed
// anything, and the whole transition runs. Its answer is the whole
// transition's, bit for bit: transit_fast_test.go runs both on random
// sweeps over random terrain and on every transition of the shipped
// scenarios and test recordings (docs/benchmarks.md, "The transition").

package physics

import (
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// cellMargin is how far inside the distance at which add_all_outside_cells
// would add a neighbour (a sphere's radius from the cell's edge) the
// shortcut keeps every sphere: far beyond the rounding of that test's
// float64 arithmetic, so the cell array is the cell alone.
const cellMargin float32 = 1.0 / 1024

// terrainSweep is the state of a shortcut sweep: SPHEREPATH's positions
// and spheres, OBJECTINFO's state bits, COLLISIONINFO and the events, for
// a body of at most two spheres in one bare LandCell.
type terrainSweep struct {
	t    *transit
	cell *tcell
	// body is the body's spheres turned by the rotation (the local
	// centres and low point), n and r their count and radii.
	body *turnedBody
	n    int
	r    [maxSpheres]float32
	// pos is check_pos, cur curr_pos; sph and low are the spheres'
	// centres and the low point at check_pos.
	pos mgl32.Vec3
	cur mgl32.Vec3
	sph [maxSpheres]mgl32.Vec3
	low mgl32.Vec3

	state          objInfoState
	stepDownHeight float32
	objStepDown    bool

	coll   collisionInfo
	events transitEvents
}

// fastMemo is what the shortcut keeps in the object's transit from one
// sweep to the next.
type fastMemo struct {
	// cellAt is the cell pool's slot of the shortcut's last cell.
	cellAt int
	// body is the last body the shortcut turned.
	body turnedBody
}

// cell is t.cells.get(t, id), the slot of the last answer tried first:
// the pool holds an id at most once, so an id found there is get's answer.
func (m *fastMemo) cell(t *transit, id uint32) *tcell {
	p := &t.cells
	if i := m.cellAt; i < p.n && p.ids[i] == id {
		return &p.c[i]
	}
	c := p.get(t, id)
	for i := range p.ids[:p.n] {
		if p.ids[i] == id {
			m.cellAt = i
		}
	}
	return c
}

// bareLandCell says c is an outdoor cell whose find_collisions tests the
// terrain alone: no building, no static, no obstacle in it.
func bareLandCell(c *tcell) bool {
	if c == nil || c.kind != cellLand || len(c.objs) != 0 {
		return false
	}
	return c.contents == nil || (c.contents.Building == nil && len(c.contents.Statics) == 0)
}

// terrainTransition is CPhysicsObj::transition(from, to) by the shortcut;
// done is false where the sweep is not the shortcut's (the object and its
// result are then untouched, and the whole transition must run).
func (o *Object) terrainTransition(from *Position, to *Frame) (r *transitionResult, ok, done bool) {
	if IsIndoorCell(from.Cell) {
		return nil, false, false
	}
	// begin's cell pool, the only part of the transit the shortcut uses.
	t := o.transitIn(from.Cell)
	cell := t.fast.cell(t, from.Cell)
	if !bareLandCell(cell) {
		return nil, false, false
	}
	var s terrainSweep
	s.t, s.cell = t, cell
	s.begin(o, to)

	// find_transitional_position.
	x, y, z, numSteps, ok := s.startSteps(&from.Frame.Origin, &to.Origin)
	if !ok {
		return nil, false, false
	}
	gravity := o.State&StateGravity != 0
	for i := 0; i < numSteps; i++ {
		if !s.step(x, y, z, gravity) {
			return nil, false, false
		}
		if s.coll.framesStationaryFall > 0 || i+1 == numSteps {
			// The last step: check_pos is not read again.
			break
		}
		s.setCheckPos(s.cur[0], s.cur[1], s.cur[2])
	}
	return s.result(to), true, true
}

// startSteps is find_transitional_position's start for both shortcuts,
// from b to e: calc_num_steps, its per-step offset (x, y, z) held as
// scalars, and curr_pos and check_pos at b. A move shorter than 0.99 of
// the radius is one step whatever the rounding of the square root and
// the quotient (each within 2⁻²⁴): those are left out there. ok is false
// where the whole transition must run (no move, or more steps than it
// takes); nothing is set then.
func (s *terrainSweep) startSteps(b, e *mgl32.Vec3) (x, y, z float32, numSteps int, ok bool) {
	x, y, z = e[0]-b[0], e[1]-b[1], e[2]-b[2]
	numSteps = 1
	if d2 := x*x + y*y + z*z; !(d2 < s.r[0]*s.r[0]*0.98) {
		dist := float32(math.Sqrt(float64(d2)))
		if step := dist / s.r[0]; step > 1 {
			numSteps = int(math.Ceil(float64(step)))
			inv := 1 / float32(numSteps)
			x, y, z = x*inv, y*inv, z*inv
		}
	}
	if x == 0 && y == 0 && z == 0 || numSteps > maxTransitSteps {
		return 0, 0, 0, 0, false
	}
	s.cur[0], s.cur[1], s.cur[2] = b[0], b[1], b[2]
	s.setCheckPos(b[0], b[1], b[2])
	return x, y, z, numSteps, true
}

// begin is CTransition's set-up as Object.begin and spherePath.initSphere
// do it: OBJECTINFO from the object, the contact plane and sliding normal
// it carries, and the spheres turned by the body's rotation.
func (s *terrainSweep) begin(o *Object, to *Frame) {
	t := s.t
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	s.stepDownHeight, s.objStepDown = o.StepDownHeight, o.State&StateMissile == 0
	if o.State&StateEdgeSlide != 0 {
		s.state |= oiEdgeSlide
	}
	c := &s.coll
	// The last known contact plane is left out: the whole transition
	// reads it only where a step fails (transitional_insert's reset,
	// validate_transition after a failed step), where the shortcut gives
	// up.
	if o.TransientState&TransientContact != 0 {
		// check_contact: Velocity.Dot(ContactPlane.N) on the fields in
		// place (a copy of the plane just written would stall).
		v, n := &o.Velocity, &o.ContactPlane.N
		if v[0]*n[0]+v[1]*n[1]+v[2]*n[2] <= Epsilon {
			bx, by := t.blockOffsetXY(o.ContactPlaneCellID)
			c.contactPlaneValid, c.contactPlaneCellID = true, o.ContactPlaneCellID
			planeOffsetInto(&c.contactPlane, &o.ContactPlane, bx, by, 0)
			s.state |= oiContact
			if o.TransientState&TransientOnWalkable != 0 {
				s.state |= oiOnWalkable
			}
		}
	}
	if o.TransientState&TransientSliding != 0 {
		c.slidingNormalValid, c.slidingNormal = true, o.SlidingNormal
		if normalizeCheckSmall(&c.slidingNormal) {
			c.slidingNormal = mgl32.Vec3{}
		}
	}
	var spheres [maxSpheres]Sphere
	n := min(o.bodySpheres(&spheres), maxSpheres)
	b := &t.fast.body
	if !b.same(&spheres, n, scale, &to.m) {
		b.set(&spheres, n, scale, &to.m)
	}
	s.body, s.n, s.r = b, b.n, b.r
}

// turnedBody is initSphere's answer for the shortcut — the body's spheres
// scaled and turned by the rotation, and the low point — with what it was
// made from, bit for bit: the same spheres, scale and rotation matrix make
// the same answer, so a sweep of an unchanged body reuses it.
type turnedBody struct {
	// key is the spheres' words (the first n; the rest zero), the scale's
	// and the matrix's; valid says key holds a body.
	key   [maxSpheres*4 + 1 + 9]uint32
	valid bool
	n     int
	r     [maxSpheres]float32
	rs    [maxSpheres]mgl32.Vec3
	rl    mgl32.Vec3
}

// These two fail to compile unless the key has the 18 words
// turnedBody.same compares (written out for maxSpheres = 2).
var _ [maxSpheres*4 + 1 + 9 - 18]struct{}
var _ [18 - (maxSpheres*4 + 1 + 9)]struct{}

// same says b was made from these spheres (the first n), scale and matrix.
func (b *turnedBody) same(sph *[maxSpheres]Sphere, n int, scale float32, m *mgl32.Mat3) bool {
	if !b.valid || n != b.n {
		return false
	}
	// The words compared one by one, written out: a loop's bookkeeping
	// would cost as much as the compares. (They are all of them while
	// maxSpheres is 2: the check above.)
	w := (*[maxSpheres * 4]uint32)(unsafe.Pointer(sph))
	mw := (*[9]uint32)(unsafe.Pointer(m))
	k := &b.key
	d := (w[0] ^ k[0]) | (w[1] ^ k[1]) | (w[2] ^ k[2]) | (w[3] ^ k[3]) |
		(w[4] ^ k[4]) | (w[5] ^ k[5]) | (w[6] ^ k[6]) | (w[7] ^ k[7]) |
		(math.Float32bits(scale) ^ k[8]) |
		(mw[0] ^ k[9]) | (mw[1] ^ k[10]) | (mw[2] ^ k[11]) | (mw[3] ^ k[12]) | (mw[4] ^ k[13]) |
		(mw[5] ^ k[14]) | (mw[6] ^ k[15]) | (mw[7] ^ k[16]) | (mw[8] ^ k[17])
	return d == 0
}

// set makes b from the spheres (the first n; the rest zero), scale and
// matrix: initSphere's arithmetic, each centre scaled, then turned by the
// rotation (mulMat3's products, on scalars).
func (b *turnedBody) set(spheres *[maxSpheres]Sphere, n int, scale float32, m *mgl32.Mat3) {
	b.n = n
	for i := 0; i < n; i++ {
		c := &spheres[i].Center
		x, y, z := c[0]*scale, c[1]*scale, c[2]*scale
		b.r[i] = spheres[i].Radius * scale
		d := &b.rs[i]
		d[0], d[1], d[2] = m[0]*x+m[3]*y+m[6]*z, m[1]*x+m[4]*y+m[7]*z, m[2]*x+m[5]*y+m[8]*z
	}
	c0 := &spheres[0].Center
	x, y, z := c0[0]*scale, c0[1]*scale, c0[2]*scale-b.r[0]
	d := &b.rl
	d[0], d[1], d[2] = m[0]*x+m[3]*y+m[6]*z, m[1]*x+m[4]*y+m[7]*z, m[2]*x+m[5]*y+m[8]*z
	k := &b.key
	copy(k[:maxSpheres*4], (*[maxSpheres * 4]uint32)(unsafe.Pointer(spheres))[:])
	k[maxSpheres*4] = math.Float32bits(scale)
	copy(k[maxSpheres*4+1:], (*[9]uint32)(unsafe.Pointer(m))[:])
	b.valid = true
}

// setCheckPos is setCheckPos(curr_pos) with cacheGlobalSphere, curr_pos
// being (x, y, z) (passed as scalars: a copy of the position just written
// would stall the store buffer). Both sphere slots are set (the second
// is not read for a body of one sphere).
func (s *terrainSweep) setCheckPos(x, y, z float32) {
	s.pos[0], s.pos[1], s.pos[2] = x, y, z
	t := s.body
	a, b, ra, rb, rl := &s.sph[0], &s.sph[1], &t.rs[0], &t.rs[1], &t.rl
	a[0], a[1], a[2] = x+ra[0], y+ra[1], z+ra[2]
	b[0], b[1], b[2] = x+rb[0], y+rb[1], z+rb[2]
	s.low[0], s.low[1], s.low[2] = x+rl[0], y+rl[1], z+rl[2]
}

// terrainPoly is find_terrain_poly in the cell. A point at least
// cellMargin inside the cell's square is inside both triangles' edges
// along the square's sides (pointInPoly2D's test on such an edge compares
// two products that differ by 24·cellMargin, far beyond their rounding),
// so only the diagonal edges decide, by the same arithmetic.
func (s *terrainSweep) terrainPoly(p *mgl32.Vec3) *Polygon {
	c := s.cell
	if !(p[0] >= c.lo[0]+cellMargin && p[0] <= c.hi[0]-cellMargin && p[1] >= c.lo[1]+cellMargin && p[1] <= c.hi[1]-cellMargin) {
		return c.findTerrainPoly(p)
	}
	for i := range c.polys {
		if c.polys[i].pointInPoly2DInner(p) {
			return &c.polys[i]
		}
	}
	return nil
}

// step is one step of find_transitional_position from check_pos (the
// sweep's pos, sph and low, at curr_pos) by the offset (x, y, z):
// adjust_offset, the offset added to check_pos, transitional_insert with
// its step down, validate_transition. It reports false where the sweep
// stops being the shortcut's. It is the whole transition's arithmetic in
// the whole transition's order: adjust_offset by the function the whole
// transition and the indoor shortcut call (collisionInfo.adjustOffset),
// the rest (transit.go's addOffsetToCheckPos, transitionalInsert,
// stepDown, validateWalkable, validateTransition) written out in one
// function: check_pos and the first sphere's centre stay in registers
// from one part to the next (each part's result feeds the next, and
// through memory each would wait for its store to reach its load).
func (s *terrainSweep) step(x, y, z float32, gravity bool) bool {
	c, cl := &s.coll, s.cell
	rad := s.r[0]
	// adjust_offset, before the values the step keeps in registers are
	// loaded (none is live across the call).
	ox, oy, oz, lz, lift := c.adjustOffset(x, y, z, s.sph[0][0], s.sph[0][1], s.sph[0][2], rad)
	px, py, pz := s.pos[0], s.pos[1], s.pos[2]
	gx, gy, gz := s.sph[0][0], s.sph[0][1], s.sph[0][2]
	// The second sphere's and the low point's x and y: the cell and
	// triangle tests read them; nothing in the step reads their z, which
	// the next check_pos makes anew.
	hx, hy := s.sph[1][0], s.sph[1][1]
	lx, ly := s.low[0], s.low[1]
	if lift {
		// The body sunk into its contact plane is lifted back onto it:
		// addOffsetToCheckPos(0, 0, lz).
		px, py, pz = px+0, py+0, pz+lz
		gx, gy, gz = gx+0, gy+0, gz+lz
		hx, hy, lx, ly = hx+0, hy+0, lx+0, ly+0
	}
	if ox*ox+oy*oy+oz*oz < Epsilon*Epsilon {
		return false
	}
	c.slidingNormalValid = false
	c.contactPlaneValid = false
	// addOffsetToCheckPos(offset).
	px, py, pz = px+ox, py+oy, pz+oz
	gx, gy, gz = gx+ox, gy+oy, gz+oz
	hx, hy, lx, ly = hx+ox, hy+oy, lx+ox, ly+oy

	// From here to the step's end the spheres move only up and down
	// (validate_walkable's and step_down's offsets): the cell array stays
	// the cell alone while every sphere is its radius and cellMargin inside
	// the cell's square, and check_other_cells puts check_pos in it when
	// the first sphere's centre is over one of its triangles.
	if r := rad + cellMargin; !(gx >= cl.lo[0]+r && gx <= cl.hi[0]-r && gy >= cl.lo[1]+r && gy <= cl.hi[1]-r) {
		return false
	}
	if s.n > 1 {
		if r := s.r[1] + cellMargin; !(hx >= cl.lo[0]+r && hx <= cl.hi[0]-r && hy >= cl.lo[1]+r && hy <= cl.hi[1]-r) {
			return false
		}
	}
	// find_terrain_poly under the centre: for a point cellMargin inside
	// the square the diagonal edges alone decide (terrainPoly).
	var centre *Polygon
	if !(gx >= cl.lo[0]+cellMargin && gx <= cl.hi[0]-cellMargin && gy >= cl.lo[1]+cellMargin && gy <= cl.hi[1]-cellMargin) {
		centre = cl.findTerrainPoly(&mgl32.Vec3{gx, gy, gz})
	} else {
		for i := range cl.polys {
			if p := &cl.polys[i]; len(p.Vertices) == 3 {
				v := p.Vertices[:3]
				if !edgeExcludes(&v[0], &v[2], gx, gy) && !edgeExcludes(&v[2], &v[1], gx, gy) && !edgeExcludes(&v[1], &v[0], gx, gy) {
					centre = p
					break
				}
			} else if p.pointInPoly2DInner(&mgl32.Vec3{gx, gy, gz}) {
				centre = p
				break
			}
		}
	}
	if centre == nil {
		return false
	}
	// The triangle under the lowest point, for validate_walkable (x and y
	// do not change within the step); an upright body's low point is
	// under its first sphere's centre.
	poly := centre
	if lx != gx || ly != gy {
		poly = s.terrainPoly(&mgl32.Vec3{lx, ly, 0})
	}

	// transitional_insert: insert_into_cell is validate_walkable on that
	// triangle's plane (the cell's find_collisions), tried until it
	// answers tsOK — 3 attempts of 3 — and check_other_cells finds no
	// other cell. Without step_down set it never answers tsCollided.
	contact := s.state&oiContact != 0
	onWalkable := s.state&oiOnWalkable != 0
	var pl *Plane
	var n0, n1, n2, d float32
	if poly != nil {
		pl = &poly.Plane
		n0, n1, n2, d = pl.N[0], pl.N[1], pl.N[2], pl.D
		ok := false
		for k := 0; k < 3*3; k++ {
			dist := gx*n0 + gy*n1 + (gz-rad)*n2 + d
			walkable := !onWalkable || n2 >= FloorZ
			if dist >= -Epsilon {
				if dist <= Epsilon {
					if walkable {
						c.setContactPlane(*pl, cl.id)
					}
					if !contact {
						c.setCollisionNormal(pl.N)
						c.collidedWithEnvironment = true
						s.events.noteLand()
					}
				}
				ok = true
				break
			}
			zDist := dist / n2
			if walkable {
				c.setContactPlane(*pl, cl.id)
				px, py, pz = px+0, py+0, pz+-zDist
				gx, gy, gz = gx+0, gy+0, gz+-zDist
				hx, hy, lx, ly = hx+0, hy+0, lx+0, ly+0
			}
			if !contact {
				c.setCollisionNormal(pl.N)
				c.collidedWithEnvironment = true
				s.events.noteLand()
			}
		}
		if !ok {
			return false
		}
	}
	if !c.contactPlaneValid && contact && s.objStepDown {
		// step_down: the body in contact is put back on the ground below.
		zVal, h := LandingZ, contactStepDownHeight
		if onWalkable {
			zVal, h = FloorZ, s.stepDownHeight
		}
		radsum := rad * 2
		if s.n < 2 && radsum < h {
			h = rad * 0.5
		}
		tries := 1
		if !(radsum >= h) {
			// Two half steps (retail calls step_down twice).
			h *= 0.5
			tries = 2
		}
		before := pz
		ok := false
		for ; tries > 0 && !ok; tries-- {
			// step_down (never within a step up here; check_walkable has
			// no walkable polygon to test, so it passes).
			amt, interp := h, float32(1)
			pz -= h
			gx, gy, gz = gx+0, gy+0, gz+-h
			hx, hy, lx, ly = hx+0, hy+0, lx+0, ly+0
			// Its insert, step_down set: validate_walkable until tsOK or
			// tsCollided, 5 attempts of 5.
			st := tsOK
			if pl != nil {
				for k := 0; k < 5*5; k++ {
					dist := gx*n0 + gy*n1 + (gz-rad)*n2 + d
					if dist >= -Epsilon {
						if dist <= Epsilon {
							c.setContactPlane(*pl, cl.id)
						}
						st = tsOK
						break
					}
					zDist := dist / n2
					c.setContactPlane(*pl, cl.id)
					in := (1 - -1/(amt*interp)*zDist) * interp
					if in >= interp || in < -0.1 {
						st = tsCollided
						break
					}
					interp = in
					px, py, pz = px+0, py+0, pz+-zDist
					gx, gy, gz = gx+0, gy+0, gz+-zDist
					hx, hy, lx, ly = hx+0, hy+0, lx+0, ly+0
					st = tsAdjusted
				}
			}
			// step_down's placement insert is left out: it always answers
			// tsOK and changes nothing. The insert above answered tsOK, so
			// its last validate_walkable (if there was a triangle)
			// answered tsOK for this sphere and triangle, and the
			// placement's, the same arithmetic on the same values, finds
			// the same distance, at least −Epsilon: above Epsilon it
			// returns at once; within ±Epsilon it sets the contact plane
			// the last one set and no collision normal (the body is in
			// contact). The contact plane is then valid: tsOK. (The whole
			// transition makes that insert; transit_fast_test.go
			// compares.)
			ok = st == tsOK && c.contactPlaneValid && c.contactPlane.N[2] >= zVal
		}
		if !ok {
			// edge_slide: not the shortcut's.
			return false
		}
		s.events.noteStep(pz - before)
	}

	// validate_transition for a step that succeeded: commit it, and carry
	// the contact plane to the next.
	redo := px != s.cur[0] || py != s.cur[1] || pz != s.cur[2]
	s.cur[0], s.cur[1], s.cur[2] = px, py, pz
	if c.collisionNormalValid {
		c.setSlidingNormal(c.collisionNormal)
	}
	if gravity {
		if !redo {
			// A first stationary step (the sweep stops here).
			c.framesStationaryFall = 1
		} else {
			c.framesStationaryFall = 0
		}
	}
	if c.contactPlaneValid {
		s.state |= oiContact
		if c.contactPlane.N[2] >= FloorZ {
			s.state |= oiOnWalkable
		} else {
			s.state &^= oiOnWalkable
		}
	} else {
		s.state &^= oiContact | oiOnWalkable
	}
	return true
}

// edgeExcludes is pointInPoly2D's test of one edge, from pv to v, for the
// point (x, y), for an edge neither along x nor along y (one that is
// cannot exclude a point inside the cell's square: pointInPoly2DInner).
func edgeExcludes(pv, v *mgl32.Vec3, x, y float32) bool {
	dx, dy := v[0]-pv[0], v[1]-pv[1]
	return dx != 0 && dy != 0 && dy*v[0]-dx*v[1]+dx*y-dy*x > 0
}

// result is transit.result: what SetPositionInternal reads.
func (s *terrainSweep) result(to *Frame) *transitionResult {
	r := &s.t.o.scratch
	*r = transitionResult{}
	c := &s.coll
	r.CurPos.Frame = *to
	r.CurPos.Cell = s.cell.id
	o, off := &s.cur, &s.cell.off
	x, y, z := o[0]-off[0], o[1]-off[1], o[2]-off[2]
	r.CurPos.Frame.Origin[0], r.CurPos.Frame.Origin[1], r.CurPos.Frame.Origin[2] = x, y, z
	if c.contactPlaneValid {
		r.ContactPlaneValid = true
		r.ContactPlaneCellID = c.contactPlaneCellID
		bx, by := s.t.blockOffsetXY(c.contactPlaneCellID)
		planeOffsetInto(&r.ContactPlane, &c.contactPlane, bx*-1, by*-1, math.Float32frombits(negZero))
	}
	if c.slidingNormalValid {
		r.SlidingNormalValid, r.SlidingNormal = true, c.slidingNormal
	}
	if c.collisionNormalValid {
		r.CollisionNormalValid, r.CollisionNormal = true, c.collisionNormal
	}
	// The shortcut notes steps and landings alone (no wall, slide or
	// edge): those fields, each into place (a whole copy of fields just
	// written one by one would stall).
	e := &s.events
	r.events.step, r.events.stepValid, r.events.landed = e.step, e.stepValid, e.landed
	return r
}
