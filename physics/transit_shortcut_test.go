package physics

import (
	"fmt"
	"math"
	"math/rand"
	"runtime"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// What the tests of the transition's two shortcuts share — over a bare
// LandCell (transit_fast.go, transit_fast_test.go) and inside an EnvCell
// (transit_cells.go's last section, transit_envfast_test.go): each must
// answer every sweep it takes exactly as the whole transition does
// (CPhysicsObj::transition through find_transitional_position, ACE
// Transition.cs), so the tests run both on the same sweep (checkShortcut)
// and compare every bit of the result — position, cell, contact plane,
// sliding and collision normals, the events — and the velocity the whole
// transition leaves. The random bodies and moves, the sweep loop's tally
// and the pacing walkers are written once here.

// shortcutTally counts what the shortcut answered while a check runs.
type shortcutTally struct {
	sweeps, mismatches       int
	stepped, landed          int
	noContact, slidingNormal int
	first                    string
}

// resultText prints a result with every float32 bit-faithfully (%v
// prints the shortest decimal that reads back to the same float32, and −0
// as -0).
func resultText(r *transitionResult, ok bool) string {
	return fmt.Sprintf("%+v ok=%v", *r, ok)
}

// checkShortcut makes every transition a shortcut answers, until the test
// ends, run the whole transition too and compare; it returns the tally.
// Only one check runs at a time (the hook is the package's).
func checkShortcut(tb testing.TB) *shortcutTally {
	tb.Helper()
	if fastTransitCheck != nil {
		tb.Fatal("another shortcut check is running")
	}
	n := &shortcutTally{}
	var mu sync.Mutex
	fastTransitCheck = func(o *Object, fast, whole *transitionResult, fastOK, wholeOK bool, wholeVel mgl32.Vec3) {
		mu.Lock()
		defer mu.Unlock()
		n.sweeps++
		a, b := resultText(fast, fastOK), resultText(whole, wholeOK)
		if va, vb := fmt.Sprint(o.Velocity), fmt.Sprint(wholeVel); a != b || va != vb {
			n.mismatches++
			if n.first == "" {
				n.first = fmt.Sprintf("shortcut %s velocity %s\nwhole    %s velocity %s", a, va, b, vb)
			}
		}
		e := &fast.events
		switch {
		case e.stepValid:
			n.stepped++
		case e.landed:
			n.landed++
		}
		if !fast.ContactPlaneValid {
			n.noContact++
		}
		if fast.SlidingNormalValid {
			n.slidingNormal++
		}
	}
	tb.Cleanup(func() { fastTransitCheck = nil })
	return n
}

// CheckShortcut is checkShortcut for the engine-driven test
// (transit_fast_scenarios_test.go): it returns what the check found so far
// — the sweeps the shortcut answered, how many of them the whole
// transition answered otherwise, and the first such difference.
func CheckShortcut(tb testing.TB) func() (sweeps, mismatches int, first string) {
	n := checkShortcut(tb)
	return func() (int, int, string) { return n.sweeps, n.mismatches, n.first }
}

// bodySpread is how randomBody draws a body: the spans of its radius and
// height (one cylinder), of its spheres' radii (one or two spheres), the
// scales it may take, and how often it has no gravity, is a missile or is
// scaled (one in N).
type bodySpread struct {
	radius, height, sphereRadius float32
	// standard: the fourth kind of body is the usual 0.35 m by 1.8 m one
	// (otherwise NewObject's own).
	standard                                  bool
	scales                                    [3]float32
	scaledOneIn, noGravityOneIn, missileOneIn int
}

// randomBody makes o a fresh object in w: a random body (one cylinder,
// one or two spheres, none, or the fourth kind), sometimes scaled, with
// random step heights and states.
func randomBody(r *rand.Rand, w *World, o *Object, b bodySpread) {
	*o = *NewObject()
	o.World = w
	switch r.Intn(4) {
	case 0:
		o.Radius, o.Height = 0.1+r.Float32()*b.radius, r.Float32()*b.height
	case 1:
		n := 1 + r.Intn(2)
		for i := 0; i < n; i++ {
			o.Spheres = append(o.Spheres, Sphere{Center: mgl32.Vec3{(r.Float32() - 0.5) * 0.4, (r.Float32() - 0.5) * 0.4, r.Float32() * 1.5}, Radius: 0.1 + r.Float32()*b.sphereRadius})
		}
	case 2:
		o.Radius = 0
	default:
		if b.standard {
			o.Radius, o.Height = 0.35, 1.8
		}
	}
	if r.Intn(b.scaledOneIn) == 0 {
		o.Scale = b.scales[r.Intn(3)]
	}
	o.StepUpHeight, o.StepDownHeight = r.Float32()*1.2, r.Float32()*1.5
	o.State = 0
	if r.Intn(b.noGravityOneIn) != 0 {
		o.State |= StateGravity
	}
	if r.Intn(2) == 0 {
		o.State |= StateEdgeSlide
	}
	if r.Intn(b.missileOneIn) == 0 {
		o.State |= StateMissile
	}
}

// randomDrift gives o a random velocity (one time in velocityOneIn) and,
// one time in four, a sliding normal carried in.
func randomDrift(r *rand.Rand, o *Object, velocityOneIn int) {
	if r.Intn(velocityOneIn) == 0 {
		o.Velocity = rvec(r, 3)
	}
	if r.Intn(4) == 0 {
		o.TransientState |= TransientSliding
		o.SlidingNormal = rvec(r, 1)
		o.SlidingNormal[2] = 0
	}
}

// randomMove is a sweep from origin in cell at a random heading: a small
// or a large move in any direction, a level walk of up to walk metres, or
// a short step along y; the body sometimes tilted.
func randomMove(r *rand.Rand, cell uint32, origin mgl32.Vec3, walk float32) (from Position, to Frame) {
	heading := r.Float32() * 360
	from = NewPosition(cell, origin, heading)
	var move mgl32.Vec3
	switch r.Intn(4) {
	case 0:
		move = rvec(r, 0.2)
	case 1:
		move = rvec(r, 3)
	case 2:
		a := r.Float64() * 2 * math.Pi
		d := r.Float32() * walk
		move = mgl32.Vec3{float32(math.Cos(a)) * d, float32(math.Sin(a)) * d, 0}
	default:
		move = mgl32.Vec3{0, r.Float32() * 0.2, (r.Float32() - 0.5) * 0.1}
	}
	q := mgl32.QuatRotate(float32(heading)*math.Pi/180, mgl32.Vec3{0, 0, -1})
	if r.Intn(6) == 0 {
		q = mgl32.QuatRotate(r.Float32()*0.6, rvec(r, 1).Normalize()).Mul(q)
	}
	to = NewFrame(from.Frame.Origin.Add(move), q)
	return from, to
}

// sweepKinds counts the kinds of sweep a shortcut took in a random-sweep
// test, so that each test can ask for enough of each.
type sweepKinds struct {
	tried                          int
	multi, sliding, scaled, tilted int
}

// sweep runs the transition of o from from to to (sweep i of world k)
// under n's check, failing the test at the first answer the shortcut gave
// otherwise than the whole transition; it reports whether the shortcut
// answered, and counts the sweep's kinds when it did.
func (c *sweepKinds) sweep(t *testing.T, n *shortcutTally, k, i int, o *Object, from *Position, to *Frame) bool {
	t.Helper()
	c.tried++
	before := n.sweeps
	o.retailTransition(from, to)
	if n.mismatches > 0 {
		t.Fatalf("world %d sweep %d (%v → %v):\n%s", k, i, *from, to.Origin, n.first)
	}
	if n.sweeps == before {
		return false
	}
	s, _ := o.BodySpheres()
	scale := o.Scale
	if scale == 0 {
		scale = 1
	}
	if to.Origin.Sub(from.Frame.Origin).Len() > s[0].Radius*scale {
		c.multi++
	}
	if o.TransientState&TransientSliding != 0 {
		c.sliding++
	}
	if scale != 1 {
		c.scaled++
	}
	if to.Rot.V[0] != 0 || to.Rot.V[1] != 0 {
		c.tilted++
	}
	return true
}

// pacer is the benchmarks' and walkers' body: placed in w at at (in cell,
// an indoor one through SetPosition), pacing (pacingPM) on the ground.
func pacer(tb testing.TB, w *World, cell uint32, at mgl32.Vec3) *Object {
	tb.Helper()
	o := placed(tb, w, at[0], at[1], at[2], 0)
	if IsIndoorCell(cell) {
		p := NewPosition(cell, at, 0)
		if err := o.SetPosition(&p, SetPositionSlideFlags); err != SetPositionOK {
			tb.Fatal(err)
		}
	}
	o.PositionManager = &pacingPM{}
	o.MovementManager = &fakeMovement{}
	return o
}

// paceChecked runs o's whole tick for ticks ticks under a shortcut check,
// failing at the first answer the shortcut gave otherwise than the whole
// transition, and returns the tally.
func paceChecked(t *testing.T, o *Object, ticks int) *shortcutTally {
	t.Helper()
	n := checkShortcut(t)
	for i := 0; i < ticks; i++ {
		o.UpdateObjectInternal(dt)
		if n.mismatches > 0 {
			t.Fatalf("tick %d:\n%s", i, n.first)
		}
	}
	return n
}

// benchTicks runs o's whole tick b.N times on a locked thread, reporting
// the thread's CPU time a tick (cpu-ns/op), which a busy machine does not
// inflate as it does the wall clock.
func benchTicks(b *testing.B, o *Object) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok0 := threadCPU()
	for i := 0; i < b.N; i++ {
		o.UpdateObjectInternal(dt)
	}
	if cpu1, ok1 := threadCPU(); ok0 && ok1 && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
