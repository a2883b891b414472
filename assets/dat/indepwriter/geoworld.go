// A second geometry world, for the readers and the transition: a town
// landblock whose building — a shell turned a quarter turn, its doorway in
// its east wall — leads into an EnvCell, and a dungeon landblock with an
// L-shaped corridor of two EnvCells and a room turned half a turn, with a
// 0.3 m stair, a 0.6 m wall and a pillar. Every polygon faces the side a
// body stands on (counter-clockwise seen from there). Physics BSPs split
// on the polygons' own planes (a polygon crossing or lying in a plane goes
// to both sides); the pillar's is the convex chain with a solid leaf; each
// cell BSP is a chain of positive-child nodes ending in a childless one.

package indepwriter

import (
	"math"
	"path/filepath"
)

// Ids and numbers of the geometry world.
const (
	GeoTownBlock    = 0x2B2BFFFF // flat, height byte GeoTownByte
	GeoTownInfo     = 0x2B2BFFFE
	GeoTownByte     = 40 // HeightBase + 40·HeightStep = 55 m
	GeoDungeonBlock = 0x0007FFFF
	GeoDungeonInfo  = 0x0007FFFE
	GeoHall         = 0x2B2B0100 // inside the building
	GeoCorridorA    = 0x00070100 // x 0–2, y 0–14
	GeoCorridorB    = 0x00070101 // x 2–14, y 12–14
	GeoRoom         = 0x00070102
	GeoEnvID        = 0x0D000A00
	GeoShellID      = 0x01000B00
	GeoPillarID     = 0x01000B01
	GeoStair        = 0.3
	GeoWall         = 0.6
	GeoDoorHeight   = 2.2
)

// Box is an axis-aligned box.
type Box struct{ Lo, Hi V3 }

// The world's boxes, in their own cells' or models' coordinates.
var (
	GeoCorridorABox = Box{V3{0, 0, 0}, V3{2, 14, 3}}
	GeoCorridorBBox = Box{V3{2, 12, 0}, V3{14, 14, 3}}
	GeoRoomBox      = Box{V3{0, 0, 0}, V3{12, 8, 5}}
	GeoStairBox     = Box{V3{1, 1, 0}, V3{3, 7, GeoStair}}
	GeoWallBox      = Box{V3{8, 1, 0}, V3{10, 7, GeoWall}}
	GeoPillarBox    = Box{V3{-0.3, -0.3, 0}, V3{0.3, 0.3, 4}}
	GeoHallBox      = Box{V3{0, 0, 0}, V3{10, 8, 5}}
	// The doorway: the east wall (x 10), y 3.2–4.8, 2.2 m high.
	GeoDoorLo, GeoDoorHi = float32(3.2), float32(4.8)

	quarter        = [4]float32{0.70710677, 0, 0, 0.70710677} // 90° about z
	half           = [4]float32{0, 0, 0, 1}                   // 180° about z
	GeoHallFrame   = Frame{Origin: [3]float32{60, 130, 55}, Rotation: quarter}
	GeoDungeonAt   = Frame{Origin: [3]float32{20, 20, -30}, Rotation: [4]float32{1, 0, 0, 0}}
	GeoRoomFrame   = Frame{Origin: [3]float32{150, 60, -30}, Rotation: half}
	GeoPillarFrame = Frame{Origin: [3]float32{144, 56, -30}, Rotation: [4]float32{1, 0, 0, 0}}
)

// mesh collects vertices and polygons.
type mesh struct {
	verts []SWVertex
	polys []Poly
}

// quad adds the polygon a, b, c, d (counter-clockwise seen from the front)
// with one UV pair per vertex; it returns the polygon's id.
func (m *mesh) quad(texMode uint8, sides int32, pts ...V3) uint16 {
	n := cross(sub(pts[1], pts[0]), sub(pts[2], pts[0]))
	l := float32(math.Sqrt(float64(dot(n, n))))
	n = V3{n[0] / l, n[1] / l, n[2] / l}
	p := Poly{TexMode: texMode, Sides: sides, PosSurf: 0, NegSurf: -1}
	for i, q := range pts {
		p.Verts = append(p.Verts, int16(len(m.verts)))
		m.verts = append(m.verts, SWVertex{Pos: q, Norm: n, UVs: [][2]float32{{float32(i & 1), float32(i >> 1)}}})
		p.PosUVIdx = append(p.PosUVIdx, 0)
		if sides == 2 {
			p.NegUVIdx = append(p.NegUVIdx, 0)
		}
	}
	if sides == 2 {
		p.NegSurf = 1
	}
	m.polys = append(m.polys, p)
	return uint16(len(m.polys) - 1)
}

