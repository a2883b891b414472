package physics

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// The transition cross-check's case files (docs/collision.md, "Checked
// against ACE"): each transition case writes its geometry (the EnvCells'
// CellStructs — physics polygons, physics and cell BSPs, portals — and the
// terrain's LandCell triangles) and, tick by tick, what the transition was
// given (begin and end positions, OBJECTINFO's inputs, the contact plane
// and sliding normal) and what it returned (the reached position and cell,
// the contact plane, the sliding and collision normals). A harness built
// from ACE's own physics code reads a case file, runs ACE's
// CTransition on every tick's inputs and compares the outputs. With
// GLIDEPATH_ACE_DIR set the files are written there, else into a
// temporary folder (the writer is exercised either way).

// aceCase writes one case file.
type aceCase struct {
	w    *bufio.Writer
	f    *os.File
	seen map[uint32]bool
	objs map[*StaticObject]int
}

func newACECase(t testing.TB, name string) *aceCase {
	t.Helper()
	dir := os.Getenv("GLIDEPATH_ACE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	f, err := os.Create(filepath.Join(dir, name+".case"))
	if err != nil {
		t.Fatal(err)
	}
	c := &aceCase{w: bufio.NewWriter(f), f: f, seen: map[uint32]bool{}}
	c.printf("case %s\n", name)
	return c
}

func (c *aceCase) printf(format string, a ...any) { fmt.Fprintf(c.w, format, a...) }

func (c *aceCase) close(t testing.TB) {
	t.Helper()
	if err := c.w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := c.f.Close(); err != nil {
		t.Fatal(err)
	}
}

func (c *aceCase) vec(v mgl32.Vec3) string { return fmt.Sprintf("%.9g %.9g %.9g", v[0], v[1], v[2]) }

func (c *aceCase) poly(tag string, p *Polygon) {
	c.printf("%s %d %d %d", tag, p.ID, p.Sides, len(p.Vertices))
	for _, v := range p.Vertices {
		c.printf(" %s", c.vec(v))
	}
	c.printf("\n")
}

// bsp writes a tree in preorder: "I" (internal or portal node: plane,
// sphere, listed polygons, then its positive and negative children), "L"
// (leaf: index, solid, sphere, polygons) or "-" (no node). Polygons are
// their indexes in polys.
func (c *aceCase) bsp(n *BSPNode, polys []Polygon) {
	if n == nil {
		c.printf(" -")
		return
	}
	idx := func() {
		c.printf(" %d", len(n.Polys))
		for _, p := range n.Polys {
			found := -1
			for i := range polys {
				if &polys[i] == p {
					found = i
				}
			}
			c.printf(" %d", found)
		}
	}
	s := n.Sphere
	if n.Kind == BSPLeafNode {
		solid := 0
		if n.Solid {
			solid = 1
		}
		c.printf(" L %d %d %s %.9g", n.LeafIndex, solid, c.vec(s.Center), s.Radius)
		idx()
		return
	}
	c.printf(" I %s %.9g %s %.9g", c.vec(n.Plane.N), n.Plane.D, c.vec(s.Center), s.Radius)
	idx()
	c.bsp(n.Pos, polys)
	c.bsp(n.Neg, polys)
}

// envCell writes EnvCell id (once).
func (c *aceCase) envCell(e *EnvCell) {
	if e == nil || c.seen[e.ID] {
		return
	}
	c.seen[e.ID] = true
	q := e.Frame.Rot
	c.printf("env %d %s %.9g %.9g %.9g %.9g\n", e.ID, c.vec(e.Frame.Origin), q.W, q.V[0], q.V[1], q.V[2])
	cs := e.Struct
	for i := range cs.Polygons {
		c.poly("poly", &cs.Polygons[i])
	}
	c.printf("physbsp")
	if cs.PhysicsBSP != nil {
		c.bsp(cs.PhysicsBSP.Root, cs.Polygons)
	} else {
		c.printf(" -")
	}
	c.printf("\ncellbsp")
	if cs.CellBSP != nil {
		c.bsp(cs.CellBSP.Root, nil)
	} else {
		c.printf(" -")
	}
	c.printf("\n")
	for _, p := range e.Portals {
		side := 0
		if p.PortalSide {
			side = 1
		}
		c.printf("portal %d %d ", p.OtherCellID, side)
		c.poly("pp", p.Poly)
	}
	c.printf("endenv\n")
}

// landblock writes the 64 LandCells of the landblock holding cell: each
// cell's two terrain triangles as the transition builds them (in the
// landblock's frame).
func (c *aceCase) landblock(o *Object, cell uint32) {
	lb := cell &^ 0xFFFF
	if c.seen[lb] {
		return
	}
	c.seen[lb] = true
	t := o.begin(cell, &Frame{Rot: mgl32.QuatIdent()}, false)
	for i := uint32(1); i <= CellsPerSide*CellsPerSide; i++ {
		tc := t.cells.get(t, lb|i)
		if tc == nil || tc.kind != cellLand {
			continue
		}
		c.printf("land %d\n", tc.id)
		for k := range tc.polys {
			c.poly("tri", &tc.polys[k])
		}
		if tc.contents != nil && tc.contents.Building != nil {
			c.building(tc.contents.Building)
		}
		if tc.contents != nil {
			for _, so := range tc.contents.Statics {
				c.static(so, mgl32.Vec3{})
			}
		}
		for _, r := range tc.objs {
			c.static(r.obj, r.off)
		}
	}
}

// static writes a static object shadowing the last LandCell: "sobj" (its
// number in the case, frame moved by off into the cell's landblock, scale)
// the first time, then its parts, cylspheres and spheres; "shadow" after.
func (c *aceCase) static(so *StaticObject, off mgl32.Vec3) {
	if c.objs == nil {
		c.objs = map[*StaticObject]int{}
	}
	if n, ok := c.objs[so]; ok {
		c.printf("shadow %d\n", n)
		return
	}
	n := len(c.objs)
	c.objs[so] = n
	f := &so.Frame
	scale := so.Scale
	if scale == 0 {
		scale = 1
	}
	c.printf("sobj %d %s %.9g %.9g %.9g %.9g %.9g\n", n, c.vec(f.Origin.Add(off)), f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2], scale)
	for i := range so.Parts {
		p := &so.Parts[i]
		g := p.GfxObj
		if g == nil || g.PhysicsBSP == nil {
			continue
		}
		ps := p.Scale
		if ps == 0 {
			ps = 1
		}
		pf := &p.Frame
		c.printf("spart %s %.9g %.9g %.9g %.9g %.9g %s %.9g\n", c.vec(pf.Origin), pf.Rot.W, pf.Rot.V[0], pf.Rot.V[1], pf.Rot.V[2], ps, c.vec(g.PhysicsSphere.Center), g.PhysicsSphere.Radius)
		for k := range g.Polygons {
			c.poly("gpoly", &g.Polygons[k])
		}
		c.printf("sbsp")
		c.bsp(g.PhysicsBSP.Root, g.Polygons)
		c.printf("\n")
	}
	for _, cs := range so.CylSpheres {
		c.printf("scyl %s %.9g %.9g\n", c.vec(cs.LowPoint), cs.Radius, cs.Height)
	}
	for _, sp := range so.Spheres {
		c.printf("ssph %s %.9g\n", c.vec(sp.Center), sp.Radius)
	}
	c.printf("endobj\n")
}

