// The polygon and BSP half of retail's transition: how a sphere meets a
// polygon (CPolygon, ACE Polygon.cs) and how the physics and cell BSP trees
// are searched (BSPNODE / BSPLEAF / BSPTREE, ACE BSP/BSPNode.cs,
// BSPLeaf.cs, BSPTree.cs). All in the model's own frame; transit.go moves
// the body's spheres into it (CacheLocalSpaceSphere).

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// polyDist is N·p + D.
func (p *Polygon) dist(v mgl32.Vec3) float32 { return p.Plane.N.Dot(v) + p.Plane.D }

// hitsSpherePrecise is CPolygon::polygon_hits_sphere_precise (ACE
// Polygon.polygon_hits_sphere_precise): the sphere, shrunk by F_EPSILON,
// touches the polygon. contact is the sphere centre projected on the plane.
// The vector arithmetic (Sub, Mul, Cross, Dot, in Vec3's order) is on
// scalars.
func (p *Polygon) hitsSpherePrecise(s *Sphere, contact *mgl32.Vec3) bool {
	n := len(p.Vertices)
	if n == 0 {
		return true
	}
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	sc := &s.Center
	dp := nx*sc[0] + ny*sc[1] + nz*sc[2] + p.Plane.D
	rad := s.Radius - Epsilon
	if abs32(dp) > rad {
		return false
	}
	diff := rad*rad - dp*dp
	cx, cy, cz := sc[0]-nx*dp, sc[1]-ny*dp, sc[2]-nz*dp
	contact[0], contact[1], contact[2] = cx, cy, cz
	vs := p.Vertices
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := &vs[i], &vs[prev]
		prev = i
		ex, ey, ez := v[0]-last[0], v[1]-last[1], v[2]-last[2]
		dx, dy, dz := cx-last[0], cy-last[1], cz-last[2]
		// N × edge.
		kx, ky, kz := ny*ez-nz*ey, nz*ex-nx*ez, nx*ey-ny*ex
		if dx*kx+dy*ky+dz*kz >= 0 {
			continue
		}
		// Outside this edge: the sphere touches the polygon only through
		// an edge or a vertex.
		prev2 := n - 1
		for j := 0; j < n; j++ {
			v, last := &vs[j], &vs[prev2]
			prev2 = j
			ex, ey, ez := v[0]-last[0], v[1]-last[1], v[2]-last[2]
			dx, dy, dz := cx-last[0], cy-last[1], cz-last[2]
			kx, ky, kz := ny*ez-nz*ey, nz*ex-nx*ez, nx*ey-ny*ex
			dd := dx*kx + dy*ky + dz*kz
			if dd < 0 {
				if (kx*kx+ky*ky+kz*kz)*diff < dd*dd {
					return false
				}
				if de := dx*ex + dy*ey + dz*ez; de >= 0 && de <= ex*ex+ey*ey+ez*ez {
					return true
				}
			}
			if dx*dx+dy*dy+dz*dz <= diff {
				return true
			}
		}
		return false
	}
	return true
}

// hitsSphere is CPolygon::hits_sphere.
func (p *Polygon) hitsSphere(s *Sphere) bool {
	var c mgl32.Vec3
	return p.hitsSpherePrecise(s, &c)
}

// posHitsSphere is CPolygon::pos_hits_sphere: the sphere touches the
// polygon while moving into its front (hit records the polygon even when
// the movement leaves it).
func (p *Polygon) posHitsSphere(s *Sphere, movement mgl32.Vec3, contact *mgl32.Vec3, hit **Polygon) bool {
	h := p.hitsSpherePrecise(s, contact)
	if h {
		*hit = p
	}
	if movement.Dot(p.Plane.N) >= 0 {
		return false
	}
	return h
}

// walkableHitsSphere is CPolygon::walkable_hits_sphere: a polygon steep
// enough to stand on (up·N above the walkable allowance) touching the
// sphere.
func (p *Polygon) walkableHitsSphere(path *spherePath, s *Sphere, up *mgl32.Vec3) bool {
	n := &p.Plane.N
	if up[0]*n[0]+up[1]*n[1]+up[2]*n[2] <= path.walkableAllowance {
		return false
	}
	var c mgl32.Vec3
	return p.hitsSpherePrecise(s, &c)
}

