// Benchmark of writing state rows (rows/s, target 500 000).

package trace

import (
	"fmt"
	"io"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

// BenchmarkTraceWrite writes state rows as a headless run does (one per
// object per tick) and reports rows per second (target: at least 500 000).
func BenchmarkTraceWrite(b *testing.B) {
	for _, objects := range []int{10, 100} {
		b.Run(fmt.Sprintf("objects=%d", objects), func(b *testing.B) {
			w, err := NewWriter(io.Discard, &Header{TickRate: 30, Reading: "seed", Input: "bench.jsonl"})
			if err != nil {
				b.Fatal(err)
			}
			states := make([]State, objects)
			for i := range states {
				states[i] = State{GUID: 0x80000000 + uint32(i), Cell: 0xA9B4001F,
					Origin: mgl32.Vec3{91.25 + float32(i)/7, 90.125, 0.0625}, Heading: 271.5, Queue: 3, Contact: true}
			}
			b.ReportAllocs()
			tick := 0
			for b.Loop() {
				for i := range states {
					s := &states[i]
					s.Tick = tick
					s.Origin[0] += 0.041666668
					if err := w.WriteState(s); err != nil {
						b.Fatal(err)
					}
				}
				tick++
			}
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(objects)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
