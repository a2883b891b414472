// Retail's transition: CPhysicsObj::transition (0x00512DC0, seed 003 §5)
// and what it calls — CTransition (find_valid_position,
// find_transitional_position, transitional_insert, insert_into_cell,
// check_other_cells, step_up, step_down, check_walkable, edge_slide,
// cliff_slide, validate_transition, the placement forms), SPHEREPATH,
// OBJECTINFO::validate_walkable and COLLISIONINFO — ported from the public
// form in ACE Source/ACE.Server/Physics (Transition.cs, SpherePath.cs,
// ObjectInfo.cs, Collision/CollisionInfo.cs), which keeps retail's names.
// The polygon and BSP tests are in transit_bsp.go, the cells (terrain
// LandCells, EnvCells, buildings, portals) in transit_cells.go, the sphere
// and cylsphere objects in transit_objects.go.
//
// One simplification of frames: the whole transition runs in the landblock
// frame of the starting position (the "sweep frame"); every cell and object
// is moved into it by its landblock offset (retail re-expresses check_pos
// in the landblock of each cell it enters, LandDefs::get_block_offset — the
// same arithmetic). The result is re-expressed in the landblock of the cell
// it ends in.

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// transitionState is retail's TransitionState.
type transitionState uint8

const (
	tsInvalid transitionState = iota
	tsOK
	tsCollided
	tsAdjusted
	tsSlid
)

// insertType is SPHEREPATH's insert_type.
type insertType uint8

const (
	insertTransition insertType = iota
	insertPlacement
	insertInitialPlacement
)

// objInfoState is OBJECTINFO's state bits (ACE ObjectInfoState).
type objInfoState uint16

const (
	oiContact    objInfoState = 0x1
	oiOnWalkable objInfoState = 0x2
	oiEdgeSlide  objInfoState = 0x200
)

// Transition constants (ACE Transition.cs; retail's literals).
const (
	// contactStepDownHeight is the 0.04 m a body in contact with ground it
	// cannot stand on steps down to keep it (transitional_insert, step_up).
	contactStepDownHeight float32 = 0.039999999
	// maxTransitSteps is find_transitional_position's step limit (ACE
	// raises retail's 30 to 1000; a longer move has no valid position).
	maxTransitSteps = 1000
	// maxSpheres is SPHEREPATH's limit: retail sweeps at most two spheres.
	maxSpheres = 2
)

// objectInfo is OBJECTINFO.
type objectInfo struct {
	state          objInfoState
	scale          float32
	stepUpHeight   float32
	stepDownHeight float32
	// stepDown is !Missile: the body follows the ground down.
	stepDown bool
}

// tpos is a position in the sweep frame and the cell id retail's Position
// would carry.
type tpos struct {
	o    mgl32.Vec3
	cell uint32
}

// spherePath is SPHEREPATH (ACE SpherePath.cs).
type spherePath struct {
	numSphere            int
	localSphere          [maxSpheres]Sphere
	localLowPoint        mgl32.Vec3
	globalSphere         [maxSpheres]Sphere
	globalLowPoint       mgl32.Vec3
	localSpaceSphere     [maxSpheres]Sphere
	localSpaceCurrCenter [maxSpheres]mgl32.Vec3
	globalCurrCenter     [maxSpheres]mgl32.Vec3
	localSpacePos        Frame
	localSpaceZ          mgl32.Vec3

	beginPos, endPos       tpos
	curPos, checkPos       tpos
	backupCheckPos         tpos
	curCell, checkCell     *tcell
	backupCell             *tcell
	globalOffset           mgl32.Vec3
	stepUp                 bool
	stepUpNormal           mgl32.Vec3
	collide                bool
	insertType, backup     insertType
	stepDown               bool
	obstructionEthereal    bool
	hitsInteriorCell       bool
	buildingCheck          bool
	walkableAllowance      float32
	walkInterp             float32
	stepDownAmt            float32
	walkableCheckPos       Sphere
	walkable               *Polygon
	checkWalkable          bool
	walkableUp             mgl32.Vec3
	walkablePos            Frame
	walkableScale          float32
	cellArrayValid         bool
	negStepUp              bool
	negCollisionNormal     mgl32.Vec3
	negPolyHit             bool
	placementAllowsSliding bool
	rot                    *Frame // the body's rotation (origin unused)
	// rotSphere and rotLowPoint are the local sphere centres and low
	// point turned by rot (the rotation is fixed for a transition).
	rotSphere   [maxSpheres]mgl32.Vec3
	rotLowPoint mgl32.Vec3
	// lsCell is the cell whose frame localSpacePos, localSpaceZ and
	// localSpaceCurrCenter hold (nil: none; see cacheLocalSpaceSphereCell).
	lsCell *tcell
}

// collisionInfo is COLLISIONINFO (ACE Collision/CollisionInfo.cs).
type collisionInfo struct {
	lastKnownContactPlaneValid  bool
	lastKnownContactPlane       Plane
	lastKnownContactPlaneCellID uint32
	contactPlaneValid           bool
	contactPlane                Plane
	contactPlaneCellID          uint32
	slidingNormalValid          bool
	slidingNormal               mgl32.Vec3
	collisionNormalValid        bool
	collisionNormal             mgl32.Vec3
	collidedWithEnvironment     bool
	framesStationaryFall        int
}

// setContactPlane is COLLISIONINFO::set_contact_plane with the cell id
// retail stores beside it.
func (c *collisionInfo) setContactPlane(p Plane, cell uint32) {
	c.contactPlaneValid, c.contactPlane, c.contactPlaneCellID = true, p, cell
}

