package overlay

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model/modeltest"
)

// strokes returns the recorded ops of kind k in colour col.
func strokesOf(r *draw.Recorder, k draw.OpKind, col [4]uint8) []draw.Op {
	var out []draw.Op
	for _, op := range r.Of(k) {
		c := op.Stroke.Color
		if [4]uint8{c.R, c.G, c.B, c.A} == col {
			out = append(out, op)
		}
	}
	return out
}

func rgba(c interface{ RGBA() (r, g, b, a uint32) }) [4]uint8 {
	r, g, b, a := c.RGBA()
	return [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// The spheres are drawn at the Setup's radii and centres, turned with the
// body (the sphere path's global spheres: ACE SpherePath.cs
// InitPath/CacheGlobalSphere, centre = frame.LocalToGlobal(sphere.Center)).
func TestCollision_SpheresAtSetupRadii(t *testing.T) {
	s := knownSnapshot()
	a := &s.Objects[0]
	// Facing east (heading 90): a sphere 0.2 m ahead of the origin along
	// the body's +Y ends up 0.2 m east of it.
	a.Position = modeltest.InCell(a.Position.Cell, pos(a), 90)
	a.Spheres[0] = physics.Sphere{Center: mgl32.Vec3{0, 0.2, 0.48}, Radius: 0.48}
	a.Spheres[1] = physics.Sphere{Center: mgl32.Vec3{0, 0, 1.35}, Radius: 0.31}
	a.NumSpheres = 2
	sc := newScene(s)
	sc.Selected = guidA
	r := record(sc, 1<<Spheres)
	circles := strokesOf(r, draw.OpCircle, rgba(SphereColor))
	if len(circles) != 2 {
		t.Fatalf("%d sphere circles, want 2", len(circles))
	}
	base := pos(a)
	want := []struct {
		c draw.Vec3
		r float64
	}{{base.Add(draw.Vec3{0.2, 0, 0.48}), 0.48}, {base.Add(draw.Vec3{0, 0, 1.35}), 0.31}}
	for k, w := range want {
		got := circles[k]
		if math.Abs(got.Radius-w.r) > 1e-6 || got.Points[0].Sub(w.c).Len() > 1e-4 {
			t.Errorf("sphere %d: circle at %v radius %.3f, want %v radius %.3f", k, got.Points[0], got.Radius, w.c, w.r)
		}
	}
	// Each sphere's two vertical great circles pass through its top.
	polys := strokesOf(r, draw.OpPolyline, rgba(SphereColor))
	if len(polys) != 4 {
		t.Fatalf("%d vertical circles, want 4", len(polys))
	}
	for k, p := range polys {
		w := want[k/2]
		top := w.c.Add(draw.Vec3{0, 0, w.r})
		if p.Points[sphereSegments/4].Sub(top).Len() > 1e-4 {
			t.Errorf("great circle %d: a quarter of the way round at %v, want the top %v", k, p.Points[sphereSegments/4], top)
		}
	}
	// Only the selection's spheres: with nothing selected, none.
	sc.Selected = 0
	if n := len(strokesOf(record(sc, 1<<Spheres), draw.OpCircle, rgba(SphereColor))); n != 0 {
		t.Errorf("%d sphere circles without a selection, want 0", n)
	}
	// Off (the default), none.
	sc.Selected = guidA
	if n := len(strokesOf(record(sc, Default), draw.OpCircle, rgba(SphereColor))); n != 0 {
		t.Errorf("%d sphere circles with the default layers, want 0", n)
	}
}

// The contact plane's square lies in the plane, under the body; a 30°
// slope's square is tilted by 30°.
func TestCollision_ContactPlaneOnASlope(t *testing.T) {
	s := knownSnapshot()
	a := &s.Objects[0]
	// A plane rising 30° to the east through the body's local point
	// (100, 50) at z 2: n = (-sin30, 0, cos30), d = -n·p.
	sin, cos := math.Sin(math.Pi/6), math.Cos(math.Pi/6)
	n := mgl32.Vec3{float32(-sin), 0, float32(cos)}
	p := mgl32.Vec3{100, 50, 2}
	a.ContactPlane = physics.Plane{N: n, D: -n.Dot(p)}
	a.ContactPlaneCell = a.Position.Cell
	sc := newScene(s)
	sc.Selected = guidA
	r := record(sc, 1<<ContactPlane)
	sq := strokesOf(r, draw.OpPolyline, rgba(ContactPlaneColor))
	if len(sq) != 1 || len(sq[0].Points) != 5 {
		t.Fatalf("contact square: %d polylines, want one closed square", len(sq))
	}
	foot := lb.Add(draw.Vec3{100, 50, 2})
	for k, c := range sq[0].Points {
		// In the plane: n·(c−foot) = 0.
		d := c.Sub(foot)
		if math.Abs(d[0]*-sin+d[2]*cos) > 1e-4 {
			t.Errorf("corner %d %v is %.4f m off the plane", k, c, d[0]*-sin+d[2]*cos)
		}
		if math.Abs(d.Len()-ContactPatch/math.Sqrt2) > 1e-4 {
			t.Errorf("corner %d is %.3f m from the foot, want %.3f", k, d.Len(), ContactPatch/math.Sqrt2)
		}
	}
	arrows := strokesOf(r, draw.OpArrow, rgba(ContactPlaneColor))
	if len(arrows) != 1 || arrows[0].Points[0].Sub(foot).Len() > 1e-4 {
		t.Fatalf("normal arrow %v, want one from the foot %v", arrows, foot)
	}
	if tip := arrows[0].Points[1].Sub(foot); math.Abs(tip[0]+ContactNormalLength*sin) > 1e-4 || math.Abs(tip[2]-ContactNormalLength*cos) > 1e-4 {
		t.Errorf("normal arrow %v, want %.2f m along the plane's normal", tip, ContactNormalLength)
	}
	// Out of contact there is no contact plane to draw.
	a.Contact = false
	if n := len(strokesOf(record(sc, 1<<ContactPlane), draw.OpPolyline, rgba(ContactPlaneColor))); n != 0 {
		t.Errorf("%d ops out of contact, want 0", n)
	}
}

// The sliding normal is drawn only while sliding, from the body's middle.
func TestCollision_SlidingNormal(t *testing.T) {
	s := knownSnapshot()
	a := &s.Objects[0]
	sc := newScene(s)
	sc.Selected = guidA
	if n := len(strokesOf(record(sc, 1<<SlidingNormal), draw.OpArrow, rgba(SlidingNormalColor))); n != 0 {
		t.Fatalf("%d ops while not sliding, want 0", n)
	}
	a.Sliding, a.SlidingNormal = true, mgl32.Vec3{0, -2, 0} // a wall to the north, facing south
	arrows := strokesOf(record(sc, 1<<SlidingNormal), draw.OpArrow, rgba(SlidingNormalColor))
	if len(arrows) != 1 {
		t.Fatalf("%d arrows, want 1", len(arrows))
	}
	mid := pos(a).Add(draw.Vec3{0, 0, 0.9})
	if arrows[0].Points[0].Sub(mid).Len() > 1e-6 || arrows[0].Points[1].Sub(mid.Add(draw.Vec3{0, -SlidingNormalLength, 0})).Len() > 1e-6 {
		t.Errorf("arrow %v, want %v → 1 m south", arrows[0].Points, mid)
	}
}
