// Picking: the ray through the cursor against bounding spheres, nearest hit
// wins. Spheres get a minimum size on screen so distant bodies stay
// clickable; the same code serves orthographic and perspective cameras.

package camera

import "math"

// Sphere is a pickable bounding sphere around an object with handle ID.
type Sphere struct {
	ID     uint32
	Center Vec3
	Radius float64
}

// MinPickPixels is the smallest radius, in pixels, a pick sphere has on
// screen.
const MinPickPixels = 6.0

// Pick returns the ID of the sphere the ray through pixel (x, y) hits
// nearest the eye. Each sphere's radius is at least minPixels on screen.
// Among equally near hits the earlier sphere wins.
func (v *View) Pick(x, y float64, spheres []Sphere, minPixels float64) (id uint32, ok bool) {
	if !v.Viewport.Contains(x, y) {
		return 0, false
	}
	r, err := v.Ray(x, y)
	if err != nil {
		return 0, false
	}
	best := math.Inf(1)
	for _, s := range spheres {
		rad := math.Max(s.Radius, minPixels*v.MetresPerPixel(s.Center))
		t, hit := r.hitSphere(s.Center, rad)
		if hit && t < best {
			best, id, ok = t, s.ID, true
		}
	}
	return id, ok
}

// hitSphere returns the distance along the ray to where it enters the
// sphere (0 when it starts inside).
func (r Ray) hitSphere(c Vec3, rad float64) (float64, bool) {
	oc := c.Sub(r.Origin)
	t := oc.Dot(r.Dir)
	d2 := oc.Dot(oc) - t*t
	if d2 > rad*rad {
		return 0, false
	}
	th := math.Sqrt(rad*rad - d2)
	switch {
	case t+th < 0:
		return 0, false // behind the ray's origin
	case t-th < 0:
		return 0, true
	}
	return t - th, true
}
