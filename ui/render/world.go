// World-space strokes and fills: polylines, arrows and circles projected
// through the frame's matrix, split where they cross the near plane, draped
// on the terrain when they belong to the ground pass, and handed to the
// screen-space stroke emitters.

package render

import (
	"math"

	"glidepath/ui/draw"
)

// Draping and tessellation.
const (
	// drapeStep is the longest piece, metres, a ground stroke is cut into so
	// it follows the terrain between mesh vertices.
	drapeStep = 6.0
	// circlePixelsPerSegment sets how finely circles are tessellated.
	circlePixelsPerSegment = 8.0
	minCircleSegments      = 16
	maxCircleSegments      = 128
)

// stroke projects a world polyline and emits its visible runs. closed joins
// the last point to the first; arrow puts a head on the last point.
func (b *Builder) stroke(pts []draw.Vec3, closed, arrow bool, s draw.Stroke) {
	if len(pts) < 2 {
		return
	}
	c := toRGBA(s.Color)
	if c.a <= 0 {
		return
	}
	width := s.Width
	if !(width > 0) {
		width = 1
	}
	pts, fades := b.drape(pts, s.Layer)
	cp := b.clipA[:0]
	last := float32(len(pts) - 1)
	for i, p := range pts {
		q := b.pr.clip(p)
		if s.Fade != 0 {
			f := float32(i) / last
			if fades != nil {
				f = fades[i]
			}
			q.a = 1 - s.Fade*(1-f)
		}
		cp = append(cp, q)
	}
	b.clipA = cp
	b.emitClipped(b.layerMesh(s.Layer), cp, closed, arrow, width, c)
}

// emitClipped clips a polyline given in clip space against the near plane
// into visible runs, projects them and emits each as a screen stroke.
func (b *Builder) emitClipped(dst *mesh, cp []clipPt, closed, arrow bool, width float32, c rgba) {
	n := len(cp)
	if n < 2 {
		return
	}
	total := n
	if closed {
		total = n + 1 // revisit the first point to close the loop
	}
	run := b.scrA[:0]
	var prev clipPt
	allIn := true
	lastIn := false
	for k := range total {
		p := cp[k%n]
		in := p.nearDist() >= 0
		if k > 0 && in != lastIn {
			run = append(run, b.pr.screen(nearCross(prev, p)))
			if !in {
				dst.polyline(run, false, width, c)
				run = run[:0]
			}
		}
		if in {
			run = append(run, b.pr.screen(p))
		} else {
			allIn = false
		}
		prev, lastIn = p, in
	}
	switch {
	case closed && allIn:
		dst.polyline(run[:len(run)-1], true, width, c)
	case arrow && lastIn:
		run = b.arrowRun(dst, run, width, c)
		dst.polyline(run, false, width, c)
	default:
		dst.polyline(run, false, width, c)
	}
	b.scrA = run[:0]
}

// arrowRun puts an arrowhead at the end of run and returns the run with its
// shaft shortened into the head, so a translucent arrow does not double up.
func (b *Builder) arrowRun(dst *mesh, run []scr, width float32, c rgba) []scr {
	run = dedupe(run, minStrokeSegment)
	if len(run) < 2 {
		return run
	}
	tip, from := run[len(run)-1], run[len(run)-2]
	dx, dy := tip.x-from.x, tip.y-from.y
	l := float32(math.Sqrt(float64(dx*dx + dy*dy)))
	if l < 1 {
		return run
	}
	dx, dy = dx/l, dy/l
	hl := min(arrowHeadLength(width), l)
	b.scrB = dst.arrowHead(tip, dx, dy, hl, c, b.scrB)
	run[len(run)-1].x -= dx * hl * 0.7
	run[len(run)-1].y -= dy * hl * 0.7
	return run
}

// drape returns the points a stroke of layer l follows: ground strokes over
// terrain follow its surface, cut into pieces no longer than drapeStep. When
// it cuts, fades holds each point's position along the original polyline
// (0 at the first point, 1 at the last); otherwise fades is nil.
func (b *Builder) drape(pts []draw.Vec3, l draw.Layer) (out []draw.Vec3, fades []float32) {
	n := len(pts)
	t := b.terrain
	b.fades = b.fades[:0]
	if l != draw.Ground || t == nil {
		return pts, nil
	}
	out = b.clipWorld[:0]
	cut := false
	for i := range n {
		p := pts[i]
		if i > 0 && !t.flat {
			q := pts[i-1]
			dx, dy := p[0]-q[0], p[1]-q[1]
			if d2 := dx*dx + dy*dy; d2 > drapeStep*drapeStep && !cut {
				cut = true
				for k := range i { // the points so far, uncut
					b.fades = append(b.fades, float32(k)/float32(n-1))
				}
			}
			steps := 1
			if cut {
				steps = int(math.Ceil(math.Hypot(dx, dy) / drapeStep))
			}
			for k := 1; k < steps; k++ {
				f := float64(k) / float64(steps)
				x, y := q[0]+(p[0]-q[0])*f, q[1]+(p[1]-q[1])*f
				out = append(out, draw.Vec3{x, y, t.HeightAt(x, y)})
				b.fades = append(b.fades, (float32(i-1)+float32(f))/float32(n-1))
			}
		}
		out = append(out, draw.Vec3{p[0], p[1], t.HeightAt(p[0], p[1])})
		if cut {
			b.fades = append(b.fades, float32(i)/float32(n-1))
		}
	}
	b.clipWorld = out
	if !cut {
		return out, nil
	}
	return out, b.fades
}

// drapeInPlace sets each point's height to the terrain's.
func (b *Builder) drapeInPlace(pts []draw.Vec3) {
	if b.terrain == nil {
		return
	}
	for i, p := range pts {
		pts[i][2] = b.terrain.HeightAt(p[0], p[1])
	}
}

// circlePoints appends a horizontal circle's points, finely enough for its
// size on screen.
func (b *Builder) circlePoints(dst []draw.Vec3, center draw.Vec3, radius float64) []draw.Vec3 {
	px := radius / b.view.MetresPerPixel(center)
	n := int(math.Ceil(2 * math.Pi * px / circlePixelsPerSegment))
	n = min(max(n, minCircleSegments), maxCircleSegments)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		dst = append(dst, draw.Vec3{center[0] + radius*math.Sin(a), center[1] + radius*math.Cos(a), center[2]})
	}
	return dst
}

// fillWorld fills a planar convex world polygon, clipped to the near plane.
func (b *Builder) fillWorld(dst *mesh, pts []draw.Vec3, c rgba) {
	if c.a <= 0 {
		return
	}
	cp := b.clipA[:0]
	allIn := true
	for _, p := range pts {
		q := b.pr.clip(p)
		allIn = allIn && q.nearDist() >= 0
		cp = append(cp, q)
	}
	b.clipA = cp
	if !allIn {
		b.clipB = clipPolygon(cp, b.clipB)
		cp = b.clipB
	}
	sp := b.scrA[:0]
	for _, q := range cp {
		sp = append(sp, b.pr.screen(q))
	}
	dst.convex(sp, c)
	b.scrA = sp[:0]
}
