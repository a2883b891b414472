// World: what the compiler looks up in the assets tree (terrains and motion
// tables, by name) and the geometry between scenario coordinates and retail
// positions — global metres, landblocks of 192 m, outdoor cells of 24 m and
// headings in degrees clockwise from north (DESIGN.md, "Coordinates").

package scenario

import (
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine/terrainjson"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// lookup finds named assets in the assets tree. It remembers what it parsed
// in slices (never iterated for results in map order).
type lookup struct {
	fsys     fs.FS
	terrains []*physics.Terrain
	tables   []tableRate
}

type tableRate struct {
	name string
	rate float64
}

func newLookup(fsys fs.FS) *lookup { return &lookup{fsys: fsys} }

// Directories of the assets tree (assets.TerrainDir, assets.MotionDir; engine
// does not import assets).
const (
	terrainDir = "terrain"
	motionDir  = "motion"
)

// read returns dir/name.json, or why not.
func (l *lookup) read(dir, kind, name string) ([]byte, string) {
	if l.fsys == nil {
		return nil, fmt.Sprintf("no assets tree to look %s %q up in", kind, name)
	}
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return nil, fmt.Sprintf("want a %s name such as %s", kind, l.known(dir))
	}
	data, err := fs.ReadFile(l.fsys, path.Join(dir, name+".json"))
	if err != nil {
		return nil, fmt.Sprintf("unknown %s %q; the assets have %s", kind, name, l.known(dir))
	}
	return data, ""
}

