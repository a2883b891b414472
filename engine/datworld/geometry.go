// Geometry: the dat world's geometry as the transition asks for it
// (physics.Geometry) — an EnvCell by id with its CellStruct, portals and
// statics, and an outdoor cell's building and the statics that reach into
// it — read on first use, converted once (geometry_convert.go) and kept.
// A GfxObj, Setup, Environment or EnvCell that the dats lack or that is
// damaged leaves that item out, and each is recorded once (Problems):
// nothing falls back silently.

package datworld

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"glidepath/assets/dat"
	"glidepath/engine"
	"glidepath/physics"
)

// Geometry answers the transition's geometry queries from a dat folder.
// It is safe for concurrent use; every answer depends on the dat files
// alone, never on the order of the queries. An answer already made is
// read without a lock or an allocation (the tick asks on every step):
// the answered cells are copy-on-write maps behind atomic pointers, and
// the mutex serialises only the first answer for each id.
type Geometry struct {
	d *dat.Dats

	envCells atomic.Pointer[map[uint32]*physics.EnvCell]
	cells    atomic.Pointer[map[uint32]*physics.LandCellContents]

	mu       sync.Mutex
	gfx      map[uint32]*physics.GfxObj
	structs  map[uint32]*structEntry
	blocks   map[uint16]*blockStatics
	problems []Problem
	seen     map[Problem]bool
}

// publish adds (id, v) to the copy-on-write map behind p; the caller holds
// the mutex.
func publish[V any](p *atomic.Pointer[map[uint32]V], id uint32, v V) {
	old := *p.Load()
	m := make(map[uint32]V, len(old)+1)
	for k, x := range old {
		m[k] = x
	}
	m[id] = v
	p.Store(&m)
}

// Problem is an item of geometry the world goes without: Kind names the
// entry type ("GfxObj", "Setup", "Environment", "EnvCell",
// "LandBlockInfo"), ID the entry, and Problem why ("not in the dats", or
// the reader's error naming the file, entry and field).
type Problem struct {
	Kind    string
	ID      uint32
	Problem string
}

type structEntry struct {
	cs   *physics.CellStruct
	draw []physics.Polygon
	src  *dat.CellStruct
}

// blockStatics are one landblock's statics and buildings, converted.
type blockStatics struct {
	statics   []*physics.StaticObject
	reaches   []float32
	buildings []*physics.Building
}

var _ physics.Geometry = (*Geometry)(nil)

// NewGeometry returns the geometry of dat folder d.
func NewGeometry(d *dat.Dats) *Geometry {
	g := &Geometry{d: d, gfx: map[uint32]*physics.GfxObj{}, structs: map[uint32]*structEntry{},
		blocks: map[uint16]*blockStatics{}, seen: map[Problem]bool{}}
	g.envCells.Store(&map[uint32]*physics.EnvCell{})
	g.cells.Store(&map[uint32]*physics.LandCellContents{})
	return g
}

// Problems lists the geometry left out so far, in the order it was first
// met.
func (g *Geometry) Problems() []Problem {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]Problem(nil), g.problems...)
}

// Fallbacks are the Problems as the run's report lists world fallbacks
// (engine.Fallback): kind "geometry", the entry's id, what the world went
// without ("no GfxObj 0x01000300: its collision left out") and the dat's
// error for a damaged entry.
func (g *Geometry) Fallbacks() []engine.Fallback {
	ps := g.Problems()
	out := make([]engine.Fallback, len(ps))
	for i, p := range ps {
		f := engine.Fallback{Kind: "geometry", ID: fmt.Sprintf("0x%08X", p.ID),
			Used: fmt.Sprintf("no %s 0x%08X: its collision left out", p.Kind, p.ID)}
		if p.Problem != "not in the dats" {
			f.Problem = p.Problem
		}
		out[i] = f
	}
	return out
}

// note records a problem once; g.mu is held.
func (g *Geometry) note(kind string, id uint32, err error) {
	p := Problem{Kind: kind, ID: id, Problem: "not in the dats"}
	if !absent(err) {
		p.Problem = err.Error()
	}
	if !g.seen[p] {
		g.seen[p] = true
		g.problems = append(g.problems, p)
	}
}

// gfxObj is GfxObj id converted (nil when absent or damaged); g.mu is
// held.
func (g *Geometry) gfxObj(id uint32) *physics.GfxObj {
	if o, ok := g.gfx[id]; ok {
		return o
	}
	d, err := g.d.GfxObj(id)
	var o *physics.GfxObj
	if err != nil {
		g.note("GfxObj", id, err)
	} else {
		o = GfxObj(d)
	}
	g.gfx[id] = o
	return o
}

