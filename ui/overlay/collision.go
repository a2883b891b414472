// The transition seen (issue 40 item 4): the selected body's collision
// spheres, its contact plane and its sliding normal, from the engine's view
// of the object (engine.ObjectView: physics.Object.BodySpheres,
// contact_plane, sliding_normal — CPhysicsObj's transient state that
// CPhysicsObj::SetPositionInternal keeps from the transition's
// COLLISIONINFO, ACE PhysicsObj.cs set_frame/handle_all_collisions).

package overlay

import (
	"math"

	"glidepath/physics"
	"glidepath/ui/draw"
	"glidepath/ui/model"
)

// Collision overlay sizes (Glidepath's choices, not retail values).
const (
	// sphereSegments is how many points each of a sphere's three great
	// circles is drawn through.
	sphereSegments = 32
	// ContactPatch is the side, metres, of the square drawn in the contact
	// plane under the body; ContactNormalLength the length of its normal.
	ContactPatch        = 1.5
	ContactNormalLength = 0.6
	// SlidingNormalLength is the length, metres, of the sliding normal's
	// arrow, drawn from the body's middle.
	SlidingNormalLength = 1.0
)

// collision draws the selected body's spheres, contact plane and sliding
// normal, as the layers in on ask.
func (d *Drawer) collision(c draw.Canvas, sc *Scene, on Set) {
	i := sc.Snap.Find(sc.Selected)
	if i < 0 {
		return
	}
	o := &sc.Snap.Objects[i]
	pos := model.Global(&o.Position)
	if on.Has(Spheres) {
		for k := 0; k < o.NumSpheres && k < len(o.Spheres); k++ {
			d.sphere(c, SphereCentre(&o.Position, o.Spheres[k]), float64(o.Spheres[k].Radius))
		}
	}
	if on.Has(ContactPlane) && o.Contact {
		if pts, foot, ok := ContactPatchAt(pos, o.ContactPlaneCell, o.ContactPlane); ok {
			d.pts = append(d.pts[:0], pts[:]...)
			d.pts = append(d.pts, pts[0])
			s := draw.Stroke{Width: 2, Color: ContactPlaneColor}
			c.Polyline(d.pts, s)
			n := model.Vec(o.ContactPlane.N).Normalize()
			c.Arrow(foot, foot.Add(n.Mul(ContactNormalLength)), s)
		}
	}
	if on.Has(SlidingNormal) && o.Sliding {
		n := model.Vec(o.SlidingNormal)
		if l := n.Len(); l > 0 {
			mid := pos.Add(draw.Vec3{0, 0, float64(o.Height) / 2})
			c.Arrow(mid, mid.Add(n.Mul(SlidingNormalLength/l)), draw.Stroke{Width: 3, Color: SlidingNormalColor})
		}
	}
}

// SphereCentre is a body sphere's centre in global metres: the sphere's
// centre is in the body's frame (turned with it, as the transition's
// SPHEREPATH sets its global spheres from the frame).
func SphereCentre(p *physics.Position, s physics.Sphere) draw.Vec3 {
	c := p.Frame.Rot.Rotate(s.Center)
	return model.Global(p).Add(model.Vec(c))
}

// sphere draws a sphere as its three great circles.
func (d *Drawer) sphere(c draw.Canvas, centre draw.Vec3, r float64) {
	s := draw.Stroke{Width: 1.5, Color: SphereColor}
	c.Circle(centre, r, s)
	for axis := 0; axis < 2; axis++ {
		d.pts = d.pts[:0]
		for k := 0; k <= sphereSegments; k++ {
			a := 2 * math.Pi * float64(k) / sphereSegments
			h, z := r*math.Cos(a), r*math.Sin(a)
			off := draw.Vec3{h, 0, z}
			if axis == 1 {
				off = draw.Vec3{0, h, z}
			}
			d.pts = append(d.pts, centre.Add(off))
		}
		c.Polyline(d.pts, s)
	}
}

// ContactPatchAt returns the corners of a ContactPatch square lying in the
// contact plane pl (in the frame of cell's landblock) around the point of
// the plane under pos (global metres), and that point. ok is false for a
// plane with no normal or one standing on edge (nothing to stand on).
func ContactPatchAt(pos draw.Vec3, cell uint32, pl physics.Plane) (corners [4]draw.Vec3, foot draw.Vec3, ok bool) {
	n := model.Vec(pl.N)
	l := n.Len()
	if !(l > 0) || math.Abs(n[2]/l) < 1e-3 {
		return corners, foot, false
	}
	n = n.Mul(1 / l)
	d := float64(pl.D) / l
	local := model.Local(cell, pos)
	// The point of the plane straight below (or above) the body.
	local[2] = -(n[0]*local[0] + n[1]*local[1] + d) / n[2]
	foot = pos.Add(local.Sub(model.Local(cell, pos)))
	u := draw.Vec3{0, 1, 0}.Cross(n)
	if u.Len() < 1e-6 {
		u = n.Cross(draw.Vec3{1, 0, 0})
	}
	u = u.Normalize().Mul(ContactPatch / 2)
	v := n.Cross(u)
	corners = [4]draw.Vec3{foot.Add(u).Add(v), foot.Sub(u).Add(v), foot.Sub(u).Sub(v), foot.Add(u).Sub(v)}
	return corners, foot, true
}
