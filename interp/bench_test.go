// Benchmarks of the per-tick interpolation step (seed 000 §4).

package interp

import (
	"fmt"
	"testing"

	"glidepath/physics"
)

// queuedAhead is a position manager for body under the seed reading with n
// position nodes queued ahead of it, 1 m apart from y = 80, as the
// benchmarks of the interpolation step start.
func queuedAhead(tb testing.TB, body *fakeBody, n int) *PositionManager {
	tb.Helper()
	pm, err := NewPositionManager(body, SeedReading())
	if err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		p := at(96, 80+float32(i), 0)
		pm.InterpolateTo(&p, false)
	}
	return pm
}

// rewind puts a body that crept toward the head back at start and resets
// m's stall window (the benchmarks' every-256-calls reset).
func rewind(body *fakeBody, start physics.Position, m *InterpolationManager) {
	body.pos = start
	m.st.originalDistance = LargeDistance
	m.st.frameCounter = 0
}

// BenchmarkAdjustOffset measures one PositionManager.AdjustOffset (the
// interpolation step, seed 000 §4, stall window included every 5th call)
// with queues of several sizes. The body creeps 0.1 m toward the head per
// call so every window passes and the queue stays whole; every 256 calls it
// is put back and the window reset, outside retail's flow but cheap.
func BenchmarkAdjustOffset(b *testing.B) {
	for _, n := range []int{1, 5, 20} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			body := newBody(at(96, 20, 0))
			body.minterp = &fakeMinterp{adjusted: 3, max: 3}
			pm := queuedAhead(b, body, n)
			m := pm.Interpolation()
			if m.QueueLen() != n {
				b.Fatalf("queue %d, want %d", m.QueueLen(), n)
			}
			start := body.pos
			off := physics.IdentityFrame()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				pm.AdjustOffset(&off, dt30)
				body.pos.Frame.Origin[1] += 0.1
				if i++; i&255 == 0 {
					rewind(body, start, m)
				}
			}
			if m.QueueLen() != n || m.FailCounter() != 0 {
				b.Fatalf("queue %d fail %d after the run", m.QueueLen(), m.FailCounter())
			}
		})
	}
}

// BenchmarkAdjustOffsetWithSink is the same 5-node step with a sink that
// counts events, to show that emitting allocates nothing.
func BenchmarkAdjustOffsetWithSink(b *testing.B) {
	body := newBody(at(96, 20, 0))
	pm := queuedAhead(b, body, 5)
	var c counter
	pm.SetSink(&c)
	m := pm.Interpolation()
	start := body.pos
	off := physics.IdentityFrame()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		pm.AdjustOffset(&off, dt30)
		body.pos.Frame.Origin[1] += 0.1
		if i++; i&255 == 0 {
			rewind(body, start, m)
		}
	}
	if c.n == 0 {
		b.Fatal("no events")
	}
}

type counter struct{ n int }

func (c *counter) Emit(Event) { c.n++ }

// TestAdjustOffset_DoesNotAllocate pins the zero-allocation property the
// benchmarks measure (a count, not a time, so it is not flaky).
func TestAdjustOffset_DoesNotAllocate(t *testing.T) {
	body := newBody(at(96, 20, 0))
	pm := queuedAhead(t, body, 5)
	var c counter
	pm.SetSink(&c)
	off := physics.IdentityFrame()
	allocs := testing.AllocsPerRun(200, func() {
		pm.AdjustOffset(&off, dt30)
		body.pos.Frame.Origin[1] += 0.01
		pm.UseTime()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per tick, want 0", allocs)
	}
}
