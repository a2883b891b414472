// `viewer dat -entry` for the geometry entries: a GfxObj's physics
// polygons (their vertices) and tree sizes, an Environment's CellStructs,
// an EnvCell's placement, portals, visible cells and statics. Field names
// are a contract (docs/formats.md).

package datcmd

import (
	"fmt"
	"strings"

	"glidepath/assets/dat"
	"glidepath/internal/plural"
)

type datJSONPolygon struct {
	Sides    int32         `json:"sides"`
	Vertices [][3]datFloat `json:"vertices"`
}

type datJSONGfxObj struct {
	ID              datID            `json:"id"`
	Type            string           `json:"type"`
	Flags           uint32           `json:"flags"`
	Surfaces        []datID          `json:"surfaces"`
	NumVertices     int              `json:"num_vertices"`
	PhysicsPolygons []datJSONPolygon `json:"physics_polygons"`
	PhysicsBSPNodes int              `json:"physics_bsp_nodes"`
	SortCenter      [3]datFloat      `json:"sort_center"`
	NumPolygons     int              `json:"num_polygons"`
	DIDDegrade      datID            `json:"did_degrade"`
}

type datJSONCellStruct struct {
	NumVertices     int              `json:"num_vertices"`
	NumPolygons     int              `json:"num_polygons"`
	Portals         []uint16         `json:"portals"`
	CellBSPNodes    int              `json:"cell_bsp_nodes"`
	PhysicsPolygons []datJSONPolygon `json:"physics_polygons"`
	PhysicsBSPNodes int              `json:"physics_bsp_nodes"`
	DrawingBSP      bool             `json:"drawing_bsp"`
}

type datJSONEnvironment struct {
	ID    datID               `json:"id"`
	Type  string              `json:"type"`
	Cells []datJSONCellStruct `json:"cells"`
}

type datJSONCellPortal struct {
	Flags       uint16 `json:"flags"`
	Polygon     uint16 `json:"polygon"`
	OtherCell   uint16 `json:"other_cell"`
	OtherPortal uint16 `json:"other_portal"`
}

type datJSONCellStab struct {
	ID       datID       `json:"id"`
	Origin   [3]datFloat `json:"origin"`
	Rotation [4]datFloat `json:"rotation"`
}

type datJSONEnvCell struct {
	ID             datID               `json:"id"`
	Type           string              `json:"type"`
	Flags          uint32              `json:"flags"`
	SeenOutside    bool                `json:"seen_outside"`
	Surfaces       []datID             `json:"surfaces"`
	Environment    datID               `json:"environment"`
	CellStructure  uint16              `json:"cell_structure"`
	Origin         [3]datFloat         `json:"origin"`
	Rotation       [4]datFloat         `json:"rotation"`
	Portals        []datJSONCellPortal `json:"portals"`
	VisibleCells   []uint16            `json:"visible_cells"`
	StaticObjects  []datJSONCellStab   `json:"static_objects"`
	RestrictionObj datID               `json:"restriction_obj"`
}

func datPolygonsJSON(vs []dat.Vertex, ps []dat.Polygon) []datJSONPolygon {
	out := make([]datJSONPolygon, len(ps))
	for i, p := range ps {
		out[i] = datJSONPolygon{Sides: p.SidesType, Vertices: make([][3]datFloat, len(p.Vertices))}
		for j, v := range p.Vertices {
			out[i].Vertices[j] = datVec(vs[v].Origin)
		}
	}
	return out
}

func treeNodes(t *dat.BSPTree) int {
	if t == nil {
		return 0
	}
	return len(t.Nodes)
}

func datGfxObjJSON(g *dat.GfxObj) datJSONGfxObj {
	j := datJSONGfxObj{ID: datID(g.ID), Type: "GfxObj", Flags: g.Flags, Surfaces: make([]datID, len(g.Surfaces)),
		NumVertices: len(g.Vertices), PhysicsPolygons: datPolygonsJSON(g.Vertices, g.PhysicsPolygons),
		PhysicsBSPNodes: treeNodes(g.PhysicsBSP), SortCenter: datVec(g.SortCenter), NumPolygons: len(g.Polygons), DIDDegrade: datID(g.DIDDegrade)}
	for i, s := range g.Surfaces {
		j.Surfaces[i] = datID(s)
	}
	return j
}