// adjustSphereToPlane is CPolygon::adjust_sphere_to_plane: move the sphere
// back along movement until it rests on the plane, if that is earlier in
// the step than walk_interp. The vector arithmetic (Dot, Sub, Mul, in
// Vec3's order) is on scalars.
func (p *Polygon) adjustSphereToPlane(path *spherePath, s *Sphere, movement *mgl32.Vec3) bool {
	n, c, m := &p.Plane.N, &s.Center, movement
	dpPos := n[0]*c[0] + n[1]*c[1] + n[2]*c[2] + p.Plane.D
	dpMove := m[0]*n[0] + m[1]*n[1] + m[2]*n[2]
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
	x, y, z := c[0]-m[0]*iDist, c[1]-m[1]*iDist, c[2]-m[2]*iDist
	c[0], c[1], c[2] = x, y, z
	path.walkInterp = interp
	return true
}

// checkWalkable is CPolygon::check_walkable (small: check_small_walkable,
// a quarter of the radius squared): the sphere's centre, dropped along up
// onto the plane, is within the polygon or within the radius of it. The
// vector arithmetic is on scalars, as in hitsSpherePrecise.
func (p *Polygon) checkWalkable(s *Sphere, up mgl32.Vec3, small bool) bool {
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	angleUp := nx*up[0] + ny*up[1] + nz*up[2]
	if angleUp < Epsilon {
		return false
	}
	sc := &s.Center
	k := (nx*sc[0] + ny*sc[1] + nz*sc[2] + p.Plane.D) / angleUp
	cx, cy, cz := sc[0]-up[0]*k, sc[1]-up[1]*k, sc[2]-up[2]*k
	radsum := s.Radius * s.Radius
	if small {
		radsum *= 0.25
	}
	vs := p.Vertices
	n := len(vs)
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := &vs[i], &vs[prev]
		prev = i
		ex, ey, ez := v[0]-last[0], v[1]-last[1], v[2]-last[2]
		dx, dy, dz := cx-last[0], cy-last[1], cz-last[2]
		kx, ky, kz := ny*ez-nz*ey, nz*ex-nx*ez, nx*ey-ny*ex
		diff := dx*kx + dy*ky + dz*kz
		if diff < 0 {
			if (kx*kx+ky*ky+kz*kz)*radsum < diff*diff {
				return false
			}
			de := dx*ex + dy*ey + dz*ez
			return de >= 0 && de <= ex*ex+ey*ey+ez*ez
		}
		if dx*dx+dy*dy+dz*dz <= radsum {
			return true
		}
	}
	return true
}

// findCrossedEdge is CPolygon::find_crossed_edge: the outward normal (in the
// polygon's plane) of the first edge the sphere's centre, dropped along up,
// lies outside of.
func (p *Polygon) findCrossedEdge(s *Sphere, up mgl32.Vec3, normal *mgl32.Vec3) bool {
	angleUp := p.Plane.N.Dot(up)
	if abs32(angleUp) < Epsilon {
		return false
	}
	center := s.Center.Sub(up.Mul(p.dist(s.Center) / angleUp))
	n := len(p.Vertices)
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := p.Vertices[i], p.Vertices[prev]
		prev = i
		edge := v.Sub(last)
		disp := center.Sub(last)
		cross := p.Plane.N.Cross(edge)
		if disp.Dot(cross) < 0 {
			*normal = cross.Mul(1 / cross.Len())
			return true
		}
	}
	return false
}

// pointInPoly2D is CPolygon::point_in_poly2D with Sidedness.Positive (the
// terrain's find_terrain_poly): the point's (x, y) lies within the polygon
// seen from above.
func (p *Polygon) pointInPoly2D(pt *mgl32.Vec3) bool {
	n := len(p.Vertices)
	prevIdx := 0
	for i := n - 1; i >= 0; i-- {
		pv, v := p.Vertices[prevIdx], p.Vertices[i]
		dx, dy := v[0]-pv[0], v[1]-pv[1]
		c := dy*v[0] - dx*v[1] + dx*pt[1] - dy*pt[0]
		if c > 0 {
			return false
		}
		prevIdx = i
	}
	return true
}

