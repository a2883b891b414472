package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Seed 003 §4 observation 1 and row 4: the translation step is gated on
// v² > 0, but the velocity step always runs, so a body at rest in the air
// gains speed on the first tick and moves on the second.
func TestUpdatePhysicsInternal_TranslationGatedOnSpeed(t *testing.T) {
	o := NewObject()
	o.Acceleration = mgl32.Vec3{0, 0, Gravity}
	f := IdentityFrame()
	o.UpdatePhysicsInternal(dt, &f)
	if f.Origin != (mgl32.Vec3{}) {
		t.Errorf("a body at rest moved %v", f.Origin)
	}
	if !near(o.Velocity[2], Gravity*dt, 1e-6) {
		t.Errorf("velocity = %v, want %v", o.Velocity, Gravity*dt)
	}
	g := IdentityFrame()
	o.UpdatePhysicsInternal(dt, &g)
	if want := Gravity*dt*dt + 0.5*Gravity*dt*dt; !near(g.Origin[2], want, 1e-6) {
		t.Errorf("second tick moved %v, want %v", g.Origin[2], want)
	}
}

// Seed 003 §4 row 2d: origin += dt·v + ½·a·dt²; row 4: v += dt·a.
func TestUpdatePhysicsInternal_EulerStep(t *testing.T) {
	o := NewObject()
	o.Velocity = mgl32.Vec3{1, 2, 3}
	o.Acceleration = mgl32.Vec3{0, 0, -9.8}
	f := NewFrame(mgl32.Vec3{10, 10, 10}, mgl32.QuatIdent())
	o.UpdatePhysicsInternal(0.1, &f)
	if want := (mgl32.Vec3{10.1, 10.2, 10 + 0.3 - 0.049}); !nearVec(f.Origin, want, 1e-5) {
		t.Errorf("origin = %v, want %v", f.Origin, want)
	}
	if want := (mgl32.Vec3{1, 2, 3 - 0.98}); !nearVec(o.Velocity, want, 1e-5) {
		t.Errorf("velocity = %v, want %v", o.Velocity, want)
	}
}

// Seed 003 §4 row 2a: speeds over 50 m/s are cut to 50 along the same
// direction before the step.
func TestUpdatePhysicsInternal_CapsSpeedAt50(t *testing.T) {
	o := NewObject()
	o.Velocity = mgl32.Vec3{0, 300, 400}
	f := IdentityFrame()
	o.UpdatePhysicsInternal(0.1, &f)
	if want := (mgl32.Vec3{0, 30, 40}); !nearVec(o.Velocity, want, 1e-4) {
		t.Errorf("velocity = %v, want %v", o.Velocity, want)
	}
	if want := (mgl32.Vec3{0, 3, 4}); !nearVec(f.Origin, want, 1e-4) {
		t.Errorf("moved %v, want %v", f.Origin, want)
	}
}

// Seed 003 §4 row 2c: a speed whose square is within F_EPSILON of 0.25² or
// below is zeroed before the translation step.
func TestUpdatePhysicsInternal_Deadband(t *testing.T) {
	cases := []struct {
		speed float32
		kept  bool
	}{
		{0.1, false}, {0.2, false}, {0.25, false}, {0.2502, false}, // 0.2502² − 0.0625 = 0.0001 < 0.0002
		{0.2505, true}, {0.3, true}, {2, true},
	}
	for _, c := range cases {
		o := NewObject() // not on walkable ground: no friction
		o.Velocity = mgl32.Vec3{c.speed, 0, 0}
		f := IdentityFrame()
		o.UpdatePhysicsInternal(dt, &f)
		moved := f.Origin[0] != 0
		if kept := o.Velocity[0] != 0; kept != c.kept || moved != c.kept {
			t.Errorf("speed %v: velocity %v, moved %v; want kept=%v", c.speed, o.Velocity, f.Origin, c.kept)
		}
	}
}

// Seed 003 §4 row 5: the omega rotation always runs, about global axes.
func TestUpdatePhysicsInternal_OmegaAlwaysRotates(t *testing.T) {
	o := NewObject()
	o.Omega = mgl32.Vec3{0, 0, -math.Pi} // clockwise from above: heading increases
	f := IdentityFrame()
	o.UpdatePhysicsInternal(0.5, &f)
	if h := f.Heading(); !near(h, 90, 1e-3) {
		t.Errorf("heading after a quarter turn = %v, want 90", h)
	}
	if f.Origin != (mgl32.Vec3{}) {
		t.Errorf("omega moved the origin to %v", f.Origin)
	}
}

