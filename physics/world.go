// World: what retail's transition collides with — a terrain, a list of
// static obstacles, the dat geometry and a stand-in indoor floor — and the
// plane type contact planes are stored in.
// Engine builds one per recording and points every object's World at it.

package physics

import "github.com/go-gl/mathgl/mgl32"

// World is the collision world: terrain, static obstacles and (with dat
// files) the dat geometry. The zero value (and a nil *World) is flat ground
// at z = 0 with no obstacles.
type World struct {
	// Terrain is the ground; nil is flat at z = 0.
	Terrain *Terrain
	// Obstacles are vertical cylinders and axis-aligned boxes, tested in
	// order (a slice, so iteration order never depends on a map).
	Obstacles []Obstacle
	// Geometry is the dat geometry (EnvCells, buildings, statics with
	// their BSPs); nil without dat files (geometry.go).
	Geometry Geometry
	// Floor is the stand-in floor of indoor cells Geometry does not hold;
	// nil keeps the floor at the body's feet.
	Floor IndoorFloor
	// statics are the client's statics, read per landblock on first use
	// (SetStaticsLoader, statics.go); nil without dat files.
	statics *lazyStatics

	// Floors, when not nil, are the heights the server put bodies at, the
	// ground where the world has none (floors.go): indoors, and outdoors
	// too when FloorsOutdoors (no dat terrain). FloorTick is the tick the
	// run is in, set before each tick's physics.
	Floors         *Floors
	FloorsOutdoors bool
	FloorTick      int32
}

// Plane is retail's Plane: points p with N·p + D = 0, N a unit normal.
// A contact plane is expressed in the landblock of its cell.
type Plane struct {
	N mgl32.Vec3
	D float32
}

// PlaneThrough returns the plane with unit normal n through point p.
func PlaneThrough(n, p mgl32.Vec3) Plane { return Plane{N: n, D: -n.Dot(p)} }

// Ground returns the terrain height and surface normal under the
// landblock-local point (x, y) of cell's landblock; the point may lie past
// the landblock's edge, and the neighbouring landblock answers.
func (w *World) Ground(cell uint32, x, y float32) (z float32, n mgl32.Vec3) {
	var t *Terrain
	if w != nil {
		t = w.Terrain
	}
	return t.sample(int32(cell>>24), int32(cell>>16&0xFF), x, y)
}

// ObstacleName is the name of obstacle i (a log keeps a wall event's
// obstacle by its number), "" when w has none or no name for it.
func (w *World) ObstacleName(i uint32) string {
	if w == nil || uint64(i) >= uint64(len(w.Obstacles)) {
		return ""
	}
	return w.Obstacles[i].Name
}
