// Static objects in retail's transition: CPhysicsObj::FindObjCollisions
// for an object that does not move — through its parts' physics BSPs
// (CPhysicsPart / CGfxObj::find_obj_collisions), else its cylspheres
// (CCylSphere::intersects_sphere, ACE CylSphere.cs), else its spheres
// (CSphere::intersects_sphere, ACE Sphere.cs).

package physics

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl32"
)

// objectCollisions is CPhysicsObj::FindObjCollisions for a static object
// whose frame is in the landblock at sweep-frame offset off. A building
// collides through its first part only (BuildingObj::
// find_building_collisions).
func (t *transit) objectCollisions(s *StaticObject, off mgl32.Vec3, cell uint32, building bool) transitionState {
	path := &t.path
	path.obstructionEthereal = false
	scale := s.Scale
	if scale == 0 {
		scale = 1
	}
	f := s.Frame
	f.Origin = f.Origin.Add(off)
	f.Cache()
	st := tsOK
	switch {
	case len(s.Parts) > 0:
		parts := s.Parts
		if building {
			parts = parts[:1]
		}
		for i := range parts {
			p := &parts[i]
			g := p.GfxObj
			if g == nil || g.PhysicsBSP == nil || g.PhysicsBSP.Root == nil {
				continue
			}
			ps := scale
			if p.Scale != 0 {
				ps *= p.Scale
			}
			pf := p.Frame
			pf.Origin = pf.Origin.Mul(scale)
			pf.Cache()
			pf = Combine(&f, &pf)
			path.cacheLocalSpaceSphere(&pf, ps)
			src := hitSource{kind: hitGfxObj, id: g.ID, cell: cell, object: s}
			// CGfxObj::find_obj_collisions: only when a sphere reaches the
			// model's bounding sphere.
			for k := 0; k < path.numSphere; k++ {
				ls := &path.localSpaceSphere[k]
				d := g.PhysicsSphere.Center.Sub(ls.Center)
				r := g.PhysicsSphere.Radius + ls.Radius
				if d.Dot(d)-r*r < Epsilon {
					if path.insertType == insertInitialPlacement {
						st = t.bspPlacementInsert(g.PhysicsBSP)
					} else {
						st = t.bspFindCollisions(g.PhysicsBSP, ps, src)
					}
					break
				}
			}
			if st != tsOK {
				break
			}
		}
	case len(s.CylSpheres) > 0:
		path.cacheLocalSpaceSphere(&f, 1)
		for i := range s.CylSpheres {
			c := s.CylSpheres[i]
			c.LowPoint = f.LocalToGlobal(c.LowPoint.Mul(scale))
			c.Radius *= scale
			c.Height *= scale
			if st = t.cylIntersectsSphere(&c, hitSource{kind: hitCylSphere, cell: cell, object: s, index: i}); st != tsOK {
				break
			}
		}
	case len(s.Spheres) > 0:
		for i := range s.Spheres {
			c := f.LocalToGlobal(s.Spheres[i].Center.Mul(scale))
			if st = t.sphereIntersectsSphere(c, s.Spheres[i].Radius*scale, hitSource{kind: hitSphere, cell: cell, object: s, index: i}); st != tsOK {
				break
			}
		}
	}
	if st != tsOK && !path.stepDown && t.obj.state&oiContact == 0 {
		// FindObjCollisions_Inner: a static counts as the environment.
		t.coll.collidedWithEnvironment = true
	}
	return st
}

func collidesWithSphere(disp mgl32.Vec3, radsum float32) bool { return disp.Dot(disp) <= radsum*radsum }

