// The dats' geometry near a point as plain polygons, for the viewport's
// drawing (issue 40 item 4): the EnvCells a body stands in or can see, and
// the shells of the buildings around it, in global metres. Nothing here runs
// in a tick.

package engine

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// GeoKind says what a drawn polygon is.
type GeoKind uint8

const (
	// GeoFloor is a polygon of an EnvCell's CellStruct a body can stand
	// on (its normal's z at least PhysicsGlobals::floor_z).
	GeoFloor GeoKind = iota
	// GeoWall is any other polygon of a CellStruct: walls, ceilings,
	// slopes too steep to stand on.
	GeoWall
	// GeoShell is a polygon of a building's shell (its first part's
	// GfxObj, the one the transition collides with).
	GeoShell
)

// GeoPolygon is one physics polygon in global metres: Verts[First :
// First+Count] of the slice handed back beside it.
type GeoPolygon struct {
	// Cell is the EnvCell id, or for a shell the outdoor cell of its
	// building.
	Cell uint32
	// Poly is the polygon's id in its CellStruct or GfxObj.
	Poly  uint16
	Kind  GeoKind
	First int
	Count int
	// Normal is the polygon's plane normal, in global axes.
	Normal [3]float64
}

// GeometryNear appends to polys (and their vertices to verts) the dats'
// geometry around the landblock-local position p within radius metres
// (horizontally): the EnvCell p is in, when indoors, and the cells it sees
// (EnvCell visible cells, CEnvCell::visible_cell_table), the building shells
// of the outdoor cells within reach, and the EnvCells behind their portals
// with the cells those see. Each cell and building is given once, in the
// order found. Without dat geometry (w nil or w.Geometry nil) it appends
// nothing.
func GeometryNear(w *physics.World, p physics.Position, radius float32, polys []GeoPolygon, verts [][3]float64) ([]GeoPolygon, [][3]float64) {
	if w == nil || w.Geometry == nil {
		return polys, verts
	}
	g := geoWalk{w: w.Geometry, lb: p.Cell &^ 0xFFFF, polys: polys, verts: verts}
	g.off = [2]float64{float64(p.Cell>>24) * physics.LandblockLength, float64(p.Cell>>16&0xFF) * physics.LandblockLength}
	if physics.IsIndoorCell(p.Cell) {
		g.envCell(p.Cell, true)
	}
	o := p.Frame.Origin
	lo := [2]float32{o[0] - radius, o[1] - radius}
	hi := [2]float32{o[0] + radius, o[1] + radius}
	// The outdoor cells the square around p touches, column by column
	// (LandDefs::get_outside_lcoord's numbering).
	iLo, iHi := physics.OutdoorCellIndex(lo[0], lo[1]), physics.OutdoorCellIndex(hi[0], hi[1])
	cx0, cy0 := (iLo-1)/physics.CellsPerSide, (iLo-1)%physics.CellsPerSide
	cx1, cy1 := (iHi-1)/physics.CellsPerSide, (iHi-1)%physics.CellsPerSide
	for cx := cx0; cx <= cx1; cx++ {
		for cy := cy0; cy <= cy1; cy++ {
			g.landCell(g.lb | (cx*physics.CellsPerSide + cy + 1))
		}
	}
	return g.polys, g.verts
}

// geoMaxCells bounds the cells one call walks (a hostile visible-cell list
// cannot make a frame unbounded).
const geoMaxCells = 256

type geoWalk struct {
	w     physics.Geometry
	lb    uint32
	off   [2]float64
	seen  []uint32 // cells given, in order (few: a linear search)
	shell []*physics.Building
	polys []GeoPolygon
	verts [][3]float64
}

func (g *geoWalk) given(id uint32) bool {
	for _, s := range g.seen {
		if s == id {
			return true
		}
	}
	return false
}

// envCell gives EnvCell id's polygons and, when visible, those of the cells
// it sees.
func (g *geoWalk) envCell(id uint32, visible bool) {
	if g.given(id) || len(g.seen) >= geoMaxCells {
		return
	}
	g.seen = append(g.seen, id)
	c := g.w.EnvCell(id)
	if c == nil || c.Struct == nil {
		return
	}
	f := c.Frame
	f.Cache()
	for i := range c.Struct.Polygons {
		pl := &c.Struct.Polygons[i]
		n := f.LocalToGlobalVec(pl.Plane.N)
		kind := GeoWall
		if n[2] >= physics.FloorZ {
			kind = GeoFloor
		}
		g.polygon(id, pl, kind, n, func(v mgl32.Vec3) mgl32.Vec3 { return f.LocalToGlobal(v) })
	}
	if visible {
		for _, v := range c.VisibleCells {
			g.envCell(g.lb|uint32(v), false)
		}
	}
}

// landCell gives outdoor cell id's building shell and the EnvCells its
// portals lead into, with the cells they see.
func (g *geoWalk) landCell(id uint32) {
	lc := g.w.LandCell(id)
	if lc == nil || lc.Building == nil {
		return
	}
	b := lc.Building
	for _, s := range g.shell {
		if s == b {
			return
		}
	}
	g.shell = append(g.shell, b)
	s := &b.Object
	if len(s.Parts) > 0 && s.Parts[0].GfxObj != nil {
		// The transition's frame for a building's part
		// (transit_objects.go objectCollisions): the part's frame, its
		// origin scaled, in the object's.
		scale := s.Scale
		if scale == 0 {
			scale = 1
		}
		part := &s.Parts[0]
		ps := scale
		if part.Scale != 0 {
			ps *= part.Scale
		}
		of, pf := s.Frame, part.Frame
		of.Cache()
		pf.Origin = pf.Origin.Mul(scale)
		pf.Cache()
		f := physics.Combine(&of, &pf)
		for i := range part.GfxObj.Polygons {
			pl := &part.GfxObj.Polygons[i]
			g.polygon(id, pl, GeoShell, f.LocalToGlobalVec(pl.Plane.N), func(v mgl32.Vec3) mgl32.Vec3 { return f.LocalToGlobal(v.Mul(ps)) })
		}
	}
	for _, pt := range b.Portals {
		g.envCell(g.lb|uint32(pt.OtherCellID), true)
	}
}

func (g *geoWalk) polygon(cell uint32, pl *physics.Polygon, kind GeoKind, n mgl32.Vec3, at func(mgl32.Vec3) mgl32.Vec3) {
	if len(pl.Vertices) < 3 {
		return
	}
	gp := GeoPolygon{Cell: cell, Poly: pl.ID, Kind: kind, First: len(g.verts), Count: len(pl.Vertices),
		Normal: [3]float64{float64(n[0]), float64(n[1]), float64(n[2])}}
	for _, v := range pl.Vertices {
		q := at(v)
		g.verts = append(g.verts, [3]float64{g.off[0] + float64(q[0]), g.off[1] + float64(q[1]), float64(q[2])})
	}
	g.polys = append(g.polys, gp)
}
