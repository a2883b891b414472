// The transition's result: what SetPositionInternal reads from a finished
// CTransition (seed 003 §5 "Side effects on caller"). Retail's transition
// itself is in transit*.go.

package physics

import "github.com/go-gl/mathgl/mgl32"

// transitionResult is the part of CTransition that SetPositionInternal reads:
// sphere_path.curr_pos and collision_info (seed 003 §5 "Side effects on
// caller").
type transitionResult struct {
	// CurPos is sphere_path.curr_pos, the position the sweep reached. A
	// Cell of 0 means the object left the world (retail's lost cell).
	CurPos Position
	// Contact plane (collision_info.contact_plane*).
	ContactPlaneValid  bool
	ContactPlane       Plane
	ContactPlaneCellID uint32
	// Sliding normal (collision_info.sliding_normal*): the horizontal normal
	// of what the body slid along.
	SlidingNormalValid bool
	SlidingNormal      mgl32.Vec3
	// Collision normal (collision_info.collision_normal*): what the body
	// hit, for handle_all_collisions' bounce.
	CollisionNormalValid bool
	CollisionNormal      mgl32.Vec3
	// events is what retail's transition saw (walls, steps, landing).
	events transitEvents
}
