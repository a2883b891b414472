// Building geometry by hand: BSP trees for a set of polygons, the box and
// cylinder statics the illustrative world's obstacles become, and the
// obstacle conversion itself. The dats carry their own BSPs; these are for
// worlds without them and for tests.

package physics

import "github.com/go-gl/mathgl/mgl32"

// NewPolygon returns a polygon of the vertices (counter-clockwise seen from
// its front) with its plane made; ok is false when they span no plane.
func NewPolygon(id uint16, sides Sides, vertices ...mgl32.Vec3) (Polygon, bool) {
	p := Polygon{ID: id, Vertices: vertices, Sides: sides}
	ok := p.MakePlane()
	return p, ok
}

// polyPtrs returns pointers to each polygon of polys.
func polyPtrs(polys []Polygon) []*Polygon {
	out := make([]*Polygon, len(polys))
	for i := range polys {
		out[i] = &polys[i]
	}
	return out
}

// NewLeafBSP returns a BSP of one non-solid leaf holding every polygon: a
// correct (if slow) physics BSP for any set of polygons, such as a room's
// floor, walls and ceiling.
func NewLeafBSP(polys []Polygon) *BSPTree {
	ps := polyPtrs(polys)
	return &BSPTree{Root: &BSPNode{Kind: BSPLeafNode, Polys: ps, Sphere: boundingSphere(ps)}}
}

// NewConvexBSP returns the physics BSP of a closed convex solid whose
// polygons face outwards: one node per face plane, each with the outside as
// its positive side (an empty leaf), chained through their negative sides to
// a solid leaf holding every polygon.
func NewConvexBSP(polys []Polygon) *BSPTree {
	ps := polyPtrs(polys)
	sph := boundingSphere(ps)
	node := &BSPNode{Kind: BSPLeafNode, Polys: ps, Sphere: sph, Solid: true, LeafIndex: 1}
	for i := len(ps) - 1; i >= 0; i-- {
		empty := &BSPNode{Kind: BSPLeafNode, Sphere: sph}
		node = &BSPNode{Kind: BSPInternal, Plane: ps[i].Plane, Pos: empty, Neg: node, Sphere: sph}
	}
	return &BSPTree{Root: node}
}

// NewCellBSP returns the cell BSP of a convex cell bounded by planes whose
// normals face into the cell: a chain of nodes through their positive
// sides (retail's cell BSPs keep only the positive children; a point behind
// any plane is outside).
func NewCellBSP(planes []Plane) *BSPTree {
	var node *BSPNode
	for i := len(planes) - 1; i >= 0; i-- {
		node = &BSPNode{Kind: BSPInternal, Plane: planes[i], Pos: node}
	}
	return &BSPTree{Root: node}
}

// BoxPolygons returns the six outward-facing quads of the axis-aligned box
// from lo to hi, ids first..first+5 (−x, +x, −y, +y, −z, +z).
func BoxPolygons(first uint16, lo, hi mgl32.Vec3) []Polygon {
	v := func(x, y, z int) mgl32.Vec3 {
		p := lo
		if x == 1 {
			p[0] = hi[0]
		}
		if y == 1 {
			p[1] = hi[1]
		}
		if z == 1 {
			p[2] = hi[2]
		}
		return p
	}
	quads := [6][4]mgl32.Vec3{
		{v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0)}, // −x
		{v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1)}, // +x
		{v(0, 0, 0), v(1, 0, 0), v(1, 0, 1), v(0, 0, 1)}, // −y
		{v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0)}, // +y
		{v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0)}, // −z
		{v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)}, // +z
	}
	out := make([]Polygon, 0, 6)
	for i, q := range quads {
		p, _ := NewPolygon(first+uint16(i), SidesClockwise, q[0], q[1], q[2], q[3])
		out = append(out, p)
	}
	return out
}

// BoxGfxObj returns a GfxObj whose physics model is the axis-aligned box
// from lo to hi, with a convex BSP.
func BoxGfxObj(id uint32, lo, hi mgl32.Vec3) *GfxObj {
	g := &GfxObj{ID: id, Polygons: BoxPolygons(0, lo, hi)}
	g.PhysicsBSP = NewConvexBSP(g.Polygons)
	g.PhysicsSphere = g.PhysicsBSP.Root.Sphere
	return g
}

// ObstacleObject converts a scenario obstacle to the static object the
// transition meets: a cylinder becomes a cylsphere, a box a one-part object
// with a box GfxObj (its BSP built here). The object's frame is the
// identity in the obstacle's landblock.
func ObstacleObject(ob *Obstacle) StaticObject {
	s := StaticObject{Name: ob.Name, Frame: IdentityFrame(), Scale: 1}
	switch ob.Kind {
	case ObstacleCylinder:
		s.CylSpheres = []CylSphere{{LowPoint: ob.Center, Radius: ob.Radius, Height: ob.Height}}
	case ObstacleBox:
		s.Parts = []Part{{GfxObj: BoxGfxObj(0, ob.Min, ob.Max), Frame: IdentityFrame(), Scale: 1}}
	}
	return s
}
