// The cells of retail's transition: outdoor LandCells (two terrain
// triangles each, ACE Common/LandCell.cs and LandblockStruct.cs), their
// SortCell building (Common/SortCell.cs, BuildingObj.cs), indoor EnvCells
// (Common/EnvCell.cs) and the cell array a step touches (ObjCell.
// find_cell_list, find_transit_cells, add_all_outside_cells,
// check_add_cell_boundary, check_building_transit). An indoor cell the
// world has no geometry for is a stand-in floor cell.

package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

type cellKind uint8

const (
	cellLand cellKind = iota
	cellEnv
	cellFloor
)

// tcell is a cell as the transition meets it, in the sweep frame.
type tcell struct {
	kind cellKind
	id   uint32
	// off is the sweep-frame position of the cell's landblock's origin.
	off mgl32.Vec3
	// A LandCell: its two terrain triangles and what stands in it.
	verts [2][3]mgl32.Vec3
	polys [2]Polygon
	// lo and hi bound the cell's square (x, y).
	lo, hi   [2]float32
	contents *LandCellContents
	objs     []objRef
	// The last find_terrain_poly answer and the x, y it was for.
	polyMemo bool
	polyXY   [2]float32
	polyHit  *Polygon
	// An EnvCell and its frame in the sweep frame; up is the world's up
	// in that frame (Frame.GlobalToLocalVec(up), cacheLocalSpaceSphere's
	// local_space_z).
	env   *EnvCell
	frame Frame
	up    mgl32.Vec3
}

// maxTransitCells bounds the cells one transition builds; past it a cell is
// treated as absent.
const maxTransitCells = 64

// cellPool holds the cells the object's transitions have met, built on
// first use and kept while the sweep frame, the world and its obstacle list
// stay the same (a cell's geometry never changes; keeping them is a memo,
// not state).
type cellPool struct {
	c [maxTransitCells]tcell
	// ids are the cells' ids, side by side for the search.
	ids [maxTransitCells]uint32
	n   int
	// The key the cells were built under.
	w        *World
	lbx, lby int32
	obs      *Obstacle
	nobs     int
	// floorTick is World.FloorTick when the outdoor cells stand on the
	// server's floor (FloorsOutdoors), which moves with the tick; -1 else.
	floorTick int32
}

// reuse empties the pool unless it was built under the same key and has
// room for a transition's cells.
func (p *cellPool) reuse(w *World, lbx, lby int32) {
	var obs *Obstacle
	nobs := 0
	if w != nil && len(w.Obstacles) > 0 {
		obs, nobs = &w.Obstacles[0], len(w.Obstacles)
	}
	floorTick := int32(-1)
	if w != nil && w.FloorsOutdoors && w.Floors != nil {
		floorTick = w.FloorTick
	}
	if p.w != w || p.lbx != lbx || p.lby != lby || p.obs != obs || p.nobs != nobs || p.floorTick != floorTick || p.n > maxTransitCells-24 {
		p.n = 0
		p.w, p.lbx, p.lby, p.obs, p.nobs, p.floorTick = w, lbx, lby, obs, nobs, floorTick
	}
}

// cellArray is CELLARRAY: the cells a step touches, in the order added.
// addedOutside notes that this fill already added the outdoor cells
// around the spheres (retail adds them again for every outdoor cell, each
// time the same cells, which the array already holds).
type cellArray struct {
	c            [32]*tcell
	n            int
	addedOutside bool
}

func (a *cellArray) add(c *tcell) {
	if c == nil {
		return
	}
	for i := 0; i < a.n; i++ {
		if a.c[i] == c {
			return
		}
	}
	if a.n < len(a.c) {
		a.c[a.n] = c
		a.n++
	}
}

// get returns cell id, building it on first use; nil when it does not
// exist (off the map) or the pool is full.
func (p *cellPool) get(t *transit, id uint32) *tcell {
	if id == 0 {
		return nil
	}
	for i, have := range p.ids[:p.n] {
		if have == id {
			return &p.c[i]
		}
	}
	if p.n == len(p.c) {
		return nil
	}
	c := &p.c[p.n]
	objs := c.objs[:0]
	*c = tcell{id: id, objs: objs}
	lbx, lby := int32(id>>24), int32(id>>16&0xFF)
	c.off = mgl32.Vec3{float32((lbx - t.lbx) * LandblockLength), float32((lby - t.lby) * LandblockLength), 0}
	if IsIndoorCell(id) {
		var env *EnvCell
		if t.w != nil && t.w.Geometry != nil {
			env = t.w.Geometry.EnvCell(id)
		}
		if env != nil && env.Struct != nil {
			c.kind, c.env = cellEnv, env
			c.frame = env.Frame
			c.frame.Origin = c.frame.Origin.Add(c.off)
			c.frame.Cache()
			c.up = c.frame.GlobalToLocalVec(up)
		} else {
			c.kind = cellFloor
		}
	} else {
		idx := int32(id&0xFFFF) - 1
		if idx < 0 || idx >= CellsPerSide*CellsPerSide {
			return nil
		}
		c.kind = cellLand
		t.buildLandCell(c, lbx*CellsPerSide+idx/CellsPerSide, lby*CellsPerSide+idx%CellsPerSide)
	}
	p.ids[p.n] = id
	p.n++
	return c
}