// setCollisionNormal is COLLISIONINFO::set_collision_normal: the normal,
// normalised (zero when too small). ACE stores the unnormalised vector
// ("use original?"); retail's normalises in place.
func (c *collisionInfo) setCollisionNormal(n mgl32.Vec3) {
	c.collisionNormalValid = true
	if normalizeCheckSmall(&n) {
		n = mgl32.Vec3{}
	}
	c.collisionNormal = n
}

// setSlidingNormal is COLLISIONINFO::set_sliding_normal: the normal's
// horizontal part, normalised (zero when too small).
func (c *collisionInfo) setSlidingNormal(n mgl32.Vec3) {
	c.slidingNormalValid = true
	n[2] = 0
	if normalizeCheckSmall(&n) {
		n = mgl32.Vec3{}
	}
	c.slidingNormal = n
}

// normalizeCheckSmall is Vec::normalize_check_small: true (and v unchanged)
// when |v| < F_EPSILON, else v is normalised.
func normalizeCheckSmall(v *mgl32.Vec3) bool {
	d := v.Len()
	if d < Epsilon {
		return true
	}
	*v = v.Mul(1 / d)
	return false
}

// spherePath methods (ACE SpherePath.cs).

func (p *spherePath) initSphere(spheres []Sphere, scale float32) {
	// Component by component into place (the same products as
	// Vec3.Mul and Mat3.Mul3x1): a Vec3 built on the stack and copied
	// stalls the store buffer at every transition.
	p.numSphere = min(len(spheres), maxSpheres)
	for i := 0; i < p.numSphere; i++ {
		c, l := &spheres[i].Center, &p.localSphere[i]
		l.Center[0], l.Center[1], l.Center[2] = c[0]*scale, c[1]*scale, c[2]*scale
		l.Radius = spheres[i].Radius * scale
	}
	p.localLowPoint = p.localSphere[0].Center
	p.localLowPoint[2] -= p.localSphere[0].Radius
	m := &p.rot.m
	for i := 0; i < p.numSphere; i++ {
		mulMat3(&p.rotSphere[i], m, &p.localSphere[i].Center)
	}
	mulMat3(&p.rotLowPoint, m, &p.localLowPoint)
}

// mulMat3 is dst = m·v, mgl32's Mat3.Mul3x1 written into place.
func mulMat3(dst *mgl32.Vec3, m *mgl32.Mat3, v *mgl32.Vec3) {
	x, y, z := v[0], v[1], v[2]
	dst[0] = m[0]*x + m[3]*y + m[6]*z
	dst[1] = m[1]*x + m[4]*y + m[7]*z
	dst[2] = m[2]*x + m[5]*y + m[8]*z
}

// addInto is dst = a + b (Vec3.Add) written into place.
func addInto(dst, a, b *mgl32.Vec3) {
	x, y, z := a[0]+b[0], a[1]+b[1], a[2]+b[2]
	dst[0], dst[1], dst[2] = x, y, z
}

func (p *spherePath) cacheGlobalCurrCenter() {
	p.lsCell = nil
	for i := 0; i < p.numSphere; i++ {
		addInto(&p.globalCurrCenter[i], &p.curPos.o, &p.rotSphere[i])
	}
}

func (p *spherePath) cacheGlobalSphere() {
	for i := 0; i < p.numSphere; i++ {
		addInto(&p.globalSphere[i].Center, &p.checkPos.o, &p.rotSphere[i])
		p.globalSphere[i].Radius = p.localSphere[i].Radius
	}
	addInto(&p.globalLowPoint, &p.checkPos.o, &p.rotLowPoint)
}

func (p *spherePath) cacheGlobalSphereOffset(off mgl32.Vec3) {
	for i := 0; i < p.numSphere; i++ {
		addInto(&p.globalSphere[i].Center, &p.globalSphere[i].Center, &off)
	}
	addInto(&p.globalLowPoint, &p.globalLowPoint, &off)
}

func (p *spherePath) addOffsetToCheckPos(off mgl32.Vec3) {
	p.cellArrayValid = false
	addInto(&p.checkPos.o, &p.checkPos.o, &off)
	p.cacheGlobalSphereOffset(off)
}

// cacheLocalSpaceSphere puts the spheres (current and checked) into the
// frame f (in the sweep frame), scaled by 1/scale.
func (p *spherePath) cacheLocalSpaceSphere(f *Frame, scale float32) {
	p.lsCell = nil
	inv := 1 / scale
	for i := 0; i < p.numSphere; i++ {
		globalToLocalInto(&p.localSpaceCurrCenter[i], f, &p.globalCurrCenter[i], inv)
		globalToLocalInto(&p.localSpaceSphere[i].Center, f, &p.globalSphere[i].Center, inv)
		p.localSpaceSphere[i].Radius = p.localSphere[i].Radius * inv
	}
	p.localSpacePos = *f
	p.localSpaceZ = f.GlobalToLocalVec(up)
}

// cacheLocalSpaceSphereCell is cacheLocalSpaceSphere(&c.frame, 1) for an
// EnvCell. Asked again for the same cell with the current centres
// unchanged (the inserts of one step), only the checked spheres have
// moved: the frame, its up and the current centres are already there.
func (p *spherePath) cacheLocalSpaceSphereCell(c *tcell) {
	if p.lsCell != c {
		p.cacheLocalSpaceSphere(&c.frame, 1)
		p.lsCell = c
		return
	}
	for i := 0; i < p.numSphere; i++ {
		globalToLocalInto(&p.localSpaceSphere[i].Center, &c.frame, &p.globalSphere[i].Center, 1)
		p.localSpaceSphere[i].Radius = p.localSphere[i].Radius * 1
	}
}

