package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// interpBody is a copy of interp.Body (interp/body.go), which physics cannot
// import; engine asserts the real one. Keep the two in step.
type interpBody interface {
	Position() Position
	Heading() float32
	SetHeading(deg float32, sendEvent bool)
	InContact() bool
	MotionInterp() MotionInterpreter
	AutonomyBlipDistance() float32
	SetPositionSimple(p *Position, slide bool) bool
	SetVelocity(v mgl32.Vec3, sendEvent bool)
}

var _ interpBody = (*Object)(nil)

// MotionInterp returns a nil interface, not a typed nil, when the object has
// no motion interpreter (the catch-up speed then falls back to 7.5 m/s,
// READINGS.md item 10).
func TestMotionInterp_NilInterfaceWhenNone(t *testing.T) {
	var b interpBody = NewObject()
	if mi := b.MotionInterp(); mi != nil {
		t.Errorf("MotionInterp() = %#v, want nil", mi)
	}
	fake := &fakeMotion{movingTo: true}
	o := NewObject()
	o.MotionInterpreter = fake
	if mi := o.MotionInterp(); mi != fake || !o.IsMovingTo() {
		t.Errorf("MotionInterp() = %#v", mi)
	}
}

// ACE set_velocity: capped at max_velocity, marks jumped_this_frame when it
// changes, and wakes the object unless it is static.
func TestSetVelocity(t *testing.T) {
	o := NewObject()
	o.TransientState = 0
	o.SetVelocity(mgl32.Vec3{0, 60, 80}, true)
	if !nearVec(o.Velocity, mgl32.Vec3{0, 30, 40}, 1e-4) || !o.JumpedThisFrame || !o.IsActive() {
		t.Errorf("velocity %v jumped %v active %v", o.Velocity, o.JumpedThisFrame, o.IsActive())
	}
	s := NewObject()
	s.State |= StateStatic
	s.TransientState = 0
	s.SetVelocity(mgl32.Vec3{1, 0, 0}, false)
	if s.IsActive() {
		t.Error("a static object became active")
	}
}

// CPhysicsObj::set_heading turns the body in place.
func TestSetHeading(t *testing.T) {
	o := placed(t, nil, 50, 50, 0, 0)
	o.SetHeading(135, false)
	if p := o.Position(); !near(o.Heading(), 135, 1e-3) || p.Frame.Origin != (mgl32.Vec3{50, 50, 0}) {
		t.Errorf("heading %v origin %v", o.Heading(), p.Frame.Origin)
	}
}