// Seed 003 §4 row 3: at rest on walkable ground with no movement manager,
// the object goes dormant; with one it stays active.
func TestUpdatePhysicsInternal_RestingWithoutMovementManagerGoesDormant(t *testing.T) {
	for _, withMM := range []bool{false, true} {
		o := placed(t, nil, 50, 50, 0, 0)
		if withMM {
			o.MovementManager = &fakeMovement{}
		}
		f := o.Position().Frame
		o.UpdatePhysicsInternal(dt, &f)
		if o.IsActive() != withMM {
			t.Errorf("movement manager %v: active = %v", withMM, o.IsActive())
		}
	}
}

// ACE PhysicsObj.calc_friction: only on walkable ground; the component into
// the plane is removed, then the rest scales by (1 − friction)^dt; moving
// away from the plane at 0.25 m/s or more is left alone.
func TestCalcFriction(t *testing.T) {
	decay := float32(math.Pow(1-float64(DefaultFriction), float64(dt)))
	cases := []struct {
		name     string
		walkable bool
		v, want  mgl32.Vec3
	}{
		{"airborne", false, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{2, 0, 0}},
		{"sliding on ground", true, mgl32.Vec3{2, 0, 0}, mgl32.Vec3{2 * decay, 0, 0}},
		{"into the ground", true, mgl32.Vec3{2, 0, -1}, mgl32.Vec3{2 * decay, 0, 0}},
		{"leaving the ground", true, mgl32.Vec3{2, 0, 0.3}, mgl32.Vec3{2, 0, 0.3}},
	}
	for _, c := range cases {
		o := NewObject()
		o.ContactPlane = PlaneThrough(up, mgl32.Vec3{})
		if c.walkable {
			o.TransientState |= TransientContact | TransientOnWalkable
		}
		o.Velocity = c.v
		o.calcFriction(dt, c.v.Dot(c.v))
		if !nearVec(o.Velocity, c.want, 1e-5) {
			t.Errorf("%s: velocity = %v, want %v", c.name, o.Velocity, c.want)
		}
	}
}

// ACE PhysicsObj.calc_acceleration: zero (and omega zero) on walkable
// contact, gravity otherwise when the Gravity bit is set.
func TestCalcAcceleration(t *testing.T) {
	cases := []struct {
		name      string
		transient TransientState
		state     PhysicsState
		want      mgl32.Vec3
		omegaZero bool
	}{
		{"standing", TransientContact | TransientOnWalkable, StateGravity, mgl32.Vec3{}, true},
		{"airborne", 0, StateGravity, mgl32.Vec3{0, 0, -9.8}, false},
		{"on a steep slope", TransientContact, StateGravity, mgl32.Vec3{0, 0, -9.8}, false},
		{"no gravity", 0, 0, mgl32.Vec3{}, false},
	}
	for _, c := range cases {
		o := &Object{TransientState: c.transient, State: c.state, Omega: mgl32.Vec3{0, 0, 1}}
		o.calcAcceleration()
		if o.Acceleration != c.want || (o.Omega == (mgl32.Vec3{})) != c.omegaZero {
			t.Errorf("%s: acceleration %v omega %v", c.name, o.Acceleration, o.Omega)
		}
	}
}

// Seed 003 §4 observation 2: while airborne, gravity accumulates −9.8 m/s²
// into the velocity every tick, one tick ahead of the position.
func TestGravity_AccumulatesWhileAirborne(t *testing.T) {
	o := placed(t, nil, 50, 50, 20, 0)
	if o.InContact() {
		t.Fatal("a body 20 m up is in contact")
	}
	wantZ, wantV := float32(20), float32(0)
	for k := 1; k <= 30; k++ {
		o.UpdateObjectInternal(dt)
		if wantV != 0 {
			wantZ += float32(dt*wantV) + float32(Gravity*float32(float32(0.5*dt)*dt))
		}
		wantV += float32(dt * Gravity)
		pos := o.Position()
		if !near(o.Velocity[2], wantV, 1e-4) || !near(pos.Frame.Origin[2], wantZ, 1e-3) {
			t.Fatalf("tick %d: z %v v %v, want z %v v %v", k, pos.Frame.Origin[2], o.Velocity[2], wantZ, wantV)
		}
		if o.InContact() {
			t.Fatalf("tick %d: in contact while falling", k)
		}
	}
}
