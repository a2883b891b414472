package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// BenchmarkViewerRun is the whole `viewer run -quiet` path on the
// independent crowd `viewer synth` writes (1000 remotes, an update a
// second each): reading and decoding the file, delivering, ticking and the
// metrics, in one op. It reports ns per object-tick of wall time and of
// the process's CPU time (user + system, every goroutine). `make pgo`
// profiles it beside the engine's BenchmarkRun. GLIDEPATH_BENCH_MINUTES
// sets the input's length (default 2).
func BenchmarkViewerRun(b *testing.B) {
	minutes := 2.0
	if s := os.Getenv("GLIDEPATH_BENCH_MINUTES"); s != "" {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v > 0) {
			b.Fatalf("GLIDEPATH_BENCH_MINUTES=%q: want a positive number", s)
		}
		minutes = v
	}
	const objects = 1000
	in := filepath.Join(b.TempDir(), "crowd.jsonl")
	if code := run([]string{"synth", "-objects", strconv.Itoa(objects), "-minutes", fmt.Sprint(minutes), "-o", in}, io.Discard, os.Stderr); code != 0 {
		b.Fatalf("synth: exit %d", code)
	}
	// The run's ticks, as its own summary counts them.
	var out bytes.Buffer
	if code := run([]string{"run", "-json", in}, &out, os.Stderr); code != 0 {
		b.Fatalf("run -json: exit %d", code)
	}
	var sum struct{ Ticks int }
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil || sum.Ticks == 0 {
		b.Fatalf("run -json: ticks not read (%v)", err)
	}
	objTicks := float64(objects) * float64(sum.Ticks)
	cpu0 := processCPU()
	for b.Loop() {
		if code := run([]string{"run", "-quiet", in}, io.Discard, os.Stderr); code != 0 {
			b.Fatalf("run: exit %d", code)
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n/objTicks, "ns/object-tick")
	b.ReportMetric((processCPU()-cpu0)*1e9/n/objTicks, "cpu-ns/object-tick")
}

// processCPU is the user and system CPU seconds of this process.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