// building writes the building standing in the last LandCell: its frame,
// its shell (part 0: frame, physics polygons, BSP, bounding sphere) and its
// portals.
func (c *aceCase) building(b *Building) {
	f := &b.Object.Frame
	c.printf("bld %s %.9g %.9g %.9g %.9g\n", c.vec(f.Origin), f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2])
	if len(b.Object.Parts) > 0 && b.Object.Parts[0].GfxObj != nil {
		p := &b.Object.Parts[0]
		g := p.GfxObj
		pf := &p.Frame
		c.printf("part %s %.9g %.9g %.9g %.9g %s %.9g\n", c.vec(pf.Origin), pf.Rot.W, pf.Rot.V[0], pf.Rot.V[1], pf.Rot.V[2], c.vec(g.PhysicsSphere.Center), g.PhysicsSphere.Radius)
		for i := range g.Polygons {
			c.poly("gpoly", &g.Polygons[i])
		}
		c.printf("gbsp")
		c.bsp(g.PhysicsBSP.Root, g.Polygons)
		c.printf("\n")
	}
	for _, p := range b.Portals {
		c.printf("bportal %d %d\n", p.OtherCellID, p.OtherPortalID)
	}
}

// body writes the body: its spheres, scale, step heights and state.
func (c *aceCase) body(o *Object) {
	sph, n := o.BodySpheres()
	c.printf("body %d", n)
	for i := 0; i < n; i++ {
		c.printf(" %s %.9g", c.vec(sph[i].Center), sph[i].Radius)
	}
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	c.printf(" %.9g %.9g %.9g\n", scale, o.StepUpHeight, o.StepDownHeight)
}

