// A synthetic busy scene and the builder-only benchmark.

package render

import (
	"image/color"
	"math"
	"runtime"
	"strconv"
	"testing"

	"glidepath/ui/camera"
	"glidepath/ui/draw"
)

// lbA9B4 is landblock 0xA9B4's south-west corner in global metres.
var lbA9B4 = draw.Vec3{0xA9 * 192, 0xB4 * 192, 0}

var vp1280 = camera.Viewport{W: 1280, H: 800}

// hills is a smooth synthetic heightfield over 2×2 landblocks.
func hills(x, y float64) float64 {
	u, v := (x-lbA9B4[0])/384, (y-lbA9B4[1])/384
	return 12*math.Sin(u*2*math.Pi)*math.Cos(v*3*math.Pi) + 6*u
}

func hillTerrain(tb testing.TB) *Terrain {
	tb.Helper()
	t, err := NewTerrain(TerrainSpec{
		MinX: lbA9B4[0], MinY: lbA9B4[1], MaxX: lbA9B4[0] + 384, MaxY: lbA9B4[1] + 384,
		Height: hills,
		Indoor: func(x, y float64) bool { return x > lbA9B4[0]+300 && y > lbA9B4[1]+300 },
		Cylinders: []Cylinder{
			{Base: lbA9B4.Add(draw.Vec3{100, 100, hills(lbA9B4[0]+100, lbA9B4[1]+100)}), Radius: 3, Height: 8},
		},
		Boxes: []Box{{Min: lbA9B4.Add(draw.Vec3{200, 150, 0}), Max: lbA9B4.Add(draw.Vec3{212, 160, 20})}},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// syntheticScene is what a busy frame of the viewer will draw: per body a
// trail, a queue path with numbered waypoints, a ghost, vectors and a stall
// ring; rings around the observer; labels for the first 50 bodies.
type syntheticScene struct {
	bodies   []draw.Body
	ghosts   []draw.Body
	trails   [][]draw.Vec3
	queues   [][]draw.Vec3
	names    []string
	numbers  []string
	observer draw.Vec3
}

const trailPoints = 60

func newSyntheticScene(n int, t *Terrain) *syntheticScene {
	s := &syntheticScene{observer: lbA9B4.Add(draw.Vec3{192, 192, 0})}
	s.observer[2] = t.HeightAt(s.observer[0], s.observer[1])
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		rad := 40 + 140*float64(i%7)/7
		x, y := s.observer[0]+rad*math.Cos(a), s.observer[1]+rad*math.Sin(a)
		pos := draw.Vec3{x, y, t.HeightAt(x, y)}
		col := color.RGBA{uint8(80 + i*37%170), uint8(90 + i*61%160), uint8(200 - i*17%120), 255}
		s.bodies = append(s.bodies, draw.Body{
			ID: uint32(i + 1), Pos: pos, Radius: 0.6, Height: 1.8, Heading: float64(i * 13 % 360),
			Color: col, Airborne: i%10 == 0, Shape: draw.BodyShape(i % 2),
		})
		if i%10 == 0 {
			s.bodies[i].Pos[2] += 1.5
		}
		ghost := s.bodies[i]
		ghost.ID = 0
		ghost.Pos = ghost.Pos.Add(draw.Vec3{0.8, 0.4, 0})
		ghost.Color = draw.Fade(color.RGBA{255, 255, 255, 255}, 0.3)
		s.ghosts = append(s.ghosts, ghost)
		trail := make([]draw.Vec3, trailPoints)
		for k := range trail {
			f := float64(trailPoints-k) * 0.6
			tx, ty := x-f*math.Sin(a), y+f*math.Cos(a)
			trail[k] = draw.Vec3{tx, ty, t.HeightAt(tx, ty)}
		}
		s.trails = append(s.trails, trail)
		queue := make([]draw.Vec3, 5)
		for k := range queue {
			qx, qy := x+float64(k+1)*2*math.Sin(a), y-float64(k+1)*2*math.Cos(a)
			queue[k] = draw.Vec3{qx, qy, t.HeightAt(qx, qy)}
		}
		s.queues = append(s.queues, queue)
		s.names = append(s.names, "remote "+strconv.Itoa(i+1))
	}
	for k := range 5 {
		s.numbers = append(s.numbers, strconv.Itoa(k+1))
	}
	return s
}

// draw issues the scene's primitives through the Canvas interface, as the
// overlays will.
func (s *syntheticScene) draw(c draw.Canvas) {
	white := color.RGBA{255, 255, 255, 255}
	for _, r := range []float64{20, 96, 100} {
		c.Circle(s.observer, r, draw.Stroke{Width: 1.5, Color: color.RGBA{220, 220, 90, 200}, Layer: draw.Ground})
	}
	c.Marker(s.observer, draw.Marker{Shape: draw.Diamond, Radius: 8, Color: color.RGBA{255, 210, 60, 255}})
	for i := range s.bodies {
		c.Polyline(s.trails[i], draw.Stroke{Width: 2, Color: s.bodies[i].Color, Fade: 1, Layer: draw.Ground})
		c.Body(s.ghosts[i])
		c.Body(s.bodies[i])
		path := s.queues[i]
		c.Line(s.bodies[i].Pos, path[0], draw.Stroke{Width: 2, Color: color.RGBA{0, 200, 255, 255}})
		c.Polyline(path, draw.Stroke{Width: 2, Color: color.RGBA{0, 200, 255, 255}})
		for k, p := range path {
			m := draw.Marker{Shape: draw.Dot, Radius: 3.5, Color: color.RGBA{0, 200, 255, 255}}
			if k == 0 {
				m.Shape, m.Radius = draw.Diamond, 6
			}
			c.Marker(p, m)
		}
		top := s.bodies[i].Pos.Add(draw.Vec3{0, 0, 1.8})
		c.Arrow(top, top.Add(draw.Vec3{1.5, 0.5, 0}), draw.Stroke{Width: 2, Color: color.RGBA{255, 90, 60, 255}})
		c.Arrow(top, top.Add(draw.Vec3{-0.5, 1.2, 0}), draw.Stroke{Width: 2, Color: color.RGBA{90, 255, 120, 255}})
		c.Marker(top, draw.Marker{Shape: draw.Arc, Radius: 10, Color: color.RGBA{255, 160, 0, 255}, Progress: float32(i%10) / 10})
		if i < 50 {
			c.Text(top, s.names[i], white)
			for k, p := range path {
				c.Text(p, s.numbers[k], white)
			}
		}
	}
}

func perspectiveView(target draw.Vec3) camera.View {
	cam := camera.New(target)
	cam.SetMode(camera.Perspective)
	cam.Span = 420
	cam.Yaw = 30
	return cam.View(vp1280)
}

// BenchmarkBuildSyntheticFrame builds a frame of synthetic shapes shaped like
// a busy viewer frame, to measure the builder alone (the viewer's real frame
// is BenchmarkBuildFrame in ui/overlay).
func BenchmarkBuildSyntheticFrame(b *testing.B) {
	t := hillTerrain(b)
	for _, n := range []int{1, 30, 300} {
		b.Run("objects="+strconv.Itoa(n), func(b *testing.B) {
			s := newSyntheticScene(n, t)
			bl, err := NewBuilder()
			if err != nil {
				b.Fatal(err)
			}
			v := perspectiveView(s.observer)
			var c draw.Canvas = bl
			build := func() {
				bl.Begin(v, t)
				s.draw(c)
				bl.End()
			}
			build() // warm the buffers and the label width cache
			b.ReportAllocs()
			// Building runs on one goroutine; pin it to its thread so the
			// thread's CPU time is the frame's CPU cost even when other
			// processes share the machine.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0, cpuOK := threadCPU()
			frames := 0
			for b.Loop() {
				build()
				frames++
			}
			if cpu1, ok := threadCPU(); ok && cpuOK && frames > 0 {
				b.ReportMetric(float64(cpu1-cpu0)/float64(frames)/1e6, "cpu-ms/frame")
			}
			var verts int
			for _, bt := range bl.Batches() {
				verts += len(bt.Vertices)
			}
			b.ReportMetric(float64(verts), "vertices")
		})
	}
}
