// Screen-space strokes: polylines as quads with mitred joins and a 1 px alpha
// fringe each side (close to anti-aliased at a fraction of the cost, see
// notes/viewport.md), convex fills with the same fringe, and arrowheads.

package render

import (
	"math"
)

// Stroke geometry limits.
const (
	// maxMiter bounds how far a sharp join's mitre may reach, in half widths.
	maxMiter = 3
	// minSegment is the shortest screen segment a fill keeps, pixels;
	// shorter ones merge into their neighbour so normals stay defined.
	minSegment = 0.05
	// minStrokeSegment is the shortest segment a stroke keeps: points
	// closer than a pixel add vertices and no visible detail.
	minStrokeSegment = 1.0
)

// normal is the unit left-hand perpendicular of p→q (screen axes).
func normal(p, q scr) (float32, float32) {
	dx, dy := q.x-p.x, q.y-p.y
	l := float32(math.Sqrt(float64(dx*dx + dy*dy)))
	return -dy / l, dx / l
}

// miter returns the offset direction at a join of two unit normals, scaled
// so the stroke keeps its width along both segments.
func miter(ax, ay, bx, by float32) (float32, float32) {
	mx, my := ax+bx, ay+by
	l := float32(math.Sqrt(float64(mx*mx + my*my)))
	if l < 1e-4 {
		return ax, ay // a full turn back: no join to mitre
	}
	mx, my = mx/l, my/l
	k := 1 / max(mx*ax+my*ay, 1.0/maxMiter)
	return mx * k, my * k
}

// dedupe drops points closer than tol pixels to the previous kept point and
// returns the shortened slice. The last point is always kept where it is
// (it replaces a kept point too close to it), so strokes end exactly.
func dedupe(pts []scr, tol float32) []scr {
	if len(pts) < 2 {
		return pts
	}
	n := 1
	last := len(pts) - 1
	for i, p := range pts[1:] {
		q := pts[n-1]
		if dx, dy := p.x-q.x, p.y-q.y; dx*dx+dy*dy < tol*tol {
			if i+1 == last && n > 1 {
				pts[n-1] = p
			}
			continue
		}
		pts[n] = p
		n++
	}
	return pts[:n]
}

// polyline appends a stroke through pts, width pixels wide plus a 1 px
// fringe each side, coloured c scaled by each point's fade. A closed
// polyline joins its last point back to its first.
func (m *mesh) polyline(pts []scr, closed bool, width float32, c rgba) {
	pts = dedupe(pts, minStrokeSegment)
	if closed && len(pts) > 2 {
		if f, l := pts[0], pts[len(pts)-1]; (f.x-l.x)*(f.x-l.x)+(f.y-l.y)*(f.y-l.y) < minStrokeSegment*minStrokeSegment {
			pts = pts[:len(pts)-1]
		}
	}
	n := len(pts)
	if n < 2 {
		return
	}
	if n < 3 {
		closed = false
	}
	// Core half width; a stroke thinner than 1 px keeps a 1 px profile and
	// fades instead.
	h := max(width-1, 0) / 2
	if width < 1 {
		c = c.scale(max(width, 0))
	}
	thin := h < 0.01
	cols := 4
	if thin {
		cols = 3
	}
	segs := n - 1
	if closed {
		segs = n
	}
	base := len(m.v)
	m.v = room(m.v, n*cols)[:base+n*cols]
	vs := m.v[base:]
	o := h + 1
	// Segment normals are computed once each: inx, iny is the normal of the
	// segment arriving at point i.
	var inx, iny float32
	if closed {
		inx, iny = normal(pts[n-1], pts[0])
	}
	for i := range n {
		p := pts[i]
		var nx, ny, outx, outy float32
		if i+1 < n {
			outx, outy = normal(p, pts[i+1])
		} else if closed {
			outx, outy = normal(p, pts[0])
		}
		switch {
		case i == 0 && !closed:
			nx, ny = outx, outy
		case i == n-1 && !closed:
			nx, ny = inx, iny
		default:
			nx, ny = miter(inx, iny, outx, outy)
		}
		inx, iny = outx, outy
		ca := c.scale(p.a)
		v := vs[i*cols : i*cols+cols]
		v[0] = vertex(p.x+nx*o, p.y+ny*o, rgba{})
		if thin {
			v[1] = vertex(p.x, p.y, ca)
		} else {
			v[1] = vertex(p.x+nx*h, p.y+ny*h, ca)
			v[2] = vertex(p.x-nx*h, p.y-ny*h, ca)
		}
		v[cols-1] = vertex(p.x-nx*o, p.y-ny*o, rgba{})
	}
	ib := len(m.i)
	strips := cols - 1
	m.i = room(m.i, segs*strips*6)[:ib+segs*strips*6]
	is := m.i[ib:]
	for s := range segs {
		a := uint32(base + s*cols)
		b := uint32(base + (s+1)%n*cols)
		for k := range uint32(strips) {
			q := is[(s*strips+int(k))*6:]
			q[0], q[1], q[2] = a+k, b+k, b+k+1
			q[3], q[4], q[5] = a+k, b+k+1, a+k+1
		}
	}
}

// convex appends a filled convex screen polygon with a 1 px outer fringe.
func (m *mesh) convex(pts []scr, c rgba) {
	pts = dedupe(pts, minSegment)
	n := len(pts)
	if n < 3 {
		return
	}
	// Outward normals are the left-hand ones for a polygon of negative
	// signed area (clockwise on a y-down screen reads counter-clockwise).
	sign := float32(1)
	if signedArea2(pts) > 0 {
		sign = -1
	}
	base := uint32(len(m.v))
	for i := range n {
		p := pts[i]
		ax, ay := normal(pts[(i+n-1)%n], p)
		bx, by := normal(p, pts[(i+1)%n])
		mx, my := miter(ax, ay, bx, by)
		mx, my = mx*sign, my*sign
		m.vert(p.x, p.y, c)
		m.vert(p.x+mx, p.y+my, rgba{})
	}
	for i := 1; i+1 < n; i++ {
		m.tri(base, base+uint32(2*i), base+uint32(2*i+2))
	}
	for i := range n {
		a, b := base+uint32(2*i), base+uint32(2*((i+1)%n))
		m.quad(a, b, b+1, a+1)
	}
}

// arrowHeadLength is the length of an arrowhead for a stroke width.
func arrowHeadLength(width float32) float32 { return max(9, 3*width+5) }

// arrowHead appends a filled arrowhead whose tip is at tip, pointing along
// the unit vector (dx, dy), length l pixels.
func (m *mesh) arrowHead(tip scr, dx, dy, l float32, c rgba, tmp []scr) []scr {
	bx, by := tip.x-dx*l, tip.y-dy*l
	px, py := -dy*l*0.45, dx*l*0.45
	tmp = append(tmp[:0],
		tip,
		scr{x: bx + px, y: by + py, a: 1},
		scr{x: bx - px, y: by - py, a: 1},
	)
	m.convex(tmp, c.scale(tip.a))
	return tmp
}
