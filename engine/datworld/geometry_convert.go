// The dat reader's geometry (assets/dat) as the transition's types
// (physics/geometry.go): polygons with their planes made
// (CPolygon::make_plane), BSP trees as linked nodes whose leaves point
// into their model's polygons, GfxObjs, CellStructs, and Setups or GfxObjs
// placed as static objects. These conversions are pure; geometry.go caches
// them and answers the transition's queries.

package datworld

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/assets/dat"
	"glidepath/physics"
)

func vec(v [3]float32) mgl32.Vec3 { return mgl32.Vec3{v[0], v[1], v[2]} }

// frame is a dat frame (origin, then rotation w, x, y, z) as a
// physics.Frame; a rotation far from unit length is an error (retail
// frames are normalised; one that is not is damage, not a rotation).
func frame(f dat.Frame) (physics.Frame, error) {
	q := mgl32.Quat{W: f.Rotation[0], V: mgl32.Vec3{f.Rotation[1], f.Rotation[2], f.Rotation[3]}}
	if l := q.Len(); !(l > 0.5 && l < 2) {
		return physics.Frame{}, fmt.Errorf("rotation %v is not a unit quaternion", f.Rotation)
	}
	return physics.NewFrame(vec(f.Origin), q.Normalize()), nil
}

// Polygons converts polygons over vertices: each keeps its index as its
// ID, its vertices in order and its sides type, and gets its plane from
// its vertices (Polygon::make_plane; a polygon with no area keeps a zero
// plane, which no sphere test hits).
func Polygons(vs []dat.Vertex, ps []dat.Polygon) []physics.Polygon {
	out := make([]physics.Polygon, len(ps))
	for i, p := range ps {
		q := &out[i]
		q.ID = uint16(i)
		q.Sides = physics.Sides(p.SidesType)
		q.Vertices = make([]mgl32.Vec3, len(p.Vertices))
		for j, v := range p.Vertices {
			q.Vertices[j] = vec(vs[v].Origin)
		}
		q.MakePlane()
	}
	return out
}

// BSP converts a physics or cell tree whose leaves index polys. A leaf is
// solid when its flag is non-zero (dereth 10-gfxobj §4.4; ACE tests == 1,
// the same on every value retail writes). A nil or empty tree is nil.
func BSP(t *dat.BSPTree, polys []physics.Polygon) *physics.BSPTree {
	if t == nil || len(t.Nodes) == 0 {
		return nil
	}
	nodes := make([]physics.BSPNode, len(t.Nodes))
	for i := range t.Nodes {
		n, m := &t.Nodes[i], &nodes[i]
		switch n.Tag {
		case dat.TagLeaf:
			m.Kind = physics.BSPLeafNode
			m.LeafIndex, m.Solid = n.LeafIndex, n.Solid != 0
			m.Polys = make([]*physics.Polygon, len(n.Polygons))
			for j, p := range n.Polygons {
				m.Polys[j] = &polys[p]
			}
		case dat.TagPortal:
			m.Kind = physics.BSPPortalNode
		default:
			m.Kind = physics.BSPInternal
		}
		m.Plane = physics.Plane{N: vec(n.Plane.N), D: n.Plane.D}
		m.Sphere = physics.Sphere{Center: vec(n.Sphere.Origin), Radius: n.Sphere.Radius}
		if n.Pos >= 0 {
			m.Pos = &nodes[n.Pos]
		}
		if n.Neg >= 0 {
			m.Neg = &nodes[n.Neg]
		}
	}
	return &physics.BSPTree{Root: &nodes[0]}
}

// GfxObj converts a GfxObj's physics side: its physics polygons, their
// BSP and the BSP root's sphere (CGfxObj::physics_sphere). A GfxObj
// without physics converts with no polygons and no BSP: it never collides.
func GfxObj(g *dat.GfxObj) *physics.GfxObj {
	out := &physics.GfxObj{ID: g.ID, SortCenter: vec(g.SortCenter)}
	if !g.HasPhysics() {
		return out
	}
	out.Polygons = Polygons(g.Vertices, g.PhysicsPolygons)
	out.PhysicsBSP = BSP(g.PhysicsBSP, out.Polygons)
	if out.PhysicsBSP != nil {
		out.PhysicsSphere = out.PhysicsBSP.Root.Sphere
	}
	return out
}

