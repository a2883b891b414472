// Bodies and obstacles as solids: a body is a cylinder or capsule at its
// radius and height with a heading arrow on top, and an airborne body drops
// a line to the ground; obstacles are the terrain's vertical cylinders and
// boxes. Each is one unit of the painter's sort. Bodies are tessellated by
// their size on screen: a distant body is a few pixels and gets a handful
// of faces.

package render

import (
	"math"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

// Body styling.
const (
	headingTip  = 1.6 // arrow tip, in body radii ahead of the axis
	headingLift = 0.02
	// pointRadius is a Point body's dot, pixels.
	pointRadius = 3
)

// bodyLODs are the tessellations by on-screen radius: segments around, and
// latitude rings per capsule hemisphere (pole excluded).
var bodyLODs = [...]struct {
	maxPixels float64
	segs      int
	capRings  int
}{
	{4, 6, 1},
	{12, 10, 2},
	{40, 16, 3},
	{math.Inf(1), 24, 4},
}

const (
	obstacleLOD    = 2
	maxLatheRings  = 10
	capsuleProfile = 1 // plan index of the capsule shape
)

var (
	obstacleColor = rgba{0x8a / 255.0, 0x7f / 255.0, 0x72 / 255.0, 1}
	dropLineColor = rgba{0.05, 0.05, 0.05, 0.8}
)

// plan returns the cached plan for a shape (0 cylinder, 1 capsule) at a
// level of detail, building it on first use.
func (b *Builder) plan(shape, lod int) *lathePlan {
	if p := b.plans[shape][lod]; p != nil {
		return p
	}
	var rings [maxLatheRings]ring
	n := profile(rings[:0], shape, lod, 1, 4)
	p := newLathePlan(n, bodyLODs[lod].segs)
	b.plans[shape][lod] = p
	return p
}

// profile appends the ring profile of a cylinder or capsule of radius r
// and height h.
func profile(dst []ring, shape, lod int, r, h float64) []ring {
	if shape != capsuleProfile {
		return append(dst, ring{r, 0}, ring{r, h})
	}
	rc := math.Min(r, h/2)
	n := bodyLODs[lod].capRings
	for k := 0; k <= n; k++ { // bottom pole up to the equator
		phi := math.Pi / 2 * float64(k) / float64(n)
		dst = append(dst, ring{rc * math.Sin(phi), rc - rc*math.Cos(phi)})
	}
	for k := n; k >= 0; k-- { // equator up to the top pole
		phi := math.Pi / 2 * float64(k) / float64(n)
		dst = append(dst, ring{rc * math.Sin(phi), h - rc + rc*math.Cos(phi)})
	}
	return dst
}

// Body draws a solid body and records it for picking.
func (b *Builder) Body(body draw.Body) {
	if !(body.Radius > 0) || !(body.Height > 0) || !finite3(body.Pos) ||
		math.IsInf(body.Radius+body.Height, 0) || math.IsNaN(body.Heading) {
		return
	}
	c := toRGBA(body.Color)
	if c.a <= 0 {
		return
	}
	r, h := body.Radius, body.Height
	center := body.Pos.Add(draw.Vec3{0, 0, h / 2})
	if body.Shape == draw.Point {
		b.Marker(body.Pos, draw.Marker{Shape: draw.Dot, Radius: pointRadius, Color: body.Color})
		if body.ID != 0 {
			b.picks = append(b.picks, camera.Sphere{ID: body.ID, Center: center, Radius: math.Max(r, h/2)})
		}
		return
	}
	first := b.beginSolid()
	if body.Airborne {
		b.dropLine(body.Pos, r)
	}
	px := r / b.view.MetresPerPixel(center)
	lod := 0
	for lod < len(bodyLODs)-1 && px > bodyLODs[lod].maxPixels {
		lod++
	}
	shape := 0
	if body.Shape == draw.Capsule {
		shape = capsuleProfile
	}
	var rings [maxLatheRings]ring
	s := &b.solid
	s.reset()
	s.tints = [2]rgba{c, c.mix(rgba{c.a, c.a, c.a, c.a}, 0.7)}
	s.lathe(b.plan(shape, lod), body.Pos, profile(rings[:0], shape, lod, r, h))
	b.headingArrow(body)
	b.emitSolid()
	b.endSolid(first, center)
	if body.ID != 0 {
		b.picks = append(b.picks, camera.Sphere{ID: body.ID, Center: center, Radius: math.Max(r, h/2)})
	}
}

// headingArrow adds a flat chevron in tint 1 on the body's top, pointing
// along its heading (degrees clockwise from north).
func (b *Builder) headingArrow(body draw.Body) {
	s := &b.solid
	hd := body.Heading * math.Pi / 180
	fx, fy := math.Sin(hd), math.Cos(hd) // forward
	rx, ry := fy, -fx                    // right
	r := body.Radius
	z := body.Pos[2] + body.Height + headingLift
	at := func(f, side float64) draw.Vec3 {
		return draw.Vec3{body.Pos[0] + fx*f*r + rx*side*r, body.Pos[1] + fy*f*r + ry*side*r, z}
	}
	o := int32(len(s.pts))
	s.pts = append(s.pts, at(headingTip, 0), at(-0.25, -0.6), at(0.3, 0), at(-0.25, 0.6))
	s.addFace(1, true, o, o+1, o+2)
	s.addFace(1, true, o, o+2, o+3)
}

// dropLine draws a line from an airborne body's base to the ground below it
// and a dot where it lands, inside the body's solid so the body covers it.
func (b *Builder) dropLine(base draw.Vec3, r float64) {
	ground := base
	if b.terrain != nil {
		ground[2] = b.terrain.HeightAt(base[0], base[1])
	} else {
		ground[2] = 0
	}
	if ground[2] >= base[2] {
		return
	}
	p, q := b.pr.clip(base), b.pr.clip(ground)
	pin, qin := p.nearDist() >= 0, q.nearDist() >= 0
	switch {
	case !pin && !qin:
		return
	case !pin:
		p = nearCross(q, p)
	case !qin:
		q = nearCross(p, q)
	}
	b.scrB = append(b.scrB[:0], b.pr.screen(p), b.pr.screen(q))
	b.solids.polyline(b.scrB, false, 1.5, dropLineColor)
	b.world = b.circlePoints(b.world[:0], ground, r*0.35)
	b.fillWorld(&b.solids, b.world, dropLineColor)
}

// drawObstacles adds the terrain's cylinders and boxes as solids.
func (b *Builder) drawObstacles(t *Terrain) {
	s := &b.solid
	s.tints[0] = obstacleColor
	for _, cy := range t.cylinders {
		first := b.beginSolid()
		s.reset()
		rings := [2]ring{{cy.Radius, 0}, {cy.Radius, cy.Height}}
		s.lathe(b.plan(0, obstacleLOD), cy.Base, rings[:])
		b.emitSolid()
		b.endSolid(first, cy.Base.Add(draw.Vec3{0, 0, cy.Height / 2}))
	}
	for _, bx := range t.boxes {
		first := b.beginSolid()
		s.reset()
		s.box(bx.Min, bx.Max)
		b.emitSolid()
		b.endSolid(first, bx.Min.Add(bx.Max).Mul(0.5))
	}
}

func finite3(p draw.Vec3) bool {
	for _, v := range p {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