// corners of box b: c(x, y, z) picks Lo (0) or Hi (1) on each axis.
func (b Box) c(x, y, z int) V3 {
	pick := func(i, s int) float32 {
		if s == 0 {
			return b.Lo[i]
		}
		return b.Hi[i]
	}
	return V3{pick(0, x), pick(1, y), pick(2, z)}
}

// outside adds b's faces facing out (top first; the bottom with floor).
func (m *mesh) outside(b Box, floor bool) {
	m.quad(0, 2, b.c(0, 0, 1), b.c(1, 0, 1), b.c(1, 1, 1), b.c(0, 1, 1)) // top: two surfaces
	m.quad(0, 0, b.c(0, 0, 0), b.c(1, 0, 0), b.c(1, 0, 1), b.c(0, 0, 1)) // −y
	m.quad(0, 0, b.c(1, 0, 0), b.c(1, 1, 0), b.c(1, 1, 1), b.c(1, 0, 1)) // +x
	m.quad(0, 0, b.c(1, 1, 0), b.c(0, 1, 0), b.c(0, 1, 1), b.c(1, 1, 1)) // +y
	m.quad(0, 0, b.c(0, 1, 0), b.c(0, 0, 0), b.c(0, 0, 1), b.c(0, 1, 1)) // −x
	if floor {
		m.quad(4, 0, b.c(0, 0, 0), b.c(0, 1, 0), b.c(1, 1, 0), b.c(1, 0, 0))
	}
}

// opening is a doorway in one wall of a room: the wall ('N', 'S', 'E',
// 'W'), its span along the wall's axis and its height (0: the wall's).
type opening struct {
	wall   byte
	lo, hi float32
	height float32
}

// inside adds b's floor, ceiling and walls facing in, with the openings
// cut out; each opening's own polygon is added by door (facing in).
func (m *mesh) inside(b Box, ops []opening, door func(pts ...V3)) {
	m.quad(0, 0, b.c(0, 0, 0), b.c(1, 0, 0), b.c(1, 1, 0), b.c(0, 1, 0)) // floor, up
	m.quad(4, 0, b.c(0, 0, 1), b.c(0, 1, 1), b.c(1, 1, 1), b.c(1, 0, 1)) // ceiling, down
	// Each wall as a run along an axis, seen from inside: at(s, z) is the
	// point s along it, its ends s0 < s1, and whether s runs the
	// counter-clockwise way seen from inside.
	type run struct {
		wall   byte
		s0, s1 float32
		at     func(s, z float32) V3
		rev    bool
	}
	z0, z1 := b.Lo[2], b.Hi[2]
	runs := []run{
		{'S', b.Lo[0], b.Hi[0], func(s, z float32) V3 { return V3{s, b.Lo[1], z} }, false},
		{'E', b.Lo[1], b.Hi[1], func(s, z float32) V3 { return V3{b.Hi[0], s, z} }, false},
		{'N', b.Lo[0], b.Hi[0], func(s, z float32) V3 { return V3{s, b.Hi[1], z} }, true},
		{'W', b.Lo[1], b.Hi[1], func(s, z float32) V3 { return V3{b.Lo[0], s, z} }, true},
	}
	for _, r := range runs {
		piece := func(a, c, lo, hi float32, f func(pts ...V3)) {
			p := []V3{r.at(c, lo), r.at(a, lo), r.at(a, hi), r.at(c, hi)} // faces in when s runs forward
			if r.rev {
				p = []V3{r.at(a, lo), r.at(c, lo), r.at(c, hi), r.at(a, hi)}
			}
			f(p...)
		}
		wall := func(pts ...V3) { m.quad(0, 0, pts...) }
		at := r.s0
		for _, o := range ops {
			if o.wall != r.wall {
				continue
			}
			top := z1
			if o.height > 0 {
				top = z0 + o.height
				piece(o.lo, o.hi, top, z1, wall)
			}
			if o.lo > at {
				piece(at, o.lo, z0, z1, wall)
			}
			if door != nil {
				piece(o.lo, o.hi, z0, top, door)
			}
			at = o.hi
		}
		if at < r.s1 {
			piece(at, r.s1, z0, z1, wall)
		}
	}
}