// sphereIntersectsSphere is CSphere::intersects_sphere for a static
// sphere (not a creature) at center with radius r.
func (t *transit) sphereIntersectsSphere(center mgl32.Vec3, r float32, src hitSource) transitionState {
	path := &t.path
	g0 := &path.globalSphere[0]
	disp := g0.Center.Sub(center)
	var disp1 mgl32.Vec3
	two := path.numSphere > 1
	if two {
		disp1 = path.globalSphere[1].Center.Sub(center)
	}
	radsum := g0.Radius + r - Epsilon
	if path.obstructionEthereal || path.insertType == insertPlacement || path.checkWalkable {
		if collidesWithSphere(disp, radsum) || (two && collidesWithSphere(disp1, radsum)) {
			return tsCollided
		}
		return tsOK
	}
	if path.stepDown {
		return t.sphereStepDown(center, r, &disp, radsum, src)
	}
	if !path.collide {
		if t.obj.state&(oiContact|oiOnWalkable) != 0 {
			if collidesWithSphere(disp, radsum) {
				t.events.noteWall(src)
				// CSphere::step_sphere_up.
				if t.obj.stepUpHeight < radsum+Epsilon-disp[2] {
					return t.sphereSlide(center, 0)
				}
				if t.stepUp(path.globalCurrCenter[0].Sub(center)) {
					return tsOK
				}
				return t.stepUpSlide()
			}
			if two && collidesWithSphere(disp1, radsum) {
				t.events.noteWall(src)
				return t.sphereSlide(center, 1)
			}
			return tsOK
		}
		if collidesWithSphere(disp, radsum) {
			// CSphere::land_on_sphere.
			n := path.globalCurrCenter[0].Sub(center)
			if normalizeCheckSmall(&n) {
				return tsCollided
			}
			path.setCollide(n)
			path.walkableAllowance = LandingZ
			t.events.noteWall(src)
			return tsAdjusted
		}
		if two && collidesWithSphere(disp1, radsum) {
			// CSphere::collide_with_point (not PerfectClip).
			n := path.globalCurrCenter[1].Sub(center)
			if !normalizeCheckSmall(&n) {
				t.coll.setCollisionNormal(n)
			}
			t.events.noteWall(src)
			return tsCollided
		}
		return tsOK
	}
	if !collidesWithSphere(disp, radsum) && (!two || !collidesWithSphere(disp1, radsum)) {
		return tsOK
	}
	// Landing on top of the sphere.
	movement := path.globalCurrCenter[0].Sub(g0.Center)
	radsum += Epsilon
	lenSq := movement.Dot(movement)
	diff := -movement.Dot(disp)
	if abs32(lenSq) < Epsilon {
		return tsCollided
	}
	tt := math.Sqrt(float64(diff*diff-(disp.Dot(disp)-radsum*radsum)*lenSq)) + float64(diff)
	if tt > 1 {
		tt = float64(diff)*2 - tt
	}
	tm := float32(tt) / lenSq
	timecheck := (1 - tm) * path.walkInterp
	if timecheck >= path.walkInterp || timecheck < -0.1 {
		return tsCollided
	}
	movement = movement.Mul(tm)
	disp = disp.Add(movement).Mul(1 / radsum)
	if !path.isWalkableAllowable(disp[2]) {
		return tsOK
	}
	pt := g0.Center.Sub(disp.Mul(g0.Radius))
	t.coll.setContactPlane(Plane{N: disp, D: -disp.Dot(pt)}, path.checkPos.cell)
	path.walkInterp = timecheck
	path.addOffsetToCheckPos(movement)
	return tsAdjusted
}

// sphereSlide is CSphere::slide_sphere(transition, disp, sphereNum) for a
// static sphere at center.
func (t *transit) sphereSlide(center mgl32.Vec3, k int) transitionState {
	path := &t.path
	g := &path.globalSphere[k]
	n := path.globalCurrCenter[k].Sub(center)
	if normalizeCheckSmall(&n) {
		return tsCollided
	}
	return t.slideSphere(g, &n, path.globalCurrCenter[k])
}

