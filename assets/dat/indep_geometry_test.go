// The geometry readers on dat files from indepwriter's geometry world,
// written from the public layouts alone: every number the reader returns
// is the one written — vertices, polygons with their UV arrays stepped
// over, compressed counts of two bytes, BSP trees of all three kinds
// (portal nodes, childless terminals with filler planes, solid leaves),
// EnvCells with statics and restriction objects, building portals.

package dat_test

import (
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/indepwriter"
)

func openIndepGeometry(t *testing.T) *dat.Dats {
	t.Helper()
	return openWritten(t, indepwriter.WriteGeometry)
}

func sameVerts(t *testing.T, what string, got []dat.Vertex, want []indepwriter.SWVertex) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d vertices, want %d", what, len(got), len(want))
	}
	for i, w := range want {
		if got[i].Origin != [3]float32(w.Pos) || got[i].Normal != [3]float32(w.Norm) || got[i].NumUVs != len(w.UVs) {
			t.Fatalf("%s vertex %d: %+v, want %+v", what, i, got[i], w)
		}
	}
}

func samePolys(t *testing.T, what string, got []dat.Polygon, want []indepwriter.Poly) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d polygons, want %d", what, len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Stippling != w.TexMode || g.SidesType != w.Sides || g.PosSurface != w.PosSurf || g.NegSurface != w.NegSurf || len(g.Vertices) != len(w.Verts) {
			t.Fatalf("%s polygon %d: %+v, want %+v", what, i, g, w)
		}
		for j, v := range w.Verts {
			if g.Vertices[j] != uint16(v) {
				t.Fatalf("%s polygon %d vertex %d: %d, want %d", what, i, j, g.Vertices[j], v)
			}
		}
	}
}

// sameTree walks the writer's tree in pre-order beside the reader's
// nodes.
func sameTree(t *testing.T, what string, got *dat.BSPTree, want *indepwriter.Node, physics bool) {
	t.Helper()
	next := 0
	var walk func(w *indepwriter.Node) int32
	walk = func(w *indepwriter.Node) int32 {
		i := next
		next++
		if i >= len(got.Nodes) {
			t.Fatalf("%s: the reader has %d nodes, the writer more", what, len(got.Nodes))
		}
		g := &got.Nodes[i]
		if g.Tag != w.Tag {
			t.Fatalf("%s node %d: tag %08X, want %08X", what, i, g.Tag, w.Tag)
		}
		if g.IsLeaf() {
			if g.LeafIndex != w.Leaf || physics && (g.Solid != w.Solid || g.Sphere.Radius != w.Radius || g.Sphere.Origin != [3]float32(w.Centre) || len(g.Polygons) != len(w.Polys)) {
				t.Fatalf("%s leaf %d: %+v, want %+v", what, i, g, w)
			}
			for j, p := range w.Polys {
				if g.Polygons[j] != p {
					t.Fatalf("%s leaf %d polygon %d: %d, want %d", what, i, j, g.Polygons[j], p)
				}
			}
			return int32(i)
		}
		if g.Plane.N != [3]float32{w.Plane[0], w.Plane[1], w.Plane[2]} || g.Plane.D != w.Plane[3] {
			t.Fatalf("%s node %d plane %+v, want %v", what, i, g.Plane, w.Plane)
		}
		if physics && (g.Sphere.Radius != w.Radius || g.Sphere.Origin != [3]float32(w.Centre)) {
			t.Fatalf("%s node %d sphere %+v, want %v %v", what, i, g.Sphere, w.Centre, w.Radius)
		}
		pos, neg := int32(-1), int32(-1)
		if w.Front != nil {
			pos = walk(w.Front)
		}
		if w.Back != nil {
			neg = walk(w.Back)
		}
		if g.Pos != pos || g.Neg != neg {
			t.Fatalf("%s node %d children %d %d, want %d %d", what, i, g.Pos, g.Neg, pos, neg)
		}
		return int32(i)
	}
	walk(want)
	if next != len(got.Nodes) {
		t.Fatalf("%s: the reader has %d nodes, the writer %d", what, len(got.Nodes), next)
	}
}

func TestIndepGeometry_GfxObjs(t *testing.T) {
	d := openIndepGeometry(t)
	for _, w := range indepwriter.GeoGfxObjs() {
		g, err := d.GfxObj(w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Surfaces) != len(w.Surfaces) || g.Surfaces[len(g.Surfaces)-1] != w.Surfaces[len(w.Surfaces)-1] ||
			g.SortCenter != [3]float32(w.SortCenter) || g.DIDDegrade != w.Degrade || !g.HasPhysics() || (g.Flags&dat.GfxObjHasDIDDegrade != 0) != (w.Degrade != 0) {
			t.Errorf("0x%08X: %+v", w.ID, g)
		}
		sameVerts(t, "gfxobj", g.Vertices, w.Verts)
		samePolys(t, "gfxobj physics", g.PhysicsPolygons, w.Physics)
		samePolys(t, "gfxobj drawing", g.Polygons, w.Drawing)
		sameTree(t, "gfxobj physics BSP", g.PhysicsBSP, w.PhysicsBSP, true)
	}
}