// pointInPoly2DInner is pointInPoly2D for a point the polygon's edges
// along x or y (dx or dy exactly 0: a terrain cell's sides) cannot
// exclude: those edges are skipped, the others tested as pointInPoly2D
// tests them, in the same order.
func (p *Polygon) pointInPoly2DInner(pt *mgl32.Vec3) bool {
	n := len(p.Vertices)
	prevIdx := 0
	for i := n - 1; i >= 0; i-- {
		pv, v := &p.Vertices[prevIdx], &p.Vertices[i]
		prevIdx = i
		dx, dy := v[0]-pv[0], v[1]-pv[1]
		if dx == 0 || dy == 0 {
			continue
		}
		if dy*v[0]-dx*v[1]+dx*pt[1]-dy*pt[0] > 0 {
			return false
		}
	}
	return true
}

// adjustToPlacementPoly is CPolygon::adjust_to_placement_poly: push the
// sphere (and the other one with it) to rest radius off the plane.
func (p *Polygon) adjustToPlacementPoly(hit, other *Sphere, radius float32, centerSolid, solidCheck bool) {
	dp := p.dist(hit.Center)
	if solidCheck && (centerSolid || dp <= 0) {
		radius = -radius
	}
	adj := p.Plane.N.Mul(radius - dp)
	hit.Center = hit.Center.Add(adj)
	if other != nil {
		other.Center = other.Center.Add(adj)
	}
}

// The BSP searches. A nil child is an empty region.

func (n *BSPNode) sphereIntersectsPoly(s *Sphere, movement mgl32.Vec3, hit **Polygon, contact *mgl32.Vec3) bool {
	if n == nil || !n.Sphere.intersects(s) {
		return false
	}
	if n.Kind == BSPLeafNode {
		for _, p := range n.Polys {
			if p.posHitsSphere(s, movement, contact, hit) {
				return true
			}
		}
		return false
	}
	dist := n.Plane.dist(&s.Center)
	reach := s.Radius - Epsilon
	if dist >= reach {
		return n.Pos.sphereIntersectsPoly(s, movement, hit, contact)
	}
	if dist <= -reach {
		return n.Neg.sphereIntersectsPoly(s, movement, hit, contact)
	}
	return n.Pos.sphereIntersectsPoly(s, movement, hit, contact) || n.Neg.sphereIntersectsPoly(s, movement, hit, contact)
}

func (n *BSPNode) findWalkable(path *spherePath, s *Sphere, hit **Polygon, movement, up *mgl32.Vec3, changed *bool) {
	if n == nil || !n.Sphere.intersects(s) {
		return
	}
	if n.Kind == BSPLeafNode {
		for _, p := range n.Polys {
			if p.walkableHitsSphere(path, s, up) && p.adjustSphereToPlane(path, s, movement) {
				*changed = true
				*hit = p
			}
		}
		return
	}
	dist := n.Plane.dist(&s.Center)
	reach := s.Radius - Epsilon
	if dist >= reach {
		n.Pos.findWalkable(path, s, hit, movement, up, changed)
		return
	}
	if dist <= -reach {
		n.Neg.findWalkable(path, s, hit, movement, up, changed)
		return
	}
	n.Pos.findWalkable(path, s, hit, movement, up, changed)
	n.Neg.findWalkable(path, s, hit, movement, up, changed)
}

func (n *BSPNode) hitsWalkable(path *spherePath, s *Sphere, up *mgl32.Vec3) bool {
	if n == nil || !n.Sphere.intersects(s) {
		return false
	}
	if n.Kind == BSPLeafNode {
		for _, p := range n.Polys {
			if p.walkableHitsSphere(path, s, up) && p.checkWalkable(s, *up, true) {
				return true
			}
		}
		return false
	}
	dist := n.Plane.dist(&s.Center)
	reach := s.Radius - Epsilon
	if dist >= reach {
		return n.Pos.hitsWalkable(path, s, up)
	}
	if dist <= -reach {
		return n.Neg.hitsWalkable(path, s, up)
	}
	return n.Pos.hitsWalkable(path, s, up) || n.Neg.hitsWalkable(path, s, up)
}

