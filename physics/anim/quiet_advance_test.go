// quietAdvance, the call-free path of CSequence::update for a cycle whose
// frame crossings change nothing, leaves the sequence and the offset with
// exactly the bits updateInternal alone gives (seed 002 §3; DESIGN.md
// "Faithfulness").

package anim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/physics"
)

// seqBits is everything update can change, as bits.
func seqBits(s *Sequence, f *physics.Frame) []uint64 {
	out := []uint64{math.Float64bits(s.frameNumber), uint64(s.curr), uint64(s.firstCyclic), uint64(len(s.nodes))}
	for _, v := range []float32{f.Origin[0], f.Origin[1], f.Origin[2], f.Rot.W, f.Rot.V[0], f.Rot.V[1], f.Rot.V[2]} {
		out = append(out, uint64(math.Float32bits(v)))
	}
	return out
}

func TestQuietAdvance_SameBitsAsUpdateInternal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	negZero := float32(math.Copysign(0, -1))
	zeros := []float32{0, negZero}
	anims := []*Animation{mkAnim(t, "still", 24), mkPosAnim(t, "pos", 24, mgl32.Vec3{0, 0.1, 0})}
	rates := []float32{30, -30, 29.97, 12.5, -7, 0, 1e-9, 45}
	dts := []float64{1.0 / 30, 1.0 / 60, 0.25, 0, -1.0 / 30, 1e-12, 2, math.NaN(), math.Inf(1), math.Inf(-1)}
	quiet := 0
	for i := 0; i < 100000; i++ {
		var a, b Sequence
		for n := 1 + r.IntN(3); n > 0; n-- {
			high := int32(r.IntN(26) - 2) // −1 means the last frame
			low := int32(r.IntN(24))
			a.AppendAnimation(AnimData{Anim: anims[r.IntN(4)/3], Framerate: rates[r.IntN(len(rates))], LowFrame: low, HighFrame: high})
		}
		a.firstCyclic = r.IntN(len(a.nodes))
		a.curr = r.IntN(len(a.nodes))
		node := &a.nodes[a.curr]
		// Anywhere in the node's range, a little outside it, or on a bound.
		span := float64(node.HighFrame-node.LowFrame) + 1
		a.frameNumber = float64(node.LowFrame) + r.Float64()*(span+0.4) - 0.2
		if r.IntN(8) == 0 {
			a.frameNumber = math.Floor(a.frameNumber)
		}
		// Mostly a still cycle; sometimes a zero of the wrong sign or a
		// real velocity or omega.
		for k := range 3 {
			a.velocity[k] = zeros[r.IntN(2)]
			a.omega[k] = zeros[r.IntN(2)]
		}
		switch r.IntN(10) {
		case 0:
			a.velocity[r.IntN(3)] = 1.5
		case 1:
			a.omega[2] = 0.7
		}
		a.SetVelocity(a.velocity) // keeps the still flag
		if r.IntN(20) == 0 {
			// Cursors below the frames (updateInternal would walk for ever
			// from a NaN, infinite or huge one, so those are left out).
			a.frameNumber = []float64{-3.5, -0.25}[r.IntN(2)]
		}
		var recA, recB recorder
		if r.IntN(10) == 0 {
			a.hook = &recA
		}
		b.CopyFrom(&a)
		if a.hook != nil {
			b.hook = &recB
		}
		fa := physics.IdentityFrame()
		for k := range 3 {
			if r.IntN(6) == 0 {
				fa.Origin[k] = negZero
			}
		}
		fb := fa
		var offA, offB *physics.Frame = &fa, &fb
		if r.IntN(10) == 0 {
			offA, offB = nil, nil
		}
		dt := dts[r.IntN(len(dts))]
		if r.IntN(2) == 0 {
			dt = r.Float64() / 10
		}
		if a.quietAdvance(dt, offA) {
			quiet++
		} else if got, want := seqBits(&a, &fa), seqBits(&b, &fb); !equalU64(got, want) {
			t.Fatalf("case %d: quietAdvance declined but changed the sequence", i)
		} else {
			a.updateInternal(dt, offA)
		}
		b.updateInternal(dt, offB)
		if len(recA.events) != len(recB.events) {
			t.Fatalf("case %d: %d hook calls, updateInternal made %d", i, len(recA.events), len(recB.events))
		}
		if got, want := seqBits(&a, &fa), seqBits(&b, &fb); !equalU64(got, want) {
			t.Fatalf("case %d (dt %v, node %+v, frame %v): quiet path %x, updateInternal %x", i, dt, *node, b.frameNumber, got, want)
		}
	}
	if quiet < 10000 {
		t.Fatalf("only %d of the cases took the quiet path; the test does not exercise it", quiet)
	}
}

func equalU64(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
