// The indoor shortcut's clearance memo: which of an EnvCell's tests a
// sphere near a remembered centre can be answered without making them.
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

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

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
	pn := &p.Plane.N
	nx, ny, nz := pn[0], pn[1], pn[2]
	angleUp := nx*up[0] + ny*up[1] + nz*up[2]
	if angleUp < Epsilon {
		return false
	}
	// The dropped centre, as check_walkable makes it.
	sc := &s.Center
	k := (nx*sc[0] + ny*sc[1] + nz*sc[2] + p.Plane.D) / angleUp
	cx, cy, cz := sc[0]-up[0]*k, sc[1]-up[1]*k, sc[2]-up[2]*k
	ux, uy, uz := math.Float32bits(up[0]), math.Float32bits(up[1]), math.Float32bits(up[2])
	if m.poly == p && m.up[0] == ux && m.up[1] == uy && m.up[2] == uz &&
		abs32(cx) <= clearBound && abs32(cy) <= clearBound && abs32(cz) <= clearBound {
		dx, dy, dz := cx-m.p[0], cy-m.p[1], cz-m.p[2]
		if dx*dx+dy*dy+dz*dz < m.rr {
			return true
		}
	}
	ok := p.checkWalkable(s, *up, small)
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
