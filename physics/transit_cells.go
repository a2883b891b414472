// The cells of retail's transition: outdoor LandCells (two terrain
// triangles each, ACE Common/LandCell.cs and LandblockStruct.cs), their
// SortCell building (Common/SortCell.cs, BuildingObj.cs), indoor EnvCells
// (Common/EnvCell.cs) and the cell array a step touches (ObjCell.
// find_cell_list, find_transit_cells, add_all_outside_cells,
// check_add_cell_boundary, check_building_transit). An indoor cell the
// world has no geometry for is a stand-in floor cell. Last, the
// transition's shortcut for a body walking inside one EnvCell.

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

// ---- The transition's shortcut indoors ----
//
// A body walking inside one EnvCell with no static in it, whose spheres
// reach none of the cell's portals and meet none of its CellStruct's
// polygons but the floor it steps down onto.
// There the cell array ObjCell::find_cell_list fills holds that cell
// alone, check_other_cells has no other cell to test, and
// CTransition::transitional_insert reduces to the CellStruct's physics BSP
// searched three times per step — BSPTREE::find_collisions in contact
// (sphere_intersects_poly for each sphere), BSPTREE::step_sphere_down
// (find_walkable) within step_down, and the placement insert's
// sphere_intersects_solid — with the cell BSP's point_inside_cell_bsp and
// the portal tests of EnvCell::find_transit_cells at each fill of the cell
// array. This section makes exactly those calls, with the same float32
// operations in the same order as the whole transition (transit.go,
// transit_bsp.go, the sections above), on state held in one place instead of
// the SPHEREPATH and the cell array's bookkeeping; the set-up, the
// positions and the result are the bare LandCell shortcut's own
// (transit_fast.go: terrainSweep), which this one embeds, with its own
// copy of that shortcut's step arithmetic (at the end of this file).
// Where a sweep leaves that case — the body is not in contact, a
// sphere touches a wall or a portal's reach, the centre leaves the cell, a
// step is cut to nothing, step_down finds no floor at its first try or
// check_walkable would probe — the shortcut gives up before it has changed
// anything, and the whole transition runs. Its answer is the whole
// transition's, bit for bit (transit_envfast_test.go; docs/collision.md,
// "The shortcut inside an EnvCell").

// envSweep is a shortcut sweep inside one EnvCell: the bare-cell sweep's
// positions, spheres, COLLISIONINFO and events, plus the cell's BSPs and
// the spheres in the cell's frame (SPHEREPATH's local space).
type envSweep struct {
	terrainSweep
	env     *EnvCell
	root    *BSPNode
	cellBSP *BSPNode
	frame   *Frame
	// sp carries SPHEREPATH's walkable_allowance, walk_interp and
	// step_down_amt, which the BSP searches read and write: the transit's
	// own path, whose whole state begin resets before any transition
	// reads it.
	sp *spherePath
	// z is the world's up in the cell's frame (local_space_z); ls the
	// spheres at check_pos there (local_space_sphere).
	z  mgl32.Vec3
	ls [maxSpheres]Sphere
	// walkable and walkableCheck are SPHEREPATH's walkable polygon and
	// the sphere it was found for (set_walkable), in the cell's frame.
	walkable      *Polygon
	walkableCheck Sphere
	// ver counts the moves of the spheres; lsVer[i] is the move ls[i]
	// was made at, aloneVer the one cellAlone last held at (each one
	// more than the count: zero is never).
	ver      uint32
	lsVer    [maxSpheres]uint32
	aloneVer uint32
	// memo[i] is sphere i's clearance memo at move memoVer[i] (nil: none
	// could be made).
	memo    [maxSpheres]*clearMemo
	memoVer [maxSpheres]uint32
}

// shortcutEnvCell says c is an EnvCell whose find_collisions is its
// CellStruct's physics BSP alone (no static in it) and whose cell BSP
// point_in_cell can read.
func shortcutEnvCell(c *tcell) bool {
	if c == nil || c.kind != cellEnv || len(c.env.Statics) != 0 {
		return false
	}
	s := c.env.Struct
	return s.PhysicsBSP != nil && s.PhysicsBSP.Root != nil && s.CellBSP != nil && s.CellBSP.Root != nil
}

