// Benchmarks: the tick driver per object count, seeking in an hour-long
// recording, and loading it. Run with `make bench` (or go test -bench); they
// measure, they never fail on speed.

package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"glidepath/assets"
	"glidepath/engine/eventlog"
	"glidepath/engine/loader"
	"glidepath/engine/recording"
	"glidepath/engine/scenario"
)

// BenchmarkRun is the tick driver in steady state: remotes walking loops
// spread over several landblocks (the scenario package's
// BenchWorldRecording), each sending an update every 0.5 s, no trace, no
// log. objects=N has the observer at the crowd's centre (near: the inner
// objects interpolate, the outer ones of the 1000 are outside the bubble);
// far/objects=N stands it three landblocks away, so every update
// slide-snaps. One op is one tick of every object; it reports ns and
// allocations per object-tick and object-ticks per second. Compare with
// -cpu 1.
func BenchmarkRun(b *testing.B) {
	for _, n := range []int{1, 100, 1000} {
		b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) { benchRun(b, n, scenario.BenchObserverNear) })
	}
	b.Run("far", func(b *testing.B) {
		for _, n := range []int{1, 100, 1000} {
			b.Run(fmt.Sprintf("objects=%d", n), func(b *testing.B) { benchRun(b, n, scenario.BenchObserverFar) })
		}
	})
}

// benchMinutes is how long BenchmarkRun's recording runs: long enough that
// a timed run rarely wraps, short enough to build quickly.
func benchMinutes(objects int) float64 {
	if objects >= 1000 {
		return 4
	}
	return 10
}

func benchRun(b *testing.B, n int, far bool) {
	rec := scenario.BenchWorldRecording(n, benchMinutes(n), 0.5, 1, far)
	s, err := New(rec, Options{Assets: assets.FS(), NoCheckpoints: true})
	if err != nil {
		b.Fatal(err)
	}
	// Warm up: the first minute grows every queue and buffer.
	runTo(s, 60*s.TickRate())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ticks, excluded := 0, uint64(0)
	cpu0 := benchCPU()
	for b.Loop() {
		if s.Tick() >= s.LastTick() {
			// Past the end: go back to minute 1, outside the timing and the
			// allocation count (restoring recreates the interpolation
			// managers tick 0 did not have yet).
			b.StopTimer()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			s.Seek(60 * s.TickRate())
			runtime.ReadMemStats(&m1)
			excluded += m1.Mallocs - m0.Mallocs
			b.StartTimer()
		}
		s.Step()
		ticks++
	}
	cpu := benchCPU() - cpu0
	runtime.ReadMemStats(&after)
	objTicks := float64(ticks * n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/objTicks, "ns/object-tick")
	// The process's CPU time over the loop (every goroutine, the rare
	// seek back included): steadier than the wall clock on a shared
	// machine.
	b.ReportMetric(cpu*1e9/objTicks, "cpu-ns/object-tick")
	b.ReportMetric(objTicks/b.Elapsed().Seconds(), "object-ticks/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs-excluded)/objTicks, "allocs/object-tick")
}

// benchCPU is the user and system CPU seconds of this process.
func benchCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// benchHour is the hour-long recording of 100 objects (≈108 000 ticks,
// ≈720 000 events) the seek and load benchmarks use.
func benchHour() *recording.Recording { return scenario.BenchRecording(100, 60, 0.5, 1) }

// BenchmarkSeek seeks to random ticks of an hour-long, 100-object recording
// after RunAll, with the event log on as the viewer has it. It reports the
// 99th-percentile seek time and the checkpoints' memory.
func BenchmarkSeek(b *testing.B) {
	s, err := New(benchHour(), Options{Assets: assets.FS(), EventLog: true})
	if err != nil {
		b.Fatal(err)
	}
	s.RunAll(nil)
	rng := rand.New(rand.NewPCG(1, 2))
	var times []time.Duration
	for b.Loop() {
		tick := rng.IntN(s.LastTick() + 1)
		start := time.Now()
		s.Seek(tick)
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	p99 := times[min(len(times)-1, len(times)*99/100)]
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(s.Query().CheckpointBytes())/(1<<20), "checkpoint-MiB")
	b.ReportMetric(float64(s.Query().CheckpointInterval()), "interval-ticks")
	b.ReportMetric(float64(s.Query().NumEvents()), "log-events")
	b.ReportMetric(float64(s.Query().NumEvents()*int(unsafe.Sizeof(logEntry{}))+len(s.places)*int(unsafe.Sizeof(eventlog.Place{})))/(1<<20), "log-MiB")
}

// BenchmarkLoad reads the hour-long recording from a file (Load), and
// BenchmarkLoad/new also indexes it for the tick driver (New).
func BenchmarkLoad(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hour.jsonl")
	if err := recording.WriteFile(path, benchHour()); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("read", func(b *testing.B) {
		b.SetBytes(fi.Size())
		for b.Loop() {
			if _, err := loader.Load(path, assets.FS()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read+new", func(b *testing.B) {
		b.SetBytes(fi.Size())
		for b.Loop() {
			rec, err := loader.Load(path, assets.FS())
			if err != nil {
				b.Fatal(err)
			}
			if _, err := New(rec, Options{Assets: assets.FS(), EventLog: true}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