// globalToLocalInto is dst = f.GlobalToLocal(*pt).Mul(scale) written into
// place: Frame.GlobalToLocalVec's products, each rounded to float32 before
// the sum, on the point less the origin.
func globalToLocalInto(dst *mgl32.Vec3, f *Frame, pt *mgl32.Vec3, scale float32) {
	x, y, z := pt[0]-f.Origin[0], pt[1]-f.Origin[1], pt[2]-f.Origin[2]
	m := &f.m
	lx := float32(m[0]*x) + float32(m[1]*y) + float32(m[2]*z)
	ly := float32(m[3]*x) + float32(m[4]*y) + float32(m[5]*z)
	lz := float32(m[6]*x) + float32(m[7]*y) + float32(m[8]*z)
	dst[0], dst[1], dst[2] = lx*scale, ly*scale, lz*scale
}

func (p *spherePath) setCheckPos(pos tpos, cell *tcell) {
	p.checkPos, p.checkCell = pos, cell
	p.cellArrayValid = false
	p.cacheGlobalSphere()
}

func (p *spherePath) saveCheckPos() { p.backupCell, p.backupCheckPos = p.checkCell, p.checkPos }

func (p *spherePath) restoreCheckPos() {
	p.checkPos, p.checkCell = p.backupCheckPos, p.backupCell
	p.cellArrayValid = false
	p.cacheGlobalSphere()
}

func (p *spherePath) setCollide(n mgl32.Vec3) {
	p.collide = true
	p.saveCheckPos()
	p.stepUpNormal = n
	p.walkInterp = 1
}

func (p *spherePath) setNegPolyHit(stepUp bool, n mgl32.Vec3) {
	p.negStepUp, p.negPolyHit, p.negCollisionNormal = stepUp, true, n.Mul(-1)
}

func (p *spherePath) setWalkable(s *Sphere, poly *Polygon, up mgl32.Vec3, pos *Frame, scale float32) {
	p.walkableCheckPos, p.walkable, p.walkableUp, p.walkablePos, p.walkableScale = *s, poly, up, *pos, scale
}

// checkWalkables is SPHEREPATH::check_walkables: with a walkable polygon
// remembered, is the (half-radius) check sphere still over it?
func (p *spherePath) checkWalkables() bool {
	if p.walkable == nil {
		return true
	}
	s := Sphere{Center: p.walkableCheckPos.Center, Radius: p.walkableCheckPos.Radius * 0.5}
	return p.walkable.checkWalkable(&s, p.walkableUp, false)
}

func (p *spherePath) isWalkableAllowable(z float32) bool { return z > p.walkableAllowance }

// transit is a CTransition in progress: OBJECTINFO, SPHEREPATH,
// COLLISIONINFO and the cell array, plus the cells it has met (cells are
// built once per transition and kept in the pool).
type transit struct {
	o     *Object
	w     *World
	lbx   int32
	lby   int32
	rot   Frame
	obj   objectInfo
	path  spherePath
	coll  collisionInfo
	cells cellPool
	arr   cellArray
	// floorZ is the stand-in floor of indoor cells without geometry.
	floorZ float32
	// events is what this transition saw, for the pipeline's events.
	events transitEvents
	// listMemo is the last outdoor cell array (cellListMemo); arrIsMemo
	// says arr holds it (no fill since).
	listMemo  cellListMemo
	arrIsMemo bool
	// spheres holds the body's spheres while the path takes them in.
	spheres [maxSpheres]Sphere
	// fast is the bare-terrain shortcut's memo (transit_fast.go).
	fast fastMemo
	// clear is the indoor shortcut's clearance memo of each sphere
	// (transit_bsp.go's last section): kept across transitions, read by
	// nothing else.
	clear [maxSpheres]clearMemo
	// floor is the indoor shortcut's last floor plane (floorMemo).
	floor floorMemo
	// walk is the indoor shortcut's check_walkable memo (walkMemo).
	walk walkMemo
	// portals are its memos of the neighbours' cell BSPs (portalMemo),
	// per sphere and portal.
	portals [maxSpheres][maxPortalMemos]portalMemo
}

// adjustOffset is CTransition::adjust_offset on the path: *off adjusted in
// place (collisionInfo.adjustOffset), check_pos lifted where the body has
// sunk into its contact plane.
func (t *transit) adjustOffset(off *mgl32.Vec3) {
	g := &t.path.globalSphere[0]
	x, y, z, lz, lift := t.coll.adjustOffset(off[0], off[1], off[2], g.Center[0], g.Center[1], g.Center[2], g.Radius)
	off[0], off[1], off[2] = x, y, z
	if lift {
		t.path.addOffsetToCheckPos(mgl32.Vec3{0, 0, lz})
	}
}