func datEnvironmentJSON(e *dat.Environment) datJSONEnvironment {
	j := datJSONEnvironment{ID: datID(e.ID), Type: "Environment", Cells: make([]datJSONCellStruct, len(e.Cells))}
	for i := range e.Cells {
		c := &e.Cells[i]
		j.Cells[i] = datJSONCellStruct{NumVertices: len(c.Vertices), NumPolygons: len(c.Polygons), Portals: c.Portals,
			CellBSPNodes: treeNodes(c.CellBSP), PhysicsPolygons: datPolygonsJSON(c.Vertices, c.PhysicsPolygons),
			PhysicsBSPNodes: treeNodes(c.PhysicsBSP), DrawingBSP: c.HasDrawingBSP}
	}
	return j
}

func datEnvCellJSON(e *dat.EnvCell) datJSONEnvCell {
	j := datJSONEnvCell{ID: datID(e.ID), Type: "EnvCell", Flags: e.Flags, SeenOutside: e.SeenOutside(),
		Surfaces: make([]datID, len(e.Surfaces)), Environment: datID(e.EnvironmentID), CellStructure: e.CellStructure,
		Origin: datVec(e.Position.Origin), Rotation: datQuat(e.Position.Rotation), Portals: make([]datJSONCellPortal, len(e.Portals)),
		VisibleCells: e.VisibleCells, StaticObjects: make([]datJSONCellStab, len(e.StaticObjects)), RestrictionObj: datID(e.RestrictionObj)}
	for i, s := range e.Surfaces {
		j.Surfaces[i] = datID(s)
	}
	for i, p := range e.Portals {
		j.Portals[i] = datJSONCellPortal{p.Flags, p.PolygonID, p.OtherCellID, p.OtherPortalID}
	}
	for i, s := range e.StaticObjects {
		j.StaticObjects[i] = datJSONCellStab{datID(s.ID), datVec(s.Frame.Origin), datQuat(s.Frame.Rotation)}
	}
	return j
}

// writeDatGeometryText is the text form of a geometry entry ("" for other
// values).
func writeDatGeometryText(b *strings.Builder, v any) {
	switch e := v.(type) {
	case datJSONGfxObj:
		fmt.Fprintf(b, "GfxObj 0x%08X: flags 0x%X, %s, %s (BSP of %s), %s, sort centre %s\n",
			uint32(e.ID), e.Flags, plural.CountAs(e.NumVertices, "vertex", "vertices"), plural.Count(len(e.PhysicsPolygons), "physics polygon"),
			plural.Count(e.PhysicsBSPNodes, "node"), plural.Count(e.NumPolygons, "drawing polygon"), datFmtV(e.SortCenter))
	case datJSONEnvironment:
		fmt.Fprintf(b, "Environment 0x%08X: %s\n", uint32(e.ID), plural.Count(len(e.Cells), "cell structure"))
		for i, c := range e.Cells {
			fmt.Fprintf(b, "  %d: %s, %s, portals %v, cell BSP %s, %s (BSP of %s)\n",
				i, plural.CountAs(c.NumVertices, "vertex", "vertices"), plural.Count(c.NumPolygons, "polygon"), c.Portals, plural.Count(c.CellBSPNodes, "node"),
				plural.Count(len(c.PhysicsPolygons), "physics polygon"), plural.Count(c.PhysicsBSPNodes, "node"))
		}
	case datJSONEnvCell:
		fmt.Fprintf(b, "EnvCell 0x%08X: structure %d of 0x%08X at %s, seen outside %v\n",
			uint32(e.ID), e.CellStructure, uint32(e.Environment), datFmtFrame(datJSONFrame{e.Origin, e.Rotation}), e.SeenOutside)
		for i, p := range e.Portals {
			fmt.Fprintf(b, "  portal %d: polygon %d to cell 0x%04X (its portal %d), flags 0x%X\n", i, p.Polygon, p.OtherCell, p.OtherPortal, p.Flags)
		}
		if len(e.VisibleCells) > 0 {
			// In hex, as the portals' cells are (0x0101, not 257).
			b.WriteString("  visible cells")
			for _, v := range e.VisibleCells {
				fmt.Fprintf(b, " 0x%04X", v)
			}
			b.WriteString("\n")
		}
		for _, s := range e.StaticObjects {
			fmt.Fprintf(b, "  static 0x%08X at %s\n", uint32(s.ID), datFmtFrame(datJSONFrame{s.Origin, s.Rotation}))
		}
	}
}
