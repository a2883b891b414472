// Shapes for geometry tests: polygons over a shared vertex array, a
// physics BSP over them, a cell BSP from a convex cell's planes, box rooms
// with doorways (their portals), box obstacles and building shells. Every
// polygon's vertices run counter-clockwise seen from its front, so its
// plane's normal (Polygon::make_plane) points to the side a body stands
// on: into a room, out of an obstacle or a building.

package dattest

import (
	"math"
	"sort"

	"glidepath/assets/dat"
)

// Mesh is a vertex array and polygons over it.
type Mesh struct {
	Vertices []dat.Vertex
	Polygons []dat.Polygon
}

// Add adds a polygon through pts (counter-clockwise seen from its front)
// and returns its index. Each polygon gets its own vertices, whose normal
// is the polygon's.
func (m *Mesh) Add(pts ...[3]float32) uint16 {
	n := Normal(pts)
	p := dat.Polygon{Stippling: dat.StipplingNoPos, SidesType: dat.SidesSingle, NegSurface: -1}
	for _, q := range pts {
		p.Vertices = append(p.Vertices, uint16(len(m.Vertices)))
		m.Vertices = append(m.Vertices, dat.Vertex{Origin: q, Normal: n})
	}
	m.Polygons = append(m.Polygons, p)
	return uint16(len(m.Polygons) - 1)
}

// Normal is the unit normal of polygon pts by Newell's method.
func Normal(pts [][3]float32) [3]float32 {
	var n [3]float64
	for i := range pts {
		a, b := pts[i], pts[(i+1)%len(pts)]
		n[0] += float64(a[1]-b[1]) * float64(a[2]+b[2])
		n[1] += float64(a[2]-b[2]) * float64(a[0]+b[0])
		n[2] += float64(a[0]-b[0]) * float64(a[1]+b[1])
	}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	if l == 0 {
		return [3]float32{}
	}
	return [3]float32{float32(n[0] / l), float32(n[1] / l), float32(n[2] / l)}
}

// Rect is the quad with corners a, b, c, d in order.
func (m *Mesh) Rect(a, b, c, d [3]float32) uint16 { return m.Add(a, b, c, d) }

// Box is an axis-aligned box.
type Box struct{ Min, Max [3]float32 }

// AddSolid adds box's top and four sides facing out (an obstacle standing
// on a floor: a stair, a wall, a pillar) and, with bottom, its underside.
func (m *Mesh) AddSolid(bx Box, bottom bool) {
	x0, y0, z0 := bx.Min[0], bx.Min[1], bx.Min[2]
	x1, y1, z1 := bx.Max[0], bx.Max[1], bx.Max[2]
	m.Rect([3]float32{x0, y0, z1}, [3]float32{x1, y0, z1}, [3]float32{x1, y1, z1}, [3]float32{x0, y1, z1}) // top, +z
	m.Rect([3]float32{x0, y0, z0}, [3]float32{x1, y0, z0}, [3]float32{x1, y0, z1}, [3]float32{x0, y0, z1}) // south, −y
	m.Rect([3]float32{x1, y0, z0}, [3]float32{x1, y1, z0}, [3]float32{x1, y1, z1}, [3]float32{x1, y0, z1}) // east, +x
	m.Rect([3]float32{x1, y1, z0}, [3]float32{x0, y1, z0}, [3]float32{x0, y1, z1}, [3]float32{x1, y1, z1}) // north, +y
	m.Rect([3]float32{x0, y1, z0}, [3]float32{x0, y0, z0}, [3]float32{x0, y0, z1}, [3]float32{x0, y1, z1}) // west, −x
	if bottom {
		m.Rect([3]float32{x0, y0, z0}, [3]float32{x0, y1, z0}, [3]float32{x1, y1, z0}, [3]float32{x1, y0, z0})
	}
}

// Faces of a box room.
const (
	South = iota // y = Min
	East         // x = Max
	North        // y = Max
	West         // x = Min
)

// Door is an opening in a side face of a box: along the face's horizontal
// axis (x for South and North, y for East and West) from From to To, from
// the floor up to Height (the face's full height when Height is 0).
type Door struct {
	Face     int
	From, To float32
	Height   float32
}

