// The transition's shortcut indoors: a body walking inside one EnvCell
// with no static in it, whose spheres reach none of the cell's portals and
// meet none of its CellStruct's polygons but the floor it steps down onto.
// There the cell array ObjCell::find_cell_list fills holds that cell
// alone, check_other_cells has no other cell to test, and
// CTransition::transitional_insert reduces to the CellStruct's physics BSP
// searched three times per step — BSPTREE::find_collisions in contact
// (sphere_intersects_poly for each sphere), BSPTREE::step_sphere_down
// (find_walkable) within step_down, and the placement insert's
// sphere_intersects_solid — with the cell BSP's point_inside_cell_bsp and
// the portal tests of EnvCell::find_transit_cells at each fill of the cell
// array. This file makes exactly those calls, with the same float32
// operations in the same order as the whole transition (transit.go,
// transit_bsp.go, transit_cells.go), on state held in one place instead of
// the SPHEREPATH and the cell array's bookkeeping; the positions, the
// contact plane, the step-down bookkeeping and the result are the bare
// LandCell shortcut's own (transit_fast.go: terrainSweep), which this one
// reuses. Where a sweep leaves that case — the body is not in contact, a
// sphere touches a wall or a portal's reach, the centre leaves the cell, a
// step is cut to nothing, step_down finds no floor at its first try or
// check_walkable would probe — the shortcut gives up before it has changed
// anything, and the whole transition runs. Its answer is the whole
// transition's, bit for bit (transit_envfast_test.go; docs/collision.md,
// "The shortcut inside an EnvCell").

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// envSweep is a shortcut sweep inside one EnvCell: the bare-cell sweep's
// positions, spheres, COLLISIONINFO and events, plus the cell's BSPs and
// the spheres in the cell's frame (SPHEREPATH's local space).
type envSweep struct {
	terrainSweep
	env     *EnvCell
	root    *BSPNode
	cellBSP *BSPNode
	frame   *Frame
	// sp carries SPHEREPATH's walkable_allowance, walk_interp and
	// step_down_amt, which the BSP searches read and write: the transit's
	// own path, whose whole state begin resets before any transition
	// reads it.
	sp *spherePath
	// z is the world's up in the cell's frame (local_space_z); ls the
	// spheres at check_pos there (local_space_sphere).
	z  mgl32.Vec3
	ls [maxSpheres]Sphere
	// walkable and walkableCheck are SPHEREPATH's walkable polygon and
	// the sphere it was found for (set_walkable), in the cell's frame.
	walkable      *Polygon
	walkableCheck Sphere
	// ver counts the moves of the spheres; lsVer[i] is the move ls[i]
	// was made at, aloneVer the one cellAlone last held at (each one
	// more than the count: zero is never).
	ver      uint32
	lsVer    [maxSpheres]uint32
	aloneVer uint32
	// memo[i] is sphere i's clearance memo at move memoVer[i] (nil: none
	// could be made).
	memo    [maxSpheres]*clearMemo
	memoVer [maxSpheres]uint32
}

// shortcutEnvCell says c is an EnvCell whose find_collisions is its
// CellStruct's physics BSP alone (no static in it) and whose cell BSP
// point_in_cell can read.
func shortcutEnvCell(c *tcell) bool {
	if c == nil || c.kind != cellEnv || len(c.env.Statics) != 0 {
		return false
	}
	s := c.env.Struct
	return s.PhysicsBSP != nil && s.PhysicsBSP.Root != nil && s.CellBSP != nil && s.CellBSP.Root != nil
}

