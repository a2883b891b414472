// Benchmarks: compiling the crowd scenario (200 remotes), and building the
// engine's benchmark recordings.
package scenario

import (
	"fmt"
	"testing"

	"glidepath/assets"
)

// BenchmarkCompile compiles the shipped crowd scenario.
func BenchmarkCompile(b *testing.B) {
	data, err := ReadAsset(assets.FS(), "crowd")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("remotes=200", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Compile("crowd.yaml", data, assets.FS()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkBenchRecording builds the engine's benchmark recordings: 100
// objects, an update every 0.5 s, for 10 and 60 minutes.
func BenchmarkBenchRecording(b *testing.B) {
	for _, minutes := range []float64{10, 60} {
		b.Run(fmt.Sprintf("objects=100/minutes=%g", minutes), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				BenchRecording(100, minutes, 0.5, 1)
			}
		})
	}
}
