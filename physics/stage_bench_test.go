// Per-stage benchmarks (docs/benchmarks.md, "Per stage"): the physics
// stages of one object-tick alone, on a remote standing on flat ground as
// the engine's benchmark walkers do — UpdatePhysicsInternal (seed 003 §4),
// the transition sweep of one tick's step (§5) and SetPositionInternal's
// commit of its result (§6).

package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func BenchmarkStage(b *testing.B) {
	w := &World{Terrain: FlatTerrain(0)}
	b.Run("physics", func(b *testing.B) {
		// A grounded remote at rest (the engine's walkers carry no velocity;
		// interpolation moves them): the velocity and omega steps.
		o := placed(b, w, 24, 66, 0, 90)
		f := o.Position().Frame
		b.ReportAllocs()
		for b.Loop() {
			o.UpdatePhysicsInternal(dt, &f)
		}
	})
	b.Run("physics/moving", func(b *testing.B) {
		// The same body given a velocity each tick: cap, friction, deadband
		// and the translation step.
		o := placed(b, w, 24, 66, 0, 90)
		f := o.Position().Frame
		b.ReportAllocs()
		for b.Loop() {
			o.Velocity = mgl32.Vec3{1, 0.5, 0}
			o.UpdatePhysicsInternal(dt, &f)
		}
	})
	b.Run("transition", func(b *testing.B) {
		// One tick of a 3 m/s walk: a single-step sweep on the ground.
		o := placed(b, w, 24, 66, 0, 90)
		from := o.Position()
		to := from.Frame
		to.Origin[0] += 0.1
		b.ReportAllocs()
		for b.Loop() {
			o.retailTransition(&from, &to)
		}
	})
	b.Run("commit", func(b *testing.B) {
		// SetPositionInternal of that sweep's result.
		o := placed(b, w, 24, 66, 0, 90)
		from := o.Position()
		to := from.Frame
		to.Origin[0] += 0.1
		t, ok := o.retailTransition(&from, &to)
		if !ok {
			b.Fatal("the sweep failed")
		}
		r := *t
		b.ReportAllocs()
		for b.Loop() {
			o.setPositionInternal(&r)
		}
	})
}
