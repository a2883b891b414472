// The geometry readers (GfxObj, Environment, EnvCell, building portals)
// against dattest's geometry world, and on damaged entries: every failure
// names the entry's field, never a panic or a huge allocation.

package dat_test

import (
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"glidepath/assets/dat"
	"glidepath/assets/dat/dattest"
)

func openGeometry(t testing.TB) *dat.Dats {
	t.Helper()
	return openWritten(t, dattest.WriteGeometry)
}

func TestGeometryWorld_ReadsBackWhatWasWritten(t *testing.T) {
	d := openGeometry(t)
	env := dattest.GeoEnvironment()
	got, err := d.Environment(dattest.GeoEnv)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, env) {
		t.Errorf("environment\n got %+v\nwant %+v", got, env)
	}
	for _, want := range dattest.GeoGfxObjs() {
		g, err := d.GfxObj(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g, want) {
			t.Errorf("gfxobj 0x%08X\n got %+v\nwant %+v", want.ID, g, want)
		}
	}
	for _, want := range dattest.GeoEnvCells(env) {
		e, err := d.EnvCell(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(e, want) {
			t.Errorf("envcell 0x%08X\n got %+v\nwant %+v", want.ID, e, want)
		}
	}
	for _, want := range dattest.GeoInfos() {
		li, err := d.LandBlockInfo(want.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(li, want) {
			t.Errorf("info 0x%08X\n got %+v\nwant %+v", want.ID, li, want)
		}
	}
	// The building's portal names its indoor cell, whose portal leads out
	// through a polygon of its CellStruct (ACE EnvCell.check_building_transit
	// pairs EnvCell portal i with CellStruct.Portals[i]).
	li, _ := d.LandBlockInfo(dattest.TownInfo)
	bp := li.Buildings[0].Portals[0]
	in, err := d.EnvCell(dattest.TownBlock&0xFFFF0000 | uint32(bp.OtherCellID))
	if err != nil {
		t.Fatal(err)
	}
	p := in.Portals[bp.OtherPortalID]
	cs := got.Cells[in.CellStructure]
	if p.OtherCellID != dat.OutsideCell || p.PolygonID != cs.Portals[bp.OtherPortalID] || !in.SeenOutside() || p.PortalSide() {
		t.Errorf("building cell 0x%08X portal %+v, cell struct portals %v, seen outside %v", in.ID, p, cs.Portals, in.SeenOutside())
	}
}

// normal is a polygon's normal from its first three vertices, right-handed
// (retail Polygon::make_plane: counter-clockwise seen from the front).
func normal(vs []dat.Vertex, p dat.Polygon) [3]float64 {
	a, b, c := vs[p.Vertices[0]].Origin, vs[p.Vertices[1]].Origin, vs[p.Vertices[2]].Origin
	u := [3]float64{float64(b[0] - a[0]), float64(b[1] - a[1]), float64(b[2] - a[2])}
	v := [3]float64{float64(c[0] - a[0]), float64(c[1] - a[1]), float64(c[2] - a[2])}
	n := [3]float64{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	return [3]float64{n[0] / l, n[1] / l, n[2] / l}
}

// The room's floor faces up and its walls into the room; the stair's and
// the wall's tops stand 0.3 m and 0.6 m above the floor and their sides
// face out of them.
func TestGeometryWorld_RoomFacesTheBody(t *testing.T) {
	d := openGeometry(t)
	env, err := d.Environment(dattest.GeoEnv)
	if err != nil {
		t.Fatal(err)
	}
	cs := env.Cells[dattest.RoomStruct]
	tops := map[float32]bool{}
	for i, p := range cs.PhysicsPolygons {
		n := normal(cs.Vertices, p)
		var c [3]float64
		for _, v := range p.Vertices {
			for a := range c {
				c[a] += float64(cs.Vertices[v].Origin[a]) / float64(len(p.Vertices))
			}
		}
		if n[2] > 0.99 {
			tops[float32(c[2])] = true
			continue
		}
		// A side: the room's walls face its centre, an obstacle's face
		// away from the obstacle's centre.
		in := func(b dattest.Box) bool {
			for a := 0; a < 2; a++ {
				if c[a] < float64(b.Min[a])-1e-3 || c[a] > float64(b.Max[a])+1e-3 {
					return false
				}
			}
			return c[2] <= float64(b.Max[2])+1e-3
		}
		ref := [3]float64{5, 5, 2}
		sign := 1.0
		for _, b := range []dattest.Box{dattest.StairBox, dattest.WallBox} {
			if in(b) && n[2] > -0.5 {
				ref = [3]float64{float64(b.Min[0]+b.Max[0]) / 2, float64(b.Min[1]+b.Max[1]) / 2, c[2]}
				sign = -1
			}
		}
		if d := sign * (n[0]*(ref[0]-c[0]) + n[1]*(ref[1]-c[1]) + n[2]*(ref[2]-c[2])); d <= 0 {
			t.Errorf("physics polygon %d at %v faces %v, away from the body's side", i, c, n)
		}
	}
	for _, z := range []float32{0, dattest.StairHeight, dattest.WallHeight} {
		if !tops[z] {
			t.Errorf("no upward polygon at z %v (have %v)", z, tops)
		}
	}
}

// insideCell is ACE BSPNode.point_inside_cell_bsp on a cell tree: on or in
// front of each plane of the chain.
func insideCell(t *dat.BSPTree, p [3]float32) bool {
	for i := int32(0); i >= 0; {
		n := &t.Nodes[i]
		if n.Plane.N[0]*p[0]+n.Plane.N[1]*p[1]+n.Plane.N[2]*p[2]+n.Plane.D < -0.0002 {
			return false
		}
		i = n.Pos
	}
	return true
}

func TestGeometryWorld_CellBSPIsTheCell(t *testing.T) {
	d := openGeometry(t)
	env, err := d.Environment(dattest.GeoEnv)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cs   int
		p    [3]float32
		want bool
	}{
		{dattest.CorridorAStruct, [3]float32{1, 1, 1}, true},
		{dattest.CorridorAStruct, [3]float32{9, 3, 1}, false}, // in B
		{dattest.CorridorBStruct, [3]float32{9, 3, 1}, true},
		{dattest.CorridorBStruct, [3]float32{5, 5, 1}, false}, // the corner the server cuts
		{dattest.CorridorAStruct, [3]float32{5, 5, 1}, false},
		{dattest.RoomStruct, [3]float32{5, 5, 0}, true},
		{dattest.RoomStruct, [3]float32{5, 5, -0.1}, false},
		{dattest.BuildingStruct, [3]float32{4, 1, 1}, true},
		{dattest.BuildingStruct, [3]float32{4, -1, 1}, false},
	} {
		tree := env.Cells[c.cs].CellBSP
		if got := insideCell(tree, c.p); got != c.want {
			t.Errorf("cell struct %d point %v inside %v, want %v", c.cs, c.p, got, c.want)
		}
		if last := tree.Nodes[len(tree.Nodes)-1]; last.Pos != -1 || last.Neg != -1 || last.IsLeaf() {
			t.Errorf("cell struct %d: the chain ends in %+v, want a childless node", c.cs, last)
		}
	}
}

// reach collects the leaves' polygons a sphere reaches going down a
// physics tree as ACE BSPNode.sphere_intersects_poly does: a node whose
// sphere misses is skipped, a plane the sphere is wholly in front of or
// behind sends it one way, else both.
func reach(t *dat.BSPTree, i int32, c [3]float32, r float32, out map[uint16]bool) {
	if i < 0 {
		return
	}
	n := &t.Nodes[i]
	dx, dy, dz := c[0]-n.Sphere.Origin[0], c[1]-n.Sphere.Origin[1], c[2]-n.Sphere.Origin[2]
	if dx*dx+dy*dy+dz*dz > (r+n.Sphere.Radius)*(r+n.Sphere.Radius) {
		return
	}
	if n.IsLeaf() {
		for _, p := range n.Polygons {
			out[p] = true
		}
		return
	}
	dist := n.Plane.N[0]*c[0] + n.Plane.N[1]*c[1] + n.Plane.N[2]*c[2] + n.Plane.D
	if dist > -r {
		reach(t, n.Pos, c, r, out)
	}
	if dist < r {
		reach(t, n.Neg, c, r, out)
	}
}

func TestGeometryWorld_PhysicsBSPReachesEveryPolygon(t *testing.T) {
	d := openGeometry(t)
	env, err := d.Environment(dattest.GeoEnv)
	if err != nil {
		t.Fatal(err)
	}
	shell, err := d.GfxObj(dattest.BuildingShell)
	if err != nil {
		t.Fatal(err)
	}
	type geo struct {
		vs   []dat.Vertex
		ps   []dat.Polygon
		tree *dat.BSPTree
	}
	all := []geo{{shell.Vertices, shell.PhysicsPolygons, shell.PhysicsBSP}}
	for _, cs := range env.Cells {
		all = append(all, geo{cs.Vertices, cs.PhysicsPolygons, cs.PhysicsBSP})
	}
	split := 0
	for g, x := range all {
		if len(x.tree.Nodes) >= 3 {
			split++
		}
		for i, p := range x.ps {
			var c [3]float32
			for _, v := range p.Vertices {
				for a := range c {
					c[a] += x.vs[v].Origin[a] / float32(len(p.Vertices))
				}
			}
			got := map[uint16]bool{}
			reach(x.tree, 0, c, 0.1, got)
			if !got[uint16(i)] {
				t.Errorf("geometry %d: a sphere on polygon %d's centre %v does not reach it", g, i, c)
			}
		}
	}
	if split < 3 {
		t.Errorf("only %d trees split: the test tests no descent", split)
	}
}

func TestSetup_PlacementFramesFallBackToDefault(t *testing.T) {
	s := dattest.StandardSetups()
	big, human, sphere := s[1], s[0], s[2]
	if f := big.PlacementFrames(dat.PlacementResting); len(f) != 4 || f[1].Origin[2] != 0.4 || f[0].Rotation[3] != 0.101 {
		t.Errorf("big Resting %+v", f)
	}
	if f := big.PlacementFrames(0x66); len(f) != 4 || f[0].Rotation[3] != 0 {
		t.Errorf("big 0x66 falls to Default: %+v", f)
	}
	if f := human.PlacementFrames(0x66); f != nil {
		t.Errorf("human has no Default: %+v", f)
	}
	if f := sphere.PlacementFrames(0); f != nil {
		t.Errorf("sphere %+v", f)
	}
}

func TestDats_GeometryIDsAreChecked(t *testing.T) {
	d := openGeometry(t)
	for _, err := range []error{
		func() error { _, err := d.GfxObj(dattest.GeoEnv); return err }(),
		func() error { _, err := d.Environment(dattest.BuildingShell); return err }(),
		func() error { _, err := d.EnvCell(dattest.TownInfo); return err }(),
		func() error { _, err := d.EnvCell(0xC0C00025); return err }(), // an outdoor cell
		func() error { _, err := d.EnvCell(0xC0C00101); return err }(), // not in the file
	} {
		if !errors.Is(err, dat.ErrNotFound) {
			t.Errorf("err %v, want ErrNotFound", err)
		}
	}
}

// geoEntry returns the stored bytes of one geometry-world entry.
func geoEntry(t *testing.T, d *dat.Dats, f *dat.File, id uint32) []byte {
	t.Helper()
	b, err := f.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(nil), b...)
}

