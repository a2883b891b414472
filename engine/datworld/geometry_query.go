// Queries over the dat world's cells beyond the transition's two: a
// landblock's EnvCells, the cell holding a point, and the EnvCells a
// sphere reaches — for placing a body whose server cell is outdoors but
// which stands inside, and for drawing the cells near the camera.

package datworld

import (
	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// cellEpsilon is retail's plane tolerance (PhysicsGlobals.EPSILON,
// 0.0002): a point this close to a cell's plane is on it.
const cellEpsilon = 0.0002

// EnvCellIDs lists landblock lb's EnvCells: 0xXXYY0100 on, as many as its
// LandBlockInfo's cell count (ACE Landblock: NumCells). Nil when the dats
// lack the LandBlockInfo or it is damaged (recorded in Problems).
func (g *Geometry) EnvCellIDs(lb uint16) []uint32 {
	id := uint32(lb)<<16 | 0xFFFE
	info, err := g.d.LandBlockInfo(id)
	if err != nil {
		if !absent(err) {
			g.mu.Lock()
			g.note("LandBlockInfo", id, err)
			g.mu.Unlock()
		}
		return nil
	}
	n := min(info.NumCells, 0xFFFE-0x0100)
	out := make([]uint32, n)
	for i := range out {
		out[i] = uint32(lb)<<16 | uint32(0x0100+i)
	}
	return out
}

// insideCell is BSPNODE::point_inside_cell_bsp (ACE BSPNode.cs): on or in
// front of every plane along the positive children.
func insideCell(n *physics.BSPNode, p mgl32.Vec3) bool {
	for ; n != nil; n = n.Pos {
		if n.Plane.N.Dot(p)+n.Plane.D < -cellEpsilon {
			return false
		}
	}
	return true
}

// sphereMeetsCell reports whether a sphere meets a cell's volume: it is
// not wholly behind any plane along the chain (BSPNODE::
// sphere_intersects_cell_bsp's "outside" test, ACE BSPNode.cs, with its
// radius padded by 0.01).
func sphereMeetsCell(n *physics.BSPNode, c mgl32.Vec3, r float32) bool {
	for ; n != nil; n = n.Pos {
		if n.Plane.N.Dot(c)+n.Plane.D < -(r + 0.01) {
			return false
		}
	}
	return true
}

// CellAt is the cell holding point p (landblock-local metres) of landblock
// lb: the first of its EnvCells whose cell BSP holds p in the cell's own
// frame, else the outdoor cell under p (0xXXYY00cc, cc = x·8 + y + 1), else
// 0 when p is outside the landblock.
func (g *Geometry) CellAt(lb uint16, p mgl32.Vec3) uint32 {
	for _, id := range g.EnvCellIDs(lb) {
		c := g.EnvCell(id)
		if c == nil || c.Struct == nil || c.Struct.CellBSP == nil {
			continue
		}
		if insideCell(c.Struct.CellBSP.Root, c.Frame.GlobalToLocal(p)) {
			return id
		}
	}
	if p[0] < 0 || p[1] < 0 || p[0] >= cellSize*cellsPerSide || p[1] >= cellSize*cellsPerSide {
		return 0
	}
	cx, cy := uint32(p[0]/cellSize), uint32(p[1]/cellSize)
	return uint32(lb)<<16 | (cx*cellsPerSide + cy + 1)
}

// EnvCellsNear lists landblock lb's EnvCells that a sphere of radius r
// about p (landblock-local metres) meets, in id order.
func (g *Geometry) EnvCellsNear(lb uint16, p mgl32.Vec3, r float32) []uint32 {
	var out []uint32
	for _, id := range g.EnvCellIDs(lb) {
		c := g.EnvCell(id)
		if c == nil || c.Struct == nil || c.Struct.CellBSP == nil {
			continue
		}
		if sphereMeetsCell(c.Struct.CellBSP.Root, c.Frame.GlobalToLocal(p), r) {
			out = append(out, id)
		}
	}
	return out
}
