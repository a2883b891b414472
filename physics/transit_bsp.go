// The polygon and BSP half of retail's transition: how a sphere meets a
// polygon (CPolygon, ACE Polygon.cs) and how the physics and cell BSP trees
// are searched (BSPNODE / BSPLEAF / BSPTREE, ACE BSP/BSPNode.cs,
// BSPLeaf.cs, BSPTree.cs). All in the model's own frame; transit.go moves
// the body's spheres into it (CacheLocalSpaceSphere). Last, the memos that
// answer some of these tests for the indoor shortcut.

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
	cx, cy, cz, ok := p.dropCentre(&s.Center, &up)
	if !ok {
		return false
	}
	return p.walkableAt(cx, cy, cz, s.Radius, small)
}

// dropCentre is check_walkable's first part: the centre c dropped along
// up onto the polygon's plane (c − up·(N·c + D)/(N·up)); false where the
// plane does not face up (N·up under Epsilon: not walkable). Small enough
// to be inlined into its two callers, checkWalkable and walkMemo's.
func (p *Polygon) dropCentre(c, up *mgl32.Vec3) (x, y, z float32, ok bool) {
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	angleUp := nx*up[0] + ny*up[1] + nz*up[2]
	if angleUp < Epsilon {
		return 0, 0, 0, false
	}
	k := (nx*c[0] + ny*c[1] + nz*c[2] + p.Plane.D) / angleUp
	return c[0] - up[0]*k, c[1] - up[1]*k, c[2] - up[2]*k, true
}

