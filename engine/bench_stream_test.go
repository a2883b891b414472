// Benchmarks of streamed runs: the tick driver fed from a recording.Source
// on a synthetic crowd (scenario.Synth: half the remotes near the observer,
// half in the neighbouring landblocks), per object count. Run with -cpu 1,2
// to see what the split UpdateObjectInternal pass gains on two cores.

package engine

import (
	"fmt"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// BenchmarkStream steps a streamed Sim over a synthetic crowd (one update a
// second each) with the metrics on, as `viewer run -quiet` does. One op is
// one tick of every object; it reports object-ticks per second.
func BenchmarkStream(b *testing.B) {
	for _, n := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) {
			sc, err := scenario.Synth(scenario.SynthOptions{Objects: n, Minutes: 2, Seed: 1}, assets.FS())
			if err != nil {
				b.Fatal(err)
			}
			rec, err := sc.Compile()
			if err != nil {
				b.Fatal(err)
			}
			open := func() *Sim {
				s, err := NewStream(recording.NewSource(rec), Options{Assets: assets.FS(), Metrics: true})
				if err != nil {
					b.Fatal(err)
				}
				runTo(s, 30*s.TickRate()) // warm up: every queue and buffer grown
				return s
			}
			s := open()
			ticks := 0
			for b.Loop() {
				if s.Done() {
					b.StopTimer()
					s = open()
					b.StartTimer()
				}
				s.Step()
				ticks++
			}
			b.ReportMetric(float64(ticks*n)/b.Elapsed().Seconds(), "object-ticks/s")
		})
	}
}
