// Fakes for the collaborators, recording their calls in one shared log so
// tests can check the order the pipeline calls them in.

package physics

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"
)

type callLog struct{ calls []string }

func (l *callLog) add(format string, args ...any) {
	if l != nil {
		l.calls = append(l.calls, fmt.Sprintf(format, args...))
	}
}

// fakeParts writes a baked root motion: vel·dt along the local axes and a
// local rotation omega·dt (CSequence::apply_physics, seed 003 §3).
type fakeParts struct {
	log   *callLog
	vel   mgl32.Vec3
	omega mgl32.Vec3
}

func (f *fakeParts) Update(dt float64, off *Frame) {
	f.log.add("PartArray.Update")
	off.Origin = off.Origin.Add(f.vel.Mul(float32(dt)))
	off.Rotate(f.omega.Mul(float32(dt)))
}

func (f *fakeParts) HandleMovement() { f.log.add("PartArray.HandleMovement") }

// fakePM is a position manager. When replace is set, AdjustOffset overwrites
// the offset's origin with it, as InterpolationManager::adjust_offset does
// (READINGS.md item 7).
type fakePM struct {
	log        *callLog
	replace    *mgl32.Vec3
	lastOffset Frame
	useTime    func()
	interpTo   []Position
	movingTo   []bool
	constrain  [][2]float32
}

func (f *fakePM) AdjustOffset(off *Frame, dt float64) {
	f.log.add("PositionManager.AdjustOffset")
	f.lastOffset = *off
	if f.replace != nil {
		off.Origin = *f.replace
	}
}

func (f *fakePM) UseTime() {
	f.log.add("PositionManager.UseTime")
	if f.useTime != nil {
		f.useTime()
	}
}

func (f *fakePM) InterpolateTo(p *Position, isMovingTo bool) {
	f.log.add("PositionManager.InterpolateTo")
	f.interpTo = append(f.interpTo, *p)
	f.movingTo = append(f.movingTo, isMovingTo)
}

func (f *fakePM) StopInterpolating() { f.log.add("PositionManager.StopInterpolating") }

func (f *fakePM) ConstrainTo(p *Position, start, max float32) {
	f.log.add("PositionManager.ConstrainTo")
	f.constrain = append(f.constrain, [2]float32{start, max})
}

func (f *fakePM) Unconstrain() { f.log.add("PositionManager.Unconstrain") }
func (f *fakePM) Unstick()     { f.log.add("PositionManager.Unstick") }

type fakeMovement struct{ log *callLog }

func (f *fakeMovement) UseTime()      { f.log.add("MovementManager.UseTime") }
func (f *fakeMovement) HitGround()    { f.log.add("MovementManager.HitGround") }
func (f *fakeMovement) LeaveGround()  { f.log.add("MovementManager.LeaveGround") }
func (f *fakeMovement) CancelMoveTo() { f.log.add("MovementManager.CancelMoveTo") }

type fakeMotion struct{ movingTo bool }

func (f *fakeMotion) AdjustedMaxSpeed() float32 { return 4 }
func (f *fakeMotion) MaxSpeed() float32         { return 4 }
func (f *fakeMotion) IsMovingTo() bool          { return f.movingTo }

// testCell is landblock 0xA9B4, outdoor cell 1 (recalculated on placement).
const testCell = 0xA9B40001

// placed returns an active object standing on w at (x, y, z) facing heading,
// placed through SetPosition so its contact state is what the ground says.
func placed(tb interface{ Fatalf(string, ...any) }, w *World, x, y, z, heading float32) *Object {
	o := NewObject()
	o.World = w
	p := NewPosition(testCell, mgl32.Vec3{x, y, z}, heading)
	if err := o.SetPosition(&p, SetPositionPlacement|SetPositionSendPositionEvent); err != SetPositionOK {
		tb.Fatalf("placing at (%v, %v, %v): %v", x, y, z, err)
	}
	return o
}

// near reports |a − b| <= tol.
func near(a, b, tol float32) bool {
	d := a - b
	return d <= tol && d >= -tol
}

func nearVec(a, b mgl32.Vec3, tol float32) bool {
	return near(a[0], b[0], tol) && near(a[1], b[1], tol) && near(a[2], b[2], tol)
}
