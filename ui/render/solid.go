// Solids: convex polyhedra (bodies, cylinders, boxes) built as faces, each
// face flat-shaded by its normal against a fixed light, projected, clipped
// to the near plane, back-face culled in screen space and appended to the
// solids pass as one unit the painter's sort can move whole. Solids of
// revolution are built from cached plans, so a frame of many bodies does no
// trigonometry or normal computation per face.

package render

import (
	"math"

	"glidepath/ui/draw"
)

// lightDir is the unit direction towards the light: from the north-west,
// high up, as maps are lit.
var lightDir = draw.Vec3{-0.35, 0.45, 0.82}.Normalize()

// shadeFor is the brightness of a face with unit normal n.
func shadeFor(n draw.Vec3) float32 {
	return float32(0.5 + 0.6*math.Max(0, n.Dot(lightDir)))
}

// face is one polygon of a solid: n indices from idx[first], counter-
// clockwise seen from outside, drawn in the solid's colour tint scaled by
// shade. A two-sided face is never culled.
type face struct {
	first, n int32
	shade    float32
	tint     uint8
	twoSided bool
}

// solidScratch holds one solid while it is being built and projected.
type solidScratch struct {
	pts   []draw.Vec3
	idx   []int32
	faces []face
	tints [2]rgba
	clip  []clipPt
	scr   []scr
	poly  []clipPt
	out   []clipPt
	sp    []scr
}

func (s *solidScratch) reset() {
	s.pts = s.pts[:0]
	s.idx = s.idx[:0]
	s.faces = s.faces[:0]
}

// addFace adds a polygon through the given point indices, shaded from its
// normal unless it is two-sided.
func (s *solidScratch) addFace(tint uint8, twoSided bool, idx ...int32) {
	first := int32(len(s.idx))
	s.idx = append(s.idx, idx...)
	shade := float32(1)
	if !twoSided {
		shade = shadeFor(newell(s.pts, idx))
	}
	s.faces = append(s.faces, face{first: first, n: int32(len(idx)), shade: shade, tint: tint, twoSided: twoSided})
}

// newell is the unit normal of a polygon by Newell's method (robust for
// any planar polygon, any vertex count).
func newell(pts []draw.Vec3, idx []int32) draw.Vec3 {
	var n draw.Vec3
	for k := range idx {
		p, q := pts[idx[k]], pts[idx[(k+1)%len(idx)]]
		n[0] += (p[1] - q[1]) * (p[2] + q[2])
		n[1] += (p[2] - q[2]) * (p[0] + q[0])
		n[2] += (p[0] - q[0]) * (p[1] + q[1])
	}
	l := n.Len()
	if l == 0 {
		return draw.Vec3{0, 0, 1}
	}
	return n.Mul(1 / l)
}

// solidRec places one solid's triangles in the sort.
type solidRec struct {
	depth       float64
	seq         int32
	first, last int32 // range of b.solids.i
}

// compareSolids orders farthest first, then in submission order.
func compareSolids(a, b solidRec) int {
	switch {
	case a.depth > b.depth:
		return -1
	case a.depth < b.depth:
		return 1
	}
	return int(a.seq - b.seq)
}

// beginSolid starts a solid's index range; endSolid closes it with its sort
// depth.
func (b *Builder) beginSolid() int32 { return int32(len(b.solids.i)) }

func (b *Builder) endSolid(first int32, center draw.Vec3) {
	last := int32(len(b.solids.i))
	if last == first {
		return
	}
	b.order = append(b.order, solidRec{depth: b.view.Depth(center), seq: int32(len(b.order)), first: first, last: last})
}

// emitSolid projects the scratch solid and appends its visible faces. When
// every vertex is in front of the near plane (the usual case) each vertex is
// projected once; otherwise each face is clipped on its own.
func (b *Builder) emitSolid() {
	s := &b.solid
	s.clip, s.scr = s.clip[:0], s.scr[:0]
	allIn := true
	for _, p := range s.pts {
		c := b.pr.clip(p)
		allIn = allIn && c.nearDist() >= 0
		s.clip = append(s.clip, c)
	}
	if allIn {
		for _, c := range s.clip {
			s.scr = append(s.scr, b.pr.screen(c))
		}
	}
	m := &b.solids
	for _, f := range s.faces {
		idx := s.idx[f.first : f.first+f.n]
		sp := s.sp[:0]
		if allIn {
			for _, i := range idx {
				sp = append(sp, s.scr[i])
			}
		} else {
			poly := s.poly[:0]
			for _, i := range idx {
				poly = append(poly, s.clip[i])
			}
			s.poly = poly
			s.out = clipPolygon(poly, s.out)
			for _, c := range s.out {
				sp = append(sp, b.pr.screen(c))
			}
		}
		s.sp = sp
		if len(sp) < 3 || !f.twoSided && !frontFacing(sp) || b.pr.offscreen(sp) {
			continue
		}
		col := s.tints[f.tint].shade(f.shade)
		base := uint32(len(m.v))
		for _, p := range sp {
			m.vert(p.x, p.y, col)
		}
		for k := uint32(1); k+1 < uint32(len(sp)); k++ {
			m.tri(base, base+k, base+k+1)
		}
	}
}