// adjustOffset is CTransition::adjust_offset's arithmetic, shared by the
// whole transition and both shortcuts: the offset (ox, oy, oz) kept off
// the sliding normal, which it forgets when the offset leaves it, and
// along the contact plane; and, where the first sphere (centre g, radius
// rad) has sunk into a contact plane of a cell, lz, the z offset that
// lifts it back onto that plane (addOffsetToCheckPos(0, 0, lz): lift
// true; false where there is none). The arithmetic is Vec3's (Dot, Sub,
// Mul, Cross, in the same order) on scalars, so no vector goes through
// memory between its components; it reads the collision info and writes
// only slidingNormalValid, leaving the offsets to its callers.
func (c *collisionInfo) adjustOffset(ox, oy, oz, gx, gy, gz, rad float32) (x, y, z, lz float32, lift bool) {
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
		return ox, oy, oz, 0, false
	}
	n := &c.contactPlane.N
	collisionAngle := ox*n[0] + oy*n[1] + oz*n[2]
	switch {
	case checkSlide:
		// contact_plane.N × sliding_normal, normalised.
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
		// Plane::snap_to_plane.
		if abs32(n[2]) > Epsilon {
			oz = -(ox*n[0] + oy*n[1]) / n[2]
		}
	}
	if c.contactPlaneCellID == 0 {
		return ox, oy, oz, 0, false
	}
	// The body sunk into its contact plane is lifted back onto it.
	dist := gx*n[0] + gy*n[1] + gz*n[2] + c.contactPlane.D
	if dist >= rad-Epsilon {
		return ox, oy, oz, 0, false
	}
	lz = (rad - dist) / n[2]
	return ox, oy, oz, lz, rad > abs32(lz)
}

// calcNumSteps is CTransition::calc_num_steps: steps no longer than the
// first sphere's radius. It sets *perStep and returns the step count.
func (t *transit) calcNumSteps(perStep *mgl32.Vec3) (n int) {
	e, b := &t.path.endPos.o, &t.path.beginPos.o
	x, y, z := e[0]-b[0], e[1]-b[1], e[2]-b[2]
	dist := float32(math.Sqrt(float64(x*x + y*y + z*z)))
	step := dist / t.path.localSphere[0].Radius
	switch {
	case step > 1:
		n = int(math.Ceil(float64(step)))
		inv := 1 / float32(n)
		perStep[0], perStep[1], perStep[2] = x*inv, y*inv, z*inv
	case x != 0 || y != 0 || z != 0:
		perStep[0], perStep[1], perStep[2], n = x, y, z, 1
	default:
		perStep[0], perStep[1], perStep[2] = 0, 0, 0
	}
	return n
}

// checkOtherCells is CTransition::check_other_cells: collide with every
// other cell the spheres reach, then move check_pos into the cell holding
// the first sphere's centre.
func (t *transit) checkOtherCells(curr *tcell) transitionState {
	path := &t.path
	path.cellArrayValid = true
	path.hitsInteriorCell = false
	newCell := t.findCellList(true)
	for i := 0; i < t.arr.n; i++ {
		cell := t.arr.c[i]
		if cell == curr {
			continue
		}
		switch st := t.findCollisions(cell); st {
		case tsSlid:
			t.coll.contactPlaneValid = false
			return st
		case tsCollided, tsAdjusted:
			return st
		}
	}
	path.checkCell = newCell
	if newCell != nil {
		path.checkPos.cell = newCell.id
		return tsOK
	}
	if path.stepDown {
		return tsCollided
	}
	// No cell holds the centre (off the map or out of every EnvCell):
	// retail's adjust_to_outside, then an outdoor cell if one is there.
	if id := t.outdoorCellAt(path.checkPos.o); id != 0 {
		if c := t.cells.get(t, id); c != nil {
			path.checkPos.cell = id
			path.setCheckPos(path.checkPos, c)
			path.cellArrayValid = true
			return tsOK
		}
	}
	return tsCollided
}

// checkWalkable is CTransition::check_walkable: is there walkable ground
// within the step-down height under the spheres?
func (t *transit) checkWalkable(zCheck float32) bool {
	path := &t.path
	if t.obj.state&oiOnWalkable == 0 || path.checkWalkables() {
		return true
	}
	path.saveCheckPos()
	stepHeight := t.obj.stepDownHeight
	path.walkableAllowance = zCheck
	path.checkWalkable = true
	g := &path.globalSphere[0]
	if path.numSphere < 2 && stepHeight > g.Radius*2 {
		stepHeight = g.Radius * 0.5
	}
	if stepHeight > g.Radius*2 {
		stepHeight *= 0.5
	}
	path.addOffsetToCheckPos(mgl32.Vec3{0, 0, -stepHeight})
	st := t.transitionalInsert(1)
	path.checkWalkable = false
	path.restoreCheckPos()
	return st != tsOK
}

// cliffSlide is CTransition::cliff_slide: slide along the edge between the
// contact plane and the last known one.
func (t *transit) cliffSlide(contact Plane) transitionState {
	path := &t.path
	cn := contact.N.Cross(t.coll.lastKnownContactPlane.N)
	cn[2] = 0
	collide := mgl32.Vec3{cn[2] - cn[1], cn[0] - cn[2], 0}
	if normalizeCheckSmall(&collide) {
		return tsOK
	}
	off := path.globalSphere[0].Center.Sub(path.globalCurrCenter[0])
	angle := collide.Dot(off)
	if angle <= 0 {
		path.addOffsetToCheckPos(collide.Mul(angle))
		t.coll.setCollisionNormal(collide)
	} else {
		path.addOffsetToCheckPos(collide.Mul(-angle))
		t.coll.setCollisionNormal(collide.Mul(-1))
	}
	return tsAdjusted
}