// sphereStepDown is CSphere::step_sphere_down.
func (t *transit) sphereStepDown(center mgl32.Vec3, r float32, disp *mgl32.Vec3, radsum float32, src hitSource) transitionState {
	path := &t.path
	if !collidesWithSphere(*disp, radsum) {
		if path.numSphere <= 1 {
			return tsOK
		}
		if !collidesWithSphere(path.globalSphere[1].Center.Sub(center), radsum) {
			return tsOK
		}
	}
	stepDown := path.stepDownAmt * path.walkInterp
	if abs32(stepDown) < Epsilon {
		return tsCollided
	}
	radsum += Epsilon
	val := float32(math.Sqrt(float64(radsum*radsum - (disp[0]*disp[0] + disp[1]*disp[1]))))
	scaled := (val - disp[2]) / stepDown
	timecheck := (1 - scaled) * path.walkInterp
	if timecheck >= path.walkInterp || timecheck < -0.1 {
		return tsCollided
	}
	interp := stepDown * scaled
	*disp = mgl32.Vec3{disp[0], disp[1], disp[2] + interp}.Mul(1 / radsum)
	if disp[2] <= path.walkableAllowance {
		return tsOK
	}
	pt := disp.Mul(r).Add(center)
	t.coll.setContactPlane(Plane{N: *disp, D: -disp.Dot(pt)}, path.checkPos.cell)
	path.walkInterp = timecheck
	path.addOffsetToCheckPos(mgl32.Vec3{0, 0, interp})
	return tsAdjusted
}

// cylCollides is CCylSphere::collides_with_sphere.
func (c *CylSphere) collides(s *Sphere, disp mgl32.Vec3, radsum float32) bool {
	if disp[0]*disp[0]+disp[1]*disp[1] <= radsum*radsum {
		return s.Radius-Epsilon+c.Height*0.5 >= abs32(c.Height*0.5-disp[2])
	}
	return false
}

// cylCollisionNormal is CCylSphere::collision_normal.
func (t *transit) cylCollisionNormal(c *CylSphere, s *Sphere, disp0 mgl32.Vec3, radsum float32, k int) (mgl32.Vec3, bool) {
	disp := t.path.globalCurrCenter[k].Sub(c.LowPoint)
	if radsum*radsum < disp[0]*disp[0]+disp[1]*disp[1] {
		n := mgl32.Vec3{disp[0], disp[1], 0}
		return n, s.Radius-Epsilon+c.Height*0.5 >= abs32(c.Height*0.5-disp[2]) || abs32(disp[2]-disp0[2]) <= Epsilon
	}
	if disp0[2]-disp[2] <= 0 {
		return mgl32.Vec3{0, 0, 1}, true
	}
	return mgl32.Vec3{0, 0, -1}, true
}