// landCellID is the outdoor cell id of global cell (gx, gy), or 0 off the
// map (LandDefs::lcoord_to_gid).
func landCellID(gx, gy int32) uint32 {
	if gx < 0 || gy < 0 || gx >= 256*CellsPerSide || gy >= 256*CellsPerSide {
		return 0
	}
	return uint32(gx/CellsPerSide)<<24 | uint32(gy/CellsPerSide)<<16 | uint32((gx%CellsPerSide)*CellsPerSide+gy%CellsPerSide+1)
}

// buildLandCell fills c with the cell's two terrain triangles
// (LandblockStruct::ConstructPolygons' split), counter-clockwise from above,
// and the statics that stand in it.
func (t *transit) buildLandCell(c *tcell, gx, gy int32) {
	var ter *Terrain
	if t.w != nil {
		ter = t.w.Terrain
	}
	h, seNW := ter.cellCorners(gx, gy)
	// Without dat terrain a capture's outdoor ground is the server's floor
	// (World.FloorsOutdoors, docs/real-sessions.md): a level cell at the
	// height the server last put this body, or any body, at in it; the
	// illustrative terrain only where the server has put no body yet.
	if t.w != nil && t.w.FloorsOutdoors {
		if z, ok := t.w.FloorUnder(landCellID(gx, gy), t.o.FloorKey); ok {
			h = [4]float32{z, z, z, z}
		}
	}
	x0 := float32(gx*CellLength - t.lbx*LandblockLength)
	y0 := float32(gy*CellLength - t.lby*LandblockLength)
	x1, y1 := x0+CellLength, y0+CellLength
	c.lo, c.hi = [2]float32{x0, y0}, [2]float32{x1, y1}
	sw := mgl32.Vec3{x0, y0, h[0]}
	se := mgl32.Vec3{x1, y0, h[1]}
	nw := mgl32.Vec3{x0, y1, h[2]}
	ne := mgl32.Vec3{x1, y1, h[3]}
	if seNW {
		c.verts[0] = [3]mgl32.Vec3{sw, se, nw}
		c.verts[1] = [3]mgl32.Vec3{se, ne, nw}
	} else {
		c.verts[0] = [3]mgl32.Vec3{sw, se, ne}
		c.verts[1] = [3]mgl32.Vec3{sw, ne, nw}
	}
	for i := range c.polys {
		c.polys[i] = Polygon{ID: uint16(i), Vertices: c.verts[i][:], Sides: SidesLandblock}
		c.polys[i].MakePlane()
	}
	if t.w == nil {
		return
	}
	if t.w.Geometry != nil {
		c.contents = t.w.Geometry.LandCell(c.id)
	}
	// The illustrative world's obstacles, and the dat statics read as
	// obstacles, shadow the cells their footprint overlaps.
	lo := mgl32.Vec3{x0, y0, 0}
	hi := mgl32.Vec3{x1, y1, 0}
	c.objs = t.w.obstacleObjects(c.objs, t.lbx, t.lby, lo, hi)
}

// cellCorners returns the heights of global cell (gx, gy)'s corners (SW,
// SE, NW, NE) and whether it is split south-east–north-west.
func (t *Terrain) cellCorners(gx, gy int32) (h [4]float32, seNW bool) {
	if t == nil {
		return h, false
	}
	base := [4]float32{t.BaseZ, t.BaseZ, t.BaseZ, t.BaseZ}
	lbx, lby := gx/CellsPerSide, gy/CellsPerSide
	cx, cy := int(gx%CellsPerSide), int(gy%CellsPerSide)
	id := uint16(lbx<<8 | lby)
	var hf *Heightfield
	switch {
	case t.lazy != nil:
		b := t.lazy.block(id)
		if b == nil {
			return base, false
		}
		hf = &b.h
		seNW = b.seNW>>(cx*CellsPerSide+cy)&1 != 0
	case len(t.blocks) > 0:
		hf = t.Landblock(id)
		seNW = t.RetailSplit && !SplitSWtoNE(uint32(gx), uint32(gy))
	}
	if hf == nil {
		return base, false
	}
	return [4]float32{hf.At(cx, cy), hf.At(cx+1, cy), hf.At(cx, cy+1), hf.At(cx+1, cy+1)}, seNW
}

