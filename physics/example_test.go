package physics_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// forwardPM stands in for interp's PositionManager: every tick its
// adjust_offset replaces the offset with 0.2 m straight ahead, as an
// InterpolationManager closing on a waypoint does.
type forwardPM struct{}

func (forwardPM) AdjustOffset(off *physics.Frame, dt float64) { off.Origin = mgl32.Vec3{0, 0.2, 0} }
func (forwardPM) UseTime()                                    {}
func (forwardPM) InterpolateTo(*physics.Position, bool)       {}
func (forwardPM) StopInterpolating()                          {}
func (forwardPM) ConstrainTo(*physics.Position, float32, float32) {
}
func (forwardPM) Unconstrain() {}
func (forwardPM) Unstick()     {}

// One tick of a remote standing on flat ground, facing east: the offset
// adjust_offset writes is body-local, so combine turns "forward" into +X,
// the transition keeps the body on the ground, and the stage record shows
// each stage's output. With no movement manager and no velocity, the body
// on walkable ground goes dormant at the end of the tick (seed 003 §4 row
// 3), as a retail object without a motion table does; engine gives every
// remote a MovementManager so it keeps ticking.
func ExampleObject_UpdateObjectInternal() {
	body := physics.NewObject()
	body.World = &physics.World{Terrain: physics.FlatTerrain(0)}
	body.PositionManager = forwardPM{}
	start := physics.NewPosition(0xA9B40001, mgl32.Vec3{90, 90, 0}, 90)
	body.SetPosition(&start, physics.SetPositionPlacement)
	body.Record = &physics.StageRecord{}

	body.UpdateObjectInternal(1.0 / 30)

	for s := physics.Stage(0); s < physics.NumStages; s++ {
		if body.Record.Ran[s] {
			o := body.Record.Pos[s].Frame.Origin
			fmt.Printf("%-31s (%.1f, %.1f, %.1f)\n", s, o[0], o[1], o[2])
		}
	}
	p := body.Position()
	fmt.Printf("cell 0x%08X, heading %.0f, contact %v, active %v\n", p.Cell, body.Heading(), body.InContact(), body.IsActive())
	// Output:
	// CPartArray::Update              (0.0, 0.0, 0.0)
	// PositionManager::adjust_offset  (0.0, 0.2, 0.0)
	// Frame::combine                  (90.2, 90.0, 0.0)
	// UpdatePhysicsInternal           (90.2, 90.0, 0.0)
	// transition                      (90.2, 90.0, 0.0)
	// SetPositionInternal             (90.2, 90.0, 0.0)
	// PositionManager::UseTime        (90.2, 90.0, 0.0)
	// cell 0xA9B4001C, heading 90, contact true, active false
}
