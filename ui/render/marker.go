// Markers: fixed-size screen-space symbols (dots, rings, squares, diamonds,
// crosses, progress arcs, bursts) drawn as quads shaded by a small Kage
// distance-field shader, cheaper than tessellating them (notes/viewport.md).
// Each quad's vertices carry the pixel offset from the marker's centre in
// SrcX/SrcY and the radius, shape and progress in Custom0..2.

package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"glidepath/ui/draw"
)

// markerMargin is the quad's extra reach beyond the radius, pixels, so the
// shader's anti-aliased edge and rim are not cut off.
const markerMargin = 2

// Marker draws a screen-space symbol at a world point.
func (b *Builder) Marker(at draw.Vec3, mk draw.Marker) {
	if !(mk.Radius > 0) {
		return
	}
	c := toRGBA(mk.Color)
	if c.a <= 0 {
		return
	}
	p := b.pr.clip(at)
	if !p.inFront() {
		return
	}
	s := b.pr.screen(p)
	e := mk.Radius + markerMargin
	if float64(s.x+e) < b.pr.minX || float64(s.x-e) > b.pr.maxX || float64(s.y+e) < b.pr.minY || float64(s.y-e) > b.pr.maxY {
		return
	}
	m := &b.passes[PassMarkers]
	base := uint32(len(m.v))
	m.v = room(m.v, 4)
	for _, k := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		m.v = append(m.v, ebiten.Vertex{
			DstX: s.x + k[0]*e, DstY: s.y + k[1]*e,
			SrcX: k[0] * e, SrcY: k[1] * e,
			ColorR: c.r, ColorG: c.g, ColorB: c.b, ColorA: c.a,
			Custom0: mk.Radius, Custom1: float32(mk.Shape), Custom2: mk.Progress,
		})
	}
	m.quad(base, base+1, base+2, base+3)
}

// markerShader is the Kage source of the marker shader. Shape numbers are
// draw.MarkerShape values; filled shapes get a dark rim so they read on
// any ground.
const markerShader = `//kage:unit pixels

package main

func segmentDistance(p, a, b vec2) float {
	pa := p - a
	ba := b - a
	h := clamp(dot(pa, ba)/dot(ba, ba), 0, 1)
	return length(pa - ba*h)
}

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	p := srcPos
	r := custom.x
	shape := custom.y
	progress := custom.z
	lw := max(1.5, r*0.22)
	filled := false
	k := 1.0
	d := 0.0
	if shape < 0.5 { // dot
		d = length(p) - r
		filled = true
	} else if shape < 1.5 { // ring
		d = abs(length(p)-(r-lw*0.5)) - lw*0.5
	} else if shape < 2.5 { // square
		q := abs(p)
		d = max(q.x, q.y) - r*0.86
		filled = true
	} else if shape < 3.5 { // diamond
		q := abs(p)
		d = (q.x + q.y - r) * 0.7071
		filled = true
	} else if shape < 4.5 { // cross
		q := abs(p)
		d = max(abs(q.x-q.y)*0.7071-lw*0.5, max(q.x, q.y)-r*0.75)
	} else if shape < 5.5 { // arc: clockwise from screen-up over progress
		d = abs(length(p)-(r-lw*0.5)) - lw*0.5
		a := atan2(p.x, -p.y)
		if a < 0 {
			a += 6.2831853
		}
		if a > progress*6.2831853 {
			k = 0.3
		}
	} else { // burst: eight rays
		a := atan2(p.y, p.x)
		ang := floor(a/0.78539816+0.5) * 0.78539816
		dir := vec2(cos(ang), sin(ang))
		d = segmentDistance(p, dir*r*0.35, dir*r) - lw*0.5
	}
	cover := clamp(0.5-d, 0, 1) * k
	if filled {
		inner := clamp(0.5-(d+1.25), 0, 1)
		rim := vec4(0, 0, 0, 0.75) * color.a
		return (color*inner + rim*(1-inner)) * cover
	}
	return color * cover
}
`
