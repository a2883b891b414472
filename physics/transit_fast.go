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
	// poly is the terrain triangle under the lowest point for the current
	// step (its x and y do not change within a step).
	poly *Polygon
	n    int
	r    [maxSpheres]float32
	// rs and rl are the local sphere centres and low point turned by the
	// body's rotation; sph and low the global ones at check_pos.
	rs  [maxSpheres]mgl32.Vec3
	rl  mgl32.Vec3
	pos mgl32.Vec3
	cur mgl32.Vec3
	sph [maxSpheres]mgl32.Vec3
	low mgl32.Vec3

	state          objInfoState
	stepDownHeight float32
	objStepDown    bool

	stepDown    bool
	stepDownAmt float32
	walkInterp  float32

	coll   collisionInfo
	events transitEvents
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
	if o.tr == nil {
		o.tr = new(transit)
	}
	t := o.tr
	// begin's cell pool, the only part of the transit the shortcut uses.
	t.o, t.w = o, o.World
	t.lbx, t.lby = int32(from.Cell>>24), int32(from.Cell>>16&0xFF)
	t.cells.reuse(o.World, t.lbx, t.lby)
	cell := t.cells.get(t, from.Cell)
	if !bareLandCell(cell) {
		return nil, false, false
	}
	var s terrainSweep
	s.t, s.cell = t, cell
	s.begin(o, to)

	// find_transitional_position.
	b, e := &from.Frame.Origin, &to.Origin
	x, y, z := e[0]-b[0], e[1]-b[1], e[2]-b[2]
	// calc_num_steps, its per-step offset held as scalars. A move
	// shorter than 0.99 of the radius is one step whatever the rounding
	// of the square root and the quotient (each within 2⁻²⁴): those are
	// left out there.
	numSteps := 1
	if d2 := x*x + y*y + z*z; !(d2 < s.r[0]*s.r[0]*0.98) {
		dist := float32(math.Sqrt(float64(d2)))
		if step := dist / s.r[0]; step > 1 {
			numSteps = int(math.Ceil(float64(step)))
			inv := 1 / float32(numSteps)
			x, y, z = x*inv, y*inv, z*inv
		}
	}
	if x == 0 && y == 0 && z == 0 || numSteps > maxTransitSteps {
		return nil, false, false
	}
	s.cur[0], s.cur[1], s.cur[2] = b[0], b[1], b[2]
	s.setCheckPos(b[0], b[1], b[2])
	for i := 0; i < numSteps; i++ {
		ox, oy, oz := s.adjustOffset(x, y, z)
		if ox*ox+oy*oy+oz*oz < Epsilon*Epsilon {
			return nil, false, false
		}
		s.coll.slidingNormalValid = false
		s.coll.contactPlaneValid = false
		s.addOffset(ox, oy, oz)
		// From here to the step's end the spheres move only up and down
		// (validate_walkable's and step_down's offsets): the cell array
		// stays the cell alone, and check_other_cells puts check_pos in
		// it when the first sphere's centre is over one of its triangles.
		if !s.inCell() {
			return nil, false, false
		}
		centre := s.terrainPoly(&s.sph[0])
		if centre == nil {
			return nil, false, false
		}
		// The triangle depends on x and y alone: an upright body's low
		// point is under its first sphere's centre.
		s.poly = centre
		if s.low[0] != s.sph[0][0] || s.low[1] != s.sph[0][1] {
			s.poly = s.terrainPoly(&s.low)
		}
		if st := s.insert(3); st != tsOK {
			return nil, false, false
		}
		s.validateTransition(o.State&StateGravity != 0)
		if s.coll.framesStationaryFall > 0 {
			break
		}
	}
	return s.result(to), true, true
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
	if o.TransientState&TransientContact != 0 {
		bx, by := t.blockOffsetXY(o.ContactPlaneCellID)
		planeOffsetInto(&c.lastKnownContactPlane, &o.ContactPlane, bx, by, 0)
		c.lastKnownContactPlaneValid, c.lastKnownContactPlaneCellID = true, o.ContactPlaneCellID
		if o.Velocity.Dot(o.ContactPlane.N) <= Epsilon {
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
	s.n = min(o.bodySpheres(&spheres), maxSpheres)
	// initSphere: each centre scaled, then turned by the rotation
	// (mulMat3's products, on scalars).
	m := &to.m
	for i := 0; i < s.n; i++ {
		c := &spheres[i].Center
		x, y, z := c[0]*scale, c[1]*scale, c[2]*scale
		s.r[i] = spheres[i].Radius * scale
		d := &s.rs[i]
		d[0], d[1], d[2] = m[0]*x+m[3]*y+m[6]*z, m[1]*x+m[4]*y+m[7]*z, m[2]*x+m[5]*y+m[8]*z
	}
	c0 := &spheres[0].Center
	x, y, z := c0[0]*scale, c0[1]*scale, c0[2]*scale-s.r[0]
	d := &s.rl
	d[0], d[1], d[2] = m[0]*x+m[3]*y+m[6]*z, m[1]*x+m[4]*y+m[7]*z, m[2]*x+m[5]*y+m[8]*z
}

// setCheckPos is setCheckPos(curr_pos) with cacheGlobalSphere, curr_pos
// being (x, y, z) (passed as scalars: a copy of the position just written
// would stall the store buffer). Both sphere slots are set.
func (s *terrainSweep) setCheckPos(x, y, z float32) {
	s.pos[0], s.pos[1], s.pos[2] = x, y, z
	a, b, ra, rb := &s.sph[0], &s.sph[1], &s.rs[0], &s.rs[1]
	a[0], a[1], a[2] = x+ra[0], y+ra[1], z+ra[2]
	b[0], b[1], b[2] = x+rb[0], y+rb[1], z+rb[2]
	s.low[0], s.low[1], s.low[2] = x+s.rl[0], y+s.rl[1], z+s.rl[2]
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

// addOffset is addOffsetToCheckPos: check_pos, the spheres and the low
// point each moved by (x, y, z) (Vec3.Add's sums, 0 added too). Both
// sphere slots move (the second is unused for a body of one sphere).
func (s *terrainSweep) addOffset(x, y, z float32) {
	p, a, b, l := &s.pos, &s.sph[0], &s.sph[1], &s.low
	p[0], p[1], p[2] = p[0]+x, p[1]+y, p[2]+z
	a[0], a[1], a[2] = a[0]+x, a[1]+y, a[2]+z
	b[0], b[1], b[2] = b[0]+x, b[1]+y, b[2]+z
	l[0], l[1], l[2] = l[0]+x, l[1]+y, l[2]+z
}

// inCell says every sphere is at least its radius and cellMargin inside
// the cell's square (add_all_outside_cells then adds the cell alone).
func (s *terrainSweep) inCell() bool {
	lo, hi := &s.cell.lo, &s.cell.hi
	for i := 0; i < s.n; i++ {
		c, r := &s.sph[i], s.r[i]+cellMargin
		if !(c[0] >= lo[0]+r && c[0] <= hi[0]-r && c[1] >= lo[1]+r && c[1] <= hi[1]-r) {
			return false
		}
	}
	return true
}

// adjustOffset is transit.adjustOffset on the sweep's state: it returns
// the adjusted offset.
func (s *terrainSweep) adjustOffset(ox, oy, oz float32) (float32, float32, float32) {
	c := &s.coll
	sn := &c.slidingNormal
	checkSlide := false
	slidingAngle := ox*sn[0] + oy*sn[1] + oz*sn[2]
	if c.slidingNormalValid {
		if slidingAngle < 0 {
			checkSlide = true
		} else {
			c.slidingNormalValid = false
		}
	}
	if !c.contactPlaneValid {
		if checkSlide {
			ox, oy, oz = ox-sn[0]*slidingAngle, oy-sn[1]*slidingAngle, oz-sn[2]*slidingAngle
		}
		return ox, oy, oz
	}
	n := &c.contactPlane.N
	collisionAngle := ox*n[0] + oy*n[1] + oz*n[2]
	switch {
	case checkSlide:
		sx, sy, sz := n[1]*sn[2]-n[2]*sn[1], n[2]*sn[0]-n[0]*sn[2], n[0]*sn[1]-n[1]*sn[0]
		d := float32(math.Sqrt(float64(sx*sx + sy*sy + sz*sz)))
		if d < Epsilon {
			ox, oy, oz = 0, 0, 0
		} else {
			inv := 1 / d
			sx, sy, sz = sx*inv, sy*inv, sz*inv
			dot := sx*ox + sy*oy + sz*oz
			ox, oy, oz = sx*dot, sy*dot, sz*dot
		}
	case collisionAngle <= 0:
		ox, oy, oz = ox-n[0]*collisionAngle, oy-n[1]*collisionAngle, oz-n[2]*collisionAngle
	default:
		if abs32(n[2]) > Epsilon {
			oz = -(ox*n[0] + oy*n[1]) / n[2]
		}
	}
	if c.contactPlaneCellID == 0 {
		return ox, oy, oz
	}
	g, rad := &s.sph[0], s.r[0]
	dist := g[0]*n[0] + g[1]*n[1] + g[2]*n[2] + c.contactPlane.D
	if dist >= rad-Epsilon {
		return ox, oy, oz
	}
	zDist := (rad - dist) / n[2]
	if rad > abs32(zDist) {
		s.addOffset(0, 0, zDist)
	}
	return ox, oy, oz
}

// insert is transitional_insert in the bare cell for a sweep that is the
// shortcut's, with the step down that keeps a body in contact on the
// ground: any outcome but tsOK (a collision, or edge_slide where
// step_down found no ground) is the shortcut's to give up on.
func (s *terrainSweep) insert(attempts int) transitionState {
	c := &s.coll
	st := tsInvalid
	for i := 0; i < attempts; i++ {
		// insert_into_cell: validate_walkable on the terrain triangle
		// under the lowest point (the cell's find_collisions).
		st = tsOK
		if s.poly != nil {
			for j := 0; j < attempts; j++ {
				if st = s.validateWalkable(&s.poly.Plane); st == tsOK || st == tsCollided {
					break
				}
			}
		}
		if st == tsCollided {
			return st
		}
		if st != tsOK {
			continue
		}
		// check_other_cells found no other cell; check_pos stays in this
		// one (the caller checked the centre is over it).
		if c.contactPlaneValid || s.state&oiContact == 0 || s.stepDown || !s.objStepDown {
			return tsOK
		}
		zVal := LandingZ
		h := contactStepDownHeight
		if s.state&oiOnWalkable != 0 {
			zVal = FloorZ
			h = s.stepDownHeight
		}
		radsum := s.r[0] * 2
		if s.n < 2 && radsum < h {
			h = s.r[0] * 0.5
		}
		before := s.pos[2]
		ok := false
		if radsum >= h {
			ok = s.doStepDown(h, zVal)
		} else {
			// Two half steps (retail calls step_down twice).
			h *= 0.5
			if ok = s.doStepDown(h, zVal); !ok {
				ok = s.doStepDown(h, zVal)
			}
		}
		if !ok {
			// edge_slide: not the shortcut's.
			return tsInvalid
		}
		s.events.noteStep(s.pos[2] - before)
		return tsOK
	}
	return st
}

// insertHeld is transitional_insert within step_down: its own inserts
// never step down again (step_down's is made with the step-down flag set,
// its placement insert with a contact plane no insert here clears).
func (s *terrainSweep) insertHeld(attempts int) transitionState {
	st := tsInvalid
	for i := 0; i < attempts; i++ {
		// insert_into_cell: validate_walkable on the terrain triangle
		// under the lowest point (the cell's find_collisions).
		st = tsOK
		if s.poly != nil {
			for j := 0; j < attempts; j++ {
				if st = s.validateWalkable(&s.poly.Plane); st == tsOK || st == tsCollided {
					break
				}
			}
		}
		if st == tsCollided {
			return st
		}
		if st != tsOK {
			continue
		}
		if s.coll.contactPlaneValid || s.state&oiContact == 0 || s.stepDown || !s.objStepDown {
			return tsOK
		}
		return tsInvalid
	}
	return st
}

// doStepDown is step_down (never within a step up here; check_walkable
// has no walkable polygon to test, so it passes).
func (s *terrainSweep) doStepDown(h, zVal float32) bool {
	s.stepDown = true
	s.stepDownAmt = h
	s.walkInterp = 1
	s.pos[2] -= h
	s.addOffsetSpheres(0, 0, -h)
	st := s.insertHeld(5)
	s.stepDown = false
	c := &s.coll
	if st == tsOK && c.contactPlaneValid && c.contactPlane.N[2] >= zVal {
		return s.insertHeld(1) == tsOK
	}
	return false
}

// addOffsetSpheres is cacheGlobalSphereOffset: the spheres (both slots)
// and the low point moved, check_pos not.
func (s *terrainSweep) addOffsetSpheres(x, y, z float32) {
	a, b, l := &s.sph[0], &s.sph[1], &s.low
	a[0], a[1], a[2] = a[0]+x, a[1]+y, a[2]+z
	b[0], b[1], b[2] = b[0]+x, b[1]+y, b[2]+z
	l[0], l[1], l[2] = l[0]+x, l[1]+y, l[2]+z
}

// validateWalkable is transit.validateWalkable for the cell's terrain
// plane (check_walkable's probe never runs here).
func (s *terrainSweep) validateWalkable(pl *Plane) transitionState {
	c := &s.coll
	g, rad := &s.sph[0], s.r[0]
	dist := g[0]*pl.N[0] + g[1]*pl.N[1] + (g[2]-rad)*pl.N[2] + pl.D
	walkable := s.stepDown || s.state&oiOnWalkable == 0 || pl.N[2] >= FloorZ
	if dist >= -Epsilon {
		if dist > Epsilon {
			return tsOK
		}
		if walkable {
			c.setContactPlane(*pl, s.cell.id)
		}
		if s.state&oiContact == 0 && !s.stepDown {
			c.setCollisionNormal(pl.N)
			c.collidedWithEnvironment = true
			s.events.noteLand()
		}
		return tsOK
	}
	zDist := dist / pl.N[2]
	if walkable {
		c.setContactPlane(*pl, s.cell.id)
		if s.stepDown {
			interp := (1 - -1/(s.stepDownAmt*s.walkInterp)*zDist) * s.walkInterp
			if interp >= s.walkInterp || interp < -0.1 {
				return tsCollided
			}
			s.walkInterp = interp
		}
		s.addOffset(0, 0, -zDist)
	}
	if s.state&oiContact == 0 && !s.stepDown {
		c.setCollisionNormal(pl.N)
		c.collidedWithEnvironment = true
		s.events.noteLand()
	}
	return tsAdjusted
}

// validateTransition is transit.validateTransition for a step that
// succeeded: commit it and carry the contact plane to the next.
func (s *terrainSweep) validateTransition(gravity bool) {
	c := &s.coll
	x, y, z := s.pos[0], s.pos[1], s.pos[2]
	redo := x != s.cur[0] || y != s.cur[1] || z != s.cur[2]
	s.cur[0], s.cur[1], s.cur[2] = x, y, z
	s.setCheckPos(x, y, z)
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
	c.lastKnownContactPlaneValid = c.contactPlaneValid
	if c.contactPlaneValid {
		c.lastKnownContactPlane = c.contactPlane
		c.lastKnownContactPlaneCellID = c.contactPlaneCellID
		s.state |= oiContact
		if c.contactPlane.N[2] >= FloorZ {
			s.state |= oiOnWalkable
		} else {
			s.state &^= oiOnWalkable
		}
	} else {
		s.state &^= oiContact | oiOnWalkable
	}
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
	r.events = s.events
	return r
}
