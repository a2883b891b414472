// Per-stage benchmarks (docs/benchmarks.md, "Per stage"): the interpolation
// stage (InterpolationManager::adjust_offset with a 5-node queue, seed 000
// §4) and the constraint stage (ConstraintManager::adjust_offset scaling a
// step between its start and max distances, READINGS.md item 8), each
// alone.

package interp

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

func BenchmarkStage(b *testing.B) {
	b.Run("interpolation", func(b *testing.B) {
		// The body creeps toward the head so every window passes; it is put
		// back every 256 calls (as BenchmarkAdjustOffset does).
		body := newBody(at(96, 20, 0))
		body.minterp = &fakeMinterp{adjusted: 3, max: 3}
		m := queuedAhead(b, body, 5).Interpolation()
		start := body.pos
		off := physics.IdentityFrame()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			m.AdjustOffset(&off, dt30)
			body.pos.Frame.Origin[1] += 0.1
			if i++; i&255 == 0 {
				rewind(body, start, m)
			}
		}
	})
	b.Run("constraint", func(b *testing.B) {
		// A body 20 m from its anchor (between start 10 and max 50): the
		// step is scaled, then the running offset re-seeded for the next.
		body := newBody(at(96, 20, 0))
		pm, err := NewPositionManager(body, SeedReading())
		if err != nil {
			b.Fatal(err)
		}
		anchor := at(96, 40, 0)
		pm.ConstrainTo(&anchor, physics.OutsideConstraintDistanceStart, physics.OutsideConstraintDistanceMax)
		c := pm.Constraint()
		seed := c.st.Offset
		off := physics.IdentityFrame()
		b.ReportAllocs()
		for b.Loop() {
			off.Origin = mgl32.Vec3{0, 0.1, 0}
			c.st.Offset = seed
			c.AdjustOffset(&off, dt30)
		}
		if c.st.LastScale == 1 || c.st.LastScale == 0 {
			b.Fatalf("the step was not scaled (scale %v)", c.st.LastScale)
		}
	})
}