// face returns the four corners of a side face's piece between u0 and u1
// along the face and heights z0 to z1, counter-clockwise seen from inside
// the box (inward) or from outside (outward).
func face(bx Box, f int, u0, u1, z0, z1 float32, inward bool) [4][3]float32 {
	var a, b [2]float32 // the piece's ends on the floor, left to right seen from outside
	switch f {
	case South:
		a, b = [2]float32{u0, bx.Min[1]}, [2]float32{u1, bx.Min[1]}
	case East:
		a, b = [2]float32{bx.Max[0], u0}, [2]float32{bx.Max[0], u1}
	case North:
		a, b = [2]float32{u1, bx.Max[1]}, [2]float32{u0, bx.Max[1]}
	case West:
		a, b = [2]float32{bx.Min[0], u1}, [2]float32{bx.Min[0], u0}
	}
	q := [4][3]float32{{a[0], a[1], z0}, {b[0], b[1], z0}, {b[0], b[1], z1}, {a[0], a[1], z1}}
	if inward {
		q[0], q[1], q[2], q[3] = q[1], q[0], q[3], q[2]
	}
	return q
}

// sides adds box's four side faces with their doors cut out: each face is
// wall pieces around its doors (a lintel above a door lower than the
// face), and each door's opening a polygon added by door (nil: left
// open). It returns the doors' polygons in the order given.
func sides(m *Mesh, bx Box, doors []Door, inward bool, door func(q [4][3]float32) uint16) []uint16 {
	z0, z1 := bx.Min[2], bx.Max[2]
	out := make([]uint16, len(doors))
	for f := South; f <= West; f++ {
		lo, hi := bx.Min[0], bx.Max[0]
		if f == East || f == West {
			lo, hi = bx.Min[1], bx.Max[1]
		}
		var ds []int
		for i, d := range doors {
			if d.Face == f {
				ds = append(ds, i)
			}
		}
		sort.Slice(ds, func(i, j int) bool { return doors[ds[i]].From < doors[ds[j]].From })
		at := lo
		for _, i := range ds {
			d := doors[i]
			top := z1
			if d.Height > 0 && z0+d.Height < z1 {
				top = z0 + d.Height
				q := face(bx, f, d.From, d.To, top, z1, inward)
				m.Rect(q[0], q[1], q[2], q[3])
			}
			if d.From > at {
				q := face(bx, f, at, d.From, z0, z1, inward)
				m.Rect(q[0], q[1], q[2], q[3])
			}
			if door != nil {
				out[i] = door(face(bx, f, d.From, d.To, z0, top, inward))
			}
			at = d.To
		}
		if at < hi {
			q := face(bx, f, at, hi, z0, z1, inward)
			m.Rect(q[0], q[1], q[2], q[3])
		}
	}
	return out
}

// BoxCell is a box room's CellStruct: floor, ceiling and walls facing in,
// each door a portal polygon facing in (Portals lists them in the order
// given), the obstacles' polygons added to the physics polygons only, the
// cell BSP the room's six planes, and a physics BSP over its walls, floor,
// ceiling and obstacles (not its portals).
func BoxCell(bx Box, doors []Door, obstacles ...Box) dat.CellStruct {
	x0, y0, z0 := bx.Min[0], bx.Min[1], bx.Min[2]
	x1, y1, z1 := bx.Max[0], bx.Max[1], bx.Max[2]
	var draw, phys Mesh
	for _, m := range []*Mesh{&draw, &phys} {
		m.Rect([3]float32{x0, y0, z0}, [3]float32{x1, y0, z0}, [3]float32{x1, y1, z0}, [3]float32{x0, y1, z0}) // floor, +z
		m.Rect([3]float32{x0, y0, z1}, [3]float32{x0, y1, z1}, [3]float32{x1, y1, z1}, [3]float32{x1, y0, z1}) // ceiling, −z
	}
	portals := sides(&draw, bx, doors, true, func(q [4][3]float32) uint16 { return draw.Rect(q[0], q[1], q[2], q[3]) })
	sides(&phys, bx, doors, true, nil)
	for _, o := range obstacles {
		phys.AddSolid(o, false)
	}
	return dat.CellStruct{
		Vertices: append(append([]dat.Vertex(nil), draw.Vertices...), phys.Vertices...),
		Polygons: draw.Polygons, Portals: portals,
		CellBSP:         CellBSP(BoxPlanes(bx)...),
		PhysicsPolygons: offset(phys.Polygons, len(draw.Vertices)),
		PhysicsBSP:      PhysicsBSP(phys.Vertices, phys.Polygons),
		HasDrawingBSP:   true,
	}
}