func TestIndepGeometry_Environment(t *testing.T) {
	d := openIndepGeometry(t)
	e, err := d.Environment(indepwriter.GeoEnvID)
	if err != nil {
		t.Fatal(err)
	}
	want := indepwriter.GeoShapes()
	if len(e.Cells) != len(want) {
		t.Fatalf("%d cell structs, want %d", len(e.Cells), len(want))
	}
	for i, w := range want {
		g := &e.Cells[i]
		sameVerts(t, "cell struct", g.Vertices, w.Verts)
		samePolys(t, "cell struct drawing", g.Polygons, w.Drawing)
		samePolys(t, "cell struct physics", g.PhysicsPolygons, w.Physics)
		sameTree(t, "cell BSP", g.CellBSP, w.CellBSP, false)
		sameTree(t, "physics BSP", g.PhysicsBSP, w.PhysicsBSP, true)
		if len(g.Portals) != len(w.Portals) || g.HasDrawingBSP != (w.DrawingBSP != nil) {
			t.Errorf("cell struct %d: portals %v drawing %v, want %v", i, g.Portals, g.HasDrawingBSP, w.Portals)
		}
		for j := range w.Portals {
			if g.Portals[j] != w.Portals[j] {
				t.Errorf("cell struct %d portal %d: %d, want %d", i, j, g.Portals[j], w.Portals[j])
			}
		}
	}
}

func TestIndepGeometry_EnvCellsAndBuildings(t *testing.T) {
	d := openIndepGeometry(t)
	for _, w := range indepwriter.GeoEnvCells(indepwriter.GeoShapes()) {
		g, err := d.EnvCell(w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g.SeenOutside() != w.SeenOutside || g.EnvironmentID != 0x0D000000|uint32(w.Env) || g.CellStructure != w.Shape ||
			g.Position.Origin != w.Pos.Origin || g.Position.Rotation != w.Pos.Rotation || g.RestrictionObj != w.Restriction ||
			len(g.Surfaces) != len(w.Surfaces) || len(g.Portals) != len(w.Portals) || len(g.VisibleCells) != len(w.Visible) || len(g.StaticObjects) != len(w.Statics) {
			t.Fatalf("0x%08X: %+v, want %+v", w.ID, g, w)
		}
		for i, s := range w.Surfaces {
			if g.Surfaces[i] != 0x08000000|uint32(s) {
				t.Errorf("0x%08X surface %d: %08X", w.ID, i, g.Surfaces[i])
			}
		}
		for i, p := range w.Portals {
			if gp := g.Portals[i]; gp.Flags != p.Flags || gp.PolygonID != p.Polygon || gp.OtherCellID != p.OtherCell || gp.OtherPortalID != p.OtherPortal {
				t.Errorf("0x%08X portal %d: %+v, want %+v", w.ID, i, gp, p)
			}
		}
		for i, v := range w.Visible {
			if g.VisibleCells[i] != v {
				t.Errorf("0x%08X visible %d: %d, want %d", w.ID, i, g.VisibleCells[i], v)
			}
		}
		for i, s := range w.Statics {
			if gs := g.StaticObjects[i]; gs.ID != s.ID || gs.Frame.Origin != s.Frame.Origin || gs.Frame.Rotation != s.Frame.Rotation {
				t.Errorf("0x%08X static %d: %+v, want %+v", w.ID, i, gs, s)
			}
		}
	}
	for _, w := range indepwriter.GeoInfos() {
		li, err := d.LandBlockInfo(w.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(li.Buildings) != len(w.Buildings) || li.NumCells != w.NumCells {
			t.Fatalf("0x%08X: %+v", w.ID, li)
		}
		for i, b := range w.Buildings {
			gb := li.Buildings[i]
			if gb.ModelID != b.Model || gb.NumLeaves != b.NumLeaves || len(gb.Portals) != len(b.Portals) {
				t.Fatalf("building %d: %+v, want %+v", i, gb, b)
			}
			for j, p := range b.Portals {
				gp := gb.Portals[j]
				if gp.Flags != p.Flags || gp.OtherCellID != p.OtherCell || gp.OtherPortalID != p.OtherPortal || len(gp.Stabs) != len(p.Stabs) || !gp.ExactMatch() || gp.PortalSide() {
					t.Errorf("building %d portal %d: %+v, want %+v", i, j, gp, p)
				}
			}
		}
	}
}
