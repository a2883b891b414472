// Benchmarks: compiling the crowd scenario (200 remotes), and building the
// engine's benchmark recordings; with tests of those recordings' size.

package scenario

import (
	"fmt"
	"io"
	"math"
	"testing"

	"glidepath/assets"
	"glidepath/engine/recording"
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

// TestBenchRecording_Size checks the benchmark recording has the updates its
// arguments ask for — 100 objects × 1200 updates in 10 minutes at 0.5 s,
// less the few still in flight at the end — no truth, and writes cleanly.
func TestBenchRecording_Size(t *testing.T) {
	rec := BenchRecording(100, 10, 0.5, 1)
	kinds := map[recording.Kind]int{}
	for _, ev := range rec.Events {
		kinds[ev.Kind]++
	}
	if n := kinds[recording.KindPosition]; n < 100*1200-100 || n > 100*1200 {
		t.Errorf("%d updates, want about 120000", n)
	}
	if kinds[recording.KindTruth] != 0 || len(rec.Header.Entities) != 100 {
		t.Errorf("%d truth events and %d objects; want none and 100", kinds[recording.KindTruth], len(rec.Header.Entities))
	}
	if testing.Short() {
		return
	}
	if err := recording.Write(rec.Name, io.Discard, rec); err != nil {
		t.Fatal(err)
	}
	// Every object stays within the 96 m bubble of the observer.
	for _, e := range rec.Header.Entities {
		if d := rec.Header.Observer.Distance(&e.Pos); d > 96 {
			t.Errorf("object 0x%08X starts %.0f m from the observer", e.GUID, d)
		}
	}
}

// TestBenchRecording_ClampsArguments checks out-of-range arguments give a
// small valid recording, not a panic.
func TestBenchRecording_ClampsArguments(t *testing.T) {
	rec := BenchRecording(-5, math.NaN(), -1, 0)
	if len(rec.Header.Entities) != 1 {
		t.Errorf("%d objects, want 1", len(rec.Header.Entities))
	}
	if err := recording.Write(rec.Name, io.Discard, rec); err != nil {
		t.Fatal(err)
	}
}