// cylIntersectsSphere is CCylSphere::intersects_sphere (the cylsphere
// already in the sweep frame).
func (t *transit) cylIntersectsSphere(c *CylSphere, src hitSource) transitionState {
	path := &t.path
	g0 := &path.globalSphere[0]
	disp := g0.Center.Sub(c.LowPoint)
	two := path.numSphere > 1
	var g1 *Sphere
	var disp1 mgl32.Vec3
	if two {
		g1 = &path.globalSphere[1]
		disp1 = g1.Center.Sub(c.LowPoint)
	}
	radsum := c.Radius - Epsilon + g0.Radius
	if path.insertType == insertPlacement || path.obstructionEthereal || path.checkWalkable {
		if c.collides(g0, disp, radsum) || (two && c.collides(g1, disp1, radsum)) {
			return tsCollided
		}
		return tsOK
	}
	if path.stepDown {
		return t.cylStepDown(c, g0, disp, radsum)
	}
	if !path.collide {
		if t.obj.state&(oiContact|oiOnWalkable) != 0 {
			if c.collides(g0, disp, radsum) {
				t.events.noteWall(src)
				// CCylSphere::step_sphere_up.
				if t.obj.stepUpHeight < g0.Radius+c.Height-disp[2] {
					return t.cylSlide(c, g0, disp, radsum, 0)
				}
				n, _ := t.cylCollisionNormal(c, g0, disp, radsum, 0)
				if normalizeCheckSmall(&n) {
					return tsCollided
				}
				if t.stepUp(n) {
					return tsOK
				}
				return t.stepUpSlide()
			}
			if two && c.collides(g1, disp1, radsum) {
				t.events.noteWall(src)
				return t.cylSlide(c, g1, disp1, radsum, 1)
			}
			return tsOK
		}
		if c.collides(g0, disp, radsum) {
			// CCylSphere::land_on_cylinder.
			n, _ := t.cylCollisionNormal(c, g0, disp, radsum, 0)
			if normalizeCheckSmall(&n) {
				return tsCollided
			}
			path.setCollide(n)
			path.walkableAllowance = LandingZ
			t.events.noteWall(src)
			return tsAdjusted
		}
		if two && c.collides(g1, disp1, radsum) {
			// CCylSphere::collide_with_point (not PerfectClip).
			n, _ := t.cylCollisionNormal(c, g1, disp1, radsum, 1)
			if normalizeCheckSmall(&n) {
				return tsCollided
			}
			t.coll.setCollisionNormal(n)
			t.events.noteWall(src)
			return tsCollided
		}
		return tsOK
	}
	if !c.collides(g0, disp, radsum) && (!two || !c.collides(g1, disp1, radsum)) {
		return tsOK
	}
	// Landing on the cylinder's top.
	movement := path.globalCurrCenter[0].Sub(g0.Center)
	if abs32(movement[2]) < Epsilon {
		return tsCollided
	}
	timecheck := (c.Height + g0.Radius - disp[2]) / movement[2]
	off := movement.Mul(timecheck)
	sum := off.Add(disp)
	if radsum*radsum < sum[0]*sum[0]+sum[1]*sum[1] {
		return tsOK
	}
	tt := (1 - timecheck) * path.walkInterp
	if tt >= path.walkInterp || tt < -0.1 {
		return tsCollided
	}
	pd := g0.Center.Add(off)
	pd[2] -= g0.Radius
	t.coll.setContactPlane(Plane{N: up, D: -pd[2]}, path.checkPos.cell)
	path.walkInterp = tt
	path.addOffsetToCheckPos(off)
	return tsAdjusted
}

func (t *transit) cylSlide(c *CylSphere, s *Sphere, disp mgl32.Vec3, radsum float32, k int) transitionState {
	n, _ := t.cylCollisionNormal(c, s, disp, radsum, k)
	if normalizeCheckSmall(&n) {
		return tsCollided
	}
	return t.slideSphere(s, &n, t.path.globalCurrCenter[k])
}

// cylStepDown is CCylSphere::step_sphere_down: rest on the cylinder's top.
func (t *transit) cylStepDown(c *CylSphere, s *Sphere, disp mgl32.Vec3, radsum float32) transitionState {
	path := &t.path
	two := path.numSphere > 1
	if !c.collides(s, disp, radsum) && !(two && c.collides(&path.globalSphere[1], path.globalSphere[1].Center.Sub(c.LowPoint), radsum)) {
		return tsOK
	}
	stepScale := path.stepDownAmt * path.walkInterp
	if abs32(stepScale) < Epsilon {
		return tsCollided
	}
	deltaz := c.Height + s.Radius - disp[2]
	interp := (1 - deltaz/stepScale) * path.walkInterp
	if interp >= path.walkInterp || interp < -0.1 {
		return tsCollided
	}
	cp := mgl32.Vec3{s.Center[0], s.Center[1], s.Center[2] + (deltaz - s.Radius)}
	t.coll.setContactPlane(Plane{N: up, D: -cp[2]}, path.checkPos.cell)
	path.walkInterp = interp
	path.addOffsetToCheckPos(mgl32.Vec3{0, 0, deltaz})
	return tsAdjusted
}

// hitKind says what a transition hit.
type hitKind uint8

const (
	hitNone hitKind = iota
	hitGfxObj
	hitCellStruct
	hitCylSphere
	hitSphere
)

// hitSource names what a polygon or shape belongs to, for the events.
type hitSource struct {
	kind   hitKind
	id     uint32
	cell   uint32
	poly   uint16
	index  int
	object *StaticObject
}

