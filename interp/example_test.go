// Examples: the interpolation pipeline in a few lines (seed 000 §3–§6).

package interp_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"glidepath/interp"
	"glidepath/physics"
)

// body is the smallest interp.Body: a grounded remote with no motion
// interpreter (catch-up 7.5 m/s) that commits whatever it is placed at.
type body struct{ pos physics.Position }

func (b *body) Position() physics.Position                         { return b.pos }
func (b *body) Heading() float32                                   { return b.pos.Frame.Heading() }
func (b *body) SetHeading(deg float32, _ bool)                     { b.pos.Frame.SetHeading(deg) }
func (b *body) InContact() bool                                    { return true }
func (b *body) MotionInterp() physics.MotionInterpreter            { return nil }
func (b *body) AutonomyBlipDistance() float32                      { return 100 }
func (b *body) SetVelocity(mgl32.Vec3, bool)                       {}
func (b *body) SetPositionSimple(p *physics.Position, _ bool) bool { b.pos = *p; return true }

// tick is the position manager's share of one retail tick (seed 003 §12):
// adjust_offset on an identity offset, Frame::combine, UseTime.
func tick(pm *interp.PositionManager, b *body) {
	off := physics.IdentityFrame()
	pm.AdjustOffset(&off, 1.0/30)
	b.pos.Frame = physics.Combine(&b.pos.Frame, &off)
	pm.UseTime()
}

// Three server positions 1 m apart glide in at the 7.5 m/s catch-up speed:
// 0.25 m per tick, the step clamped onto each node, and the tick after
// arriving spent popping it — adjust_offset's reach test returns without a
// step (seed 000 §3–§5) — so each metre takes five ticks.
func ExamplePositionManager() {
	cell := uint32(0xA9B40000) | physics.OutdoorCellIndex(10, 10)
	b := &body{pos: physics.NewPosition(cell, mgl32.Vec3{10, 10, 0}, 0)}
	pm, err := interp.NewPositionManager(b, interp.SeedReading())
	if err != nil {
		panic(err)
	}
	for i := 1; i <= 3; i++ {
		p := physics.NewPosition(cell, mgl32.Vec3{10, 10 + float32(i), 0}, 0)
		pm.InterpolateTo(&p, false)
	}
	last := physics.NewPosition(cell, mgl32.Vec3{10, 13, 0}, 0)
	for k := 1; k <= 16; k += 3 {
		for range 3 {
			tick(pm, b)
		}
		fmt.Printf("after %2d ticks: queue %d, %.2f m to go\n", k+2, pm.InterpolationState().QueueLen, b.pos.Distance(&last))
	}
	// Output:
	// after  3 ticks: queue 3, 2.25 m to go
	// after  6 ticks: queue 2, 1.75 m to go
	// after  9 ticks: queue 2, 1.00 m to go
	// after 12 ticks: queue 1, 0.50 m to go
	// after 15 ticks: queue 0, 0.00 m to go
	// after 18 ticks: queue 0, 0.00 m to go
}

// A server position beyond GetAutonomyBlipDistance pre-arms node_fail_counter
// = 4, and the next tick's UseTime blips the body there (seed 000 §3, §6).
func ExamplePositionManager_farBranchBlip() {
	cell := uint32(0xA9B40000) | physics.OutdoorCellIndex(10, 10)
	b := &body{pos: physics.NewPosition(cell, mgl32.Vec3{10, 10, 0}, 0)}
	pm, _ := interp.NewPositionManager(b, interp.SeedReading())
	far := physics.NewPosition(cell, mgl32.Vec3{10, 160, 0}, 0)
	pm.InterpolateTo(&far, false)
	fmt.Println("fail counter:", pm.InterpolationState().FailCounter)
	tick(pm, b)
	fmt.Printf("queue %d, body at y=%.0f\n", pm.InterpolationState().QueueLen, b.pos.Frame.Origin[1])
	// Output:
	// fail counter: 4
	// queue 0, body at y=160
}

// Readings are looked up by name; an unknown name lists the known ones.
func ExampleReadingByName() {
	r, _ := interp.ReadingByName("ace")
	fmt.Println(r.Name, r.SecondaryDivisor, r.PrimaryTest)
	_, err := interp.ReadingByName("retail")
	fmt.Println(err)
	// Output:
	// ace catch_up none
	// interp: unknown reading "retail" (known: seed, ace, hexrays, legacy)
}
