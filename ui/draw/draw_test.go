// Tests of the draw package: colour fading and the Recorder.

package draw

import (
	"image/color"
	"testing"
)

// drawQueue is the kind of overlay logic the recorder exists for: a path
// through waypoints, each numbered, the head highlighted.
func drawQueue(c Canvas, pts []Vec3, labels []string) {
	c.Polyline(pts, Stroke{Width: 2, Color: color.RGBA{0, 200, 255, 255}})
	for i, p := range pts {
		m := Marker{Shape: Dot, Radius: 4, Color: color.RGBA{0, 200, 255, 255}}
		if i == 0 {
			m.Shape, m.Radius = Diamond, 7
		}
		c.Marker(p, m)
		c.Text(p, labels[i], color.RGBA{255, 255, 255, 255})
	}
}

func TestRecorder_RecordsCallsInOrder(t *testing.T) {
	var r Recorder
	pts := []Vec3{{0, 0, 0}, {1, 0, 0}, {2, 1, 0}}
	drawQueue(&r, pts, []string{"1", "2", "3"})

	wantKinds := []OpKind{OpPolyline, OpMarker, OpText, OpMarker, OpText, OpMarker, OpText}
	if len(r.Ops) != len(wantKinds) {
		t.Fatalf("got %d ops, want %d", len(r.Ops), len(wantKinds))
	}
	for i, k := range wantKinds {
		if r.Ops[i].Kind != k {
			t.Errorf("op %d: kind %v, want %v", i, r.Ops[i].Kind, k)
		}
	}
	if got := r.Of(OpMarker)[0].Marker.Shape; got != Diamond {
		t.Errorf("head marker shape %v, want diamond", got)
	}
	if got := r.Count(OpText); got != 3 {
		t.Errorf("Count(OpText) = %d, want 3", got)
	}
	if got := r.Of(OpText)[2].Text; got != "3" {
		t.Errorf("third label %q, want \"3\"", got)
	}
}

func TestRecorder_PolylineCopiesPoints(t *testing.T) {
	var r Recorder
	pts := []Vec3{{0, 0, 0}, {1, 0, 0}}
	r.Polyline(pts, Stroke{Width: 1})
	pts[1] = Vec3{9, 9, 9}
	if got := r.Ops[0].Points[1]; got != (Vec3{1, 0, 0}) {
		t.Errorf("recorded point changed with the caller's slice: %v", got)
	}
	r.Reset()
	if len(r.Ops) != 0 {
		t.Errorf("Reset left %d ops", len(r.Ops))
	}
}

func TestRecorder_EveryMethodRecordsItsKind(t *testing.T) {
	var r Recorder
	p, q := Vec3{1, 2, 3}, Vec3{4, 5, 6}
	red := color.RGBA{255, 0, 0, 255}
	r.Line(p, q, Stroke{Width: 1})
	r.Polyline([]Vec3{p, q}, Stroke{})
	r.Arrow(p, q, Stroke{})
	r.Circle(p, 20, Stroke{Layer: Ground})
	r.Disc(p, 2, red, Ground)
	r.Marker(p, Marker{Shape: Arc, Progress: 0.5})
	r.Text(p, "x", red)
	r.Body(Body{ID: 7, Pos: p, Radius: 0.5, Height: 1.8})
	for k := OpLine; k <= OpBody; k++ {
		if r.Count(k) != 1 {
			t.Errorf("%v recorded %d times, want 1", k, r.Count(k))
		}
	}
	if got := r.Of(OpArrow)[0].Points; got[0] != p || got[1] != q {
		t.Errorf("arrow points %v, want %v→%v", got, p, q)
	}
	if got := r.Of(OpCircle)[0]; got.Radius != 20 || got.Stroke.Layer != Ground {
		t.Errorf("circle %+v, want radius 20 on the ground", got)
	}
	if got := r.Of(OpBody)[0].Body.ID; got != 7 {
		t.Errorf("body id %d, want 7", got)
	}
}

func TestFade(t *testing.T) {
	c := color.RGBA{200, 100, 50, 255}
	tests := []struct {
		a    float32
		want color.RGBA
	}{
		{1, c},
		{2, c},
		{0, color.RGBA{}},
		{-1, color.RGBA{}},
		{0.5, color.RGBA{100, 50, 25, 128}},
	}
	for _, tt := range tests {
		if got := Fade(c, tt.a); got != tt.want {
			t.Errorf("Fade(%v, %v) = %v, want %v", c, tt.a, got, tt.want)
		}
	}
}

func TestShapeAndKindNames(t *testing.T) {
	if Arc.String() != "arc" || MarkerShape(99).String() != "unknown" {
		t.Errorf("marker shape names wrong: %v %v", Arc, MarkerShape(99))
	}
	if OpBody.String() != "Body" || OpKind(99).String() != "unknown" {
		t.Errorf("op kind names wrong: %v %v", OpBody, OpKind(99))
	}
}