// plane is a polygon's plane (nx, ny, nz, d) from its first three
// vertices.
func plane(vs []SWVertex, p Poly) [4]float32 {
	a, b, c := vs[p.Verts[0]].Pos, vs[p.Verts[1]].Pos, vs[p.Verts[2]].Pos
	n := cross(sub(b, a), sub(c, a))
	l := float32(math.Sqrt(float64(dot(n, n))))
	n = V3{n[0] / l, n[1] / l, n[2] / l}
	return [4]float32{n[0], n[1], n[2], -dot(n, a)}
}

// sphereOf is the sphere about the mean of ids' vertices holding them.
func sphereOf(vs []SWVertex, ps []Poly, ids []uint16) (V3, float32) {
	var c V3
	n := 0
	for _, id := range ids {
		for _, v := range ps[id].Verts {
			for a := 0; a < 3; a++ {
				c[a] += vs[v].Pos[a]
			}
			n++
		}
	}
	if n == 0 {
		return V3{}, 0
	}
	c = V3{c[0] / float32(n), c[1] / float32(n), c[2] / float32(n)}
	var r float32
	for _, id := range ids {
		for _, v := range ps[id].Verts {
			d := sub(vs[v].Pos, c)
			r = max(r, float32(math.Sqrt(float64(dot(d, d)))))
		}
	}
	return c, r * 1.001
}

// autoBSP splits ids on their own planes: the first plane that leaves
// polygons wholly on each side, polygons crossing or in it going to both.
func autoBSP(vs []SWVertex, ps []Poly) *Node {
	leaf := int32(0)
	var build func(ids []uint16, depth int) *Node
	build = func(ids []uint16, depth int) *Node {
		c, r := sphereOf(vs, ps, ids)
		side := func(pl [4]float32, id uint16) (lo, hi float32) {
			lo, hi = float32(math.Inf(1)), float32(math.Inf(-1))
			for _, v := range ps[id].Verts {
				d := dot(V3{pl[0], pl[1], pl[2]}, vs[v].Pos) + pl[3]
				lo, hi = min(lo, d), max(hi, d)
			}
			return lo, hi
		}
		const eps = 1e-3
		if depth < 12 && len(ids) > 3 {
			for _, s := range ids {
				pl := plane(vs, ps[s])
				var front, back []uint16
				onlyF, onlyB := 0, 0
				for _, id := range ids {
					lo, hi := side(pl, id)
					inF, inB := hi > eps, lo < -eps
					if !inF && !inB {
						inF, inB = true, true
					}
					if inF {
						front = append(front, id)
					}
					if inB {
						back = append(back, id)
					}
					if inF && !inB {
						onlyF++
					}
					if inB && !inF {
						onlyB++
					}
				}
				if onlyF == 0 || onlyB == 0 {
					continue
				}
				return &Node{Tag: tagBPnN, Plane: pl, Front: build(front, depth+1), Back: build(back, depth+1), Centre: c, Radius: r}
			}
		}
		n := &Node{Tag: tagLEAF, Leaf: leaf, Polys: ids, Centre: c, Radius: r}
		leaf++
		return n
	}
	ids := make([]uint16, len(ps))
	for i := range ids {
		ids[i] = uint16(i)
	}
	return build(ids, 0)
}

// convexBSP is a closed convex solid's tree: one node per face plane, an
// empty leaf in front, the next node behind, and behind the last a solid
// leaf holding every face.
func convexBSP(vs []SWVertex, ps []Poly) *Node {
	all := make([]uint16, len(ps))
	for i := range all {
		all[i] = uint16(i)
	}
	c, r := sphereOf(vs, ps, all)
	n := &Node{Tag: tagLEAF, Leaf: int32(len(ps)), Solid: 1, Polys: all, Centre: c, Radius: r}
	for i := len(ps) - 1; i >= 0; i-- {
		empty := &Node{Tag: tagLEAF, Leaf: int32(i), Centre: c, Radius: r}
		n = &Node{Tag: tagBPnN, Plane: plane(vs, ps[i]), Front: empty, Back: n, Centre: c, Radius: r}
	}
	return n
}

