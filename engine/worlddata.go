// WorldData: the client's own world — terrain landblocks, object shapes and
// motion tables read from client_portal.dat and client_cell_1.dat — as the
// engine asks for it. engine holds no file-format code: engine/datworld
// adapts the dat reader (assets/dat) to this interface, and tests use
// fakes. docs/world.md says what is used and how each missing item falls
// back.

package engine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/hexid"
	"glidepath/engine/recording"
	"glidepath/internal/plural"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// ErrNoRegion is wrapped by a WorldData's Landblock error when the dats
// hold no Region 0x13000000: no landblock's height bytes can be turned
// into metres, so the fallback is the Region's, once, not each
// landblock's.
var ErrNoRegion = errors.New("no Region 0x13000000, so no height table")

// FloorNotice is the one line a run of a capture says about the ground
// from the server's positions (physics.Floors; docs/real-sessions.md):
// the cells that had one by the run's last tick; "" when the run keeps
// none (not a capture, or no position in any cell).
func (q Query) FloorNotice() string { return q.FloorNoticeAt(q.s.tick) }

// FloorNoticeAt is FloorNotice for the cells that had a floor by tick (a
// window says it of the whole input, its last tick, whatever tick its
// cursor is at). It may be called while the input is still being read.
func (q Query) FloorNoticeAt(tick int) string {
	s := q.s
	w := s.world
	if w.Floors == nil {
		return ""
	}
	n := w.Floors.Cells(int32(min(tick, math.MaxInt32)), !w.FloorsOutdoors)
	switch {
	case n == 0:
		return ""
	case w.FloorsOutdoors:
		return "no dat files: ground from the server's positions in " + plural.Count(n, "cell")
	}
	return "dat terrain outdoors; indoor ground from the server's positions in " + plural.Count(n, "cell")
}

// IllustrativeWorld is the world line of a run without dat files.
const IllustrativeWorld = "illustrative (no dat files; see docs/world.md)"

// SetupShape is what the physics takes from a Setup: the body's collision
// cylinder and its step limits (0: the defaults), and the Setup's
// collision spheres in the body's frame, which retail's transition sweeps
// (physics.Object.Spheres; none: derived from the cylinder).
type SetupShape struct {
	Radius, Height         float32
	StepUpHeight, StepDown float32
	Spheres                []physics.Sphere
}

// WorldData is the client's world as a run reads it. Each method is called
// at most once per id per Sim (the answers are kept) and must be a pure
// function of the id. An absent entry is (nil, nil) or (zero, false, nil);
// an error is a damaged entry, naming the file and the entry id.
type WorldData interface {
	// Describe names the files, e.g. "client_portal.dat iteration 2072,
	// client_cell_1.dat iteration 982".
	Describe() string
	// Landblock is landblock XXYY's heightfield (heights through the
	// Region's LandHeightTable, x-major).
	Landblock(id uint16) (*physics.Heightfield, error)
	// Statics are landblock XXYY's static objects and buildings
	// (LandBlockInfo) as obstacles in that landblock's frame.
	Statics(id uint16) ([]physics.Obstacle, error)
	// Setup is Setup 0x02XXXXXX's shape.
	Setup(id uint32) (SetupShape, bool, error)
	// MotionTable is MotionTable 0x09XXXXXX converted to the pipeline's
	// table (one MotionData per motion command).
	MotionTable(id uint32) (*anim.MotionTable, error)
}

// GeometryData is a WorldData that also gives the dats' geometry to
// retail's transition (EnvCells, outdoor cells' buildings and statics with
// their BSPs; engine/datworld.Geometry) and lists the geometry it left out.
type GeometryData interface {
	WorldGeometry() physics.Geometry
	GeometryFallbacks() []Fallback
}

// Fallback is one item the dats lacked or could not give, and what the run
// used instead (the run's report lists each once).
type Fallback struct {
	// Kind is "landblock", "setup", "motion_table" or "statics" (a damaged
	// LandBlockInfo).
	Kind string `json:"kind"`
	// ID is the dat id ("0xA9B4FFFF", "0x02000001", "0x09000001").
	ID string `json:"id"`
	// Used says what replaced it.
	Used string `json:"used"`
	// Problem is the dat's error for a damaged entry, empty when absent.
	Problem string `json:"problem,omitempty"`
}

// worldBook is a Sim's link to its WorldData: the fallbacks met so far
// (terrain is sampled from the tick's workers, so under a lock).
type worldBook struct {
	data WorldData
	mu   sync.Mutex
	// fallbacks, unique by Kind and ID.
	fallbacks []Fallback
	// setupIDs (sorted) with each one's shape and whether the dats gave it.
	setupIDs []uint32
	setups   []SetupShape
	setupOK  []bool
	// ground compares the recorded positions with the dat ground, per
	// landblock, sorted by id (world.go; under mu).
	ground []groundTally
}

// fellBack reports whether the item kind id fell back.
func (b *worldBook) fellBack(kind, id string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, g := range b.fallbacks {
		if g.Kind == kind && g.ID == id {
			return true
		}
	}
	return false
}

