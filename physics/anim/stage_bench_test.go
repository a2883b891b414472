// Per-stage benchmark (docs/benchmarks.md, "Per stage"): the animation
// stage, CPartArray::Update on the default Humanoid table's walk cycle, as
// the engine's benchmark walkers play it (seed 002 §2, §3).

package anim

import (
	"testing"

	"glidepath/physics"
)

func BenchmarkStage(b *testing.B) {
	for _, c := range []struct {
		name string
		st   InterpretedState
	}{
		{"animation", state(WalkForward, 1)},
		{"animation/turning", func() InterpretedState { s := state(WalkForward, 1); s.Turn, s.TurnSpeed = TurnRight, 1; return s }()},
	} {
		b.Run(c.name, func(b *testing.B) {
			pa := NewPartArray(loadTable(b, "humanoid"))
			if err := NewMotionInterp().ApplyInterpreted(c.st, pa); err != nil {
				b.Fatal(err)
			}
			id := physics.IdentityFrame()
			b.ReportAllocs()
			for b.Loop() {
				off := id
				pa.Update(1.0/30, &off)
			}
		})
	}
}
