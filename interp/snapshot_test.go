// Tests of checkpoints: Snapshot, Restore and Clone evolve bit-identically
// (DESIGN.md "Time, snapshots and seeking").

package interp

import (
	"fmt"
	"math"
	"testing"
)

// script drives a remote through enqueues, a wall, an airborne stretch, a
// constraint and a sticky target, tick by tick, and returns a line per tick
// with every bit of the body and manager state.
func script(pm *PositionManager, b *fakeBody, from, to int) []string {
	var out []string
	for k := from; k < to; k++ {
		switch {
		case k%7 == 0:
			p := at(10+float32(k)*0.4, 10+float32(k%5), float32(k*13%360))
			pm.InterpolateTo(&p, k%14 == 0)
			pm.ConstrainTo(&p, 10, 50)
		case k == 40:
			far := at(150, 170, 0)
			pm.InterpolateTo(&far, false)
		case k == 55:
			pm.StickTo(9, 0.5)
		}
		b.blocked = k >= 20 && k < 35
		b.contact = k < 60 || k > 64
		tick(pm, b, dt30)
		out = append(out, stateLine(k, pm, b))
	}
	return out
}

func stateLine(k int, pm *PositionManager, b *fakeBody) string {
	o, q := b.pos.Frame.Origin, b.pos.Frame.Rot
	st := pm.InterpolationState()
	bits := func(v float32) uint32 { return math.Float32bits(v) }
	var cons ConstraintState
	if c := pm.Constraint(); c != nil {
		cons = c.State()
	}
	return fmt.Sprintf("%d cell=%x o=%x,%x,%x q=%x,%x,%x,%x queue=%d fail=%d frames=%d orig=%x pq=%x nodes=%v cons=%+v now=%x",
		k, b.pos.Cell, bits(o[0]), bits(o[1]), bits(o[2]), bits(q.W), bits(q.V[0]), bits(q.V[1]), bits(q.V[2]),
		st.QueueLen, st.FailCounter, st.FrameCounter, bits(st.OriginalDistance), bits(st.ProgressQuantum),
		len(pm.Nodes(nil)), cons, math.Float64bits(pm.Now()))
}

// DESIGN.md "Time, snapshots and seeking": a manager cloned from a snapshot,
// bound to a copy of the body, evolves bit-identically to the original.
func TestSnapshot_CloneEvolvesBitIdentically(t *testing.T) {
	for _, name := range ReadingNames() {
		t.Run(name, func(t *testing.T) {
			b := newBody(at(10, 10, 0))
			b.minterp = &fakeMinterp{adjusted: 3.1, max: 3}
			pm, rec := newPM(b, name)
			pm.SetLookup(lookup{9: at(40, 12, 0)})
			script(pm, b, 0, 30)

			bodyCopy := *b
			cloneRec := &recorder{}
			clone := pm.Clone(&bodyCopy, lookup{9: at(40, 12, 0)}, cloneRec)
			rec.events = nil
			want := script(pm, b, 30, 90)
			got := script(clone, &bodyCopy, 30, 90)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("first difference:\n got %s\nwant %s", got[i], want[i])
				}
			}
			if g, w := fmt.Sprint(cloneRec.events), fmt.Sprint(rec.events); g != w || len(rec.events) == 0 {
				t.Errorf("event streams differ (%d vs %d events)", len(cloneRec.events), len(rec.events))
			}
		})
	}
}

// Restore rewinds a manager in place, keeping its body, lookup and sink, and
// drops sub-managers created after the snapshot.
func TestSnapshot_RestoreRewindsInPlace(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, rec := newPM(b, ReadingSeed)
	snap0 := pm.Snapshot()
	script(pm, b, 0, 10)
	saved := *b
	snap := pm.Snapshot()
	want := script(pm, b, 10, 70)

	*b = saved
	pm.Restore(&snap)
	rec.events = nil
	got := script(pm, b, 10, 70)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("first difference:\n got %s\nwant %s", got[i], want[i])
		}
	}
	if len(rec.events) == 0 {
		t.Error("restored manager lost its sink")
	}

	pm.Restore(&snap0)
	if pm.Interpolation() != nil || pm.Constraint() != nil || pm.Sticky() != nil || pm.Now() != 0 {
		t.Error("restoring the initial snapshot kept sub-managers or the clock")
	}
	var zero Snapshot
	pm.Restore(&zero)
	if pm.Reading() != SeedReading() {
		t.Error("the zero snapshot changed the reading")
	}
}

// A snapshot is a value: changing the manager afterwards changes neither
// it nor a clone taken before.
func TestSnapshot_IsIndependentCopy(t *testing.T) {
	b := newBody(at(10, 10, 0))
	pm, _ := newPM(b, ReadingSeed)
	p := at(12, 10, 0)
	pm.InterpolateTo(&p, false)
	snap := pm.Snapshot()
	clone := pm.Clone(b, nil, nil)
	pm.StopInterpolating()
	if clone.InterpolationState().QueueLen != 1 {
		t.Error("the clone's queue changed with the original")
	}
	pm.Restore(&snap)
	if n, ok := pm.Interpolation().Node(0); !ok || n.Position.Distance(&p) > 1e-6 {
		t.Error("the snapshot's queue changed with the manager")
	}
}
