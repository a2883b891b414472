package engine

import (
	"fmt"
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
	"glidepath/physics"
	"glidepath/physics/anim"
)

// benchWorld is a WorldData with a gently hilly landblock everywhere
// (±1.5 m around z = 0, so BenchmarkRun's walkers stay on it), split as
// retail splits dat terrain.
type benchWorld struct{}

func (benchWorld) Describe() string { return "bench" }

// flatBenchWorld is benchWorld with every landblock flat at z = 0: today's
// flat ground, read through WorldData as dat terrain.
type flatBenchWorld struct{ benchWorld }

func (flatBenchWorld) Landblock(uint16) (*physics.Heightfield, error) {
	return &physics.Heightfield{}, nil
}

func (benchWorld) Landblock(id uint16) (*physics.Heightfield, error) {
	var h physics.Heightfield
	bx, by := float64(id>>8)*8, float64(id&0xFF)*8
	for i := range h {
		x, y := bx+float64(i/physics.VerticesPerSide), by+float64(i%physics.VerticesPerSide)
		h[i] = float32(0.8*math.Sin(x*0.7) + 0.7*math.Cos(y*0.9))
	}
	return &h, nil
}
func (benchWorld) Statics(uint16) ([]physics.Obstacle, error)    { return nil, nil }
func (benchWorld) Setup(uint32) (SetupShape, bool, error)        { return SetupShape{}, false, nil }
func (benchWorld) MotionTable(uint32) (*anim.MotionTable, error) { return nil, nil }

// onBenchGround puts rec's starts and position updates at benchWorld's
// terrain height.
func onBenchGround(rec *recording.Recording) {
	t := physics.NewLoadedTerrain("bench", "", 0, true, func(id uint16) (*physics.Heightfield, bool) {
		h, _ := benchWorld{}.Landblock(id)
		return h, true
	})
	put := func(p *physics.Position) {
		p.Frame.Origin[2], _ = t.Height(p.Cell, p.Frame.Origin[0], p.Frame.Origin[1])
	}
	for i := range rec.Header.Entities {
		put(&rec.Header.Entities[i].Pos)
	}
	for i := range rec.Events {
		if rec.Events[i].Kind == recording.KindPosition {
			put(&rec.Events[i].Update.Pos)
		}
	}
}

// BenchmarkRunWorld is BenchmarkRun's near crowd in three worlds: flat
// ground (world=flat, today's), the same hills as a terrain asset would give
// them (world=asset: every landblock the crowd visits as a heightfield,
// split along the fixed diagonal) and the hills read through WorldData as
// dat terrain (world=dats: loaded on first use, retail's split), and the
// flat ground read through WorldData as flat dat landblocks
// (world=datsflat). The dat cost is dats against asset and datsflat
// against flat (the same physics on the same ground). BenchmarkRun's updates
// are at z = 0, so on the hills its walkers are pulled between their
// updates and the ground; world=datsground is world=dats with every update
// (and the start) at the terrain's height under it, as a server in that
// world sends them. docs/benchmarks.md.
func BenchmarkRunWorld(b *testing.B) {
	for _, n := range []int{100, 1000} {
		for _, world := range []string{"flat", "asset", "dats", "datsflat", "datsground"} {
			b.Run(fmt.Sprintf("objects=%d/world=%s", n, world), func(b *testing.B) {
				rec := scenario.BenchWorldRecording(n, benchMinutes(n), 0.5, 1, scenario.BenchObserverNear)
				opts := Options{Assets: assets.FS(), NoCheckpoints: true}
				switch world {
				case "dats":
					opts.World = benchWorld{}
				case "datsground":
					opts.World = benchWorld{}
					onBenchGround(rec)
				case "datsflat":
					opts.World = flatBenchWorld{}
				}
				s, err := New(rec, opts)
				if err != nil {
					b.Fatal(err)
				}
				if world == "asset" {
					t := &physics.Terrain{Name: "hills"}
					for _, e := range rec.Header.Entities {
						x, y := int(e.Pos.Cell>>24), int(e.Pos.Cell>>16&0xFF)
						for dx := -2; dx <= 2; dx++ {
							for dy := -2; dy <= 2; dy++ {
								id := uint16((x+dx)<<8 | (y + dy))
								if t.Landblock(id) == nil {
									h, _ := benchWorld{}.Landblock(id)
									t.SetLandblock(id, h)
								}
							}
						}
					}
					s.world.Terrain = t
				}
				runTo(s, 60*s.TickRate())
				ticks := 0
				cpu0 := benchCPU()
				for b.Loop() {
					if s.Tick() >= s.LastTick() {
						b.StopTimer()
						s.Seek(60 * s.TickRate())
						b.StartTimer()
					}
					s.Step()
					ticks++
				}
				cpu := benchCPU() - cpu0
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(ticks*n), "ns/object-tick")
				// The process's CPU over the loop: steadier on a shared machine.
				b.ReportMetric(cpu*1e9/float64(ticks*n), "cpu-ns/object-tick")
			})
		}
	}
}
