// Geometry: the shapes retail's transition (transit.go) collides with, as the
// client's dats describe them — polygons with their planes, BSP trees of
// physics polygons, spheres and cylspheres, GfxObj physics models, the
// CellStructs of an Environment, EnvCells with their portals and statics,
// and the buildings standing in outdoor cells. The dat readers convert to
// these types; the illustrative world builds them from its obstacles
// (geometry_build.go). Names follow retail's (ACE Source/ACE.Server/Physics:
// Polygon.cs, Sphere.cs, CylSphere.cs, BSP/*.cs, Common/CellStruct.cs,
// Common/EnvCell.cs, Common/BuildingObj.cs, Collision/GfxObj.cs).
//
// Coordinates: a polygon's vertices, a BSP and a CellStruct are in their
// model's own frame; a GfxObj part is placed by its Part frame within its
// object, an object by its Frame within its landblock, an EnvCell by its
// Frame within its landblock (like a Position's origin).

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// Sphere is retail's CSphere: a centre and a radius.
type Sphere struct {
	Center mgl32.Vec3
	Radius float32
}

// intersects is CSphere::intersects (ACE Sphere.Intersects): the two
// spheres overlap (strictly).
func (s *Sphere) intersects(o *Sphere) bool {
	// |o − s|² < (rs + ro)², on scalars.
	dx, dy, dz := o.Center[0]-s.Center[0], o.Center[1]-s.Center[1], o.Center[2]-s.Center[2]
	r := s.Radius + o.Radius
	return dx*dx+dy*dy+dz*dz < r*r
}

// CylSphere is retail's CCylSphere: a vertical cylinder standing on
// LowPoint, with rounded collision against spheres (ACE CylSphere.cs).
type CylSphere struct {
	LowPoint mgl32.Vec3
	Radius   float32
	Height   float32
}

// Sides is a polygon's sides type (retail CullMode / sides_type): which of
// its faces collide.
type Sides uint8

// Sides values (ACE CullMode).
const (
	// SidesLandblock marks the terrain's polygons (not in the dats).
	SidesLandblock Sides = 0
	// SidesNone: both faces are drawn (double-sided).
	SidesNone Sides = 1
	// SidesClockwise and SidesCounterClockwise: one face.
	SidesClockwise        Sides = 2
	SidesCounterClockwise Sides = 3
)

// Polygon is retail's CPolygon: a planar convex polygon, its vertices in
// order (counter-clockwise seen from the front, the plane normal's side).
type Polygon struct {
	// ID is the polygon's id within its GfxObj or CellStruct (the events
	// name it).
	ID       uint16
	Vertices []mgl32.Vec3
	Sides    Sides
	// Plane is the polygon's plane; MakePlane computes it from the vertices.
	Plane Plane
}

// MakePlane is CPolygon::make_plane (ACE Polygon.make_plane): the normal is
// the normalised sum of the fan's cross products, the distance the negated
// mean of the vertices' projections. It reports false for a polygon with
// fewer than three vertices or no area (its plane is left zero).
func (p *Polygon) MakePlane() bool {
	n := len(p.Vertices)
	if n < 3 {
		p.Plane = Plane{}
		return false
	}
	var normal mgl32.Vec3
	v0 := p.Vertices[0]
	for i := 1; i+1 < n; i++ {
		normal = normal.Add(p.Vertices[i].Sub(v0).Cross(p.Vertices[i+1].Sub(v0)))
	}
	l := normal.Len()
	if !(l > 0) || !finite32(l) {
		p.Plane = Plane{}
		return false
	}
	normal = normal.Mul(1 / l)
	var sum float32
	for _, v := range p.Vertices {
		sum += normal.Dot(v)
	}
	p.Plane = Plane{N: normal, D: -(sum / float32(n))}
	return true
}

// BSPKind is a BSP node's kind: an internal node, a leaf, or a portal node
// (retail's BSPNODE, BSPLEAF, BSPPORTAL; the dats tag internal nodes
// 'BPnn', 'BPIn', 'BpIN', 'BpnN', 'BPIN', 'BPnN' by which children exist).
type BSPKind uint8

// BSP node kinds.
const (
	BSPInternal BSPKind = iota
	BSPLeafNode
	BSPPortalNode
)

// BSPNode is one node of a BSP tree (ACE BSP/BSPNode.cs, BSPLeaf.cs,
// BSPPortal.cs). An internal or portal node splits space by Plane; Pos is
// the side its normal points to, Neg the other (either may be nil in a cell
// BSP). A leaf holds the polygons of its region and whether the region is
// solid.
type BSPNode struct {
	Kind BSPKind
	// Plane is the splitting plane (internal and portal nodes).
	Plane    Plane
	Pos, Neg *BSPNode
	// Sphere bounds the node's polygons (the dat's bounding sphere).
	Sphere Sphere
	// Polys are the node's polygons (a leaf's, or those a physics node
	// lists), pointers into the owning model's polygon slice.
	Polys []*Polygon
	// LeafIndex and Solid are a leaf's.
	LeafIndex int32
	Solid     bool
}

// BSPTree is retail's BSPTREE: a root node.
type BSPTree struct {
	Root *BSPNode
}

// GfxObj is the physics side of a GfxObj (0x01xxxxxx): its physics
// polygons, their BSP and the BSP's bounding sphere (ACE Collision/GfxObj.cs).
type GfxObj struct {
	ID         uint32
	Polygons   []Polygon
	PhysicsBSP *BSPTree
	// PhysicsSphere is the physics BSP's root sphere.
	PhysicsSphere Sphere
	// SortCenter is the dat's sort centre (drawing order; unused here).
	SortCenter mgl32.Vec3
}