// cellStruct is cell structure index of Environment env; g.mu is held.
func (g *Geometry) cellStruct(env uint32, index uint16) *structEntry {
	key := index32(env, int(index))
	if s, ok := g.structs[key]; ok {
		return s
	}
	var s *structEntry
	e, err := g.d.Environment(env)
	switch {
	case err != nil:
		g.note("Environment", env, err)
	default:
		c, ok := e.Cell(index)
		if !ok {
			g.note("Environment", env, fmt.Errorf("%s: entry 0x%08X: holds no cell structure %d (%d cells), which an EnvCell names", dat.PortalName, env, index, len(e.Cells)))
			break
		}
		cs, draw := CellStruct(env, int(index), c)
		s = &structEntry{cs: cs, draw: draw, src: c}
	}
	g.structs[key] = s
	return s
}

// EnvCell is indoor cell id (0xXXYYnnnn, nnnn ≥ 0x0100) with its
// CellStruct, portals and statics; nil when the dats lack it, it is
// damaged, or its CellStruct is missing.
func (g *Geometry) EnvCell(id uint32) *physics.EnvCell {
	if !dat.IsEnvCellID(id) {
		return nil
	}
	if c, ok := (*g.envCells.Load())[id]; ok {
		return c
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := (*g.envCells.Load())[id]; ok {
		return c
	}
	c, err := g.envCell(id)
	if err != nil {
		g.note("EnvCell", id, err)
	}
	publish(&g.envCells, id, c)
	return c
}

func (g *Geometry) envCell(id uint32) (*physics.EnvCell, error) {
	e, err := g.d.EnvCell(id)
	if err != nil {
		return nil, err
	}
	where := func(field string, err error) error {
		return fmt.Errorf("%s: entry 0x%08X: %s: %w", dat.CellName, id, field, err)
	}
	f, err := frame(e.Position)
	if err != nil {
		return nil, where("position", err)
	}
	s := g.cellStruct(e.EnvironmentID, e.CellStructure)
	if s == nil {
		return nil, where("environment_id", fmt.Errorf("its CellStruct %d of 0x%08X cannot be read", e.CellStructure, e.EnvironmentID))
	}
	c := &physics.EnvCell{ID: id, Frame: f, Struct: s.cs, SeenOutside: e.SeenOutside(),
		VisibleCells: append([]uint16(nil), e.VisibleCells...)}
	c.Portals = make([]physics.CellPortal, len(e.Portals))
	for i, p := range e.Portals {
		at, ok := s.src.Polygon(p.PolygonID)
		if !ok {
			return nil, where(fmt.Sprintf("portals[%d].polygon_id", i),
				fmt.Errorf("%d, CellStruct %d of 0x%08X holds no such polygon (%d polygons)", p.PolygonID, e.CellStructure, e.EnvironmentID, len(s.draw)))
		}
		c.Portals[i] = physics.CellPortal{OtherCellID: p.OtherCellID, OtherPortalID: p.OtherPortalID, PolygonID: p.PolygonID,
			Poly: &s.draw[at], PortalSide: p.PortalSide(), ExactMatch: p.ExactMatch()}
	}
	for i, st := range e.StaticObjects {
		o, ok := g.static(st)
		if !ok {
			continue
		}
		if o == nil {
			return nil, where(fmt.Sprintf("static_objects[%d].frame", i), fmt.Errorf("rotation %v is not a unit quaternion", st.Frame.Rotation))
		}
		c.Statics = append(c.Statics, *o)
	}
	return c, nil
}

// static converts a stab: a Setup (0x02…) or a GfxObj (0x01…) at its
// frame. ok is false when the model cannot be read (recorded) or is
// neither; a nil object with ok true is a damaged frame.
func (g *Geometry) static(st dat.Stab) (*physics.StaticObject, bool) {
	var setup *dat.Setup
	switch st.ID >> 24 {
	case 0x01:
		if g.gfxObj(st.ID) == nil {
			return nil, false
		}
	case 0x02:
		s, err := g.d.Setup(st.ID)
		if err != nil {
			g.note("Setup", st.ID, err)
			return nil, false
		}
		setup = s
	default:
		return nil, false
	}
	f, err := frame(st.Frame)
	if err != nil {
		return nil, true
	}
	o := &physics.StaticObject{ID: st.ID, Name: fmt.Sprintf("0x%08X", st.ID), Frame: f, Scale: 1}
	o.Parts, o.CylSpheres, o.Spheres = staticShape(st.ID, setup, g.gfxObj)
	return o, true
}

// landblock is landblock lb's statics and buildings (empty when the dats
// lack its LandBlockInfo; recorded when it is damaged); g.mu is held.
func (g *Geometry) landblock(lb uint16) *blockStatics {
	if b, ok := g.blocks[lb]; ok {
		return b
	}
	b := &blockStatics{}
	g.blocks[lb] = b
	id := uint32(lb)<<16 | 0xFFFE
	info, err := g.d.LandBlockInfo(id)
	if err != nil {
		if !absent(err) {
			g.note("LandBlockInfo", id, err)
		}
		return b
	}
	for _, st := range info.Objects {
		o, ok := g.static(st)
		if ok && o == nil {
			g.note("LandBlockInfo", id, fmt.Errorf("%s: entry 0x%08X: static 0x%08X: rotation %v is not a unit quaternion", dat.CellName, id, st.ID, st.Frame.Rotation))
		}
		if o != nil {
			b.statics = append(b.statics, o)
			b.reaches = append(b.reaches, reach(o))
		}
	}
	for i, bd := range info.Buildings {
		o, ok := g.static(dat.Stab{ID: bd.ModelID, Frame: bd.Frame})
		if ok && o == nil {
			g.note("LandBlockInfo", id, fmt.Errorf("%s: entry 0x%08X: buildings[%d].frame: rotation %v is not a unit quaternion", dat.CellName, id, i, bd.Frame.Rotation))
		}
		if o == nil {
			continue
		}
		pb := &physics.Building{Object: *o, Portals: make([]physics.BuildingPortal, len(bd.Portals))}
		for j, p := range bd.Portals {
			pb.Portals[j] = physics.BuildingPortal{OtherCellID: p.OtherCellID, OtherPortalID: p.OtherPortalID,
				PortalSide: p.PortalSide(), ExactMatch: p.ExactMatch()}
		}
		b.buildings = append(b.buildings, pb)
	}
	return b
}

// cellSize is an outdoor cell's side in metres; cellsPerSide the cells of
// a landblock's side.
const (
	cellSize     = 24
	cellsPerSide = 8
)

// LandCell is outdoor cell id's contents (0xXXYY00cc, cc = x·8 + y + 1):
// the building whose origin stands in it (retail SortCell::building) and
// the statics of its landblock and the eight around it whose reach
// overlaps the cell, in landblock order (south-west first, by rows of x)
// then the LandBlockInfo's order. nil when it holds neither.
func (g *Geometry) LandCell(id uint32) *physics.LandCellContents {
	lo := id & 0xFFFF
	if lo < 1 || lo > cellsPerSide*cellsPerSide {
		return nil
	}
	if c, ok := (*g.cells.Load())[id]; ok {
		return c
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := (*g.cells.Load())[id]; ok {
		return c
	}
	lbx, lby := int(id>>24), int(id>>16&0xFF)
	cx, cy := int(lo-1)/cellsPerSide, int(lo-1)%cellsPerSide
	// The cell's square in its own landblock's metres.
	x0, y0 := float32(cx*cellSize), float32(cy*cellSize)
	c := &physics.LandCellContents{}
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			nx, ny := lbx+dx, lby+dy
			if nx < 0 || ny < 0 || nx > 0xFF || ny > 0xFF {
				continue
			}
			b := g.landblock(uint16(nx<<8 | ny))
			ox, oy := float32(dx*cellSize*cellsPerSide), float32(dy*cellSize*cellsPerSide)
			for i, s := range b.statics {
				px, py := s.Frame.Origin[0]+ox, s.Frame.Origin[1]+oy
				if squareMeetsCircle(x0, y0, cellSize, px, py, b.reaches[i]) {
					c.Statics = append(c.Statics, s)
				}
			}
			if dx != 0 || dy != 0 {
				continue
			}
			for _, bd := range b.buildings {
				o := bd.Object.Frame.Origin
				if c.Building == nil && int(math.Floor(float64(o[0]/cellSize))) == cx && int(math.Floor(float64(o[1]/cellSize))) == cy {
					c.Building = bd
				}
			}
		}
	}
	if c.Building == nil && len(c.Statics) == 0 {
		c = nil
	}
	publish(&g.cells, id, c)
	return c
}

// squareMeetsCircle reports whether the square of side s from (x0, y0)
// and the circle of radius r about (px, py) overlap.
func squareMeetsCircle(x0, y0, s, px, py, r float32) bool {
	qx := min(max(px, x0), x0+s)
	qy := min(max(py, y0), y0+s)
	dx, dy := px-qx, py-qy
	return dx*dx+dy*dy <= r*r
}