func (n *BSPNode) sphereIntersectsSolid(s *Sphere, centerCheck bool) bool {
	if n == nil {
		return false
	}
	if n.Kind == BSPLeafNode {
		if len(n.Polys) == 0 {
			return false
		}
		if centerCheck && n.Solid {
			return true
		}
		if !n.Sphere.intersects(s) {
			return false
		}
		for _, p := range n.Polys {
			if p.hitsSphere(s) {
				return true
			}
		}
		return false
	}
	if !n.Sphere.intersects(s) {
		return false
	}
	dist := n.Plane.dist(&s.Center)
	reach := s.Radius - Epsilon
	if dist >= reach {
		return n.Pos.sphereIntersectsSolid(s, centerCheck)
	}
	if dist <= -reach {
		return n.Neg.sphereIntersectsSolid(s, centerCheck)
	}
	if dist < 0 {
		return n.Pos.sphereIntersectsSolid(s, false) || n.Neg.sphereIntersectsSolid(s, centerCheck)
	}
	return n.Pos.sphereIntersectsSolid(s, centerCheck) || n.Neg.sphereIntersectsSolid(s, false)
}

func (n *BSPNode) sphereIntersectsSolidPoly(s *Sphere, radius float32, centerSolid *bool, hit **Polygon, centerCheck bool) bool {
	if n == nil {
		return false
	}
	if n.Kind == BSPLeafNode {
		if len(n.Polys) == 0 {
			return false
		}
		if centerCheck && n.Solid {
			*centerSolid = true
		}
		if !n.Sphere.intersects(s) {
			return *centerSolid
		}
		for _, p := range n.Polys {
			if p.hitsSphere(s) {
				*hit = p
				return true
			}
		}
		return *centerSolid
	}
	if !n.Sphere.intersects(s) {
		return false
	}
	dist := n.Plane.dist(&s.Center)
	reach := radius - Epsilon
	if dist >= reach {
		return n.Pos.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, centerCheck)
	}
	if dist <= -reach {
		return n.Neg.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, centerCheck)
	}
	if dist <= 0 {
		n.Neg.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, centerCheck)
		if *hit != nil {
			return *centerSolid
		}
		return n.Pos.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, false)
	}
	n.Pos.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, centerCheck)
	if *hit != nil {
		return *centerSolid
	}
	return n.Neg.sphereIntersectsSolidPoly(s, radius, centerSolid, hit, false)
}

// pointInsideCellBSP is BSPNODE::point_inside_cell_bsp: a cell BSP keeps
// its positive children; a point behind any plane is outside.
func (n *BSPNode) pointInsideCellBSP(pt *mgl32.Vec3) bool {
	for node := n; node != nil && node.Kind != BSPLeafNode; node = node.Pos {
		nn := &node.Plane.N
		d := nn[0]*pt[0] + nn[1]*pt[1] + nn[2]*pt[2] + node.Plane.D
		if d < -Epsilon {
			return false
		}
	}
	return true
}

// boundingType is retail's BoundingType.
type boundingType uint8

const (
	boundOutside boundingType = iota
	boundPartial
	boundInside
)

// sphereIntersectsCellBSP is BSPNODE::sphere_intersects_cell_bsp.
func (n *BSPNode) sphereIntersectsCellBSP(s *Sphere) boundingType {
	if n == nil || n.Kind == BSPLeafNode {
		return boundInside
	}
	dist := n.Plane.dist(&s.Center)
	checkRad := s.Radius + 0.01
	if dist <= -checkRad {
		return boundOutside
	}
	if dist >= checkRad {
		if n.Pos != nil {
			return n.Pos.sphereIntersectsCellBSP(s)
		}
		return boundInside
	}
	if n.Pos != nil {
		if n.Pos.sphereIntersectsCellBSP(s) != boundOutside {
			return boundPartial
		}
		return boundOutside
	}
	return boundPartial
}