// fallback records f once.
func (b *worldBook) fallback(f Fallback) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, g := range b.fallbacks {
		if g.Kind == f.Kind && g.ID == f.ID {
			return
		}
	}
	b.fallbacks = append(b.fallbacks, f)
}

// list is the fallbacks sorted by kind and id.
func (b *worldBook) list() []Fallback {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	out := slices.Clone(b.fallbacks)
	b.mu.Unlock()
	if g, ok := b.data.(GeometryData); ok {
		out = append(out, g.GeometryFallbacks()...)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// WorldDescription is the run's world line: IllustrativeWorld without dat
// files, else the dats' Describe.
func (q Query) WorldDescription() string {
	if q.s.world == nil || q.s.worldData.data == nil {
		return IllustrativeWorld
	}
	return q.s.worldData.data.Describe()
}

// WorldFallbacks are the items the dats lacked, each once, sorted by kind
// and id; nil without dat files.
func (q Query) WorldFallbacks() []Fallback { return q.s.worldData.list() }

// datTerrain makes the terrain of a run with dat files: every landblock the
// dats hold, split as retail splits it, loaded on first use; elsewhere the
// recording's own terrain (base), counted as a fallback.
func datTerrain(b *worldBook, base *physics.Terrain) *physics.Terrain {
	used := fmt.Sprintf("flat ground at z = %g", base.BaseZ)
	load := func(id uint16) (*physics.Heightfield, bool) {
		h, err := b.data.Landblock(id)
		if h != nil && err == nil {
			return h, true
		}
		f := Fallback{Kind: "landblock", ID: hexid.String(uint32(id)<<16 | 0xFFFF), Used: used}
		if bh := base.Landblock(id); bh != nil {
			f.Used = "the recording's terrain " + base.Name
		}
		if err != nil {
			f.Problem = err.Error()
		}
		if errors.Is(err, ErrNoRegion) {
			// Not this landblock's lack: the Region's, for every one.
			f.Kind, f.ID, f.Used = "region", "0x13000000", f.Used+" for every landblock"
		}
		b.fallback(f)
		if bh := base.Landblock(id); bh != nil {
			return bh, true
		}
		return nil, false
	}
	return physics.NewLoadedTerrain("dat", "client_cell_1.dat landblocks (docs/world.md)", base.BaseZ, true, load)
}

// setupShape is ent's Setup's shape from the dats, or false (the entity's
// own radius and height; a fallback when the dats lack the Setup).
func (b *worldBook) setupShape(ent *recording.Entity) (SetupShape, bool) {
	if ent.Setup == 0 || b == nil || b.data == nil {
		return SetupShape{}, false
	}
	i, ok := slices.BinarySearch(b.setupIDs, ent.Setup)
	if ok {
		return b.setups[i], b.setupOK[i]
	}
	shape, found, err := b.data.Setup(ent.Setup)
	if found && err == nil && !(shape.Radius >= 0 && shape.Height >= 0 && shape.Radius < 1e4 && shape.Height < 1e4) {
		err = fmt.Errorf("setup %s: radius %v, height %v out of range", hexid.String(ent.Setup), shape.Radius, shape.Height)
	}
	good := found && err == nil
	if !good {
		f := Fallback{Kind: "setup", ID: hexid.String(ent.Setup),
			Used: fmt.Sprintf("the entity's radius %g m and height %g m", ent.Radius, ent.Height)}
		if err != nil {
			f.Problem = err.Error()
		}
		b.fallback(f)
	}
	b.setupIDs = slices.Insert(b.setupIDs, i, ent.Setup)
	b.setups = slices.Insert(b.setups, i, shape)
	b.setupOK = slices.Insert(b.setupOK, i, good)
	return shape, good
}

// datWorld turns s's world into the dats' world: their terrain, the
// statics (LandBlockInfo) of every landblock a body reaches, read on first
// use, and with GeometryData the geometry retail's transition collides
// with. A damaged statics entry falls back to none there, listed.
func (b *worldBook) datWorld(w *physics.World) error {
	w.Terrain = datTerrain(b, w.Terrain)
	if g, ok := b.data.(GeometryData); ok {
		w.Geometry = g.WorldGeometry()
	}
	w.SetStaticsLoader(func(id uint16) []physics.Obstacle {
		obs, err := b.data.Statics(id)
		if err != nil {
			b.fallback(Fallback{Kind: "statics", ID: hexid.String(uint32(id)<<16 | 0xFFFE), Used: "no statics there", Problem: err.Error()})
			return nil
		}
		return obs
	})
	return nil
}

// bodySize is the object's collision cylinder: its Setup's from the dats,
// else its entity's.
func (o *object) bodySize() (radius, height float32) {
	if o.hasShape {
		return o.shape.Radius, o.shape.Height
	}
	return o.ent.Radius, o.ent.Height
}

// The dats' geometry near a point as plain polygons, for the viewport's
// drawing (issue 40 item 4): the EnvCells a body stands in or can see, and
// the shells of the buildings around it, in global metres. Nothing here runs
// in a tick.

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
