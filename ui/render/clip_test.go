// Tests of near-plane clipping and culling.

package render

import (
	"math"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

func TestClipPolygon_NearPlane(t *testing.T) {
	in := func(z float64) clipPt { return clipPt{x: z, y: 0, z: z, w: 1, a: 1} } // visible when z ≥ -1
	tests := []struct {
		name  string
		poly  []clipPt
		wantN int
	}{
		{"all in front", []clipPt{in(0), in(0.5), in(1)}, 3},
		{"one behind", []clipPt{in(-2), in(0), in(1)}, 4},
		{"two behind", []clipPt{in(-2), in(-3), in(1)}, 3},
		{"all behind", []clipPt{in(-2), in(-3), in(-4)}, 0},
		{"quad, half behind", []clipPt{in(-2), in(-2), in(2), in(2)}, 4},
	}
	for _, tt := range tests {
		got := clipPolygon(tt.poly, nil)
		if len(got) != tt.wantN {
			t.Errorf("%s: %d vertices, want %d", tt.name, len(got), tt.wantN)
		}
		for _, p := range got {
			if p.nearDist() < -1e-12 {
				t.Errorf("%s: clipped vertex %+v is behind the near plane", tt.name, p)
			}
		}
	}
}

func TestNearCross_InterpolatesFade(t *testing.T) {
	p := clipPt{z: -3, w: 1, a: 0} // nearDist -2
	q := clipPt{z: 1, w: 1, a: 1}  // nearDist 2
	x := nearCross(p, q)
	if math.Abs(x.nearDist()) > 1e-12 || math.Abs(float64(x.a)-0.5) > 1e-6 {
		t.Errorf("crossing %+v: want nearDist 0 and fade 0.5", x)
	}
}

func TestFrontFacing_CounterClockwiseFromAboveFacesATopDownCamera(t *testing.T) {
	c := camera.New(lbA9B4)
	v := c.View(vp1280)
	pr := newProjector(&v)
	// Counter-clockwise seen from above (+Z): its front faces the camera.
	ccw := []draw.Vec3{lbA9B4, lbA9B4.Add(draw.Vec3{10, 0, 0}), lbA9B4.Add(draw.Vec3{0, 10, 0})}
	var sp []scr
	for _, p := range ccw {
		sp = append(sp, pr.screen(pr.clip(p)))
	}
	if !frontFacing(sp) {
		t.Error("a counter-clockwise polygon seen from its front was culled")
	}
	sp[1], sp[2] = sp[2], sp[1]
	if frontFacing(sp) {
		t.Error("a polygon seen from its back was not culled")
	}
}

func TestOffscreen(t *testing.T) {
	v := camera.New(lbA9B4).View(camera.Viewport{X: 10, Y: 20, W: 100, H: 100})
	pr := newProjector(&v)
	tests := []struct {
		pts  []scr
		want bool
	}{
		{[]scr{{x: 0, y: 50}, {x: 5, y: 60}, {x: 9, y: 70}}, true},       // left of x=10
		{[]scr{{x: 0, y: 50}, {x: 50, y: 60}, {x: 9, y: 70}}, false},     // straddles
		{[]scr{{x: 20, y: 121}, {x: 50, y: 130}, {x: 90, y: 200}}, true}, // below
		{[]scr{{x: -50, y: -50}, {x: 500, y: -50}, {x: 0, y: 500}}, false},
	}
	for i, tt := range tests {
		if got := pr.offscreen(tt.pts); got != tt.want {
			t.Errorf("case %d: offscreen = %v, want %v", i, got, tt.want)
		}
	}
}