// Damage names the field: each case changes the bytes of a well-formed
// entry.
func TestParseGeometry_DamageNamesTheField(t *testing.T) {
	d := openGeometry(t)
	shell := geoEntry(t, d, d.Portal, dattest.BuildingShell)
	env := geoEntry(t, d, d.Portal, dattest.GeoEnv)
	cell := geoEntry(t, d, d.Cell, dattest.CorridorA)
	// The shell: id, flags, 1 surface (a 1-byte count), the surface, then
	// the vertex array at byte 13.
	const va = 13
	cases := []struct {
		name string
		b    []byte
		id   uint32
		kind string
		want string
	}{
		{"vertex type", patch(shell, va, 2), dattest.BuildingShell, "g", "vertex_array.vertex_type at byte 13: 2, want 1"},
		{"vertex id", patch16(shell, va+8, 7), dattest.BuildingShell, "g", "vertex_array.vertices[7].id at byte 217: id 7 is also element 0's"},
		{"vertex count", patch(shell, va+4, 1<<20), dattest.BuildingShell, "g", "vertex_array.vertices count at byte 17: count 1048576 needs"},
		{"cell id", patch(cell, 8, 0xC1C10105), dattest.CorridorA, "c", "cell_id at byte 8: 0xC1C10105, want the entry's id"},
		{"cells count", patch(env, 4, 1<<30), dattest.GeoEnv, "e", "cells count at byte 4: count 1073741824 needs"},
		{"cell struct id", patch(env, 8, 3), dattest.GeoEnv, "e", "cells[3].id at byte 7520: 3 is also an earlier cell's"},
	}
	for _, c := range cases {
		var err error
		switch c.kind {
		case "g":
			_, err = dat.ParseGfxObj(c.b, c.id)
		case "e":
			_, err = dat.ParseEnvironment(c.b, c.id)
		case "c":
			_, err = dat.ParseEnvCell(c.b, c.id)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
	// Every truncation of every entry is an error naming a field.
	for _, e := range []struct {
		b  []byte
		id uint32
		f  func([]byte, uint32) error
	}{
		{shell, dattest.BuildingShell, func(b []byte, id uint32) error { _, err := dat.ParseGfxObj(b, id); return err }},
		{env, dattest.GeoEnv, func(b []byte, id uint32) error { _, err := dat.ParseEnvironment(b, id); return err }},
		{cell, dattest.CorridorA, func(b []byte, id uint32) error { _, err := dat.ParseEnvCell(b, id); return err }},
	} {
		if err := e.f(e.b, e.id); err != nil {
			t.Fatalf("0x%08X whole: %v", e.id, err)
		}
		for n := 0; n < len(e.b); n += 1 + n/64 { // every byte of the head, then sparser
			err := e.f(e.b[:n], e.id)
			if err == nil || !strings.Contains(err.Error(), "want at least") && !strings.Contains(err.Error(), "needs at least") {
				t.Fatalf("0x%08X cut at %d: %v", e.id, n, err)
			}
		}
	}
}

func patch(b []byte, off int, v uint32) []byte {
	c := append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(c[off:], v)
	return c
}

func patch16(b []byte, off int, v uint16) []byte {
	c := append([]byte(nil), b...)
	binary.LittleEndian.PutUint16(c[off:], v)
	return c
}

// A tree or polygon that points past its arrays, or a tree deeper than the
// limit, is an error naming the node or polygon.
func TestParseGfxObj_BadReferences(t *testing.T) {
	tri := func() *dat.GfxObj {
		var m dattest.Mesh
		m.Add([3]float32{0, 0, 0}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0})
		return dattest.Solid(0x01000010, m)
	}
	deep := &dat.BSPTree{}
	for i := 0; i <= dat.MaxBSPDepth+1; i++ {
		deep.Nodes = append(deep.Nodes, dat.BSPNode{Tag: dat.TagBPnn, Plane: dat.Plane{N: [3]float32{0, 0, 1}}, Pos: int32(i + 1), Neg: -1})
	}
	deep.Nodes = append(deep.Nodes, dat.BSPNode{Tag: dat.TagLeaf, Pos: -1, Neg: -1, Polygons: []uint16{0}})
	for _, c := range []struct {
		name   string
		change func(g *dat.GfxObj)
		want   string
	}{
		{"leaf polygon", func(g *dat.GfxObj) { g.PhysicsBSP.Nodes[0].Polygons = []uint16{0, 5} },
			"physics_bsp.nodes[0].polygons[1] at byte 158: 5, the polygon array holds 1"},
		{"vertex", func(g *dat.GfxObj) { g.PhysicsPolygons = []dat.Polygon{{Vertices: []uint16{0, 1, 9}}} },
			"physics_polygons[0].vertex ids[2] at byte 122: 9, the vertex array holds 3"},
		{"points", func(g *dat.GfxObj) { g.PhysicsPolygons = []dat.Polygon{{Vertices: []uint16{0, 1}}} },
			"physics_polygons[0].points count at byte 108: 2, a polygon has at least 3"},
		{"depth", func(g *dat.GfxObj) { g.PhysicsBSP = deep }, "physics_bsp.nodes[1025] at byte 20624: deeper than 1024 levels"},
	} {
		g := tri()
		c.change(g)
		_, err := dat.ParseGfxObj(dattest.GfxObj(g), g.ID)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
	// A tag no reader names is a childless node: its plane and (in a
	// physics tree) its sphere, then nothing (ACE BSPNode.ReadNode's
	// default, DatReaderWriter's, dereth 10-gfxobj §4.1).
	g := tri()
	g.PhysicsBSP = &dat.BSPTree{Nodes: []dat.BSPNode{
		{Tag: dat.TagBPIN, Plane: dat.Plane{N: [3]float32{1, 0, 0}, D: -0.5}, Pos: 1, Neg: 2, Sphere: dat.Sphere{Radius: 2}},
		{Tag: dattest.TagBPOL, Plane: dat.Plane{N: [3]float32{0, 1, 0}}, Pos: -1, Neg: -1, Sphere: dat.Sphere{Radius: 1}},
		{Tag: dat.TagLeaf, LeafIndex: 3, Solid: 1, Pos: -1, Neg: -1, Sphere: dat.Sphere{Radius: 1}, Polygons: []uint16{0}},
	}}
	got, err := dat.ParseGfxObj(dattest.GfxObj(g), g.ID)
	if err != nil || !reflect.DeepEqual(got.PhysicsBSP, g.PhysicsBSP) {
		t.Fatalf("childless node: %v\n got %+v\nwant %+v", err, got, g.PhysicsBSP)
	}
}

// Ids that are not positions are looked up as ACE and DatReaderWriter
// look them up, by id (their Dictionary keys): a triangle whose vertices
// are stored under 10, 11, 12 and named 12, 11, 10 has vertices 2, 1, 0;
// a leaf naming a polygon id no polygon has is an error naming it.
func TestParseGeometry_IdsAreKeys(t *testing.T) {
	var m dattest.Mesh
	m.Add([3]float32{0, 0, 0}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0})
	g := dattest.Solid(0x01000010, m)
	g.Flags, g.Polygons = dat.GfxObjHasPhysics, nil
	b := dattest.GfxObj(g)
	// id, flags, 1-byte surface count, a surface, vertex type and count:
	// the vertices start at 21, 28 bytes each; the polygon count at 105,
	// the polygon's id at 106 and its vertex ids at 118.
	for i := 0; i < 3; i++ {
		b = patch16(b, 21+28*i, uint16(10+i))
		b = patch16(b, 118+2*i, uint16(12-i))
	}
	b = patch16(b, 106, 40) // the polygon's id
	_, err := dat.ParseGfxObj(b, g.ID)
	if err == nil || !strings.Contains(err.Error(), "physics_bsp.nodes[0].polygons[0] at byte 156: no polygon has id 0") {
		t.Fatalf("err %v", err)
	}
	b = patch16(b, 156, 40)
	got, err := dat.ParseGfxObj(b, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v := got.PhysicsPolygons[0].Vertices; v[0] != 2 || v[1] != 1 || v[2] != 0 || got.PhysicsBSP.Nodes[0].Polygons[0] != 0 {
		t.Errorf("polygon %+v leaf %+v", got.PhysicsPolygons[0], got.PhysicsBSP.Nodes[0])
	}
	// An Environment whose cells are stored under 7 and 3, the first's
	// drawing polygons under ids counting down: it reads back as written,
	// and Cell and Polygon find them by id.
	e := dattest.GeoEnvironment()
	e.Cells = e.Cells[:2]
	e.CellIDs = []uint32{7, 3}
	cs := &e.Cells[0]
	cs.PolygonIDs = make([]uint16, len(cs.Polygons))
	for i := range cs.PolygonIDs {
		cs.PolygonIDs[i] = uint16(100 - i)
	}
	back, err := dat.ParseEnvironment(dattest.Environment(e), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Fatalf("environment\n got %+v\nwant %+v", back, e)
	}
	if c, ok := back.Cell(7); !ok || c != &back.Cells[0] {
		t.Error("cell 7")
	}
	if _, ok := back.Cell(0); ok {
		t.Error("cell 0 found")
	}
	if at, ok := back.Cells[0].Polygon(100 - uint16(cs.Portals[0])); !ok || at != int(cs.Portals[0]) {
		t.Errorf("portal polygon: %d %v", at, ok)
	}
}

// A Setup claiming more placement frames than the limit is an error
// before they are allocated.
func TestParseSetup_PlacementLimit(t *testing.T) {
	s := dattest.StandardSetups()[2] // no parts: each placement is 8 bytes
	s.Parts = nil
	s.Placements = make([]dat.Placement, 4097)
	for i := range s.Placements {
		s.Placements[i].Key = uint32(i)
	}
	_, err := dat.ParseSetup(dattest.Setup(s), s.ID)
	if err == nil || !strings.Contains(err.Error(), "placement frames count at byte 20: 4097, more than the limit of 4096") {
		t.Fatalf("err %v", err)
	}
}