// edgeSlide is CTransition::edge_slide: a walker at a ledge it cannot step
// down slides along the edge instead of going over (precipice_slide); it
// reports whether the caller should return st.
func (t *transit) edgeSlide(st *transitionState, stepDownHeight, zval float32) bool {
	path, c := &t.path, &t.coll
	if t.obj.state&oiOnWalkable == 0 || t.obj.state&oiEdgeSlide == 0 {
		*st = t.setEdgeSlide(true, true, tsOK)
		return true
	}
	if c.contactPlaneValid && c.contactPlane.N[2] < zval {
		*st = t.setEdgeSlide(true, false, t.cliffSlide(c.contactPlane))
		return false
	}
	if path.walkable != nil {
		*st = t.setEdgeSlide(false, false, t.precipiceSlide())
		return *st == tsCollided
	}
	if c.contactPlaneValid {
		*st = t.setEdgeSlide(true, true, tsOK)
		return true
	}
	path.addOffsetToCheckPos(path.globalCurrCenter[0].Sub(path.globalSphere[0].Center))
	t.stepDown(stepDownHeight, zval)
	c.contactPlaneValid = false
	path.restoreCheckPos()
	if path.walkable != nil {
		path.cacheLocalSpaceSphere(&path.walkablePos, path.walkableScale)
		path.walkableCheckPos = path.localSpaceSphere[0]
		*st = t.precipiceSlide()
		return *st == tsCollided
	}
	path.walkable = nil
	path.cellArrayValid = true
	*st = tsCollided
	return true
}

func (t *transit) setEdgeSlide(unwalkable, validCell bool, st transitionState) transitionState {
	path := &t.path
	if unwalkable {
		path.walkable = nil
	}
	path.restoreCheckPos()
	t.coll.contactPlaneValid = false
	if validCell {
		path.cellArrayValid = true
	}
	return st
}

// precipiceSlide is SPHEREPATH::precipice_slide: slide along the edge of
// the walkable polygon the body would leave.
func (t *transit) precipiceSlide() transitionState {
	path := &t.path
	var n mgl32.Vec3
	found := path.walkable.findCrossedEdge(&path.walkableCheckPos, path.walkableUp, &n)
	path.walkable = nil
	if !found {
		return tsCollided
	}
	path.stepUp = false
	n = path.walkablePos.LocalToGlobalVec(n)
	if n.Dot(path.globalSphere[0].Center.Sub(path.globalCurrCenter[0])) > 0 {
		n = n.Mul(-1)
	}
	t.events.noteEdge()
	return t.slideSphere(&path.globalSphere[0], &n, path.globalCurrCenter[0])
}

// stepUpSlide is SPHEREPATH::step_up_slide.
func (t *transit) stepUpSlide() transitionState {
	t.coll.contactPlaneValid = false
	n := t.path.stepUpNormal
	return t.slideSphere(&t.path.globalSphere[0], &n, t.path.globalCurrCenter[0])
}

// slideSphere is CSphere::slide_sphere (ACE Sphere.SlideSphere(transition,
// ref normal, currPos)): move the check position along the surface with
// normal n (in the contact plane), or stop.
func (t *transit) slideSphere(s *Sphere, n *mgl32.Vec3, currPos mgl32.Vec3) transitionState {
	path, c := &t.path, &t.coll
	if *n == (mgl32.Vec3{}) {
		path.addOffsetToCheckPos(currPos.Sub(s.Center).Mul(0.5))
		return tsAdjusted
	}
	c.setCollisionNormal(*n)
	gDelta := s.Center.Sub(currPos)
	contact := c.lastKnownContactPlane
	if c.contactPlaneValid {
		contact = c.contactPlane
	}
	dir := n.Cross(contact.N)
	if l2 := dir.Dot(dir); l2 >= Epsilon {
		off := dir.Mul(dir.Dot(gDelta) * (1 / l2))
		if off.Dot(off) < Epsilon {
			return tsCollided
		}
		path.addOffsetToCheckPos(off.Sub(gDelta))
		t.events.noteSlide(*n)
		return tsSlid
	}
	if n.Dot(contact.N) >= 0 {
		path.addOffsetToCheckPos(n.Mul(-n.Dot(gDelta)))
		t.events.noteSlide(*n)
		return tsSlid
	}
	cn := gDelta.Mul(-1)
	if !normalizeCheckSmall(&cn) {
		c.setCollisionNormal(cn)
	}
	return tsOK
}

// stepSphereUp is CSphere::step_sphere_up for polygons (BSPTREE::
// step_sphere_up): try to step up over what the feet hit, else slide.
func (t *transit) stepSphereUp(n mgl32.Vec3) transitionState {
	if t.stepUp(n) {
		return tsOK
	}
	return t.stepUpSlide()
}

