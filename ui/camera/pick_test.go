// Tests of ray picking against bounding spheres.

package camera

import "testing"

func TestPick_NearestHitWins(t *testing.T) {
	for _, m := range allModes {
		t.Run(m.String(), func(t *testing.T) {
			target := lbA9B4.Add(Vec3{96, 96, 0})
			c := camAt(m, target)
			c.Span = 60
			v := c.View(vp800)
			// Two bodies on the line of sight through the target: the one
			// nearer the eye is picked whatever the order of the list.
			front := Sphere{ID: 1, Center: target.Sub(v.Forward.Mul(10)), Radius: 1}
			back := Sphere{ID: 2, Center: target.Add(v.Forward.Mul(10)), Radius: 1}
			x, y, _ := v.Project(target)
			for _, list := range [][]Sphere{{front, back}, {back, front}} {
				if id, ok := v.Pick(x, y, list, 0); !ok || id != 1 {
					t.Errorf("picked %d (%v), want the nearer body 1", id, ok)
				}
			}
			// A miss off to the side.
			if id, ok := v.Pick(x+200, y, []Sphere{front, back}, MinPickPixels); ok {
				t.Errorf("picked %d 200 px away from any body", id)
			}
		})
	}
}

func TestPick_MinimumScreenRadiusKeepsSmallBodiesClickable(t *testing.T) {
	target := lbA9B4.Add(Vec3{96, 96, 0})
	c := New(target)
	c.Span = 6000 // 10 m per pixel: a 0.5 m body is a twentieth of a pixel
	v := c.View(vp800)
	s := []Sphere{{ID: 7, Center: target, Radius: 0.5}}
	x, y, _ := v.Project(target)
	if _, ok := v.Pick(x+4, y, s, 0); ok {
		t.Error("picked a sub-pixel body 4 px away with no minimum radius")
	}
	if id, ok := v.Pick(x+4, y, s, MinPickPixels); !ok || id != 7 {
		t.Errorf("4 px away with a %v px minimum: picked %d (%v), want 7", MinPickPixels, id, ok)
	}
	if _, ok := v.Pick(x+9, y, s, MinPickPixels); ok {
		t.Error("picked a body 9 px away with a 6 px minimum")
	}
}

func TestPick_OutsideViewportOrBehindEyeMisses(t *testing.T) {
	c := camAt(Perspective, lbA9B4)
	v := c.View(vp800)
	behind := Sphere{ID: 3, Center: v.Eye.Sub(v.Forward.Mul(20)), Radius: 5}
	if id, ok := v.Pick(400, 300, []Sphere{behind}, 0); ok {
		t.Errorf("picked %d, which is behind the eye", id)
	}
	front := Sphere{ID: 4, Center: lbA9B4, Radius: 5}
	if _, ok := v.Pick(-5, 300, []Sphere{front}, 0); ok {
		t.Error("picked from outside the viewport")
	}
}
