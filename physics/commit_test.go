package physics

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// Seed 003 §6: landing sets Contact and OnWalkable (floor_z), calls
// HitGround, zeroes the acceleration, and the bounce removes the velocity
// into the ground; the body comes to rest on it.
func TestFall_LandsOnGround(t *testing.T) {
	log := &callLog{}
	o := placed(t, nil, 50, 50, 2, 0)
	o.MovementManager = &fakeMovement{log: log}
	landed := -1
	for k := 0; k < 90; k++ {
		o.UpdateObjectInternal(dt)
		if o.InContact() && landed < 0 {
			landed = k
			if !o.OnWalkable() || o.Acceleration != (mgl32.Vec3{}) {
				t.Errorf("landed without OnWalkable or with acceleration %v", o.Acceleration)
			}
			if o.Velocity[2] < 0 {
				t.Errorf("velocity into the ground after landing: %v", o.Velocity)
			}
		}
	}
	if landed < 0 {
		t.Fatal("never landed")
	}
	p := o.Position()
	if abs32(p.Frame.Origin[2]) > 1e-5 || !o.InContact() || !o.OnWalkable() || o.Velocity != (mgl32.Vec3{}) {
		t.Errorf("at rest: z %v contact %v walkable %v v %v", p.Frame.Origin[2], o.InContact(), o.OnWalkable(), o.Velocity)
	}
	if !slices.Contains(log.calls, "MovementManager.HitGround") {
		t.Errorf("HitGround not called: %v", log.calls)
	}
	if !near(o.ContactPlane.N[2], 1, 1e-6) || o.ContactPlaneCellID != p.Cell {
		t.Errorf("contact plane %+v in 0x%08X", o.ContactPlane, o.ContactPlaneCellID)
	}
}

// Seed 003 §9: set_frame repairs a frame whose origin is valid but whose
// quaternion is not, by resetting the rotation to identity; a bad origin is
// committed as it is.
func TestSetFrame_RepairsInvalidQuaternion(t *testing.T) {
	nan := float32(math.NaN())
	for _, q := range []mgl32.Quat{{W: nan}, {}, {W: 3}} {
		o := NewObject()
		o.setFrame(&Frame{Origin: mgl32.Vec3{1, 2, 3}, Rot: q})
		f := o.Position().Frame
		if f.Rot != mgl32.QuatIdent() || f.Origin != (mgl32.Vec3{1, 2, 3}) || f.Matrix() != mgl32.Ident3() {
			t.Errorf("quaternion %v: committed %v %v matrix %v", q, f.Origin, f.Rot, f.Matrix())
		}
	}
	// Through the pipeline: an animation that writes a NaN rotation.
	o := placed(t, nil, 50, 50, 0, 0)
	o.PartArray = nanRotation{}
	o.UpdateObjectInternal(dt)
	if f := o.Position().Frame; !f.IsValid() {
		t.Errorf("frame after a NaN rotation: %v", f.Rot)
	}
}

type nanRotation struct{}

func (nanRotation) Update(_ float64, off *Frame) {
	off.Origin = mgl32.Vec3{0, 0.1, 0}
	off.Rot = mgl32.Quat{W: float32(math.NaN())}
	off.Cache()
}

// Seed 003 §6 rows 5–10: SetPositionInternal sets Contact from the contact
// plane, OnWalkable from floor_z, calls HitGround/LeaveGround on changes,
// and copies the sliding normal.
func TestSetPositionInternal_ContactWalkableSliding(t *testing.T) {
	steep := mgl32.Vec3{0.8, 0, 0.6} // normal.z 0.6 < floor_z
	cases := []struct {
		name         string
		prevWalkable bool
		plane        *mgl32.Vec3
		sliding      bool
		contact      bool
		walkable     bool
		calls        []string
		accel        mgl32.Vec3
	}{
		{"lands on flat", false, &up, false, true, true, []string{"MovementManager.HitGround"}, mgl32.Vec3{}},
		{"stays on flat", true, &up, false, true, true, nil, mgl32.Vec3{}},
		{"onto a steep slope", true, &steep, false, true, false, []string{"MovementManager.LeaveGround"}, mgl32.Vec3{0, 0, Gravity}},
		{"leaves the ground", true, nil, false, false, false, []string{"MovementManager.LeaveGround"}, mgl32.Vec3{0, 0, Gravity}},
		{"stays airborne", false, nil, false, false, false, nil, mgl32.Vec3{0, 0, Gravity}},
		{"slides along a wall", true, &up, true, true, true, nil, mgl32.Vec3{}},
	}
	for _, c := range cases {
		log := &callLog{}
		o := NewObject()
		o.MovementManager = &fakeMovement{log: log}
		if c.prevWalkable {
			o.TransientState |= TransientContact | TransientOnWalkable
		}
		r := transitionResult{CurPos: NewPosition(testCell, mgl32.Vec3{5, 5, 0}, 0)}
		if c.plane != nil {
			r.ContactPlaneValid, r.ContactPlane, r.ContactPlaneCellID = true, PlaneThrough(*c.plane, mgl32.Vec3{5, 5, 0}), testCell
		}
		if c.sliding {
			r.SlidingNormalValid, r.SlidingNormal = true, mgl32.Vec3{1, 0, 0}
		}
		o.setPositionInternal(&r)
		if o.InContact() != c.contact || o.OnWalkable() != c.walkable || (o.TransientState&TransientSliding != 0) != c.sliding {
			t.Errorf("%s: transient state %v", c.name, o.TransientState)
		}
		if c.sliding && o.SlidingNormal != (mgl32.Vec3{1, 0, 0}) {
			t.Errorf("%s: sliding normal %v", c.name, o.SlidingNormal)
		}
		if !slices.Equal(log.calls, c.calls) {
			t.Errorf("%s: calls %v, want %v", c.name, log.calls, c.calls)
		}
		if o.Acceleration != c.accel {
			t.Errorf("%s: acceleration %v, want %v", c.name, o.Acceleration, c.accel)
		}
	}
	// Row 2: a lost position (no cell) deactivates the object.
	o := NewObject()
	o.setPositionInternal(&transitionResult{CurPos: Position{Frame: IdentityFrame()}})
	if o.IsActive() || o.Position().Cell != 0 {
		t.Errorf("lost object: active %v cell 0x%08X", o.IsActive(), o.Position().Cell)
	}
}