// findPlacementPos is CTransition::find_placement_pos: the position itself,
// else (when sliding is allowed) the nearest free one on rings out to 4 m.
func (t *transit) findPlacementPos() bool {
	path, c := &t.path, &t.coll
	path.setCheckPos(path.curPos, path.curCell)
	c.slidingNormalValid, c.contactPlaneValid = false, false
	st := t.transitionalInsert(3)
	st = t.validatePlacementTransition(st)
	if st == tsOK {
		return true
	}
	if !path.placementAllowsSliding {
		return false
	}
	adjustRad := float32(4)
	sphereRad := path.localSphere[0].Radius
	fake := false
	if sphereRad < 0.125 {
		fake, adjustRad = true, 2
	} else if sphereRad < 0.48 {
		sphereRad = 0.48
	}
	fNumSteps := 4 / sphereRad
	if fake {
		fNumSteps *= 0.5
	}
	if fNumSteps <= 1 {
		return false
	}
	numSteps := int(math.Ceil(float64(fNumSteps)))
	distPerStep := adjustRad / float32(numSteps)
	radiansPerStep := float32(math.Pi * float64(distPerStep/sphereRad))
	var totalDist, totalRad float32
	for i := 0; i < numSteps; i++ {
		totalDist += distPerStep
		totalRad += radiansPerStep
		rad := int(math.Ceil(float64(totalRad))) * 2
		angle := 360 / float32(rad)
		for j := 0; j < rad; j++ {
			path.setCheckPos(path.curPos, path.curCell)
			h := float64(angle*float32(j)) * math.Pi / 180
			off := mgl32.Vec3{float32(math.Sin(h)), float32(math.Cos(h)), 0}.Mul(totalDist)
			path.globalOffset = off
			t.adjustOffset(&path.globalOffset)
			if path.globalOffset.Len() >= Epsilon {
				path.addOffsetToCheckPos(path.globalOffset)
				c.slidingNormalValid, c.contactPlaneValid = false, false
				st = t.transitionalInsert(3)
				if t.validatePlacementTransition(st) == tsOK {
					return true
				}
			}
		}
	}
	return false
}

// findPlacementPosition is CTransition::find_placement_position: place the
// body (sliding out of what it overlaps when allowed) and settle it on
// walkable ground within the step-down height.
func (t *transit) findPlacementPosition() bool {
	path, c := &t.path, &t.coll
	path.setCheckPos(path.curPos, path.curCell)
	path.insertType = insertInitialPlacement
	st := tsCollided
	if path.checkCell != nil {
		st = t.insertIntoCell(path.checkCell, 3)
		if st == tsOK {
			st = t.checkOtherCells(path.checkCell)
		}
	}
	if t.validatePlacement(st, true) != tsOK {
		return false
	}
	path.insertType = insertPlacement
	if !t.findPlacementPos() {
		return false
	}
	if !t.obj.stepDown {
		return t.validatePlacement(tsOK, true) == tsOK
	}
	path.walkableAllowance = LandingZ
	path.saveCheckPos()
	path.backup = path.insertType
	path.insertType = insertTransition
	g := &path.globalSphere[0]
	h := t.obj.stepDownHeight
	if path.numSphere < 2 && g.Radius*2 < h {
		h = g.Radius * 0.5
	}
	if h <= g.Radius*2 {
		if !t.stepDown(h, LandingZ) {
			path.restoreCheckPos()
			c.contactPlaneValid = false
		}
	} else {
		h *= 0.5
		// Two half steps (retail calls step_down twice).
		ok := t.stepDown(h, LandingZ)
		if !ok {
			ok = t.stepDown(h, LandingZ)
		}
		if !ok {
			path.restoreCheckPos()
			c.contactPlaneValid = false
		}
	}
	path.insertType = path.backup
	path.walkable = nil
	return t.validatePlacement(tsOK, true) == tsOK
}

// findTransitionalPosition is CTransition::find_transitional_position: the
// sweep, step by step, each step adjusted to the contact plane and sliding
// normal and inserted into the cells.
func (t *transit) findTransitionalPosition() bool {
	path, c := &t.path, &t.coll
	if path.curCell == nil {
		return false
	}
	st := tsOK
	var perStep mgl32.Vec3
	numSteps := t.calcNumSteps(&perStep)
	if numSteps > maxTransitSteps {
		return false
	}
	path.setCheckPos(path.curPos, path.curCell)
	if numSteps <= 0 {
		path.cellArrayValid = true
		path.hitsInteriorCell = false
		t.findCellList(false)
		return true
	}
	for step := 0; step < numSteps; step++ {
		path.globalOffset = perStep
		t.adjustOffset(&path.globalOffset)
		if path.globalOffset.Dot(path.globalOffset) < Epsilon*Epsilon {
			return step != 0 && st == tsOK
		}
		c.slidingNormalValid = false
		c.contactPlaneValid = false
		path.addOffsetToCheckPos(path.globalOffset)
		st = t.validateTransition(t.transitionalInsert(3))
		if c.framesStationaryFall > 0 {
			break
		}
	}
	return st == tsOK
}

// insertIntoCell is CTransition::insert_into_cell.
func (t *transit) insertIntoCell(cell *tcell, attempts int) transitionState {
	if cell == nil {
		return tsCollided
	}
	st := tsOK
	for i := 0; i < attempts; i++ {
		st = t.findCollisions(cell)
		switch st {
		case tsOK, tsCollided:
			return st
		case tsSlid:
			t.coll.contactPlaneValid = false
		}
	}
	return st
}

// stepDown is CTransition::step_down: move the spheres down by h and look
// for walkable ground (normal.z ≥ zVal) to rest on.
func (t *transit) stepDown(h, zVal float32) bool {
	path := &t.path
	path.negPolyHit = false
	path.stepDown = true
	path.stepDownAmt = h
	path.walkInterp = 1
	if !path.stepUp {
		path.cellArrayValid = false
		path.checkPos.o[2] -= h
		path.cacheGlobalSphereOffset(mgl32.Vec3{0, 0, -h})
	}
	st := t.transitionalInsert(5)
	path.stepDown = false
	c := &t.coll
	if st == tsOK && c.contactPlaneValid && c.contactPlane.N[2] >= zVal &&
		(t.obj.state&oiEdgeSlide == 0 || path.stepUp || t.checkWalkable(zVal)) {
		path.backup = path.insertType
		path.insertType = insertPlacement
		st = t.transitionalInsert(1)
		path.insertType = path.backup
		return st == tsOK
	}
	return false
}

