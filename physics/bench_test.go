package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// pacingPM is a fake position manager for benchmarks: adjust_offset
// replaces the offset with 0.1 m forward for 300 ticks, then 0.1 m back for
// 300, so the walker paces a 30 m line forever without any trigonometry in
// the fake.
type pacingPM struct {
	fakePM
	tick int
}

func (p *pacingPM) AdjustOffset(off *Frame, dt float64) {
	step := float32(0.1)
	if p.tick%600 >= 300 {
		step = -0.1
	}
	p.tick++
	off.Origin = mgl32.Vec3{0, step, 0}
}

// BenchmarkUpdateObjectInternal is one object-tick of a remote walking on
// the ground, moved by a fake position manager as interpolation moves it
// (seed 003 §12: adjust_offset → combine → physics → transition → commit →
// UseTime). Target: ≤ 250 ns and 0 allocations per object-tick. The
// "turning" cases add root motion that turns the body 1° a tick (a
// Frame::rotate with its sin/cos every tick), as a turning animation does.
func BenchmarkUpdateObjectInternal(b *testing.B) {
	hills := loadTerrain(b, "hills.json")
	var posts []Obstacle
	for i := 0; i < 16; i++ { // posts around the walk, none in the way
		posts = append(posts, Obstacle{Kind: ObstacleCylinder, Landblock: 0xA9B4,
			Center: mgl32.Vec3{6 + 6*float32(i%4), 40 + 40*float32(i/4%2) + float32(i/8), 0}, Radius: 0.5, Height: 3})
	}
	cases := []struct {
		name    string
		world   *World
		turning bool
	}{
		{"ground=flat", &World{Terrain: FlatTerrain(0)}, false},
		{"ground=hills", &World{Terrain: hills}, false},
		{"ground=hills,obstacles=16", &World{Terrain: hills, Obstacles: posts}, false},
		{"ground=hills,turning", &World{Terrain: hills}, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			// On the hills' west slope, pacing north and south across it.
			gz, _ := c.world.Ground(testCell, 12, 45)
			o := placed(b, c.world, 12, 45, gz, 0)
			o.PositionManager = &pacingPM{}
			o.MovementManager = &fakeMovement{}
			if c.turning {
				o.PartArray = &fakeParts{omega: mgl32.Vec3{0, 0, -0.5236}}
			}
			b.ReportAllocs()
			for b.Loop() {
				o.UpdateObjectInternal(dt)
			}
			if !o.InContact() || !o.OnWalkable() {
				b.Fatalf("the walker left the ground at %v", o.Position().Frame.Origin)
			}
		})
	}
}

// BenchmarkTransition is the sweep alone, per move length (steps of at most
// one radius).
func BenchmarkTransition(b *testing.B) {
	w := &World{Terrain: loadTerrain(b, "hills.json")}
	for _, move := range []float32{0.1, 1, 5} {
		b.Run(fmt.Sprintf("move=%gm", move), func(b *testing.B) {
			gz, _ := w.Ground(testCell, 24, 66)
			o := placed(b, w, 24, 66, gz, 90)
			from := o.Position()
			to := from.Frame
			to.Origin[0] += move
			b.ReportAllocs()
			for b.Loop() {
				o.retailTransition(&from, &to)
			}
		})
	}
}