// findTerrainPoly is LandCell::find_terrain_poly.
func (c *tcell) findTerrainPoly(p *mgl32.Vec3) *Polygon {
	// A point strictly outside the square is in neither triangle (each
	// triangle's axis-aligned edges give point_in_poly2D the same verdict).
	if p[0] < c.lo[0] || p[0] > c.hi[0] || p[1] < c.lo[1] || p[1] > c.hi[1] {
		return nil
	}
	// The answer depends on x and y alone: a step down or a re-insert
	// asks again at the same x and y (a memo of the last answer).
	if c.polyMemo && p[0] == c.polyXY[0] && p[1] == c.polyXY[1] {
		return c.polyHit
	}
	var hit *Polygon
	for i := range c.polys {
		if c.polys[i].pointInPoly2D(p) {
			hit = &c.polys[i]
			break
		}
	}
	c.polyMemo, c.polyXY, c.polyHit = true, [2]float32{p[0], p[1]}, hit
	return hit
}

// pointInCell is ObjCell::point_in_cell: the terrain triangles seen from
// above for a LandCell, the cell BSP for an EnvCell; a floor stand-in holds
// everything.
func (t *transit) pointInCell(c *tcell, p mgl32.Vec3) bool {
	switch c.kind {
	case cellLand:
		return c.findTerrainPoly(&p) != nil
	case cellEnv:
		bsp := c.env.Struct.CellBSP
		if bsp == nil {
			return false
		}
		var local mgl32.Vec3
		globalToLocalInto(&local, &c.frame, &p, 1)
		return bsp.Root.pointInsideCellBSP(&local)
	}
	return true
}

// outdoorCellAt is the outdoor cell holding sweep-frame point p, or 0
// (LandDefs::adjust_to_outside).
func (t *transit) outdoorCellAt(p mgl32.Vec3) uint32 {
	gx, gy := t.globalCell(p)
	return landCellID(gx, gy)
}

func (t *transit) globalCell(p mgl32.Vec3) (int32, int32) {
	x := float64(t.lbx)*LandblockLength + float64(p[0])
	y := float64(t.lby)*LandblockLength + float64(p[1])
	return int32(math.Floor(x / CellLength)), int32(math.Floor(y / CellLength))
}

// findCellList is ObjCell::find_cell_list for check_pos and the global
// spheres: fill the cell array, and (want) return the cell holding the
// first sphere's centre, an indoor one first.
func (t *transit) findCellList(want bool) *tcell {
	path := &t.path
	if m := &t.listMemo; m.valid && m.cell == path.checkPos.cell && m.numSphere == path.numSphere && t.sameSphereXY(&m.xy) {
		// The same outdoor cells as the last fill (see cellListMemo);
		// the array may hold them still.
		if !t.arrIsMemo {
			t.arr, t.arrIsMemo = m.arr, true
		}
		if want {
			return m.curr
		}
		return nil
	}
	curr := t.fillCellList(want)
	t.memoCellList(curr, want)
	return curr
}

// cellListMemo remembers the last cell array when it held only outdoor
// cells without buildings: such an array, and the cell holding the first
// sphere's centre, depend only on check_pos's cell and the spheres' x and
// y, so a fill at the same x and y (a step down, a re-insert) would build
// it again identically. A memo, not state.
type cellListMemo struct {
	valid     bool
	cell      uint32
	numSphere int
	xy        [maxSpheres][2]float32
	arr       cellArray
	curr      *tcell
}

// sameSphereXY says the spheres' x and y are xy's (== on each, as the
// arrays' comparison).
func (t *transit) sameSphereXY(xy *[maxSpheres][2]float32) bool {
	g := &t.path.globalSphere
	for i := 0; i < maxSpheres; i++ {
		var x, y float32
		if i < t.path.numSphere {
			x, y = g[i].Center[0], g[i].Center[1]
		}
		if x != xy[i][0] || y != xy[i][1] {
			return false
		}
	}
	return true
}