// envTransition is CPhysicsObj::transition(from, to) by the indoor
// shortcut; done is false where the sweep is not the shortcut's (the
// object and its result are then untouched, and the whole transition must
// run).
func (o *Object) envTransition(from *Position, to *Frame) (r *transitionResult, ok, done bool) {
	if !IsIndoorCell(from.Cell) || o.World == nil || o.World.Geometry == nil {
		return nil, false, false
	}
	if o.tr == nil {
		o.tr = new(transit)
	}
	t := o.tr
	// begin's cell pool, and the path as the searches' scratch.
	t.o, t.w = o, o.World
	t.lbx, t.lby = int32(from.Cell>>24), int32(from.Cell>>16&0xFF)
	t.cells.reuse(o.World, t.lbx, t.lby)
	cell := t.cells.get(t, from.Cell)
	if !shortcutEnvCell(cell) {
		return nil, false, false
	}
	var s envSweep
	s.t, s.cell = t, cell
	s.begin(o, to)
	if s.state&oiContact == 0 {
		// Airborne: set_collide and the landing are the whole transition's.
		return nil, false, false
	}
	s.env, s.frame = cell.env, &cell.frame
	s.root, s.cellBSP = cell.env.Struct.PhysicsBSP.Root, cell.env.Struct.CellBSP.Root
	s.sp = &t.path
	s.z = cell.up

	// find_transitional_position; calc_num_steps as the bare-cell
	// shortcut makes it (one step for a move under 0.99 of the radius).
	b, e := &from.Frame.Origin, &to.Origin
	x, y, z := e[0]-b[0], e[1]-b[1], e[2]-b[2]
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
	gravity := o.State&StateGravity != 0
	for i := 0; i < numSteps; i++ {
		if s.state&oiContact == 0 {
			return nil, false, false
		}
		ox, oy, oz := s.adjustOffset(x, y, z)
		if ox*ox+oy*oy+oz*oz < Epsilon*Epsilon {
			return nil, false, false
		}
		s.coll.slidingNormalValid = false
		s.coll.contactPlaneValid = false
		s.addOffset(ox, oy, oz)
		s.moved()
		if st := s.insert(); st != tsOK {
			return nil, false, false
		}
		s.validateTransition(gravity)
		if s.coll.framesStationaryFall > 0 {
			break
		}
	}
	return s.result(to), true, true
}

// moved notes that the spheres have moved: their local-space forms and
// the cell array's answer are to be made again.
func (s *envSweep) moved() { s.ver++ }

// local is sphere i at check_pos in the cell's frame
// (cacheLocalSpaceSphereCell's), made once per move.
func (s *envSweep) local(i int) *Sphere {
	if s.lsVer[i] != s.ver+1 {
		globalToLocalInto(&s.ls[i].Center, s.frame, &s.sph[i], 1)
		s.ls[i].Radius = s.r[i] * 1
		s.lsVer[i] = s.ver + 1
	}
	return &s.ls[i]
}

// missAll says every polygon of the cell's physics BSP misses sphere i
// by the clearance memo (transit_envclear.go): sphere_intersects_poly
// then finds nothing; false says only that the memo cannot tell.
func (s *envSweep) missAll(i int) bool {
	m := s.clearOf(i)
	return m != nil && m.polysMiss(&s.ls[i])
}

// clearOf is sphere i's clearance memo where it is now (its local-space
// form made too), asked once per move.
func (s *envSweep) clearOf(i int) *clearMemo {
	if s.memoVer[i] != s.ver+1 {
		ls := s.local(i)
		s.memo[i] = s.t.clearOf(i, s.env, s.r[i], &ls.Center)
		s.memoVer[i] = s.ver + 1
	}
	return s.memo[i]
}

// solidMiss is sphere_intersects_solid(sphere i, true) where the memo can
// answer it: false when it can (nothing solid there), true when it
// cannot.
func (s *envSweep) solidMiss(i int) bool {
	m := s.clearOf(i)
	return m != nil && !m.solid && m.polysMiss(&s.ls[i])
}

// insert is the step's transitional_insert(3) for a sweep that is the
// shortcut's: insert_into_cell finds nothing, check_other_cells keeps the
// cell, and step_down (its first try) lands on the floor. Anything else
// is tsInvalid: the shortcut gives up.
func (s *envSweep) insert() transitionState {
	if !s.contactCollisions() || !s.cellAlone() {
		return tsInvalid
	}
	if s.coll.contactPlaneValid || !s.objStepDown {
		return tsOK
	}
	zVal := LandingZ
	h := contactStepDownHeight
	if s.state&oiOnWalkable != 0 {
		zVal = FloorZ
		h = s.stepDownHeight
	}
	s.sp.walkableAllowance = zVal
	radsum := s.r[0] * 2
	if s.n < 2 && radsum < h {
		h = s.r[0] * 0.5
	}
	before := s.pos[2]
	if radsum < h {
		// The first of two half steps (retail calls step_down twice;
		// the second, from where the first left off, is not the
		// shortcut's).
		h *= 0.5
	}
	if !s.stepDownOnce(h, zVal) {
		return tsInvalid
	}
	s.walkable = nil
	s.events.noteStep(s.pos[2] - before)
	return tsOK
}

// contactCollisions is EnvCell::find_env_collisions for a body in contact
// (BSPTREE::find_collisions' last branch): true when neither sphere meets
// a polygon (the insert is then tsOK and changes nothing); false where
// the whole transition would step up, slide or note a polygon behind.
func (s *envSweep) contactCollisions() bool {
	var hit *Polygon
	var contact mgl32.Vec3
	if !s.missAll(0) && s.root.sphereIntersectsPoly(&s.ls[0], s.movement(), &hit, &contact) {
		return false
	}
	if s.n > 1 {
		if hit != nil {
			return false
		}
		var hit1 *Polygon
		if !s.missAll(1) && (s.root.sphereIntersectsPoly(s.local(1), s.movement(), &hit1, &contact) || hit1 != nil) {
			return false
		}
	}
	return true
}