// offset shifts polygons' vertex indices by n (two meshes sharing one
// vertex array).
func offset(ps []dat.Polygon, n int) []dat.Polygon {
	out := make([]dat.Polygon, len(ps))
	for i, p := range ps {
		p.Vertices = append([]uint16(nil), p.Vertices...)
		for j := range p.Vertices {
			p.Vertices[j] += uint16(n)
		}
		out[i] = p
	}
	return out
}

// BoxPlanes are a box's six planes, facing in: inside is N·p + D ≥ 0 for
// each.
func BoxPlanes(bx Box) []dat.Plane {
	return []dat.Plane{
		{N: [3]float32{0, 0, 1}, D: -bx.Min[2]}, {N: [3]float32{0, 0, -1}, D: bx.Max[2]},
		{N: [3]float32{1, 0, 0}, D: -bx.Min[0]}, {N: [3]float32{-1, 0, 0}, D: bx.Max[0]},
		{N: [3]float32{0, 1, 0}, D: -bx.Min[1]}, {N: [3]float32{0, -1, 0}, D: bx.Max[1]},
	}
}

// TagBPOL is a tag no reader names: a childless node, the end of a cell
// tree's chain.
const TagBPOL = 0x42504F4C

// CellBSP is the cell tree of a convex cell: a chain of nodes with a
// positive child only (BPnn), one per plane, ending in a childless node on
// the last plane (dereth 16-environment §2.2; ACE
// BSPNode.point_inside_cell_bsp tests each node's plane and goes on to its
// positive child).
func CellBSP(planes ...dat.Plane) *dat.BSPTree {
	t := &dat.BSPTree{}
	for i, p := range planes {
		n := dat.BSPNode{Tag: dat.TagBPnn, Plane: p, Pos: int32(i + 1), Neg: -1}
		if i == len(planes)-1 {
			n.Tag, n.Pos = TagBPOL, -1
		}
		t.Nodes = append(t.Nodes, n)
	}
	return t
}

// PhysicsBSP builds a physics tree over polygons ps of vertices vs:
// axis-aligned splits at the median of the polygons' centres along the
// axis they spread most, a polygon crossing or lying on a plane going to
// both sides, down to leaves of at most 4 polygons (or where a split
// leaves a side whole). Each node's sphere holds its polygons'
// vertices; leaves are numbered in order and never solid.
func PhysicsBSP(vs []dat.Vertex, ps []dat.Polygon) *dat.BSPTree {
	t := &dat.BSPTree{}
	ids := make([]uint16, len(ps))
	for i := range ids {
		ids[i] = uint16(i)
	}
	leaf := int32(0)
	var build func(ids []uint16, depth int) int32
	build = func(ids []uint16, depth int) int32 {
		self := int32(len(t.Nodes))
		t.Nodes = append(t.Nodes, dat.BSPNode{Pos: -1, Neg: -1, Sphere: bound(vs, ps, ids)})
		mkLeaf := func() int32 {
			t.Nodes[self].Tag, t.Nodes[self].LeafIndex, t.Nodes[self].Polygons = dat.TagLeaf, leaf, ids
			leaf++
			return self
		}
		if len(ids) <= 4 || depth >= 16 {
			return mkLeaf()
		}
		axis, at := split(vs, ps, ids)
		var pos, neg []uint16
		for _, id := range ids {
			lo, hi := extent(vs, ps[id], axis)
			if hi > at+1e-4 || lo >= at-1e-4 {
				pos = append(pos, id)
			}
			if lo < at-1e-4 {
				neg = append(neg, id)
			}
		}
		if len(pos) == len(ids) || len(neg) == len(ids) {
			return mkLeaf() // a split that leaves a side whole separates nothing
		}
		var pl dat.Plane
		pl.N[axis], pl.D = 1, -at
		t.Nodes[self].Plane = pl
		t.Nodes[self].Tag = dat.TagBPnN
		c := build(pos, depth+1)
		t.Nodes[self].Pos = c
		c = build(neg, depth+1)
		t.Nodes[self].Neg = c
		return self
	}
	if len(ps) == 0 {
		t.Nodes = []dat.BSPNode{{Tag: dat.TagLeaf, Pos: -1, Neg: -1, Polygons: []uint16{}}}
		return t
	}
	build(ids, 0)
	return t
}