func (t *transit) sphereXY() (xy [maxSpheres][2]float32) {
	for i := 0; i < t.path.numSphere; i++ {
		xy[i] = [2]float32{t.path.globalSphere[i].Center[0], t.path.globalSphere[i].Center[1]}
	}
	return xy
}

func (t *transit) memoCellList(curr *tcell, want bool) {
	m := &t.listMemo
	m.valid = false
	if !want || IsIndoorCell(t.path.checkPos.cell) {
		return
	}
	for i := 0; i < t.arr.n; i++ {
		c := t.arr.c[i]
		if c.kind != cellLand || (c.contents != nil && c.contents.Building != nil) {
			return
		}
	}
	m.valid, m.cell, m.numSphere, m.curr = true, t.path.checkPos.cell, t.path.numSphere, curr
	m.xy = t.sphereXY()
	m.arr.n, m.arr.addedOutside = t.arr.n, t.arr.addedOutside
	copy(m.arr.c[:t.arr.n], t.arr.c[:t.arr.n])
	t.arrIsMemo = true
}

// fillCellList is find_cell_list itself.
func (t *transit) fillCellList(want bool) *tcell {
	path := &t.path
	t.arrIsMemo = false
	t.arr.n = 0
	t.arr.addedOutside = false
	visible := t.cells.get(t, path.checkPos.cell)
	if IsIndoorCell(path.checkPos.cell) {
		path.hitsInteriorCell = true
		t.arr.add(visible)
	} else {
		t.addAllOutsideCells()
	}
	var curr *tcell
	if visible == nil {
		return nil
	}
	for i := 0; i < t.arr.n; i++ {
		t.findTransitCells(t.arr.c[i])
	}
	if !want {
		return nil
	}
	for i := 0; i < t.arr.n; i++ {
		c := t.arr.c[i]
		if t.pointInCell(c, path.globalSphere[0].Center) {
			curr = c
			if c.kind != cellLand {
				path.hitsInteriorCell = true
				return curr
			}
		}
	}
	return curr
}

// addAllOutsideCells is LandCell::add_all_outside_cells: the outdoor cell
// under each sphere, and its neighbours the sphere reaches into.
func (t *transit) addAllOutsideCells() {
	if t.arr.addedOutside {
		return
	}
	t.arr.addedOutside = true
	path := &t.path
	for i := 0; i < path.numSphere; i++ {
		s := &path.globalSphere[i]
		if i > 0 && s.Center[0] == path.globalSphere[0].Center[0] && s.Center[1] == path.globalSphere[0].Center[1] && s.Radius == path.globalSphere[0].Radius {
			// Over the first sphere (an upright body's head): the same
			// cells, which the array already holds (a skip, not a change).
			continue
		}
		gx, gy := t.globalCell(s.Center)
		px := float32(float64(t.lbx)*LandblockLength + float64(s.Center[0]) - float64(gx)*CellLength)
		py := float32(float64(t.lby)*LandblockLength + float64(s.Center[1]) - float64(gy)*CellLength)
		t.addOutsideCell(gx, gy)
		minRad, maxRad := s.Radius, CellLength-s.Radius
		if px > maxRad {
			t.addOutsideCell(gx+1, gy)
			if py > maxRad {
				t.addOutsideCell(gx+1, gy+1)
			}
			if py < minRad {
				t.addOutsideCell(gx+1, gy-1)
			}
		}
		if px < minRad {
			t.addOutsideCell(gx-1, gy)
			if py > maxRad {
				t.addOutsideCell(gx-1, gy+1)
			}
			if py < minRad {
				t.addOutsideCell(gx-1, gy-1)
			}
		}
		if py > maxRad {
			t.addOutsideCell(gx, gy+1)
		}
		if py < minRad {
			t.addOutsideCell(gx, gy-1)
		}
	}
}

func (t *transit) addOutsideCell(gx, gy int32) {
	if id := landCellID(gx, gy); id != 0 {
		t.arr.add(t.cells.get(t, id))
	}
}