// stepUp is CTransition::step_up: lift the body onto what it walked into,
// if there is walkable ground within the step-up height.
func (t *transit) stepUp(n mgl32.Vec3) bool {
	path := &t.path
	t.coll.contactPlaneValid = false
	path.stepUp = true
	path.stepUpNormal = n
	h := contactStepDownHeight
	z := LandingZ
	if t.obj.state&oiOnWalkable != 0 {
		z = FloorZ // OBJECTINFO::get_walkable_z
		h = t.obj.stepUpHeight
	}
	path.walkableAllowance = z
	path.saveCheckPos()
	before := path.checkPos.o[2]
	ok := t.stepDown(h, z)
	path.stepUp = false
	path.walkable = nil
	if !ok {
		path.restoreCheckPos()
	} else {
		t.events.noteStep(path.checkPos.o[2] - before)
	}
	return ok
}

// transitionalInsert is CTransition::transitional_insert: insert the
// spheres at check_pos, then step up over what the feet hit, slide off what
// the head hits, step down to keep walkable contact, or slide at a ledge.
func (t *transit) transitionalInsert(attempts int) transitionState {
	path, c := &t.path, &t.coll
	if path.checkCell == nil {
		return tsOK
	}
	if attempts <= 0 {
		return tsInvalid
	}
	st := tsInvalid
	for i := 0; i < attempts; i++ {
		st = t.insertIntoCell(path.checkCell, attempts)
		switch st {
		case tsOK:
			st = t.checkOtherCells(path.checkCell)
			if st != tsOK {
				path.negPolyHit = false
			}
			if st == tsCollided {
				return st
			}
		case tsCollided:
			return st
		case tsAdjusted:
			path.negPolyHit = false
		case tsSlid:
			c.contactPlaneValid = false
			path.negPolyHit = false
		}
		if st != tsOK {
			continue
		}
		if !path.collide {
			if path.negPolyHit && !path.stepDown && !path.stepUp {
				path.negPolyHit = false
				if path.negStepUp {
					if !t.stepUp(path.negCollisionNormal) {
						st = t.stepUpSlide()
					}
				} else {
					n := path.negCollisionNormal
					st = t.slideSphere(&path.globalSphere[0], &n, path.globalCurrCenter[0])
				}
				continue
			}
			if c.contactPlaneValid || t.obj.state&oiContact == 0 || path.stepDown || path.checkCell == nil || !t.obj.stepDown {
				return tsOK
			}
			zVal := LandingZ
			h := contactStepDownHeight
			if t.obj.state&oiOnWalkable != 0 {
				zVal = FloorZ
				h = t.obj.stepDownHeight
			}
			path.walkableAllowance = zVal
			path.saveCheckPos()
			radsum := path.globalSphere[0].Radius * 2
			if path.numSphere < 2 && radsum < h {
				h = path.globalSphere[0].Radius * 0.5
			}
			before := path.checkPos.o[2]
			if radsum >= h {
				if t.stepDown(h, zVal) {
					path.walkable = nil
					t.events.noteStep(path.checkPos.o[2] - before)
					return tsOK
				}
			} else {
				h *= 0.5
				// Two half steps (retail calls step_down twice).
				ok := t.stepDown(h, zVal)
				if !ok {
					ok = t.stepDown(h, zVal)
				}
				if ok {
					path.walkable = nil
					t.events.noteStep(path.checkPos.o[2] - before)
					return tsOK
				}
			}
			if t.edgeSlide(&st, h, zVal) {
				return st
			}
			continue
		}
		// The body hit something while airborne (set_collide): land on it
		// when it is walkable, else go back and report the hit.
		reset := false
		path.collide = false
		if c.contactPlaneValid && t.checkWalkable(LandingZ) {
			path.backup = path.insertType
			path.insertType = insertPlacement
			st = t.transitionalInsert(attempts)
			path.insertType = path.backup
			if st != tsOK {
				st = tsOK
				reset = true
			}
		} else {
			reset = true
		}
		path.walkable = nil
		if !reset {
			return st
		}
		path.restoreCheckPos()
		c.contactPlaneValid = false
		if c.lastKnownContactPlaneValid {
			c.lastKnownContactPlaneValid = false
			t.stopVelocity()
		} else {
			c.setCollisionNormal(path.stepUpNormal)
		}
		return tsCollided
	}
	return st
}

// stopVelocity is OBJECTINFO::stop_velocity. The pipeline's velocity is
// the object's; the transition zeroes it as retail does.
func (t *transit) stopVelocity() {
	t.o.Velocity = mgl32.Vec3{}
}

// validatePlacement is CTransition::validate_placement.
func (t *transit) validatePlacement(st transitionState, adjust bool) transitionState {
	path := &t.path
	if path.checkCell == nil {
		return tsCollided
	}
	switch st {
	case tsOK:
		path.curPos, path.curCell = path.checkPos, path.checkCell
		path.cacheGlobalCurrCenter()
	case tsAdjusted, tsSlid:
		if adjust {
			return t.validatePlacement(t.placementInsert(), false)
		}
	}
	return st
}