// Part is a GfxObj placed in its object (a Setup part at its default or
// placement frame), scaled by Scale (retail gfxobj_scale; 1 when zero).
type Part struct {
	GfxObj *GfxObj
	Frame  Frame
	Scale  float32
}

// StaticObject is a physics object that does not move: a static from the
// dats (a landblock's or an EnvCell's) or a scenario obstacle. It collides
// through its parts' physics BSPs when it has any, otherwise its cylspheres,
// otherwise its spheres (ACE PhysicsObj.FindObjCollisions), all in the
// object's frame, scaled by Scale (1 when zero).
type StaticObject struct {
	ID   uint32
	Name string
	// Obstacle is 1 + the object's place in the world's obstacle list
	// (World.Obstacles: the terrain's and the scenario's) when it is a
	// scenario obstacle, 0 otherwise; the transition's events name it by
	// that number and its Name.
	Obstacle   int
	Frame      Frame
	Scale      float32
	Parts      []Part
	CylSpheres []CylSphere
	Spheres    []Sphere
}

// CellStruct is one cell structure of an Environment (0x0Dxxxxxx): its
// physics polygons and BSP, its cell BSP (the cell's volume, for
// point_in_cell and sphere_intersects_cell) and its portal polygons, by
// portal index (ACE Common/CellStruct.cs).
type CellStruct struct {
	ID         uint32
	Polygons   []Polygon
	PhysicsBSP *BSPTree
	CellBSP    *BSPTree
	// Portals are the portal polygons, indexed by the portal's position in
	// the structure's portal list (a building portal's OtherPortalId).
	Portals []*Polygon
}

// CellPortal is one portal of an EnvCell (ACE DatLoader CellPortal):
// through the polygon Poly (of the cell's CellStruct, in the cell's frame)
// into cell OtherCellID of the same landblock, or outside when OtherCellID is
// 0xFFFF. PortalSide is the dat's (flags & 2) == 0 (ACE DatLoader
// CellPortal.PortalSide): the other cell lies on the polygon's front (its
// normal's side), this one behind it; with the bit set (PortalSide false)
// this cell is on the front, as in both test writers' worlds. Retail's
// sphere transition reads it only for a portal whose other cell is not
// loaded (EnvCell::find_transit_cells adds that cell, empty, when a sphere
// reaches the other side), which the array then skips; a world that lacks
// the other cell gives it no collisions here either.
type CellPortal struct {
	OtherCellID   uint16
	OtherPortalID uint16
	PolygonID     uint16
	Poly          *Polygon
	PortalSide    bool
	ExactMatch    bool
}

// OutsidePortal is the OtherCellID of a portal that leads outdoors.
const OutsidePortal = 0xFFFF

// EnvCell is an indoor cell 0xXXYYnnnn (nnnn ≥ 0x100): a CellStruct placed
// by Frame in its landblock, its portals, the cells visible from it and its
// static objects (in the landblock's frame, like the cell).
type EnvCell struct {
	ID           uint32
	Frame        Frame
	Struct       *CellStruct
	Portals      []CellPortal
	VisibleCells []uint16
	Statics      []StaticObject
	SeenOutside  bool
}

// BuildingPortal is one portal of a building (ACE BldPortal): into EnvCell
// OtherCellID of the building's landblock, through that cell's portal
// OtherPortalID.
type BuildingPortal struct {
	OtherCellID   uint16
	OtherPortalID uint16
	PortalSide    bool
	ExactMatch    bool
}

// Building is a building (ACE BuildingObj): a model standing in an outdoor
// cell, whose shell collides like a static object's and whose portals lead
// into its EnvCells.
type Building struct {
	Object  StaticObject
	Portals []BuildingPortal
}

// LandCellContents is what stands in one outdoor cell besides its terrain:
// the building whose cell it is (retail SortCell::building; nil for none) and
// the static objects whose shadows fall in it (retail's shadow list), in
// the order they are tested.
type LandCellContents struct {
	Building *Building
	Statics  []*StaticObject
}

// Geometry is the world's dat geometry, as the transition asks for it: an
// EnvCell by id, and the contents of an outdoor cell by id. Both return
// nil for none. Implementations load on demand and must be safe for
// concurrent use and deterministic (the same id always answers the same).
type Geometry interface {
	EnvCell(id uint32) *EnvCell
	LandCell(id uint32) *LandCellContents
}

// IndoorFloor answers, for an indoor cell without geometry, the z of a
// stand-in floor under landblock-local (x, y) (ok false: none known, and the
// body keeps the floor at its feet).
type IndoorFloor interface {
	FloorZ(cell uint32, x, y float32) (z float32, ok bool)
}

// boundingSphere returns a sphere holding every vertex of polys (centre the
// box's middle).
func boundingSphere(polys []*Polygon) Sphere {
	lo := mgl32.Vec3{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := lo.Mul(-1)
	for _, p := range polys {
		for _, v := range p.Vertices {
			for i := 0; i < 3; i++ {
				lo[i] = min(lo[i], v[i])
				hi[i] = max(hi[i], v[i])
			}
		}
	}
	if lo[0] > hi[0] {
		return Sphere{}
	}
	c := lo.Add(hi).Mul(0.5)
	var r float32
	for _, p := range polys {
		for _, v := range p.Vertices {
			r = max(r, v.Sub(c).Len())
		}
	}
	return Sphere{Center: c, Radius: r + 1e-3}
}