// aceTick runs one tick of wk (as transitBody.tick) and writes the
// transition's inputs and outputs.
func (c *aceCase) tick(t *testing.T, i int, wk *transitBody, horiz mgl32.Vec3) {
	t.Helper()
	o := wk.o
	if o.OnWalkable() {
		o.Velocity = mgl32.Vec3{horiz[0], horiz[1], 0}
	} else {
		o.Velocity[0], o.Velocity[1] = horiz[0], horiz[1]
		o.Velocity[2] += Gravity * wk.dt
	}
	cand := o.pos.Frame
	cand.Origin = cand.Origin.Add(o.Velocity.Mul(wk.dt))
	c.in(i, o, &o.pos, &cand)
	r, ok := o.retailTransition(&o.pos, &cand)
	c.out(r, ok)
	if !ok {
		o.Velocity = mgl32.Vec3{}
		return
	}
	o.setPositionInternal(r)
}

// in writes a transition's inputs: the object's state as
// get_object_info reads it, the begin position and the end.
func (c *aceCase) in(i int, o *Object, p *Position, cand *Frame) {
	c.printf("tick %d %d %s %s %d %d %d %s %.9g %s %s\n", i, p.Cell, c.vec(p.Frame.Origin), c.vec(cand.Origin),
		o.State, o.TransientState, o.ContactPlaneCellID, c.vec(o.ContactPlane.N), o.ContactPlane.D, c.vec(o.SlidingNormal), c.vec(o.Velocity))
}

// out writes what the transition returned.
func (c *aceCase) out(r *transitionResult, ok bool) {
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	c.printf("out %d %d %s %d %d %s %.9g %d %s %d %s\n", b(ok), r.CurPos.Cell, c.vec(r.CurPos.Frame.Origin),
		b(r.ContactPlaneValid), r.ContactPlaneCellID, c.vec(r.ContactPlane.N), r.ContactPlane.D,
		b(r.SlidingNormalValid), c.vec(r.SlidingNormal), b(r.CollisionNormalValid), c.vec(r.CollisionNormal))
}