// The landing bounce (handle_all_collisions, seed 003 §6 row 11; ACE
// PhysicsObj.handle_all_collisions, ObjectInfo.ValidateWalkable,
// check_contact): a body that lands from the air was not on walkable ground
// before the tick, so the collision normal the landing reports bounces it by
// the elasticity (0.05). What the bounce does next is decided on the
// following tick by UpdatePhysicsInternal (seed 003 §4 rows 2b–2c) before
// the transition reads check_contact: calc_friction strips the velocity's
// component off the contact plane only when it is below 0.25 m/s. So a
// landing faster than 5 m/s (0.05 × 5 = 0.25) lifts the body off for a few
// ticks — and a remote's interpolation is gated off for them (READINGS.md
// item 9) — while a slower one stays down. docs/collision.md, "Landing".
func TestLanding_BounceLiftsOnlyAboveFrictionThreshold(t *testing.T) {
	cases := []struct {
		name  string
		z, vz float32
		lifts bool
	}{
		{"dropped from 0.6 m (about 3.6 m/s)", 0.6, 0, false},
		{"thrown down from 1 m at 6 m/s (about 7.5 m/s)", 1, -6, true},
	}
	for _, c := range cases {
		log := &callLog{}
		o := placed(t, nil, 50, 50, c.z, 0)
		o.MovementManager = &fakeMovement{log: log}
		if o.InContact() {
			t.Fatalf("%s: placed in contact", c.name)
		}
		o.Velocity = mgl32.Vec3{0, 0, c.vz}
		var impact float32
		for k := 0; k < 60 && !o.InContact(); k++ {
			impact = o.Velocity[2] + Gravity*dt // this tick's velocity step
			o.UpdateObjectInternal(dt)
		}
		if !o.InContact() || abs32(o.Position().Frame.Origin[2]) > 1e-5 {
			t.Fatalf("%s: never landed", c.name)
		}
		// The bounce: v + n·(−(v·n)(1 + e)) leaves e·|v·n| going up.
		if want := -impact * DefaultElasticity; !near(o.Velocity[2], want, 1e-4) {
			t.Errorf("%s: velocity after landing %v, want %v (impact %v)", c.name, o.Velocity, want, impact)
		}
		if got := o.Velocity[2] >= 0.25; got != c.lifts {
			t.Fatalf("%s: bounce %v m/s; case assumes lifts=%v", c.name, o.Velocity[2], c.lifts)
		}
		o.UpdateObjectInternal(dt)
		z := o.Position().Frame.Origin[2]
		if c.lifts {
			if o.InContact() || z <= 0 {
				t.Errorf("%s: tick after landing: contact %v z %v; want lifted off", c.name, o.InContact(), z)
			}
			if !slices.Contains(log.calls, "MovementManager.LeaveGround") {
				t.Errorf("%s: lifting off did not call LeaveGround: %v", c.name, log.calls)
			}
			// It comes down again, slowly enough to stay.
			for k := 0; k < 10 && !o.InContact(); k++ {
				o.UpdateObjectInternal(dt)
			}
		}
		o.UpdateObjectInternal(dt)
		if !o.InContact() || !o.OnWalkable() || abs32(o.Position().Frame.Origin[2]) > 1e-5 || o.Velocity != (mgl32.Vec3{}) {
			t.Errorf("%s: at rest: contact %v walkable %v z %v v %v", c.name, o.InContact(), o.OnWalkable(), o.Position().Frame.Origin[2], o.Velocity)
		}
	}
}
