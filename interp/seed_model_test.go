// A second, deliberately literal transcription of seed 000 §2–§6's
// pseudo-code (slices for the linked list, no events, no readings), run in
// lock step with InterpolationManager under the seed reading on random
// enqueue / adjust / use-time sequences: every branch's order of operations,
// comparison and counter reset must agree exactly.

package interp

import (
	"math/rand"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seedModel is InterpolationManager as seed 000 §2–§6 write it.
type seedModel struct {
	q      []Node
	kh     bool
	fc     uint32
	od     float32
	pq     float32
	nfc    int32
	blipto physics.Position
	body   *fakeBody
}

func newSeedModel(b *fakeBody) *seedModel {
	return &seedModel{od: 999999, blipto: physics.Position{Frame: physics.IdentityFrame()}, body: b}
}

func (r *seedModel) stop() { r.q = nil; r.fc = 0; r.pq = 0; r.nfc = 0; r.od = 999999 }

func (r *seedModel) interpolateTo(p physics.Position, arg3 bool) {
	bp := r.body.pos
	ref := bp
	if len(r.q) > 0 && r.q[len(r.q)-1].Type == NodePosition {
		ref = r.q[len(r.q)-1].Position
	}
	dist := ref.Distance(&p)
	if dist > r.body.AutonomyBlipDistance() {
		n := Node{Type: 1, Position: p}
		if r.kh {
			n.Position.Frame.SetHeading(r.body.Heading())
		}
		r.q = append(r.q, n)
		r.nfc = 4
		return
	}
	if bp.Distance(&p) <= 0.05 {
		if !arg3 {
			r.body.SetHeading(p.Frame.Heading(), true)
		}
		r.stop()
		return
	}
	for len(r.q) > 0 && r.q[len(r.q)-1].Type == 1 && r.q[len(r.q)-1].Position.Distance(&p) <= 0.05 {
		r.q = r.q[:len(r.q)-1]
	}
	if len(r.q) >= 20 {
		r.q = r.q[1:]
	}
	r.kh = arg3
	n := Node{Type: 1, Position: p}
	if r.kh {
		n.Position.Frame.SetHeading(r.body.Heading())
	}
	r.q = append(r.q, n)
}

func (r *seedModel) nodeCompleted(arg2 bool) {
	r.fc = 0
	r.pq = 0
	var popped *Node
	if len(r.q) > 0 {
		h := r.q[0]
		popped = &h
		r.q = r.q[1:]
	}
	if len(r.q) == 0 {
		r.od = 999999
		if arg2 {
			r.stop()
			return
		}
		if popped != nil {
			r.blipto = popped.Position
		}
	} else if r.q[0].Type != 1 {
		if arg2 {
			return
		}
		if popped != nil {
			r.blipto = popped.Position
		}
	} else {
		bp := r.body.pos
		r.od = bp.Distance(&r.q[0].Position)
	}
}

// adjust is adjust_offset (seed 000 §4); it reports whether the offset is
// written and the global step it holds.
func (r *seedModel) adjust(dt float64, catchUp float32) (bool, mgl32.Vec3) {
	if len(r.q) == 0 || !r.body.contact {
		return false, mgl32.Vec3{}
	}
	h := r.q[0]
	if h.Type == 2 || h.Type == 3 {
		return false, mgl32.Vec3{}
	}
	bp := r.body.pos
	dist := bp.Distance(&h.Position)
	if dist <= 0.05 {
		r.nodeCompleted(true)
		return false, mgl32.Vec3{}
	}
	r.pq = float32(dt + float64(r.pq))
	r.fc++
	if r.fc >= 5 {
		cum := r.od - dist
		prim := cum >= 0.20
		sec := cum > FEpsilon && float64(cum)/float64(r.pq)/dt >= float64(float32(0.30))
		if !prim && !sec {
			r.nfc++
			r.nodeCompleted(false)
			return false, mgl32.Vec3{}
		}
		r.fc = 0
		r.pq = 0
		r.od = dist
	}
	to := bp.Offset(&h.Position)
	step := float32(float64(catchUp) * dt)
	mag := to.Len()
	if mag <= 0.05 {
		r.nodeCompleted(true)
	}
	if step < mag {
		to = to.Mul(step / mag)
	}
	return true, to
}

func (r *seedModel) useTime() {
	if r.nfc <= 3 {
		if len(r.q) > 0 {
			switch r.q[0].Type {
			case 3:
				r.body.SetVelocity(r.q[0].Velocity, true)
				r.nodeCompleted(true)
			case 2:
				r.nodeCompleted(true)
			}
			return
		}
		if r.nfc <= 0 {
			return
		}
	}
	var target physics.Position
	reapply := false
	var vel mgl32.Vec3
	if len(r.q) == 0 {
		target = r.blipto
	} else if t := r.q[len(r.q)-1]; t.Type == 2 || t.Type == 3 {
		vel = t.Velocity
		found := false
		for _, n := range r.q[:len(r.q)-1] {
			if n.Type == 1 {
				target = n.Position
				found = true
			}
		}
		if !found {
			target = r.blipto
		} else {
			reapply = true
		}
	} else {
		target = t.Position
	}
	if r.body.SetPositionSimple(&target, true) {
		if reapply {
			r.body.SetVelocity(vel, true)
		}
		r.stop()
	}
}

// seed 000 §2–§6: InterpolationManager and the literal transcription agree
// on the queue, every counter, blipto_position, the offset and the body after
// every operation. The velocity nodes appended stay below the ring's size
// (retail's list is unbounded, see queueCapacity).
func TestInterpolationManager_MatchesSeedTranscription(t *testing.T) {
	for seed := int64(0); seed < 2000; seed++ {
		rng := rand.New(rand.NewSource(seed))
		b1 := newBody(at(96, 96, 0))
		b2 := newBody(at(96, 96, 0))
		b1.blipDist, b2.blipDist = 30, 30
		m, _ := NewInterpolationManager(b1, SeedReading())
		r := newSeedModel(b2)
		creep := float32(1)
		pos := func() physics.Position {
			c := b1.pos.Frame.Origin
			s := float32(rng.Intn(3)) * []float32{0.02, 1, 20}[rng.Intn(3)]
			if rng.Intn(10) == 0 {
				s = 50
			}
			p := at(c[0]+s*(rng.Float32()-0.5), c[1]+s*(rng.Float32()-0.5), float32(rng.Intn(360)))
			return p
		}
		for step := 0; step < 300; step++ {
			switch rng.Intn(8) {
			case 0, 1:
				p := pos()
				kh := rng.Intn(3) == 0
				m.InterpolateTo(&p, kh)
				r.interpolateTo(p, kh)
			case 2:
				if rng.Intn(3) == 0 {
					b1.rejectSPS = !b1.rejectSPS
					b2.rejectSPS = b1.rejectSPS
				}
				// How much of each offset the body achieves: none (a wall),
				// all, or a creep around the secondary test's threshold
				// (cumulative / progress_quantum / dt = 0.30).
				creep = []float32{0, 1, 1, 0.0005, 0.001, 0.002, 0.01}[rng.Intn(7)]
			case 3:
				b1.contact = rng.Intn(4) != 0
				b2.contact = b1.contact
			case 4:
				if len(r.q) >= 15 {
					continue
				}
				n := Node{Type: NodeType(2 + rng.Intn(2)), Position: pos(), Velocity: mgl32.Vec3{1, 0, 0}}
				m.appendVelocityNode(n)
				r.q = append(r.q, n)
			default:
				dt := []float64{1.0 / 30, 1.0 / 60, 0.1, 0.005}[rng.Intn(4)]
				off := physics.IdentityFrame()
				bp := b1.pos
				m.AdjustOffset(&off, dt)
				wrote, delta := r.adjust(dt, 7.5)
				if wrote {
					want := globalToLocal(&bp.Frame, delta)
					if !vecNear(off.Origin, want, 1e-6) {
						t.Fatalf("seed %d step %d: offset %v want %v", seed, step, off.Origin, want)
					}
				} else if off != physics.IdentityFrame() {
					t.Fatalf("seed %d step %d: offset written %v", seed, step, off)
				}
				if off != physics.IdentityFrame() {
					off.Origin = off.Origin.Mul(creep)
					b1.pos.Frame = physics.Combine(&b1.pos.Frame, &off)
					b1.pos.Normalize()
					b2.pos = b1.pos
				}
				m.UseTime()
				r.useTime()
			}
			if m.st.queue.Len() != len(r.q) || m.st.frameCounter != r.fc || m.st.originalDistance != r.od || m.st.progressQuantum != r.pq || m.st.nodeFailCounter != r.nfc || m.st.keepHeading != r.kh || m.st.bliptoPosition != r.blipto {
				t.Fatalf("seed %d step %d: got q=%d fc=%d od=%v pq=%v nfc=%d kh=%v\nwant q=%d fc=%d od=%v pq=%v nfc=%d kh=%v", seed, step,
					m.st.queue.Len(), m.st.frameCounter, m.st.originalDistance, m.st.progressQuantum, m.st.nodeFailCounter, m.st.keepHeading,
					len(r.q), r.fc, r.od, r.pq, r.nfc, r.kh)
			}
			for i := range r.q {
				if *m.st.queue.at(i) != r.q[i] {
					t.Fatalf("seed %d step %d: node %d differs", seed, step, i)
				}
			}
			if b1.pos != b2.pos {
				t.Fatalf("seed %d step %d: body %v vs %v", seed, step, b1.pos.Frame.Origin, b2.pos.Frame.Origin)
			}
		}
	}
}