const (
	evWall = iota
	evStep
	evFloor
	evLand
)

// transitEvents is what one transition saw, for the pipeline events.
type transitEvents struct {
	wall      hitSource
	slid      bool
	slideN    mgl32.Vec3
	step      float32
	stepValid bool
	landed    bool
	edge      bool
}

func (e *transitEvents) noteWall(src hitSource) { e.wall = src }

func (t *transit) noteHit(src hitSource, p *Polygon, kind int) {
	if p != nil {
		src.poly = p.ID
	}
	if kind == evWall || kind == evStep {
		t.events.wall = src
	}
}

func (e *transitEvents) noteSlide(n mgl32.Vec3) { e.slid, e.slideN = true, n }

func (e *transitEvents) noteStep(dz float32) {
	if !e.stepValid || abs32(dz) > abs32(e.step) {
		e.step, e.stepValid = dz, true
	}
}

func (e *transitEvents) noteLand() { e.landed = true }
func (e *transitEvents) noteEdge() { e.edge = true }

// objRef is a static object and the sweep-frame offset of its landblock.
type objRef struct {
	obj *StaticObject
	off mgl32.Vec3
}

// obstacleCache holds the static object each scenario obstacle becomes,
// keyed by the obstacle's address and checked against a copy of it.
var obstacleCache sync.Map // *Obstacle → *cachedObstacle

type cachedObstacle struct {
	src Obstacle
	obj StaticObject
}

// obstacleObject is ob's static object; num is 1 + ob's place in the
// world's obstacle list, 0 for a static read as an obstacle.
func obstacleObject(ob *Obstacle, num int) *StaticObject {
	if v, ok := obstacleCache.Load(ob); ok {
		c := v.(*cachedObstacle)
		if c.src == *ob && c.obj.Obstacle == num {
			return &c.obj
		}
	}
	c := &cachedObstacle{src: *ob, obj: ObstacleObject(ob)}
	c.obj.Obstacle = num
	obstacleCache.Store(ob, c)
	return &c.obj
}

// obstacleObjects appends to dst the static objects of the world's
// obstacles (and the dat statics read as obstacles) whose footprint
// overlaps the sweep-frame square lo–hi (x, y).
func (w *World) obstacleObjects(dst []objRef, lbx, lby int32, lo, hi mgl32.Vec3) []objRef {
	add := func(obs []Obstacle, numbered bool) {
		for i := range obs {
			ob := &obs[i]
			ox := float32((int32(ob.Landblock>>8) - lbx) * LandblockLength)
			oy := float32((int32(ob.Landblock&0xFF) - lby) * LandblockLength)
			var a, b mgl32.Vec3
			switch ob.Kind {
			case ObstacleCylinder:
				r := mgl32.Vec3{ob.Radius, ob.Radius, 0}
				a, b = ob.Center.Sub(r), ob.Center.Add(r)
			case ObstacleBox:
				a, b = ob.Min, ob.Max
			default:
				continue
			}
			if a[0]+ox > hi[0] || b[0]+ox < lo[0] || a[1]+oy > hi[1] || b[1]+oy < lo[1] {
				continue
			}
			num := 0
			if numbered {
				num = i + 1
			}
			dst = append(dst, objRef{obj: obstacleObject(ob, num), off: mgl32.Vec3{ox, oy, 0}})
		}
	}
	add(w.Obstacles, true)
	// With dat geometry its outdoor cells hold every static (Setups with
	// their cylspheres and spheres, GfxObjs with their BSPs); the loader's
	// obstacles stay for drawing.
	if w.statics != nil && w.Geometry == nil {
		for dx := int32(-1); dx <= 1; dx++ {
			for dy := int32(-1); dy <= 1; dy++ {
				x, y := lbx+dx, lby+dy
				if x < 0 || y < 0 || x > 0xFF || y > 0xFF {
					continue
				}
				add(*w.statics.get(uint16(x<<8 | y)), false)
			}
		}
	}
	return dst
}