// movement is the step's movement in the cell's frame, as
// BSPTREE::find_collisions takes it: the first sphere at check_pos less
// its current centre (cache_global_curr_center's, put into the frame as
// cacheLocalSpaceSphere puts it). Made only where a search needs it.
func (s *envSweep) movement() mgl32.Vec3 {
	var gc, lcur mgl32.Vec3
	gc[0], gc[1], gc[2] = s.cur[0]+s.rs[0][0], s.cur[1]+s.rs[0][1], s.cur[2]+s.rs[0][2]
	globalToLocalInto(&lcur, s.frame, &gc, 1)
	ls := s.local(0)
	var m mgl32.Vec3
	m[0], m[1], m[2] = ls.Center[0]-lcur[0], ls.Center[1]-lcur[1], ls.Center[2]-lcur[2]
	return m
}

// cellAlone is find_cell_list and check_other_cells at check_pos: true
// when EnvCell::find_transit_cells adds no cell (no sphere within reach of
// an outside portal, none intersecting a neighbour's cell BSP) and the
// first sphere's centre is in the cell (point_in_cell), so check_pos stays
// in it.
func (s *envSweep) cellAlone() bool {
	if s.aloneVer == s.ver+1 {
		// Asked again with the spheres where they were: the same cells.
		return true
	}
	t := s.t
	var memo [maxSpheres]*clearMemo
	for i := 0; i < s.n; i++ {
		memo[i] = s.clearOf(i)
	}
	lb := s.cell.id &^ 0xFFFF
	outsideDone := false
	for pi := range s.env.Portals {
		pt := &s.env.Portals[pi]
		if pt.Poly == nil {
			continue
		}
		if pt.OtherCellID == OutsidePortal {
			if outsideDone {
				continue
			}
			// Every outside portal at once where each sphere's memo
			// answers; else this one by itself.
			all := true
			for i := 0; i < s.n && all; i++ {
				all = memo[i] != nil
			}
			if all {
				for i := 0; i < s.n; i++ {
					if memo[i].outsideReached(s.r[i], &s.ls[i].Center) {
						return false
					}
				}
				outsideDone = true
				continue
			}
			for i := 0; i < s.n; i++ {
				rad := s.r[i] + Epsilon
				if d := pt.Poly.dist(s.ls[i].Center); d > -rad && d < rad {
					return false
				}
			}
			continue
		}
		other := t.cells.get(t, lb|uint32(pt.OtherCellID))
		if other == nil || other.kind != cellEnv {
			continue
		}
		if bsp := other.env.Struct.CellBSP; bsp == nil || bsp.Root == nil {
			// (A nil root is inside: sphere_intersects_cell_bsp of a
			// leaf.)
			if bsp != nil {
				return false
			}
			continue
		}
		for i := 0; i < s.n; i++ {
			o := Sphere{Radius: s.r[i]}
			globalToLocalInto(&o.Center, &other.frame, &s.sph[i], 1)
			if !t.neighbourOutside(i, pi, other.env, &o) {
				return false
			}
		}
	}
	c := &s.ls[0].Center
	if m := memo[0]; m != nil {
		if !m.pointInside(c) {
			return false
		}
	} else if !s.cellBSP.pointInsideCellBSP(c) {
		return false
	}
	s.aloneVer = s.ver + 1
	return true
}

// stepDownOnce is step_down (not within a step up) where it succeeds: the
// spheres lowered by h find the floor (step_sphere_down), the cell keeps
// them, check_walkable passes without its probe and the placement insert
// finds nothing solid. False where any of that fails.
func (s *envSweep) stepDownOnce(h, zVal float32) bool {
	sp := s.sp
	sp.stepDownAmt = h
	sp.walkInterp = 1
	s.pos[2] -= h
	s.addOffsetSpheres(0, 0, -h)
	s.moved()
	// transitional_insert(5) with step_down set: insert_into_cell(5)
	// until step_sphere_down leaves the spheres where they are, then
	// check_other_cells.
	inserted := false
	for i := 0; i < 5 && !inserted; i++ {
		for j := 0; j < 5; j++ {
			// The spheres just lowered are (nearly always) on the floor:
			// the memo is asked from the second search on.
			if s.stepSphereDown(i > 0 || j > 0) == tsOK {
				inserted = true
				break
			}
		}
	}
	if !inserted || !s.cellAlone() {
		return false
	}
	c := &s.coll
	if !c.contactPlaneValid || c.contactPlane.N[2] < zVal {
		return false
	}
	if s.state&oiEdgeSlide != 0 && s.state&oiOnWalkable != 0 && !s.checkWalkables() {
		// check_walkable's probe: the whole transition's.
		return false
	}
	// The placement insert (transitional_insert(1)): sphere_intersects_
	// solid for each sphere, then check_other_cells (where the spheres
	// are: the answer above).
	if (!s.solidMiss(0) && s.root.sphereIntersectsSolid(s.local(0), true)) || (s.n > 1 && !s.solidMiss(1) && s.root.sphereIntersectsSolid(s.local(1), true)) {
		return false
	}
	return s.cellAlone()
}

