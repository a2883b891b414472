// Obstacles: the static shapes of the illustrative world — vertical
// cylinders (trees, pillars) and axis-aligned boxes (walls, buildings),
// which the transition meets as a cylsphere and a box with a BSP
// (ObstacleObject). Their JSON form, which terrains and scenarios use for
// inline obstacles, is read and written by engine/terrainjson; here an
// Obstacle is built from numbers and checked (Validate).
//
// Coordinates are metres relative to the landblock's south-west corner, like
// a position's origin.

package physics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

// ObstacleKind says which shape an Obstacle is.
type ObstacleKind uint8

// Obstacle kinds.
const (
	// ObstacleCylinder is a vertical cylinder: Center (its base), Radius,
	// Height.
	ObstacleCylinder ObstacleKind = iota + 1
	// ObstacleBox is an axis-aligned box from Min to Max.
	ObstacleBox
)

// String is the kind's JSON name.
func (k ObstacleKind) String() string {
	switch k {
	case ObstacleCylinder:
		return "cylinder"
	case ObstacleBox:
		return "box"
	}
	return fmt.Sprintf("ObstacleKind(%d)", uint8(k))
}

// Obstacle is one static obstacle.
type Obstacle struct {
	Kind ObstacleKind
	// Name labels the obstacle in the viewer; optional.
	Name string
	// Landblock is the XXYY of the landblock the coordinates are in.
	Landblock uint16
	// Center is a cylinder's base centre; Radius and Height its size.
	Center         mgl32.Vec3
	Radius, Height float32
	// Min and Max are a box's corners.
	Min, Max mgl32.Vec3
}

// Validate reports the first thing wrong with the obstacle, naming the field.
func (ob *Obstacle) Validate() error {
	switch ob.Kind {
	case ObstacleCylinder:
		if !finiteVec(ob.Center) {
			return fmt.Errorf("center: want finite numbers")
		}
		if !(ob.Radius > 0) || !finite32(ob.Radius) {
			return fmt.Errorf("radius: want a positive number, got %v", ob.Radius)
		}
		if !(ob.Height > 0) || !finite32(ob.Height) {
			return fmt.Errorf("height: want a positive number, got %v", ob.Height)
		}
	case ObstacleBox:
		if !finiteVec(ob.Min) {
			return fmt.Errorf("min: want finite numbers")
		}
		if !finiteVec(ob.Max) {
			return fmt.Errorf("max: want finite numbers")
		}
		for i, axis := range [3]string{"x", "y", "z"} {
			if !(ob.Min[i] < ob.Max[i]) {
				return fmt.Errorf("max: %s (%v) must exceed min's (%v)", axis, ob.Max[i], ob.Min[i])
			}
		}
	default:
		return fmt.Errorf("kind: want \"cylinder\" or \"box\"")
	}
	return nil
}

// finiteVec reports whether every component is finite: v − v is +0 for a
// finite v and NaN otherwise, so the sum is +0 exactly when all three are.
func finiteVec(v mgl32.Vec3) bool { return (v[0]-v[0])+(v[1]-v[1])+(v[2]-v[2]) == 0 }
