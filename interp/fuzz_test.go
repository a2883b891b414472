// Fuzzing random enqueue / adjust / use-time sequences (seed 000 §2–§6).

package interp

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// fuzzOps reads a byte string as a sequence of operations on one remote.
type fuzzOps struct {
	data []byte
	i    int
}

func (f *fuzzOps) next() byte {
	if f.i >= len(f.data) {
		return 0
	}
	b := f.data[f.i]
	f.i++
	return b
}

func (f *fuzzOps) done() bool { return f.i >= len(f.data) }

// coord maps two bytes to a landblock coordinate in [-40, 232): positions
// may sit in the neighbouring landblocks.
func (f *fuzzOps) coord() float32 {
	v := uint16(f.next())<<8 | uint16(f.next())
	return -40 + float32(v)*272/65536
}

func (f *fuzzOps) position() physics.Position {
	p := at(0, 0, 0)
	p.Frame = physics.NewFrame(mgl32.Vec3{f.coord(), f.coord(), float32(f.next()) / 64}, physics.HeadingQuat(float32(f.next())*360/256))
	p.Normalize()
	return p
}

// The seed corpus: a far enqueue then ticks; a queue then a wall; a velocity
// tail; a sticky target; bad input.
func fuzzSeeds() [][]byte {
	return [][]byte{
		{0, 10, 0xF0, 0, 0xF0, 0, 0, 0, 1, 30, 1, 30, 2},
		{1, 0, 0x30, 0, 0x31, 0, 0, 0, 0, 0x30, 0, 0x38, 0, 0, 0, 4, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30, 1, 30},
		{2, 0, 0x30, 0, 0x31, 0, 0, 0, 0, 9, 1, 0x30, 0, 0x40, 0, 0, 0, 7, 8, 1, 30, 1, 30, 2, 1, 30},
		{3, 7, 0, 0x30, 0, 0x31, 0, 0, 0, 0, 5, 0x30, 0, 0x30, 0, 0, 0, 40, 200, 1, 30, 1, 30, 1, 0, 11, 12, 6, 3, 1, 30},
	}
}

// FuzzPositionManager drives random enqueue / adjust / use-time sequences
// under every reading: no panic, no NaN or infinite value in any offset,
// body position or manager state, the queue within its ring, and
// node_fail_counter back to 0 after every StopInterpolating (explicit, or the
// one a blip performs) (seed 000 §2, §6).
func FuzzPositionManager(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ops := &fuzzOps{data: data}
		names := ReadingNames()
		b := newBody(at(96, 96, 0))
		b.minterp = &fakeMinterp{adjusted: 3, max: 3}
		pm, rec := newPM(b, names[int(ops.next())%len(names)])
		pm.SetLookup(lookup{9: at(100, 100, 0)})

		for steps := 0; !ops.done() && steps < 2000; steps++ {
			switch op := ops.next() % 13; op {
			case 0:
				p := ops.position()
				pm.InterpolateTo(&p, ops.next()&1 == 1)
			case 1:
				dt := float64(ops.next()) / 1000 // 0–255 ms, 0 included
				rec.events = rec.events[:0]
				off := physics.IdentityFrame()
				pm.AdjustOffset(&off, dt)
				if !finiteVec(off.Origin) || !finite(off.Rot.W) || !finiteVec(off.Rot.V) {
					t.Fatalf("step %d: non-finite offset %+v", steps, off)
				}
				b.apply(&off)
				pm.UseTime()
				for _, e := range rec.events {
					if e.Kind == EventBlip && pm.InterpolationState().FailCounter != 0 {
						t.Fatalf("step %d: fail counter %d after a blip", steps, pm.InterpolationState().FailCounter)
					}
				}
			case 2:
				pm.StopInterpolating()
				if fc := pm.InterpolationState().FailCounter; fc != 0 {
					t.Fatalf("step %d: fail counter %d after StopInterpolating", steps, fc)
				}
			case 3:
				b.contact = !b.contact
			case 4:
				b.blocked = !b.blocked
			case 5:
				p := ops.position()
				pm.ConstrainTo(&p, float32(ops.next()), float32(ops.next()))
			case 6:
				pm.Unconstrain()
			case 7:
				if pm.StickyObjectID() == 0 {
					pm.StickTo(9, float32(ops.next())/64)
				} else {
					pm.Unstick()
				}
			case 8:
				b.rejectSPS = !b.rejectSPS
			case 9:
				typ := NodeJump + NodeType(ops.next()&1)
				pm.makeInterpolation().appendVelocityNode(Node{Type: typ, Position: ops.position(), Velocity: mgl32.Vec3{float32(ops.next()) / 16, 0, 0}})
			case 10:
				p := b.pos.Add(mgl32.Vec3{0, 150, 0})
				pm.InterpolateTo(&p, false)
			case 11:
				p := at(50, 50, 0)
				p.Frame.Origin[ops.next()%3] = float32(math.Inf(1))
				pm.InterpolateTo(&p, false)
			case 12:
				off := physics.IdentityFrame()
				pm.AdjustOffset(&off, []float64{math.NaN(), -1, math.Inf(1)}[ops.next()%3])
				if off != physics.IdentityFrame() {
					t.Fatalf("step %d: bad dt changed the offset", steps)
				}
			}
			checkFinite(t, steps, pm, b)
		}
	})
}

func checkFinite(t *testing.T, step int, pm *PositionManager, b *fakeBody) {
	t.Helper()
	if !finitePosition(&b.pos) {
		t.Fatalf("step %d: body position %+v", step, b.pos.Frame)
	}
	st := pm.InterpolationState()
	if !finite(st.OriginalDistance) || !finite(st.ProgressQuantum) || !finite(st.Window.Cumulative) || !finitePosition(&st.BliptoPosition) {
		t.Fatalf("step %d: non-finite state %+v", step, st)
	}
	if st.QueueLen < 0 || st.QueueLen > queueCapacity {
		t.Fatalf("step %d: queue length %d", step, st.QueueLen)
	}
	for _, n := range pm.Nodes(nil) {
		if !finitePosition(&n.Position) {
			t.Fatalf("step %d: queued %+v", step, n)
		}
	}
	if c := pm.Constraint(); c != nil && !finite(c.State().Offset) {
		t.Fatalf("step %d: constraint %+v", step, c.State())
	}
}