// placementInsert is CTransition::placement_insert.
func (t *transit) placementInsert() transitionState {
	path := &t.path
	if path.checkCell == nil {
		return tsCollided
	}
	cell := path.checkCell
	st := t.insertIntoCell(cell, 3)
	if st == tsOK {
		st = t.checkOtherCells(cell)
	}
	return st
}

// validatePlacementTransition is CTransition::validate_placement_transition.
func (t *transit) validatePlacementTransition(st transitionState) transitionState {
	path := &t.path
	if path.checkCell == nil {
		return tsCollided
	}
	switch st {
	case tsOK:
		path.curPos, path.curCell = path.checkPos, path.checkCell
		path.cacheGlobalCurrCenter()
	case tsCollided, tsAdjusted, tsSlid:
		if path.placementAllowsSliding {
			cl := t.coll
			t.coll = collisionInfo{framesStationaryFall: cl.framesStationaryFall}
		}
	}
	return st
}

// validateTransition is CTransition::validate_transition: commit the step
// (or go back to the current position), carry the last known contact
// plane, count stationary falls and set the contact and walkable bits for
// the next step.
func (t *transit) validateTransition(st transitionState) transitionState {
	path, c := &t.path, &t.coll
	redo := true
	if st != tsOK || path.checkPos == path.curPos {
		redo = false
		if st != tsOK {
			if st != tsInvalid {
				if c.lastKnownContactPlaneValid {
					t.stopVelocity()
					angle := c.lastKnownContactPlane.N.Dot(path.globalCurrCenter[0]) + c.lastKnownContactPlane.D
					if path.globalSphere[0].Radius+Epsilon > abs32(angle) {
						c.setContactPlane(c.lastKnownContactPlane, c.lastKnownContactPlaneCellID)
						if t.obj.state&oiOnWalkable != 0 {
							redo = true
						}
					}
				}
				if !c.collisionNormalValid {
					c.setCollisionNormal(up)
				}
				path.setCheckPos(path.curPos, path.curCell)
				t.findCellList(false)
				st = tsOK
			}
		} else {
			t.setCurrentCheckPos()
		}
	} else {
		t.setCurrentCheckPos()
	}
	if c.collisionNormalValid {
		c.setSlidingNormal(c.collisionNormal)
	}
	if t.o.State&StateGravity != 0 {
		if !redo {
			switch {
			case c.framesStationaryFall > 1:
				c.framesStationaryFall = 3
				pl := Plane{N: up, D: path.globalSphere[0].Radius - path.globalSphere[0].Center[2]}
				c.setContactPlane(pl, path.checkPos.cell)
				if t.obj.state&oiContact == 0 {
					c.setCollisionNormal(pl.N)
					c.collidedWithEnvironment = true
				}
			case c.framesStationaryFall > 0:
				c.framesStationaryFall = 2
			default:
				c.framesStationaryFall = 1
			}
		} else {
			c.framesStationaryFall = 0
		}
	}
	c.lastKnownContactPlaneValid = c.contactPlaneValid
	if c.contactPlaneValid {
		c.lastKnownContactPlane = c.contactPlane
		c.lastKnownContactPlaneCellID = c.contactPlaneCellID
		t.obj.state |= oiContact
		if c.contactPlane.N[2] >= FloorZ {
			t.obj.state |= oiOnWalkable
		} else {
			t.obj.state &^= oiOnWalkable
		}
	} else {
		t.obj.state &^= oiContact | oiOnWalkable
	}
	return st
}

func (t *transit) setCurrentCheckPos() {
	path := &t.path
	path.curPos, path.curCell = path.checkPos, path.checkCell
	path.cacheGlobalCurrCenter()
	path.setCheckPos(path.curPos, path.curCell)
}

// validateWalkable is OBJECTINFO::validate_walkable (not a viewer) for the
// plane of the terrain polygon (or the stand-in floor) under the body.
func (t *transit) validateWalkable(s *Sphere, pl *Plane, cellID uint32) transitionState {
	path, c := &t.path, &t.coll
	// (centre − (0, 0, radius))·N + D on scalars (x − 0 is x, −0 too).
	dist := s.Center[0]*pl.N[0] + s.Center[1]*pl.N[1] + (s.Center[2]-s.Radius)*pl.N[2] + pl.D
	walkable := path.stepDown || t.obj.state&oiOnWalkable == 0 || pl.N[2] >= FloorZ
	if dist >= -Epsilon {
		if dist > Epsilon {
			return tsOK
		}
		if walkable {
			c.setContactPlane(*pl, cellID)
		}
		if t.obj.state&oiContact == 0 && !path.stepDown {
			c.setCollisionNormal(pl.N)
			c.collidedWithEnvironment = true
			t.events.noteLand()
		}
		return tsOK
	}
	if path.checkWalkable {
		return tsCollided
	}
	zDist := dist / pl.N[2]
	if walkable {
		c.setContactPlane(*pl, cellID)
		if path.stepDown {
			interp := (1 - -1/(path.stepDownAmt*path.walkInterp)*zDist) * path.walkInterp
			if interp >= path.walkInterp || interp < -0.1 {
				return tsCollided
			}
			path.walkInterp = interp
		}
		path.addOffsetToCheckPos(mgl32.Vec3{0, 0, -zDist})
	}
	if t.obj.state&oiContact == 0 && !path.stepDown {
		c.setCollisionNormal(pl.N)
		c.collidedWithEnvironment = true
		t.events.noteLand()
	}
	return tsAdjusted
}