// stepSphereDown is transit.bspStepSphereDown in the cell (scale 1);
// memo says to ask the clearance memo first whether any polygon touches
// the sphere (where none does, find_walkable adjusts nothing).
func (s *envSweep) stepSphereDown(memo bool) transitionState {
	sp := s.sp
	ls := s.local(0)
	k := -(sp.stepDownAmt * sp.walkInterp) * (1 / float32(1))
	z := &s.z
	movement := mgl32.Vec3{z[0] * k, z[1] * k, z[2] * k}
	var valid Sphere
	valid.Center[0], valid.Center[1], valid.Center[2], valid.Radius = ls.Center[0], ls.Center[1], ls.Center[2], ls.Radius
	if memo && s.missAll(0) {
		// No polygon touches the sphere: find_walkable adjusts nothing.
		return tsOK
	}
	changed := false
	var hit *Polygon
	s.root.findWalkable(sp, &valid, &hit, &movement, &s.z, &changed)
	if !changed {
		return tsOK
	}
	var d, off mgl32.Vec3
	d[0], d[1], d[2] = valid.Center[0]-ls.Center[0], valid.Center[1]-ls.Center[1], valid.Center[2]-ls.Center[2]
	mulMat3(&off, &s.frame.m, &d)
	off[0], off[1], off[2] = off[0]*1, off[1]*1, off[2]*1
	s.addOffset(off[0], off[1], off[2])
	s.moved()
	c := &s.coll
	s.t.floor.global(&c.contactPlane, hit, s.cell)
	c.contactPlaneValid, c.contactPlaneCellID = true, s.cell.id
	s.walkable, s.walkableCheck = hit, valid
	return tsAdjusted
}

// checkWalkables is spherePath.checkWalkables on the sweep's walkable.
func (s *envSweep) checkWalkables() bool {
	if s.walkable == nil {
		return true
	}
	c := Sphere{Center: s.walkableCheck.Center, Radius: s.walkableCheck.Radius * 0.5}
	return s.t.walk.checkWalkable(s.walkable, &c, &s.z, false)
}

// planeToGlobalFrame is transit.planeToGlobalInto from frame f.
func planeToGlobalFrame(dst, pl *Plane, f *Frame, scale float32) {
	var n, q, pt mgl32.Vec3
	mulMat3(&n, &f.m, &pl.N)
	negD := -pl.D
	q[0], q[1], q[2] = pl.N[0]*negD, pl.N[1]*negD, pl.N[2]*negD
	mulMat3(&pt, &f.m, &q)
	addInto(&pt, &f.Origin, &pt)
	d := -(n[0]*pt[0] + n[1]*pt[1] + n[2]*pt[2]) * scale
	dst.N[0], dst.N[1], dst.N[2], dst.D = n[0], n[1], n[2], d
}

// floorMemo is the last polygon plane the indoor shortcut put into the
// sweep frame (planeToGlobalFrame of the floor it stepped down onto,
// the same every tick a body walks on one floor): the polygon, the
// EnvCell and the frame's origin it was for (the EnvCell's rotation
// makes the rest of the frame), and the answer. A memo, not state.
type floorMemo struct {
	poly   *Polygon
	env    *EnvCell
	origin [3]uint32
	plane  Plane
}

// global is planeToGlobalFrame(dst, &p.Plane, &c.frame, 1), remembered.
func (m *floorMemo) global(dst *Plane, p *Polygon, c *tcell) {
	o := &c.frame.Origin
	ox, oy, oz := math.Float32bits(o[0]), math.Float32bits(o[1]), math.Float32bits(o[2])
	if m.poly != p || m.env != c.env || m.origin[0] != ox || m.origin[1] != oy || m.origin[2] != oz {
		planeToGlobalFrame(&m.plane, &p.Plane, &c.frame, 1)
		m.poly, m.env, m.origin = p, c.env, [3]uint32{ox, oy, oz}
	}
	dst.N[0], dst.N[1], dst.N[2], dst.D = m.plane.N[0], m.plane.N[1], m.plane.N[2], m.plane.D
}