// cellChain is a box cell's tree: its six inward planes, each node's
// positive child the next, the last node childless (tag BPFL).
func cellChain(b Box) *Node {
	planes := [][4]float32{
		{1, 0, 0, -b.Lo[0]}, {-1, 0, 0, b.Hi[0]}, {0, 1, 0, -b.Lo[1]},
		{0, -1, 0, b.Hi[1]}, {0, 0, 1, -b.Lo[2]}, {0, 0, -1, b.Hi[2]},
	}
	var n *Node
	for i := len(planes) - 1; i >= 0; i-- {
		if n == nil {
			n = &Node{Tag: tagBPFL, Plane: planes[i]}
			continue
		}
		n = &Node{Tag: tagBPnn, Plane: planes[i], Front: n}
	}
	return n
}

// drawingTree is a drawing BSP over n polygons: a portal node listing the
// portals when there are any, else a node over a childless terminal whose
// plane is 0xCD filler (dereth 10-gfxobj §4.1).
func drawingTree(n int, portals []uint16) *Node {
	all := make([]uint16, n)
	for i := range all {
		all[i] = uint16(i)
	}
	if len(portals) > 0 {
		pn := &Node{Tag: tagPORT, Plane: [4]float32{0, 0, 1, 0}, Front: &Node{Tag: tagLEAF, Leaf: 0}, Back: &Node{Tag: tagLEAF, Leaf: 1}, Radius: 20, Polys: all}
		for i, p := range portals {
			pn.Portals = append(pn.Portals, [2]int16{int16(i), int16(p)})
		}
		return pn
	}
	return &Node{Tag: tagBPIn, Plane: [4]float32{1, 0, 0, 0}, Radius: 20,
		Front: &Node{Tag: 0x42504F4C, Garbage: true, Radius: 20, Polys: all}}
}

// shape is a box room's CellStruct with the openings as portals (in the
// order given) and the obstacles standing in it.
func shape(b Box, ops []opening, obstacles ...Box) Shape {
	var draw, phys mesh
	var portals []uint16
	draw.inside(b, ops, func(pts ...V3) { portals = append(portals, draw.quad(4, 0, pts...)) })
	phys.inside(b, ops, nil)
	for _, o := range obstacles {
		phys.outside(o, false)
	}
	// One vertex array: the drawing polygons' vertices, then the physics
	// polygons'.
	n := int16(len(draw.verts))
	for i := range phys.polys {
		for j := range phys.polys[i].Verts {
			phys.polys[i].Verts[j] += n
		}
	}
	verts := append(append([]SWVertex(nil), draw.verts...), phys.verts...)
	return Shape{Verts: verts, Drawing: draw.polys, Portals: portals, CellBSP: cellChain(b),
		Physics: phys.polys, PhysicsBSP: autoBSP(verts, phys.polys), DrawingBSP: drawingTree(len(draw.polys), portals)}
}

// GeoShapes are the Environment's CellStructs: 0 corridor A (its portal
// north-east, x 0–2 at y 12–14: the east wall), 1 corridor B (its portal
// the west wall), 2 the room, 3 the hall (its doorway east).
func GeoShapes() []Shape {
	return []Shape{
		shape(GeoCorridorABox, []opening{{'E', 12, 14, 0}}),
		shape(GeoCorridorBBox, []opening{{'W', 12, 14, 0}}),
		shape(GeoRoomBox, nil, GeoStairBox, GeoWallBox),
		shape(GeoHallBox, []opening{{'E', GeoDoorLo, GeoDoorHi, GeoDoorHeight}}),
	}
}

// GeoGfxObjs are the building's shell (outward walls with the doorway
// left open, a roof; 130 surfaces, so their count takes two bytes) and the
// pillar (a closed box, its BSP the convex chain).
func GeoGfxObjs() []*GfxObjEntry {
	var shell mesh
	b := GeoHallBox
	shell.quad(0, 0, b.c(0, 0, 1), b.c(1, 0, 1), b.c(1, 1, 1), b.c(0, 1, 1)) // roof
	// The walls facing out: the inside run's pieces, reversed.
	var in mesh
	in.inside(b, []opening{{'E', GeoDoorLo, GeoDoorHi, GeoDoorHeight}}, nil)
	for _, p := range in.polys[2:] {
		pts := make([]V3, len(p.Verts))
		for i, v := range p.Verts {
			pts[len(pts)-1-i] = in.verts[v].Pos
		}
		shell.quad(0, 0, pts...)
	}
	surfaces := make([]uint32, 130)
	for i := range surfaces {
		surfaces[i] = 0x08000100 + uint32(i)
	}
	var pillar mesh
	pillar.outside(GeoPillarBox, true)
	return []*GfxObjEntry{
		{ID: GeoShellID, Surfaces: surfaces, Verts: shell.verts, Physics: shell.polys, PhysicsBSP: autoBSP(shell.verts, shell.polys),
			SortCenter: V3{5, 4, 2.5}, Drawing: shell.polys, DrawingBSP: drawingTree(len(shell.polys), nil), Degrade: 0x11000B00},
		{ID: GeoPillarID, Surfaces: []uint32{0x08000200}, Verts: pillar.verts, Physics: pillar.polys, PhysicsBSP: convexBSP(pillar.verts, pillar.polys),
			SortCenter: V3{0, 0, 2}},
	}
}

