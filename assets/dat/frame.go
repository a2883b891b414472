// Shared pieces of several entries: Frame, CylSphere, Sphere (ACE
// Entity/Frame.cs, CylSphere.cs, Sphere.cs).

package dat

// Frame is a position and an orientation: origin x, y, z, then the
// rotation quaternion w, x, y, z (the order the dat stores it).
type Frame struct {
	Origin   [3]float32
	Rotation [4]float32
}

// frameSize is a Frame's bytes.
const frameSize = 7 * 4

// CylSphere is a vertical collision cylinder: its base centre, radius and
// height.
type CylSphere struct {
	Origin [3]float32
	Radius float32
	Height float32
}

// Sphere is a collision or bounding sphere.
type Sphere struct {
	Origin [3]float32
	Radius float32
}

func (c *cursor) sphere(field string) Sphere {
	return Sphere{Origin: c.vec3(field), Radius: c.f32(field)}
}