func extent(vs []dat.Vertex, p dat.Polygon, axis int) (lo, hi float32) {
	lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
	for _, v := range p.Vertices {
		c := vs[v].Origin[axis]
		lo, hi = min(lo, c), max(hi, c)
	}
	return lo, hi
}

// split picks the axis the polygons' centres spread most along and their
// median there.
func split(vs []dat.Vertex, ps []dat.Polygon, ids []uint16) (int, float32) {
	best, bestSpread := 0, float32(-1)
	var centres [3][]float32
	for a := 0; a < 3; a++ {
		for _, id := range ids {
			lo, hi := extent(vs, ps[id], a)
			centres[a] = append(centres[a], (lo+hi)/2)
		}
		sort.Slice(centres[a], func(i, j int) bool { return centres[a][i] < centres[a][j] })
		if s := centres[a][len(ids)-1] - centres[a][0]; s > bestSpread {
			best, bestSpread = a, s
		}
	}
	return best, centres[best][len(ids)/2]
}

// bound is the sphere about the centre of ids' vertices' bounding box
// holding them all.
func bound(vs []dat.Vertex, ps []dat.Polygon, ids []uint16) dat.Sphere {
	if len(ids) == 0 {
		return dat.Sphere{}
	}
	lo := [3]float32{float32(math.Inf(1)), float32(math.Inf(1)), float32(math.Inf(1))}
	hi := [3]float32{float32(math.Inf(-1)), float32(math.Inf(-1)), float32(math.Inf(-1))}
	for _, id := range ids {
		for _, v := range ps[id].Vertices {
			for a := 0; a < 3; a++ {
				lo[a], hi[a] = min(lo[a], vs[v].Origin[a]), max(hi[a], vs[v].Origin[a])
			}
		}
	}
	var c [3]float32
	for a := range c {
		c[a] = (lo[a] + hi[a]) / 2
	}
	var r float64
	for _, id := range ids {
		for _, v := range ps[id].Vertices {
			o := vs[v].Origin
			d := math.Sqrt(float64((o[0]-c[0])*(o[0]-c[0]) + (o[1]-c[1])*(o[1]-c[1]) + (o[2]-c[2])*(o[2]-c[2])))
			r = math.Max(r, d)
		}
	}
	return dat.Sphere{Origin: c, Radius: float32(r) + 1e-3}
}

// Shell is a building's GfxObj: walls facing out around box bx with the
// doors left open, and a roof; physics and drawing polygons alike.
func Shell(id uint32, bx Box, doors ...Door) *dat.GfxObj {
	var m Mesh
	x0, y0, x1, y1, z1 := bx.Min[0], bx.Min[1], bx.Max[0], bx.Max[1], bx.Max[2]
	m.Rect([3]float32{x0, y0, z1}, [3]float32{x1, y0, z1}, [3]float32{x1, y1, z1}, [3]float32{x0, y1, z1})
	sides(&m, bx, doors, false, nil)
	return Solid(id, m)
}

// Solid is a GfxObj whose physics and drawing polygons are m's, with a
// physics BSP over them.
func Solid(id uint32, m Mesh) *dat.GfxObj {
	var c [3]float32
	for _, v := range m.Vertices {
		for a := range c {
			c[a] += v.Origin[a] / float32(len(m.Vertices))
		}
	}
	return &dat.GfxObj{ID: id, Flags: dat.GfxObjHasPhysics | dat.GfxObjHasDrawing, Surfaces: []uint32{0x08000001},
		Vertices: m.Vertices, PhysicsPolygons: m.Polygons, PhysicsBSP: PhysicsBSP(m.Vertices, m.Polygons),
		SortCenter: c, Polygons: m.Polygons}
}