// findTransitCells is ObjCell::find_transit_cells: the cells a cell leads
// the spheres into — a LandCell's neighbours and its building's interior
// cells, an EnvCell's cells through its portals (and outdoors through an
// outside portal).
func (t *transit) findTransitCells(c *tcell) {
	path := &t.path
	switch c.kind {
	case cellLand:
		t.addAllOutsideCells()
		if c.contents == nil || c.contents.Building == nil {
			return
		}
		lb := c.id &^ 0xFFFF
		for _, bp := range c.contents.Building.Portals {
			other := t.cells.get(t, lb|uint32(bp.OtherCellID))
			if other == nil || other.kind != cellEnv || bp.OtherPortalID == OutsidePortal {
				continue
			}
			// EnvCell::check_building_transit.
			for i := 0; i < path.numSphere; i++ {
				s := Sphere{Radius: path.globalSphere[i].Radius}
				globalToLocalInto(&s.Center, &other.frame, &path.globalSphere[i].Center, 1)
				if other.env.Struct.CellBSP == nil || other.env.Struct.CellBSP.Root.sphereIntersectsCellBSP(&s) == boundOutside {
					continue
				}
				path.hitsInteriorCell = true
				t.arr.add(other)
			}
		}
	case cellEnv:
		checkOutside := false
		lb := c.id &^ 0xFFFF
		for pi := range c.env.Portals {
			pt := &c.env.Portals[pi]
			if pt.Poly == nil {
				continue
			}
			if pt.OtherCellID == OutsidePortal {
				for i := 0; i < path.numSphere; i++ {
					s := &path.globalSphere[i]
					rad := s.Radius + Epsilon
					var local mgl32.Vec3
					globalToLocalInto(&local, &c.frame, &s.Center, 1)
					d := pt.Poly.dist(local)
					if d > -rad && d < rad {
						checkOutside = true
						break
					}
				}
				continue
			}
			other := t.cells.get(t, lb|uint32(pt.OtherCellID))
			if other == nil || other.kind != cellEnv {
				continue
			}
			for i := 0; i < path.numSphere; i++ {
				s := Sphere{Radius: path.globalSphere[i].Radius}
				globalToLocalInto(&s.Center, &other.frame, &path.globalSphere[i].Center, 1)
				if bsp := other.env.Struct.CellBSP; bsp != nil && bsp.Root.sphereIntersectsCellBSP(&s) != boundOutside {
					t.arr.add(other)
					break
				}
			}
		}
		if checkOutside {
			t.addAllOutsideCells()
		}
	}
}

// findCollisions is ObjCell::find_collisions for each kind of cell.
func (t *transit) findCollisions(c *tcell) transitionState {
	path := &t.path
	switch c.kind {
	case cellLand:
		// LandCell::find_env_collisions: the terrain triangle under the
		// lowest point, through OBJECTINFO::validate_walkable.
		st := tsOK
		if poly := c.findTerrainPoly(&path.globalLowPoint); poly != nil {
			// (validate_walkable reads the sphere before it moves it.)
			st = t.validateWalkable(&path.globalSphere[0], &poly.Plane, c.id)
		}
		if st != tsOK {
			return st
		}
		if c.contents != nil && c.contents.Building != nil {
			// BuildingObj::find_building_collisions: the shell, part 0.
			path.buildingCheck = true
			st = t.objectCollisions(&c.contents.Building.Object, c.off, c.id, true)
			path.buildingCheck = false
			if st != tsOK {
				return st
			}
		}
		if path.insertType == insertInitialPlacement {
			// ObjCell::find_obj_collisions skips objects on initial
			// placement.
			return tsOK
		}
		if c.contents != nil {
			for _, s := range c.contents.Statics {
				if st = t.objectCollisions(s, c.off, c.id, false); st != tsOK {
					return st
				}
			}
		}
		for _, r := range c.objs {
			if st = t.objectCollisions(r.obj, r.off, c.id, false); st != tsOK {
				return st
			}
		}
		return tsOK
	case cellEnv:
		// EnvCell::find_env_collisions, then its statics.
		path.obstructionEthereal = false
		st := tsOK
		if bsp := c.env.Struct.PhysicsBSP; bsp != nil && bsp.Root != nil {
			path.cacheLocalSpaceSphereCell(c)
			src := hitSource{kind: hitCellStruct, id: c.env.Struct.ID, cell: c.id}
			if path.insertType == insertInitialPlacement {
				st = t.bspPlacementInsert(bsp)
			} else {
				st = t.bspFindCollisions(bsp, 1, src)
			}
			if st != tsOK && t.obj.state&oiContact == 0 {
				t.coll.collidedWithEnvironment = true
			}
		}
		if st != tsOK || path.insertType == insertInitialPlacement {
			return st
		}
		for i := range c.env.Statics {
			if st = t.objectCollisions(&c.env.Statics[i], c.off, c.id, false); st != tsOK {
				return st
			}
		}
		return tsOK
	}
	// The stand-in floor of an indoor cell without geometry.
	if t.floorZ == float32(math.Inf(-1)) {
		return tsOK
	}
	floor := Plane{N: up, D: -t.floorZ}
	return t.validateWalkable(&path.globalSphere[0], &floor, c.id)
}