// GeoEnvCells are the four cells. Portal flags 2: each cell is on its
// portal polygon's front (ACE CellPortal.PortalSide false).
func GeoEnvCells(shapes []Shape) []*EnvCellEntry {
	env := uint16(GeoEnvID & 0xFFFF)
	return []*EnvCellEntry{
		{ID: GeoCorridorA, Surfaces: []uint16{0x100, 0x101}, Env: env, Shape: 0, Pos: GeoDungeonAt,
			Portals: []CellPortalRec{{2, shapes[0].Portals[0], GeoCorridorB & 0xFFFF, 0}}, Visible: []uint16{GeoCorridorB & 0xFFFF}},
		{ID: GeoCorridorB, Surfaces: []uint16{0x100}, Env: env, Shape: 1, Pos: GeoDungeonAt,
			Portals: []CellPortalRec{{2, shapes[1].Portals[0], GeoCorridorA & 0xFFFF, 0}}, Visible: []uint16{GeoCorridorA & 0xFFFF}},
		{ID: GeoRoom, Surfaces: []uint16{0x102}, Env: env, Shape: 2, Pos: GeoRoomFrame,
			Statics: []Stab{{ID: GeoPillarID, Frame: GeoPillarFrame}}},
		{ID: GeoHall, SeenOutside: true, Surfaces: []uint16{0x103, 0x104, 0x105}, Env: env, Shape: 3, Pos: GeoHallFrame,
			Portals: []CellPortalRec{{3, shapes[3].Portals[0], 0xFFFF, 0}}, Restriction: 0x7A000B00},
	}
}

// GeoInfos are the town's LandBlockInfo (the building and its portal into
// the hall) and the dungeon's.
func GeoInfos() []*LandBlockInfo {
	return []*LandBlockInfo{
		{ID: GeoTownInfo, NumCells: 1, Buildings: []Building{{Model: GeoShellID, Frame: GeoHallFrame, NumLeaves: 3,
			Portals: []Portal{{Flags: 3, OtherCell: GeoHall & 0xFFFF, OtherPortal: 0, Stabs: []uint16{GeoHall & 0xFFFF}}}}}},
		{ID: GeoDungeonInfo, NumCells: 3},
	}
}

// WriteGeometry writes the geometry world's client_portal.dat (the Region,
// the Setups, the Environment stored compressed, the GfxObjs) and
// client_cell_1.dat (the two flat landblocks, their infos, the EnvCells)
// into dir.
func WriteGeometry(dir string) error {
	portal := newContainer(datPortal, PortalBlock, PortalFanout)
	cell := newContainer(datCell, CellBlock, CellFanout)
	r := region()
	portal.add(r.ID, r.bytes())
	for _, s := range setups() {
		portal.add(s.ID, s.bytes())
	}
	env := &EnvironmentEntry{ID: GeoEnvID, Shapes: GeoShapes()}
	portal.addCompressed(env.ID, env.bytes())
	for _, g := range GeoGfxObjs() {
		portal.add(g.ID, g.bytes())
	}
	portal.add(0xFFFF0001, iteration(PortalIter))
	for _, id := range []uint32{GeoTownBlock, GeoDungeonBlock} {
		lb := &LandBlock{ID: id, HasObjects: id == GeoTownBlock}
		for i := range lb.Height {
			if id == GeoTownBlock {
				lb.Height[i] = GeoTownByte
			}
		}
		cell.add(lb.ID, lb.bytes())
	}
	for _, li := range GeoInfos() {
		cell.add(li.ID, li.bytes())
	}
	for _, c := range GeoEnvCells(env.Shapes) {
		cell.add(c.ID, c.bytes())
	}
	cell.add(0xFFFF0001, iteration(CellIter))
	if _, err := portal.write(filepath.Join(dir, "client_portal.dat")); err != nil {
		return err
	}
	_, err := cell.write(filepath.Join(dir, "client_cell_1.dat"))
	return err
}