// envTransition is CPhysicsObj::transition(from, to) by the indoor
// shortcut; done is false where the sweep is not the shortcut's (the
// object and its result are then untouched, and the whole transition must
// run).
func (o *Object) envTransition(from *Position, to *Frame) (r *transitionResult, ok, done bool) {
	if !IsIndoorCell(from.Cell) || o.World == nil || o.World.Geometry == nil {
		return nil, false, false
	}
	// begin's cell pool, and the path as the searches' scratch.
	t := o.transitIn(from.Cell)
	cell := t.cells.get(t, from.Cell)
	if !shortcutEnvCell(cell) {
		return nil, false, false
	}
	var s envSweep
	s.t, s.cell = t, cell
	s.begin(o, to)
	if s.state&oiContact == 0 {
		// Airborne: set_collide and the landing are the whole transition's.
		return nil, false, false
	}
	s.env, s.frame = cell.env, &cell.frame
	s.root, s.cellBSP = cell.env.Struct.PhysicsBSP.Root, cell.env.Struct.CellBSP.Root
	s.sp = &t.path
	s.z = cell.up

	// find_transitional_position, started as the bare-cell shortcut
	// starts it (one step for a move under 0.99 of the radius).
	x, y, z, numSteps, ok := s.startSteps(&from.Frame.Origin, &to.Origin)
	if !ok {
		return nil, false, false
	}
	gravity := o.State&StateGravity != 0
	for i := 0; i < numSteps; i++ {
		if s.state&oiContact == 0 {
			return nil, false, false
		}
		ox, oy, oz := s.adjustOffset(x, y, z)
		if ox*ox+oy*oy+oz*oz < Epsilon*Epsilon {
			return nil, false, false
		}
		s.coll.slidingNormalValid = false
		s.coll.contactPlaneValid = false
		s.addOffset(ox, oy, oz)
		s.moved()
		if st := s.insert(); st != tsOK {
			return nil, false, false
		}
		s.validateTransition(gravity)
		if s.coll.framesStationaryFall > 0 {
			break
		}
	}
	return s.result(to), true, true
}

// moved notes that the spheres have moved: their local-space forms and
// the cell array's answer are to be made again.
func (s *envSweep) moved() { s.ver++ }

// local is sphere i at check_pos in the cell's frame
// (cacheLocalSpaceSphereCell's), made once per move.
func (s *envSweep) local(i int) *Sphere {
	if s.lsVer[i] != s.ver+1 {
		globalToLocalInto(&s.ls[i].Center, s.frame, &s.sph[i], 1)
		s.ls[i].Radius = s.r[i] * 1
		s.lsVer[i] = s.ver + 1
	}
	return &s.ls[i]
}

// missAll says every polygon of the cell's physics BSP misses sphere i
// by the clearance memo (transit_bsp.go's last section): sphere_intersects_poly
// then finds nothing; false says only that the memo cannot tell.
func (s *envSweep) missAll(i int) bool {
	m := s.clearOf(i)
	return m != nil && m.polysMiss(&s.ls[i])
}

// clearOf is sphere i's clearance memo where it is now (its local-space
// form made too), asked once per move.
func (s *envSweep) clearOf(i int) *clearMemo {
	if s.memoVer[i] != s.ver+1 {
		ls := s.local(i)
		s.memo[i] = s.t.clearOf(i, s.env, s.r[i], &ls.Center)
		s.memoVer[i] = s.ver + 1
	}
	return s.memo[i]
}

// solidMiss is sphere_intersects_solid(sphere i, true) where the memo can
// answer it: false when it can (nothing solid there), true when it
// cannot.
func (s *envSweep) solidMiss(i int) bool {
	m := s.clearOf(i)
	return m != nil && !m.solid && m.polysMiss(&s.ls[i])
}

// insert is the step's transitional_insert(3) for a sweep that is the
// shortcut's: insert_into_cell finds nothing, check_other_cells keeps the
// cell, and step_down (its first try) lands on the floor. Anything else
// is tsInvalid: the shortcut gives up.
func (s *envSweep) insert() transitionState {
	if !s.contactCollisions() || !s.cellAlone() {
		return tsInvalid
	}
	if s.coll.contactPlaneValid || !s.objStepDown {
		return tsOK
	}
	zVal := LandingZ
	h := contactStepDownHeight
	if s.state&oiOnWalkable != 0 {
		zVal = FloorZ
		h = s.stepDownHeight
	}
	s.sp.walkableAllowance = zVal
	radsum := s.r[0] * 2
	if s.n < 2 && radsum < h {
		h = s.r[0] * 0.5
	}
	before := s.pos[2]
	if radsum < h {
		// The first of two half steps (retail calls step_down twice;
		// the second, from where the first left off, is not the
		// shortcut's).
		h *= 0.5
	}
	if !s.stepDownOnce(h, zVal) {
		return tsInvalid
	}
	s.walkable = nil
	s.events.noteStep(s.pos[2] - before)
	return tsOK
}