// known lists the names in dir, sorted, for error messages.
func (l *lookup) known(dir string) string {
	entries, err := fs.ReadDir(l.fsys, dir)
	if err != nil {
		return "none"
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, strings.TrimSuffix(e.Name(), ".json"))
		}
	}
	if len(names) == 0 {
		return "none"
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// terrain loads terrain/NAME.json.
func (l *lookup) terrain(name string) (*physics.Terrain, string) {
	for _, t := range l.terrains {
		if t.Name == name {
			return t, ""
		}
	}
	data, problem := l.read(terrainDir, "terrain asset", name)
	if problem != "" {
		return nil, problem
	}
	t, err := terrainjson.ParseTerrain(name+".json", data)
	if err != nil {
		return nil, fmt.Sprintf("terrain asset %q does not load: %v", name, err)
	}
	t.Name = name
	l.terrains = append(l.terrains, t)
	return t, ""
}

// turnRate is how fast (degrees per second) a remote with motion table name
// turns at turn speed 1: the table's TurnRight omega about Z, the same rate
// the client's animation turns the body at. Without an assets tree the table
// is not checked and DefaultTurnRate is used.
func (l *lookup) turnRate(name string) (float64, string) {
	for _, t := range l.tables {
		if t.name == name {
			return t.rate, ""
		}
	}
	if l.fsys == nil {
		return DefaultTurnRate, ""
	}
	data, problem := l.read(motionDir, "motion table", name)
	if problem != "" {
		return 0, problem
	}
	table, err := anim.ParseMotionTable(name+".json", data)
	if err != nil {
		return 0, fmt.Sprintf("motion table %q does not load: %v", name, err)
	}
	rate := DefaultTurnRate
	if md := table.Motion(anim.TurnRight); md != nil {
		if w := math.Abs(float64(md.Omega[2])) * 180 / math.Pi; w > 0 {
			rate = w
		}
	}
	l.tables = append(l.tables, tableRate{name: name, rate: rate})
	return rate, ""
}

// geo converts between scenario points and global coordinates and positions.
type geo struct {
	// baseX, baseY are the global coordinates of the scenario landblock's
	// south-west corner.
	baseX, baseY float64
	landblock    uint16
	flatZ        float64
	terrain      *physics.Terrain
}

func newGeo(s *Scenario) geo {
	return geo{
		baseX:     float64(s.landblock>>8) * physics.LandblockLength,
		baseY:     float64(s.landblock&0xFF) * physics.LandblockLength,
		landblock: s.landblock,
		flatZ:     s.terrain.z,
		terrain:   s.ground,
	}
}

// global returns the global coordinates of a scenario point.
func (g *geo) global(p point) (float64, float64) { return g.baseX + p.x, g.baseY + p.y }

// mapSize is the width of the 256×256-landblock map (m).
const mapSize = 256 * physics.LandblockLength

// onMap reports whether global (x, y) lies on the landblock map.
func onMap(x, y float64) bool { return x >= 0 && y >= 0 && x < mapSize && y < mapSize }

// cellAt returns the cell and landblock-local origin of global (x, y): the
// outdoor cell holding it, or the indoor cell indoor of the scenario landblock
// (whose origin stays relative to that landblock, as retail's EnvCell origins
// are).
func (g *geo) cellAt(x, y float64, indoor uint16) (uint32, float32, float32) {
	if indoor != 0 {
		return uint32(g.landblock)<<16 | uint32(indoor), float32(x - g.baseX), float32(y - g.baseY)
	}
	lx, ly := math.Floor(x/physics.LandblockLength), math.Floor(y/physics.LandblockLength)
	ox := localCoord(x - lx*physics.LandblockLength)
	oy := localCoord(y - ly*physics.LandblockLength)
	cell := uint32(lx)<<24 | uint32(ly)<<16 | physics.OutdoorCellIndex(ox, oy)
	return cell, ox, oy
}

// localCoord rounds a landblock-local coordinate to float32, keeping it below
// 192 when rounding would carry it onto the next landblock's edge.
func localCoord(v float64) float32 {
	f := float32(v)
	if f >= physics.LandblockLength {
		f = math.Nextafter32(physics.LandblockLength, 0)
	}
	if f < 0 {
		f = 0
	}
	return f
}

// groundZ is the terrain height under global (x, y).
func (g *geo) groundZ(x, y float64, indoor uint16) float64 {
	if g.terrain == nil {
		return g.flatZ
	}
	cell, ox, oy := g.cellAt(x, y, indoor)
	z, _ := g.terrain.Height(cell, ox, oy)
	return float64(z)
}

// position is the retail position of global (x, y, z) facing heading.
func (g *geo) position(x, y, z, heading float64, indoor uint16) physics.Position {
	cell, ox, oy := g.cellAt(x, y, indoor)
	return physics.NewPosition(cell, mgl32.Vec3{ox, oy, float32(z)}, float32(heading))
}

// wrapHeading brings degrees into [0, 360).
func wrapHeading(h float64) float64 {
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	if h >= 360 {
		h = 0
	}
	return h
}

// turnDelta is the signed shortest turn (degrees, positive clockwise) from
// heading a to heading b, in (-180, 180].
func turnDelta(a, b float64) float64 {
	d := math.Mod(b-a, 360)
	switch {
	case d > 180:
		d -= 360
	case d <= -180:
		d += 360
	}
	return d
}

// bearing is the heading (degrees clockwise from north) from (x0, y0) to
// (x1, y1); 0 when they coincide.
func bearing(x0, y0, x1, y1 float64) float64 {
	dx, dy := x1-x0, y1-y0
	if dx == 0 && dy == 0 {
		return 0
	}
	return wrapHeading(math.Atan2(dx, dy) * 180 / math.Pi)
}

// headingDir is the unit ground vector (east, north) a heading faces.
func headingDir(h float64) (float64, float64) {
	r := h * math.Pi / 180
	return math.Sin(r), math.Cos(r)
}

// pathLength is the length of the polyline through pts, closed when loop.
func pathLength(pts []point, loop bool) float64 {
	var sum float64
	for i := 1; i < len(pts); i++ {
		sum += math.Hypot(pts[i].x-pts[i-1].x, pts[i].y-pts[i-1].y)
	}
	if loop && len(pts) > 1 {
		sum += math.Hypot(pts[0].x-pts[len(pts)-1].x, pts[0].y-pts[len(pts)-1].y)
	}
	return sum
}