// walkableAt is check_walkable's edge test for the centre already dropped
// onto the plane at (cx, cy, cz), of a sphere of radius r: inside every
// edge, or within the radius (a quarter of its square if small) of one.
func (p *Polygon) walkableAt(cx, cy, cz, r float32, small bool) bool {
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	radsum := r * r
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
// were cached in, with the distance scaled (planeToGlobalFrame).
func (t *transit) planeToGlobal(pl Plane, scale float32) Plane {
	var g Plane
	planeToGlobalFrame(&g, &pl, &t.path.localSpacePos, scale)
	return g
}

// planeToGlobalInto is planeToGlobal written into *dst.
func (t *transit) planeToGlobalInto(dst, pl *Plane, scale float32) {
	planeToGlobalFrame(dst, pl, &t.path.localSpacePos, scale)
}

// planeToGlobalFrame is Plane::localtoglobal from frame f, the distance
// scaled: the normal turned into the parent space, the plane's point
// nearest the origin (N·−D) put there, D made anew from the two
// (Frame.LocalToGlobalVec's and LocalToGlobal's products and sums, in
// their order, on scalars).
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

func abs32(v float32) float32 { return math.Float32frombits(math.Float32bits(v) &^ (1 << 31)) }

// dist is N·p + D (Vec3.Dot's order) through pointers.
func (pl *Plane) dist(p *mgl32.Vec3) float32 {
	return pl.N[0]*p[0] + pl.N[1]*p[1] + pl.N[2]*p[2] + pl.D
}

// ---- The indoor shortcut's memos ----
//
// Which of an EnvCell's tests a sphere near a remembered centre can be
// answered without making them (for the indoor shortcut, the last
// section of transit_cells.go).
//
// Three of the tests the shortcut makes at every insert compare a plane
// distance, N·c + D, with a fixed bound: CPolygon::polygon_hits_sphere_
// precise rejects a polygon when |N·c + D| > r − F_EPSILON (before any
// edge test), BSPNODE::point_inside_cell_bsp fails at a plane where
// N·c + D < −F_EPSILON, and EnvCell::find_transit_cells reaches an outside
// portal where |N·c + D| < r + F_EPSILON. A memo made at a centre c₀
// holds, for each polygon of the cell's physics BSP, each plane of its
// cell BSP and each outside portal, the clearance of that test there (how
// far the distance is past its bound, on the side that gives the common
// answer: the polygon missed, the point inside, the portal not reached).
// Those within nearClearance are kept as the near items, to be tested
// again at every centre; the others' least clearance, less clearMargin,
// is the memo's reach R. For a centre c within R of c₀, each far item's
// distance differs from its distance at c₀ by at most |N|·|c − c₀| < R
// (|N| is 1 within 10⁻⁶) plus the rounding of the two float32 sums (each
// within 4·2⁻²⁴ of |c|₁ + |D| ≤ 3·(1024 + 64) + 1024: 10⁻³ each, against
// clearMargin's 3.9·10⁻³), so it gives the common answer there too, as
// computed: a polygon test's answer is the near polygons' (all miss: the
// BSP search finds nothing, whatever its order), the point test's the
// near planes'. Centres and plane distances past ±1024 are not memoised,
// and a reach is at most 64 m. A memo is kept per sphere of the body,
// keyed by the EnvCell and the radius (an EnvCell's geometry never
// changes once read), and made again where a centre leaves its reach.
// transit_envfast_test.go checks its answers against the tests
// themselves at random centres, many a rounding inside or outside the
// reach.

const (
	// nearClearance is the clearance under which an item is near.
	nearClearance float32 = 0.5
	// clearMargin is what the reach keeps back for rounding.
	clearMargin float32 = 1.0 / 256
	// clearBound bounds the coordinates and plane distances memoised.
	clearBound float32 = 1024
	// maxNear bounds each kind of near item a memo keeps.
	maxNear = 6
	// maxReach bounds a memo's reach.
	maxReach float32 = 64
)

// clearMemo is one sphere's clearance memo in one EnvCell.
type clearMemo struct {
	env *EnvCell
	r   float32
	c   mgl32.Vec3
	// rr is the square of the reach, less 1 % (|N| and the rounding of
	// |c − c₀|²); zero for no memo.
	rr float32
	// solid says the physics BSP has a solid leaf with polygons
	// (sphere_intersects_solid may answer true without a polygon).
	solid bool
	// The near items: polygons, cell-BSP planes (the first sphere's
	// memo only) and outside portals.
	polys  [maxNear]*Polygon
	np     int
	planes [maxNear]*Plane
	npl    int
	outs   [maxNear]*Polygon
	nout   int
}

// within says c is a centre of the memo's sphere (env, r) the memo
// answers for. (A reach is at most maxReach, so such a centre is within
// clearBound + maxReach of the origin; a memo without one has rr zero.)
func (m *clearMemo) within(env *EnvCell, r float32, c *mgl32.Vec3) bool {
	dx, dy, dz := c[0]-m.c[0], c[1]-m.c[1], c[2]-m.c[2]
	return m.env == env && m.r == r && dx*dx+dy*dy+dz*dz < m.rr
}

// clearOf returns the memo of sphere i at local centre c in env, made
// again there when c is out of its reach; nil where none can be made.
func (t *transit) clearOf(i int, env *EnvCell, r float32, c *mgl32.Vec3) *clearMemo {
	m := &t.clear[i]
	if m.within(env, r, c) {
		return m
	}
	if !m.make(env, r, c, i == 0) {
		return nil
	}
	return m
}

// make makes the memo at c; false (and no memo) where an item's distance
// or c is past clearBound or there are too many near items.
func (m *clearMemo) make(env *EnvCell, r float32, c *mgl32.Vec3, cellPlanes bool) bool {
	*m = clearMemo{}
	if !(abs32(c[0]) <= clearBound && abs32(c[1]) <= clearBound && abs32(c[2]) <= clearBound) {
		return false
	}
	far := float32(math.Inf(1))
	// The physics BSP's polygons: polygon_hits_sphere_precise's plane test.
	ok := m.walkPolys(env.Struct.PhysicsBSP.Root, c, r-Epsilon, &far)
	// The cell BSP's planes (the chain point_inside_cell_bsp walks).
	if cellPlanes && ok {
		for n := env.Struct.CellBSP.Root; n != nil && n.Kind != BSPLeafNode; n = n.Pos {
			pl := &n.Plane
			if !(abs32(pl.D) <= clearBound) {
				ok = false
				break
			}
			d := pl.N[0]*c[0] + pl.N[1]*c[1] + pl.N[2]*c[2] + pl.D
			if cl := d + Epsilon; !(cl >= nearClearance) {
				if m.npl == maxNear {
					ok = false
					break
				}
				m.planes[m.npl] = pl
				m.npl++
			} else {
				far = min(far, cl)
			}
		}
	}
	// The outside portals (find_transit_cells' reach test).
	if ok {
		radO := r + Epsilon
		for pi := range env.Portals {
			pt := &env.Portals[pi]
			if pt.Poly == nil || pt.OtherCellID != OutsidePortal {
				continue
			}
			if !(abs32(pt.Poly.Plane.D) <= clearBound) {
				ok = false
				break
			}
			d := pt.Poly.dist(*c)
			if cl := abs32(d) - radO; !(cl >= nearClearance) {
				if m.nout == maxNear {
					ok = false
					break
				}
				m.outs[m.nout] = pt.Poly
				m.nout++
			} else {
				far = min(far, cl)
			}
		}
	}
	if !ok {
		*m = clearMemo{}
		return false
	}
	reach := min(far-clearMargin, maxReach)
	m.env, m.r, m.c = env, r, *c
	m.rr = reach * reach * 0.99
	return true
}

// walkPolys adds the polygons of the leaves under n (the sphere's
// clearance from each, rad being its radius less F_EPSILON); false where
// a plane is past clearBound or too many are near.
func (m *clearMemo) walkPolys(n *BSPNode, c *mgl32.Vec3, rad float32, far *float32) bool {
	if n == nil {
		return true
	}
	if n.Kind != BSPLeafNode {
		return m.walkPolys(n.Pos, c, rad, far) && m.walkPolys(n.Neg, c, rad, far)
	}
	if n.Solid && len(n.Polys) > 0 {
		m.solid = true
	}
	for _, p := range n.Polys {
		pn := &p.Plane.N
		if !(abs32(p.Plane.D) <= clearBound) {
			return false
		}
		dp := pn[0]*c[0] + pn[1]*c[1] + pn[2]*c[2] + p.Plane.D
		if cl := abs32(dp) - rad; len(p.Vertices) == 0 || !(cl >= nearClearance) {
			if m.np == maxNear {
				return false
			}
			m.polys[m.np] = p
			m.np++
		} else {
			*far = min(*far, cl)
		}
	}
	return true
}

// polysMiss says every polygon of the physics BSP misses sphere s
// (polygon_hits_sphere_precise false for each): then sphere_intersects_
// poly finds nothing and, without a solid leaf, sphere_intersects_solid
// neither. False says only that a near polygon touches it.
func (m *clearMemo) polysMiss(s *Sphere) bool {
	var contact mgl32.Vec3
	for _, p := range m.polys[:m.np] {
		if p.hitsSpherePrecise(s, &contact) {
			return false
		}
	}
	return true
}

// pointInside is point_inside_cell_bsp for the first sphere's centre c.
func (m *clearMemo) pointInside(c *mgl32.Vec3) bool {
	for _, pl := range m.planes[:m.npl] {
		if pl.N[0]*c[0]+pl.N[1]*c[1]+pl.N[2]*c[2]+pl.D < -Epsilon {
			return false
		}
	}
	return true
}

// outsideReached says the sphere of radius r at c reaches an outside
// portal (find_transit_cells would add the outdoor cells).
func (m *clearMemo) outsideReached(r float32, c *mgl32.Vec3) bool {
	rad := r + Epsilon
	for _, p := range m.outs[:m.nout] {
		if d := p.dist(*c); d > -rad && d < rad {
			return true
		}
	}
	return false
}

// walkMemo certifies CPolygon::check_walkable for the polygon a body
// stands on: check_walkable drops the sphere's centre along up onto the
// polygon's plane and answers true wherever that point lies inside every
// edge (its edge-by-edge test, N × edge against the point less the edge's
// start, is never negative there; the radius decides only outside). A
// memo made at a dropped point p₀ keeps the least distance from p₀ to the
// edges' lines, less clearMargin, as its reach: a dropped point within it
// is inside every edge as computed too (each test's rounding is within
// 4·2⁻²⁴ of |point − vertex|·|edge| ≤ 2048·|edge|, a distance of 5·10⁻⁴,
// against clearMargin). Keyed by the polygon and up, bit for bit.
type walkMemo struct {
	poly *Polygon
	up   [3]uint32
	p    mgl32.Vec3
	rr   float32
}

// checkWalkable is p.checkWalkable(s, up, small), answered by the memo
// where the dropped centre is within its reach.
func (m *walkMemo) checkWalkable(p *Polygon, s *Sphere, up *mgl32.Vec3, small bool) bool {
	// The dropped centre, as check_walkable makes it.
	cx, cy, cz, ok := p.dropCentre(&s.Center, up)
	if !ok {
		return false
	}
	ux, uy, uz := math.Float32bits(up[0]), math.Float32bits(up[1]), math.Float32bits(up[2])
	if m.poly == p && m.up[0] == ux && m.up[1] == uy && m.up[2] == uz &&
		abs32(cx) <= clearBound && abs32(cy) <= clearBound && abs32(cz) <= clearBound {
		dx, dy, dz := cx-m.p[0], cy-m.p[1], cz-m.p[2]
		if dx*dx+dy*dy+dz*dz < m.rr {
			return true
		}
	}
	ok = p.walkableAt(cx, cy, cz, s.Radius, small)
	m.make(p, ux, uy, uz, cx, cy, cz)
	return ok
}

// make makes the memo at dropped point (cx, cy, cz), or none where the
// point is not inside every edge by more than clearMargin or past
// clearBound.
func (m *walkMemo) make(p *Polygon, ux, uy, uz uint32, cx, cy, cz float32) {
	m.poly = nil
	if !(abs32(cx) <= clearBound && abs32(cy) <= clearBound && abs32(cz) <= clearBound) {
		return
	}
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	vs := p.Vertices
	n := len(vs)
	if n < 3 {
		return
	}
	least := float32(math.Inf(1))
	prev := n - 1
	for i := 0; i < n; i++ {
		v, last := &vs[i], &vs[prev]
		prev = i
		if !(abs32(v[0]) <= clearBound && abs32(v[1]) <= clearBound && abs32(v[2]) <= clearBound) {
			return
		}
		ex, ey, ez := v[0]-last[0], v[1]-last[1], v[2]-last[2]
		dx, dy, dz := cx-last[0], cy-last[1], cz-last[2]
		kx, ky, kz := ny*ez-nz*ey, nz*ex-nx*ez, nx*ey-ny*ex
		kl := float32(math.Sqrt(float64(kx*kx + ky*ky + kz*kz)))
		if !(kl > 0) {
			return
		}
		least = min(least, (dx*kx+dy*ky+dz*kz)/kl)
	}
	if !(least > 2*clearMargin) {
		return
	}
	reach := least - clearMargin
	m.poly, m.up, m.p, m.rr = p, [3]uint32{ux, uy, uz}, mgl32.Vec3{cx, cy, cz}, reach*reach*0.99
}

// portalMemo certifies EnvCell::find_transit_cells' test of a neighbour
// through a portal: BSPNODE::sphere_intersects_cell_bsp of the
// neighbour's cell BSP answering outside for the sphere (in the
// neighbour's frame), so the neighbour is not added. The search answers
// outside at the first node of its path (through the positive sides)
// whose plane distance is at most −(r + 0.01); at the others it goes on
// to the positive side whether the distance is past +(r + 0.01) or not.
// A memo made at a centre c₀ the search found outside keeps the least
// margin of those comparisons with −(r + 0.01), less clearMargin, as its
// reach (at most maxReach): within it each comes out the same, and so
// the path and the answer, by the clearance memo's argument. Keyed by
// the neighbour and the radius; one per sphere and portal (the first
// maxPortalMemos portals of a cell).
type portalMemo struct {
	env *EnvCell
	r   float32
	c   mgl32.Vec3
	rr  float32
}

// maxPortalMemos is how many of a cell's portals have memos.
const maxPortalMemos = 8

// neighbourOutside is sphereIntersectsCellBSP(s) == boundOutside for
// sphere i against the neighbour env through portal pi, answered by the
// memo where s's centre is within its reach.
func (t *transit) neighbourOutside(i, pi int, env *EnvCell, s *Sphere) bool {
	root := env.Struct.CellBSP.Root
	if pi >= maxPortalMemos {
		return root.sphereIntersectsCellBSP(s) == boundOutside
	}
	m := &t.portals[i][pi]
	c := &s.Center
	dx, dy, dz := c[0]-m.c[0], c[1]-m.c[1], c[2]-m.c[2]
	if m.env == env && m.r == s.Radius && dx*dx+dy*dy+dz*dz < m.rr {
		return true
	}
	m.env = nil
	least := float32(math.Inf(1))
	out := cellBSPOutside(root, s, &least)
	if out && least > 2*clearMargin && abs32(c[0]) <= clearBound && abs32(c[1]) <= clearBound && abs32(c[2]) <= clearBound {
		reach := min(least-clearMargin, maxReach)
		m.env, m.r, m.c, m.rr = env, s.Radius, *c, reach*reach*0.99
	}
	return out
}

// cellBSPOutside is n.sphereIntersectsCellBSP(s) == boundOutside, the
// same decisions in the same order, lowering *least to the margin of
// each (a plane past clearBound makes it −1: no memo).
func cellBSPOutside(n *BSPNode, s *Sphere, least *float32) bool {
	if n == nil || n.Kind == BSPLeafNode {
		return false
	}
	if !(abs32(n.Plane.D) <= clearBound) {
		*least = -1
	}
	dist := n.Plane.dist(&s.Center)
	checkRad := s.Radius + 0.01
	if dist <= -checkRad {
		*least = min(*least, -checkRad-dist)
		return true
	}
	// Inside the plane's reach or straddling it, the answer is the
	// positive side's (inside or partial without one): which of the two
	// does not change it, only how far dist is from −checkRad.
	*least = min(*least, dist+checkRad)
	return n.Pos != nil && cellBSPOutside(n.Pos, s, least)
}
