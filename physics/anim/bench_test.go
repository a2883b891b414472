// Benchmark of one sequence update on a running cycle, and the matching
// zero-allocation test (seed 002 §2, §3).

package anim

import (
	"testing"

	"glidepath/physics"
)

// noopHooks is a hook target that does nothing, to measure the interface
// calls execute_hooks makes.
type noopHooks struct{}

func (noopHooks) ExecuteHooks(*PartFrame, HookDirection) {}
func (noopHooks) AnimDone()                              {}

// BenchmarkSequenceUpdate: one CSequence::update on a running cycle, as the
// per-tick pipeline calls it (a fresh identity offset each tick). Variants
// by how many keyframes one update crosses.
func BenchmarkSequenceUpdate(b *testing.B) {
	tbl := loadTable(b, "humanoid-baked")
	for _, bc := range []struct {
		name  string
		dt    float64
		speed float32
		hooks bool
	}{
		{"dt=1/30", 1.0 / 30, 1, false},
		{"dt=1/30/hooks", 1.0 / 30, 1, true},
		{"dt=1/60", 1.0 / 60, 1, false},
		{"dt=1/30/speed=1.5", 1.0 / 30, 1.5, false},
		{"dt=1/4", 0.25, 1, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			pa := NewPartArray(tbl)
			if bc.hooks {
				pa.Sequence().SetHookTarget(noopHooks{})
			}
			m := NewMotionInterp()
			if err := m.ApplyInterpreted(state(RunForward, bc.speed), pa); err != nil {
				b.Fatal(err)
			}
			id := physics.IdentityFrame()
			b.ReportAllocs()
			for b.Loop() {
				off := id
				pa.Update(bc.dt, &off)
			}
		})
	}
}

// The per-tick update of a running cycle allocates nothing (the benchmark
// target is 0 allocations per update).
func TestSequenceUpdate_DoesNotAllocate(t *testing.T) {
	pa := NewPartArray(loadTable(t, "humanoid-baked"))
	pa.Sequence().SetHookTarget(noopHooks{})
	if err := NewMotionInterp().ApplyInterpreted(state(RunForward, 1.25), pa); err != nil {
		t.Fatal(err)
	}
	id := physics.IdentityFrame()
	allocs := testing.AllocsPerRun(200, func() {
		off := id
		pa.Update(1.0/30, &off)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per update", allocs)
	}
}