// TapTransitions makes every transition of every object, until the test
// ends, a tick of a cross-check case named prefix_N (N numbers the objects
// in the order they first move), with the geometry of each landblock and
// EnvCell the object starts a transition in. Transitions are written one
// at a time (a parallel run's objects take turns). The count it returns
// is the transitions written so far.
func TapTransitions(t testing.TB, prefix string) (count func() int) {
	var mu sync.Mutex
	cases := map[*Object]*aceCase{}
	var order []*aceCase
	ticks := map[*Object]int{}
	transitionTap = func(o *Object, from *Position, to *Frame) func(*transitionResult, bool) {
		mu.Lock()
		c := cases[o]
		if c == nil {
			c = newACECase(t, fmt.Sprintf("%s_%d", prefix, len(order)))
			c.body(o)
			cases[o] = c
			order = append(order, c)
		}
		if from.IsIndoor() {
			if o.World != nil && o.World.Geometry != nil {
				c.envCell(o.World.Geometry.EnvCell(from.Cell))
			}
		} else {
			c.landblock(o, from.Cell)
		}
		c.in(ticks[o], o, from, to)
		ticks[o]++
		return func(r *transitionResult, ok bool) {
			c.out(r, ok)
			mu.Unlock()
		}
	}
	// A placement: "place" (its number, the cell and origin, slide) then
	// its result.
	placementTap = func(o *Object, p *Position, slide bool) func(*transitionResult, bool) {
		mu.Lock()
		c := cases[o]
		if c == nil {
			c = newACECase(t, fmt.Sprintf("%s_%d", prefix, len(order)))
			c.body(o)
			cases[o] = c
			order = append(order, c)
		}
		if p.IsIndoor() {
			if o.World != nil && o.World.Geometry != nil {
				c.envCell(o.World.Geometry.EnvCell(p.Cell))
			}
		} else {
			c.landblock(o, p.Cell)
		}
		sl := 0
		if slide {
			sl = 1
		}
		c.printf("place %d %d %s %d %d\n", ticks[o], p.Cell, c.vec(p.Frame.Origin), sl, o.State)
		ticks[o]++
		return func(r *transitionResult, ok bool) {
			c.out(r, ok)
			mu.Unlock()
		}
	}
	t.Cleanup(func() {
		transitionTap, placementTap = nil, nil
		for _, c := range order {
			c.close(t)
		}
	})
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, k := range ticks {
			n += k
		}
		return n
	}
}

// ACEWalker drives a body tick by tick and writes the cross-check case
// (for the tests outside the package, on geometry read from dat folders).
type ACEWalker struct {
	c  *aceCase
	wk *transitBody
	i  int
}

// NewACEWalker starts case name: a body with the given spheres and step
// heights at (cell, at), standing when grounded.
func NewACEWalker(t testing.TB, name string, w *World, cell uint32, at mgl32.Vec3, grounded bool, spheres []Sphere, stepUp, stepDown float32) *ACEWalker {
	wk := newTransitBody(w, cell, at, grounded)
	wk.o.Spheres = spheres
	wk.o.StepUpHeight, wk.o.StepDownHeight = stepUp, stepDown
	c := newACECase(t, name)
	c.body(wk.o)
	return &ACEWalker{c: c, wk: wk}
}

// Env writes EnvCell e's geometry into the case.
func (a *ACEWalker) Env(e *EnvCell) { a.c.envCell(e) }

// Land writes the LandCells of cell's landblock into the case.
func (a *ACEWalker) Land(cell uint32) { a.c.landblock(a.wk.o, cell) }

// Tick moves the body one tick with horizontal velocity horiz (and
// gravity off the ground).
func (a *ACEWalker) Tick(t *testing.T, horiz mgl32.Vec3) {
	a.c.tick(t, a.i, a.wk, horiz)
	a.i++
}

// Jump gives the body velocity v and leaves the ground.
func (a *ACEWalker) Jump(v mgl32.Vec3) {
	a.wk.o.Velocity = v
	a.wk.o.TransientState &^= TransientContact | TransientOnWalkable
}

// Pos is the body's position; Contact whether it stands.
func (a *ACEWalker) Pos() Position { return a.wk.o.pos }

// Contact says the body is in contact with the ground.
func (a *ACEWalker) Contact() bool { return a.wk.o.InContact() }

// Close finishes the case file.
func (a *ACEWalker) Close(t testing.TB) { a.c.close(t) }