// bspFindCollisions is BSPTREE::find_collisions (ACE BSPTree.find_collisions)
// for the body's spheres already in the tree's frame (path.localSpace*).
// where names the model for the events (a GfxObj or CellStruct).
func (t *transit) bspFindCollisions(tree *BSPTree, scale float32, where hitSource) transitionState {
	path := &t.path
	root := tree.Root
	center := &path.localSpaceCurrCenter[0]
	ls := &path.localSpaceSphere[0]
	var ls1 *Sphere
	if path.numSphere > 1 {
		ls1 = &path.localSpaceSphere[1]
	}
	var movement mgl32.Vec3
	movement[0], movement[1], movement[2] = ls.Center[0]-center[0], ls.Center[1]-center[1], ls.Center[2]-center[2]

	if path.insertType == insertPlacement || path.obstructionEthereal {
		clearCell := true
		if path.buildingCheck {
			clearCell = !path.hitsInteriorCell
		}
		if root.sphereIntersectsSolid(ls, clearCell) || (ls1 != nil && root.sphereIntersectsSolid(ls1, clearCell)) {
			return tsCollided
		}
		return tsOK
	}
	if path.checkWalkable {
		v := *ls
		if root.hitsWalkable(path, &v, &path.localSpaceZ) {
			return tsCollided
		}
		return tsOK
	}
	if path.stepDown {
		return t.bspStepSphereDown(root, ls, scale, where)
	}
	var hit *Polygon
	if path.collide {
		changed := false
		valid := *ls
		root.findWalkable(path, &valid, &hit, &movement, &path.localSpaceZ, &changed)
		if changed {
			off := path.localSpacePos.LocalToGlobalVec(valid.Center.Sub(ls.Center)).Mul(scale)
			path.addOffsetToCheckPos(off)
			t.coll.setContactPlane(t.planeToGlobal(hit.Plane, scale), path.checkPos.cell)
			path.setWalkable(&valid, hit, path.localSpaceZ, &path.localSpacePos, scale)
			t.noteHit(where, hit, evLand)
			return tsAdjusted
		}
		return tsOK
	}
	var contact mgl32.Vec3
	if t.obj.state&oiContact != 0 {
		if root.sphereIntersectsPoly(ls, movement, &hit, &contact) {
			t.noteHit(where, hit, evStep)
			return t.stepSphereUp(path.localSpacePos.LocalToGlobalVec(hit.Plane.N))
		}
		if ls1 != nil {
			var hit1 *Polygon
			if root.sphereIntersectsPoly(ls1, movement, &hit1, &contact) {
				t.noteHit(where, hit1, evWall)
				n := path.localSpacePos.LocalToGlobalVec(hit1.Plane.N)
				return t.slideSphere(&path.globalSphere[0], &n, path.globalCurrCenter[0])
			}
			if hit1 != nil {
				path.setNegPolyHit(false, path.localSpacePos.LocalToGlobalVec(hit1.Plane.N))
				return tsOK
			}
			if hit != nil {
				path.setNegPolyHit(true, path.localSpacePos.LocalToGlobalVec(hit.Plane.N))
				return tsOK
			}
		}
		return tsOK
	}
	if root.sphereIntersectsPoly(ls, movement, &hit, &contact) || hit != nil {
		n := path.localSpacePos.LocalToGlobalVec(hit.Plane.N)
		path.walkableAllowance = LandingZ
		path.setCollide(n)
		t.noteHit(where, hit, evWall)
		return tsAdjusted
	}
	if ls1 != nil {
		if root.sphereIntersectsPoly(ls1, movement, &hit, &contact) || hit != nil {
			t.coll.setCollisionNormal(path.localSpacePos.LocalToGlobalVec(hit.Plane.N))
			t.noteHit(where, hit, evWall)
			return tsCollided
		}
	}
	return tsOK
}

