// The dats' geometry near the view (issue 40 item 4): EnvCell floors and
// walls and building shells, translucent, from engine.GeometryNear; in the
// top-down view everything wholly above the selected body's head is cut
// away, so a body indoors is seen under its ceiling and the floors above.

package overlay

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/engine"
	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// Cell geometry tuning (Glidepath's choices).
const (
	// GeometryMinRadius and GeometryMaxRadius bound how far, metres, from
	// the selected body (else the view's target) geometry is gathered:
	// the view's reach, within these.
	GeometryMinRadius = 24.0
	GeometryMaxRadius = 96.0
	// geometryStep is how far, metres, the centre moves before the
	// geometry is gathered again.
	geometryStep = 8.0
	// CutAwayMargin: a polygon is cut away when its lowest point is more
	// than this above the selected body's top.
	CutAwayMargin = 0.05
)

// CellGeometry is the geometry drawn, kept between frames: gathered again
// only when the world, the centre's cell or its 8 m square, or the reach
// changes.
type CellGeometry struct {
	world  *physics.World
	key    [4]int64
	polys  []engine.GeoPolygon
	verts  [][3]float64
	order  []int
	gotAny bool
}

// Polygons is how many polygons are held.
func (g *CellGeometry) Polygons() int { return len(g.polys) }

// Near gathers the geometry around the selected body (else around target,
// in the outdoor cell under it) within radius metres, from world (nil or
// without dat geometry: none).
func (g *CellGeometry) Near(world *physics.World, snap *model.Snapshot, selected uint32, target draw.Vec3, radius float64) {
	if world == nil || world.Geometry == nil {
		g.world, g.polys, g.verts, g.order = world, g.polys[:0], g.verts[:0], g.order[:0]
		return
	}
	at := outdoorAt(target)
	if snap != nil {
		if i := snap.Find(selected); i >= 0 {
			at = snap.Objects[i].Position
		}
	}
	radius = min(max(radius, GeometryMinRadius), GeometryMaxRadius)
	o := at.Frame.Origin
	key := [4]int64{int64(at.Cell), int64(math.Floor(float64(o[0]) / geometryStep)), int64(math.Floor(float64(o[1]) / geometryStep)), int64(radius)}
	if g.world == world && g.key == key && g.gotAny {
		return
	}
	g.world, g.key, g.gotAny = world, key, true
	g.polys, g.verts = engine.GeometryNear(world, at, float32(radius), g.polys[:0], g.verts[:0])
	// Painter's order: lowest first (the floors, then the walls standing
	// on them), which is farthest first from above.
	g.order = g.order[:0]
	for i := range g.polys {
		g.order = append(g.order, i)
	}
	slices.SortStableFunc(g.order, func(a, b int) int { return cmp.Compare(g.meanZ(a), g.meanZ(b)) })
}

// outdoorAt is the outdoor position under a global point.
func outdoorAt(p draw.Vec3) physics.Position {
	bx := min(max(math.Floor(p[0]/physics.LandblockLength), 0), 254)
	by := min(max(math.Floor(p[1]/physics.LandblockLength), 0), 254)
	lx, ly := float32(p[0]-bx*physics.LandblockLength), float32(p[1]-by*physics.LandblockLength)
	cell := uint32(bx)<<24 | uint32(by)<<16 | physics.OutdoorCellIndex(lx, ly)
	return physics.NewPosition(cell, mgl32.Vec3{lx, ly, float32(p[2])}, 0)
}

func (g *CellGeometry) meanZ(i int) float64 {
	p := &g.polys[i]
	z := 0.0
	for _, v := range g.verts[p.First : p.First+p.Count] {
		z += v[2]
	}
	return z / float64(p.Count)
}

// CutAway is the height above which the top-down view leaves geometry
// out: the selected body's top plus CutAwayMargin; +Inf when not top-down
// or nothing is selected.
func (sc *Scene) CutAway() float64 {
	if !sc.TopDown || sc.Snap == nil {
		return math.Inf(1)
	}
	i := sc.Snap.Find(sc.Selected)
	if i < 0 {
		return math.Inf(1)
	}
	o := &sc.Snap.Objects[i]
	return model.Global(&o.Position)[2] + float64(o.Height) + CutAwayMargin
}

// walls draws the scene's cell geometry: each polygon filled, translucent,
// in the ground pass (over the terrain, under the bodies), its edges
// faintly over everything.
func (d *Drawer) walls(c draw.Canvas, sc *Scene) {
	g := sc.Geometry
	if g == nil || len(g.polys) == 0 {
		return
	}
	cut := sc.CutAway()
	for _, k := range g.order {
		p := &g.polys[k]
		vs := g.verts[p.First : p.First+p.Count]
		low := math.Inf(1)
		d.pts = d.pts[:0]
		for _, v := range vs {
			low = min(low, v[2])
			d.pts = append(d.pts, draw.Vec3(v))
		}
		if low > cut {
			continue
		}
		fill, edge := WallFill, WallEdge
		switch p.Kind {
		case engine.GeoFloor:
			fill, edge = FloorFill, FloorEdge
		case engine.GeoShell:
			fill, edge = ShellFill, ShellEdge
		}
		c.Polygon(d.pts, fill, draw.Ground)
		d.pts = append(d.pts, d.pts[0])
		c.Polyline(d.pts, draw.Stroke{Width: 1, Color: edge})
	}
}