// CellStruct converts cell structure index of Environment env: its
// physics polygons and BSP, its cell BSP, and its portal polygons (drawing
// polygons, by portal index). It also returns the drawing polygons, which
// an EnvCell's portals name.
func CellStruct(env uint32, index int, s *dat.CellStruct) (*physics.CellStruct, []physics.Polygon) {
	cs := &physics.CellStruct{ID: index32(env, index)}
	cs.Polygons = Polygons(s.Vertices, s.PhysicsPolygons)
	cs.PhysicsBSP = BSP(s.PhysicsBSP, cs.Polygons)
	cs.CellBSP = BSP(s.CellBSP, nil)
	draw := Polygons(s.Vertices, s.Polygons)
	cs.Portals = make([]*physics.Polygon, len(s.Portals))
	for i, p := range s.Portals {
		cs.Portals[i] = &draw[p]
	}
	return cs, draw
}

// index32 is a CellStruct's id as events name it: its Environment's low
// word above its index ("CellStruct 3 of 0x0D000100" is 0x01000003).
func index32(env uint32, index int) uint32 { return (env&0xFFFF)<<16 | uint32(index)&0xFFFF }

// staticShape is what a model collides with: its parts (a Setup's GfxObjs
// at its placement frames, or a lone GfxObj) and a Setup's cylspheres and
// spheres. parts answers a GfxObj id (nil when the dats lack it or it is
// damaged; the caller records why).
func staticShape(id uint32, setup *dat.Setup, gfx func(uint32) *physics.GfxObj) ([]physics.Part, []physics.CylSphere, []physics.Sphere) {
	if setup == nil {
		g := gfx(id)
		if g == nil {
			return nil, nil, nil
		}
		return []physics.Part{{GfxObj: g, Frame: physics.IdentityFrame(), Scale: 1}}, nil, nil
	}
	var parts []physics.Part
	frames := setup.PlacementFrames(dat.PlacementResting)
	for i, pid := range setup.Parts {
		// Only parts with a physics BSP collide; an object with none
		// collides through its cylspheres, else its spheres (the
		// HasPhysicsBSP state CPhysicsObj::FindObjCollisions tests).
		g := gfx(pid)
		if g == nil || g.PhysicsBSP == nil {
			continue
		}
		f := physics.IdentityFrame()
		if i < len(frames) {
			if pf, err := frame(frames[i]); err == nil {
				f = pf
			}
		}
		scale := float32(1)
		if i < len(setup.DefaultScales) {
			// Part.Scale is uniform; retail's default scales are, in every
			// Setup that has them, the same on each axis.
			scale = setup.DefaultScales[i][0]
		}
		parts = append(parts, physics.Part{GfxObj: g, Frame: f, Scale: scale})
	}
	cyl := make([]physics.CylSphere, len(setup.CylSpheres))
	for i, c := range setup.CylSpheres {
		cyl[i] = physics.CylSphere{LowPoint: vec(c.Origin), Radius: c.Radius, Height: c.Height}
	}
	sph := make([]physics.Sphere, len(setup.Spheres))
	for i, s := range setup.Spheres {
		sph[i] = physics.Sphere{Center: vec(s.Origin), Radius: s.Radius}
	}
	return parts, cyl, sph
}

// reach is a radius around a static's origin that holds everything it
// collides with, however the static is turned: its parts' physics spheres
// where their frames put them, its cylspheres (with their height) and its
// spheres.
func reach(s *physics.StaticObject) float32 {
	var r float32
	grow := func(c mgl32.Vec3, rad float32) {
		r = max(r, c.Len()+rad)
	}
	sc := s.Scale
	if sc == 0 {
		sc = 1
	}
	for _, p := range s.Parts {
		ps := p.Scale
		if ps == 0 {
			ps = 1
		}
		c := p.Frame.LocalToGlobal(p.GfxObj.PhysicsSphere.Center.Mul(ps))
		grow(c.Mul(sc), p.GfxObj.PhysicsSphere.Radius*ps*sc)
	}
	for _, c := range s.CylSpheres {
		grow(c.LowPoint.Mul(sc), (c.Radius+c.Height)*sc)
	}
	for _, sp := range s.Spheres {
		grow(sp.Center.Mul(sc), sp.Radius*sc)
	}
	return r
}