// ring is one circle of a solid of revolution: radius and height above the
// base.
type ring struct{ r, z float64 }

// lathePlan is the cached topology and shading of a solid of revolution
// with a given number of segments and profile shape. Its faces' normals do
// not change when the rings are scaled per hemisphere or stretched
// vertically between them, so one plan serves every size.
type lathePlan struct {
	segs     int
	cos, sin []float64
	poles    []bool // per ring
	idx      []int32
	faces    []face
}

// newLathePlan builds the plan for the ring profile sample (which fixes the
// normals) with segs segments around.
func newLathePlan(sample []ring, segs int) *lathePlan {
	p := &lathePlan{segs: segs}
	for k := range segs {
		a := 2 * math.Pi * float64(k) / float64(segs)
		p.cos = append(p.cos, math.Cos(a))
		p.sin = append(p.sin, math.Sin(a))
	}
	var s solidScratch
	p.place(&s, draw.Vec3{}, sample)
	starts := make([]int32, len(sample))
	n := int32(0)
	for j, rg := range sample {
		starts[j] = n
		p.poles = append(p.poles, rg.r == 0)
		if rg.r == 0 {
			n++
		} else {
			n += int32(segs)
		}
	}
	seg := int32(segs)
	at := func(j int, k int32) int32 {
		if sample[j].r == 0 {
			return starts[j]
		}
		return starts[j] + k%seg
	}
	for j := 0; j+1 < len(sample); j++ {
		for k := range seg {
			a0, a1 := at(j, k), at(j, k+1)
			b0, b1 := at(j+1, k), at(j+1, k+1)
			switch {
			case sample[j].r == 0:
				s.addFace(0, false, a0, b1, b0)
			case sample[j+1].r == 0:
				s.addFace(0, false, a0, a1, b0)
			default:
				s.addFace(0, false, a0, a1, b1, b0)
			}
		}
	}
	capFace := func(j int, reverse bool) {
		idx := make([]int32, segs)
		for k := range seg {
			if reverse {
				idx[k] = starts[j] + seg - 1 - k
			} else {
				idx[k] = starts[j] + k
			}
		}
		s.addFace(0, false, idx...)
	}
	if sample[0].r > 0 {
		capFace(0, true)
	}
	if last := len(sample) - 1; sample[last].r > 0 {
		capFace(last, false)
	}
	p.idx, p.faces = s.idx, s.faces
	return p
}

// place appends the plan's vertices for rings about base to s.pts.
func (p *lathePlan) place(s *solidScratch, base draw.Vec3, rings []ring) {
	for _, rg := range rings {
		if rg.r == 0 {
			s.pts = append(s.pts, draw.Vec3{base[0], base[1], base[2] + rg.z})
			continue
		}
		for k := range p.segs {
			s.pts = append(s.pts, draw.Vec3{base[0] + rg.r*p.cos[k], base[1] + rg.r*p.sin[k], base[2] + rg.z})
		}
	}
}

// lathe adds a solid of revolution from a cached plan: its vertices for
// rings about base, and its faces in tint 0.
func (s *solidScratch) lathe(p *lathePlan, base draw.Vec3, rings []ring) {
	off := int32(len(s.pts))
	p.place(s, base, rings)
	first := int32(len(s.idx))
	for _, i := range p.idx {
		s.idx = append(s.idx, i+off)
	}
	for _, f := range p.faces {
		f.first += first
		s.faces = append(s.faces, f)
	}
}

// box adds an axis-aligned box in tint 0.
func (s *solidScratch) box(lo, hi draw.Vec3) {
	o := int32(len(s.pts))
	for i := range 8 {
		s.pts = append(s.pts, draw.Vec3{pick(i&1, lo[0], hi[0]), pick(i&2, lo[1], hi[1]), pick(i&4, lo[2], hi[2])})
	}
	for _, f := range [6][4]int32{
		{0, 2, 3, 1}, // bottom
		{4, 5, 7, 6}, // top
		{0, 1, 5, 4}, // south
		{2, 6, 7, 3}, // north
		{0, 4, 6, 2}, // west
		{1, 3, 7, 5}, // east
	} {
		s.addFace(0, false, o+f[0], o+f[1], o+f[2], o+f[3])
	}
}

func pick(bit int, a, b float64) float64 {
	if bit != 0 {
		return b
	}
	return a
}
