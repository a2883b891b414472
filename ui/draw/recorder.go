// Recorder: a Canvas that keeps every primitive as plain data, in call
// order, so overlay logic can be tested without a display (STYLE.md point 3).

package draw

import (
	"image/color"
	"slices"
)

// OpKind names the Canvas method an Op records.
type OpKind uint8

// One kind per Canvas method.
const (
	OpLine OpKind = iota
	OpPolyline
	OpArrow
	OpCircle
	OpDisc
	OpMarker
	OpText
	OpBody
	OpTag
	OpPolygon
)

// String names the kind after its Canvas method.
func (k OpKind) String() string {
	switch k {
	case OpLine:
		return "Line"
	case OpPolyline:
		return "Polyline"
	case OpArrow:
		return "Arrow"
	case OpCircle:
		return "Circle"
	case OpDisc:
		return "Disc"
	case OpMarker:
		return "Marker"
	case OpText:
		return "Text"
	case OpBody:
		return "Body"
	case OpTag:
		return "Tag"
	case OpPolygon:
		return "Polygon"
	}
	return "unknown"
}

// Op is one recorded Canvas call. Only the fields its Kind uses are set.
type Op struct {
	Kind OpKind
	// Points: Line a, b; Polyline and Polygon their points (copies); Arrow from, to;
	// Circle, Disc, Marker, Text, Tag the single anchor point.
	Points []Vec3
	// Radius of a Circle or Disc, metres.
	Radius float64
	// Stroke of a Line, Polyline, Arrow or Circle.
	Stroke Stroke
	// Color of a Disc, Polygon, Text or Tag.
	Color color.RGBA
	// Layer of a Disc or Polygon (strokes carry theirs in Stroke).
	Layer  Layer
	Marker Marker
	Text   string
	Body   Body
}

// Recorder records Canvas calls into Ops.
type Recorder struct {
	Ops []Op
}

var _ Canvas = (*Recorder)(nil)

// Reset forgets the recorded ops.
func (r *Recorder) Reset() { r.Ops = r.Ops[:0] }

// Of returns the recorded ops of one kind, in call order.
func (r *Recorder) Of(k OpKind) []Op {
	var out []Op
	for _, op := range r.Ops {
		if op.Kind == k {
			out = append(out, op)
		}
	}
	return out
}

// Count returns how many ops of kind k were recorded.
func (r *Recorder) Count(k OpKind) int {
	n := 0
	for _, op := range r.Ops {
		if op.Kind == k {
			n++
		}
	}
	return n
}

// Line records a segment.
func (r *Recorder) Line(a, b Vec3, s Stroke) {
	r.Ops = append(r.Ops, Op{Kind: OpLine, Points: []Vec3{a, b}, Stroke: s})
}

// Polyline records a copy of pts.
func (r *Recorder) Polyline(pts []Vec3, s Stroke) {
	r.Ops = append(r.Ops, Op{Kind: OpPolyline, Points: slices.Clone(pts), Stroke: s})
}

// Arrow records an arrow.
func (r *Recorder) Arrow(from, to Vec3, s Stroke) {
	r.Ops = append(r.Ops, Op{Kind: OpArrow, Points: []Vec3{from, to}, Stroke: s})
}

// Circle records a circle outline.
func (r *Recorder) Circle(center Vec3, radius float64, s Stroke) {
	r.Ops = append(r.Ops, Op{Kind: OpCircle, Points: []Vec3{center}, Radius: radius, Stroke: s})
}

// Disc records a filled circle.
func (r *Recorder) Disc(center Vec3, radius float64, c color.RGBA, l Layer) {
	r.Ops = append(r.Ops, Op{Kind: OpDisc, Points: []Vec3{center}, Radius: radius, Color: c, Layer: l})
}

// Polygon records a copy of pts.
func (r *Recorder) Polygon(pts []Vec3, c color.RGBA, l Layer) {
	r.Ops = append(r.Ops, Op{Kind: OpPolygon, Points: slices.Clone(pts), Color: c, Layer: l})
}

// Marker records a marker.
func (r *Recorder) Marker(at Vec3, m Marker) {
	r.Ops = append(r.Ops, Op{Kind: OpMarker, Points: []Vec3{at}, Marker: m})
}

// Text records a label.
func (r *Recorder) Text(at Vec3, s string, c color.RGBA) {
	r.Ops = append(r.Ops, Op{Kind: OpText, Points: []Vec3{at}, Text: s, Color: c})
}

// Tag records a label right of a point.
func (r *Recorder) Tag(at Vec3, s string, c color.RGBA) {
	r.Ops = append(r.Ops, Op{Kind: OpTag, Points: []Vec3{at}, Text: s, Color: c})
}

// Body records a body.
func (r *Recorder) Body(b Body) {
	r.Ops = append(r.Ops, Op{Kind: OpBody, Body: b})
}