// contactCollisions is EnvCell::find_env_collisions for a body in contact
// (BSPTREE::find_collisions' last branch): true when neither sphere meets
// a polygon (the insert is then tsOK and changes nothing); false where
// the whole transition would step up, slide or note a polygon behind.
func (s *envSweep) contactCollisions() bool {
	var hit *Polygon
	var contact mgl32.Vec3
	if !s.missAll(0) && s.root.sphereIntersectsPoly(&s.ls[0], s.movement(), &hit, &contact) {
		return false
	}
	if s.n > 1 {
		if hit != nil {
			return false
		}
		var hit1 *Polygon
		if !s.missAll(1) && (s.root.sphereIntersectsPoly(s.local(1), s.movement(), &hit1, &contact) || hit1 != nil) {
			return false
		}
	}
	return true
}

// movement is the step's movement in the cell's frame, as
// BSPTREE::find_collisions takes it: the first sphere at check_pos less
// its current centre (cache_global_curr_center's, put into the frame as
// cacheLocalSpaceSphere puts it). Made only where a search needs it.
func (s *envSweep) movement() mgl32.Vec3 {
	var gc, lcur mgl32.Vec3
	gc[0], gc[1], gc[2] = s.cur[0]+s.body.rs[0][0], s.cur[1]+s.body.rs[0][1], s.cur[2]+s.body.rs[0][2]
	globalToLocalInto(&lcur, s.frame, &gc, 1)
	ls := s.local(0)
	var m mgl32.Vec3
	m[0], m[1], m[2] = ls.Center[0]-lcur[0], ls.Center[1]-lcur[1], ls.Center[2]-lcur[2]
	return m
}

// cellAlone is find_cell_list and check_other_cells at check_pos: true
// when EnvCell::find_transit_cells adds no cell (no sphere within reach of
// an outside portal, none intersecting a neighbour's cell BSP) and the
// first sphere's centre is in the cell (point_in_cell), so check_pos stays
// in it.
func (s *envSweep) cellAlone() bool {
	if s.aloneVer == s.ver+1 {
		// Asked again with the spheres where they were: the same cells.
		return true
	}
	t := s.t
	var memo [maxSpheres]*clearMemo
	for i := 0; i < s.n; i++ {
		memo[i] = s.clearOf(i)
	}
	lb := s.cell.id &^ 0xFFFF
	outsideDone := false
	for pi := range s.env.Portals {
		pt := &s.env.Portals[pi]
		if pt.Poly == nil {
			continue
		}
		if pt.OtherCellID == OutsidePortal {
			if outsideDone {
				continue
			}
			// Every outside portal at once where each sphere's memo
			// answers; else this one by itself.
			all := true
			for i := 0; i < s.n && all; i++ {
				all = memo[i] != nil
			}
			if all {
				for i := 0; i < s.n; i++ {
					if memo[i].outsideReached(s.r[i], &s.ls[i].Center) {
						return false
					}
				}
				outsideDone = true
				continue
			}
			for i := 0; i < s.n; i++ {
				rad := s.r[i] + Epsilon
				if d := pt.Poly.dist(s.ls[i].Center); d > -rad && d < rad {
					return false
				}
			}
			continue
		}
		other := t.cells.get(t, lb|uint32(pt.OtherCellID))
		if other == nil || other.kind != cellEnv {
			continue
		}
		if bsp := other.env.Struct.CellBSP; bsp == nil || bsp.Root == nil {
			// (A nil root is inside: sphere_intersects_cell_bsp of a
			// leaf.)
			if bsp != nil {
				return false
			}
			continue
		}
		for i := 0; i < s.n; i++ {
			o := Sphere{Radius: s.r[i]}
			globalToLocalInto(&o.Center, &other.frame, &s.sph[i], 1)
			if !t.neighbourOutside(i, pi, other.env, &o) {
				return false
			}
		}
	}
	c := &s.ls[0].Center
	if m := memo[0]; m != nil {
		if !m.pointInside(c) {
			return false
		}
	} else if !s.cellBSP.pointInsideCellBSP(c) {
		return false
	}
	s.aloneVer = s.ver + 1
	return true
}

