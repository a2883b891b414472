// The Builder: one frame's state and the draw.Canvas it implements. Building
// needs no display; only Renderer touches the GPU.

package render

import (
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

// Builder fills one frame's batches. Use it as Begin, any number of Canvas
// calls, End; then hand it to a Renderer. All its buffers are reused, so a
// steady scene costs no allocations per frame. It is not safe for
// concurrent use.
type Builder struct {
	view    camera.View
	pr      projector
	terrain *Terrain
	face    *text.GoTextFace

	passes  [passCount]mesh
	solids  mesh       // vertices and unsorted indices of every solid
	order   []solidRec // one per solid, sorted in End
	batches [passCount]Batch
	labels  []Label
	widths  map[string]float32
	picks   []camera.Sphere
	plans   [2][len(bodyLODs)]*lathePlan

	// Scratch reused within one call.
	clipA, clipB []clipPt
	scrA, scrB   []scr
	world        []draw.Vec3
	clipWorld    []draw.Vec3
	fades        []float32
	solid        solidScratch
	terr         terrainScratch
}

var _ draw.Canvas = (*Builder)(nil)

// NewBuilder returns a Builder with the label font loaded.
func NewBuilder() (*Builder, error) {
	face, err := newLabelFace()
	if err != nil {
		return nil, err
	}
	return &Builder{face: face, widths: make(map[string]float32)}, nil
}

// Begin starts a frame seen through v over terrain t (nil for none), and
// draws the terrain and its obstacles.
func (b *Builder) Begin(v camera.View, t *Terrain) {
	b.view = v
	b.pr = newProjector(&b.view)
	b.terrain = t
	for i := range b.passes {
		b.passes[i].reset()
	}
	b.solids.reset()
	b.order = b.order[:0]
	b.labels = b.labels[:0]
	b.picks = b.picks[:0]
	if t != nil {
		b.drawTerrain(t)
		b.drawObstacles(t)
	}
}

// End sorts the solids and closes the frame's batches.
func (b *Builder) End() {
	slices.SortFunc(b.order, compareSolids)
	sp := &b.passes[PassSolids]
	sp.v = b.solids.v
	sp.i = room(sp.i[:0], len(b.solids.i))
	for _, s := range b.order {
		sp.i = append(sp.i, b.solids.i[s.first:s.last]...)
	}
	for p := range b.passes {
		b.batches[p] = Batch{Pass: Pass(p), Vertices: b.passes[p].v, Indices: b.passes[p].i}
	}
}

// Batches returns the frame's passes in painter's order. The slices are
// valid until the next Begin.
func (b *Builder) Batches() []Batch { return b.batches[:] }

// Labels returns the frame's text labels, drawn after every batch.
func (b *Builder) Labels() []Label { return b.labels }

// View returns the view the frame was built with.
func (b *Builder) View() *camera.View { return &b.view }

// Pick returns the handle of the body under pixel (x, y) in the last built
// frame: the nearest hit of the ray through it, each body at least
// camera.MinPickPixels in radius on screen.
func (b *Builder) Pick(x, y float64) (uint32, bool) {
	return b.view.Pick(x, y, b.picks, camera.MinPickPixels)
}

// PickSpheres returns the pickable spheres of the last built frame.
func (b *Builder) PickSpheres() []camera.Sphere { return b.picks }

// mesh returns the pass a stroke of layer l goes to.
func (b *Builder) layerMesh(l draw.Layer) *mesh {
	if l == draw.Ground {
		return &b.passes[PassGround]
	}
	return &b.passes[PassOverlay]
}

// Polygon fills a flat convex polygon, never draped (draw.Canvas).
func (b *Builder) Polygon(pts []draw.Vec3, c color.RGBA, l draw.Layer) {
	if len(pts) < 3 {
		return
	}
	b.fillWorld(b.layerMesh(l), pts, toRGBA(c))
}

// Line draws the segment a→b.
func (b *Builder) Line(p, q draw.Vec3, s draw.Stroke) {
	b.world = append(b.world[:0], p, q)
	b.stroke(b.world, false, false, s)
}

// Polyline draws connected segments through pts.
func (b *Builder) Polyline(pts []draw.Vec3, s draw.Stroke) {
	b.stroke(pts, false, false, s)
}

// Arrow draws a line from→to with an arrowhead at to.
func (b *Builder) Arrow(from, to draw.Vec3, s draw.Stroke) {
	b.world = append(b.world[:0], from, to)
	b.stroke(b.world, false, true, s)
}

// Circle draws a horizontal circle outline.
func (b *Builder) Circle(center draw.Vec3, radius float64, s draw.Stroke) {
	if !(radius > 0) {
		return
	}
	b.world = b.circlePoints(b.world[:0], center, radius)
	b.stroke(b.world, true, false, s)
}

// Disc fills a horizontal circle.
func (b *Builder) Disc(center draw.Vec3, radius float64, c color.RGBA, l draw.Layer) {
	if !(radius > 0) {
		return
	}
	b.world = b.circlePoints(b.world[:0], center, radius)
	if l == draw.Ground {
		b.drapeInPlace(b.world)
	}
	b.fillWorld(b.layerMesh(l), b.world, toRGBA(c))
}