// bspStepSphereDown is BSPTREE::step_sphere_down: find the walkable
// polygon the sphere lands on while stepping down, and rest on it.
func (t *transit) bspStepSphereDown(root *BSPNode, ls *Sphere, scale float32, where hitSource) transitionState {
	path := &t.path
	amount := -(path.stepDownAmt * path.walkInterp)
	// The vectors built component by component (Vec3.Mul, Sub, Mat3's
	// product, Add in their order): a sphere copied whole after its parts
	// were written stalls the store buffer.
	k := amount * (1 / scale)
	z := &path.localSpaceZ
	movement := mgl32.Vec3{z[0] * k, z[1] * k, z[2] * k}
	var valid Sphere
	valid.Center[0], valid.Center[1], valid.Center[2], valid.Radius = ls.Center[0], ls.Center[1], ls.Center[2], ls.Radius
	changed := false
	var hit *Polygon
	root.findWalkable(path, &valid, &hit, &movement, &path.localSpaceZ, &changed)
	if !changed {
		return tsOK
	}
	var d, off mgl32.Vec3
	d[0], d[1], d[2] = valid.Center[0]-ls.Center[0], valid.Center[1]-ls.Center[1], valid.Center[2]-ls.Center[2]
	mulMat3(&off, &path.localSpacePos.m, &d)
	off[0], off[1], off[2] = off[0]*scale, off[1]*scale, off[2]*scale
	addInto(&path.checkPos.o, &path.checkPos.o, &off)
	path.cacheGlobalSphereOffset(off)
	c := &t.coll
	t.planeToGlobalInto(&c.contactPlane, &hit.Plane, scale)
	c.contactPlaneValid, c.contactPlaneCellID = true, path.checkPos.cell
	path.setWalkable(&valid, hit, path.localSpaceZ, &path.localSpacePos, scale)
	t.noteHit(where, hit, evFloor)
	return tsAdjusted
}

// bspPlacementInsert is BSPTREE::placement_insert: push the spheres out of
// the model's solid polygons, doubling the reach each try, up to 20 tries.
func (t *transit) bspPlacementInsert(tree *BSPTree) transitionState {
	path := &t.path
	root := tree.Root
	v0 := path.localSpaceSphere[0]
	rad := v0.Radius
	var v1 Sphere
	var other *Sphere
	if path.numSphere > 1 {
		v1 = path.localSpaceSphere[1]
		other = &v1
	}
	clearCell := true
	if path.buildingCheck {
		clearCell = !path.hitsInteriorCell
	}
	for i := 0; i < 20; i++ {
		centerSolid := false
		var hit *Polygon
		if root.sphereIntersectsSolidPoly(&v0, rad, &centerSolid, &hit, clearCell) {
			if hit != nil {
				hit.adjustToPlacementPoly(&v0, other, rad, centerSolid, clearCell)
				continue
			}
		} else if other != nil {
			if root.sphereIntersectsSolidPoly(other, rad, &centerSolid, &hit, clearCell) {
				if hit != nil {
					hit.adjustToPlacementPoly(other, &v0, rad, centerSolid, clearCell)
					continue
				}
			} else {
				return t.placementInsertInner(&v0, i)
			}
		} else {
			return t.placementInsertInner(&v0, i)
		}
		rad *= 2
	}
	return tsCollided
}

func (t *transit) placementInsertInner(v *Sphere, i int) transitionState {
	if i == 0 {
		return tsOK
	}
	path := &t.path
	path.addOffsetToCheckPos(path.localSpacePos.LocalToGlobalVec(v.Center.Sub(path.localSpaceSphere[0].Center)))
	return tsAdjusted
}

// planeToGlobal is Plane::localtoglobal from the local space the spheres
// were cached in, with the distance scaled.
func (t *transit) planeToGlobal(pl Plane, scale float32) Plane {
	f := &t.path.localSpacePos
	n := f.LocalToGlobalVec(pl.N)
	pt := f.LocalToGlobal(pl.N.Mul(-pl.D))
	return Plane{N: n, D: -n.Dot(pt) * scale}
}

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// dist is N·p + D (Vec3.Dot's order) through pointers.
func (pl *Plane) dist(p *mgl32.Vec3) float32 {
	return pl.N[0]*p[0] + pl.N[1]*p[1] + pl.N[2]*p[2] + pl.D
}

// planeToGlobalInto is planeToGlobal written into *dst.
func (t *transit) planeToGlobalInto(dst, pl *Plane, scale float32) {
	f := &t.path.localSpacePos
	var n, q, pt mgl32.Vec3
	mulMat3(&n, &f.m, &pl.N)
	negD := -pl.D
	q[0], q[1], q[2] = pl.N[0]*negD, pl.N[1]*negD, pl.N[2]*negD
	mulMat3(&pt, &f.m, &q)
	addInto(&pt, &f.Origin, &pt)
	d := -(n[0]*pt[0] + n[1]*pt[1] + n[2]*pt[2]) * scale
	dst.N[0], dst.N[1], dst.N[2], dst.D = n[0], n[1], n[2], d
}