// stepDownOnce is step_down (not within a step up) where it succeeds: the
// spheres lowered by h find the floor (step_sphere_down), the cell keeps
// them, check_walkable passes without its probe and the placement insert
// finds nothing solid. False where any of that fails.
func (s *envSweep) stepDownOnce(h, zVal float32) bool {
	sp := s.sp
	sp.stepDownAmt = h
	sp.walkInterp = 1
	s.pos[2] -= h
	s.addOffsetSpheres(0, 0, -h)
	s.moved()
	// transitional_insert(5) with step_down set: insert_into_cell(5)
	// until step_sphere_down leaves the spheres where they are, then
	// check_other_cells.
	inserted := false
	for i := 0; i < 5 && !inserted; i++ {
		for j := 0; j < 5; j++ {
			// The spheres just lowered are (nearly always) on the floor:
			// the memo is asked from the second search on.
			if s.stepSphereDown(i > 0 || j > 0) == tsOK {
				inserted = true
				break
			}
		}
	}
	if !inserted || !s.cellAlone() {
		return false
	}
	c := &s.coll
	if !c.contactPlaneValid || c.contactPlane.N[2] < zVal {
		return false
	}
	if s.state&oiEdgeSlide != 0 && s.state&oiOnWalkable != 0 && !s.checkWalkables() {
		// check_walkable's probe: the whole transition's.
		return false
	}
	// The placement insert (transitional_insert(1)): sphere_intersects_
	// solid for each sphere, then check_other_cells (where the spheres
	// are: the answer above).
	if (!s.solidMiss(0) && s.root.sphereIntersectsSolid(s.local(0), true)) || (s.n > 1 && !s.solidMiss(1) && s.root.sphereIntersectsSolid(s.local(1), true)) {
		return false
	}
	return s.cellAlone()
}

// stepSphereDown is transit.bspStepSphereDown in the cell (scale 1);
// memo says to ask the clearance memo first whether any polygon touches
// the sphere (where none does, find_walkable adjusts nothing).
func (s *envSweep) stepSphereDown(memo bool) transitionState {
	sp := s.sp
	ls := s.local(0)
	k := -(sp.stepDownAmt * sp.walkInterp) * (1 / float32(1))
	z := &s.z
	movement := mgl32.Vec3{z[0] * k, z[1] * k, z[2] * k}
	var valid Sphere
	valid.Center[0], valid.Center[1], valid.Center[2], valid.Radius = ls.Center[0], ls.Center[1], ls.Center[2], ls.Radius
	if memo && s.missAll(0) {
		// No polygon touches the sphere: find_walkable adjusts nothing.
		return tsOK
	}
	changed := false
	var hit *Polygon
	s.root.findWalkable(sp, &valid, &hit, &movement, &s.z, &changed)
	if !changed {
		return tsOK
	}
	var d, off mgl32.Vec3
	d[0], d[1], d[2] = valid.Center[0]-ls.Center[0], valid.Center[1]-ls.Center[1], valid.Center[2]-ls.Center[2]
	mulMat3(&off, &s.frame.m, &d)
	off[0], off[1], off[2] = off[0]*1, off[1]*1, off[2]*1
	s.addOffset(off[0], off[1], off[2])
	s.moved()
	c := &s.coll
	s.t.floor.global(&c.contactPlane, hit, s.cell)
	c.contactPlaneValid, c.contactPlaneCellID = true, s.cell.id
	s.walkable, s.walkableCheck = hit, valid
	return tsAdjusted
}

// checkWalkables is spherePath.checkWalkables on the sweep's walkable.
func (s *envSweep) checkWalkables() bool {
	if s.walkable == nil {
		return true
	}
	c := Sphere{Center: s.walkableCheck.Center, Radius: s.walkableCheck.Radius * 0.5}
	return s.t.walk.checkWalkable(s.walkable, &c, &s.z, false)
}

// floorMemo is the last polygon plane the indoor shortcut put into the
// sweep frame (planeToGlobalFrame of the floor it stepped down onto,
// the same every tick a body walks on one floor): the polygon, the
// EnvCell and the frame's origin it was for (the EnvCell's rotation
// makes the rest of the frame), and the answer. A memo, not state.
type floorMemo struct {
	poly   *Polygon
	env    *EnvCell
	origin [3]uint32
	plane  Plane
}

// global is planeToGlobalFrame(dst, &p.Plane, &c.frame, 1), remembered.
func (m *floorMemo) global(dst *Plane, p *Polygon, c *tcell) {
	o := &c.frame.Origin
	ox, oy, oz := math.Float32bits(o[0]), math.Float32bits(o[1]), math.Float32bits(o[2])
	if m.poly != p || m.env != c.env || m.origin[0] != ox || m.origin[1] != oy || m.origin[2] != oz {
		planeToGlobalFrame(&m.plane, &p.Plane, &c.frame, 1)
		m.poly, m.env, m.origin = p, c.env, [3]uint32{ox, oy, oz}
	}
	dst.N[0], dst.N[1], dst.N[2], dst.D = m.plane.N[0], m.plane.N[1], m.plane.N[2], m.plane.D
}

// The indoor shortcut's step arithmetic: adjust_offset is the function
// the whole transition and the bare-terrain shortcut call
// (collisionInfo.adjustOffset); the offsets and validate_transition are
// as transit_fast.go had them before its step became one function (the
// equivalence tests hold both shortcuts to the whole transition).

// addOffset is addOffsetToCheckPos: check_pos, the spheres and the low
// point each moved by (x, y, z) (Vec3.Add's sums, 0 added too). Both
// sphere slots move (the second is unused for a body of one sphere).
func (s *envSweep) addOffset(x, y, z float32) {
	p, a, b, l := &s.pos, &s.sph[0], &s.sph[1], &s.low
	p[0], p[1], p[2] = p[0]+x, p[1]+y, p[2]+z
	a[0], a[1], a[2] = a[0]+x, a[1]+y, a[2]+z
	b[0], b[1], b[2] = b[0]+x, b[1]+y, b[2]+z
	l[0], l[1], l[2] = l[0]+x, l[1]+y, l[2]+z
}

// adjustOffset is transit.adjustOffset on the sweep's state: it returns
// the adjusted offset and lifts the body sunk into its contact plane back
// onto it (collisionInfo.adjustOffset).
func (s *envSweep) adjustOffset(ox, oy, oz float32) (float32, float32, float32) {
	g := &s.sph[0]
	ox, oy, oz, lz, lift := s.coll.adjustOffset(ox, oy, oz, g[0], g[1], g[2], s.r[0])
	if lift {
		s.addOffset(0, 0, lz)
	}
	return ox, oy, oz
}

// addOffsetSpheres is cacheGlobalSphereOffset: the spheres (both slots)
// and the low point moved, check_pos not.
func (s *envSweep) addOffsetSpheres(x, y, z float32) {
	a, b, l := &s.sph[0], &s.sph[1], &s.low
	a[0], a[1], a[2] = a[0]+x, a[1]+y, a[2]+z
	b[0], b[1], b[2] = b[0]+x, b[1]+y, b[2]+z
	l[0], l[1], l[2] = l[0]+x, l[1]+y, l[2]+z
}

// validateTransition is transit.validateTransition for a step that
// succeeded: commit it and carry the contact plane to the next.
func (s *envSweep) validateTransition(gravity bool) {
	c := &s.coll
	x, y, z := s.pos[0], s.pos[1], s.pos[2]
	redo := x != s.cur[0] || y != s.cur[1] || z != s.cur[2]
	s.cur[0], s.cur[1], s.cur[2] = x, y, z
	s.setCheckPos(x, y, z)
	if c.collisionNormalValid {
		c.setSlidingNormal(c.collisionNormal)
	}
	if gravity {
		if !redo {
			// A first stationary step (the sweep stops here).
			c.framesStationaryFall = 1
		} else {
			c.framesStationaryFall = 0
		}
	}
	c.lastKnownContactPlaneValid = c.contactPlaneValid
	if c.contactPlaneValid {
		c.lastKnownContactPlane = c.contactPlane
		c.lastKnownContactPlaneCellID = c.contactPlaneCellID
		s.state |= oiContact
		if c.contactPlane.N[2] >= FloorZ {
			s.state |= oiOnWalkable
		} else {
			s.state &^= oiOnWalkable
		}
	} else {
		s.state &^= oiContact | oiOnWalkable
	}
}
